#include "document/commands/AddQueryCommand.h"

#include <QCoreApplication>

namespace sml {

AddQueryCommand::AddQueryCommand(CommandTarget *target, int at, QueryRow row)
    : ScenarioCommand(target, CommandId::AddQuery,
                      QCoreApplication::translate("AddQueryCommand", "Add query %1")
                          .arg(tokenName(row.label, at))),
      mAt(at), mRow(std::move(row))
{
}

void AddQueryCommand::apply(Scenario &s) const
{
    insertQueryRow(s, mAt, mRow);
}

void AddQueryCommand::revert(Scenario &s) const
{
    removeQueryRow(s, mAt);
}

} // namespace sml
