// The Scenario dock on its own (ScenarioDock over a ScenarioDocument, no window): its Edit menu
// entries and what each does to the scenario (one undo step each, refusals reported and nothing
// changed), the queries table and the selected query following each other, the variance note,
// the messages it passes on for the status bar, and Title and Notes….
#include "Entmax.h"
#include "ScenarioIo.h"
#include "document/ScenarioDocument.h"
#include "panels/ControlPanel.h"
#include "panels/ScenarioDock.h"
#include "tables/KeysTableModel.h"
#include "tables/QueriesTableModel.h"
#include "tables/VariancesTableModel.h"
#include "widgets/NumberDelegate.h"
#include "widgets/NumberLineEdit.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QTableView>
#include <QStyle>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <functional>
#include <limits>

using namespace sml;

namespace {

/// The action called `text` in `menu` or its submenus.
QAction *findAction(const QMenu *menu, const QString &text)
{
    for (QAction *a : menu->actions()) {
        if (a->text() == text)
            return a;
        if (a->menu())
            if (QAction *inner = findAction(a->menu(), text))
                return inner;
    }
    return nullptr;
}

/// Runs `fill` on the next dialog that opens, then accepts or rejects it.
void answerNextDialog(std::function<void(QDialog &)> fill, bool accept)
{
    QTimer::singleShot(0, [fill = std::move(fill), accept] {
        for (QWidget *w : QApplication::topLevelWidgets())
            if (auto *dialog = qobject_cast<QDialog *>(w); dialog && dialog->isVisible()) {
                fill(*dialog);
                accept ? dialog->accept() : dialog->reject();
                return;
            }
        QFAIL("no dialog open");
    });
}

} // namespace

class TestScenarioDock : public QObject
{
    Q_OBJECT

private slots:
    void isTheScenarioDock()
    {
        ScenarioDocument document;
        ScenarioDock dock(&document);
        QCOMPARE(dock.objectName(), QStringLiteral("scenarioDock"));
        QCOMPARE(dock.windowTitle(), QStringLiteral("Scenario"));
        QCOMPARE(dock.features(), QDockWidget::DockWidgetMovable |
                                      QDockWidget::DockWidgetFloatable |
                                      QDockWidget::DockWidgetClosable);
        QVERIFY(dock.isAncestorOf(dock.controlPanel()));
        QCOMPARE(dock.queriesTable()->model(), dock.queriesModel());
        QCOMPARE(dock.keysTable()->model(), dock.keysModel());
        QCOMPARE(dock.variancesTable()->model(), dock.variancesModel());
        QCOMPARE(dock.queriesModel()->rowCount(), 1);
        QCOMPARE(dock.keysModel()->rowCount(), 3);
    }

    void editMenuEntries()
    {
        ScenarioDocument document;
        ScenarioDock dock(&document);
        QMenu edit;
        dock.addEditActions(&edit);
        QStringList texts;
        for (const QAction *a : edit.actions())
            texts << (a->isSeparator() ? QStringLiteral("---") : a->text());
        QCOMPARE(texts, (QStringList{"Add query", "Remove query", "Add key", "Remove key",
                                     "Dimensions", "---", "Title and &Notes…", "&Move"}));
        const QMenu *move = edit.actions().last()->menu();
        QVERIFY(move);
        QCOMPARE(move->objectName(), QStringLiteral("moveMenu"));
        QStringList names;
        for (const QAction *a : move->actions())
            names << a->objectName();
        QCOMPARE(names, (QStringList{"moveQueryUpAction", "moveQueryDownAction", "moveKeyUpAction",
                                     "moveKeyDownAction"}));
    }

