// The Scenario dock on its own (ScenarioDock over a ScenarioDocument, no window): its Edit menu
// entries and what each does to the scenario (one undo step each, refusals reported and nothing
// changed), the queries table and the selected query following each other, the variance note,
// the messages it passes on for the status bar, and Title and Notes….
#include "ScenarioIo.h"
#include "document/ScenarioDocument.h"
#include "panels/ControlPanel.h"
#include "panels/ScenarioDock.h"
#include "tables/KeysTableModel.h"
#include "tables/QueriesTableModel.h"
#include "tables/VariancesTableModel.h"
#include "widgets/NumberDelegate.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTableView>
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
