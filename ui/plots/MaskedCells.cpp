#include "plots/MaskedCells.h"

#include "style/Appearance.h"

#include <QPainter>
#include <QPixmap>

#include <qcustomplot.h>

namespace sml {

QBrush maskedCellBrush()
{
    QPixmap tile(12, 12);
    const Appearance *look = Appearance::instance();
    tile.fill(look->paper(QColor(215, 215, 215)));
    QPainter p(&tile);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(look->paper(QColor(150, 150, 150)), 1.5));
    p.drawLine(0, 12, 12, 0);
    p.drawLine(-6, 6, 6, -6);
    p.drawLine(6, 18, 18, 6);
    return QBrush(tile);
}

void setMaskedCellBackground(QCPAxisRect *rect, bool masked)
{
    static const char followsTheme[] = "_sml_maskedFollowsTheme";
    rect->setProperty("_sml_masked", masked);
    rect->setBackground(masked ? maskedCellBrush() : QBrush(Qt::NoBrush));
    if (rect->property(followsTheme).toBool())
        return;
    rect->setProperty(followsTheme, true); // (one connection for the rect's life)
    QObject::connect(Appearance::instance(), &Appearance::changed, rect, [rect] {
        if (!rect->property("_sml_masked").toBool())
            return;
        rect->setBackground(maskedCellBrush());
        if (QCustomPlot *plot = rect->parentPlot())
            plot->replot(QCustomPlot::rpQueuedReplot);
    });
}

} // namespace sml
