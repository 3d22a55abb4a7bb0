#pragma once

#include "ScenarioRows.h"
#include "document/commands/ScenarioCommand.h"

namespace sml {

/// Inserts a key (with its value, label and free-variance column) before index `at`.
class AddKeyCommand : public ScenarioCommand
{
public:
    AddKeyCommand(CommandTarget *target, int at, KeyRow row);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

private:
    int mAt;
    KeyRow mRow;
};

} // namespace sml
