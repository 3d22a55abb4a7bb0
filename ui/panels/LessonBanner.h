#pragma once

#include "widgets/ReservedHeightLabel.h"

#include <QWidget>

class QLabel;
class QToolButton;

namespace sml {

class ScenarioDocument;

/// The step banner above the views (issue 18): while a lesson step is shown
/// (ScenarioDocument::shownStep), its title and caption in large type, "Step i of n", and
/// buttons for the previous and next step and for leaving the lesson (the base scenario).
/// Hidden while the base scenario is shown. The stepping slots are also what PageDown/PageUp
/// (and in presentation mode → ←) do (window/LessonPresenter).
///
/// Out of presentation mode a line below the caption says how to go on (the keys; on the last
/// step that it is the last), with the counter and the buttons beside it so that the title has
/// the banner's whole width. The title, the caption and the hint keep the height of the lesson's
/// tallest at the width they have (ReservedHeightLabel; no minimum heights, so the window's
/// minimum size does not grow), so the views below do not move from step to step.
class LessonBanner : public QWidget
{
    Q_OBJECT

public:
    explicit LessonBanner(ScenarioDocument *document, QWidget *parent = nullptr);

    QLabel *titleLabel() const { return mTitle; }
    QLabel *captionLabel() const { return mCaption; }
    QLabel *counterLabel() const { return mCounter; }
    /// How to go on; shown out of presentation mode only.
    QLabel *hintLabel() const { return mHint; }
    QToolButton *previousButton() const { return mPrevious; }
    QToolButton *nextButton() const { return mNext; }
    QToolButton *leaveButton() const { return mLeave; }

    /// Whether the view shown is another than the one the step opened (Tab or a click on a tab
    /// while presenting): the title and caption then turn grey, the counter says "another
    /// view" and the hint how to go on, so the caption is not read as about the view shown.
    void setOnAnotherView(bool away);
    bool isOnAnotherView() const { return mAway; }

public slots:
    /// The next step (from the base scenario: step 1); nothing after the last.
    void nextStep();
    /// The previous step; from step 1, the base scenario.
    void previousStep();
    /// The base scenario.
    void leaveLesson();

protected:
    /// A new palette (a new theme) recomputes the hint's ink.
    void changeEvent(QEvent *event) override;

private:
    /// The hint on a step before the last, on the last, and on another view than the step's.
    static QString nextHint();
    static QString lastHint();
    static QString awayHint();
    void refresh();
    /// The counter and buttons: beside the title while presenting, else beside the hint.
    void placeControls();
    /// The title, caption and hint texts of every step, whose tallest each label reserves.
    void reserveHeights();
    /// The text sizes for the Appearance now (larger in presentation mode).
    void applyFonts();
    /// The hint's ink: a grey between the text and the background that still reads on the
    /// banner (4.5:1), for the palette now.
    void applyHintInk();

    ScenarioDocument *mDocument;
    ReservedHeightLabel *mTitle;
    ReservedHeightLabel *mCaption;
    QLabel *mCounter;
    ReservedHeightLabel *mHint;
    QToolButton *mPrevious;
    QToolButton *mNext;
    QToolButton *mLeave;
    bool mAway = false;
};

} // namespace sml
