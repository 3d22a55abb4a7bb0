#pragma once

#include "Lesson.h"
#include "document/commands/EditTargets.h"
#include "document/commands/SetValueCommand.h"

#include <Eigen/Core>
#include <QString>

#include <optional>
#include <vector>

namespace sml {

// The setter commands: each is a Field over SetValueCommand (where the value lives, its merge id
// and its undo text). ScenarioDocument creates them; its edit functions validate the value.

/// One number of the queries, keys, values or free-variance table (m×d_k, T×d_k, T×d_v, m×T).
/// "Edit k[1] of “the”": the vector, its 1-based component and the token (text()). A drag over
/// one cell (the value-space view) is one undo step.
struct CellField
{
    using Value = double;
    static constexpr CommandId id = CommandId::SetCell;

    CellTable table;
    int row;
    int column;
    /// How the undo text names the row's token, and for a variance the key's: “sat”, or #3
    /// when unlabelled (tokenCellName). Empty: the row number alone.
    QString rowName;
    QString columnName;

    void set(Scenario &s, double value) const { matrix(s, table)(row, column) = value; }
    /// "Edit q[2] of “sat”", "Edit k[1] of “the”", "Edit v[2] of #3", "Edit σ² of “sat” → “the”"
    /// (vector components 1-based, as the tables' headers show them).
    QString text(double oldValue, double newValue) const;
    bool operator==(const CellField &) const = default;

    /// A token as an undo text names it: “label” (elided to 40 characters), or #n (1-based).
    static QString tokenCellName(const QString &label, int index);

    /// The matrix a table edits.
    static Eigen::MatrixXd &matrix(Scenario &scenario, CellTable table);
    static const Eigen::MatrixXd &matrix(const Scenario &scenario, CellTable table);
};
using SetCellCommand = SetValueCommand<CellField>;

/// One query or key vector, a whole row of d_k numbers: the edit behind a drag in the key-space
/// view (MATH.md §4.5). "Move key k2", "Move query q"; the moves of one drag merge.
struct VectorField
{
    using Value = Eigen::RowVectorXd;
    static constexpr CommandId id = CommandId::MoveVector;

    VectorKind kind;
    int row;
    QString label; ///< for the undo text only

    void set(Scenario &s, const Eigen::RowVectorXd &vector) const;
    QString text(const Eigen::RowVectorXd &oldVector, const Eigen::RowVectorXd &newVector) const;
    bool operator==(const VectorField &o) const { return kind == o.kind && row == o.row; }
};
using MoveVectorCommand = SetValueCommand<VectorField>;

/// The token label of a query or key. "Rename key k2 to “the”".
struct LabelField
{
    using Value = QString;
    static constexpr CommandId id = CommandId::SetLabel;

    LabelTarget target;
    int row;

    void set(Scenario &s, const QString &label) const;
    QString text(const QString &oldLabel, const QString &newLabel) const;
    bool operator==(const LabelField &) const = default;
};
using SetLabelCommand = SetValueCommand<LabelField>;

/// The temperature: τ = √d_k, or a fixed τ (scenario-format.md, `temperature`). "Set τ to 0.5",
/// "Set τ = √d_k"; a slider drag passes one gesture number, so the drag is one undo step.
struct TemperatureField : ScenarioWide
{
    struct Value
    {
        TemperatureMode mode;
        double fixedTau;
    };
    static constexpr CommandId id = CommandId::SetTemperature;

    void set(Scenario &s, const Value &v) const;
    QString text(const Value &oldValue, const Value &newValue) const;
};
using SetTemperatureCommand = SetValueCommand<TemperatureField>;

/// The normalizer of the attention weights: the softmax, or α-entmax with 1 ≤ α ≤ 4 (MATH.md
/// §7.2). α is kept while the softmax is chosen, so switching back restores it. "Set normalizer
/// to softmax", "Set normalizer to sparsemax (α = 2)", "Set normalizer to α-entmax, α = 1.7";
/// a slider drag passes one gesture number, so the drag is one undo step.
struct NormalizerField : ScenarioWide
{
    struct Value
    {
        NormalizerKind kind;
        double alpha;
    };
    static constexpr CommandId id = CommandId::SetNormalizer;

