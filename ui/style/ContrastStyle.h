#pragma once

#include <QProxyStyle>

namespace sml {

/// The desktop's widget style with indicators that read on a dark palette: Fusion draws an
/// unchecked check box or radio button as a Base-coloured square (30, 30, 30) outlined in a
/// darker Window colour, invisible on the dark theme's (45, 45, 48) window and on a projector.
/// On a dark palette this style outlines them in a grey between the text and the window, the
/// nearest to halfway that reads at 4.5:1 on the window (the text colour if none does); on a
/// light palette it draws exactly as the style it wraps.
class ContrastStyle : public QProxyStyle
{
    Q_OBJECT

public:
    /// Wraps a new instance of the style called `key` (QStyleFactory), or the default style.
    explicit ContrastStyle(const QString &key);

    /// The outline drawn around an indicator on `palette` (invalid: none, a light palette).
    static QColor indicatorOutline(const QPalette &palette);

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
};

} // namespace sml
