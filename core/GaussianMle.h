#pragma once

#include <Eigen/Core>

#include <optional>
#include <vector>

namespace sml {

/// The Gaussian view of one query (MATH.md §4): each visible value v_t ~ N(o, σ²_t I_{d_v}).
///
/// Everything is held in log-variance form, log σ²_t, because σ² itself under- or overflows once
/// |s| > 709 (MATH.md §4.1, "Numerics"). Shapes: n = |V_i| visible keys, values n×d_v.
class GaussianMle
{
public:
    /// Linked mode: σ²_t = σ0² exp(−s_t), i.e. log σ²_t = log σ0² − s_t (MATH.md §4.1).
    /// scores: n finite scores; sigma0Squared > 0; values n×d_v. The precision weights are
    /// computed from the scores themselves, so π = softmax(s) = w exactly, whatever σ0².
    static GaussianMle linked(const Eigen::Ref<const Eigen::VectorXd> &scores, double sigma0Squared,
                              Eigen::MatrixXd values);
    /// Free mode: n positive finite variances σ²_t (MATH.md §4.1); values n×d_v.
    static GaussianMle free(const Eigen::Ref<const Eigen::VectorXd> &variances,
                            Eigen::MatrixXd values);

    /// log σ²_t = logOffset + relativeLogVariances_t. The constant offset cancels from π and ô
    /// (it is log σ0² in linked mode), so keeping it apart keeps π exact. n ≥ 1, all finite.
    GaussianMle(Eigen::VectorXd relativeLogVariances, double logOffset, Eigen::MatrixXd values);

    int n() const { return int(mLogVar.size()); }
    int dV() const { return int(mValues.cols()); }
    /// log σ²_t (n), always finite for a valid scenario (MATH.md §4.1).
    const Eigen::VectorXd &logVariances() const { return mLogVar; }

    /// σ²_t: in free mode the variance as given (bit for bit, subnormals included); in linked
    /// mode σ0² exp(−s_t) (so σ0² itself at s_t = 0); otherwise exp(log σ²_t). nullopt where a
    /// computed σ² is outside the double range (> 1.8e308 or < 2.2e-308), to be shown as such,
    /// never as 0 or inf (MATH.md §4.1).
    std::optional<double> variance(int t) const;

    /// Normalized precisions π_t = σ_t⁻² / Σ_u σ_u⁻², computed as softmax(−log σ²) (MATH.md §4.3).
    const Eigen::VectorXd &precisionWeights() const { return mPi; }
    /// MLE ô = Σ π_t v_t (d_v) (MATH.md §4.3), computed by weightedMean() so that it is finite
    /// whenever the values are.
    const Eigen::VectorXd &mleOutput() const { return mMle; }
    /// log of the total precision, log Σ_u σ_u⁻² (always finite). MATH.md §4.3.
    double logTotalPrecision() const { return mLogTotalPrecision; }
    /// Standard error of each coordinate of ô, (Σ σ⁻²)^(−1/2); nullopt outside the double range.
    std::optional<double> standardError() const;

    /// ℓ(o) = Σ_t [ −(d_v/2) log(2π σ²_t) − ‖o − v_t‖² / (2σ²_t) ] (MATH.md §4.2).
    /// nullopt when ℓ is below −1.8e308 (shown as "< −1.8e308", never −inf).
    std::optional<double> logLikelihood(const Eigen::Ref<const Eigen::VectorXd> &o) const;

    /// ∇ℓ(o) = Σ_t (v_t − o)/σ²_t (d_v), MATH.md §4.2. May contain ±inf when σ² underflows; the
    /// animation never uses it for that reason (see gradientAscent).
    Eigen::VectorXd gradient(const Eigen::Ref<const Eigen::VectorXd> &o) const;

    /// Gradient-ascent iterates with η = α / Σ σ⁻² (MATH.md §4.4), computed through π:
    /// o ← o + α Σ π_t (v_t − o) = (1−α) o + α ô. Returns iterations+1 points, start first.
    /// 0 < α < 2 converges; other α are allowed (and diverge) for teaching.
    std::vector<Eigen::VectorXd> gradientAscent(const Eigen::Ref<const Eigen::VectorXd> &start,
                                                double alpha, int iterations) const;

    /// Fixed-step iterates o ← o + η ∇ℓ(o), η not scaled by the total precision (MATH.md §4.4,
    /// "for a curved path"). Stops early (shorter vector) if an iterate is not finite.
    std::vector<Eigen::VectorXd> fixedStepAscent(const Eigen::Ref<const Eigen::VectorXd> &start,
                                                 double eta, int iterations) const;

private:
    Eigen::VectorXd mLogVar;
    Eigen::MatrixXd mValues;
    Eigen::VectorXd mPi;
    Eigen::VectorXd mMle;
    double mLogTotalPrecision = 0;
    Eigen::VectorXd mGivenVariances; ///< free mode: σ² as given (n); empty when linked
    Eigen::VectorXd mScores;         ///< linked mode: the scores s (n); empty when free
    double mSigma0Squared = 1;       ///< linked mode: σ0²
};

} // namespace sml