    void everyEditIsOneUndoStep()
    {
        ScenarioDocument document;
        ScenarioDock dock(&document);
        QMenu edit;
        dock.addEditActions(&edit);
        QSignalSpy messages(&dock, &ScenarioDock::message);
        QUndoStack *undo = document.undoStack();
        auto run = [&](const char *text) {
            QAction *a = findAction(&edit, QString::fromUtf8(text));
            QVERIFY2(a, text);
            a->trigger();
        };

        run("Add query");
        QCOMPARE(document.scenario().m(), 2);
        QCOMPARE(document.selectedQuery(), 1); // the new query is selected
        QCOMPARE(undo->count(), 1);
        run("+ d_k");
        QCOMPARE(document.scenario().dK(), 3);
        QCOMPARE(document.scenario().keys.cols(), 3);
        run("− d_v");
        QCOMPARE(document.scenario().dV(), 1);
        run("+ d_v");
        QCOMPARE(document.scenario().dV(), 2);
        run("− d_k");
        QCOMPARE(document.scenario().dK(), 2);
        QCOMPARE(undo->count(), 5);
        QCOMPARE(messages.count(), 0);

        // Remove key: the key of the current row, or the last key when there is none.
        run("Remove key");
        QCOMPARE(document.scenario().keyLabels,
                 (QStringList{QStringLiteral("k1"), QStringLiteral("k2")}));
        dock.keysTable()->setCurrentIndex(dock.keysModel()->index(0, 0));
        run("Remove key");
        QCOMPARE(document.scenario().keyLabels, QStringList{QStringLiteral("k2")});
        run("Add key");
        QCOMPARE(document.scenario().T(), 2);
        QCOMPARE(undo->count(), 8);

        // Remove query: the selected one; the last query cannot go.
        document.setSelectedQuery(0);
        run("Remove query");
        QCOMPARE(document.scenario().m(), 1);
        QCOMPARE(document.scenario().queryLabels.size(), 1);
        QVERIFY(document.scenario().queryLabels.first() != QLatin1String("q"));
        QCOMPARE(undo->count(), 9);
        run("Remove query");
        QCOMPARE(document.scenario().m(), 1);
        QCOMPARE(undo->count(), 9);
        QCOMPARE(messages.count(), 1);
        QCOMPARE(messages.last().at(0).toString(),
                 QStringLiteral("A scenario needs at least one query."));
        run("− d_v"); // d_v = 2 → 1
        run("− d_v"); // refused at d_v = 1
        QCOMPARE(document.scenario().dV(), 1);
        QCOMPARE(undo->count(), 10);
        QCOMPARE(messages.count(), 2);
        QCOMPARE(messages.last().at(0).toString(),
                 QStringLiteral("Values need at least one dimension."));

        // All of it undoes back to the default scenario.
        while (undo->canUndo())
            undo->undo();
        QVERIFY(document.scenario() == defaultScenario());
    }

