#include "RemoveQueryCommand.h"

#include <QCoreApplication>

namespace sml {

RemoveQueryCommand::RemoveQueryCommand(ScenarioDocument *document, int at, QueryRow removed)
    : ScenarioCommand(document, CommandId::RemoveQuery,
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
