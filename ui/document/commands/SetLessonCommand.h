#pragma once

#include "Lesson.h"
#include "document/commands/ScenarioCommand.h"

#include <optional>

namespace sml {

/// Replaces the scenario's `lesson` (scenario-format.md, `lesson`) by another: a step added
/// ("Add step from what I see"), a title or caption edited, a step moved or deleted, or the
/// settings a shown step collected (ScenarioDocument::showStep). Only the lesson changes; the
/// rest of the scenario is untouched. Never merges.
class SetLessonCommand : public ScenarioCommand
{
public:
    SetLessonCommand(CommandTarget *target, std::optional<Lesson> oldLesson,
                     std::optional<Lesson> newLesson, const QString &text);

    void apply(Scenario &scenario) const override { scenario.lesson = mNew; }
    void revert(Scenario &scenario) const override { scenario.lesson = mOld; }

private:
    std::optional<Lesson> mOld;
    std::optional<Lesson> mNew;
};

} // namespace sml
