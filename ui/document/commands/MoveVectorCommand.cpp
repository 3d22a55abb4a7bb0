#include "document/commands/MoveVectorCommand.h"

#include <QCoreApplication>

namespace sml {

static QString moveText(VectorKind kind, const QString &label)
{
    return kind == VectorKind::Query
               ? QCoreApplication::translate("MoveVectorCommand", "Move query %1").arg(label)
               : QCoreApplication::translate("MoveVectorCommand", "Move key %1").arg(label);
}

MoveVectorCommand::MoveVectorCommand(CommandTarget *target, VectorKind kind, int row,
                                     const QString &label, Eigen::RowVectorXd oldVector,
                                     Eigen::RowVectorXd newVector, int gesture)
    : ScenarioCommand(target, CommandId::MoveVector, moveText(kind, tokenName(label, row)),
                      gesture),
      mKind(kind), mRow(row), mOld(std::move(oldVector)), mNew(std::move(newVector))
{
}

void MoveVectorCommand::apply(Scenario &s) const
{
    (mKind == VectorKind::Query ? s.queries : s.keys).row(mRow) = mNew;
}

void MoveVectorCommand::revert(Scenario &s) const
{
    (mKind == VectorKind::Query ? s.queries : s.keys).row(mRow) = mOld;
}

bool MoveVectorCommand::mergeFrom(const ScenarioCommand *other)
{
    const auto *o = static_cast<const MoveVectorCommand *>(other);
    if (o->mKind != mKind || o->mRow != mRow)
        return false;
    mNew = o->mNew;
    return true;
}

} // namespace sml
