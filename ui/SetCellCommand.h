#pragma once

#include "ScenarioCommand.h"

namespace sml {

/// Which numeric table a cell belongs to.
enum class CellTable
{
    Query,    ///< queries, m×d_k
    Key,      ///< keys, T×d_k
    Value,    ///< values, T×d_v
    Variance, ///< free variances σ²_it, m×T (MATH.md §4.1, free mode)
};

/// Sets one number of the queries, keys, values or free-variance table.
class SetCellCommand : public ScenarioCommand
{
public:
    SetCellCommand(ScenarioDocument *document, CellTable table, int row, int column,
                   double oldValue, double newValue, int gesture = 0);

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
