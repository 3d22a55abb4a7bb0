#include "document/commands/RemoveKeyCommand.h"

#include <QCoreApplication>

namespace sml {

RemoveKeyCommand::RemoveKeyCommand(CommandTarget *target, int at, KeyRow removed)
    : ScenarioCommand(target, CommandId::RemoveKey,
                      QCoreApplication::translate("RemoveKeyCommand", "Remove key %1")
                          .arg(tokenName(removed.label, at))),
      mAt(at), mRow(std::move(removed))
{
}

void RemoveKeyCommand::apply(Scenario &s) const
{
    removeKeyRow(s, mAt);
}

void RemoveKeyCommand::revert(Scenario &s) const
{
    insertKeyRow(s, mAt, mRow);
}

} // namespace sml
