#pragma once

#include "Model.h"

#include <QString>

namespace sml {

/// Which numeric table a cell belongs to (SetCellCommand, ScenarioDocument::setCell).
enum class CellTable
{
    Query,    ///< queries, m×d_k
    Key,      ///< keys, T×d_k
    Value,    ///< values, T×d_v
    Variance, ///< free variances σ²_it, m×T (MATH.md §4.1, free mode)
};

/// A query or a key: which kind of vector a drag in key space moves (MATH.md §4.5;
/// MoveVectorCommand), and which kind of row a table moves up or down (ReorderCommand).
enum class VectorKind
{
    Query, ///< a row of the queries, d_k
    Key,   ///< a row of the keys, d_k
};

/// Whose token label an edit renames (SetLabelCommand, ScenarioDocument::setLabel).
enum class LabelTarget
{
    Query,
    Key
};

/// Which matrix of a model scenario's `model` section a table edits (MATH.md §8;
/// ScenarioDocument::setModelCell).
enum class ModelMatrix
{
    Embeddings, ///< X, T×d_model (the tokens' embeddings)
    WQ,         ///< W_Q of a head, d_model×d_k
    WK,         ///< W_K of a head, d_model×d_k
    WV,         ///< W_V of a head, d_model×d_v
};

/// "X", "W_Q", "W_K" or "W_V": the matrix's name in MATH.md §8, for undo texts and tooltips.
inline QString modelMatrixName(ModelMatrix which)
{
    static const char *const names[] = {"X", "W_Q", "W_K", "W_V"};
    return QString::fromLatin1(names[int(which)]);
}

/// The matrix `which` of `model`: the embeddings X (T×d_model; `head` ignored), or head `head`'s
/// W_Q, W_K (d_model×d_k) or W_V (d_model×d_v). Precondition: 0 ≤ head < H for a projection.
template <class M> auto &modelMatrix(M &model, ModelMatrix which, int head)
{
    if (which == ModelMatrix::Embeddings)
        return model.embeddings;
    auto &h = model.heads[size_t(head)];
    return which == ModelMatrix::WQ ? h.wQ : which == ModelMatrix::WK ? h.wK : h.wV;
}

} // namespace sml
