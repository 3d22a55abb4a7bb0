#include "TsallisMaxEnt.h"

#include "Entmax.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

namespace sml::maxent {

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();
/// |κ| ≤ 1e300/2, as in §5.5: κ ẑ (|ẑ| ≤ 2) then never overflows.
constexpr double kBound = 0.5e300;

QString num(double x)
{
    return QString::number(x, 'g', QLocale::FloatingPointShortest);
}

/// λ at which the support of entmax_α(λ x) shrinks to the argmax set of x (MATH.md §7.3):
/// k^(1−α)/((α−1)(x_max − x_(2))). nullopt when every x ties. The gap is formed from halves
/// when x_max − x_(2) would overflow.
std::optional<double> sharpeningLambda(const Eigen::Ref<const Eigen::VectorXd> &x, double alpha)
{
    const double top = x.maxCoeff();
    int k = 0;
    double second = -std::numeric_limits<double>::infinity();
    for (Eigen::Index t = 0; t < x.size(); ++t) {
        if (x[t] == top)
            ++k;
        else
            second = std::max(second, x[t]);
    }
    if (k == x.size())
        return std::nullopt;
    const double scale = std::pow(double(k), 1 - alpha) / (alpha - 1);
    const double gap = top - second;
    return std::isfinite(gap) ? scale / gap : scale / 2 / (top / 2 - second / 2);
}

/// What the solver needs at κ: g′ ∝ Σ p ẑ, the size of its terms, and g″ ∝ ẑᵀ J ẑ.
struct Moments
{
    double mean = 0;      ///< Σ p ẑ
    double absMean = 0;   ///< Σ p |ẑ|, for the rounding floor of `mean`
    double curvature = 0; ///< ẑᵀ J ẑ, J the entmax Jacobian (+∞ where it is unbounded)
};

Moments moments(const Eigen::VectorXd &z, double kappa, double alpha)
{
    const EntmaxRow row = entmax(kappa * z, alpha);
    Moments m;
    m.mean = row.weights.dot(z);
    m.absMean = row.weights.dot(z.cwiseAbs());
    // r_t = p_t^(2−α) on the support, scaled by its largest entry (MATH.md §7.3).
    Eigen::VectorXd r = Eigen::VectorXd::Zero(z.size());
    for (int t : row.support) {
        const double p = row.weights[t];
        if (p > 0)
            r[t] = std::exp((2 - alpha) * std::log(p));
        else if (alpha <= 2) // an underflowed weight: r = 0 (α < 2) or 1 (α = 2)
            r[t] = alpha == 2 ? 1.0 : 0.0;
    }
    const double rMax = r.maxCoeff();
    if (!(rMax > 0) || !std::isfinite(rMax)) {
        m.curvature = std::numeric_limits<double>::infinity();
        return m;
    }
    r /= rMax;
    const double rSum = r.sum();
    const double rMean = r.dot(z) / rSum;
    m.curvature = rMax * (r.array() * (z.array() - rMean).square()).sum();
    return m;
}

/// p uniform over the keys where f equals `value` (the argmax or argmin set).
Eigen::VectorXd uniformOn(const Eigen::Ref<const Eigen::VectorXd> &f, double value)
{
    Eigen::VectorXd p = (f.array() == value).cast<double>();
    return p / p.sum();
}

void setEntropies(Solution &s, double alpha)
{
    s.entropy = shannonEntropy(s.weights);
    s.tsallisEntropy = tsallisEntropy(s.weights, alpha);
}

QString halfLineAbove(double lambda)
{
    return QStringLiteral("any λ ≥ λ_max = %1 gives these weights").arg(num(lambda));
}

} // namespace

std::optional<double> lambdaMax(const Eigen::Ref<const Eigen::VectorXd> &f, double alpha)
{
    if (alpha == 1 || f.size() == 0)
        return std::nullopt;
    return sharpeningLambda(f, alpha);
}

