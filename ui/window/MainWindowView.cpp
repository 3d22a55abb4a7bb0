// MainWindow, continued: the View menu. The docks' toggles, presentation mode, full screen,
// themes, the presentation scale, and the keys that step the query, play the animation and cycle
// the views (issue 7).
#include "window/MainWindow.h"

#include "document/ScenarioDocument.h"
#include "panels/MaxEntPanel.h"
#include "panels/PresentationControls.h"
#include "panels/ValueSpacePanel.h"
#include "plots/PlotView.h"
#include "style/Appearance.h"
#include "style/ContrastStyle.h"
#include "widgets/AnimationControls.h"
#include "widgets/NotesView.h"
#include "window/LessonPresenter.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTextDocument>

#include <algorithm>
#include <cmath>

namespace sml {

namespace {

/// Dynamic property: a widget's own font size at scale 1 (see applyWidgetScale).
constexpr const char *basePointsProperty = "_sml_basePoints";

/// True when `widget` or an ancestor scales its own text (the derivation panel follows the
/// plots' scale, not the panels').
bool scalesItself(const QWidget *widget)
{
    for (const QWidget *w = widget; w; w = w->parentWidget())
        if (w->property("smlOwnFontScale").toBool())
            return true;
    return false;
}

/// Multiplies the size of every font set explicitly on `root` and its children (the window's
/// base font, the tables, the title…) by `scale`, from the size each had at scale 1. Plots and
/// panels with their own scale are skipped.
void applyWidgetScale(QWidget *root, double scale)
{
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *w : widgets) {
        if (qobject_cast<PlotView *>(w) || scalesItself(w))
            continue;
        QVariant base = w->property(basePointsProperty);
        if (!base.isValid()) {
            if (!w->testAttribute(Qt::WA_SetFont) || w->font().pointSizeF() <= 0)
                continue;
            base = w->font().pointSizeF();
            w->setProperty(basePointsProperty, base);
        }
        QFont font = w->font();
        const double points = base.toDouble() * scale;
        if (font.pointSizeF() != points) {
            font.setPointSizeF(points);
            w->setFont(font);
        }
    }
}

} // namespace

