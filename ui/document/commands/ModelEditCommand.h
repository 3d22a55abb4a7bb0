#pragma once

#include "Model.h"
#include "document/commands/SetValueCommand.h"

#include <QString>

namespace sml {

/// An edit of the `model` section of a model scenario (MATH.md §8; scenario-format.md, `model`):
/// a cell of X, W_Q, W_K or W_V, a token's embedding moved by a key-space drag, a token label, a
/// head's free variance or MaxEnt target. The whole Model before and after is kept (a model of
/// the lesson library is a few thousand numbers), so undo gives it back exactly.
///
/// `place` names where the edit is ("x:2:1", "drag:key:3"): consecutive edits of the same place
/// in one gesture merge into one undo step; `undoText` is the step's name ("Edit X[1] of “the”").
struct ModelField
{
    using Value = Model;
    static constexpr CommandId id = CommandId::EditModel;

    QString place;
    QString undoText;

    void set(Scenario &s, const Model &model) const { s.model = model; }
    QString text(const Model &, const Model &) const { return undoText; }
    bool operator==(const ModelField &o) const { return place == o.place; }
};
using ModelEditCommand = SetValueCommand<ModelField>;

} // namespace sml