std::optional<double> lambdaMin(const Eigen::Ref<const Eigen::VectorXd> &f, double alpha)
{
    if (alpha == 1 || f.size() == 0)
        return std::nullopt;
    const std::optional<double> l = sharpeningLambda(-f, alpha);
    return l ? std::optional<double>(-*l) : std::nullopt;
}

Eigen::VectorXd tsallisWeights(const Eigen::Ref<const Eigen::VectorXd> &f, double lambda,
                               double alpha)
{
    if (alpha == 1)
        return gibbs(f, lambda);
    const detail::Scaled s = detail::rescale(f);
    if (s.allEqual())
        return Eigen::VectorXd::Constant(f.size(), 1.0 / double(f.size()));
    return entmax(lambda * s.half * s.z, alpha).weights;
}

double tsallisExpectedFeature(const Eigen::Ref<const Eigen::VectorXd> &f, double lambda,
                              double alpha)
{
    if (alpha == 1)
        return expectedFeature(f, lambda);
    const detail::Scaled s = detail::rescale(f);
    if (s.allEqual())
        return s.minF;
    const double e = s.mid + s.half * entmax(lambda * s.half * s.z, alpha).weights.dot(s.z);
    return std::clamp(e, s.minF, s.maxF);
}

double tsallisEntropyAt(const Eigen::Ref<const Eigen::VectorXd> &f, double lambda, double alpha)
{
    return tsallisEntropy(tsallisWeights(f, lambda, alpha), alpha);
}

double tsallisDualObjective(const Eigen::Ref<const Eigen::VectorXd> &f, double mu, double lambda,
                            double alpha)
{
    if (alpha == 1)
        return dualObjective(f, mu, lambda);
    const detail::Scaled s = detail::rescale(f, mu);
    if (s.allEqual())
        return tsallisEntropy(Eigen::VectorXd::Constant(f.size(), 1.0 / double(f.size())), alpha);
    // λ f = κ ẑ + λμ with ẑ = (f − μ)/half, κ = λ·half: λ (E[f] − μ) = κ Σ p ẑ.
    const double kappa = lambda * s.half;
    const EntmaxRow row = entmax(kappa * s.z, alpha);
    return kappa * row.weights.dot(s.z) + row.tsallisEntropy;
}

QString closedInfeasibleMessage(double mu, double minF, double maxF)
{
    return QStringLiteral("target %1 outside [min f, max f] = [%2, %3]")
        .arg(num(mu), num(minF), num(maxF));
}

