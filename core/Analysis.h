#pragma once

#include "Attention.h"
#include "GaussianMle.h"
#include "MaxEnt.h"
#include "Scenario.h"

#include <QStringList>

#include <memory>
#include <mutex>
#include <optional>

namespace sml {

/// Everything the app shows about one query (MATH.md §2–§5, §7), computed on demand so that large
/// scenarios keep only the m×T matrices of AttentionResult in memory.
///
/// Vectors indexed by the visible keys have n = |V_i| entries, in key order (`visible` maps them
/// back to key indices).
struct QueryDetail
{
    int query = 0;
    std::vector<int> visible; ///< 0-based key indices of V_i
    bool defined = true;      ///< false when V_i is empty (MATH.md §2)
    QStringList warnings;     ///< includes the "undefined" message when !defined

    Eigen::VectorXd similarities; ///< f (n)
    Eigen::VectorXd scores;       ///< s = f/τ (n)
    Eigen::VectorXd weights;      ///< the attention weights w (n): softmax, or α-entmax (§7.2)
    Eigen::VectorXd output;       ///< o (d_v)
    double entropy = 0;           ///< Shannon H(w) (nats; 0·log 0 = 0)
    double effectiveKeys = 1;     ///< exp(H)

    // The normalizer (MATH.md §7.2). With the softmax (α = 1): support = visible, no threshold,
    // tsallisEntropy = entropy, softmaxWeights = weights.
    double alpha = 1;                ///< 1 = softmax, > 1 = α-entmax
    std::vector<int> support;        ///< 0-based key indices on the support, by the water line
    std::optional<double> threshold; ///< the water line in score units; nullopt at α = 1
    double tsallisEntropy = 0;       ///< H_α(w) (MATH.md §7.1)
    Eigen::VectorXd softmaxWeights;  ///< softmax(s) (n), the weights the Gaussian view gives

    std::optional<GaussianMle> mle;        ///< the Gaussian view (MATH.md §4); empty when !defined
    double mleMaxAbsDiff = 0;              ///< max |π − softmax(s)|
    double mleMaxAbsDiffFromAttention = 0; ///< max |π − w| (> 0 with entmax, MATH.md §7.3)
    std::optional<double> logLikelihoodAtMle; ///< ℓ(ô); nullopt below −1.8e308

    double maxentTarget = 0; ///< μ_i (user's or default)
    bool maxentTargetIsDefault = true;
    /// λ, p, H (and H_α), iterations, or an error: the §5 solution with the softmax, the Tsallis
    /// MaxEnt of §7.3 (TsallisMaxEnt.h) with entmax.
    maxent::Solution maxent;
    std::optional<double> maxentMaxAbsDiff;              ///< max |p − softmax(s)| when p exists
    std::optional<double> maxentMaxAbsDiffFromAttention; ///< max |p − w| when p exists
};

/// The rows of `a` that differ from `b` (precondition: the same shape), at most two of them:
/// {} none, {i} one, {i, j} more than one. What Analysis's constructor from a previous one and
/// analyzeModel() compare to find an edit of one row (issue 19); O(rows·cols).
std::vector<int> changedRows(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b);

/// How an Analysis is computed and what it keeps (issue 5, memory).
struct AnalysisOptions
{
    /// Keep the m×T weight matrix (AttentionOptions::keepWeights). The window turns it off for
    /// very large scenarios; then attention().weights is empty and weightRow() gives a row.
    bool keepWeights = true;
};

/// The numbers derived from a scenario (ARCHITECTURE.md, "The document"): one function computes
/// them, and every view reads them.
///
/// The full recompute (issue 5) is: f = Q Kᵀ, the weights, entropies and log Z of every query
/// (attention()), plus, for every query, the MLE output ô_i (MATH.md §4.3) and the MaxEnt λ_i
/// with its status (MATH.md §5.3–§5.5): λ = 1/τ in closed form at the default target, Newton
/// for a target set by hand. Everything else per query (π, ℓ, the Newton check run, warnings)
/// is computed on demand by detail().
///
/// An Analysis owned by a std::shared_ptr (as the window's document does) can be watched with
/// weak_from_this(), so a view can recompute a display from it later without keeping it alive.
class Analysis : public std::enable_shared_from_this<Analysis>
{
public:
    Analysis() = default;
    /// Computes attention for all queries. Precondition: the scenario passed validation
    /// (finite inputs, no overflowing similarity or score); see validateScenario().
    explicit Analysis(const Scenario &scenario, const AnalysisOptions &options = {});
    /// The same, taking the scenario without copying it (the window's background worker).
    explicit Analysis(Scenario &&scenario, const AnalysisOptions &options = {});
    /// The Analysis of `scenario`, an edit of `previous`'s scenario (issue 19, "an edit changes
    /// little; recompute little"). The two scenarios are compared (O((m+T)·d), plus the m×T
    /// free variances in free mode):
    /// - nothing the numbers depend on changed (a label, the title, the notes, the lesson):
    ///   previous's numbers are copied;
    /// - at most one row each of the queries, the keys and the values changed (an edit of a
    ///   query, a key or a value; a token of a model scenario moves all three), and τ, α, mask,
    ///   variances, targets and `options` did not: the attention is updated from previous's
    ///   (updateAttentionForQuery/Key/Value in Attention.h) and the per-query summaries (λ, ô in
    ///   free mode) are recomputed;
    /// - anything else: the full computation, as the other constructors.
    /// The rule for precision: an updated Analysis is at most kMaxIncrementalDepth updates away
    /// from a full one (incrementalDepth()); the next edit after that is computed in full, so
    /// rounding from the O(d_v) output updates cannot accumulate (each adds a few ulps of max|v|;
    /// tst_incremental checks 1e-13 against the full computation over 2,000 random edits).
    Analysis(Scenario &&scenario, const Analysis &previous, const AnalysisOptions &options = {});
    Analysis(const Analysis &) = default;
    Analysis(Analysis &&) = default;
    Analysis &operator=(const Analysis &) = default;
    Analysis &operator=(Analysis &&) = default;
    /// Gives the m×T matrices to MatrixPool, so the next Analysis's pages are already mapped.
    ~Analysis();

