#pragma once

#include "document/commands/EditTargets.h"
#include "document/commands/ScenarioCommand.h"

namespace sml {

/// Sets one number of the queries, keys, values or free-variance table.
class SetCellCommand : public ScenarioCommand
{
public:
    SetCellCommand(CommandTarget *target, CellTable table, int row, int column, double oldValue,
                   double newValue, int gesture = 0);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

    /// The matrix a table edits.
    static Eigen::MatrixXd &matrix(Scenario &scenario, CellTable table);
    static const Eigen::MatrixXd &matrix(const Scenario &scenario, CellTable table);

protected:
    bool mergeFrom(const ScenarioCommand *other) override;

private:
    CellTable mTable;
    int mRow;
    int mColumn;
    double mOld;
    double mNew;
};

} // namespace sml
