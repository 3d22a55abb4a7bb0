// What a teacher meets while preparing a lecture (issue 14, item 11), with real key and mouse
// events: File ▸ New ▸ Empty scenario (Ctrl+N) and ▸ Built-in figure, Save As on Ctrl+Shift+S,
// the title and notes as fields of the Scenario panel (one undo step each), Play that leaves
// the docks as they are, the MLE start square that never hides a value point, and the legend
// symbol of the attention output drawn whole.
#include "document/ScenarioDocument.h"
#include "panels/ScenarioDock.h"
#include "panels/ValueSpacePanel.h"
#include "plots/mle/MleAnimation.h"
#include "plots/mle/ValueSpaceView.h"
#include "style/PlotStyle.h"
#include "widgets/AnimationControls.h"
#include "widgets/CommitTextEdit.h"
#include "window/MainWindow.h"

#include <qcustomplot.h>

#include <QDockWidget>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QUndoStack>

using namespace sml;

namespace {

/// How far two colours are apart (largest channel difference).
int distance(QColor a, QColor b)
{
    return std::max({std::abs(a.red() - b.red()), std::abs(a.green() - b.green()),
                     std::abs(a.blue() - b.blue())});
}

} // namespace

class TestLectureEdits : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }
    void ctrlNOpensAnEmptyScenario();
    void builtInFigureIsTheOtherNew();
    void ctrlShiftSIsSaveAs();
    void titleFieldIsOneUndoStep();
    void notesFieldIsOneUndoStep();
    void playLeavesTheDocksAlone();
    void startSquareNeverHidesAValuePoint();
    void outputLegendSymbolIsAWholeRing();
};

void TestLectureEdits::ctrlNOpensAnEmptyScenario()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.activateWindow();
    QVERIFY(!w.document()->setMask(MaskKind::Causal));
    w.setSavePrompt([](const QString &) { return QMessageBox::Discard; });
    QTest::keyClick(&w, Qt::Key_N, Qt::ControlModifier);
    const Scenario &s = w.document()->scenario();
    QCOMPARE(s.m(), 1);
    QCOMPARE(s.T(), 2);
    QVERIFY(s.title.isEmpty());
    QVERIFY(!s.description.has_value());
    QCOMPARE(s.keys(0, 0), 1.0);
    QCOMPARE(s.keys(1, 1), 1.0);
    QVERIFY(w.document()->filePath().isEmpty()); // untitled: Save asks for a name
    QVERIFY(!w.document()->isModified());
    QCOMPARE(w.document()->undoStack()->count(), 0);
}

void TestLectureEdits::builtInFigureIsTheOtherNew()
{
    MainWindow w;
    w.setSavePrompt([](const QString &) { return QMessageBox::Discard; });
    QVERIFY(!w.document()->setMask(MaskKind::Causal));
    auto *figure = w.findChild<QAction *>(QStringLiteral("newFigureAction"));
    QVERIFY(figure);
    figure->trigger();
    QVERIFY(w.document()->scenario() == defaultScenario());
    QVERIFY(w.document()->filePath().isEmpty());
}

void TestLectureEdits::ctrlShiftSIsSaveAs()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.activateWindow();
    int asked = 0;
    w.setFileNamePrompt([&](MainWindow::FileDialogKind kind) {
        asked += kind == MainWindow::FileDialogKind::SaveAs;
        return QString(); // cancel
    });
    QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(asked, 1);
}

void TestLectureEdits::titleFieldIsOneUndoStep()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QLineEdit *title = w.scenarioDock()->titleEdit();
    QVERIFY(title && title->isVisible());
    QCOMPARE(title->text(), w.document()->scenario().title);
    title->setFocus();
    QTest::keyClick(title, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(title, QStringLiteral("The cat sat"));
    QCOMPARE(w.document()->undoStack()->count(), 0); // nothing until Enter
    QTest::keyClick(title, Qt::Key_Return);
    QCOMPARE(w.document()->scenario().title, QStringLiteral("The cat sat"));
    QCOMPARE(w.document()->undoStack()->count(), 1);
    QCOMPARE(w.document()->undoStack()->undoText(), QStringLiteral("Edit title"));
    QTest::keyClick(title, Qt::Key_Return); // unchanged: no second step
    QCOMPARE(w.document()->undoStack()->count(), 1);
    w.document()->undoStack()->undo();
    QCOMPARE(title->text(), defaultScenario().title); // the field follows the document
    // A title longer than the field shows its start, not its end (a reader's find: "tokens to
    // heads: two heads by hand" had lost "From").
    Scenario s = w.document()->scenario();
    s.title = QStringLiteral("From tokens to heads: two heads by hand, longer than the field");
    QVERIFY(!w.document()->resetTo(s));
    QCOMPARE(title->text(), s.title);
    QVERIFY(title->fontMetrics().horizontalAdvance(s.title) > title->width());
    QCOMPARE(title->cursorPosition(), 0);
}

