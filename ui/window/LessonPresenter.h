#pragma once

#include "widgets/Prompts.h"

#include <QDockWidget>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <optional>

class QAction;

namespace sml {

class LessonBanner;
class LessonPanel;
class MainWindow;

/// The lesson in the window (issue 18; scenario-format.md, `lesson`): the step banner above the
/// views, the Lesson dock, stepping in presentation mode, File ▸ Export Lesson as PDF… and
/// Help ▸ Take the Tour. Kept out of MainWindow, which creates it and calls updateKeys().
///
/// - Showing a step (ScenarioDocument::shownStep) opens its view (the tab that holds it, or the
///   dock) and selects its query; leaving the lesson shows the tab shown before it began.
/// - Presentation mode on a scenario with a lesson starts at step 1 (so does a scenario with a
///   lesson opened while presenting) and leaving it shows the base scenario. While presenting,
///   PageDown and → go to the next step, PageUp and ← to the previous one (from step 1: the base
///   scenario); without a lesson ← → step the query as before. In the window, PageDown and PageUp
///   step while a step is shown, unless an editor has the focus (eventFilter).
class LessonPresenter : public QObject
{
    Q_OBJECT

public:
    /// Builds the banner (inserted above the view tabs), the dock and the actions of `window`,
    /// whose central area, docks and document exist.
    explicit LessonPresenter(MainWindow *window);

    LessonBanner *banner() const { return mBanner; }
    LessonPanel *panel() const { return mPanel; }
    QDockWidget *dock() const { return mDock; }
    QAction *nextStepAction() const { return mNextStep; }
    QAction *previousStepAction() const { return mPreviousStep; }
    /// File ▸ Export Lesson as PDF…: a file name, then exportLessonPdf() of the base scenario.
    QAction *exportPdfAction() const { return mExportPdf; }
    /// Help ▸ Take the Tour: opens the default scenario's lesson (:/scenarios/default…) and
    /// shows its first step.
    QAction *tourAction() const { return mTour; }

    /// Asks for the PDF's file name (default: a file dialog); an empty string cancels.
    using PdfNamePrompt = std::function<QString(const QString &suggestedPath)>;
    void setPdfNamePrompt(PdfNamePrompt prompt) { mPdfNamePrompt = std::move(prompt); }
    void setErrorReporter(ErrorReporter reporter) { mErrorReporter = std::move(reporter); }

    /// The export name of the view on the current tab ("weight-bars", "maxent-entropy" for the
    /// Maximum entropy tab, "value-space" for the likelihood landscape, "derivation").
    QString currentViewName() const;
    /// Shows the view `name` (exportViewNames()): its tab, or its dock (a dock it opens closes
    /// again when the next step shows a tab) with centreViewBeside(name) in the centre. False
    /// when unknown.
    bool openView(const QString &name);
    /// The centre view a step on the dock view `dockView` shows beside the dock: the likelihood
    /// landscape beside the MLE optimizer, the attention heatmap beside key space.
    static QString centreViewBeside(const QString &dockView);
    /// What the window calls the view `name`: its tab's text ("Softmax = MLE = MaxEnt") or its
    /// dock's title ("Key space"); `name` itself when the window has no such view.
    QString viewTitle(const QString &name) const;

    /// The start-up figure, untouched (untitled, unchanged, no lesson), becomes the tour's (and
    /// comes back when the tour is left, see stepShown()): the
    /// same figure with its lesson (View ▸ Presentation Mode calls it before presenting, so F5
    /// right after start-up presents the tour, as it does the example; a fresh reader pressed
    /// F5 first and saw no steps). Anything else is left as it is, and so is the figure once
    /// such a tour was left.
    void openTourOnStartUpFigure();
    /// The window shows the start-up figure, untitled, unchanged and without a lesson.
    bool showsUntouchedStartUpFigure() const;

    /// The stepping keys for the Appearance now (MainWindow::applyAppearance calls it last): with
    /// a lesson while presenting, PageDown/→ and PageUp/← step the lesson and the query actions
    /// give up ← →; in the window, PageDown and PageUp while a step is shown. Also starts or leaves
    /// the lesson when presentation mode turns on or off.
    void updateKeys();

protected:
    /// PageDown/PageUp stay with a focused line edit, spin box, editable text or editable item
    /// view (a ShortcutOverride the window and its docks see is accepted for them): the lesson
    /// takes them only when the focus is elsewhere (the step list, the derivation's text, a
    /// plot).
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// The index of the view tab that holds the view `name`, or −1.
    int tabOfView(const QString &name) const;
    /// The dock that holds the view `name`, or null.
    QDockWidget *dockOfView(const QString &name) const;
    void stepShown(std::optional<int> step);
    /// ScenarioDocument::opened: while presenting, a scenario with a lesson starts at step 1.
    void scenarioOpened();
    void exportPdfInteractive();
    void takeTour();

    MainWindow *mWindow;
    LessonBanner *mBanner;
    LessonPanel *mPanel;
    QDockWidget *mDock;
    QAction *mNextStep;
    QAction *mLeaveLesson = nullptr; ///< Esc in the window while a step is shown
    QAction *mPreviousStep;
    QAction *mExportPdf;
    QAction *mTour;
    bool mWasPresenting = false;
    bool mStartedByPresentation = false; ///< F5 started the lesson shown, so leaving it ends it
    /// openTourOnStartUpFigure() put the tour in the start-up figure's place: leaving the tour
    /// puts the figure back, notes and all, unless the reader changed or replaced the tour's.
    bool mTourReplacedStartUpFigure = false;
    /// The reader left a tour that had replaced the start-up figure: F5 presents the figure
    /// itself from then on (it brought the tour back, which the status bar had just said was
    /// left: a fresh reader). Help ▸ Take the Tour still opens it.
    bool mLeftStartUpTour = false;
    /// A scenario with a lesson opened while presenting: its step 1 is shown once the opening
    /// is done, unless a step was shown first (scenarioOpened()).
    bool mStartPending = false;
    /// The dock the shown step opened (it was closed), closed again by the next step.
    QPointer<QDockWidget> mOpenedDock;
    /// mOpenedDock of the window while presentation mode has closed its docks.
    QPointer<QDockWidget> mOpenedDockBeforePresentation;
    /// The view tab shown before the lesson's first step, shown again when the lesson is left.
    std::optional<int> mTabBeforeLesson;
    /// The view tab the shown step opened (or kept): another tab current marks the banner
    /// LessonBanner::setOnAnotherView.
    std::optional<int> mStepTab;
    PdfNamePrompt mPdfNamePrompt;
    ErrorReporter mErrorReporter;
};

} // namespace sml
