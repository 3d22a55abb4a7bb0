#include "document/commands/ReorderCommands.h"

#include "ScenarioRows.h"

#include <QCoreApplication>

namespace sml {

namespace {

/// "Move key k2 up" (to = from − 1), "Move query a down" (to = from + 1), else "Move key k4 to
/// position 1" (to + 1).
QString reorderText(bool query, int from, int to, const QString &name)
{
    if (to == from - 1)
        return (query ? QCoreApplication::translate("ReorderQueryCommand", "Move query %1 up")
                      : QCoreApplication::translate("ReorderKeyCommand", "Move key %1 up"))
            .arg(name);
    if (to == from + 1)
        return (query ? QCoreApplication::translate("ReorderQueryCommand", "Move query %1 down")
                      : QCoreApplication::translate("ReorderKeyCommand", "Move key %1 down"))
            .arg(name);
    return (query
                ? QCoreApplication::translate("ReorderQueryCommand", "Move query %1 to position %2")
                : QCoreApplication::translate("ReorderKeyCommand", "Move key %1 to position %2"))
        .arg(name)
        .arg(to + 1);
}

template <class Row> void moveRow(Scenario &s, int from, int to)
{
    const Row row = RowsOf<Row>::at(s, from);
    RowsOf<Row>::remove(s, from);
    RowsOf<Row>::insert(s, to, row);
}

} // namespace

ReorderCommand::ReorderCommand(CommandTarget *target, VectorKind kind, int from, int to,
                               const QString &label)
    : ScenarioCommand(target,
                      kind == VectorKind::Query ? CommandId::ReorderQuery : CommandId::ReorderKey,
                      reorderText(kind == VectorKind::Query, from, to, tokenName(label, from))),
      mKind(kind), mFrom(from), mTo(to)
{
}

void ReorderCommand::apply(Scenario &s) const
{
    move(s, mFrom, mTo);
}

void ReorderCommand::revert(Scenario &s) const
{
    move(s, mTo, mFrom);
}

void ReorderCommand::move(Scenario &s, int from, int to) const
{
    if (mKind == VectorKind::Query)
        moveRow<QueryRow>(s, from, to);
    else
        moveRow<KeyRow>(s, from, to);
}

} // namespace sml
