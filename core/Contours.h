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

/// The point of an iso-line (isoLine's points; NaN separators are skipped) whose direction from
/// `centre` is closest to `angle` (radians, anticlockwise from +x), the offsets first divided by
/// xSpan and ySpan (the widths of the plot, so the angle is as seen on it): where a ray from
/// `centre` meets the line, so that the labels of nested iso-lines line up along one ray.
/// points.front() when no point is off the centre; `points` must not be empty.
QPointF pointTowards(const QVector<QPointF> &points, QPointF centre, double angle, double xSpan,
                     double ySpan);

/// A "nice" step (1, 2 or 5 × 10^k) so that `span` holds about `count` steps, for rounding
/// iso-line levels and ticks. Positive and finite for any positive finite span; 1 otherwise.
double niceStep(double span, int count);

} // namespace sml::contours
