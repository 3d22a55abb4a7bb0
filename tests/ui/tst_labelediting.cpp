// Token labels are committed with the keys that commit every other cell (issue 14, item 1):
// double-click a label, type a word, press Enter, Tab or Shift+Tab, in the Queries and in the
// Keys & values table. Before the fix the number check ran on every line edit of the tables, so
// "the" + Enter was refused as "not a number". Real mouse and key events on the window's tables.
#include "Scenario.h"
#include "document/ScenarioDocument.h"
#include "widgets/NumberDelegate.h"
#include "window/MainWindow.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

using namespace sml;

class TestLabelEditing : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void enterOrTabCommitsALabel_data();
    void enterOrTabCommitsALabel();
    void aNumberCellStillRefusesAWord();
};

namespace {

QTableView *tableOf(MainWindow &w, const QString &which)
{
    return which == QLatin1String("queries") ? w.queriesTable() : w.keysTable();
}

/// Opens the editor of `cell` by a double-click on it, as a user would.
QLineEdit *openEditor(QTableView *table, const QModelIndex &cell)
{
    table->scrollTo(cell);
    const QPoint centre = table->visualRect(cell).center();
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, centre);
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, centre);
    return table->viewport()->findChild<QLineEdit *>() ? table->viewport()->findChild<QLineEdit *>()
                                                       : table->findChild<QLineEdit *>();
}

} // namespace

void TestLabelEditing::enterOrTabCommitsALabel_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<int>("key");
    QTest::newRow("queries, Enter") << "queries" << int(Qt::Key_Return);
    QTest::newRow("queries, keypad Enter") << "queries" << int(Qt::Key_Enter);
    QTest::newRow("queries, Tab") << "queries" << int(Qt::Key_Tab);
    QTest::newRow("keys, Enter") << "keys" << int(Qt::Key_Return);
    QTest::newRow("keys, Tab") << "keys" << int(Qt::Key_Tab);
    QTest::newRow("keys, Shift+Tab") << "keys" << int(Qt::Key_Backtab);
}

void TestLabelEditing::enterOrTabCommitsALabel()
{
    QFETCH(QString, table);
    QFETCH(int, key);
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTableView *view = tableOf(w, table);
    // Show the table's tab of the scenario panel (a tab page's parent is the tab widget's stack).
    for (QWidget *p = view; p && p->parentWidget(); p = p->parentWidget())
        if (auto *tabs = qobject_cast<QTabWidget *>(p->parentWidget()->parentWidget()))
            if (tabs->indexOf(p) >= 0)
                tabs->setCurrentWidget(p);
    QVERIFY(view->isVisible());

    ScenarioDocument *doc = w.document();
    QSignalSpy refused(w.numberDelegate(), &NumberDelegate::refused);
    const int row = table == QLatin1String("queries") ? 0 : 1;
    const QModelIndex cell = view->model()->index(row, 0); // the label column
    QLineEdit *editor = openEditor(view, cell);
    QVERIFY2(editor, "no editor opened on the label cell");
    editor->selectAll();
    QTest::keyClicks(editor, QStringLiteral("the"));
    const Qt::KeyboardModifiers modifiers =
        key == Qt::Key_Backtab ? Qt::ShiftModifier : Qt::NoModifier;
    QTest::keyClick(editor, Qt::Key(key), modifiers);
    QCoreApplication::processEvents();

    const Scenario &s = doc->scenario();
    const QString label =
        table == QLatin1String("queries") ? s.queryLabels.value(row) : s.keyLabels.value(row);
    QCOMPARE(label, QStringLiteral("the"));
    QCOMPARE(refused.count(), 0);
    QCOMPARE(doc->undoStack()->count(), 1); // one undo step
}

void TestLabelEditing::aNumberCellStillRefusesAWord()
{
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTableView *view = w.queriesTable();
    QSignalSpy refused(w.numberDelegate(), &NumberDelegate::refused);
    const double old = w.document()->scenario().queries(0, 0);
    QLineEdit *editor = openEditor(view, view->model()->index(0, 1)); // q[1]
    QVERIFY(editor);
    editor->selectAll();
    QTest::keyClicks(editor, QStringLiteral("the"));
    QTest::keyClick(editor, Qt::Key_Return);
    QCoreApplication::processEvents();
    QCOMPARE(refused.count(), 1);
    QVERIFY(NumberDelegate::isRefused(editor)); // still open, red
    QCOMPARE(w.document()->scenario().queries(0, 0), old);
    QCOMPARE(w.document()->undoStack()->count(), 0);
}

QTEST_MAIN(TestLabelEditing)
#include "tst_labelediting.moc"
