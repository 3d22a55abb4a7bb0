#pragma once

#include "Attention.h"
#include "GaussianMle.h"
#include "MaxEnt.h"
#include "Scenario.h"

#include <QStringList>

#include <optional>

namespace sml {

/// Everything the app shows about one query (MATH.md §2–§5), computed on demand so that large
/// scenarios keep only the m×T matrices of AttentionResult in memory.
///
/// Vectors indexed by the visible keys have n = |V_i| entries, in key order (`visible` maps them
/// back to key indices).
struct QueryDetail
{
    int query = 0;
    std::vector<int> visible;          ///< 0-based key indices of V_i
    bool defined = true;               ///< false when V_i is empty (MATH.md §2)
    QStringList warnings;              ///< includes the "undefined" message when !defined

    Eigen::VectorXd similarities;      ///< f (n)
    Eigen::VectorXd scores;            ///< s = f/τ (n)
    Eigen::VectorXd weights;           ///< softmax w (n)
    Eigen::VectorXd output;            ///< o (d_v)
    double entropy = 0;                ///< H (nats)
    double effectiveKeys = 1;          ///< exp(H)

    std::optional<GaussianMle> mle;    ///< the Gaussian view (MATH.md §4); empty when !defined
    double mleMaxAbsDiff = 0;          ///< max |π − w|
    std::optional<double> logLikelihoodAtMle; ///< ℓ(ô); nullopt below −1.8e308

    double maxentTarget = 0;           ///< μ_i (user's or default)
    bool maxentTargetIsDefault = true;
    maxent::Solution maxent;           ///< λ, p, H, iterations, or an error
    std::optional<double> maxentMaxAbsDiff; ///< max |p − w| when p exists
};

/// The numbers derived from a scenario (ARCHITECTURE.md, "The document"): one function computes
/// them, and every view reads them.
class Analysis
{
public:
    Analysis() = default;
    /// Computes attention for all queries. Precondition: the scenario passed validation
    /// (finite inputs, no overflowing similarity or score); see validateScenario().
    explicit Analysis(const Scenario &scenario);

    const Scenario &scenario() const { return mScenario; }
    const AttentionResult &attention() const { return mAttention; }
    const Mask &mask() const { return mMask; }
    double tau() const { return mAttention.tau; }

    /// The Gaussian view of query i over V_i, in linked or free mode (MATH.md §4.1–§4.3).
    /// Precondition: V_i is not empty.
    GaussianMle gaussian(int i) const;

    /// Full detail for query i (0 ≤ i < m): MLE and MaxEnt (MATH.md §4–§5).
    QueryDetail detail(int i) const;

private:
    Scenario mScenario;
    Mask mMask = Mask::none();
    AttentionResult mAttention;
};

} // namespace sml