    void set(Scenario &s, const Value &v) const;
    QString text(const Value &oldValue, const Value &newValue) const;
};
using SetNormalizerCommand = SetValueCommand<NormalizerField>;

/// The mask: none or causal (MATH.md §2, "Masks"). "Set mask to causal".
struct MaskField : ScenarioWide
{
    using Value = MaskKind;
    static constexpr CommandId id = CommandId::SetMask;

    void set(Scenario &s, MaskKind mask) const { s.mask = mask; }
    QString text(MaskKind oldMask, MaskKind newMask) const;
};
using SetMaskCommand = SetValueCommand<MaskField>;

/// The variance model, linked (σ²_it = σ0² exp(−s_it)) or free (MATH.md §4.1), with the
/// free-variance table (m×T, or 0×0 in linked mode): switching to free starts from the current
/// σ²_it, and undoing a switch back to linked restores what was typed. "Set variances to free".
struct VarianceModeField : ScenarioWide
{
    struct Value
    {
        VarianceMode mode;
        Eigen::MatrixXd freeVariances;
    };
    static constexpr CommandId id = CommandId::SetVarianceMode;

    void set(Scenario &s, const Value &v) const;
    QString text(const Value &oldValue, const Value &newValue) const;
};
using SetVarianceModeCommand = SetValueCommand<VarianceModeField>;

/// σ0² of the linked variance model (MATH.md §4.1): it cancels from the weights but moves the
/// variances and the log-likelihood. "Set σ0² to 2".
struct Sigma0SquaredField : ScenarioWide
{
    using Value = double;
    static constexpr CommandId id = CommandId::SetSigma0Squared;

    void set(Scenario &s, double sigma0Squared) const { s.sigma0Squared = sigma0Squared; }
    QString text(double oldValue, double newValue) const;
};
using SetSigma0SquaredCommand = SetValueCommand<Sigma0SquaredField>;

/// The whole `maxent.targets` array (MATH.md §5.3–§5.4), set when the MaxEnt target μ_i of one
/// query changes (or is reset to the default): keeping the whole array before and after lets
/// undo restore `"targets": null` exactly. "Set μ of query q to 0.2", "Reset μ of query q to the
/// default"; the edits of one query's target in one gesture merge.
struct MaxEntTargetField
{
    using Value = std::optional<std::vector<std::optional<double>>>;
    static constexpr CommandId id = CommandId::SetMaxEntTarget;

    int query;
    QString label; ///< for the undo text only

    void set(Scenario &s, const Value &targets) const { s.maxentTargets = targets; }
    QString text(const Value &oldTargets, const Value &newTargets) const;
    bool operator==(const MaxEntTargetField &o) const { return query == o.query; }

    /// The targets array after setting query i's target to `mu` (nullopt = default). When every
    /// entry ends up default, the result is `"targets": null`.
    static Value withTarget(const Scenario &scenario, int i, std::optional<double> mu);
};
using SetMaxEntTargetCommand = SetValueCommand<MaxEntTargetField>;

/// The scenario's `lesson` (scenario-format.md, `lesson`) as a whole: a step added ("Add step
/// from what I see"), a title or caption edited, a step moved or deleted, or the settings a shown
/// step collected (ScenarioDocument::showStep). Only the lesson changes. The undo text is the
/// caller's ("Add step 3", "Change step 2"); lesson edits never merge.
struct LessonField
{
    using Value = std::optional<Lesson>;
    static constexpr CommandId id = CommandId::SetLesson;

    QString undoText;

    void set(Scenario &s, const Value &lesson) const { s.lesson = lesson; }
    QString text(const Value &, const Value &) const { return undoText; }
    bool operator==(const LessonField &) const { return false; }
};
using SetLessonCommand = SetValueCommand<LessonField>;

} // namespace sml
