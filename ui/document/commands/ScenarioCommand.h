#pragma once

#include "Scenario.h"
#include "document/commands/CommandIds.h"

#include <QUndoCommand>

namespace sml {

class CommandTarget;

/// Base of every undoable edit of the document (ARCHITECTURE.md, "The document").
///
/// A command knows how to apply itself to, and revert itself from, a Scenario value. The document
/// uses apply() on a copy to validate the would-be scenario before the command is pushed; redo()
/// and undo() then apply/revert on the document's own scenario and let it recompute the Analysis
/// once. Commands that are part of one gesture (a slider drag) carry the same non-zero gesture
/// number and merge into one undo step.
class ScenarioCommand : public QUndoCommand
{
public:
    ScenarioCommand(CommandTarget *target, CommandId commandId, const QString &text,
                    int gesture = 0);

    /// Applies the edit to `scenario` (the forward direction).
    virtual void apply(Scenario &scenario) const = 0;
    /// Reverts the edit on `scenario`, which must be the result of apply().
    virtual void revert(Scenario &scenario) const = 0;

    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

    CommandId commandId() const { return mCommandId; }
    int gesture() const { return mGesture; }

    /// How an undo text names a query or key: its label, elided to 40 characters, or "#n"
    /// (1-based) when the label is empty ("Remove key k2", "Remove query #3").
    static QString tokenName(const QString &label, int index);
    /// How an undo text shows a number: the user's locale, up to 6 significant digits.
    static QString numberText(double value);

protected:
    /// Takes over the "after" state of `other` (same class, same gesture). Return false when the
    /// two cannot merge. The default refuses.
    virtual bool mergeFrom(const ScenarioCommand *other);
    CommandTarget *target() const { return mTarget; }

private:
    CommandTarget *mTarget;
    CommandId mCommandId;
    int mGesture;
};

} // namespace sml