Solution solveTsallis(const Eigen::Ref<const Eigen::VectorXd> &f, double mu, double alpha,
                      std::vector<double> *trace)
{
    if (alpha == 1 || f.size() == 0 || f.maxCoeff() == f.minCoeff()) {
        // The softmax (§5.5), no key, or all similarities equal (§5.4): as in §5.
        Solution s = solve(f, mu, trace);
        if (s.weights.size())
            s.tsallisEntropy = tsallisEntropy(s.weights, alpha);
        return s;
    }
    const double minF = f.minCoeff();
    const double maxF = f.maxCoeff();
    Solution out;
    if (!(mu >= minF && mu <= maxF)) {
        out.status = Status::Infeasible;
        out.message = closedInfeasibleMessage(mu, minF, maxF);
        return out;
    }
    if (mu == maxF || mu == minF) { // an end of the closed interval: a half-line of λ (§7.3)
        const bool top = mu == maxF;
        out.status = Status::Ok;
        out.lambda = top ? lambdaMax(f, alpha) : lambdaMin(f, alpha);
        out.atBoundary = true;
        out.weights = uniformOn(f, mu);
        setEntropies(out, alpha);
        out.message =
            top ? halfLineAbove(*out.lambda)
                : QStringLiteral("any λ ≤ λ_min = %1 gives these weights").arg(num(*out.lambda));
        if (trace)
            trace->push_back(*out.lambda);
        return out;
    }

    // Inside: work in κ = λ·half on ẑ = (f − μ)/half, so that g′(κ) ∝ Σ p ẑ has no cancellation
    // (as in §5.5). The bracket (κ_min, κ_max) is where E_λ[f] is strictly increasing.
    const detail::Scaled s = detail::rescale(f, mu);
    double a = -std::min(kBound, sharpeningLambda(-s.z, alpha).value_or(kBound));
    double b = std::min(kBound, sharpeningLambda(s.z, alpha).value_or(kBound));
    double kappa = 0;
    if (trace)
        trace->push_back(0.0);
    Moments mo = moments(s.z, kappa, alpha);
    int iterations = 0;
    while (iterations < 5000) {
        const double gp = mo.mean;
        if (detail::narrowBracket(kappa, gp, mo.absMean, a, b))
            break;
        double next = a / 2 + b / 2;
        std::optional<Moments> atNext;
        if (mo.curvature > 1e-300 && std::isfinite(mo.curvature)) {
            const double newton = kappa - gp / mo.curvature;
            if (newton > a && newton < b) {
                const Moments trial = moments(s.z, newton, alpha);
                if (std::abs(trial.mean) <= std::abs(gp) / 2) {
                    next = newton;
                    atNext = trial;
                } else { // not taken, but it still narrows the bracket
                    if (trial.mean < 0)
                        a = newton;
                    else if (trial.mean > 0)
                        b = newton;
                    next = a / 2 + b / 2;
                }
            }
        }
        const double step = std::abs(next - kappa);
        kappa = next;
        ++iterations;
        if (trace)
            trace->push_back(kappa / s.half);
        mo = atNext ? *atNext : moments(s.z, kappa, alpha);
        const double tol = 4 * kEps * std::max(1.0, std::abs(kappa));
        if ((b - a) <= tol)
            break;
        if (step <= tol) {
            // A tiny step is not convergence where g″ is huge (α > 2, a key on the water line).
            // Close the bracket with a point just past κ on the side of the root; if g′ has
            // not changed sign there, go on from it.
            const double probe = kappa + (mo.mean < 0 ? 2 * tol : -2 * tol);
            if (!(probe > a && probe < b))
                break;
            const Moments atProbe = moments(s.z, probe, alpha);
            if (atProbe.mean == 0 || (atProbe.mean < 0) != (mo.mean < 0))
                break; // the root is within 2 tol of κ
            kappa = probe;
            mo = atProbe;
        }
    }
    out.status = Status::Ok;
    out.lambda = kappa / s.half;
    if (!std::isfinite(*out.lambda)) {
        out.status = Status::TooClose;
        out.lambda.reset();
        out.message = QStringLiteral("target %1 too close to the boundary of [%2, %3]")
                          .arg(num(mu), num(minF), num(maxF));
        return out;
    }
    out.weights = entmax(kappa * s.z, alpha).weights;
    setEntropies(out, alpha);
    out.iterations = iterations;
    return out;
}

Solution closedFormTsallis(const Eigen::Ref<const Eigen::VectorXd> &f, double tau, double alpha)
{
    if (alpha == 1 || f.size() == 0 || f.maxCoeff() == f.minCoeff()) {
        Solution s = closedForm(f, tau);
        if (s.weights.size())
            s.tsallisEntropy = tsallisEntropy(s.weights, alpha);
        return s;
    }
    Solution out;
    out.status = Status::Ok;
    out.lambda = 1.0 / tau;
    // p = w exactly: the same scores f/τ and the same kernel as the attention (MATH.md §7.3).
    const EntmaxRow row = entmax(f / tau, alpha);
    out.weights = row.weights;
    out.entropy = row.entropy;
    out.tsallisEntropy = row.tsallisEntropy;
    const double maxF = f.maxCoeff();
    const int ties = int((f.array() == maxF).count());
    if (int(row.support.size()) == ties) // a sharp row: the support is the argmax set
        out.message = QStringLiteral("the support is the argmax set: %1")
                          .arg(halfLineAbove(*lambdaMax(f, alpha)));
    const Solution check = solveTsallis(f, defaultTarget(f, row.weights), alpha);
    out.iterations = check.iterations;
    return out;
}

} // namespace sml::maxent
