#include "window/LessonPresenter.h"

#include "Lesson.h"
#include "document/ScenarioDocument.h"
#include "panels/ControlPanel.h"
#include "panels/DerivationPanel.h"
#include "panels/LessonBanner.h"
#include "panels/LessonPanel.h"
#include "panels/MaxEntPanel.h"
#include "panels/ValueSpacePanel.h"
#include "plots/PlotView.h"
#include "style/Appearance.h"
#include "window/LessonExport.h"
#include "window/MainWindow.h"

#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextEdit>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace sml {

namespace {

/// The export name of a view widget: a plot's own name, "derivation" for the derivation panel,
/// and for a panel of several plots the first plot in it.
QString viewNameOf(QWidget *widget)
{
    if (auto *plot = qobject_cast<PlotView *>(widget))
        return plot->viewName();
    if (qobject_cast<DerivationPanel *>(widget))
        return QStringLiteral("derivation");
    const QList<PlotView *> plots =
        widget ? widget->findChildren<PlotView *>() : QList<PlotView *>();
    return plots.isEmpty() ? QString() : plots.first()->viewName();
}

/// Whether `w` keeps PageUp/PageDown for itself while it has the focus: a line edit (also a cell
/// editor while a cell is being typed into) and an editable text, where the keys move the
/// cursor; a spin box (ten steps) only in the window, since on the projector a clicker sends
/// them. A table that is only selected, a list or a read-only text does not: a teacher who
/// clicked a cell and then pressed the clicker expects the next step (a fresh reader of the
/// tour, issue 18).
bool editsWithPageKeys(const QWidget *w, bool presenting)
{
    if (auto *spin = qobject_cast<const QAbstractSpinBox *>(w))
        return !presenting && spin->isEnabled();
    if (auto *line = qobject_cast<const QLineEdit *>(w)) {
        if (qobject_cast<const QAbstractSpinBox *>(line->parentWidget()))
            return !presenting;
        return !line->isReadOnly();
    }
    if (auto *text = qobject_cast<const QTextEdit *>(w))
        return !text->isReadOnly();
    if (auto *text = qobject_cast<const QPlainTextEdit *>(w))
        return !text->isReadOnly();
    return false;
}

} // namespace

