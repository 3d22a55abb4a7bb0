#include "document/commands/ReplaceScenarioCommand.h"

#include "document/commands/CommandTarget.h"

namespace sml {

ReplaceScenarioCommand::ReplaceScenarioCommand(CommandTarget *target, Scenario oldScenario,
                                               Scenario newScenario, const QString &text,
                                               std::optional<FileChange> file)
    : ScenarioCommand(target, CommandId::ReplaceScenario, text), mOld(std::move(oldScenario)),
      mNew(std::move(newScenario)), mFile(std::move(file))
{
}

void ReplaceScenarioCommand::redo()
{
    if (mFile)
        target()->commandSetFile(mFile->newPath, mFile->newDisplayName);
    ScenarioCommand::redo();
}

void ReplaceScenarioCommand::undo()
{
    if (mFile)
        target()->commandSetFile(mFile->oldPath, mFile->oldDisplayName);
    ScenarioCommand::undo();
}

void ReplaceScenarioCommand::apply(Scenario &s) const
{
    s = mNew;
}

void ReplaceScenarioCommand::revert(Scenario &s) const
{
    s = mOld;
}

} // namespace sml
