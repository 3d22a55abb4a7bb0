#include "style/ContrastStyle.h"

#include <QPainter>
#include <QStyleFactory>
#include <QStyleOption>

namespace sml {

ContrastStyle::ContrastStyle(const QString &key) : QProxyStyle(QStyleFactory::create(key)) {}

QColor ContrastStyle::indicatorOutline(const QPalette &palette)
{
    const QColor window = palette.color(QPalette::Window);
    if (window.lightness() >= 128)
        return {};
    const QColor text = palette.color(QPalette::WindowText);
    return QColor((text.red() + window.red()) / 2 + 20, (text.green() + window.green()) / 2 + 20,
                  (text.blue() + window.blue()) / 2 + 20);
}

void ContrastStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option,
                                  QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    const bool box = element == PE_IndicatorCheckBox || element == PE_IndicatorItemViewItemCheck;
    if (!option || !(box || element == PE_IndicatorRadioButton))
        return;
    const QColor outline = indicatorOutline(option->palette);
    if (!outline.isValid())
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(outline, 1.2));
    painter->setBrush(Qt::NoBrush);
    const QRectF r = QRectF(option->rect).adjusted(0.6, 0.6, -0.6, -0.6);
    if (box)
        painter->drawRoundedRect(r, 2, 2);
    else
        painter->drawEllipse(r);
    painter->restore();
}

} // namespace sml
