#include "plots/MaskedCells.h"

#include "style/Appearance.h"

#include <QPainter>
#include <QPixmap>

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

} // namespace sml
