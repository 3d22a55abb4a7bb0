#pragma once

#include "Contours.h"
#include "GaussianMle.h"

#include <Eigen/Core>
#include <QPointF>
#include <QVector>

#include <optional>
#include <vector>

namespace sml {

/// One iso-line {ℓ = level} of a sampled plane.
struct LikelihoodIsoLine
{
    double level = 0;        ///< nats
    QVector<QPointF> points; ///< plane coordinates, NaN-separated polylines (contours::isoLine)
};

/// ℓ(o) sampled on a regular grid over a rectangle of the plane (LikelihoodField::samplePlane),
/// with what the value-space view colours and contours it by (MATH.md §4.2).
struct LikelihoodPlane
{
    /// When ℓ falls by more than this many nats over the plane, the colours show the drop
    /// ℓ(ô) − ℓ(o) on a log scale instead of ℓ itself.
    static constexpr double logDropDepth = 100;

    /// side × side samples of ℓ (nats), x fastest; NaN where ℓ < −1.8e308 (no value).
    contours::Grid grid;
    double xSpan = 0; ///< width of the sampled rectangle (plane units)
    double ySpan = 0; ///< height of the sampled rectangle (plane units)
    /// The range of the samples (nats): lo is the smallest finite one, hi the largest or ℓ at the
    /// plane's maximum when that is larger. Always finite with hi > lo: −1 … 0 when no sample is
    /// finite, hi − 1 … hi when all are equal.
    double lo = -1;
    double hi = 0;

    /// hi − lo (nats), > 0.
    double depth() const { return hi - lo; }
    /// The colour-scale decision: true when ℓ falls by more than logDropDepth nats over the
    /// plane (a sharp row: a tiny σ² makes ℓ a spike at ô), where a linear scale would show one
    /// dot and the iso-lines would crowd around it.
    bool prefersLogDrop() const { return depth() > logDropDepth; }
    /// The smallest drop the log scale shows: max(depth · 1e-9, 2.2e-308) (nats).
    double logDropFloor() const;
    /// The colour values of the log scale, one per sample (the layout of grid.values): the drop
    /// hi − ℓ (nats), at least logDropFloor(); depth() where ℓ has no value.
    QVector<double> logDrops() const;
    /// The iso-lines to draw, in the order of their candidate levels. Since ∇²ℓ = −Σσ⁻² I they
    /// are circles around ô (MATH.md §4.2), and the levels are chosen by radius:
    /// - linear (logDrop false): hi − depth·(j/5.6)², j = 1…5 (equally spaced radii), rounded to
    ///   a multiple of contours::niceStep(depth, 40);
    /// - log drop: hi − d for the drops d = depth/2, depth/8, depth/32, … (radii 2× apart) above
    ///   depth·1e-5, at most 7, each d rounded to 2 significant digits.
    /// Levels not strictly inside (lo, hi), a level within 1e-9·depth of the previous one kept,
    /// and levels no grid cell crosses are left out.
    std::vector<LikelihoodIsoLine> isoLines(bool logDrop) const;
};

/// ℓ(o) sampled along the value line (d_v = 1; MATH.md §4.2).
struct LikelihoodCurve
{
    QVector<double> xs; ///< evenly spaced over the range, both ends included (plane units)
    QVector<double> ys; ///< ℓ (nats), NaN where ℓ < −1.8e308
    /// The smallest finite sample and the larger of the largest and ℓ at the maximum (nats);
    /// −1 and 0 when no sample is finite. Finite, but may be equal.
    double lo = -1;
    double hi = 0;
};

/// The log-likelihood of one query, ℓ(o) = Σ_t [−(d_v/2) log(2π σ²_t) − ‖o − v_t‖² / (2σ²_t)]
/// in nats (MATH.md §4.2), on the plane of two value dimensions.
///
/// A plane point (x, y) stands for the output o = the slice point with coordinates dimX and dimY
/// replaced by x·unit and y·unit (d_v = 1: the value line; y is unused). Completing the square
/// (MATH.md §4.3), ℓ(o) = ℓ(ô) − ½ (Σ_t σ_t⁻²) ‖o − ô‖² exactly, so a point costs O(1) instead
/// of a sum over the n values and has no cancellation near ô. The drop is formed in logs,
/// exp(log Σσ⁻² + log ‖o − ô‖²), since Σσ⁻² alone may overflow (MATH.md §4.1, "Numerics").
class LikelihoodField
{
public:
    /// mle: the query's Gaussian view (n ≥ 1 values of d_v ≥ 1 numbers). dimX, dimY: the value
    /// dimensions on x and y, 0-based and < d_v (dimY is ignored when d_v = 1). slice: d_v
    /// numbers whose other coordinates o keeps; empty = ô, the slice through the maximum (what
    /// the value-space view draws). unit > 0: the display unit, plane coordinate × unit = value
    /// coordinate (planeFit::displayUnit keeps huge values inside the plot's range).
    LikelihoodField(const GaussianMle &mle, int dimX, int dimY, const Eigen::VectorXd &slice = {},
                    double unit = 1);

    bool isLine() const { return mLine; }
    /// ô in plane coordinates: (ô_dimX, ô_dimY) / unit, y = 0 on a line. ℓ is largest there.
    QPointF centre() const;
    /// ℓ(ô), the maximum over all of R^{d_v} (nats); nullopt below −1.8e308 (MATH.md §4.1).
    std::optional<double> peak() const { return mPeak; }
    /// The largest ℓ on the plane, at centre() (nats): ℓ(ô) − ½ Σσ⁻² × (the squared distance of
    /// the slice from ô in the other coordinates), so peak() for a slice through ô; nullopt when
    /// below −1.8e308.
    std::optional<double> planeMaximum() const;
    /// ℓ at the plane point (x, y) (nats); NaN where ℓ < −1.8e308 or peak() is nullopt.
    double at(double x, double y) const;

    /// The grid side the value-space view samples for n values of d_v numbers:
    /// clamp(√(2.5e6 / (n·d_v)), 32, 140).
    static int gridSide(Eigen::Index n, int dV);
    /// ℓ at side × side points over [x0, x1] × [y0, y1] (plane units, both ends sampled;
    /// side ≥ 2): x = x0 + ix·(x1 − x0)/(side − 1), likewise y.
    LikelihoodPlane samplePlane(double x0, double x1, double y0, double y1, int side) const;
    /// ℓ at `samples` ≥ 2 points x0 + (x1 − x0)·k/(samples − 1) along x, at y = 0.
    LikelihoodCurve sampleLine(double x0, double x1, int samples = 300) const;

private:
    Eigen::VectorXd mHat; ///< ô (d_v)
    std::optional<double> mPeak;
    double mLogTotalPrecision = 0;
    double mOffPlane = 0; ///< Σ over the other coordinates of (slice − ô)²
    int mDimX = 0;
    int mDimY = 1;
    double mUnit = 1;
    bool mLine = false;
};

} // namespace sml
