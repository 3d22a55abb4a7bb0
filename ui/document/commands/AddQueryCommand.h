#pragma once

#include "ScenarioRows.h"
#include "document/commands/ScenarioCommand.h"

namespace sml {

/// Inserts a query (with its label, free-variance row and MaxEnt target) before index `at`.
class AddQueryCommand : public ScenarioCommand
{
public:
    AddQueryCommand(CommandTarget *target, int at, QueryRow row);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

private:
    int mAt;
    QueryRow mRow;
};

} // namespace sml
