#pragma once

#include "Lesson.h"
#include "Model.h"
#include "UnknownFields.h"

#include <Eigen/Core>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace sml {

/// Which keys a query may attend to (MATH.md §2, "Masks").
/// - None: every query sees every key.
/// - Causal: query i (0-based) sees keys t <= i, aligned top-left; queries i >= T see all keys.
enum class MaskKind
{
    None,
    Causal
};

/// How τ is chosen (scenario-format.md, `temperature`).
enum class TemperatureMode
{
    SqrtDk,
    Fixed
};

/// Variance model of the Gaussian view (MATH.md §4.1).
/// - Linked: σ²_it = σ0² · exp(−s_it).
/// - Free:   σ²_it set by hand, one per (query, key).
enum class VarianceMode
{
    Linked,
    Free
};

/// The normalizer of the attention weights (scenario-format.md, version-2 `attention`;
/// MATH.md §7.2): the softmax, or α-entmax with 1 ≤ α ≤ 4.
enum class NormalizerKind
{
    Softmax,
    Entmax
};

/// Everything in a version-1 scenario file (and the version-2 `attention` section)
/// (scenario-format.md), as one value type.
///
/// Shapes: queries m×d_k (one row per query), keys T×d_k, values T×d_v,
/// freeVariances m×T in free mode and empty (0×0) in linked mode: a switch to free mode starts
/// them from the linked σ²_it (MATH.md §4.1), and the undo command of a switch back to linked
/// keeps what was typed. Not storing them in linked mode saves an m×T matrix of doubles
/// (134 MB at m = T = 4096, issue 5). Labels and the per-entry unknown JSON fields run parallel to
/// the rows. Unknown fields of the file are kept so that a load→save round trip preserves them.
struct Scenario
{
    QString title;
    std::optional<QString> description;

    QStringList queryLabels; ///< m labels
    Eigen::MatrixXd queries; ///< m×d_k
    QStringList keyLabels;   ///< T labels
    Eigen::MatrixXd keys;    ///< T×d_k
    Eigen::MatrixXd values;  ///< T×d_v

    TemperatureMode temperatureMode = TemperatureMode::SqrtDk;
    double fixedTau = 1.0; ///< used when temperatureMode == Fixed; 0 < τ < ∞

    MaskKind mask = MaskKind::None;

    VarianceMode varianceMode = VarianceMode::Linked;
    double sigma0Squared = 1.0;    ///< σ0² > 0 (linked mode)
    Eigen::MatrixXd freeVariances; ///< m×T, every entry > 0 (free mode); 0×0 in linked mode

    /// MaxEnt targets μ_i: empty optional = `"targets": null` (every query uses its default,
    /// MATH.md §5.3). Otherwise m entries, each a number or null (= default for that query).
    std::optional<std::vector<std::optional<double>>> maxentTargets;

    /// The version-2 `attention` section (scenario-format.md). With Softmax and no section the
    /// file is written as version 1, byte for byte as before.
    NormalizerKind normalizer = NormalizerKind::Softmax;
    /// α of `entmax`, 1 ≤ α ≤ 4. Kept when the normalizer is `softmax` (like τ in sqrt_dk mode),
    /// so that switching back restores it; 1.5 until a file or the user sets it.
    double entmaxAlpha = 1.5;
    /// True when the `attention` section is written even with the defaults: the file had one
    /// (scenario-format.md: "a section present in a loaded file is written back"). A scenario
    /// with the Entmax normalizer always writes it.
    bool attentionSection = false;
    /// The version-2 `lesson` section (scenario-format.md; Lesson.h): steps shown one after the
    /// other, each the scenario with its own settings (applyStep). A scenario with a lesson is
    /// written as version 2; without one, nothing changes.
    std::optional<Lesson> lesson;
    /// Load warnings (not part of the file and not compared): for example a version-1 file's
    /// `attention` member, kept as an unknown field, "needs version 2".
    QStringList loadWarnings;

    /// The version-2 `model` section (Model.h; MATH.md §8). A model scenario has no queries,
    /// keys or values of its own (they are empty, as are freeVariances and maxentTargets: the
    /// model keeps them per head); headScenario() gives head h as a plain scenario.
    std::optional<Model> model;

    // Unknown JSON fields, written back unchanged on save (scenario-format.md, "Unknown fields").
    // Each keeps the members' original text too (UnknownFields), so they are written back byte
    // for byte.
    UnknownFields extraTop;
    UnknownFields extraTemperature;
    UnknownFields extraVariance;
    UnknownFields extraMaxent;
    UnknownFields extraAttention;
    std::vector<UnknownFields> extraQueries; ///< m entries (may be empty objects)
    std::vector<UnknownFields> extraKeys;    ///< T entries

    int m() const { return int(queries.rows()); }
    int T() const { return int(keys.rows()); }
    int dK() const { return int(queries.cols()); }
    int dV() const { return int(values.cols()); }

    /// The temperature τ: √d_k in SqrtDk mode (the heads' d_k in a model scenario), fixedTau
    /// otherwise. (MATH.md §1, §8)
    double tau() const;

    /// α of the attention's normalizer: 1 for the softmax, entmaxAlpha for entmax (MATH.md §7.2).
    double alpha() const { return normalizer == NormalizerKind::Entmax ? entmaxAlpha : 1.0; }
    /// True when the file is written as version 2 (it has an `attention` section).
    bool writesAttention() const
    {
        return attentionSection || normalizer == NormalizerKind::Entmax;
    }

    /// True when the file is written as version 2 (an `attention`, `model` or `lesson` section).
    bool writesVersion2() const
    {
        return writesAttention() || model.has_value() || lesson.has_value();
    }

    /// The MaxEnt target of query i if the user set one, else nullopt (use the default).
    std::optional<double> targetFor(int i) const;

    /// Makes all the per-row side arrays (labels, extras, free variances, targets) match the
    /// matrix shapes, padding with defaults (free variances with 1, or dropped in linked mode).
    /// Used after programmatic edits.
    void normalizeSideArrays();

    bool operator==(const Scenario &other) const;
};

/// The default scenario: the 2-D figure of MATH.md §6 B (one query, three keys).
Scenario defaultScenario();

} // namespace sml