void MainWindow::createViewMenu()
{
    QMenu *viewMenu = menuBar()->addMenu(tr("&View"));
    // Each dock's entry shows or hides it, but a dock that is open behind another's tab comes
    // to the front instead of closing (a fresh reader chose View ▸ Lesson to see the Lesson
    // panel, tabbed behind Key space, and it closed). The entry's tick follows the dock's own
    // toggle, whoever shows or hides it.
    for (QDockWidget *dock : findChildren<QDockWidget *>()) {
        QAction *toggle = dock->toggleViewAction();
        auto *entry = new QAction(toggle->text(), viewMenu);
        entry->setObjectName(dock->objectName() + QStringLiteral("MenuEntry"));
        entry->setCheckable(true);
        entry->setChecked(toggle->isChecked());
        entry->setToolTip(tr("Show, bring to the front or hide the %1 panel").arg(toggle->text()));
        connect(toggle, &QAction::toggled, entry, &QAction::setChecked);
        connect(toggle, &QAction::changed, entry, [toggle, entry] {
            entry->setEnabled(toggle->isEnabled());
            entry->setText(toggle->text());
        });
        connect(entry, &QAction::triggered, this, [this, dock, entry](bool checked) {
            const bool behind = !dock->isHidden() && isVisible() && !dock->isFloating() &&
                                dock->visibleRegion().isEmpty();
            if (!checked && behind) {
                entry->setChecked(true);
                dock->raise();
                return;
            }
            dock->setVisible(checked);
            if (checked)
                dock->raise();
        });
        viewMenu->addAction(entry);
    }
    Appearance *look = Appearance::instance();
    viewMenu->addSeparator();

    mPresentationAction = viewMenu->addAction(tr("&Presentation Mode"));
    mPresentationAction->setObjectName(QStringLiteral("presentationAction"));
    mPresentationAction->setCheckable(true);
    mPresentationAction->setShortcut(Qt::Key_F5);
    mPresentationAction->setToolTip(
        tr("Large text, thick lines and high contrast for a projector; ←/→ step the query, Space "
           "plays the animation, Tab shows the next view"));
    connect(mPresentationAction, &QAction::toggled, this, [this, look](bool on) {
        if (on)
            mLesson->openTourOnStartUpFigure();
        look->setPresentation(on);
        if (!on && mFullScreenAction->isChecked())
            mFullScreenAction->setChecked(false); // leaving presentation leaves full screen
        // Esc leaves too, as in a slide show: say how to come back (a fresh reader pressed Esc
        // for a menu already closed, and was out of presentation mode without a word). A
        // message already shown (the tour's "Left the tour…") is kept.
        if (!on && statusBar()->currentMessage().isEmpty())
            statusBar()->showMessage(tr("Left presentation mode: F5 presents again"), 8000);
    });

    QMenu *scaleMenu = viewMenu->addMenu(tr("Presentation &Scale"));
    auto *scaleGroup = new QActionGroup(this);
    for (double scale : {1.0, 1.25, 1.5, 2.0, 2.5, 3.0}) {
        QAction *a = scaleMenu->addAction(tr("%1×").arg(QLocale().toString(scale)));
        a->setCheckable(true);
        a->setData(scale);
        a->setToolTip(tr("Plot text %1× in presentation mode; panels and tables grow half as much")
                          .arg(QLocale().toString(scale)));
        scaleGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, look, scale] {
            look->setPresentationScale(scale);
            if (look->drawnPresentationScale() < scale)
                // (Short enough to stand whole beside the scenario's shape at 1280×800.)
                showStatus(tr("Presentation scale %1× drawn at %2× here: larger text leaves "
                              "the plots no room")
                               .arg(QLocale().toString(scale))
                               .arg(QLocale().toString(look->drawnPresentationScale(), 'g', 3)));
        });
        mScaleActions << a;
    }

    mFullScreenAction = viewMenu->addAction(tr("&Full Screen"));
    mFullScreenAction->setObjectName(QStringLiteral("fullScreenAction"));
    mFullScreenAction->setCheckable(true);
    mFullScreenAction->setShortcut(Qt::Key_F11);
    connect(mFullScreenAction, &QAction::toggled, this, &MainWindow::setFullScreen);

    QMenu *themeMenu = viewMenu->addMenu(tr("&Theme"));
    auto *themeGroup = new QActionGroup(this);
    const std::pair<Appearance::Theme, QString> themes[] = {
        {Appearance::Theme::System, tr("Follow the &System")},
        {Appearance::Theme::Light, tr("&Light")},
        {Appearance::Theme::Dark, tr("&Dark")}};
    for (const auto &[theme, text] : themes) {
        QAction *a = themeMenu->addAction(text);
        a->setCheckable(true);
        a->setData(Appearance::themeName(theme));
        themeGroup->addAction(a);
        connect(a, &QAction::triggered, look, [look, theme = theme] { look->setTheme(theme); });
        mThemeActions << a;
    }

    viewMenu->addSeparator();
    mPreviousQueryAction =
        viewMenu->addAction(tr("Previous Query"), this, [this] { stepQuery(-1); });
    mNextQueryAction = viewMenu->addAction(tr("Next Query"), this, [this] { stepQuery(+1); });
    mPlayPauseAction =
        viewMenu->addAction(tr("Play/Pause Animation"), this, &MainWindow::playPauseAnimation);
    // With the focus in another tab widget (the Scenario dock's tables), Ctrl+Tab steps that
    // one, as it did before it became the window's shortcut; anywhere else, the views.
    const auto step = [this](int delta) {
        for (QWidget *w = QApplication::focusWidget(); w; w = w->parentWidget())
            if (auto *tabs = qobject_cast<FittingTabWidget *>(w); tabs && tabs != mViewTabs) {
                tabs->stepCurrent(delta, true);
                return;
            }
        cycleView(delta);
    };
    mNextViewAction = viewMenu->addAction(tr("Next View"), this, [step] { step(+1); });
    mPreviousViewAction = viewMenu->addAction(tr("Previous View"), this, [step] { step(-1); });
    for (QAction *a : {mPreviousQueryAction, mNextQueryAction, mPlayPauseAction, mNextViewAction,
                       mPreviousViewAction})
        a->setShortcutContext(Qt::WindowShortcut);
}

