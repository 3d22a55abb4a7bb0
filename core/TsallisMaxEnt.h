#pragma once

#include "MaxEnt.h"

#include <Eigen/Core>
#include <QString>

#include <optional>
#include <vector>

namespace sml::maxent {

/// The maximum-entropy derivation with the Tsallis entropy H_α (MATH.md §7.3).
///
/// Features f_t = q·k_t (n = |V_i| ≥ 1 finite numbers), 1 ≤ α finite. Maximizing H_α(p) under
/// Σ p = 1, Σ p f = μ, p ≥ 0 gives p(λ) = entmax_α(λ f) (MATH.md §7.2), λ the Lagrange
/// multiplier. At α = 1 every function here is its §5 counterpart (MaxEnt.h), unchanged.
///
/// For α > 1 the support shrinks to the argmax set at a finite λ_max (and to the argmin set at
/// λ_min), so the feasible targets form the closed interval [min f, max f]: μ = max f is
/// reached by every λ ≥ λ_max, and the solver reports λ_max with the half-line warning.

/// λ_max = k^(1−α)/((α−1)(f_max − f_(2))): k keys tie at f_max, f_(2) is the largest f below it
/// (MATH.md §7.3). For every λ ≥ λ_max, p(λ) is uniform over the argmax set. nullopt at α = 1
/// (+∞) or when all features are equal. Computed from halved features, so f_max − f_(2) never
/// overflows.
std::optional<double> lambdaMax(const Eigen::Ref<const Eigen::VectorXd> &f, double alpha);

/// λ_min = −k'^(1−α)/((α−1)(f_(2') − f_min)), the same at the minimum (MATH.md §7.3); nullopt at
/// α = 1 (−∞) or when all features are equal.
std::optional<double> lambdaMin(const Eigen::Ref<const Eigen::VectorXd> &f, double alpha);

/// p(λ) = entmax_α(λ f) (n weights, exactly 0 off the support), evaluated on the rescaled
/// features so that λ f is never formed when it would overflow (MATH.md §7.3).
Eigen::VectorXd tsallisWeights(const Eigen::Ref<const Eigen::VectorXd> &f, double lambda,
                               double alpha);

/// E_λ[f] under p(λ) = entmax_α(λ f), non-decreasing in λ (MATH.md §7.3): the constraint curve.
double tsallisExpectedFeature(const Eigen::Ref<const Eigen::VectorXd> &f, double lambda,
                              double alpha);

/// H_α(p(λ)) (MATH.md §7.1, §7.4): the entropy curve, which reaches 0 (or its value on the
/// argmax set) at λ_max.
double tsallisEntropyAt(const Eigen::Ref<const Eigen::VectorXd> &f, double lambda, double alpha);

/// The dual objective of the Tsallis MaxEnt, g(λ) = max_p [λ Σ p f + H_α(p)] − λμ
/// = λ (E_λ[f] − μ) + H_α(p(λ)) (MATH.md §7.3; §5.2's log Z(λ) − λμ at α = 1, dualObjective()).
/// Convex in λ, g′ = E_λ[f] − μ, and its minimum is the maximum entropy H_α(p*). λ(E_λ[f] − μ)
/// is formed on features centred on μ (no cancellation). f: n ≥ 1 finite features, μ, λ finite.
double tsallisDualObjective(const Eigen::Ref<const Eigen::VectorXd> &f, double mu, double lambda,
                            double alpha);

/// Text of the infeasibility error with α > 1: "target μ outside [min f, max f] = [a, b]"
/// (scenario-format.md, report additions).
QString closedInfeasibleMessage(double mu, double minF, double maxF);

/// The Tsallis MaxEnt solver for a user target μ (MATH.md §7.3). α = 1: maxent::solve (§5.5).
/// α > 1:
/// - all features equal: as §5.4 (Undetermined with p uniform when μ is their value, else
///   Infeasible);
/// - μ outside [min f, max f]: Infeasible with closedInfeasibleMessage();
/// - μ = max f (or min f): Ok with λ = λ_max (λ_min), p uniform over the argmax (argmin) set,
///   atBoundary and the warning "any λ ≥ λ_max = … gives these weights";
/// - otherwise Newton on the dual g(λ), g′ = E_λ[f] − μ, g″ = fᵀ J f with the entmax Jacobian
///   J = diag(r) − r rᵀ/Σr, r_t = p_t^(2−α) on the support, all in the rescaled features; the
///   bracket is (λ_min, λ_max) in closed form; a Newton step is taken only when it stays in the
///   bracket and halves |g′|, else the bracket is bisected; stop when |Δλ| ≤ 4ε·max(1,|λ|) (in
///   the rescaled units) and g′ changes sign within two such steps, when the bracket is that
///   narrow, or when g′ is at its rounding floor. For α > 2, a key just above the water line
///   has p_t = [(α−1)(u_t − c)]^(1/(α−1)) with u_t − c at the rounding floor of u_t, so its
///   weight (and E_λ[f]) carries an error up to about ε^(1/(α−1)) there (the parametrization of
///   MATH.md §7.2; seen as 5e-9 at α = 4 with μ = max f − 1e-9·(max f − min f)).
/// `weights` are p(λ), `entropy` the Shannon H(p), `tsallisEntropy` H_α(p), `iterations` the
/// steps. If `trace` is given, every iterate of λ (starting at λ = 0) is appended to it.
Solution solveTsallis(const Eigen::Ref<const Eigen::VectorXd> &f, double mu, double alpha,
                      std::vector<double> *trace = nullptr);

/// The closed form at the default target μ = Σ p f with p = entmax_α(f/τ): λ = 1/τ and p equal
/// to the attention weights, bit for bit (MATH.md §7.3). α = 1: maxent::closedForm. Undetermined
/// when all features are equal. When the row is sharp (its support is the argmax set) the
/// message carries the half-line warning with λ_max. `iterations` is the check run of
/// solveTsallis() from λ = 0 (informative only).
Solution closedFormTsallis(const Eigen::Ref<const Eigen::VectorXd> &f, double tau, double alpha);

} // namespace sml::maxent