    // The normalizer control (MATH.md §7.2): the sparsemax preset gives the weights of core's
    // entmax, with k3 exactly 0 on the default figure (worked example F); one slider drag is one
    // undo step; undo gives back the softmax.
    void normalizerControl()
    {
        ScenarioDocument document;
        ScenarioDock dock(&document);
        ControlPanel *panel = dock.controlPanel();
        QUndoStack *undo = document.undoStack();
        QComboBox *combo = panel->normalizerCombo();
        QCOMPARE(combo->currentText(), QStringLiteral("softmax (α = 1)"));
        QCOMPARE(panel->alphaSpin()->value(), 1.0);
        const Eigen::VectorXd softmax = document.analysis().attention().weights.row(0).transpose();
        QVERIFY((softmax.array() > 0).all());

        combo->setCurrentIndex(2);
        emit combo->activated(2);
        QVERIFY(document.scenario().normalizer == NormalizerKind::Entmax);
        QCOMPARE(document.scenario().entmaxAlpha, 2.0);
        QCOMPARE(undo->count(), 1);
        QCOMPARE(undo->undoText(), QStringLiteral("Set normalizer to sparsemax (α = 2)"));
        const AttentionResult &a = document.analysis().attention();
        const Eigen::VectorXd scores = a.similarities.row(0).transpose() / a.tau;
        const EntmaxRow expected = entmax(scores, 2.0);
        const Eigen::VectorXd w = a.weights.row(0).transpose();
        QCOMPARE(expected.support, (std::vector<int>{0, 1}));
        for (int t = 0; t < 3; ++t) {
            QCOMPARE(w(t) == 0, expected.weights(t) == 0);
            QVERIFY(std::abs(w(t) - expected.weights(t)) <= 1e-15);
        }
        QCOMPARE(w(2), 0.0); // worked example F: p = (½ + 1/(4√2), ½ − 1/(4√2), 0)
        QVERIFY(std::abs(w(0) - (0.5 + 1 / (4 * std::sqrt(2.0)))) < 1e-15);
        QCOMPARE(panel->alphaSpin()->value(), 2.0);
        QCOMPARE(panel->alphaSlider()->value(), ControlPanel::alphaToSlider(2));

        // A slider drag is one undo step, named by its last α.
        QSlider *slider = panel->alphaSlider();
        slider->setSliderDown(true);
        for (int position : {120, 150, 170})
            slider->setValue(position);
        slider->setSliderDown(false);
        QCOMPARE(undo->count(), 2);
        QCOMPARE(document.scenario().entmaxAlpha, ControlPanel::sliderToAlpha(170));
        QCOMPARE(undo->undoText(), QStringLiteral("Set normalizer to α-entmax, α = 2.7"));
        QCOMPARE(combo->currentText(), QStringLiteral("α-entmax, α = 2.7"));

        // The spin box sets α too; out-of-range α is refused by the document.
        panel->alphaSpin()->setValue(1.5);
        QCOMPARE(document.scenario().entmaxAlpha, 1.5);
        QCOMPARE(combo->currentText(), QStringLiteral("1.5-entmax"));
        QVERIFY(document.setNormalizer(NormalizerKind::Entmax, 4.5).has_value());
        QVERIFY(document.setNormalizer(NormalizerKind::Entmax, 0.5).has_value());
        QCOMPARE(undo->count(), 3);

        // Back to the softmax keeps α for later; undo all the way gives the softmax weights.
        emit combo->activated(0);
        QVERIFY(document.scenario().normalizer == NormalizerKind::Softmax);
        QCOMPARE(document.scenario().entmaxAlpha, 1.5);
        QCOMPARE(undo->undoText(), QStringLiteral("Set normalizer to softmax"));
        while (undo->canUndo())
            undo->undo();
        QVERIFY(document.scenario().normalizer == NormalizerKind::Softmax);
        QCOMPARE(combo->currentText(), QStringLiteral("softmax (α = 1)"));
        const Eigen::VectorXd back = document.analysis().attention().weights.row(0).transpose();
        QCOMPARE(back, softmax);
    }

    void narrowNumberFieldsShowTheirLeadingDigits()
    {
        // Issue 14 item 10: a τ field narrower than its text read "3437", the tail of the
        // number. The start of the text (the leading digits) is what a field shows.
        ScenarioDocument document;
        ScenarioDock dock(&document);
        ControlPanel *panel = dock.controlPanel();
        panel->tauEdit()->setFixedWidth(40);
        QVERIFY(!document.setTemperature(TemperatureMode::Fixed, 1.0883437));
        QCOMPARE(panel->tauEdit()->text(), QStringLiteral("1.08834"));
        QCOMPARE(panel->tauEdit()->cursorPosition(), 0);
        QVERIFY(!document.setMaxEntTarget(0, 0.123456789));
        QCOMPARE(panel->targetEdit()->cursorPosition(), 0);
    }