void MainWindow::fitNotes()
{
    auto *notes = qobject_cast<NotesView *>(mDescription);
    if (!notes)
        return;
    // (Beside both docks at 1280×800 the fourth line took the height that left the iris
    // queries' weight bars and entropy 205 and 236 px of the 752 px window; presented, the
    // second line left the digits lessons' heatmap, bars and entropy 231 px of it.)
    const bool shortWindow = height() < 900;
    const int lines = Appearance::instance()->presentation() ? (shortWindow ? 1 : 2)
                      : shortWindow                          ? 3
                                                             : 4;
    if (notes->maximumLines() != lines)
        notes->setMaximumLines(lines);
}

void MainWindow::applyAppearance()
{
    Appearance *look = Appearance::instance();
    if (!mPresentationAction)
        return; // called before the menus exist
    // Indicators outlined on a dark palette (an unchecked box vanished on the dark theme).
    if (!qobject_cast<ContrastStyle *>(QApplication::style()))
        QApplication::setStyle(new ContrastStyle(QApplication::style()->name()));
    QApplication::setPalette(look->palette());
    // The menus and the status bar grow with the panels when presenting (a fresh reader saw
    // them stay small on the projector): their own font, the window's at scale 1 (a menu is a
    // window of its own, which the window's font does not reach), so that applyWidgetScale
    // scales them too.
    QFont chromeFont = font();
    if (const QVariant base = property(basePointsProperty); base.isValid())
        chromeFont.setPointSizeF(base.toDouble());
    QList<QWidget *> chrome{menuBar(), statusBar()};
    for (QMenu *menu : menuBar()->findChildren<QMenu *>())
        chrome << menu;
    for (QWidget *w : std::as_const(chrome))
        if (!w->testAttribute(Qt::WA_SetFont))
            w->setFont(chromeFont);
    applyWidgetScale(this, look->widgetFontScale());
    // Presenting gives the whole window to the central views: the docks close (View ▸ brings
    // any back) and come back as they were afterwards, and the lesson notes take two lines (they
    // scroll) instead of four, so that a plot on a 1280×800 projector keeps its height.
    const bool presenting = look->presentation();
    fitNotes();
    // The τ/α bar shows only once the docks are closed and hides before they come back: with
    // both at once the window's minimum width would pass the screen's and the window would grow.
    if (!presenting)
        mPresentationControls->setVisible(false);
    if (presenting && mDockStateBeforePresentation.isEmpty()) {
        mDockStateBeforePresentation = saveState();
        for (QDockWidget *dock : findChildren<QDockWidget *>())
            dock->hide();
    } else if (!presenting && !mDockStateBeforePresentation.isEmpty()) {
        restoreState(mDockStateBeforePresentation);
        mDockStateBeforePresentation.clear();
    }
    if (presenting)
        mPresentationControls->setVisible(true);
    fitTitleRow();

    // The menus show the state, whoever changed it.
    {
        const QSignalBlocker block(mPresentationAction);
        mPresentationAction->setChecked(look->presentation());
    }
    for (QAction *a : std::as_const(mThemeActions))
        a->setChecked(a->data().toString() == Appearance::themeName(look->theme()));
    for (QAction *a : std::as_const(mScaleActions))
        a->setChecked(a->data().toDouble() == look->presentationScale());

    // Presentation keys: plain keys while presenting; otherwise the arrows, Space and Tab
    // belong to the tables and fields.
    const bool on = look->presentation();
    mPreviousQueryAction->setShortcuts(on ? QList<QKeySequence>{Qt::Key_Left}
                                          : QList<QKeySequence>{Qt::ALT | Qt::Key_Left});
    mNextQueryAction->setShortcuts(on ? QList<QKeySequence>{Qt::Key_Right}
                                      : QList<QKeySequence>{Qt::ALT | Qt::Key_Right});
    mPlayPauseAction->setShortcuts(on ? QList<QKeySequence>{Qt::Key_Space} : QList<QKeySequence>{});
    // Esc leaves presentation mode too (F5 toggles it).
    mPresentationAction->setShortcuts(on ? QList<QKeySequence>{Qt::Key_F5, Qt::Key_Escape}
                                         : QList<QKeySequence>{Qt::Key_F5});
    // Ctrl+Tab and Ctrl+Shift+Tab wherever the focus is: the tab widget's own went to the next
    // view only with the focus inside it (a fresh reader pressed it after a drag in the Key
    // space dock, and nothing happened).
    QList<QKeySequence> next{Qt::CTRL | Qt::Key_Tab};
    QList<QKeySequence> previous{Qt::CTRL | Qt::SHIFT | Qt::Key_Tab,
                                 Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab};
    if (on) {
        next.prepend(Qt::Key_Tab);
        previous.prepend(Qt::SHIFT | Qt::Key_Backtab);
        previous.prepend(Qt::SHIFT | Qt::Key_Tab);
    }
    mNextViewAction->setShortcuts(next);
    mPreviousViewAction->setShortcuts(previous);

    mLesson->updateKeys(); // in a lesson, ← → and PageUp/PageDown step it

    QSettings settings;
    settings.setValue(QStringLiteral("style/theme"), Appearance::themeName(look->theme()));
    settings.setValue(QStringLiteral("style/presentationScale"), look->presentationScale());
}

