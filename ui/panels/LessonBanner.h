#pragma once

#include <QWidget>

class QLabel;
class QToolButton;

namespace sml {

class ScenarioDocument;

/// The step banner above the views (issue 18): while a lesson step is shown
/// (ScenarioDocument::shownStep), its title and caption in large type, "Step i of n", and
/// buttons for the previous and next step and for leaving the lesson (the base scenario).
/// Hidden while the base scenario is shown. The stepping slots are also what PageDown/PageUp
/// and → ← do in presentation mode (window/LessonPresenter).
class LessonBanner : public QWidget
{
    Q_OBJECT

public:
    explicit LessonBanner(ScenarioDocument *document, QWidget *parent = nullptr);

    QLabel *titleLabel() const { return mTitle; }
    QLabel *captionLabel() const { return mCaption; }
    QLabel *counterLabel() const { return mCounter; }
    QToolButton *previousButton() const { return mPrevious; }
    QToolButton *nextButton() const { return mNext; }
    QToolButton *leaveButton() const { return mLeave; }

public slots:
    /// The next step (from the base scenario: step 1); nothing after the last.
    void nextStep();
    /// The previous step; from step 1, the base scenario.
    void previousStep();
    /// The base scenario.
    void leaveLesson();

private:
    void refresh();
    /// The text sizes for the Appearance now (larger in presentation mode).
    void applyFonts();

    ScenarioDocument *mDocument;
    QLabel *mTitle;
    QLabel *mCaption;
    QLabel *mCounter;
    QToolButton *mPrevious;
    QToolButton *mNext;
    QToolButton *mLeave;
};

} // namespace sml
