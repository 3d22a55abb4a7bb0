// ScenarioDocument, continued: the lesson (scenario-format.md, `lesson`; issue 18). A shown step
// is the base scenario with the step's settings (applyStep); while it is shown, the five
// settings edited are the step's, everything else is temporary.
#include "document/ScenarioDocument.h"

#include "Lesson.h"
#include "document/commands/SetterCommands.h"

#include <QUndoStack>

#include <algorithm>

namespace sml {

std::optional<int> ScenarioDocument::shownStep() const
{
    if (!mShown)
        return std::nullopt;
    return mShown->index;
}

const Scenario &ScenarioDocument::baseScenario() const
{
    return mShown ? mShown->base : mScenario;
}

void ScenarioDocument::commandApplied()
{
    if (mLeavingStep)
        return; // leaveShownStep() replaces the scenario and recomputes once
    followShownStep();
    scenarioEdited();
}

void ScenarioDocument::followShownStep()
{
    if (!mShown || !mScenario.lesson || mShown->index >= int(mScenario.lesson->steps.size()))
        return;
    // An edit that changed the shape is temporary as a whole: the step's `set` is measured
    // against a base of the same shape only.
    const Scenario &base = mShown->base;
    if (mScenario.m() != base.m() || mScenario.T() != base.T() ||
        mScenario.model.has_value() != base.model.has_value())
        return;
    mScenario.lesson->steps[size_t(mShown->index)].set =
        settingOverrides(mShown->baseSettings, mScenario);
    mShown->base.lesson = mScenario.lesson;
}

ScenarioDocument::Error ScenarioDocument::showStep(std::optional<int> step)
{
    const Scenario &base = baseScenario();
    if (step && (!base.lesson || *step < 0 || *step >= int(base.lesson->steps.size())))
        return base.lesson ? tr("The lesson has no step %1 (it has %2).")
                                 .arg(*step + 1)
                                 .arg(base.lesson->steps.size())
                           : tr("The scenario has no lesson.");
    if (shownStep() == step)
        return std::nullopt;
    if (mShown)
        leaveShownStep();
    if (step)
        enterStep(*step);
    scenarioEdited();
    emit shownStepChanged(step);
    return std::nullopt;
}

void ScenarioDocument::enterStep(int step)
{
    Scenario shown = applyStep(mScenario, step);
    QJsonObject settings = lessonSettingsJson(mScenario);
    mShown =
        ShownStep{step,         std::move(mScenario), std::move(settings),
                  shown.lesson, mUndoStack->index(),  mUndoStack->count() - mUndoStack->index()};
    mScenario = std::move(shown);
}

void ScenarioDocument::changeBaseOfShownStep(const std::function<void()> &change,
                                             int redoCountChange)
{
    const int step = mShown->index;
    // At the step's entry nothing of the step's own edits is left: leaving records nothing (the
    // step's `set`, rewritten by each edit and undo, may differ from the lesson's in form).
    mScenario.lesson = mShown->entryLesson;
    // What there is to redo from before the step: carried across (the stack's count above the
    // index also holds the step's own undone edits, which belong to the step).
    const int redoCount = std::max(0, mShown->entryRedoCount + redoCountChange);
    leaveShownStep();
    change();
    if (mScenario.lesson && step < int(mScenario.lesson->steps.size())) {
        enterStep(step);
        mShown->entryRedoCount = redoCount;
        scenarioEdited();
        emit shownStepChanged(step);
    } else {
        emit shownStepChanged(std::nullopt); // (the edit undone made the step)
    }
}

void ScenarioDocument::undo()
{
    if (!mUndoStack->canUndo())
        return;
    if (mShown && mUndoStack->index() <= mShown->entryUndoIndex)
        changeBaseOfShownStep([this] { mUndoStack->undo(); }, +1);
    else
        mUndoStack->undo();
}

void ScenarioDocument::redo()
{
    if (!mUndoStack->canRedo())
        return;
    if (mShown && mUndoStack->index() == mShown->entryUndoIndex && mShown->entryRedoCount > 0)
        changeBaseOfShownStep([this] { mUndoStack->redo(); }, -1);
    else
        mUndoStack->redo();
}

void ScenarioDocument::leaveShownStep()
{
    ShownStep shown = std::move(*mShown);
    mShown.reset();
    const std::optional<Lesson> edited = mScenario.lesson;
    // Every edit made while the step was shown is undone (the commands apply to the shown
    // scenario, which is then dropped for the base); their settings are in `edited`.
    mLeavingStep = true;
    mUndoStack->setIndex(shown.entryUndoIndex);
    mLeavingStep = false;
    mScenario = std::move(shown.base);
    mScenario.lesson = shown.entryLesson;
    if (!(edited == shown.entryLesson))
        push(std::make_unique<SetLessonCommand>(
            commandTarget(), LessonField{tr("Change step %1").arg(shown.index + 1)},
            shown.entryLesson, edited));
}

std::optional<QJsonObject> ScenarioDocument::shownSettingOverrides() const
{
    return settingOverrides(mShown ? mShown->baseSettings : mSavedSettings, mScenario);
}

ScenarioDocument::Error ScenarioDocument::setLesson(const std::optional<Lesson> &lesson,
                                                    const QString &undoText)
{
    if (auto error = showStep(std::nullopt))
        return error;
    if (lesson == mScenario.lesson)
        return std::nullopt;
    return push(std::make_unique<SetLessonCommand>(commandTarget(), LessonField{undoText},
                                                   mScenario.lesson, lesson));
}

} // namespace sml
