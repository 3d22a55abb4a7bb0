// Tab bars show whole tabs only (issue 18, a reader's finding 7: at 1280×800 beside both docks
// the view tabs at the scroll edges lost half their names). FittingTabWidget on its own (the
// run of whole tabs holds the current one, "N more" lists the rest, the keys go through every
// tab, a tab taken away by its owner stays away), and the main window's view tabs and the
// Scenario panel's table tabs at 1280×800, in normal and presentation mode, on every tab.
#include "ProjectorScreen.h"
#include "document/ScenarioDocument.h"
#include "style/Appearance.h"
#include "widgets/FittingTabWidget.h"
#include "window/MainWindow.h"

#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QSettings>
#include <QStandardPaths>
#include <QStyle>
#include <QTabBar>
#include <QTest>
#include <QToolButton>

using namespace sml;

namespace {

const QStringList kViewNames = {QStringLiteral("Attention weights"),
                                QStringLiteral("Softmax = MLE = MaxEnt"),
                                QStringLiteral("Entropy"),
                                QStringLiteral("Likelihood landscape"),
                                QStringLiteral("Maximum entropy"),
                                QStringLiteral("Temperature sweep"),
                                QStringLiteral("α sweep"),
                                QStringLiteral("Derivation"),
                                QStringLiteral("Heads"),
                                QStringLiteral("Projections")};

/// Every tab the bar shows lies whole inside the bar and inside the tab widget, its text not
/// elided, and clear of the "N more" button; the current tab is among them. Returns "" or what
/// failed.
QString wholeTabsProblem(QTabWidget *tabs)
{
    QTabBar *bar = tabs->tabBar();
    const QRect inWidget = QRect(bar->mapTo(tabs, QPoint(0, 0)), bar->size());
    if (!tabs->rect().contains(inWidget))
        return QStringLiteral("the bar (%1, %2 wide) leaves the tab widget (%3 wide)")
            .arg(inWidget.x())
            .arg(inWidget.width())
            .arg(tabs->width());
    const QWidget *more = tabs->cornerWidget(Qt::TopRightCorner);
    const bool moreShown = more && more->isVisible();
    const QRect moreRect =
        moreShown ? QRect(more->mapTo(tabs, QPoint(0, 0)), more->size()) : QRect();
    if (!bar->isTabVisible(tabs->currentIndex()))
        return QStringLiteral("the current tab %1 is out of the bar").arg(tabs->currentIndex());
    for (int i = 0; i < bar->count(); ++i) {
        if (!bar->isTabVisible(i))
            continue;
        const QRect r = bar->tabRect(i);
        const QString name = bar->tabText(i);
        if (!bar->rect().contains(r))
            return QStringLiteral("tab \"%1\" at x %2..%3 is cut by the bar (0..%4)")
                .arg(name)
                .arg(r.left())
                .arg(r.right())
                .arg(bar->width() - 1);
        // The whole name fits in the tab with the style's margins (an elided tab is narrower:
        // "Quer…" still outgrew the bare text "Queries").
        const int textWidth = bar->fontMetrics().size(Qt::TextShowMnemonic, name).width() +
                              bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar);
        if (r.width() < textWidth)
            return QStringLiteral("tab \"%1\" is squeezed to %2 px, its name is %3")
                .arg(name)
                .arg(r.width())
                .arg(textWidth);
        if (moreShown && r.translated(inWidget.topLeft()).intersects(moreRect))
            return QStringLiteral("tab \"%1\" is under the \"%2\" button")
                .arg(name, static_cast<const QToolButton *>(more)->text());
    }
    return {};
}

int tabsInBar(QTabWidget *tabs)
{
    int n = 0;
    for (int i = 0; i < tabs->count(); ++i)
        n += tabs->tabBar()->isTabVisible(i) ? 1 : 0;
    return n;
}

/// Ten tabs with the view names at the window's tab font, in a top-level widget of `width`.
struct TenTabs
{
    QWidget window;
    FittingTabWidget *tabs;
    explicit TenTabs(int width)
    {
        tabs = new FittingTabWidget(&window);
        QFont font = tabs->tabBar()->font();
        font.setPointSizeF(13);
        tabs->tabBar()->setFont(font);
        for (const QString &name : kViewNames)
            tabs->addTab(new QLabel(name), name);
        window.resize(width, 300);
        tabs->setGeometry(0, 0, width, 300);
        window.show();
    }
};

} // namespace

