#include "style/ContrastStyle.h"

#include "style/Contrast.h"

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
    // The grey halfway between the text and the window, moved towards the text until it reads
    // at 4.5:1 on the window (any dark palette, not only ours; channels stay within 0…255).
    const QColor text = palette.color(QPalette::WindowText);
    for (double t = 0.5; t < 1.0; t += 0.05)
        if (const QColor outline = contrast::mix(window, text, t);
            contrast::ratio(outline, window) >= 4.5)
            return outline;
    return text;
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
