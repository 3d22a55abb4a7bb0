#include "SetVarianceModeCommand.h"

#include <QCoreApplication>

namespace sml {

SetVarianceModeCommand::SetVarianceModeCommand(ScenarioDocument *document, VarianceMode oldMode,
                                               Eigen::MatrixXd oldVariances, VarianceMode newMode,
                                               Eigen::MatrixXd newVariances)
    : ScenarioCommand(
          document, CommandId::SetVarianceMode,
          QCoreApplication::translate("SetVarianceModeCommand", "Change variance model")),
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
