#include "KeySpaceFields.h"

#include "Attention.h"
#include "Contours.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace sml {

double PlaneGrid::x(int ix) const
{
    return ix / double(nx - 1) * (region.xUpper - region.xLower) + region.xLower;
}

double PlaneGrid::y(int iy) const
{
    return iy / double(ny - 1) * (region.yUpper - region.yLower) + region.yLower;
}

Eigen::Vector2d PlaneGrid::point(int ix, int iy) const
{
    return Eigen::Vector2d(x(ix) * region.unit, y(iy) * region.unit);
}

KeySpaceFields::KeySpaceFields(const KeyPlane &plane, const Eigen::Ref<const Eigen::MatrixXd> &keys,
                               const Eigen::Ref<const Eigen::VectorXd> &query,
                               const std::vector<int> &visible, double tau)
    : mPlane(plane), mQuery(plane.project(query)), mTau(tau)
{
    if (plane.dK() != 2 || keys.cols() != 2)
        return;
    mVisibleKeys.resize(Eigen::Index(visible.size()), 2);
    for (size_t j = 0; j < visible.size(); ++j)
        mVisibleKeys.row(Eigen::Index(j)) = keys.row(visible[j]);
}

double KeySpaceFields::scoreAt(const Eigen::Vector2d &p) const
{
    return mQuery.dot(p) / mTau;
}

SampledField KeySpaceFields::scoreField(const PlaneRegion &region) const
{
    SampledField field;
    field.grid = PlaneGrid{region, scoreGridSide, scoreGridSide};
    field.values.resize(scoreGridSide, scoreGridSide);
    // Linear in the point, so the largest |s| is at a corner; the loop keeps it simple.
    double top = 0;
    for (int ix = 0; ix < scoreGridSide; ++ix)
        for (int iy = 0; iy < scoreGridSide; ++iy) {
            const double s = scoreAt(field.grid.point(ix, iy));
            field.values(ix, iy) = std::isfinite(s) ? s : std::numeric_limits<double>::quiet_NaN();
            if (std::isfinite(s))
                top = std::max(top, std::abs(s));
        }
    if (!(top > 0))
        top = 1;
    field.lower = -top;
    field.upper = top;
    return field;
}

ScoreLines KeySpaceFields::scoreLines(const PlaneRegion &region) const
{
    // In display units the score of an in-plane point p is g·(û·p) with g = |Bᵀq|·unit/τ.
    const bool line = mPlane.kind == KeyPlane::Kind::Line;
    ScoreLines lines;
    const double qn = mQuery.norm();
    const double g = qn * region.unit / mTau;
    lines.gain = g;
    if (!(qn > 0 && std::isfinite(g) && g > 0))
        return lines;
    const Eigen::Vector2d u = mQuery / qn;
    lines.direction = u;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (double x : {region.xLower, region.xUpper})
        for (double y : {region.yLower, region.yUpper}) {
            const double sc = g * (u.x() * x + u.y() * (line ? 0.0 : y));
            lo = std::min(lo, sc);
            hi = std::max(hi, sc);
        }
    if (line) {
        lo = g * u.x() * region.xLower;
        hi = g * u.x() * region.xUpper;
        if (lo > hi)
            std::swap(lo, hi);
    }
    const double step = contours::niceStep(hi - lo, 9);
    if (std::isfinite(step) && step > 0 && (hi - lo) / step < 40) {
        for (double k = std::ceil(lo / step); k * step <= hi; k += 1)
            lines.levels.push_back(k * step);
    }
    return lines;
}

std::optional<double> KeySpaceFields::entropyAt(const Eigen::Vector2d &p) const
{
    if (!entropyAvailable())
        return std::nullopt;
    const Eigen::Vector2d q = mPlane.basis * p;
    const Eigen::VectorXd scores = mVisibleKeys * q / mTau;
    if (!scores.allFinite())
        return std::nullopt;
    return softmax(scores).entropy;
}

int KeySpaceFields::entropyGridSide() const
{
    const double n = double(std::max<Eigen::Index>(1, mVisibleKeys.rows()));
    return int(std::clamp(std::sqrt(3.0e6 / n), 24.0, 110.0));
}

SampledField KeySpaceFields::entropyField(const PlaneRegion &region) const
{
    SampledField field;
    if (!entropyAvailable())
        return field;
    const int side = entropyGridSide();
    field.grid = PlaneGrid{region, side, side};
    field.values.resize(side, side);
    Eigen::VectorXd scores(mVisibleKeys.rows());
    for (int ix = 0; ix < side; ++ix)
        for (int iy = 0; iy < side; ++iy) {
            const Eigen::Vector2d q = mPlane.basis * field.grid.point(ix, iy);
            scores = mVisibleKeys * q / mTau;
            field.values(ix, iy) = scores.allFinite() ? softmax(scores).entropy
                                                      : std::numeric_limits<double>::quiet_NaN();
        }
    const double top = std::log(double(mVisibleKeys.rows()));
    field.lower = 0;
    field.upper = top > 0 ? top : 1;
    return field;
}

} // namespace sml
