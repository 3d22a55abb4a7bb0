#include "document/commands/AddKeyCommand.h"

#include <QCoreApplication>

namespace sml {

AddKeyCommand::AddKeyCommand(CommandTarget *target, int at, KeyRow row)
    : ScenarioCommand(
          target, CommandId::AddKey,
          QCoreApplication::translate("AddKeyCommand", "Add key %1").arg(tokenName(row.label, at))),
      mAt(at), mRow(std::move(row))
{
}

void AddKeyCommand::apply(Scenario &s) const
{
    insertKeyRow(s, mAt, mRow);
}

void AddKeyCommand::revert(Scenario &s) const
{
    removeKeyRow(s, mAt);
}

} // namespace sml