    void panelFieldsShowTheirDigitsWhole()
    {
        // At 1280×800 the τ field beside "τ = √d_k = √2" read "1.4142" of "1.41421"; a τ
        // dragged low ("0.0634521") and a negative μ ("-0.0123457") need their ten characters.
        ScenarioDocument document;
        QVERIFY(!document.setTemperature(TemperatureMode::Fixed, 0.0634521));
        QVERIFY(!document.setMaxEntTarget(0, 0.0123457));
        QVERIFY(!document.setSigma0Squared(12.3457));
        ScenarioDock dock(&document);
        dock.resize(dock.minimumSizeHint().width(), 900);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        ControlPanel *panel = dock.controlPanel();
        QCOMPARE(panel->tauEdit()->text(), QStringLiteral("0.0634521"));
        QCOMPARE(panel->sigma0Edit()->text(), QStringLiteral("12.3457"));
        for (NumberLineEdit *field : {panel->tauEdit(), panel->sigma0Edit(), panel->targetEdit()}) {
            // The room inside the frame and QLineEdit's 2 px text margin on each side.
            const int frame = field->style()->pixelMetric(QStyle::PM_DefaultFrameWidth);
            const int room = field->contentsRect().width() - 2 * frame - 4;
            const int text = field->fontMetrics().horizontalAdvance(QStringLiteral("-0.0123457"));
            QVERIFY2(text <= room, qPrintable(QStringLiteral("%1: %2 px of text in %3 px")
                                                  .arg(field->toolTip())
                                                  .arg(text)
                                                  .arg(room)));
        }
    }

    void feasibleIntervalIsClosedWithEntmax()
    {
        // MATH.md §7.3: with α > 1 the ends of [min f, max f] are feasible targets.
        ScenarioDocument document;
        ScenarioDock dock(&document);
        ControlPanel *panel = dock.controlPanel();
        QVERIFY(panel->feasibleLabel()->text().contains(QStringLiteral("-1 < μ < 1")));
        QVERIFY(!document.setNormalizer(NormalizerKind::Entmax, 2.0));
        QVERIFY2(panel->feasibleLabel()->text().contains(QStringLiteral("-1 ≤ μ ≤ 1")),
                 qPrintable(panel->feasibleLabel()->text()));
    }

    void feasibleNoteGetsTheHeightOfItsLines()
    {
        // A reader's find at 1280×800: the feasible interval wrapped to two lines in the
        // narrow dock while the note kept the height of one, and its second line was cut.
        ScenarioDocument document;
        QVERIFY(!document.setCell(CellTable::Query, 0, 0, 0.123456));
        QVERIFY(!document.setCell(CellTable::Query, 0, 1, -0.987654));
        ScenarioDock dock(&document);
        dock.resize(300, 640);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        QLabel *note = dock.controlPanel()->feasibleLabel();
        QVERIFY(note->isVisible());
        QApplication::processEvents();
        const int need = note->heightForWidth(note->width());
        QVERIFY2(need > note->fontMetrics().height() * 3 / 2,
                 qPrintable(QStringLiteral("not wrapped at %1 px: %2")
                                .arg(note->width()).arg(note->text())));
        QVERIFY2(note->height() >= need,
                 qPrintable(QStringLiteral("%1 px for %2 px of text").arg(note->height()).arg(need)));
    }

