#pragma once

#include <Eigen/Core>

namespace sml {

/// o = Σ_t w_t v_t, the weighted mean of the rows of V (MATH.md §2 for the attention output,
/// §4.3 for the MLE ô = Σ π_t v_t): weights w (n, each ≥ 0, Σ w = 1), values V (n×d_v).
/// Returns d_v numbers.
///
/// A weighted mean lies between the smallest and the largest value it averages, so it is always
/// representable when the values are. The plain product can still overflow (three values of
/// DBL_MAX with weights summing to 1 + 1 ulp give +inf); a coordinate that does is recomputed by
/// fixWeightedMean(). Nothing else changes: where the plain product is finite it is returned as
/// it is, bit for bit.
Eigen::VectorXd weightedMean(const Eigen::Ref<const Eigen::VectorXd> &w,
                             const Eigen::Ref<const Eigen::MatrixXd> &V);

/// Recomputes coordinate j of a weighted mean whose plain product was not finite: the values of
/// column j (over the keys with w_t > 0) are scaled by the power of two 2^−e that brings their
/// largest magnitude into [0.5, 1), summed, scaled back, and clamped into [min, max] of those
/// values (the bound the rounding of Σ w = 1 can break). `w` has one weight per row of `V`.
double fixWeightedMean(const Eigen::Ref<const Eigen::VectorXd> &w,
                       const Eigen::Ref<const Eigen::MatrixXd> &V, Eigen::Index j);

/// Repairs, in place, the entries of `outputs` (rows × d_v, row i = Σ_t W(i,t) v_t) that are not
/// finite. `weightRow(i)` gives row i of the weights (T numbers, 0 where a key is masked). For
/// the blocked products of computeAttention and the free-mode MLE (core/Analysis.cpp).
template <typename Outputs, typename WeightRow>
void fixWeightedMeans(Outputs &&outputs, const Eigen::Ref<const Eigen::MatrixXd> &V,
                      const WeightRow &weightRow)
{
    if (outputs.allFinite())
        return;
    for (Eigen::Index i = 0; i < outputs.rows(); ++i) {
        if (outputs.row(i).allFinite())
            continue;
        const Eigen::VectorXd w = weightRow(i);
        if (!w.allFinite())
            continue; // an undefined row stays as it is
        for (Eigen::Index j = 0; j < outputs.cols(); ++j)
            if (!std::isfinite(outputs(i, j)))
                outputs(i, j) = fixWeightedMean(w, V, j);
    }
}

} // namespace sml
