#pragma once

#include "document/commands/ScenarioCommand.h"

namespace sml {

/// Sets the mask: none or causal (MATH.md §2, "Masks").
class SetMaskCommand : public ScenarioCommand
{
public:
    SetMaskCommand(CommandTarget *target, MaskKind oldMask, MaskKind newMask);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

private:
    MaskKind mOld;
    MaskKind mNew;
};

} // namespace sml
