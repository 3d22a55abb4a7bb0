#pragma once

#include "style/Appearance.h"

#include <QBrush>
#include <QLocale>
#include <QString>

namespace sml::tableStyle {

// Colours for the light theme, mapped to the theme drawn (Appearance, issue 7); the tables
// repaint, and so ask again, when the window's palette changes.

/// Tint of the selected query's row. In the dark theme a third darker than the mapped tint, so
/// that its text (light, or the grey of computed cells) keeps a contrast of 4.5:1 (the mapped
/// tint gave 1.9:1 under the computed σ² of the selected row).
inline QBrush selectedRowBrush()
{
    const Appearance *look = Appearance::instance();
    const QColor tint = look->paper(QColor(255, 236, 179));
    return QBrush(look->dark() ? tint.darker(150) : tint);
}
/// Tint that sets the value columns apart from the key columns.
inline QBrush valueColumnBrush()
{
    return QBrush(Appearance::instance()->paper(QColor(232, 243, 255)));
}
/// Background of cells that a mask hides.
inline QBrush maskedBrush()
{
    return QBrush(Appearance::instance()->paper(QColor(220, 220, 220)));
}
/// Text colour of computed, read-only cells.
inline QColor computedTextColor()
{
    // Dark theme: nearer the text colour than the light theme's mid grey is to black.
    const Appearance *look = Appearance::instance();
    return look->dark() ? look->themed(QColor(40, 40, 40)) : QColor(90, 90, 90);
}

/// A number as shown in a cell: 6 significant digits (or `digits`) in the user's locale, no group
/// separators, so that long doubles stay readable. The editor and the tooltip show the exact value.
inline QString displayNumber(double value, int digits = 6)
{
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() | QLocale::OmitGroupSeparator);
    return locale.toString(value == 0 ? 0.0 : value, 'g', digits);
}

} // namespace sml::tableStyle
