#pragma once

#include "document/commands/ScenarioCommand.h"

namespace sml {

/// Sets σ0² of the linked variance model (MATH.md §4.1). σ0² cancels from the weights but moves
/// the variances and the log-likelihood.
class SetSigma0SquaredCommand : public ScenarioCommand
{
public:
    SetSigma0SquaredCommand(CommandTarget *target, double oldValue, double newValue,
                            int gesture = 0);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

protected:
    bool mergeFrom(const ScenarioCommand *other) override;

private:
    double mOld;
    double mNew;
};

} // namespace sml
