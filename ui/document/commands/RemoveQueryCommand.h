#pragma once

#include "ScenarioRows.h"
#include "document/commands/ScenarioCommand.h"

namespace sml {

/// Removes query `at`; undo puts back everything the scenario held about it.
class RemoveQueryCommand : public ScenarioCommand
{
public:
    /// `removed` is queryRowAt(scenario, at) taken before the removal.
    RemoveQueryCommand(CommandTarget *target, int at, QueryRow removed);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

private:
    int mAt;
    QueryRow mRow;
};

} // namespace sml
