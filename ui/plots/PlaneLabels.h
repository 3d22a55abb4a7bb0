#pragma once

#include <Eigen/Core>
#include <QColor>
#include <QPointF>
#include <QString>

class QCPItemPosition;
class QCPItemText;
class QCPTextElement;
class QCustomPlot;

/// The text pieces the plane views (key space, value space) share: point labels, the subtitle
/// row and vectors written out in tooltips.
namespace sml::planeLabels {

/// The name of the layer the labels go on ("labels"); a view that uses makeLabel() adds it.
QString labelLayer();

/// A new text item on `plot`'s label layer: the tick font (bold if asked), `color`, on a
/// translucent white box (alpha 200) with 3×1 px of padding, not selectable. Placing it is left to
/// the caller.
QCPItemText *makeLabel(QCustomPlot *plot, const QColor &color, bool bold = false);

/// makeLabel() hung off a point: its position `offset` pixels (y down) from `anchor`, aligned to
/// it by `alignment`, showing `text`. It follows the point when the axes change.
QCPItemText *makeAnchoredLabel(QCustomPlot *plot, QCPItemPosition *anchor, QPointF offset,
                               Qt::Alignment alignment, const QString &text, const QColor &color,
                               bool bold = false);

/// Inserts a subtitle row under the title (row 1 of the plot layout): an empty text element in
/// plotStyle::subtitleFont(), dark grey. Returns it for the view to fill.
QCPTextElement *addSubtitle(QCustomPlot *plot);

/// "(v₁, v₂, …)" with every number exact (plotStyle::exact), at most `maxEntries` of them and
/// then "… (n numbers)", for tooltips.
QString vectorText(const Eigen::Ref<const Eigen::VectorXd> &v, int maxEntries = 8);

} // namespace sml::planeLabels