LessonPresenter::LessonPresenter(MainWindow *window) : QObject(window), mWindow(window)
{
    ScenarioDocument *document = window->document();
    mBanner = new LessonBanner(document, window->centralWidget());
    // Above the view tabs, below the title and notes.
    if (auto *layout = qobject_cast<QVBoxLayout *>(window->centralWidget()->layout()))
        layout->insertWidget(layout->indexOf(window->viewTabs()), mBanner);

    // Tab (or a click on a tab) while a step is shown: its caption is not about the view now.
    connect(window->viewTabs(), &QTabWidget::currentChanged, this, [this](int index) {
        if (mStepTab && mWindow->document()->shownStep())
            mBanner->setOnAnotherView(index != *mStepTab);
    });

    mDock = new QDockWidget(tr("Lesson"), window);
    mDock->setObjectName(QStringLiteral("lessonDock"));
    mPanel = new LessonPanel(
        document, [this] { return currentViewName(); }, mDock);
    mPanel->setViewTitle([this](const QString &name) { return viewTitle(name); });
    mDock->setWidget(mPanel);
    window->addDockWidget(Qt::RightDockWidgetArea, mDock);
    // A tab beside key space and the MLE optimizer, so the right column keeps its height.
    if (auto *keySpace = window->findChild<QDockWidget *>(QStringLiteral("keySpaceDock"))) {
        window->tabifyDockWidget(keySpace, mDock);
        keySpace->raise();
    }
    connect(mPanel, &LessonPanel::message, window,
            [window](const QString &text) { window->statusBar()->showMessage(text, 12000); });

    mNextStep = new QAction(tr("Next Lesson Step"), window);
    mNextStep->setObjectName(QStringLiteral("nextLessonStepAction"));
    mPreviousStep = new QAction(tr("Previous Lesson Step"), window);
    mPreviousStep->setObjectName(QStringLiteral("previousLessonStepAction"));
    for (QAction *a : {mNextStep, mPreviousStep}) {
        a->setShortcutContext(Qt::WindowShortcut);
        window->addAction(a);
    }
    connect(mNextStep, &QAction::triggered, mBanner, &LessonBanner::nextStep);
    connect(mPreviousStep, &QAction::triggered, mBanner, &LessonBanner::previousStep);
    // Esc leaves a lesson shown in the window, as ✕ does (in presentation mode Esc leaves
    // presentation mode first: one level at a time). A fresh reader of the tour pressed Esc and
    // found only the small ✕; an open cell editor still takes its Esc first (the delegate
    // accepts the shortcut override).
    mLeaveLesson = new QAction(tr("Leave the Lesson"), window);
    mLeaveLesson->setObjectName(QStringLiteral("leaveLessonAction"));
    mLeaveLesson->setShortcutContext(Qt::WindowShortcut);
    window->addAction(mLeaveLesson);
    connect(mLeaveLesson, &QAction::triggered, this,
            [document] { document->showStep(std::nullopt); });

    mExportPdf = new QAction(tr("Export &Lesson as PDF…"), window);
    mExportPdf->setObjectName(QStringLiteral("exportLessonPdfAction"));
    mExportPdf->setToolTip(tr("One 16:9 page per lesson step: its title and caption above its "
                              "view, drawn with its settings"));
    connect(mExportPdf, &QAction::triggered, this, &LessonPresenter::exportPdfInteractive);
    mTour = new QAction(tr("Take the &Tour"), window);
    mTour->setObjectName(QStringLiteral("tourAction"));
    mTour->setToolTip(tr("A first lesson, step by step: PageDown or ▶ for the next step"));
    connect(mTour, &QAction::triggered, this, &LessonPresenter::takeTour);

    mPdfNamePrompt = [window](const QString &suggested) {
        return QFileDialog::getSaveFileName(window, tr("Export Lesson as PDF"), suggested,
                                            tr("PDF (*.pdf)"));
    };
    mErrorReporter = [window](const QString &title, const QString &message) {
        warningBox(window, title, message);
    };

    connect(document, &ScenarioDocument::shownStepChanged, this, &LessonPresenter::stepShown);
    connect(document, &ScenarioDocument::changed, this, &LessonPresenter::updateKeys);
    connect(document, &ScenarioDocument::opened, this, &LessonPresenter::scenarioOpened);
    connect(document, &ScenarioDocument::changed, this, [this] {
        mExportPdf->setEnabled(mWindow->document()->baseScenario().lesson.has_value());
    });
    mExportPdf->setEnabled(document->baseScenario().lesson.has_value());

    // A ShortcutOverride nobody accepted goes up from the focus widget to its window: the main
    // window, or a floating dock.
    window->installEventFilter(this);
    for (QDockWidget *dock : window->findChildren<QDockWidget *>())
        dock->installEventFilter(this);
}

