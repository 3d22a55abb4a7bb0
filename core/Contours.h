#pragma once

#include <QPointF>
#include <QVector>

#include <functional>

namespace sml::contours {

/// A scalar field sampled on a regular grid: value(ix, iy) at x = x0 + ix·dx, y = y0 + iy·dy,
/// ix < nx, iy < ny. NaN marks a missing sample (no contour crosses a cell that touches one).
struct Grid
{
    int nx = 0;
    int ny = 0;
    double x0 = 0, y0 = 0, dx = 1, dy = 1;
    QVector<double> values; ///< nx·ny, x fastest: values[iy·nx + ix]

    double at(int ix, int iy) const { return values[iy * nx + ix]; }
};

/// The iso-line {f = level} of a sampled field by marching squares (QCustomPlot has no contour
/// plot): line segments, linearly interpolated along the cell edges, joined into polylines where
/// they meet. The result is a list of points in which a NaN point separates two polylines, ready
/// for a QCPCurve (which leaves gaps at NaN). Saddle cells are resolved with the cell's mean.
QVector<QPointF> isoLine(const Grid &grid, double level);

/// A "nice" step between contour levels (1, 2 or 5 × 10^k) so that `span` holds about `count`
/// steps. Positive and finite for any positive finite span; 1 otherwise.
double niceStep(double span, int count);

} // namespace sml::contours
