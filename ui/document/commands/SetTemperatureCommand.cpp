#include "document/commands/SetTemperatureCommand.h"

#include <QCoreApplication>

namespace sml {

static QString temperatureText(TemperatureMode mode, double tau)
{
    if (mode == TemperatureMode::SqrtDk)
        return QCoreApplication::translate("SetTemperatureCommand", "Set τ = √d_k");
    return QCoreApplication::translate("SetTemperatureCommand", "Set τ to %1")
        .arg(ScenarioCommand::numberText(tau));
}

SetTemperatureCommand::SetTemperatureCommand(CommandTarget *target, TemperatureMode oldMode,
                                             double oldTau, TemperatureMode newMode, double newTau,
                                             int gesture)
    : ScenarioCommand(target, CommandId::SetTemperature, temperatureText(newMode, newTau), gesture),
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
    setText(temperatureText(mNewMode, mNewTau));
    return true;
}

} // namespace sml