bool LessonPresenter::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::ShortcutOverride) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_PageDown || key->key() == Qt::Key_PageUp) &&
            editsWithPageKeys(QApplication::focusWidget(),
                              Appearance::instance()->presentation())) {
            event->accept(); // the key goes to the focus widget, not to the step actions
            return true;
        }
        // Esc in a field being typed into is the field's (the notes go back to their saved
        // text), not "leave the lesson" (a reviewer found the notes' Esc taken by it).
        if (key->key() == Qt::Key_Escape && !Appearance::instance()->presentation() &&
            editsWithPageKeys(QApplication::focusWidget(), false)) {
            event->accept();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

QString LessonPresenter::currentViewName() const
{
    return viewNameOf(mWindow->viewTabs()->currentWidget());
}

int LessonPresenter::tabOfView(const QString &name) const
{
    QTabWidget *tabs = mWindow->viewTabs();
    for (int i = 0; i < tabs->count(); ++i) {
        QWidget *tab = tabs->widget(i);
        const QList<PlotView *> plots = tab->findChildren<PlotView *>();
        if (viewNameOf(tab) == name || std::any_of(plots.cbegin(), plots.cend(), [&](PlotView *p) {
                return p->viewName() == name;
            }))
            return i;
    }
    return -1;
}

QDockWidget *LessonPresenter::dockOfView(const QString &name) const
{
    for (PlotView *view : mWindow->plotViews()) {
        if (view->viewName() != name)
            continue;
        for (QWidget *w = view; w; w = w->parentWidget())
            if (auto *dock = qobject_cast<QDockWidget *>(w))
                return dock;
    }
    return nullptr;
}

QString LessonPresenter::viewTitle(const QString &name) const
{
    if (const int tab = tabOfView(name); tab >= 0)
        return mWindow->viewTabs()->tabText(tab).remove(QLatin1Char('&'));
    if (QDockWidget *dock = dockOfView(name))
        return dock->windowTitle();
    return name;
}

QString LessonPresenter::centreViewBeside(const QString &dockView)
{
    // The MLE optimizer climbs the likelihood landscape; key space moves the keys whose weights
    // the heatmap shows (in numbers, readable beside the dock).
    if (dockView == QLatin1String("mle-optimizer"))
        return QStringLiteral("value-space");
    return QStringLiteral("attention-heatmap");
}

bool LessonPresenter::openView(const QString &name)
{
    // A dock a previous step opened closes again (in presentation mode the docks are closed).
    QDockWidget *opened = std::exchange(mOpenedDock, nullptr);
    if (const int tab = tabOfView(name); tab >= 0) {
        if (opened)
            opened->hide();
        mWindow->viewTabs()->setCurrentIndex(tab);
        return true;
    }
    // A view in a dock (key space, the MLE optimizer): the dock is shown and raised, and the
    // centre shows the view that goes with it (centreViewBeside), not whatever tab the step
    // shown before had left there: a step looks the same whichever way it is reached.
    if (QDockWidget *dock = dockOfView(name)) {
        if (const int tab = tabOfView(centreViewBeside(name)); tab >= 0)
            mWindow->viewTabs()->setCurrentIndex(tab);
        if (opened && opened != dock)
            opened->hide();
        if (!dock->isVisible() || dock == opened)
            mOpenedDock = dock;
        dock->show();
        dock->raise();
        return true;
    }
    return false;
}

void LessonPresenter::stepShown(std::optional<int> step)
{
    mStartPending = false; // a step shown (or left) since a scenario opened: see scenarioOpened()
    ScenarioDocument *document = mWindow->document();
    const std::optional<Lesson> &lesson = document->baseScenario().lesson;
    if (step && lesson && *step < int(lesson->steps.size())) {
        const LessonStep &s = lesson->steps[size_t(*step)];
        if (!mTabBeforeLesson)
            mTabBeforeLesson = mWindow->viewTabs()->currentIndex();
        if (document->isModel()) // the step's head first: the views and the query follow it
            document->setSelectedHead(s.headIndex());
        openView(s.view);
        // A step shown in a dock (key space) keeps its view whatever the central tab shows.
        if (currentViewName() == s.view)
            mStepTab = mWindow->viewTabs()->currentIndex();
        else
            mStepTab.reset();
        mBanner->setOnAnotherView(false);
        document->setSelectedQuery(s.queryIndex());
        // What the step's `set` changed is marked in the Scenario panel (the caption may not
        // say; a fresh reader of the tour scanned the panel for it); a step without leaves no
        // marks of the one before.
        mWindow->controlPanel()->markChanged(s.set ? s.set->keys() : QStringList());
        // The derivation opens on the line its steps come to (wherever it was scrolled before).
        if (s.view == QLatin1String("derivation"))
            mWindow->derivationPanel()->showMleResult();
        else if (s.view.startsWith(QLatin1String("maxent-")))
            mWindow->maxEntView()->showPlot(s.view);
        else if (s.view == QLatin1String("value-space"))
            mWindow->valueSpacePanel()->showPlane();
        mWindow->statusBar()->showMessage(
            tr("Step %1 of %2: %3").arg(*step + 1).arg(lesson->steps.size()).arg(s.title), 8000);
    } else {
        mStepTab.reset();
        mBanner->setOnAnotherView(false);
        mWindow->controlPanel()->markChanged({});
        if (QDockWidget *opened = std::exchange(mOpenedDock, nullptr))
            opened->hide(); // leaving the lesson closes what it opened
        // …and shows the view that was shown before it began.
        if (const std::optional<int> tab = std::exchange(mTabBeforeLesson, std::nullopt);
            tab && *tab < mWindow->viewTabs()->count())
            mWindow->viewTabs()->setCurrentIndex(*tab);
        // Left the tour that replaced the start-up figure (F5 or Help ▸ Take the Tour on it):
        // the figure again, with its own notes
        // (a fresh reader, after ✕, found the tour example's notes where the figure's had been).
        // Queued: the document is in the middle of saying which step it shows.
        if (std::exchange(mTourReplacedStartUpFigure, false) && lesson) {
            QTimer::singleShot(0, mWindow, [this] {
                ScenarioDocument *document = mWindow->document();
                if (!document->isExample() || document->isModified() || document->shownStep() ||
                    document->displayName() != ScenarioDocument::tr("%1 (example)")
                                                   .arg(QStringLiteral("default.softmaxlab.json")))
                    return; // the reader's own edits, another scenario, or back in the tour
                document->newScenario();
                mLeftStartUpTour = true;
                mWindow->statusBar()->showMessage(
                    tr("Left the tour: the start-up figure as it was (Help ▸ Take the Tour "
                       "shows it again)"),
                    8000);
            });
        }
        // The status bar's "Step n of N" would say the lesson is still on: say where we are
        // (replaced by the tour's own message when the start-up figure comes back).
        if (lesson && mWindow->statusBar()->currentMessage().startsWith(tr("Step ")))
            mWindow->statusBar()->showMessage(
                tr("Left the lesson: the scenario as saved (the Lesson panel shows its steps)"),
                8000);
    }
    updateKeys();
}

bool LessonPresenter::showsUntouchedStartUpFigure() const
{
    const ScenarioDocument *document = mWindow->document();
    return !document->baseScenario().lesson && document->filePath().isEmpty() &&
           !document->isExample() && !document->isModified() &&
           document->baseScenario() == defaultScenario();
}

void LessonPresenter::openTourOnStartUpFigure()
{
    ScenarioDocument *document = mWindow->document();
    if (mLeftStartUpTour || !showsUntouchedStartUpFigure())
        return;
    if (!document->loadExample(QStringLiteral(":/scenarios/default.softmaxlab.json"))) {
        mTourReplacedStartUpFigure = true;
        mWindow->statusBar()->showMessage(tr("The tour: PageDown for the next step"), 8000);
    }
}

void LessonPresenter::scenarioOpened()
{
    // A scenario opened while presenting is presented as F5 presents it: its lesson starts at
    // step 1, and leaving presentation mode leaves it (a fresh reader opened an example while
    // presenting, saw no banner, and → started the lesson only then).
    // The lesson starts once whoever opened the scenario is done with it (the window's
    // "Opened …" would else replace the step's status line; a recovery adds its edits first),
    // unless a step is shown before then (the tour shows its own): stepShown() drops the start.
    ScenarioDocument *document = mWindow->document();
    mStartedByPresentation = false;
    mStartPending = Appearance::instance()->presentation() && document->baseScenario().lesson &&
                    !document->shownStep();
    if (!mStartPending)
        return;
    QTimer::singleShot(0, this, [this] {
        ScenarioDocument *document = mWindow->document();
        if (std::exchange(mStartPending, false) && Appearance::instance()->presentation() &&
            document->baseScenario().lesson && !document->shownStep() && !document->showStep(0))
            mStartedByPresentation = true;
    });
}

void LessonPresenter::updateKeys()
{
    const bool presenting = Appearance::instance()->presentation();
    ScenarioDocument *document = mWindow->document();
    const bool hasLesson = document->baseScenario().lesson.has_value();
    // Presentation mode starts the lesson, and ends it when it started it; a lesson already
    // shown in the window (Help ▸ Take the Tour) stays on its step when F5 or Esc leaves
    // presentation mode (only × or leaving the last step ends it).
    if (presenting != mWasPresenting) {
        mWasPresenting = presenting;
        // A step that stays shown shows its view again once the docks have closed (entering)
        // or come back as they were (leaving): a fresh reader had the Lesson panel in front of
        // the key-space dock of step 4, pressed F5 and saw no key space.
        const auto showStepView = [&] {
            const std::optional<int> shown = document->shownStep();
            if (shown && hasLesson && *shown < int(document->baseScenario().lesson->steps.size()))
                openView(document->baseScenario().lesson->steps[size_t(*shown)].view);
        };
        if (presenting && hasLesson && !document->shownStep()) {
            mOpenedDockBeforePresentation = nullptr;
            document->showStep(0);
            mStartedByPresentation = true;
        } else if (presenting) {
            mStartedByPresentation = false;
            // The window's docks are closed now: what the step opens is opened for the
            // presentation, and the window's own record comes back when it ends.
            mOpenedDockBeforePresentation = std::exchange(mOpenedDock, nullptr);
            showStepView();
        } else {
            // Back in the window: its own record of a dock a step opened comes back.
            mOpenedDock = std::exchange(mOpenedDockBeforePresentation, nullptr);
            if (document->shownStep() && std::exchange(mStartedByPresentation, false))
                document->showStep(std::nullopt);
            else if (document->shownStep())
                showStepView();
            // The lesson ended while presenting (× or PageUp on step 1): that dock closes, as
            // leaving the lesson in the window does.
            else if (QDockWidget *opened = std::exchange(mOpenedDock, nullptr))
                opened->hide();
        }
        // A step on the derivation that stays shown is laid out anew in the other text size:
        // its line scrolled out of sight (it was placed for the size before).
        const std::optional<int> step = document->shownStep();
        if (step && hasLesson && *step < int(document->baseScenario().lesson->steps.size()) &&
            document->baseScenario().lesson->steps[size_t(*step)].view ==
                QLatin1String("derivation"))
            mWindow->derivationPanel()->showMleResult();
    }
    if (!mWindow->previousQueryAction())
        return; // before the menus exist
    const bool stepping = presenting && hasLesson;
    // In the window, PageDown/PageUp step while a step is shown (Help ▸ Take the Tour opens one
    // there), even from a list or a text view, but not from an editor (eventFilter); ← → stay
    // with the tables and fields.
    const bool stepShown = hasLesson && document->shownStep().has_value();
    mLeaveLesson->setShortcuts(stepShown && !presenting ? QList<QKeySequence>{Qt::Key_Escape}
                                                        : QList<QKeySequence>{});
    mNextStep->setShortcuts(stepping    ? QList<QKeySequence>{Qt::Key_PageDown, Qt::Key_Right}
                            : stepShown ? QList<QKeySequence>{Qt::Key_PageDown}
                                        : QList<QKeySequence>{});
    mPreviousStep->setShortcuts(stepping    ? QList<QKeySequence>{Qt::Key_PageUp, Qt::Key_Left}
                                : stepShown ? QList<QKeySequence>{Qt::Key_PageUp}
                                            : QList<QKeySequence>{});
    // ← → belong to the lesson then; otherwise to the query (MainWindow::applyAppearance).
    mWindow->previousQueryAction()->setShortcuts(stepping ? QList<QKeySequence>{}
                                                 : presenting
                                                     ? QList<QKeySequence>{Qt::Key_Left}
                                                     : QList<QKeySequence>{Qt::ALT | Qt::Key_Left});
    mWindow->nextQueryAction()->setShortcuts(stepping ? QList<QKeySequence>{}
                                             : presenting
                                                 ? QList<QKeySequence>{Qt::Key_Right}
                                                 : QList<QKeySequence>{Qt::ALT | Qt::Key_Right});
}

void LessonPresenter::exportPdfInteractive()
{
    ScenarioDocument *document = mWindow->document();
    const Scenario &base = document->baseScenario();
    if (!base.lesson) {
        mErrorReporter(tr("Export Lesson as PDF"),
                       tr("This scenario has no lesson yet: add steps in the Lesson panel."));
        return;
    }
    // Beside the scenario file, with its name; for an unsaved scenario or an example, in the
    // home folder, named after the scenario's title ("one-query-three-keys.pdf").
    const QString file = document->filePath();
    QString suggested;
    if (file.isEmpty() || file.startsWith(QLatin1Char(':'))) {
        suggested =
            QDir::home().filePath(document->titleStem(tr("lesson")) + QStringLiteral(".pdf"));
    } else {
        suggested = QFileInfo(file).dir().filePath(
            QFileInfo(file).fileName().section(QLatin1Char('.'), 0, 0) + QStringLiteral(".pdf"));
    }
    QString path = mPdfNamePrompt(suggested);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".pdf");
    int pages = 0;
    if (auto error = exportLessonPdf(base, path, &pages)) {
        mErrorReporter(tr("Export Lesson as PDF"), *error);
        return;
    }
    mWindow->statusBar()->showMessage(
        tr("Exported %1 (%n page(s))", nullptr, pages).arg(QDir::toNativeSeparators(path)), 12000);
}

void LessonPresenter::takeTour()
{
    // With unsaved edits, the question says that the tour replaces them with its own scenario.
    ScenarioDocument *document = mWindow->document();
    const bool hadEdits = document->isModified();
    // Taken on the untouched start-up figure, leaving the tour brings the figure back, as when
    // F5 started it (a fresh reader, after Help ▸ Take the Tour and ✕, found the example's
    // notes and name in its place).
    const bool onStartUpFigure = showsUntouchedStartUpFigure();
    mWindow->openExample(QStringLiteral(":/scenarios/default.softmaxlab.json"),
                         tr("The tour opens its own example scenario in place of this one."));
    // "Save changes?" cancelled (or the save failed): the reader's scenario stays, edits and
    // all, and so does what it showed; its own lesson is not started in the tour's place.
    if (hadEdits && document->isModified())
        return;
    mTourReplacedStartUpFigure = onStartUpFigure && document->isExample();
    if (document->baseScenario().lesson)
        document->showStep(0);
    // The tour was asked for: it stays on its step when presentation mode is left, as a tour
    // taken in the window does (not as a lesson F5 started, whatever F5 started before).
    mStartedByPresentation = false;
}

} // namespace sml