    void refusedFieldPutsBackItsValue()
    {
        // A reader typed "x" in σ0², pressed Enter (refused, red), then Esc and Tab: the field
        // kept the red "x". Esc puts the value back; so does leaving a refused field.
        ScenarioDocument document;
        ScenarioDock dock(&document);
        dock.show();
        QVERIFY(QTest::qWaitForWindowActive(&dock));
        NumberLineEdit *sigma0 = dock.controlPanel()->sigma0Edit();
        const QString shown = sigma0->text();
        QCOMPARE(shown, QStringLiteral("1"));
        const auto refused = [sigma0] { return NumberDelegate::isRefused(sigma0); };
        for (const Qt::Key leave : {Qt::Key_Escape, Qt::Key_Tab}) {
            sigma0->setFocus(Qt::OtherFocusReason);
            sigma0->selectAll();
            QTest::keyClicks(sigma0, QStringLiteral("x"));
            QTest::keyClick(sigma0, Qt::Key_Return);
            QVERIFY(refused());
            QCOMPARE(sigma0->text(), QStringLiteral("x"));
            QTest::keyClick(sigma0, leave);
            QCOMPARE(sigma0->text(), shown);
            QVERIFY(!refused());
        }
        // Esc on typing not yet committed puts the value back too; nothing was edited.
        sigma0->setFocus(Qt::OtherFocusReason);
        sigma0->selectAll();
        QTest::keyClicks(sigma0, QStringLiteral("2.5"));
        QTest::keyClick(sigma0, Qt::Key_Escape);
        QCOMPARE(sigma0->text(), shown);
        QCOMPARE(document.undoStack()->count(), 0);
        QCOMPARE(document.scenario().sigma0Squared, 1.0);
        // A change from elsewhere while typing: Esc puts back the value as it is now.
        sigma0->setFocus(Qt::OtherFocusReason);
        sigma0->selectAll();
        QTest::keyClicks(sigma0, QStringLiteral("2.5"));
        QVERIFY(!document.setSigma0Squared(3.0));
        QCOMPARE(sigma0->text(), QStringLiteral("2.5")); // the typing wins until it ends
        QTest::keyClick(sigma0, Qt::Key_Escape);
        QCOMPARE(sigma0->text(), QStringLiteral("3"));
    }

    void movingStopsAtTheEnds()
    {
        ScenarioDocument document;
        ScenarioDock dock(&document);
        QMenu edit;
        dock.addEditActions(&edit);
        auto *keyUp = findAction(&edit, QStringLiteral("Key ↑"));
        auto *keyDown = findAction(&edit, QStringLiteral("Key ↓"));
        auto *queryDown = findAction(&edit, QStringLiteral("Query ↓"));
        QVERIFY(keyUp && keyDown && queryDown);
        queryDown->trigger(); // one query: nowhere to go
        dock.keysTable()->setCurrentIndex(dock.keysModel()->index(0, 1));
        keyUp->trigger(); // already first
        QCOMPARE(document.undoStack()->count(), 0);
        keyDown->trigger();
        QCOMPARE(document.scenario().keyLabels,
                 (QStringList{QStringLiteral("k2"), QStringLiteral("k1"), QStringLiteral("k3")}));
        // The current cell follows the key, in the same column.
        QCOMPARE(dock.keysTable()->currentIndex().row(), 1);
        QCOMPARE(dock.keysTable()->currentIndex().column(), 1);
        keyDown->trigger();
        keyDown->trigger(); // now last
        QCOMPARE(document.scenario().keyLabels,
                 (QStringList{QStringLiteral("k2"), QStringLiteral("k3"), QStringLiteral("k1")}));
        QCOMPARE(document.undoStack()->count(), 2);
    }

    void queriesTableFollowsTheSelectedQuery()
    {
        ScenarioDocument document;
        Scenario s = defaultScenario();
        s.queries.resize(3, 2);
        s.queries << 1, 0, 0, 1, 1, 1;
        s.queryLabels = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
        s.normalizeSideArrays();
        QVERIFY(!document.resetTo(s));
        ScenarioDock dock(&document);
        document.setSelectedQuery(2);
        QCOMPARE(dock.queriesTable()->currentIndex().row(), 2);
        dock.queriesTable()->setCurrentIndex(dock.queriesModel()->index(1, 1));
        QCOMPARE(document.selectedQuery(), 1);
        // After a reset of the model (a load) the current row is the document's selection.
        QVERIFY(!document.resetTo(s));
        QCOMPARE(dock.queriesTable()->currentIndex().row(), document.selectedQuery());
    }

