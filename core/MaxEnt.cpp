#include "MaxEnt.h"

#include "Attention.h"

#include <QLocale>

#include <cmath>
#include <limits>

namespace sml::maxent {

namespace detail {

Scaled rescale(const Eigen::Ref<const Eigen::VectorXd> &f, std::optional<double> center)
{
    Scaled s;
    s.minF = f.minCoeff();
    s.maxF = f.maxCoeff();
    s.mid = center ? *center : s.minF / 2 + s.maxF / 2;
    s.half = s.maxF / 2 - s.minF / 2;
    // Subnormal features: (5e-324)/2 rounds to 0, yet the features differ. Take the smallest
    // positive double as the scale, so the row is not mistaken for "all similarities equal".
    if (s.half == 0 && s.maxF > s.minF)
        s.half = std::numeric_limits<double>::denorm_min();
    if (s.half > 0) {
        s.z.resize(f.size());
        for (Eigen::Index t = 0; t < f.size(); ++t) {
            // f − μ overflows when the target sits far from a feature of the opposite sign
            // (f = −1.7e308, μ = 1e308); halving both first keeps it finite and exact.
            const double d = f[t] - s.mid;
            s.z[t] = std::isfinite(d) ? d / s.half : ((f[t] / 2 - s.mid / 2) / s.half) * 2;
        }
    } else {
        s.z = Eigen::VectorXd::Zero(f.size());
    }
    return s;
}

bool narrowBracket(double kappa, double gp, double absMean, double &a, double &b)
{
    if (gp < 0)
        a = kappa;
    else if (gp > 0)
        b = kappa;
    else
        return true;
    // g′ is at its rounding floor: κ is as good as a double can tell. (Without this stop, a
    // sharp row, whose Var is small, keeps bisecting on the sign of rounding noise.)
    return std::abs(gp) <= 4 * std::numeric_limits<double>::epsilon() * absMean;
}

} // namespace detail

namespace {

using detail::rescale;
using detail::Scaled;

constexpr double kEps = std::numeric_limits<double>::epsilon();

struct Moments
{
    double mean = 0;     ///< E_κ[z]
    double variance = 0; ///< Var_κ[z] = Σ p (z − E)²
    double absMean = 0;  ///< E_κ[|z|]: the size of the terms of `mean`, for its rounding error
};

Moments moments(const Eigen::VectorXd &z, double kappa)
{
    const SoftmaxRow row = softmax(kappa * z);
    Moments m;
    m.mean = row.weights.dot(z);
    m.variance = (row.weights.array() * (z.array() - m.mean).square()).sum();
    m.absMean = row.weights.dot(z.cwiseAbs());
    return m;
}

Solution undetermined(Eigen::Index n)
{
    Solution s;
    s.status = Status::Undetermined;
    s.weights = Eigen::VectorXd::Constant(n, 1.0 / double(n));
    s.entropy = std::log(double(n));
    s.tsallisEntropy = s.entropy;
    s.message = QStringLiteral("all similarities equal; λ undetermined");
    return s;
}

/// Shortest form that reads back bit for bit, as everywhere else: "0.3", not "0.29999999999999999".
QString num(double x)
{
    return QString::number(x, 'g', QLocale::FloatingPointShortest);
}

} // namespace

Eigen::VectorXd gibbs(const Eigen::Ref<const Eigen::VectorXd> &f, double lambda)
{
    const Scaled s = rescale(f);
    if (s.allEqual())
        return Eigen::VectorXd::Constant(f.size(), 1.0 / double(f.size()));
    return softmax(lambda * s.half * s.z).weights;
}

double expectedFeature(const Eigen::Ref<const Eigen::VectorXd> &f, double lambda)
{
    const Scaled s = rescale(f);
    if (s.allEqual())
        return s.minF;
    return s.mid + s.half * moments(s.z, lambda * s.half).mean;
}

double featureVariance(const Eigen::Ref<const Eigen::VectorXd> &f, double lambda)
{
    const Scaled s = rescale(f);
    if (s.allEqual())
        return 0;
    return s.half * s.half * moments(s.z, lambda * s.half).variance;
}

double entropyAt(const Eigen::Ref<const Eigen::VectorXd> &f, double lambda)
{
    const Scaled s = rescale(f);
    if (s.allEqual())
        return std::log(double(f.size()));
    return softmax(lambda * s.half * s.z).entropy;
}

double defaultTarget(const Eigen::Ref<const Eigen::VectorXd> &f,
                     const Eigen::Ref<const Eigen::VectorXd> &weights)
{
    // Σ w f, clamped into [min f, max f] against rounding (a convex combination lies inside).
    const double mu = weights.dot(f);
    return std::clamp(mu, f.minCoeff(), f.maxCoeff());
}

QString infeasibleMessage(double mu, double minF, double maxF)
{
    return QStringLiteral("target %1 outside (min f, max f) = (%2, %3)")
        .arg(num(mu), num(minF), num(maxF));
}

Solution solve(const Eigen::Ref<const Eigen::VectorXd> &f, double mu, std::vector<double> *trace)
{
    const Eigen::Index n = f.size();
    Solution out;
    if (n == 0) {
        out.status = Status::Infeasible;
        out.message = QStringLiteral("no visible key");
        return out;
    }
    // A feasible target becomes the centre of the scaled features (see rescale()).
    const Scaled s = rescale(f, (mu > f.minCoeff() && mu < f.maxCoeff()) ? std::optional<double>(mu)
                                                                         : std::nullopt);
    if (s.allEqual()) {
        // MATH.md §5.4: a target equal to the common value is accepted, any other is infeasible.
        if (mu == s.minF)
            return undetermined(n);
        out.status = Status::Infeasible;
        out.message = QStringLiteral("target %1 is infeasible: all similarities equal %2 "
                                     "(λ undetermined)")
                          .arg(num(mu), num(s.minF));
        return out;
    }
    if (!(mu > s.minF && mu < s.maxF)) {
        out.status = Status::Infeasible;
        out.message = infeasibleMessage(mu, s.minF, s.maxF);
        return out;
    }

    // Work in the natural units of the row, κ = λ·half (half = (max f − min f)/2), so that the
    // bracket, the bound and the step-size rule of MATH.md §5.5 mean the same for features of
    // size 1e-200 and 1e300. When max f − min f = 2, κ and λ coincide and the rules read
    // exactly as in MATH.md. g′ ∝ E_κ[z] − ν.
    // s.mid is μ here, so g′(κ) ∝ E_κ[z] = Σ p (f − μ)/half, with no cancellation.
    const auto gprime = [&](double kappa) { return moments(s.z, kappa).mean; };
    const auto tooClose = [&] {
        Solution e;
        e.status = Status::TooClose;
        e.message = QStringLiteral("target %1 too close to the boundary of (%2, %3)")
                        .arg(num(mu), num(s.minF), num(s.maxF));
        return e;
    };

    // |λ| ≤ 1e300/(max f − min f)  ⇔  |κ| ≤ 1e300/2.
    constexpr double bound = 0.5e300;

    // Bracket [a, b] with g′(a) < 0 < g′(b), grown by doubling from [−1, 1] (MATH.md §5.5).
    // Only the far end moves, so the bracket always holds 0, where Newton starts.
    double a = -1, b = 1;
    while (gprime(b) < 0) {
        if (b >= bound)
            return tooClose();
        b = std::min(2 * b, bound);
    }
    while (gprime(a) > 0) {
        if (a <= -bound)
            return tooClose();
        a = std::max(2 * a, -bound);
    }

    // Safeguarded Newton from κ = 0: bisection when the step leaves the bracket or Var is tiny.
    double kappa = 0;
    if (trace)
        trace->push_back(0.0);
    int iterations = 0;
    while (iterations < 5000) {
        const Moments mo = moments(s.z, kappa);
        const double gp = mo.mean;
        if (detail::narrowBracket(kappa, gp, mo.absMean, a, b))
            break;
        double next = a / 2 + b / 2;
        if (mo.variance > 1e-300) {
            const double newton = kappa - gp / mo.variance;
            if (newton > a && newton < b)
                next = newton;
        }
        const double step = std::abs(next - kappa);
        kappa = next;
        ++iterations;
        if (trace)
            trace->push_back(kappa / s.half);
        const double tol = 4 * kEps * std::max(1.0, std::abs(kappa));
        if (step <= tol || (b - a) <= tol)
            break;
    }
    const double lambda = kappa / s.half;
    if (!std::isfinite(lambda))
        return tooClose();
    out.status = Status::Ok;
    out.lambda = lambda;
    const SoftmaxRow row = softmax(kappa * s.z);
    out.weights = row.weights;
    out.entropy = row.entropy;
    out.tsallisEntropy = row.entropy;
    out.iterations = iterations;
    return out;
}

Solution closedForm(const Eigen::Ref<const Eigen::VectorXd> &f, double tau)
{
    const Eigen::Index n = f.size();
    if (n == 0) {
        Solution out;
        out.status = Status::Infeasible;
        out.message = QStringLiteral("no visible key");
        return out;
    }
    if (f.maxCoeff() == f.minCoeff())
        return undetermined(n);
    Solution out;
    out.status = Status::Ok;
    out.lambda = 1.0 / tau;
    // p = w exactly: the same scores f/τ as the attention softmax (MATH.md §5.3).
    const SoftmaxRow row = softmax(f / tau);
    out.weights = row.weights;
    out.entropy = row.entropy;
    out.tsallisEntropy = row.entropy;
    // The check run of the solver from λ = 0 (informative; it fails on numerically one-hot rows).
    const Solution check = solve(f, defaultTarget(f, row.weights));
    out.iterations = check.iterations;
    return out;
}

std::vector<double> gisIterates(const Eigen::Ref<const Eigen::VectorXd> &f, double mu,
                                int iterations)
{
    std::vector<double> lambdas;
    if (f.size() == 0)
        return lambdas;
    const Scaled s = rescale(f);
    if (s.allEqual() || !(mu > s.minF && mu < s.maxF))
        return lambdas;
    // Shifted, rescaled feature f′/C = (z + 1)/2 ∈ [0, 1], so C = 1 in these units and the
    // effective multiplier of f is λ = (λ₁ − λ₂)/(2·half)  (MATH.md §5.5).
    const Eigen::VectorXd fp = ((s.z.array() + 1.0) / 2.0).cwiseMax(0.0).cwiseMin(1.0).matrix();
    const double target = ((mu - s.mid) / s.half + 1.0) / 2.0; // μ′/C ∈ (0, 1)
    double l1 = 0, l2 = 0;
    lambdas.push_back(0.0);
    for (int k = 0; k < iterations; ++k) {
        const Eigen::VectorXd p = softmax((l1 - l2) * fp).weights;
        const double e = std::clamp(p.dot(fp), std::numeric_limits<double>::min(), 1.0 - kEps / 2);
        l1 += std::log(target / e);
        l2 += std::log((1.0 - target) / (1.0 - e));
        lambdas.push_back((l1 - l2) / s.half / 2);
    }
    return lambdas;
}

Eigen::VectorXd entropyCurve(const Eigen::Ref<const Eigen::VectorXd> &f,
                             const Eigen::Ref<const Eigen::VectorXd> &lambdas)
{
    Eigen::VectorXd h(lambdas.size());
    const Scaled s = rescale(f);
    for (Eigen::Index j = 0; j < lambdas.size(); ++j) {
        h[j] =
            s.allEqual() ? std::log(double(f.size())) : softmax(lambdas[j] * s.half * s.z).entropy;
    }
    return h;
}

double dualObjective(const Eigen::Ref<const Eigen::VectorXd> &f, double mu, double lambda)
{
    if (f.size() == 0)
        return -std::numeric_limits<double>::infinity();
    // λ (f_t − μ) as (λ·(f_t/2 − μ/2))·2: the halved difference of two finite numbers is finite.
    Eigen::VectorXd exponents(f.size());
    for (Eigen::Index t = 0; t < f.size(); ++t)
        exponents[t] = (lambda * (f[t] / 2 - mu / 2)) * 2;
    const double top = exponents.maxCoeff();
    if (!std::isfinite(top))
        return top > 0 ? std::numeric_limits<double>::infinity() : top;
    // An exponent of −inf contributes exp(−inf) = 0 either way; softmax() wants finite scores.
    exponents = exponents.cwiseMax(-std::numeric_limits<double>::max());
    return softmax(exponents).logPartition();
}

} // namespace sml::maxent
