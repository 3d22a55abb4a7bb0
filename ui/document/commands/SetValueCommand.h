#pragma once

#include "document/commands/ScenarioCommand.h"

#include <utility>

namespace sml {

/// The base of a Field with no place of its own (SetValueCommand): all are equal, so every edit
/// of one gesture merges.
struct ScenarioWide
{
    bool operator==(const ScenarioWide &) const = default;
};

/// An edit that sets one value of the scenario and is undone by setting the old value back: the
/// one shape of every setter command (SetterCommands.h), after Tiled's ChangeValue
/// (src/tiled/changevalue.h).
///
/// `Field` says where the value lives and how the edit is named:
///
///     using Value = …;                    // what is set: a number, a label, a table, …
///     static constexpr CommandId id = …;  // its merge id (CommandIds.h)
///     void set(Scenario &, const Value &) const;
///     QString text(const Value &oldValue, const Value &newValue) const; // the undo text
///     bool operator==(const Field &) const; // the same place: edits of one gesture merge
///
/// A Field of a value the scenario has only one of (τ, the mask, σ0²…) derives from ScenarioWide
/// for its operator==.
///
/// Commands of one gesture (the same non-zero gesture number) on equal fields merge into one undo
/// step: the first command's old value is kept, the last one's new value wins, and the undo text
/// follows the new value ("Set σ0² to 3.25").
template <class Field> class SetValueCommand : public ScenarioCommand
{
public:
    using Value = typename Field::Value;

    SetValueCommand(CommandTarget *target, Field field, Value oldValue, Value newValue,
                    int gesture = 0)
        : ScenarioCommand(target, Field::id, field.text(oldValue, newValue), gesture),
          mField(std::move(field)), mOld(std::move(oldValue)), mNew(std::move(newValue))
    {
    }

    void apply(Scenario &scenario) const override { mField.set(scenario, mNew); }
    void revert(Scenario &scenario) const override { mField.set(scenario, mOld); }

    const Field &field() const { return mField; }

protected:
    bool mergeFrom(const ScenarioCommand *other) override
    {
        // Same id, so the same Field (ScenarioCommand::mergeWith).
        const auto *o = static_cast<const SetValueCommand *>(other);
        if (!(o->mField == mField))
            return false;
        mNew = o->mNew;
        setText(mField.text(mOld, mNew));
        return true;
    }

private:
    Field mField;
    Value mOld;
    Value mNew;
};

} // namespace sml
