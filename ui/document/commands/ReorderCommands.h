#pragma once

#include "document/commands/EditTargets.h"
#include "document/commands/ScenarioCommand.h"

namespace sml {

/// Moves query or key `from` to index `to` (0-based, both < the number of queries or keys),
/// taking everything the scenario stores about it along (ScenarioRows.h: label, vector, value,
/// free variances, MaxEnt target, unknown fields): the "move up/down" of the queries and keys
/// tables. Undo moves it back, restoring the scenario exactly.
/// "Move key k2 up", "Move query a down", "Move key k4 to position 1".
class ReorderCommand : public ScenarioCommand
{
public:
    ReorderCommand(CommandTarget *target, VectorKind kind, int from, int to, const QString &label);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

private:
    void move(Scenario &scenario, int from, int to) const;

    VectorKind mKind;
    int mFrom;
    int mTo;
};

} // namespace sml
