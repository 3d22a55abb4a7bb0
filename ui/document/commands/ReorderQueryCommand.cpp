#include "document/commands/ReorderQueryCommand.h"

#include <QCoreApplication>

namespace sml {

static QString reorderText(int from, int to, const QString &name)
{
    if (to == from - 1)
        return QCoreApplication::translate("ReorderQueryCommand", "Move query %1 up").arg(name);
    if (to == from + 1)
        return QCoreApplication::translate("ReorderQueryCommand", "Move query %1 down").arg(name);
    return QCoreApplication::translate("ReorderQueryCommand", "Move query %1 to position %2")
        .arg(name)
        .arg(to + 1);
}

ReorderQueryCommand::ReorderQueryCommand(CommandTarget *target, int from, int to,
                                         const QString &label)
    : ScenarioCommand(target, CommandId::ReorderQuery,
                      reorderText(from, to, tokenName(label, from))),
      mFrom(from), mTo(to)
{
}

static void moveQuery(Scenario &s, int from, int to)
{
    const QueryRow row = queryRowAt(s, from);
    removeQueryRow(s, from);
    insertQueryRow(s, to, row);
}

void ReorderQueryCommand::apply(Scenario &s) const
{
    moveQuery(s, mFrom, mTo);
}

void ReorderQueryCommand::revert(Scenario &s) const
{
    moveQuery(s, mTo, mFrom);
}

} // namespace sml
