#pragma once

#include "ScenarioRows.h"
#include "document/commands/ScenarioCommand.h"

namespace sml {

/// Moves key `from` to index `to` (0-based, both < the number of keys), taking everything the
/// scenario stores about it along (label, vector, value, free-variance column, unknown fields):
/// the "move up/down" of the keys table. Undo moves it back, restoring the scenario exactly.
class ReorderKeyCommand : public ScenarioCommand
{
public:
    ReorderKeyCommand(CommandTarget *target, int from, int to, const QString &label);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

private:
    int mFrom;
    int mTo;
};

} // namespace sml
