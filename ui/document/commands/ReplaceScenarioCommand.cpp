#include "document/commands/ReplaceScenarioCommand.h"

namespace sml {

ReplaceScenarioCommand::ReplaceScenarioCommand(CommandTarget *target, Scenario oldScenario,
                                               Scenario newScenario, const QString &text)
    : ScenarioCommand(target, CommandId::ReplaceScenario, text), mOld(std::move(oldScenario)),
      mNew(std::move(newScenario))
{
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
