#include "GaussianMle.h"

#include "Attention.h"
#include "WeightedMean.h"

#include <cmath>
#include <limits>
#include <numbers>

namespace sml {

namespace {
constexpr double kMaxLog = 709.782712893384;         // log(DBL_MAX)
constexpr double kMinNormalLog = -708.3964185322641; // log(DBL_MIN)

/// exp(x) when it is a normal finite double, else nullopt ("outside the double range").
std::optional<double> expInRange(double x)
{
    if (x > kMaxLog || x < kMinNormalLog)
        return std::nullopt;
    return std::exp(x);
}
} // namespace

GaussianMle GaussianMle::linked(const Eigen::Ref<const Eigen::VectorXd> &scores,
                                double sigma0Squared, Eigen::MatrixXd values)
{
    GaussianMle g(-scores, std::log(sigma0Squared), std::move(values));
    g.mSigma0Squared = sigma0Squared;
    g.mScores = scores;
    return g;
}

GaussianMle GaussianMle::free(const Eigen::Ref<const Eigen::VectorXd> &variances,
                              Eigen::MatrixXd values)
{
    // std::log, not Eigen's vectorised log: that one treats subnormal σ² (< 2.2e-308) as
    // DBL_MIN, so 5e-324 and 1e-310 would both get log σ² = −708.4 (issue 15). The variances
    // are kept as given, so the report and the views echo them bit for bit.
    Eigen::VectorXd logVariances(variances.size());
    for (Eigen::Index t = 0; t < variances.size(); ++t)
        logVariances[t] = std::log(variances[t]);
    GaussianMle g(std::move(logVariances), 0.0, std::move(values));
    g.mGivenVariances = variances;
    return g;
}

GaussianMle::GaussianMle(Eigen::VectorXd relativeLogVariances, double logOffset,
                         Eigen::MatrixXd values)
    : mValues(std::move(values))
{
    mLogVar = (relativeLogVariances.array() + logOffset).matrix();
    // π = softmax(−log σ²) (MATH.md §4.3), with the constant offset left out: it cancels, and
    // adding it first would round away the low bits of the scores. σ⁻² is never formed.
    const Eigen::VectorXd negRelative = -relativeLogVariances;
    const SoftmaxRow row = softmax(negRelative);
    mPi = row.weights;
    mLogTotalPrecision = row.logPartition() - logOffset; // log Σ σ⁻²
    mMle = weightedMean(mPi, mValues);
}

std::optional<double> GaussianMle::variance(int t) const
{
    if (mGivenVariances.size() == n())
        return mGivenVariances[t]; // free mode: the number in the file
    if (mScores.size() == n()) {
        // Linked: σ0² · exp(−s), exact where exp(−s) is 1 (σ² = σ0² at s = 0); the log form
        // where the product would leave the double range.
        const double scale = std::exp(-mScores[t]);
        const double product = mSigma0Squared * scale;
        if (std::isnormal(scale) && std::isnormal(product))
            return product;
    }
    return expInRange(mLogVar[t]);
}

std::optional<double> GaussianMle::standardError() const
{
    return expInRange(-0.5 * mLogTotalPrecision);
}

std::optional<double> GaussianMle::logLikelihood(const Eigen::Ref<const Eigen::VectorXd> &o) const
{
    // ℓ(o) = −(d_v/2)(n log 2π + Σ_t log σ²_t) − Σ_t ‖o − v_t‖² exp(−log σ²_t) / 2  (MATH.md §4.2)
    // The quadratic term is computed as exp(log ‖o − v_t‖² − log σ²_t) so that a tiny variance
    // at zero distance contributes exactly 0 and never 0·inf.
    // Σ log σ²_t is summed on its own, with Neumaier's compensation: log-variances of ±1e300
    // (scores of ∓1e300) cancel exactly there, where adding them term by term to log 2π and the
    // quadratic terms would lose everything else (ℓ = −4.34 instead of −8.01 for scores
    // (1e300, −1e300, 0); issue 6, "Numerical extremes").
    const double halfDv = 0.5 * double(dV());
    const double log2Pi = std::log(2.0 * std::numbers::pi);
    long double sumLogVar = 0; // long double: n terms near ±1.8e308 do not overflow
    long double compensation = 0;
    long double sumQuad = 0; // every term ≥ 0: no cancellation
    for (int t = 0; t < n(); ++t) {
        const long double x = mLogVar[t];
        const long double sum = sumLogVar + x;
        compensation +=
            std::fabs(sumLogVar) >= std::fabs(x) ? (sumLogVar - sum) + x : (x - sum) + sumLogVar;
        sumLogVar = sum;
        const double dist2 = (o - mValues.row(t).transpose()).squaredNorm();
        if (dist2 > 0) {
            const double logQuad = std::log(dist2) - mLogVar[t] - std::log(2.0);
            if (logQuad > kMaxLog)
                return std::nullopt;
            sumQuad += std::exp(logQuad);
        }
    }
    const long double total =
        -halfDv * ((long double)(n()) * log2Pi + (sumLogVar + compensation)) - sumQuad;
    const double result = double(total);
    if (!std::isfinite(result))
        return std::nullopt; // below −1.8e308 (the constant term alone is bounded)
    return result;
}

Eigen::VectorXd GaussianMle::gradient(const Eigen::Ref<const Eigen::VectorXd> &o) const
{
    Eigen::VectorXd g = Eigen::VectorXd::Zero(dV());
    for (int t = 0; t < n(); ++t)
        g += (mValues.row(t).transpose() - o) * std::exp(-mLogVar[t]);
    return g;
}

std::vector<Eigen::VectorXd>
GaussianMle::gradientAscent(const Eigen::Ref<const Eigen::VectorXd> &start, double alpha,
                            int iterations) const
{
    // η ∇ℓ(o) with η = α / Σσ⁻² equals α Σ π_t (v_t − o) = α (ô − o)  (MATH.md §4.4).
    std::vector<Eigen::VectorXd> path;
    path.reserve(size_t(std::max(0, iterations)) + 1);
    Eigen::VectorXd o = start;
    path.push_back(o);
    for (int k = 0; k < iterations; ++k) {
        const Eigen::VectorXd step = alpha * (mValues.transpose() * mPi - o);
        o += step;
        if (!o.allFinite())
            break;
        path.push_back(o);
    }
    return path;
}

std::vector<Eigen::VectorXd>
GaussianMle::fixedStepAscent(const Eigen::Ref<const Eigen::VectorXd> &start, double eta,
                             int iterations) const
{
    std::vector<Eigen::VectorXd> path;
    Eigen::VectorXd o = start;
    path.push_back(o);
    for (int k = 0; k < iterations; ++k) {
        o += eta * gradient(o);
        if (!o.allFinite())
            break;
        path.push_back(o);
    }
    return path;
}

} // namespace sml
