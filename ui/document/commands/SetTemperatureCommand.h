#pragma once

#include "document/commands/ScenarioCommand.h"

namespace sml {

/// Sets the temperature: τ = √d_k, or a fixed τ (scenario-format.md, `temperature`).
/// A slider drag passes one gesture number, so the drag is one undo step.
class SetTemperatureCommand : public ScenarioCommand
{
public:
    SetTemperatureCommand(CommandTarget *target, TemperatureMode oldMode, double oldTau,
                          TemperatureMode newMode, double newTau, int gesture = 0);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

protected:
    bool mergeFrom(const ScenarioCommand *other) override;

private:
    TemperatureMode mOldMode;
    double mOldTau;
    TemperatureMode mNewMode;
    double mNewTau;
};

} // namespace sml
