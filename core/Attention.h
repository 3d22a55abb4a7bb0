#pragma once

#include "Scenario.h"

#include <Eigen/Core>
#include <QString>

#include <optional>

namespace sml {

/// m×T matrices of per-(query, key) numbers are row-major: a query's row is contiguous.
using RowMatrixXd = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// Which keys each query sees. Version-1 files only produce None and Causal; Explicit exists so
/// that the core API can express (and tests can exercise) a query with no visible key, which a
/// later mask kind will need (MATH.md §2, "An empty V_i").
class Mask
{
public:
    static Mask none() { return Mask(Kind::None); }
    static Mask causal() { return Mask(Kind::Causal); }
    /// visible is m×T; true = the key is visible to the query.
    static Mask explicitMask(Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic> visible);
    static Mask fromKind(MaskKind kind);

    /// Is key t (0-based) visible to query i (0-based)? Causal: t <= i, so queries i >= T see
    /// every key and keys t >= m are never visible when m < T (MATH.md §2).
    bool visible(int i, int t) const;
    /// |V_i| for a query among T keys.
    int visibleCount(int i, int T) const;
    /// True when V_i is the prefix {0, …, visibleCount−1} (None and Causal), which lets the hot
    /// loops work on contiguous spans.
    bool isPrefix() const { return mKind != Kind::Explicit; }

private:
    enum class Kind
    {
        None,
        Causal,
        Explicit
    };
    explicit Mask(Kind k) : mKind(k) {}
    Kind mKind;
    Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic> mVisible;
};

/// The stable softmax of one row of scores over its visible keys (MATH.md §2 and §3).
///
/// Inputs are the scores s_t of the visible keys only (length n = |V_i| >= 1, all finite).
/// Uses the shift M = max s: e_t = exp(s_t − M) ∈ (0,1], S = Σ e_t ∈ [1, n], w_t = e_t / S.
/// Entropy uses the shifted form H = log S − Σ w_t (s_t − M) (nats), which never evaluates
/// 0·log 0 and stays exact at |s| ≈ 1e300.
struct SoftmaxRow
{
    Eigen::VectorXd weights;  ///< n weights, finite, ≥ 0, summing to 1 within 1e-15·n
    double shift = 0;         ///< M = max s
    double logSumShifted = 0; ///< log S; log Z = M + log S
    double entropy = 0;       ///< H in nats, 0 ≤ H ≤ log n

