// The window's menus, docks and table buttons, entry by entry: the texts, shortcuts, object
// names, check states and order a user (and a saved window state) relies on. The window is built
// from parts (the scenario dock, recent files, the View menu, file handling); this pins what
// they add up to, so that moving code between the parts cannot move or lose an entry.
#include "panels/ControlPanel.h"
#include "plots/keyspace/KeySpaceView.h"
#include "tables/KeysTableModel.h"
#include "tables/QueriesTableModel.h"
#include "tables/VariancesTableModel.h"
#include "widgets/NumberDelegate.h"
#include "window/MainWindow.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QToolButton>

using namespace sml;

namespace {

/// One line per entry, submenus indented: "text [shortcuts] #objectName (checkable)".
void describe(const QMenu *menu, int depth, QStringList &lines)
{
    const QString indent(depth * 2, QLatin1Char(' '));
    for (const QAction *a : menu->actions()) {
        if (a->isSeparator()) {
            lines << indent + QStringLiteral("---");
            continue;
        }
        QString line = indent + a->text();
        QStringList keys;
        for (const QKeySequence &k : a->shortcuts())
            keys << k.toString(QKeySequence::PortableText);
        if (!keys.isEmpty())
            line += QStringLiteral(" [%1]").arg(keys.join(QLatin1String(", ")));
        if (!a->objectName().isEmpty())
            line += QStringLiteral(" #") + a->objectName();
        if (a->isCheckable())
            line += a->isChecked() ? QStringLiteral(" (checked)") : QStringLiteral(" (unchecked)");
        if (!a->isEnabled())
            line += QStringLiteral(" (disabled)");
        lines << line;
        // The examples are the lesson files (tst_files checks them); their titles are not pinned.
        if (a->menu() && a->text() != QLatin1String("&Examples"))
            describe(a->menu(), depth + 1, lines);
    }
}

QStringList menuBarLines(const MainWindow &w)
{
    QStringList lines;
    for (const QAction *a : w.menuBar()->actions()) {
        lines << a->text();
        describe(a->menu(), 1, lines);
    }
    return lines;
}

/// The buttons under a table, row by row: "Add query | Remove query".
QStringList buttonRows(const QTableView *table)
{
    QStringList rows;
    for (const QWidget *row :
         table->parentWidget()->findChildren<QWidget *>(QString(), Qt::FindDirectChildrenOnly)) {
        QStringList texts;
        for (const QToolButton *b :
             row->findChildren<QToolButton *>(QString(), Qt::FindDirectChildrenOnly))
            texts << b->defaultAction()->text();
        if (!texts.isEmpty())
            rows << texts.join(QLatin1String(" | "));
    }
    return rows;
}

} // namespace

