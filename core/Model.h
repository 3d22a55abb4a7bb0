#pragma once

#include "UnknownFields.h"

#include <Eigen/Core>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace sml {

struct Scenario;

/// One head of a model (MATH.md §8; scenario-format.md, version-2 `model`): its projections
/// W_Q, W_K (d_model×d_k) and W_V (d_model×d_v).
struct ModelHead
{
    QString label;
    Eigen::MatrixXd wQ;  ///< d_model×d_k
    Eigen::MatrixXd wK;  ///< d_model×d_k
    Eigen::MatrixXd wV;  ///< d_model×d_v
    UnknownFields extra; ///< unknown fields of the head's object, written back on save

    bool operator==(const ModelHead &other) const;
};

/// MaxEnt targets of one head: m entries (m = T), each a number or null (the default).
using HeadTargets = std::vector<std::optional<double>>;

/// The version-2 `model` section (scenario-format.md; MATH.md §8): tokens with embeddings X
/// (T×d_model, positions already added in), H heads with their projections, and the optional
/// output projection W_O ((H·d_v)×d_model). Self-attention: head h's queries, keys and values
/// are Q = X W_Q, K = X W_K, V = X W_V, so m = T.
///
/// A model scenario keeps its per-head settings here too: the free variances (H matrices of
/// m×T, in free mode; empty in linked mode) and the MaxEnt targets (nullopt = `"targets": null`,
/// else H entries, each nullopt or m entries). The Scenario's own queries, keys, values, free
/// variances and targets are then empty; headScenario() gives a head as a plain scenario.
struct Model
{
    QStringList tokenLabels;    ///< T labels
    Eigen::MatrixXd embeddings; ///< X, T×d_model
    std::vector<ModelHead> heads;
    std::optional<Eigen::MatrixXd> wO; ///< W_O, (H·d_v)×d_model, optional

    std::vector<Eigen::MatrixXd> freeVariances; ///< H entries of m×T (free mode), else empty
    std::optional<std::vector<std::optional<HeadTargets>>> maxentTargets; ///< null or H entries

    UnknownFields extra;                    ///< unknown fields of `model`
    std::vector<UnknownFields> extraTokens; ///< T entries

    int T() const { return int(embeddings.rows()); }
    int dModel() const { return int(embeddings.cols()); }
    int H() const { return int(heads.size()); }
    /// d_k and d_v of the heads (they are the same for every head); 0 without heads.
    int dK() const { return heads.empty() ? 0 : int(heads.front().wQ.cols()); }
    int dV() const { return heads.empty() ? 0 : int(heads.front().wV.cols()); }

    /// The MaxEnt targets of head h (nullopt: every query uses its default, MATH.md §5.3).
    std::optional<HeadTargets> targetsOf(int h) const;

    /// Makes the labels, extras, per-head free variances (padded with σ² = 1, or dropped in
    /// linked mode) and targets match T and H. Used after programmatic edits.
    void normalizeSideArrays(bool freeVarianceMode);

    bool operator==(const Model &other) const;
};

/// The queries, keys and values of one head (MATH.md §8): Q = X W_Q (T×d_k), K = X W_K (T×d_k),
/// V = X W_V (T×d_v). Precondition: 0 ≤ h < H and the shapes agree (validateScenario); the
/// products may be non-finite for an unvalidated model.
struct HeadProjections
{
    Eigen::MatrixXd queries;
    Eigen::MatrixXd keys;
    Eigen::MatrixXd values;
};
HeadProjections projectHead(const Model &model, int h);

/// Head h (0-based) of a model scenario as a plain scenario (MATH.md §8: each head is exactly
/// the scenario of §2–§7): its Q, K, V as queries, keys and values, the token labels as query
/// and key labels, the scenario's temperature, mask, variance model, normalizer and unknown
/// top-level fields, with the head's free variances and MaxEnt targets. Every Analysis and view
/// works on it unchanged; it is also "Bake head" (an untitled document). Its title is
/// "TITLE — HEAD LABEL". A scenario without a model is returned as it is.
/// Precondition: the scenario passed validateScenario() and 0 ≤ h < H.
Scenario headScenario(const Scenario &modelScenario, int h);

/// headScenario() of head h from `base`, the model scenario with its model taken out (so that
/// H heads copy the scenario's other fields without copying the model H times), and `p`, the
/// head's projections (projectHead(), or updated from the head's previous ones).
Scenario headScenarioFrom(const Scenario &base, const Model &model, int h, HeadProjections p);

/// The multi-head output Y = [O¹ … O^H] W_O (MATH.md §8): `headOutputs` holds H matrices O^h
/// of T×d_v, `wO` is (H·d_v)×d_model; Y is T×d_model. Precondition: the shapes agree.
Eigen::MatrixXd multiHeadOutput(const std::vector<Eigen::MatrixXd> &headOutputs,
                                const Eigen::Ref<const Eigen::MatrixXd> &wO);

} // namespace sml
