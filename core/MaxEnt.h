#pragma once

#include <Eigen/Core>
#include <QString>

#include <optional>
#include <vector>

namespace sml {

/// Maximum-entropy distribution over the visible keys of one query (MATH.md §5).
///
/// Features f_t = q·k_t (n = |V_i| finite numbers). The MaxEnt solution under Σ p f = μ is the
/// Gibbs distribution p_t(λ) = exp(λ f_t)/Z(λ), λ the Lagrange multiplier, found by minimizing
/// the convex dual g(λ) = log Z(λ) − λμ (MATH.md §5.2).
namespace maxent {

/// Outcome of solving for λ.
enum class Status
{
    Ok,           ///< λ found
    Undetermined, ///< all features equal: λ undetermined (null), p uniform (MATH.md §5.4)
    Infeasible,   ///< μ outside the open interval (min f, max f) (MATH.md §5.4)
    TooClose,     ///< |λ| would exceed 1e300/(max f − min f): "target too close to the boundary"
};

struct Solution
{
    Status status = Status::Ok;
    std::optional<double> lambda; ///< null when Undetermined or an error
    Eigen::VectorXd weights;      ///< p(λ); uniform when Undetermined; empty on error
    double entropy = 0;           ///< H(p) in nats (valid when weights are set)
    /// H_α(p) (MATH.md §7.1) for the Tsallis MaxEnt of TsallisMaxEnt.h; H(p) for the §5 solvers
    double tsallisEntropy = 0;
    int iterations = 0; ///< Newton/bisection steps taken
    /// Error text (Infeasible, TooClose), or a warning: λ undetermined (Undetermined), or the
    /// half-line warning of MATH.md §7.3 ("any λ ≥ λ_max = … gives these weights") with Ok.
    QString message;
    /// Tsallis MaxEnt only: λ is λ_max or λ_min, one end of a half-line of solutions (§7.3).
    bool atBoundary = false;
};

/// The Gibbs distribution p(λ) = softmax(λ f), in the shifted form (MATH.md §5.2, §3).
Eigen::VectorXd gibbs(const Eigen::Ref<const Eigen::VectorXd> &f, double lambda);

/// E_λ[f] (MATH.md §5.2).
double expectedFeature(const Eigen::Ref<const Eigen::VectorXd> &f, double lambda);

/// Var_λ[f] = Σ p (f − E)², never E[f²] − E² (MATH.md §5.6).
double featureVariance(const Eigen::Ref<const Eigen::VectorXd> &f, double lambda);

/// H(λ) = log Z(λ) − λ E_λ[f] in nats, evaluated in the shifted form of §3 (MATH.md §5.6).
double entropyAt(const Eigen::Ref<const Eigen::VectorXd> &f, double lambda);

/// The default target μ = Σ_t w_t f_t, the expected similarity under attention (MATH.md §5.3).
double defaultTarget(const Eigen::Ref<const Eigen::VectorXd> &f,
                     const Eigen::Ref<const Eigen::VectorXd> &weights);

/// Text of the infeasibility error: "target μ outside (min f, max f) = (a, b)"
/// (scenario-format.md).
QString infeasibleMessage(double mu, double minF, double maxF);

/// Safeguarded Newton on the dual g(λ) (MATH.md §5.5): bracket grown by doubling from [−1, 1]
/// and bounded by |λ| ≤ 1e300/(max f − min f); bisection when Newton leaves the bracket or the
/// variance is tiny; stop when |Δλ| ≤ 4ε·max(1,|λ|) or the bracket is that narrow.
/// Infeasible and all-equal cases are reported through Status, never by clamping.
/// If `trace` is given, every iterate of λ (starting at λ=0) is appended to it.
Solution solve(const Eigen::Ref<const Eigen::VectorXd> &f, double mu,
               std::vector<double> *trace = nullptr);

/// The closed-form solution at the default target: λ = 1/τ, p = w (MATH.md §5.3). Undetermined
/// when all features are equal. `iterations` carries the check run of solve() from λ = 0.
Solution closedForm(const Eigen::Ref<const Eigen::VectorXd> &f, double tau);

/// Generalized Iterative Scaling iterates of the effective λ = λ₁ − λ₂, starting at 0
/// (MATH.md §5.5; Darroch & Ratcliff 1972). Returns iterations+1 values. Empty when the target
/// is infeasible or all features are equal.
std::vector<double> gisIterates(const Eigen::Ref<const Eigen::VectorXd> &f, double mu,
                                int iterations);

/// The curve H(λ) at the given λ (MATH.md §5.6).
Eigen::VectorXd entropyCurve(const Eigen::Ref<const Eigen::VectorXd> &f,
                             const Eigen::Ref<const Eigen::VectorXd> &lambdas);

/// The dual objective g(λ) = log Z(λ) − λμ = log Σ_t exp(λ (f_t − μ)) (MATH.md §5.2), whose
/// minimizer is the Lagrange multiplier λ* of the target μ (g′ = E_λ[f] − μ, g″ = Var_λ[f]).
/// f: n ≥ 1 finite features; μ and λ finite. Computed in the shifted form of MATH.md §2–§3: the
/// exponents λ(f_t − μ) are shifted by their maximum, so nothing unshifted is exponentiated and
/// λμ is never subtracted from a large log Z (no cancellation). Returns ±inf only when the
/// largest λ (f_t − μ) itself leaves the double range; never NaN. n = 0 returns −inf (empty sum).
double dualObjective(const Eigen::Ref<const Eigen::VectorXd> &f, double mu, double lambda);

namespace detail {

/// Features rescaled to z = (f − mid)/half ∈ [−1, 1], so that λ f = κ z + const with κ = λ·half.
/// Every exponent then stays within |κ|, and no difference of two large features is ever formed
/// (max f − min f can overflow even when both are finite). Shared by the §5 and §7.3 solvers.
struct Scaled
{
    double minF = 0, maxF = 0, mid = 0, half = 0;
    Eigen::VectorXd z;
    bool allEqual() const { return half == 0; }
};

/// center: the point subtracted before scaling; the midpoint by default. The solver centres on
/// the target μ instead, so that g′ = E[z] is computed as Σ p (f − μ)/half and never as the
/// difference of two nearly equal numbers E[f] − μ (which at |f| ≈ 1000 loses 1e-13 absolute).
/// f: n ≥ 1 finite features.
Scaled rescale(const Eigen::Ref<const Eigen::VectorXd> &f, std::optional<double> center = {});

/// The bracket step of the safeguarded Newton solvers (§5.5, §7.3): with g′ = gp at κ, moves the
/// end a (gp < 0) or b (gp > 0) of the bracket to κ. Returns true when κ is the solution: g′ = 0,
/// or |g′| at its rounding floor 4ε·absMean (absMean = Σ p |z|, the size of g′'s terms).
bool narrowBracket(double kappa, double gp, double absMean, double &a, double &b);

} // namespace detail

} // namespace maxent
} // namespace sml
