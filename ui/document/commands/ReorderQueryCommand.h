#pragma once

#include "ScenarioRows.h"
#include "document/commands/ScenarioCommand.h"

namespace sml {

/// Moves query `from` to index `to` (0-based, both < the number of queries), taking everything the
/// scenario stores about it along (label, vector, free-variance row, MaxEnt target, unknown
/// fields): the "move up/down" of the queries table. Undo moves it back, restoring the scenario
/// exactly.
class ReorderQueryCommand : public ScenarioCommand
{
public:
    ReorderQueryCommand(CommandTarget *target, int from, int to, const QString &label);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

private:
    int mFrom;
    int mTo;
};

} // namespace sml
