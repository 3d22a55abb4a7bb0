#include "document/commands/RemoveQueryCommand.h"

#include <QCoreApplication>

namespace sml {

RemoveQueryCommand::RemoveQueryCommand(CommandTarget *target, int at, QueryRow removed)
    : ScenarioCommand(target, CommandId::RemoveQuery,
                      QCoreApplication::translate("RemoveQueryCommand", "Remove query %1")
                          .arg(tokenName(removed.label, at))),
      mAt(at), mRow(std::move(removed))
{
}

void RemoveQueryCommand::apply(Scenario &s) const
{
    removeQueryRow(s, mAt);
}

void RemoveQueryCommand::revert(Scenario &s) const
{
    insertQueryRow(s, mAt, mRow);
}

} // namespace sml