class TestTabFit : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void narrowBarShowsWholeTabsAndCountsTheRest()
    {
        TenTabs t(640);
        QVERIFY(QTest::qWaitForWindowExposed(&t.window));
        QVERIFY2(wholeTabsProblem(t.tabs).isEmpty(), qPrintable(wholeTabsProblem(t.tabs)));
        const int shown = tabsInBar(t.tabs);
        QVERIFY2(shown >= 2 && shown < 10, qPrintable(QString::number(shown)));
        QVERIFY(t.tabs->moreButton()->isVisible());
        QCOMPARE(t.tabs->tabsOutOfBar(), 10 - shown);
        QCOMPARE(t.tabs->moreButton()->text(), QStringLiteral("%1 more").arg(10 - shown));
        // Wide: every tab, no button.
        t.tabs->resize(2400, 300);
        QCOMPARE(tabsInBar(t.tabs), 10);
        QVERIFY(!t.tabs->moreButton()->isVisible());
        QCOMPARE(t.tabs->tabsOutOfBar(), 0);
        QVERIFY2(wholeTabsProblem(t.tabs).isEmpty(), qPrintable(wholeTabsProblem(t.tabs)));
    }

    // At 1600×1000 the Scenario panel's four table tabs all drew elided ("Quer…",
    // "Keys & val…") in a 452 px tab widget that holds them whole (396 px): Qt 6.4 gave the bar
    // the tab widget's width less the hidden "N more" button's.
    void tabsThatJustFitAreWhole()
    {
        const QStringList names{QStringLiteral("Queries"), QStringLiteral("Keys && values"),
                                QStringLiteral("Variances σ²"), QStringLiteral("Notes")};
        QTabBar plain; // QTabBar's own size hint: every tab whole, side by side
        for (const QString &name : names)
            plain.addTab(name);
        QWidget window;
        auto *tabs = new FittingTabWidget(&window);
        for (const QString &name : names)
            tabs->addTab(new QLabel(name), name);
        const int width = plain.sizeHint().width() + 12;
        window.resize(width, 300);
        tabs->setGeometry(0, 0, width, 300);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(tabs->tabsOutOfBar(), 0);
        QVERIFY(!tabs->moreButton()->isVisible());
        QVERIFY2(wholeTabsProblem(tabs).isEmpty(), qPrintable(wholeTabsProblem(tabs)));
        // Narrower: a tab goes out of the bar and the button comes; wide again, all whole.
        tabs->resize(width - 60, 300);
        QVERIFY(tabs->moreButton()->isVisible());
        QVERIFY2(wholeTabsProblem(tabs).isEmpty(), qPrintable(wholeTabsProblem(tabs)));
        tabs->resize(width, 300);
        QCOMPARE(tabs->tabsOutOfBar(), 0);
        QVERIFY2(wholeTabsProblem(tabs).isEmpty(), qPrintable(wholeTabsProblem(tabs)));
    }

    // Fitting the bar set the "N more" button's text twice ("9 more", then the count); each
    // set asked the tab widget for a layout, which fitted the bar again: about 500 fits a
    // second with the app idle.
    void anIdleBarDoesNotFitAgain()
    {
        TenTabs t(640);
        QVERIFY(QTest::qWaitForWindowExposed(&t.window));
        QVERIFY(t.tabs->moreButton()->isVisible());
        QTest::qWait(300); // the window's own first layouts done (slower under sanitizers)
        int layouts = 0;
        struct Counter : QObject
        {
            int *count;
            explicit Counter(int *c) : count(c) {}
            bool eventFilter(QObject *, QEvent *event) override
            {
                if (event->type() == QEvent::LayoutRequest)
                    ++*count;
                return false;
            }
        } counter(&layouts);
        t.tabs->installEventFilter(&counter);
        QTest::qWait(300);
        t.tabs->removeEventFilter(&counter);
        // The loop asked for 742 layouts in these 300 ms; a stray one or two is not a loop.
        QVERIFY2(layouts < 5, qPrintable(QString::number(layouts)));
    }

    void ctrlTabReachesEveryTabAndItIsWhole()
    {
        TenTabs t(640);
        QVERIFY(QTest::qWaitForWindowExposed(&t.window));
        t.tabs->setFocus();
        for (int step = 1; step <= 10; ++step) {
            QTest::keyClick(t.tabs, Qt::Key_Tab, Qt::ControlModifier);
            QCOMPARE(t.tabs->currentIndex(), step % 10);
            QVERIFY2(
                wholeTabsProblem(t.tabs).isEmpty(),
                qPrintable(QStringLiteral("tab %1: ").arg(step % 10) + wholeTabsProblem(t.tabs)));
        }
        QTest::keyClick(t.tabs, Qt::Key_Backtab, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(t.tabs->currentIndex(), 9);
        // The arrow keys on the bar go through the tabs out of the bar too, and stop at the end.
        t.tabs->tabBar()->setFocus();
        for (int step = 8; step >= 0; --step) {
            QTest::keyClick(t.tabs->tabBar(), Qt::Key_Left);
            QCOMPARE(t.tabs->currentIndex(), step);
            QVERIFY2(wholeTabsProblem(t.tabs).isEmpty(), qPrintable(wholeTabsProblem(t.tabs)));
        }
        QTest::keyClick(t.tabs->tabBar(), Qt::Key_Left);
        QCOMPARE(t.tabs->currentIndex(), 0);
    }

    void theMoreMenuListsEveryTabAndOpensOne()
    {
        TenTabs t(640);
        QVERIFY(QTest::qWaitForWindowExposed(&t.window));
        QMenu *menu = t.tabs->moreButton()->menu();
        QVERIFY(menu);
        QMetaObject::invokeMethod(menu, "aboutToShow");
        const QList<QAction *> actions = menu->actions();
        QCOMPARE(actions.size(), 10);
        for (int i = 0; i < 10; ++i) {
            QCOMPARE(actions[i]->text(), kViewNames[i]);
            QCOMPARE(actions[i]->isChecked(), i == 0);
        }
        QVERIFY(!t.tabs->tabBar()->isTabVisible(9));
        actions[9]->trigger();
        QCOMPARE(t.tabs->currentIndex(), 9);
        QVERIFY(t.tabs->tabBar()->isTabVisible(9));
        QVERIFY(!t.tabs->tabBar()->isTabVisible(0));
        QVERIFY2(wholeTabsProblem(t.tabs).isEmpty(), qPrintable(wholeTabsProblem(t.tabs)));
    }

    void aTabTakenAwayStaysAway()
    {
        TenTabs t(2400);
        QVERIFY(QTest::qWaitForWindowExposed(&t.window));
        t.tabs->setTabAvailable(3, false);
        QVERIFY(!t.tabs->tabBar()->isTabVisible(3));
        t.tabs->resize(420, 300);
        t.tabs->resize(2400, 300);
        QVERIFY(!t.tabs->tabBar()->isTabVisible(3));
        QCOMPARE(tabsInBar(t.tabs), 9);
        t.tabs->setCurrentIndex(2);
        t.tabs->setFocus();
        QTest::keyClick(t.tabs, Qt::Key_Tab, Qt::ControlModifier);
        QCOMPARE(t.tabs->currentIndex(), 4);
        t.tabs->setTabAvailable(3, true);
        QVERIFY(t.tabs->tabBar()->isTabVisible(3));
    }

    void theWindowsTabsAreWholeAt1280x800_data()
    {
        QTest::addColumn<bool>("presentation");
        QTest::newRow("normal") << false;
        QTest::newRow("presentation") << true;
    }
    void theWindowsTabsAreWholeAt1280x800()
    {
        QFETCH(bool, presentation);
        QSettings().clear();
        Appearance::instance()->setPresentation(false);
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setWindowState(Qt::WindowMaximized);
        QTest::qWait(50);
        Appearance::instance()->setPresentation(presentation);
        QTest::qWait(50);
        QTabWidget *tabs = window.viewTabs();
        QCOMPARE(tabs->count(), 10);
        tabs->setCurrentIndex(0);
        tabs->setFocus();
        // Every tab, Heads and Projections too (Ctrl+Tab, the window's Next View, goes past
        // their "no model" note on a scenario without a model).
        for (int tab = 0; tab < tabs->count(); ++tab) {
            tabs->setCurrentIndex(tab);
            QTest::qWait(10);
            const QString problem = wholeTabsProblem(tabs);
            QVERIFY2(problem.isEmpty(),
                     qPrintable(QStringLiteral("view tab %1: ").arg(tab) + problem));
        }
        // "N more" and its list in the tabs' text size, presented too (a fresh reader saw a
        // size smaller than the tabs beside them).
        auto *fitting = qobject_cast<FittingTabWidget *>(tabs);
        QVERIFY(fitting && fitting->moreButton()->isVisible());
        QCOMPARE(fitting->moreButton()->font().pointSizeF(), tabs->tabBar()->font().pointSizeF());
        QCOMPARE(fitting->moreButton()->menu()->font().pointSizeF(),
                 tabs->tabBar()->font().pointSizeF());
        // The Scenario panel's tables (Queries, Keys & values, Variances σ², Notes) in its dock.
        if (!presentation) {
            auto *dock = window.findChild<QDockWidget *>(QStringLiteral("scenarioDock"));
            QVERIFY(dock);
            const auto inners = dock->findChildren<FittingTabWidget *>();
            QVERIFY(!inners.isEmpty());
            for (FittingTabWidget *inner : inners) {
                for (int tab = 0; tab < inner->count(); ++tab) {
                    if (!inner->isTabAvailable(tab))
                        continue;
                    inner->setCurrentIndex(tab);
                    const QString problem = wholeTabsProblem(inner);
                    QVERIFY2(problem.isEmpty(),
                             qPrintable(QStringLiteral("table tab %1: ").arg(tab) + problem));
                }
            }
        }
        Appearance::instance()->setPresentation(false);
    }
};

int main(int argc, char **argv)
{
    return sml::test::runOnProjectorScreen<TestTabFit>(argc, argv);
}

#include "tst_tabfit.moc"
