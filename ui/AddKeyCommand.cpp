#include "AddKeyCommand.h"

#include <QCoreApplication>

namespace sml {

AddKeyCommand::AddKeyCommand(ScenarioDocument *document, int at, KeyRow row)
    : ScenarioCommand(
          document, CommandId::AddKey,
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