    double logPartition() const { return shift + logSumShifted; } ///< log Z (display only)
    double effectiveKeys() const; ///< N_eff = exp(H) ∈ [1, n]  (MATH.md §3)
};

/// N_eff = exp(H) for a row of n visible keys, kept in its bounds [1, n] (MATH.md §3): the
/// rounding of exp(log n) may exceed n, and would show "3.0000000000000004 of 3 keys".
double effectiveKeyCount(double entropy, int n);

/// Softmax of a vector of finite scores (MATH.md §2). Precondition: scores.size() >= 1; the
/// empty case is reported by callers as "undefined" (see AttentionResult::undefinedMessage).
SoftmaxRow softmax(const Eigen::Ref<const Eigen::VectorXd> &scores);

/// log w_t = s_t − M − log S for visible scores (MATH.md §3), used for KL without underflow.
Eigen::VectorXd logSoftmax(const Eigen::Ref<const Eigen::VectorXd> &scores);

/// KL(p‖r) in nats between two distributions given by their *scores* (log-weights up to a
/// constant), computed from log-weights so underflowed weights cost nothing (MATH.md §3).
double klDivergenceFromScores(const Eigen::Ref<const Eigen::VectorXd> &scoresP,
                              const Eigen::Ref<const Eigen::VectorXd> &scoresR);

/// max_t |p_t − r_t| (MATH.md §3), the readout for "these two derivations agree".
double maxAbsDiff(const Eigen::Ref<const Eigen::VectorXd> &p,
                  const Eigen::Ref<const Eigen::VectorXd> &r);

/// Scaled dot-product attention for all queries (MATH.md §2–§3), normalized by the softmax or by
/// α-entmax (MATH.md §7.2; `alpha`, 1 = the softmax).
///
/// Shapes: similarities and weights are m×T (masked entries: similarity kept as computed but
/// never used, weight exactly 0); outputs m×d_v; entropy, effectiveKeys, logPartition,
/// supportSize and threshold have m entries. A query with no visible key has `defined[i] == false`,
/// a message in `undefinedMessage[i]`, and zeros (never NaN) in its numeric slots, which must not
/// be shown.
struct AttentionResult
{
    double tau = 1;
    double alpha = 1;              ///< the normalizer: 1 = softmax, > 1 = α-entmax (MATH.md §7.2)
    RowMatrixXd similarities;      ///< f = Q Kᵀ, m×T
    RowMatrixXd weights;           ///< w, m×T, rows sum to 1 over V_i
    Eigen::MatrixXd outputs;       ///< o = W V, m×d_v
    Eigen::VectorXd entropy;       ///< H_i (nats; Shannon, 0·log 0 = 0, for entmax too)
    Eigen::VectorXd effectiveKeys; ///< exp(H_i)
    /// log Z_i = M_i + log S_i (of the scores s = f/τ) with the softmax; 0 with entmax (α > 1),
    /// which has no partition function.
    Eigen::VectorXd logPartition;
    Eigen::VectorXi visibleCount; ///< |V_i|
    /// |supp w_i| by the water line (MATH.md §7.2): |V_i| with the softmax; 0 when V_i is empty.
    Eigen::VectorXi supportSize;
    /// The water line of row i in score units, max s + θ/(α−1) (MATH.md §7.2, §7.4); −∞ with
    /// the softmax (every visible key is on the support) and 0 when V_i is empty. See
    /// thresholdOf().
    Eigen::VectorXd threshold;
    std::vector<bool> defined; ///< false when V_i is empty
    std::vector<QString> undefinedMessage;
    Eigen::VectorXd similarityMin; ///< min f over V_i (m entries; 0 when V_i is empty)
    Eigen::VectorXd similarityMax; ///< max f over V_i (m entries; 0 when V_i is empty)

