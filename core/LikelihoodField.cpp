#include "LikelihoodField.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sml {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

} // namespace

double LikelihoodPlane::logDropFloor() const
{
    return std::max(depth() * 1e-9, std::numeric_limits<double>::min());
}

QVector<double> LikelihoodPlane::logDrops() const
{
    const double floor = logDropFloor();
    QVector<double> drops(grid.values.size());
    for (qsizetype k = 0; k < grid.values.size(); ++k) {
        const double v = grid.values[k];
        drops[k] = std::isfinite(v) ? std::max(hi - v, floor) : depth();
    }
    return drops;
}

std::vector<LikelihoodIsoLine> LikelihoodPlane::isoLines(bool logDrop) const
{
    const double depth = this->depth();
    std::vector<double> candidates;
    if (logDrop) {
        for (double drop = depth / 2; drop > depth * 1e-5 && candidates.size() < 7; drop /= 4) {
            const double p10 = std::pow(10.0, std::floor(std::log10(drop)) - 1);
            candidates.push_back(hi - std::round(drop / p10) * p10);
        }
    } else {
        const double rounding = contours::niceStep(depth, 40);
        for (int j = 1; j <= 5; ++j)
            candidates.push_back(std::round((hi - depth * (j / 5.6) * (j / 5.6)) / rounding) *
                                 rounding);
    }
    std::vector<LikelihoodIsoLine> lines;
    for (const double level : candidates) {
        if (!(level < hi) || !(level > lo) ||
            (!lines.empty() && std::abs(level - lines.back().level) < 1e-9 * depth))
            continue;
        QVector<QPointF> points = contours::isoLine(grid, level);
        if (!points.isEmpty())
            lines.push_back({level, std::move(points)});
    }
    return lines;
}

LikelihoodField::LikelihoodField(const GaussianMle &mle, int dimX, int dimY,
                                 const Eigen::VectorXd &slice, double unit)
    : mHat(mle.mleOutput()), mPeak(mle.logLikelihood(mle.mleOutput())),
      mLogTotalPrecision(mle.logTotalPrecision()), mDimX(dimX), mDimY(dimY), mUnit(unit),
      mLine(mle.dV() == 1)
{
    if (slice.size() == mHat.size())
        for (Eigen::Index k = 0; k < mHat.size(); ++k)
            if (k != mDimX && (mLine || k != mDimY))
                mOffPlane += (slice[k] - mHat[k]) * (slice[k] - mHat[k]);
}

QPointF LikelihoodField::centre() const
{
    return QPointF(mHat[mDimX] / mUnit, mLine ? 0.0 : mHat[mDimY] / mUnit);
}

std::optional<double> LikelihoodField::planeMaximum() const
{
    if (!mPeak || mOffPlane == 0)
        return mPeak; // not at(centre()): centre() · unit need not round back to ô exactly
    const double l = *mPeak - 0.5 * std::exp(mLogTotalPrecision + std::log(mOffPlane));
    return std::isfinite(l) ? std::optional<double>(l) : std::nullopt;
}

double LikelihoodField::at(double x, double y) const
{
    if (!mPeak)
        return nan;
    const double dx = x * mUnit - mHat[mDimX];
    const double dy = mLine ? 0.0 : y * mUnit - mHat[mDimY];
    double d2 = dx * dx + dy * dy;
    if (mOffPlane != 0)
        d2 += mOffPlane;
    if (d2 == 0)
        return *mPeak;
    const double l = *mPeak - 0.5 * std::exp(mLogTotalPrecision + std::log(d2));
    return std::isfinite(l) ? l : nan; // below −1.8e308: no value, as GaussianMle::logLikelihood
}

int LikelihoodField::gridSide(Eigen::Index n, int dV)
{
    return int(
        std::clamp(std::sqrt(2.5e6 / double(std::max<Eigen::Index>(1, n * dV))), 32.0, 140.0));
}

LikelihoodPlane LikelihoodField::samplePlane(double x0, double x1, double y0, double y1,
                                             int side) const
{
    LikelihoodPlane plane;
    contours::Grid &g = plane.grid;
    g.nx = g.ny = side;
    g.x0 = x0;
    g.y0 = y0;
    g.dx = (x1 - x0) / (side - 1);
    g.dy = (y1 - y0) / (side - 1);
    g.values.resize(side * side);
    plane.xSpan = x1 - x0;
    plane.ySpan = y1 - y0;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (int iy = 0; iy < side; ++iy)
        for (int ix = 0; ix < side; ++ix) {
            const double v = at(g.x0 + ix * g.dx, g.y0 + iy * g.dy);
            g.values[iy * side + ix] = v;
            if (std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
    if (const auto top = planeMaximum())
        hi = std::max(hi, *top);
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo)) {
        lo = std::isfinite(hi) ? hi - 1 : -1;
        hi = std::isfinite(hi) ? hi : 0;
    }
    plane.lo = lo;
    plane.hi = hi;
    return plane;
}

LikelihoodCurve LikelihoodField::sampleLine(double x0, double x1, int samples) const
{
    LikelihoodCurve curve;
    curve.xs.resize(samples);
    curve.ys.resize(samples);
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (int k = 0; k < samples; ++k) {
        curve.xs[k] = x0 + (x1 - x0) * k / (samples - 1);
        curve.ys[k] = at(curve.xs[k], 0);
        if (std::isfinite(curve.ys[k])) {
            lo = std::min(lo, curve.ys[k]);
            hi = std::max(hi, curve.ys[k]);
        }
    }
    if (const auto top = planeMaximum())
        hi = std::max(hi, *top);
    if (!std::isfinite(lo) || !std::isfinite(hi)) {
        lo = -1;
        hi = 0;
    }
    curve.lo = lo;
    curve.hi = hi;
    return curve;
}

} // namespace sml
