#include "document/commands/ReorderKeyCommand.h"

#include <QCoreApplication>

namespace sml {

static QString reorderText(int from, int to, const QString &name)
{
    if (to == from - 1)
        return QCoreApplication::translate("ReorderKeyCommand", "Move key %1 up").arg(name);
    if (to == from + 1)
        return QCoreApplication::translate("ReorderKeyCommand", "Move key %1 down").arg(name);
    return QCoreApplication::translate("ReorderKeyCommand", "Move key %1 to position %2")
        .arg(name)
        .arg(to + 1);
}

ReorderKeyCommand::ReorderKeyCommand(CommandTarget *target, int from, int to, const QString &label)
    : ScenarioCommand(target, CommandId::ReorderKey, reorderText(from, to, tokenName(label, from))),
      mFrom(from), mTo(to)
{
}

static void moveKey(Scenario &s, int from, int to)
{
    const KeyRow row = keyRowAt(s, from);
    removeKeyRow(s, from);
    insertKeyRow(s, to, row);
}

void ReorderKeyCommand::apply(Scenario &s) const
{
    moveKey(s, mFrom, mTo);
}

void ReorderKeyCommand::revert(Scenario &s) const
{
    moveKey(s, mTo, mFrom);
}

} // namespace sml
