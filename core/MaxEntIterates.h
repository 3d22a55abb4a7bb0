#pragma once

#include "Analysis.h"

#include <Eigen/Core>
#include <QString>

#include <utility>
#include <vector>

namespace sml {

/// The iterates of the two MaxEnt solvers for one query and one target μ, both started at λ = 0,
/// for the optimizer animation (MATH.md §5.5):
/// - safeguarded Newton: the trace of maxent::solve;
/// - Generalized Iterative Scaling: maxent::gisIterates, stopped when |Δλ| ≤ 4ε·max(1, |λ|)
///   (the rule Newton uses) or after gisCap iterations;
/// with the dual objective g(λ⁽ⁿ⁾) = log Z(λ⁽ⁿ⁾) − λ⁽ⁿ⁾μ (MATH.md §5.2, maxent::dualObjective) and
/// the distance |λ⁽ⁿ⁾ − λ*| to the solution. λ* is the closed form 1/τ at the default target
/// (MATH.md §5.3) and the solver's λ for a target set by hand.
///
/// With α-entmax (QueryDetail::alpha > 1) the problem is the Tsallis MaxEnt of MATH.md §7.3:
/// the Newton iterates are those of maxent::solveTsallis, the dual is
/// maxent::tsallisDualObjective, and GIS (which needs the exponential family) has no iterates
/// beyond λ = 0: hasGis() is false. A target at an end of [min f, max f], or a sharp default
/// row, has a half-line of solutions from λ_max (or λ_min): nothing to iterate, problem() says so.
///
/// GIS converges linearly and may need thousands of iterations, so its iterates are computed
/// lazily, doubling the run each time the animation gets past what is known: an edit during a
/// drag never waits for a complete GIS run. The dual values are cached per iterate.
class MaxEntIterates
{
public:
    enum class Method
    {
        Newton,
        Gis
    };
    /// GIS stops here even if it has not met its stopping rule.
    static constexpr int gisCap = 20000;

    MaxEntIterates() = default;
    /// The features, target and solution of one query (Analysis::detail).
    explicit MaxEntIterates(const QueryDetail &detail);

    /// False when there is nothing to iterate; problem() then says why: no visible key, λ
    /// undetermined (all similarities equal, MATH.md §5.4), an infeasible target or one too close
    /// to the boundary, or a numerically one-hot row at the default target (μ = max f in
    /// floating point, so no solver can start; the closed form λ = 1/τ is exact, MATH.md §5.3).
    bool isSolvable() const { return mSolvable; }
    /// α of the normalizer (1: the softmax and the Shannon MaxEnt of §5).
    double alpha() const { return mAlpha; }
    /// False with α > 1: GIS solves the Shannon problem only (MATH.md §5.5).
    bool hasGis() const { return mAlpha == 1; }
    QString problem() const { return mProblem; }

    const Eigen::VectorXd &features() const { return mF; }
    double target() const { return mMu; }
    /// λ*, the value the animation converges to.
    double lambdaStar() const { return mLambdaStar; }
    /// True when λ* is the closed form 1/τ (default target).
    bool lambdaStarIsClosedForm() const { return mClosedForm; }
    /// g(λ*) = H(p*): the minimum of the dual is the maximum entropy (MATH.md §5.2).
    double dualAtSolution() const { return mDualStar; }

    /// λ⁽ⁿ⁾ (n ≥ 0); past the end of a finished run, its last iterate. Precondition: solvable.
    double lambdaAt(Method method, int n);
    /// g(λ⁽ⁿ⁾), cached (the Tsallis dual with α > 1).
    double dualAt(Method method, int n);
    /// |λ⁽ⁿ⁾ − λ*|.
    double distanceAt(Method method, int n);
    /// True when the run has stopped at or before iteration n.
    bool finishedAt(Method method, int n);
    /// The index of the last iterate of the complete run (computes all of GIS, up to gisCap).
    int lastIteration(Method method);
    /// True when GIS stopped at gisCap without meeting its stopping rule (known once finished).
    bool gisHitCap() const { return mGisHitCap; }

private:
    void extendGis(int n);
    /// The iterate that stands for iteration n ≥ 0 of `method`: n, or the last one when the run
    /// stopped before n (extending GIS as needed); −1 when the run has no iterate.
    int iterateIndex(Method method, int n);
    std::vector<double> &path(Method method) { return method == Method::Newton ? mNewton : mGis; }
    std::vector<double> &duals(Method method)
    {
        return method == Method::Newton ? mNewtonDual : mGisDual;
    }

    bool mSolvable = false;
    double mAlpha = 1;
    QString mProblem;
    Eigen::VectorXd mF;
    double mMu = 0;
    double mLambdaStar = 0;
    bool mClosedForm = false;
    double mDualStar = 0;
    std::vector<double> mNewton;
    std::vector<double> mNewtonDual;
    std::vector<double> mGis;
    std::vector<double> mGisDual;
    bool mGisDone = false;
    bool mGisHitCap = false;
};

} // namespace sml
