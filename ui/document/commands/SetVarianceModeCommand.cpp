#include "document/commands/SetVarianceModeCommand.h"

#include <QCoreApplication>

namespace sml {

SetVarianceModeCommand::SetVarianceModeCommand(CommandTarget *target, VarianceMode oldMode,
                                               Eigen::MatrixXd oldVariances, VarianceMode newMode,
                                               Eigen::MatrixXd newVariances)
    : ScenarioCommand(
          target, CommandId::SetVarianceMode,
          newMode == VarianceMode::Free
              ? QCoreApplication::translate("SetVarianceModeCommand", "Set variances to free")
              : QCoreApplication::translate("SetVarianceModeCommand", "Set variances to linked")),
      mOldMode(oldMode), mOldVariances(std::move(oldVariances)), mNewMode(newMode),
      mNewVariances(std::move(newVariances))
{
}

void SetVarianceModeCommand::apply(Scenario &s) const
{
    s.varianceMode = mNewMode;
    s.freeVariances = mNewVariances;
}

void SetVarianceModeCommand::revert(Scenario &s) const
{
    s.varianceMode = mOldMode;
    s.freeVariances = mOldVariances;
}

} // namespace sml
