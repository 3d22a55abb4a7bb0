#include "document/commands/SetMaskCommand.h"

#include <QCoreApplication>

namespace sml {

SetMaskCommand::SetMaskCommand(CommandTarget *target, MaskKind oldMask, MaskKind newMask)
    : ScenarioCommand(target, CommandId::SetMask,
                      newMask == MaskKind::Causal
                          ? QCoreApplication::translate("SetMaskCommand", "Set mask to causal")
                          : QCoreApplication::translate("SetMaskCommand", "Set mask to none")),
      mOld(oldMask), mNew(newMask)
{
}

void SetMaskCommand::apply(Scenario &s) const
{
    s.mask = mNew;
}

void SetMaskCommand::revert(Scenario &s) const
{
    s.mask = mOld;
}

} // namespace sml