void TestLectureEdits::notesFieldIsOneUndoStep()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto *tabs = w.scenarioDock()->findChild<QTabWidget *>();
    CommitTextEdit *notes = w.scenarioDock()->notesEdit();
    QCOMPARE(tabs->tabText(tabs->indexOf(notes)), QStringLiteral("Notes"));
    tabs->setCurrentWidget(notes);
    QCOMPARE(notes->toPlainText(), *defaultScenario().description);
    notes->setFocus();
    QTest::keyClick(notes, Qt::Key_End, Qt::ControlModifier);
    QTest::keyClicks(notes, QStringLiteral(" Try k2."));
    QCOMPARE(w.document()->undoStack()->count(), 0); // typing is not yet an edit
    QTest::keyClick(notes, Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(*w.document()->scenario().description,
             *defaultScenario().description + QStringLiteral(" Try k2."));
    QCOMPARE(w.document()->undoStack()->count(), 1);
    QCOMPARE(w.document()->undoStack()->undoText(), QStringLiteral("Edit notes"));
    // Leaving the field commits too, as one more step.
    QTest::keyClicks(notes, QStringLiteral(" And k3."));
    w.scenarioDock()->titleEdit()->setFocus();
    QCOMPARE(w.document()->undoStack()->count(), 2);
    w.document()->undoStack()->undo();
    w.document()->undoStack()->undo();
    QCOMPARE(notes->toPlainText(), *defaultScenario().description);
}

void TestLectureEdits::playLeavesTheDocksAlone()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto *keySpace = w.findChild<QDockWidget *>(QStringLiteral("keySpaceDock"));
    auto *mle = w.findChild<QDockWidget *>(QStringLiteral("mleOptimizerDock"));
    // The dock area's tab bar: "Key space" is the current tab, the MLE optimizer behind it.
    QTabBar *dockTabs = nullptr;
    for (QTabBar *bar : w.findChildren<QTabBar *>())
        for (int k = 0; k < bar->count(); ++k)
            if (bar->tabText(k) == mle->windowTitle())
                dockTabs = bar;
    QVERIFY(dockTabs);
    auto current = [dockTabs] { return dockTabs->tabText(dockTabs->currentIndex()); };
    QCOMPARE(current(), keySpace->windowTitle());
    w.viewTabs()->setCurrentWidget(w.valueSpacePanel());
    QPushButton *play = nullptr;
    for (QPushButton *b : w.valueSpacePanel()->controls()->findChildren<QPushButton *>())
        if (b->text().contains(QStringLiteral("Play")))
            play = b;
    QVERIFY(play && play->isVisible());
    QTest::mouseClick(play, Qt::LeftButton);
    QVERIFY(w.valueSpacePanel()->controls()->isPlaying());
    QTest::qWait(50);
    QCOMPARE(current(), keySpace->windowTitle()); // the dock the user left raised stays raised
    w.valueSpacePanel()->controls()->pause();
}

void TestLectureEdits::startSquareNeverHidesAValuePoint()
{
    ScenarioDocument doc;
    MleAnimation animation;
    animation.setDocument(&doc);
    ValueSpacePanel panel{&doc, &animation};
    panel.resize(900, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    ValueSpaceView *v = panel.view();
    v->replot();
    // Shift+click on value v2: the start is there, and v2's dot still shows through (its
    // centre looks as it did before).
    const QPointF at = v->valuePixel(1);
    const QImage before = v->grab().toImage();
    const QColor dot = before.pixelColor((at * before.devicePixelRatio()).toPoint());
    QTest::mouseClick(v, Qt::LeftButton, Qt::ShiftModifier, at.toPoint());
    QVERIFY(animation.hasUserStart());
    v->replot();
    const QPointF drawn = v->valuePixel(1); // (the legend grew a row: the plot moved)
    QVERIFY(!v->pathCurve()->data()->isEmpty());
    const auto first = v->pathCurve()->data()->constBegin();
    const QPointF start(v->xAxis->coordToPixel(first->key), v->yAxis->coordToPixel(first->value));
    QVERIFY2(QLineF(drawn, start).length() <= 1.5, "the start is on the value point");
    const QImage image = v->grab().toImage();
    const qreal dpr = image.devicePixelRatio();
    const QColor centre = image.pixelColor((drawn * dpr).toPoint());
    QVERIFY2(
        distance(centre, dot) <= 24,
        qPrintable(QStringLiteral("centre %1, the value dot %2").arg(centre.name(), dot.name())));
}

void TestLectureEdits::outputLegendSymbolIsAWholeRing()
{
    ScenarioDocument doc;
    // Free variances: ô ≠ o, both in the legend.
    QVERIFY(!doc.loadExample(QStringLiteral(":/scenarios/free-variances.softmaxlab.json")));
    MleAnimation animation;
    animation.setDocument(&doc);
    ValueSpacePanel panel{&doc, &animation};
    panel.resize(900, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    ValueSpaceView *v = panel.view();
    v->replot();
    QCPPlottableLegendItem *item = nullptr;
    for (int k = 0; k < v->legend->itemCount(); ++k)
        if (auto *p = qobject_cast<QCPPlottableLegendItem *>(v->legend->item(k)))
            if (p->plottable()->name().startsWith(QStringLiteral("o = ")))
                item = p;
    QVERIFY(item);
    // The icon is iconSize() at the item's left, centred on its text: scan the item's height
    // in the icon's middle column. The ring's top and bottom must both be drawn there.
    const QRect box = item->rect();
    const int x = box.left() + v->legend->iconSize().width() / 2;
    const QImage image = v->grab().toImage();
    const qreal dpr = image.devicePixelRatio();
    const QColor ring = plotStyle::softmaxColor();
    int top = -1, bottom = -1;
    for (int y = box.top(); y <= box.bottom(); ++y)
        if (distance(image.pixelColor(QPoint(x, y) * dpr), ring) <= 60) {
            if (top < 0)
                top = y;
            bottom = y;
        }
    QVERIFY2(top >= 0 && bottom - top >= 6,
             qPrintable(QStringLiteral("ring column from %1 to %2 in the item %3…%4")
                            .arg(top)
                            .arg(bottom)
                            .arg(box.top())
                            .arg(box.bottom())));
}

QTEST_MAIN(TestLectureEdits)
#include "tst_lectureedits.moc"
