#include "ReplaceScenarioCommand.h"

namespace sml {

ReplaceScenarioCommand::ReplaceScenarioCommand(ScenarioDocument *document, Scenario oldScenario,
                                               Scenario newScenario, const QString &text)
    : ScenarioCommand(document, CommandId::ReplaceScenario, text), mOld(std::move(oldScenario)),
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
