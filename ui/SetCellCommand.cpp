#include "SetCellCommand.h"

#include <QCoreApplication>

namespace sml {

static QString cellText(CellTable table)
{
    switch (table) {
    case CellTable::Query:
        return QCoreApplication::translate("SetCellCommand", "Edit query");
    case CellTable::Key:
        return QCoreApplication::translate("SetCellCommand", "Edit key");
    case CellTable::Value:
        return QCoreApplication::translate("SetCellCommand", "Edit value");
    case CellTable::Variance:
        return QCoreApplication::translate("SetCellCommand", "Edit variance σ²");
    }
    return {};
}

SetCellCommand::SetCellCommand(ScenarioDocument *document, CellTable table, int row, int column,
                               double oldValue, double newValue, int gesture)
    : ScenarioCommand(document, CommandId::SetCell, cellText(table), gesture), mTable(table),
      mRow(row), mColumn(column), mOld(oldValue), mNew(newValue)
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
