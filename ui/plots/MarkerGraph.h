#pragma once

#include <qcustomplot.h>

namespace sml {

/// A graph of markers (no line) whose legend icon is the marker as the plot draws it, shrunk as
/// a whole when it is larger than the icon: size and pen width by the same factor, so that a
/// hollow square stays a square and a ring with a cross stays one at every presentation and
/// export scale (a 24 px square in an 18 px icon was clipped to "| |", and a ring whose size
/// alone shrank under a 5 px pen drew as a blob "●").
class MarkerGraph : public QCPGraph
{
public:
    using QCPGraph::QCPGraph;

    /// The factor the icon draws `style` at in `rect` (≤ 1): its whole extent, the size plus the
    /// pen.s width, inside the rect with two pixels to spare on each side.
    static double iconFactor(const QCPScatterStyle &style, const QPen &fallbackPen,
                             const QRectF &rect);

protected:
    void drawLegendIcon(QCPPainter *painter, const QRectF &rect) const override;
};

} // namespace sml