    double score(int i, int t) const { return similarities(i, t) / tau; } ///< s_it = f_it/τ
    bool isEntmax() const { return alpha != 1; } ///< α-entmax with α > 1 (MATH.md §7.2)
    /// The water line of row i (score units), or nullopt with the softmax (−∞) or an empty V_i.
    std::optional<double> thresholdOf(int i) const;
    /// False when computed with AttentionOptions::keepWeights = false: `weights` is then empty
    /// and a row of weights comes from weightRow(), bit for bit what the matrix would hold.
    bool hasWeightMatrix() const { return weights.rows() == similarities.rows(); }
    /// Row i of w (T entries, masked keys exactly 0), from the matrix when it is kept, else
    /// recomputed from the row of f with the same softmax kernel (O(T)).
    Eigen::VectorXd weightRow(int i, const Mask &mask) const;
};

/// How computeAttention() stores its results.
struct AttentionOptions
{
    /// Keep the m×T weight matrix. Off for large scenarios in the window (issue 5, memory): only
    /// f is kept, and outputs, entropies and log Z are computed row block by row block.
    bool keepWeights = true;
    /// The normalizer (MATH.md §7.2): 1 is the softmax (the same kernel, bit for bit), α > 1 is
    /// α-entmax. Precondition: 1 ≤ α, finite (the format allows 1 ≤ α ≤ 4).
    double alpha = 1;
};

/// Error from computing similarities/scores: a finite input overflowed (MATH.md §2, "Numerics").
struct OverflowError
{
    int query = -1;
    int key = -1;
    QString message; ///< e.g. "queries[0]·keys[2]: similarity 1e200·1e200 overflows a double"
};

/// Checks that every similarity f (m×T) and every score f/τ is finite (MATH.md §2).
/// Returns the first offending (query, key) on overflow.
std::optional<OverflowError> checkFinite(const Eigen::Ref<const Eigen::MatrixXd> &similarities,
                                         double tau);

/// Computes f = Q Kᵀ (Q m×d_k, K T×d_k) and checks it like checkFinite(), naming the largest
/// product term in the message, e.g. "queries[0]·keys[2]: similarity 1e200·1e200 overflows a
/// double" (scenario-format.md, "Numbers").
/// When d_k·max|Q|·max|K| ≤ 1e300 and that bound over τ ≤ 1e300, no sum of d_k products can
/// overflow (each partial sum is at most the bound, up to rounding), so the answer is "finite"
/// without forming Q Kᵀ: O((m+T)·d_k) instead of a full product (issue 5). Otherwise f is
/// computed and checked entry by entry, with the same result and message as before.
std::optional<OverflowError> checkSimilarities(const Eigen::Ref<const Eigen::MatrixXd> &Q,
                                               const Eigen::Ref<const Eigen::MatrixXd> &K,
                                               double tau);

/// Full attention (MATH.md §2–§3). Q m×d_k, K T×d_k, V T×d_v, τ > 0 finite. With
/// options.keepWeights = false the weight matrix is not kept (see AttentionOptions).
/// Preconditions (validated by the scenario loader): all inputs finite, f and f/τ finite.
AttentionResult computeAttention(const Eigen::Ref<const Eigen::MatrixXd> &Q,
                                 const Eigen::Ref<const Eigen::MatrixXd> &K,
                                 const Eigen::Ref<const Eigen::MatrixXd> &V, double tau,
                                 const Mask &mask, const AttentionOptions &options = {});

// --- Incremental updates after one edit (issue 19) -------------------------------------------
// Each takes a result computeAttention() made (or an earlier update left) for the same τ, α and
// mask, and the inputs after an edit of one row; afterwards the result agrees with
// computeAttention() of the new inputs to rounding (tests/core/tst_incremental.cpp: 1e-13 over
// 2,000 random edits): f's changed entries come from a matrix–vector product instead of the
// m×T×d_k product, and rows are updated (below) or renormalized by the full computation's row
// kernel, so numbers differ from a full computation only in the last bits. Analysis decides
// when to use them (Analysis.h).

/// Query i changed (Q m×d_k, K T×d_k, V T×d_v, the new inputs): row i of f, its weights and
/// its output o_i are recomputed, O(T·(d_k + d_v)); every other row is unchanged.
void updateAttentionForQuery(AttentionResult &r, const Eigen::Ref<const Eigen::MatrixXd> &Q,
                             const Eigen::Ref<const Eigen::MatrixXd> &K,
                             const Eigen::Ref<const Eigen::MatrixXd> &V, const Mask &mask, int i);

/// Key t changed (the new inputs): column t of f, O(m·d_k). With the softmax the other weights
/// of a row keep their ratios: where nothing cancels (w_t ≤ 1/2, |s|, |s'|, |log Z| ≤ 32, every
/// |v| ≤ 1e150) the row is updated without the kernel: its weights scale by c (O(T) products,
/// none without the weight matrix), log Z, H and the output o' = c·(o − w_t v_t) + w'_t v_t in
/// O(d_v). Other rows, and every entmax row (its water line moves), are renormalized by the
/// kernel, O(T), and their output updated the same way where w_t ≤ 1/2, else summed again.
/// Returns how many rows were summed again.
int updateAttentionForKey(AttentionResult &r, const Eigen::Ref<const Eigen::MatrixXd> &Q,
                          const Eigen::Ref<const Eigen::MatrixXd> &K,
                          const Eigen::Ref<const Eigen::MatrixXd> &V, const Mask &mask, int t);

/// Value t changed from `oldValue` (1×d_v) to row t of V: the weights are unchanged and every
/// output that sees key t moves by w_t (v'_t − v_t), O(m·d_v) (rows summed again when a value
/// exceeds 1e150 in magnitude or the sum is not finite).
void updateAttentionForValue(AttentionResult &r,
                             const Eigen::Ref<const Eigen::RowVectorXd> &oldValue,
                             const Eigen::Ref<const Eigen::MatrixXd> &V, const Mask &mask, int t);

/// Indices of the keys query i sees, in key order.
std::vector<int> visibleKeys(const Mask &mask, int i, int T);

/// Gathers row i of a m×T matrix over V_i into a vector of |V_i| entries.
Eigen::VectorXd gatherVisible(const Eigen::Ref<const RowMatrixXd> &mat, int i, const Mask &mask);

} // namespace sml
