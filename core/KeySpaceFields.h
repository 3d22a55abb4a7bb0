#pragma once

#include "KeyPlane.h"

#include <Eigen/Core>

#include <optional>
#include <vector>

namespace sml {

/// A rectangle of the key plane in display units: one display unit is `unit` plane units
/// (KeySpaceView draws vectors near the double range in powers of ten, planeFit::displayUnit()).
/// A point (x, y) of the rectangle is the in-plane point δ = (x, y)·unit of KeyPlane (MATH.md
/// §4.5).
struct PlaneRegion
{
    double xLower = -1, xUpper = 1;
    double yLower = -1, yUpper = 1;
    double unit = 1;
};

/// nx × ny sample points over a PlaneRegion (nx, ny ≥ 2), corners included:
/// x_ix = ix/(nx − 1)·(xUpper − xLower) + xLower, and so for y. This is the formula of
/// QCPColorMapData::cellToCoord, so a colour map given the same ranges and sizes draws every
/// sample exactly where it was computed.
struct PlaneGrid
{
    PlaneRegion region;
    int nx = 2;
    int ny = 2;

    /// Display units.
    double x(int ix) const;
    double y(int iy) const;
    /// The plane point of sample (ix, iy) in plane units: (x_ix, y_iy)·unit.
    Eigen::Vector2d point(int ix, int iy) const;
};

/// A scalar field sampled on a PlaneGrid, with the range its colour scale spans.
struct SampledField
{
    PlaneGrid grid;
    Eigen::MatrixXd values; ///< nx×ny: values(ix, iy) at grid.point(ix, iy); NaN where undefined
    double lower = 0;       ///< colour range
    double upper = 1;
};

/// The dashed equal-score lines of in-plane moves over a region (MATH.md §2 and §4.5): the
/// points p (display units) with g·(û·p) = level, perpendicular to û.
struct ScoreLines
{
    Eigen::Vector2d direction = Eigen::Vector2d::Zero(); ///< û = Bᵀq/|Bᵀq| (zero if Bᵀq = 0)
    double gain = 0;            ///< g = |Bᵀq|·unit/τ: score per display unit along û
    std::vector<double> levels; ///< ascending multiples of one step (contours::niceStep, about 9
                                ///< across the region); empty when there are ≥ 40 or q is 0
};

/// The scalar fields of the key-space background, computed without a widget (KeySpaceView draws
/// them; tests call them directly). Built for one query of one scenario in one KeyPlane:
///
/// - score (MATH.md §2, §4.5): s(δ) = (Bᵀq)·δ/τ, the score a key placed at the in-plane point δ
///   would get from the query (for d_k > 2, the in-plane part of the score of a key x + Bδ). It
///   is linear in δ, so its contours are the straight equal-score lines perpendicular to Bᵀq.
/// - entropy (MATH.md §3), d_k = 2 only (the plane is the key space, B is 2×2): H(Bδ) in nats,
///   the attention entropy of a query placed at Bδ over the keys the query sees,
///   H = −Σ w log w with w = softmax(K_V Bδ/τ), so 0 ≤ H ≤ log |V|.
///
/// Non-finite scores (vectors near the double range) give NaN samples, never an exception.
class KeySpaceFields
{
public:
    /// Samples per side of the score field: s is linear, so a coarse grid is exact up to the
    /// colour map's interpolation.
    static constexpr int scoreGridSide = 64;

    KeySpaceFields() = default;
    /// `plane`: the basis B (d_k×c); `keys`: T×d_k; `query`: q, d_k numbers; `visible`: V, the
    /// indices (0 ≤ t < T) of the keys the query sees (visibleKeys(), MATH.md §2); `tau`: τ > 0.
    /// Keys are kept (|V|×d_k) only when d_k = 2, for the entropy.
    KeySpaceFields(const KeyPlane &plane, const Eigen::Ref<const Eigen::MatrixXd> &keys,
                   const Eigen::Ref<const Eigen::VectorXd> &query, const std::vector<int> &visible,
                   double tau);

    /// Bᵀq, the query drawn in the plane (plane units).
    const Eigen::Vector2d &queryInPlane() const { return mQuery; }
    double tau() const { return mTau; }

    /// s(p) = (Bᵀq)·p/τ at an in-plane point p (plane units); may be ±∞ or NaN near the double
    /// range.
    double scoreAt(const Eigen::Vector2d &p) const;
    /// s sampled on a scoreGridSide² grid over `region`; NaN where not finite. The colour range is
    /// symmetric, [−top, top] with top the largest finite |s| (1 if there is none), so that
    /// s = 0 is the middle of a diverging map.
    SampledField scoreField(const PlaneRegion &region) const;

    /// The equal-score lines across `region` (display units) for a plane of kind `plane.kind`:
    /// on a Line (d_k = 1) only x counts. Empty when Bᵀq = 0 or g is not finite.
    ScoreLines scoreLines(const PlaneRegion &region) const;

    /// True when the entropy is defined here: d_k = 2 and the query sees at least one key.
    bool entropyAvailable() const { return mVisibleKeys.rows() > 0; }
    /// |V|, the keys the entropy runs over (0 when d_k ≠ 2).
    Eigen::Index entropyKeys() const { return mVisibleKeys.rows(); }
    /// H (nats) of a query at the in-plane point p (plane units); nullopt when the entropy is
    /// not available or a score K_V Bp/τ is not finite.
    std::optional<double> entropyAt(const Eigen::Vector2d &p) const;
    /// Samples per side of the entropy field: about 3·10⁶ score evaluations in all, 24 to 110.
    int entropyGridSide() const;
    /// H sampled on an entropyGridSide()² grid over `region`; NaN where a score is not finite.
    /// The colour range is [0, log |V|] (the bounds of §3), or [0, 1] when |V| ≤ 1. Empty
    /// values (0×0) when the entropy is not available.
    SampledField entropyField(const PlaneRegion &region) const;

private:
    KeyPlane mPlane = KeyPlane::dimensions(2, 0, 1);
    Eigen::Vector2d mQuery = Eigen::Vector2d::Zero();
    double mTau = 1;
    Eigen::MatrixXd mVisibleKeys; ///< |V|×2 when d_k = 2, else 0×0
};

} // namespace sml
