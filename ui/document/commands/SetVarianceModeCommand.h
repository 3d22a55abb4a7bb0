#pragma once

#include "document/commands/ScenarioCommand.h"

namespace sml {

/// Switches the variance model between linked (σ²_it = σ0² exp(−s_it)) and free (MATH.md §4.1).
/// Switching to free starts from the current σ²_it, so the command also carries the free-variance
/// table before and after.
class SetVarianceModeCommand : public ScenarioCommand
{
public:
    SetVarianceModeCommand(CommandTarget *target, VarianceMode oldMode,
                           Eigen::MatrixXd oldVariances, VarianceMode newMode,
                           Eigen::MatrixXd newVariances);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

private:
    VarianceMode mOldMode;
    Eigen::MatrixXd mOldVariances;
    VarianceMode mNewMode;
    Eigen::MatrixXd mNewVariances;
};

} // namespace sml
