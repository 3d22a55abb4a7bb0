#pragma once

#include "plots/mle/ValueSpaceScene.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QList>
#include <QRectF>

#include <vector>

namespace sml {

class LikelihoodField;

/// The background of the value space (MATH.md §4.2), owned by the view: ℓ(o) as a colour map
/// with its colour scale beside the plot, the iso-lines with their labels, and for d_v = 1 the
/// curve ℓ(o) over the value line. It draws what LikelihoodField computes over the axes'
/// current ranges: the colours show ℓ itself, or, when LikelihoodPlane::prefersLogDrop(), the
/// difference ℓ(o) − ℓ(ô) ≤ 0 below the peak on a log scale (ticks −10ⁿ, the peak at the top).
class LikelihoodLandscape
{
    Q_DECLARE_TR_FUNCTIONS(LikelihoodLandscape)

public:
    /// Moves the plot's axis rect into a grid at layout row `layoutRow`, with the colour scale
    /// to its right, and adds the colour map (background layer), the iso-lines and the curve on
    /// the plot's xAxis and yAxis. Iso-line labels are made with `newLabel`.
    LikelihoodLandscape(QCustomPlot *plot, int layoutRow, ValueSpaceLabelFactory newLabel);

    /// Shows the plane (colour map, scale, iso-lines) or the line (the curve); nothing but the
    /// scale's place when !defined.
    void setMode(bool line, bool defined);
    /// The next update() redraws even if the axes have not moved (new data).
    void invalidate() { mDirty = true; }
    /// True when the last update() drew the axes' current ranges and nothing was invalidated.
    bool isCurrent() const;
    /// Draws `field` over the axes' current ranges, the plane on side × side samples
    /// (LikelihoodField::gridSide). A line also sets the y range: the curve in the upper part of
    /// the plot, leaving the lower part to the value intervals. `frozen` keeps the colour
    /// scale's mode and range (during a drag: new tick labels could change the scale's width,
    /// and the plane would slide under the mouse).
    void update(const LikelihoodField &field, int side, bool frozen);
    /// Hides each visible iso-line label that overlaps one of `boxes` (pixels) or a label kept
    /// before it, or leaves `plot` (the axis rect): labelPlacement::place() with the label's one
    /// spot on its contour as its only candidate (core/LabelPlacement.h).
    void hideClashingLabels(const QList<QRectF> &boxes, const QRectF &plot);

    bool owns(const QCPAbstractPlottable *plottable) const;
    QCPColorMap *map() const { return mMap; }
    /// The iso-lines (NaN-separated polylines) as last drawn.
    QCPCurve *isoLines() const { return mContours; }
    /// The levels of the iso-lines as last drawn (nats), ascending; empty for a line.
    const std::vector<double> &levels() const { return mLevels; }

private:
    void styleScale(bool logDrop, double lower, double upper);

    QCustomPlot *mPlot;
    ValueSpaceLabelFactory mNewLabel;
    QCPLayoutGrid *mRow;
    QCPColorScale *mScale;
    QCPColorMap *mMap;
    QCPCurve *mContours;
    QCPGraph *mCurve; ///< d_v = 1: ℓ over the line
    QList<QCPItemText *> mLabels;
    std::vector<double> mLevels;
    QCPRange mFieldX, mFieldY;
    bool mDirty = true;
    bool mLine = false;
    bool mLogDrop = false; ///< the colours show ℓ(o) − ℓ(ô) ≤ 0 on a log scale
};

} // namespace sml
