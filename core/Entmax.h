#pragma once

#include <Eigen/Core>

#include <optional>
#include <vector>

namespace sml {

/// α-entmax of one row of scores over its visible keys (MATH.md §7.2), the normalizer that the
/// Tsallis entropy gives (§7.3): p_t = [(α−1) z_t − θ]₊^(1/(α−1)), θ such that Σ p_t = 1.
///
/// Everything is computed on the shifted scores u_t = z_t − max z (max u = 0), never on raw z:
/// - α = 1: the softmax kernel of Attention.h itself, bit for bit (MATH.md §2);
/// - α = 2 (sparsemax): the exact sort-based rule of §7.2, p = [u − θ']₊;
/// - α = 1.5: the exact sort-based rule of Peters et al. (2019, Algorithm 2), p = [u/2 − τ]₊²;
/// - any other α: θ = −1 + (α−1)c, c found in [0, −expm1(−(α−1) ln n)/(α−1)] by a bisection
///   (accelerated by Newton steps that stay inside the bracket), p_t evaluated as
///   exp(log1p((α−1)(u_t − c))/(α−1)), which keeps full precision as α → 1 (§7.2).
/// Only keys with u_t > −1/(α−1) can be on the support (the max key alone has p ≤ 1), so the
/// sort and the passes see those candidates only: O(n + k log k) for α = 2 and 1.5, and a
/// bounded number (at most 200, typically under 10) of O(n) passes otherwise.
struct EntmaxRow
{
    double alpha = 1;        ///< α ≥ 1
    Eigen::VectorXd weights; ///< n weights, finite, ≥ 0, exactly 0 off the support, Σ = 1 ± 1e-15·n
    double shift = 0;        ///< max z
    /// The water line in score units, max z + θ/(α−1) (MATH.md §7.2, §7.4; the report's
    /// `threshold`): a key is on the support exactly when its score is above it. nullopt at
    /// α = 1, where it is −∞ and every key is on the support.
    std::optional<double> threshold;
    /// 0-based indices (into the row) of the keys on the support, ascending. Defined by the water
    /// line, not by p_t > 0: a key on the support whose weight underflows to 0 stays in it. It
    /// always holds every key tied for the maximum.
    std::vector<int> support;
    double entropy = 0;        ///< Shannon H(p) in nats, 0·log 0 = 0 (MATH.md §3, §7.4)
    double tsallisEntropy = 0; ///< H_α(p) (MATH.md §7.1); the Shannon entropy at α = 1
};

/// α-entmax of n ≥ 1 finite scores z (the visible keys of one query), 1 ≤ α finite
/// (MATH.md §7.2). Scores of ±1e300 give finite weights that sum to 1. n = 0 returns an empty
/// row (callers report it as undefined, MATH.md §2).
EntmaxRow entmax(const Eigen::Ref<const Eigen::VectorXd> &scores, double alpha);

/// Shannon entropy −Σ p log p in nats with 0·log 0 = 0, for a probability vector p (MATH.md §3,
/// §7.4). Terms with p_t = 0 are skipped, so a sparse row never evaluates log 0.
double shannonEntropy(const Eigen::Ref<const Eigen::VectorXd> &p);

/// Tsallis entropy H_α(p) = Σ (p_t − p_t^α)/(α(α−1)) (MATH.md §7.1), α ≥ 1 (the Shannon entropy
/// at α = 1). Evaluated as −Σ p_t expm1((α−1) log p_t)/(α(α−1)) over p_t > 0, which stays exact
/// as α → 1 (no cancellation of p_t − p_t^α). In nats-like units: 0 for one-hot p, at most
/// (1 − n^(1−α))/(α(α−1)) for the uniform p over n keys.
double tsallisEntropy(const Eigen::Ref<const Eigen::VectorXd> &p, double alpha);

namespace detail {

/// What entmaxKernel() returns besides the weights.
struct EntmaxStats
{
    double shift = 0;     ///< M = max z = (max f)/τ
    double threshold = 0; ///< the water line in score units, M + θ/(α−1)
    int supportSize = 0;  ///< |supp p| (by the water line)
    double entropy = 0;   ///< Shannon H(p), nats
};

/// The one entmax kernel for α > 1 (MATH.md §7.2): the weights of the scores z_t = f_t/τ of n ≥ 1
/// contiguous finite similarities into out[0..n), exactly 0 off the support. When onSupport is
/// given, onSupport[t] is set to 1 on the support and 0 elsewhere. Both entmax() and
/// computeAttention() use it, so the attention weights and the row API agree bit for bit. The
/// kernel uses only scalar loops: its result does not depend on the alignment of `out`.
EntmaxStats entmaxKernel(const double *f, Eigen::Index n, double tau, double alpha, double *out,
                         char *onSupport = nullptr);

} // namespace detail

} // namespace sml
