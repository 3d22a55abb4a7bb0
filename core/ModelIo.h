#pragma once

#include "Scenario.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

namespace sml {

struct ModelAnalysis;

/// Limits of the version-2 `model` section (scenario-format.md, `model`), on top of every limit
/// of version 1 for each head's Q, K and V.
namespace limits {
constexpr qint64 maxHeads = 64;              ///< H
constexpr qint64 maxModelDim = 4096;         ///< d_model
constexpr qint64 maxModelCells = 50000000;   ///< H·m·T
constexpr qint64 maxModelEntries = 50000000; ///< H·((m + T)·d_k + T·d_v)
} // namespace limits

namespace detail {

// The `model` section of a scenario file (scenario-format.md; MATH.md §8), for ScenarioIo.
// Each reader and check refuses by throwing a Refusal (Refusal.h) whose message names the JSON
// path, the head and the token.

/// Reads `model` of the top-level object into s.model. Refuses a file that also has `queries`
/// or `keys`; checks T, d_model, H, d_k, d_v and the total limits from the counts before
/// allocating the matrices; reads tokens (T ≥ 1, d_model numbers each), heads (1 ≤ H ≤ 64,
/// d_model rows of d_k or d_v numbers, the same d_k and d_v in every head) and the optional
/// w_o ((H·d_v)×d_model).
void readModel(const QJsonObject &top, Scenario &s);

/// The free `variances` of a model scenario: H entries, each an m×T array (m = T).
void readModelVariances(const QJsonValue &variances, Model &model);
/// The MaxEnt `targets` of a model scenario: null, or H entries, each null or m entries of
/// number or null.
void readModelTargets(const QJsonValue &targets, Model &model);

/// Every rule of the `model` section for a scenario in memory: shapes, labels, limits,
/// finiteness, the per-head variances and targets, and that every projection X W and every
/// similarity and score of every head is finite (Overflow, e.g.
/// `model.heads[1]: query 3 (token "sat"): similarity overflows a double`).
/// The settings τ, σ0² and α are checked by the caller. `previous`: see validateScenario().
void validateModel(const Scenario &s, const ModelAnalysis *previous = nullptr);

/// The `model` object written on save.
QJsonObject modelJson(const Model &model);
/// The free `variances` of a model scenario (H arrays of m rows).
QJsonArray modelVariancesJson(const Model &model);
/// The MaxEnt `targets` of a model scenario (null, or H entries).
QJsonValue modelTargetsJson(const Model &model);
/// How many numbers modelJson() and the model's variances write.
qint64 modelNumberCount(const Model &model);

} // namespace detail

} // namespace sml
