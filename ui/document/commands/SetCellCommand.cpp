#include "document/commands/SetCellCommand.h"

#include <QCoreApplication>

namespace sml {

/// "Edit keys[1].vector[0]": the JSON path of the cell in the scenario file (scenario-format.md).
static QString cellText(CellTable table, int row, int column)
{
    QString path;
    switch (table) {
    case CellTable::Query:
        path = QStringLiteral("queries[%1].vector[%2]").arg(row).arg(column);
        break;
    case CellTable::Key:
        path = QStringLiteral("keys[%1].vector[%2]").arg(row).arg(column);
        break;
    case CellTable::Value:
        path = QStringLiteral("keys[%1].value[%2]").arg(row).arg(column);
        break;
    case CellTable::Variance:
        path = QStringLiteral("variance.variances[%1][%2]").arg(row).arg(column);
        break;
    }
    return QCoreApplication::translate("SetCellCommand", "Edit %1").arg(path);
}

SetCellCommand::SetCellCommand(CommandTarget *target, CellTable table, int row, int column,
                               double oldValue, double newValue, int gesture)
    : ScenarioCommand(target, CommandId::SetCell, cellText(table, row, column), gesture),
      mTable(table), mRow(row), mColumn(column), mOld(oldValue), mNew(newValue)
{
}

Eigen::MatrixXd &SetCellCommand::matrix(Scenario &s, CellTable table)
{
    switch (table) {
    case CellTable::Query:
        return s.queries;
    case CellTable::Key:
        return s.keys;
    case CellTable::Value:
        return s.values;
    case CellTable::Variance:
        break;
    }
    return s.freeVariances;
}

const Eigen::MatrixXd &SetCellCommand::matrix(const Scenario &s, CellTable table)
{
    return matrix(const_cast<Scenario &>(s), table);
}

void SetCellCommand::apply(Scenario &s) const
{
    matrix(s, mTable)(mRow, mColumn) = mNew;
}

void SetCellCommand::revert(Scenario &s) const
{
    matrix(s, mTable)(mRow, mColumn) = mOld;
}

bool SetCellCommand::mergeFrom(const ScenarioCommand *other)
{
    const auto *o = static_cast<const SetCellCommand *>(other);
    if (o->mTable != mTable || o->mRow != mRow || o->mColumn != mColumn)
        return false;
    mNew = o->mNew;
    return true;
}

} // namespace sml
