#pragma once

#include "MatrixImport.h"

#include <vector>

namespace sml {

/// Builds a model scenario (scenario-format.md `model`; MATH.md §8) from matrix files: the whole
/// of `softmaxlab --embeddings X --wq WQ --wk WK --wv WV [--wo WO]` ("Command line: additions").
///
/// - X: the token embeddings, T×d_model (CSV or .npy; a CSV label column gives the token labels,
///   else t1, t2, …);
/// - WQ, WK (d_model×d_k) and WV (d_model×d_v): a 2-D matrix (CSV or .npy) for one head, or a
///   3-D .npy stack of shape (H, d_model, d_k) (resp. d_v) for H heads at once; the three give
///   the same H; the heads are labelled "head 1", "head 2", …;
/// - WO ((H·d_v)×d_model, optional; `woPath` may be empty).
/// The scenario gets the file names as its title and a description listing the files and
/// shapes; τ = √d_k; no mask; linked variances with σ0² = 1; MaxEnt targets null. It is then
/// checked by validateScenario (limits, overflowing projections and similarities).
///
/// Errors (LoadError): a reader's error prefixed with the role ("W_Q: \"wq.npy\": shape
/// (2, 2, 2, 2) has 4 dimensions; …"); Structure for shapes that disagree, naming both files and
/// shapes ("W_K \"wk.npy\" (2×3×2) has 3 rows but the embeddings \"x.csv\" (4×2) have
/// d_model = 2"), a 3-D embeddings file, or stacks with different H; then whatever
/// validateScenario reports.
LoadResult importModelScenario(const QString &embeddingsPath, const QString &wqPath,
                               const QString &wkPath, const QString &wvPath, const QString &woPath);

/// The second half of importModelScenario, for a dialog that has already read the matrices to
/// show their shapes: X with readMatrixFile, W_Q, W_K, W_V with readMatrixStackFile, W_O with
/// readMatrixFile. `wo` may be null (no W_O). The `source` of each matrix names it in messages
/// and in the title. Same rules and errors as importModelScenario, minus the reading.
LoadResult modelScenarioFromMatrices(const ImportedMatrix &x, const ImportedMatrix &wq,
                                     const ImportedMatrix &wk, const ImportedMatrix &wv,
                                     const ImportedMatrix *wo);

} // namespace sml