    /// How many incremental updates separate this Analysis from a full computation (0: it is
    /// one). See the constructor from a previous Analysis.
    int incrementalDepth() const { return mIncrementalDepth; }
    static constexpr int kMaxIncrementalDepth = 32;

    const Scenario &scenario() const { return mScenario; }
    const AttentionResult &attention() const { return mAttention; }
    const Mask &mask() const { return mMask; }
    double tau() const { return mAttention.tau; }

    /// The Gaussian view of query i over V_i, in linked or free mode (MATH.md §4.1–§4.3).
    /// Precondition: V_i is not empty.
    GaussianMle gaussian(int i) const;

    /// Full detail for query i (0 ≤ i < m): MLE and MaxEnt (MATH.md §4–§5).
    QueryDetail detail(int i) const;
    /// detail(i), computed once for several readers: the views of one change ask for the same
    /// query (the control panel, the derivation, the three MaxEnt plots; 4 ms each at
    /// T = 4096, issue 5). Keeps the last query's detail; thread-safe.
    std::shared_ptr<const QueryDetail> sharedDetail(int i) const;

    /// Row i of the weights w (T entries, masked keys 0), whether or not the matrix is kept.
    Eigen::VectorXd weightRow(int i) const { return mAttention.weightRow(i, mMask); }

    /// ô_i for every query (m×d_v, MATH.md §4.3). In linked mode π = w exactly, so this is
    /// attention().outputs; in free mode it is Σ_t π_it v_t with π = softmax(−log σ²) over V_i.
    /// Rows of queries with no visible key are 0 (undefined; see attention().defined).
    const Eigen::MatrixXd &mleOutputs() const
    {
        return mFreeMleOutputs.size() ? mFreeMleOutputs : mAttention.outputs;
    }
    /// The MaxEnt multiplier λ_i of query i at its target (default or set by hand), or nullopt
    /// when it is undetermined (all f equal) or the target is infeasible; see maxentStatus().
    std::optional<double> maxentLambda(int i) const;
    /// The status of λ_i: Ok, Undetermined, Infeasible (also: no visible key) or TooClose.
    maxent::Status maxentStatus(int i) const { return mMaxEntStatus[size_t(i)]; }

private:
    void compute(const AnalysisOptions &options);
    void computeQuerySummaries();
    bool updateFrom(const Analysis &previous, const AnalysisOptions &options);

    Scenario mScenario;
    Mask mMask = Mask::none();
    AttentionResult mAttention;
    Eigen::MatrixXd mFreeMleOutputs;           ///< free mode only (else empty)
    Eigen::VectorXd mMaxEntLambda;             ///< NaN where maxentLambda() is nullopt
    std::vector<maxent::Status> mMaxEntStatus; ///< m entries
    int mIncrementalDepth = 0;

    /// sharedDetail()'s last result. A copy (or an assigned Analysis) starts without one.
    struct DetailMemo
    {
        DetailMemo() = default;
        DetailMemo(const DetailMemo &) {}
        DetailMemo &operator=(const DetailMemo &)
        {
            const std::lock_guard<std::mutex> lock(mutex);
            last.reset(); // the assigned Analysis computes its own
            return *this;
        }
        std::mutex mutex;
        std::shared_ptr<const QueryDetail> last;
    };
    mutable DetailMemo mDetailMemo;
};

} // namespace sml
