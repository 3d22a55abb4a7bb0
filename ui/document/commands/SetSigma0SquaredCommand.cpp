#include "document/commands/SetSigma0SquaredCommand.h"

#include <QCoreApplication>

namespace sml {

SetSigma0SquaredCommand::SetSigma0SquaredCommand(CommandTarget *target, double oldValue,
                                                 double newValue, int gesture)
    : ScenarioCommand(target, CommandId::SetSigma0Squared,
                      QCoreApplication::translate("SetSigma0SquaredCommand", "Set σ0² to %1")
                          .arg(numberText(newValue)),
                      gesture),
      mOld(oldValue), mNew(newValue)
{
}

void SetSigma0SquaredCommand::apply(Scenario &s) const
{
    s.sigma0Squared = mNew;
}

void SetSigma0SquaredCommand::revert(Scenario &s) const
{
    s.sigma0Squared = mOld;
}

bool SetSigma0SquaredCommand::mergeFrom(const ScenarioCommand *other)
{
    mNew = static_cast<const SetSigma0SquaredCommand *>(other)->mNew;
    setText(QCoreApplication::translate("SetSigma0SquaredCommand", "Set σ0² to %1")
                .arg(numberText(mNew)));
    return true;
}

} // namespace sml
