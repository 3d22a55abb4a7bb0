#include "document/commands/SetLessonCommand.h"

namespace sml {

SetLessonCommand::SetLessonCommand(CommandTarget *target, std::optional<Lesson> oldLesson,
                                   std::optional<Lesson> newLesson, const QString &text)
    : ScenarioCommand(target, CommandId::SetLesson, text), mOld(std::move(oldLesson)),
      mNew(std::move(newLesson))
{
}

} // namespace sml
