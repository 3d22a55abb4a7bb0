#pragma once

#include "ScenarioRows.h"
#include "document/commands/ScenarioCommand.h"

namespace sml {

/// Removes key `at` (and its value); undo puts back everything the scenario held about it.
class RemoveKeyCommand : public ScenarioCommand
{
public:
    /// `removed` is keyRowAt(scenario, at) taken before the removal.
    RemoveKeyCommand(CommandTarget *target, int at, KeyRow removed);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

private:
    int mAt;
    KeyRow mRow;
};

} // namespace sml