    void varianceNoteSaysLinkedOrFree()
    {
        ScenarioDocument document;
        ScenarioDock dock(&document);
        auto *note = dock.variancesTable()->parentWidget()->findChild<QLabel *>();
        QVERIFY(note);
        QVERIFY2(note->text().startsWith(QStringLiteral("Linked: σ²_it = σ0² · exp(−s_it)")),
                 qPrintable(note->text()));
        QVERIFY(!document.setVarianceMode(VarianceMode::Free));
        QVERIFY2(note->text().startsWith(QStringLiteral("Free: type any σ² > 0")),
                 qPrintable(note->text()));
        document.undoStack()->undo();
        QVERIFY(note->text().startsWith(QLatin1String("Linked:")));
    }

    void passesOnTheMessagesOfItsParts()
    {
        ScenarioDocument document;
        ScenarioDock dock(&document);
        QSignalSpy messages(&dock, &ScenarioDock::message);
        emit dock.numberDelegate()->refused(QStringLiteral("from the delegate"));
        emit dock.keysModel()->editRefused(QStringLiteral("from the keys"));
        emit dock.controlPanel()->message(QStringLiteral("from the settings"));
        QCOMPARE(messages.count(), 3);
        QCOMPARE(messages[0].at(0).toString(), QStringLiteral("from the delegate"));
        QCOMPARE(messages[1].at(0).toString(), QStringLiteral("from the keys"));
        QCOMPARE(messages[2].at(0).toString(), QStringLiteral("from the settings"));
        // A real refusal of a cell: a key entry that is not finite.
        QVERIFY(!dock.keysModel()->setData(dock.keysModel()->index(0, 1),
                                           std::numeric_limits<double>::infinity(), Qt::EditRole));
        QCOMPARE(messages.count(), 4);
        QVERIFY(document.scenario() == defaultScenario());
    }

    void titleAndNotes()
    {
        ScenarioDocument document;
        Scenario s = defaultScenario();
        s.description.reset();
        QVERIFY(!document.resetTo(s));
        ScenarioDock dock(&document);

        // Cancel changes nothing.
        answerNextDialog(
            [](QDialog &d) { d.findChild<QLineEdit *>()->setText(QStringLiteral("ignored")); },
            false);
        dock.editTitleAndNotes();
        QCOMPARE(document.scenario().title, s.title);
        QCOMPARE(document.undoStack()->count(), 0);

        // Empty notes stay absent when there were none.
        answerNextDialog(
            [](QDialog &d) {
                QCOMPARE(d.windowTitle(), QStringLiteral("Title and notes"));
                d.findChild<QLineEdit *>()->setText(QStringLiteral("Renamed"));
            },
            true);
        dock.editTitleAndNotes();
        QCOMPARE(document.scenario().title, QStringLiteral("Renamed"));
        QVERIFY(!document.scenario().description.has_value());
        QCOMPARE(document.undoStack()->count(), 1);

        // Title and notes together are one undo step.
        answerNextDialog(
            [](QDialog &d) {
                QCOMPARE(d.findChild<QLineEdit *>()->text(), QStringLiteral("Renamed"));
                d.findChild<QLineEdit *>()->setText(QStringLiteral("With notes"));
                d.findChild<QPlainTextEdit *>()->setPlainText(QStringLiteral("Line 1\nLine 2"));
            },
            true);
        dock.editTitleAndNotes();
        QCOMPARE(document.scenario().title, QStringLiteral("With notes"));
        QCOMPARE(document.scenario().description,
                 std::optional<QString>(QStringLiteral("Line 1\nLine 2")));
        QCOMPARE(document.undoStack()->count(), 2);
        document.undoStack()->undo();
        QCOMPARE(document.scenario().title, QStringLiteral("Renamed"));
        QVERIFY(!document.scenario().description.has_value());
    }
};

QTEST_MAIN(TestScenarioDock)
#include "tst_scenariodock.moc"
