#include "document/commands/ScenarioCommand.h"
#include "document/commands/CommandTarget.h"

#include <QLocale>

namespace sml {

ScenarioCommand::ScenarioCommand(CommandTarget *target, CommandId commandId, const QString &text,
                                 int gesture)
    : QUndoCommand(text), mTarget(target), mCommandId(commandId), mGesture(gesture)
{
}

void ScenarioCommand::redo()
{
    apply(mTarget->commandScenario());
    mTarget->commandApplied();
}

void ScenarioCommand::undo()
{
    revert(mTarget->commandScenario());
    mTarget->commandApplied();
}

int ScenarioCommand::id() const
{
    return mGesture != 0 ? int(mCommandId) : -1;
}

bool ScenarioCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = dynamic_cast<const ScenarioCommand *>(other);
    if (!o || o->mCommandId != mCommandId || o->mGesture != mGesture || mGesture == 0)
        return false;
    return mergeFrom(o);
}

QString ScenarioCommand::tokenName(const QString &label, int index)
{
    const QString simplified = label.simplified();
    if (simplified.isEmpty())
        return QStringLiteral("#%1").arg(index + 1);
    if (simplified.size() > 40)
        return simplified.left(39) + QChar(0x2026);
    return simplified;
}

QString ScenarioCommand::numberText(double value)
{
    return QLocale().toString(value, 'g', 6);
}

bool ScenarioCommand::mergeFrom(const ScenarioCommand *)
{
    return false;
}

} // namespace sml
