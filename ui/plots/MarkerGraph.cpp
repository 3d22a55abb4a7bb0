#include "plots/MarkerGraph.h"

#include <algorithm>

namespace sml {

double MarkerGraph::iconFactor(const QCPScatterStyle &style, const QPen &fallbackPen,
                               const QRectF &rect)
{
    const QPen pen = style.isPenDefined() ? style.pen() : fallbackPen;
    const double extent = style.size() + std::max(1.0, pen.widthF());
    const double room = std::min(rect.width(), rect.height()) - 4; // and its antialiasing
    return extent > room && extent > 0 ? std::max(0.1, room / extent) : 1.0;
}

void MarkerGraph::drawLegendIcon(QCPPainter *painter, const QRectF &rect) const
{
    const QCPScatterStyle style = scatterStyle();
    const double factor = iconFactor(style, pen(), rect);
    painter->save();
    painter->translate(rect.center());
    painter->scale(factor, factor);
    style.applyTo(painter, pen());
    style.drawShape(painter, 0, 0);
    painter->restore();
}

} // namespace sml
