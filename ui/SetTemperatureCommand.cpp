#include "SetTemperatureCommand.h"

#include <QCoreApplication>

namespace sml {

SetTemperatureCommand::SetTemperatureCommand(ScenarioDocument *document, TemperatureMode oldMode,
                                             double oldTau, TemperatureMode newMode, double newTau,
                                             int gesture)
    : ScenarioCommand(document, CommandId::SetTemperature,
                      QCoreApplication::translate("SetTemperatureCommand", "Change τ"), gesture),
      mOldMode(oldMode), mOldTau(oldTau), mNewMode(newMode), mNewTau(newTau)
{
}

void SetTemperatureCommand::apply(Scenario &s) const
{
    s.temperatureMode = mNewMode;
    s.fixedTau = mNewTau;
}

void SetTemperatureCommand::revert(Scenario &s) const
{
    s.temperatureMode = mOldMode;
    s.fixedTau = mOldTau;
}

bool SetTemperatureCommand::mergeFrom(const ScenarioCommand *other)
{
    const auto *o = static_cast<const SetTemperatureCommand *>(other);
    mNewMode = o->mNewMode;
    mNewTau = o->mNewTau;
    return true;
}

} // namespace sml
