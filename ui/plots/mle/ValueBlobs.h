#pragma once

#include <QHash>

#include "plots/mle/ValueSpaceScene.h"

#include <QList>

class QCPAbstractItem;
class QCustomPlot;

namespace sml {

/// Draws the values of `scene` on `plot` as the Gaussians N(v_t, σ²_t I) of MATH.md §4.1, with
/// an opacity that grows with the precision weight π_t (§4.3), the least weighted first so the
/// heavy ones sit on top (at most ValueSpaceScene::drawnCount() of them):
/// - d_v ≥ 2: the 1σ circle (filled for the maxFilledBlobs heaviest) and the dashed 2σ circle
///   (those only), on the plot's xAxis/yAxis; then a dot per value and a label "name π = …" per
///   group of coincident values (maxValueLabels at most), anchored right of the point;
/// - d_v = 1: the ±2σ and ±1σ bars in one lane each (xAxis/yAxis2), a dot and a label above.
/// Radii come from ValueSpaceScene::drawnRadius(). Needs scene.mle. The items (the labels, made
/// with `newLabel`, hang off an anchor item) are appended to `items`; the value dots of d_v ≥ 2
/// are one QCPGraph (a plottable, for the caller to remove with its own on the next rebuild).
/// Each label of d_v ≥ 2 is named "value <key index>" with the place it had in `spots`
/// (planeFit::labelSpots() of the items the caller removed): it stays there while it fits.
/// Returns the room, in pixels, the widest label needs right of its point.
double addValueBlobs(QCustomPlot *plot, const ValueSpaceScene &scene,
                     const ValueSpaceLabelFactory &newLabel, QList<QCPAbstractItem *> &items,
                     const QHash<QString, int> &spots = {});

} // namespace sml