class TestWindowMenus : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init()
    {
        // A first run: no recent files, no saved layout, the default theme and scale.
        QSettings().clear();
    }

    void menusHoldEveryEntryInOrder()
    {
        MainWindow w;
        const QStringList expected = {
            QStringLiteral("&File"),
            QStringLiteral("  &New"),
            QStringLiteral("    &Empty scenario [Ctrl+N] #newEmptyAction"),
            QStringLiteral("    &Built-in figure (one query, three keys) #newFigureAction"),
            QStringLiteral("  &Open… [Ctrl+O]"),
            QStringLiteral("  Open &Recent"),
            QStringLiteral("    (no recent files) (disabled)"),
            QStringLiteral("    ---"),
            QStringLiteral("    &Clear list #clearRecentFilesAction (disabled)"),
            QStringLiteral("  &Save [Ctrl+S]"),
            QStringLiteral("  Save &As… [Ctrl+Shift+S] #saveAsAction"),
            QStringLiteral("  ---"),
            QStringLiteral("  &Import matrices… [Ctrl+I] #importMatricesAction"),
            QStringLiteral("  &Export all views… [Ctrl+E] #exportAllViewsAction"),
            // (disabled: the default scenario has no lesson)
            QStringLiteral("  Export &Lesson as PDF… #exportLessonPdfAction (disabled)"),
            QStringLiteral("  ---"),
            QStringLiteral("  &Quit"),
            QStringLiteral("&Edit"),
            QStringLiteral("  &Undo [Ctrl+Z, Alt+Backspace] (disabled)"),
            QStringLiteral("  &Redo [Ctrl+Y, Alt+Shift+Backspace, Ctrl+Shift+Z] (disabled)"),
            QStringLiteral("  ---"),
            QStringLiteral("  Add query"),
            QStringLiteral("  Remove query"),
            QStringLiteral("  Add key"),
            QStringLiteral("  Remove key"),
            QStringLiteral("  Dimensions"),
            QStringLiteral("    + d_k"),
            QStringLiteral("    − d_k"),
            QStringLiteral("    + d_v"),
            QStringLiteral("    − d_v"),
            QStringLiteral("  ---"),
            QStringLiteral("  Title and &Notes…"),
            QStringLiteral("  &Move"),
            QStringLiteral("    Query ↑ #moveQueryUpAction"),
            QStringLiteral("    Query ↓ #moveQueryDownAction"),
            QStringLiteral("    Key ↑ #moveKeyUpAction"),
            QStringLiteral("    Key ↓ #moveKeyDownAction"),
            QStringLiteral("&View"),
            QStringLiteral(
                "  Scenario #scenarioDockMenuEntry (unchecked)"), // (the window is not shown)
            QStringLiteral("  MLE optimizer #mleOptimizerDockMenuEntry (unchecked)"),
            QStringLiteral("  Lesson #lessonDockMenuEntry (unchecked)"),
            QStringLiteral("  Key space #keySpaceDockMenuEntry (unchecked)"),
            QStringLiteral("  ---"),
            QStringLiteral("  &Presentation Mode [F5] #presentationAction (unchecked)"),
            QStringLiteral("  Presentation &Scale"),
            QStringLiteral("    1× (unchecked)"),
            QStringLiteral("    1.25× (unchecked)"),
            QStringLiteral("    1.5× (checked)"),
            QStringLiteral("    2× (unchecked)"),
            QStringLiteral("    2.5× (unchecked)"),
            QStringLiteral("    3× (unchecked)"),
            QStringLiteral("  &Full Screen [F11] #fullScreenAction (unchecked)"),
            QStringLiteral("  &Theme"),
            QStringLiteral("    Follow the &System (checked)"),
            QStringLiteral("    &Light (unchecked)"),
            QStringLiteral("    &Dark (unchecked)"),
            QStringLiteral("  ---"),
            QStringLiteral("  Previous Query [Alt+Left]"),
            QStringLiteral("  Next Query [Alt+Right]"),
            QStringLiteral("  Play/Pause Animation"),
            QStringLiteral("  Next View [Ctrl+Tab]"),
            QStringLiteral("  Previous View [Ctrl+Shift+Tab, Ctrl+Shift+Backtab]"),
            QStringLiteral("&Help"),
            QStringLiteral("  Take the &Tour #tourAction"),
            QStringLiteral("  &Examples"),
            QStringLiteral("  What Am I &Seeing? [Shift+F1] (unchecked)"),
            QStringLiteral("  ---"),
            QStringLiteral("  &About SoftmaxLab"),
        };
        const QStringList lines = menuBarLines(w);
        if (qEnvironmentVariableIsSet("SML_DUMP_MENUS"))
            qInfo().noquote() << lines.join(QLatin1Char('\n'));
        for (qsizetype i = 0; i < std::max(lines.size(), expected.size()); ++i)
            QCOMPARE(lines.value(i), expected.value(i));
        QCOMPARE(w.examplesMenu()->title(), QStringLiteral("&Examples"));
        QCOMPARE(w.recentFilesMenu()->objectName(), QStringLiteral("recentFilesMenu"));
    }

    void docksKeepTheirNamesAndPlaces()
    {
        MainWindow w;
        QStringList docks;
        for (const QDockWidget *dock : w.findChildren<QDockWidget *>())
            docks << QStringLiteral("%1 \"%2\" %3")
                         .arg(dock->objectName(), dock->windowTitle())
                         .arg(int(w.dockWidgetArea(const_cast<QDockWidget *>(dock))));
        // (Raising the key space tab puts its dock last.)
        // The Lesson dock is a tab beside them (window/LessonPresenter).
        QCOMPARE(docks, (QStringList{QStringLiteral("scenarioDock \"Scenario\" 1"),
                                     QStringLiteral("mleOptimizerDock \"MLE optimizer\" 2"),
                                     QStringLiteral("lessonDock \"Lesson\" 2"),
                                     QStringLiteral("keySpaceDock \"Key space\" 2")}));
        auto *scenario = w.findChild<QDockWidget *>(QStringLiteral("scenarioDock"));
        QCOMPARE(scenario->features(), QDockWidget::DockWidgetMovable |
                                           QDockWidget::DockWidgetFloatable |
                                           QDockWidget::DockWidgetClosable);
        // The tables are in the scenario dock, and their tabs are Queries, Keys & values, σ²,
        // Notes.
        QVERIFY(scenario->isAncestorOf(w.queriesTable()));
        QVERIFY(scenario->isAncestorOf(w.keysTable()));
        QVERIFY(scenario->isAncestorOf(w.variancesTable()));
        QVERIFY(scenario->isAncestorOf(w.controlPanel()));
        auto *tabs = scenario->findChild<QTabWidget *>();
        QVERIFY(tabs);
        // Queries, Keys & values, Variances, Notes (and, for a model scenario only, X, W_Q,
        // W_K, W_V: hidden here).
        QCOMPARE(tabs->count(), 8);
        for (int i = 4; i < 8; ++i)
            QVERIFY(!tabs->isTabVisible(i));
        QCOMPARE(tabs->tabText(0), QStringLiteral("Queries"));
        QCOMPARE(tabs->tabText(1), QStringLiteral("Keys && values"));
        QCOMPARE(tabs->tabText(2), QStringLiteral("Variances σ²"));
        QCOMPARE(tabs->tabText(3), QStringLiteral("Notes"));
        QCOMPARE(w.queriesTable()->model(), w.queriesModel());
        QCOMPARE(w.keysTable()->model(), w.keysModel());
        QCOMPARE(w.variancesTable()->model(), w.variancesModel());
        for (QTableView *table : {w.queriesTable(), w.keysTable(), w.variancesTable()})
            QCOMPARE(table->itemDelegate(), w.numberDelegate());
    }

    void tablesHaveTheirButtonRows()
    {
        MainWindow w;
        QCOMPARE(
            buttonRows(w.queriesTable()),
            (QStringList{QStringLiteral("Add query | Remove query"),
                         QStringLiteral("+ d_k | − d_k"), QStringLiteral("Query ↑ | Query ↓")}));
        QCOMPARE(buttonRows(w.keysTable()),
                 (QStringList{QStringLiteral("Add key | Remove key"),
                              QStringLiteral("+ d_k | − d_k | + d_v | − d_v"),
                              QStringLiteral("Key ↑ | Key ↓")}));
        QCOMPARE(buttonRows(w.variancesTable()), QStringList());
    }

    void ctrlTabShowsTheNextViewWhereverTheFocusIs()
    {
        // A fresh reader pressed Ctrl+Tab (the README's way to the next view) after a drag in
        // the Key space dock, and after clicking a tab: nothing happened, as the tab widget's
        // own Ctrl+Tab needs the focus inside it.
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTabWidget *tabs = w.viewTabs();
        tabs->setCurrentIndex(0);
        auto *keySpace = w.findChild<KeySpaceView *>();
        QVERIFY(keySpace && keySpace->isVisible());
        keySpace->setFocus();
        QTRY_VERIFY(keySpace->hasFocus());
        QTest::keyClick(keySpace, Qt::Key_Tab, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), 1);
        // In the Scenario dock's tables, Ctrl+Tab steps their own tabs (Queries → Keys &
        // values), as it did before it was the window's: the views stay.
        QTabWidget *tableTabs = nullptr;
        for (QWidget *p = w.queriesTable()->parentWidget(); p && !tableTabs; p = p->parentWidget())
            tableTabs = qobject_cast<QTabWidget *>(p);
        QVERIFY(tableTabs && tableTabs != tabs);
        tableTabs->setCurrentIndex(0);
        w.queriesTable()->setFocus();
        QTest::keyClick(w.queriesTable(), Qt::Key_Tab, Qt::ControlModifier);
        QCOMPARE(tableTabs->currentIndex(), 1);
        QCOMPARE(tabs->currentIndex(), 1);
        tableTabs->tabBar()->setFocus();
        QTest::keyClick(tableTabs->tabBar(), Qt::Key_Backtab,
                        Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(tableTabs->currentIndex(), 0);
        QCOMPARE(tabs->currentIndex(), 1);
        // From the tab bar (a click on a tab gives it the focus): once a step, not twice.
        tabs->tabBar()->setFocus();
        QTest::keyClick(tabs->tabBar(), Qt::Key_Tab, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), 2);
        // The View menu says so.
        QCOMPARE(w.nextViewAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Tab));
    }
};

QTEST_MAIN(TestWindowMenus)
#include "tst_windowmenus.moc"
