#pragma once

#include "Model.h"
#include "document/commands/EditTargets.h"
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

/// One number of a model's X, W_Q, W_K or W_V (a table cell typed or nudged): only the old and
/// the new number are kept, not two copies of the model (8 MB each at H = 8, d_model = T = 512,
/// issue 19). Edits of the same cell in one gesture merge; `undoText` names the step.
struct ModelCellField
{
    using Value = double;
    static constexpr CommandId id = CommandId::EditModelCell;

    ModelMatrix matrix;
    int head; ///< 0 for X
    int row;
    int column;
    QString undoText;

    void set(Scenario &s, double value) const
    {
        modelMatrix(*s.model, matrix, head)(row, column) = value;
    }
    QString text(double, double) const { return undoText; }
    bool operator==(const ModelCellField &o) const
    {
        return matrix == o.matrix && head == o.head && row == o.row && column == o.column;
    }
};
using ModelCellCommand = SetValueCommand<ModelCellField>;

} // namespace sml