void MainWindow::stepQuery(int delta)
{
    const int m = int(mDocument->scenario().m());
    if (m == 0)
        return;
    const int query = std::clamp(mDocument->selectedQuery() + delta, 0, m - 1);
    if (query != mDocument->selectedQuery())
        mDocument->setSelectedQuery(query);
    const QString label = mDocument->scenario().queryLabels.value(query);
    showStatus(tr("Query %1 of %2: %3").arg(query + 1).arg(m).arg(label));
}

void MainWindow::cycleView(int delta)
{
    // Tab in presentation mode, and Ctrl+Tab, go through the views that have something to show:
    // Heads and Projections only for a scenario with a model (a reader tabbed onto their "no model"
    // note in the middle of the first lesson); the tab bar still lists them, with the note.
    const auto skipped = [this](int index) {
        const QString name = mViewTabs->widget(index)->objectName();
        return !mViewTabs->isTabAvailable(index) ||
               (!mDocument->isModel() &&
                (name == QLatin1String("headsView") || name == QLatin1String("projectionsView")));
    };
    const int n = mViewTabs->count();
    int index = mViewTabs->currentIndex();
    for (int tries = 0; tries < n; ++tries) {
        index = ((index + delta) % n + n) % n;
        if (!skipped(index)) {
            mViewTabs->setCurrentIndex(index);
            return;
        }
    }
}

void MainWindow::playPauseAnimation()
{
    if (mViewTabs->currentWidget() == mMaxEnt)
        mMaxEnt->animationControls()->togglePlay();
    else
        mValueSpace->controls()->togglePlay();
}

void MainWindow::setFullScreen(bool on)
{
    if (on == isFullScreen())
        return;
    if (on) {
        mWasMaximized = isMaximized();
        showFullScreen();
    } else if (mWasMaximized) {
        showMaximized();
    } else {
        showNormal();
    }
}

} // namespace sml
