#pragma once

namespace sml {

/// Merge ids of the undo commands (ARCHITECTURE.md, "The document"): one enum for all of them,
/// as in Tiled. QUndoStack merges two consecutive commands only when their ids are equal and
/// mergeWith() agrees; our commands agree only when both belong to the same gesture (a slider
/// drag), so that one gesture is one undo step. A command outside a gesture returns id −1 and
/// never merges.
enum class CommandId
{
    SetCell = 1,
    SetLabel,
    AddQuery,
    RemoveQuery,
    AddKey,
    RemoveKey,
    SetTemperature,
    SetMask,
    SetVarianceMode,
    SetSigma0Squared,
    SetMaxEntTarget,
    ReplaceScenario,
    MoveVector,    ///< a drag of a query or key in key space (MoveVectorCommand)
    ReorderQuery,  ///< move a query up/down in the table (ReorderCommand)
    ReorderKey,    ///< move a key up/down in the table (ReorderCommand)
    SetNormalizer, ///< softmax or α-entmax and its α (NormalizerField)
    SetLesson,     ///< the lesson's steps: added, edited, moved, removed (SetLessonCommand, SetterCommands.h)
    EditModel,     ///< an edit of a model scenario's `model` section (ModelEditCommand)
    EditModelCell, ///< one number of X, W_Q, W_K or W_V (ModelCellCommand)
};

} // namespace sml
