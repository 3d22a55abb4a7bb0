#pragma once

#include "document/commands/ScenarioCommand.h"

namespace sml {

/// Replaces the whole scenario (title and notes, adding or removing a dimension, importing
/// matrices). Keeps both scenarios, so it is meant for edits that touch many fields at once.
class ReplaceScenarioCommand : public ScenarioCommand
{
public:
    ReplaceScenarioCommand(CommandTarget *target, Scenario oldScenario, Scenario newScenario,
                           const QString &text);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

private:
    Scenario mOld;
    Scenario mNew;
};

} // namespace sml
