#include "document/commands/SetLabelCommand.h"

#include <QCoreApplication>

namespace sml {

SetLabelCommand::SetLabelCommand(CommandTarget *document, Target target, int row,
                                 const QString &oldLabel, const QString &newLabel)
    : ScenarioCommand(
          document, CommandId::SetLabel,
          (target == Target::Query
               ? QCoreApplication::translate("SetLabelCommand", "Rename query %1 to “%2”")
               : QCoreApplication::translate("SetLabelCommand", "Rename key %1 to “%2”"))
              .arg(tokenName(oldLabel, row), tokenName(newLabel, row))),
      mTarget(target), mRow(row), mOld(oldLabel), mNew(newLabel)
{
}

void SetLabelCommand::apply(Scenario &s) const
{
    (mTarget == Target::Query ? s.queryLabels : s.keyLabels)[mRow] = mNew;
}

void SetLabelCommand::revert(Scenario &s) const
{
    (mTarget == Target::Query ? s.queryLabels : s.keyLabels)[mRow] = mOld;
}

} // namespace sml
