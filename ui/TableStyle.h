#pragma once

#include <QBrush>
#include <QLocale>
#include <QString>

namespace sml::tableStyle {

/// Tint of the selected query's row.
inline QBrush selectedRowBrush()
{
    return QBrush(QColor(255, 236, 179));
}
/// Tint that sets the value columns apart from the key columns.
inline QBrush valueColumnBrush()
{
    return QBrush(QColor(232, 243, 255));
}
/// Background of cells that a mask hides.
inline QBrush maskedBrush()
{
    return QBrush(QColor(220, 220, 220));
}
/// Text colour of computed, read-only cells.
inline QColor computedTextColor()
{
    return QColor(90, 90, 90);
}

/// A number as shown in a cell: 6 significant digits in the user's locale, no group separators,
/// so that long doubles stay readable. The editor and the tooltip show the exact value.
inline QString displayNumber(double value)
{
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() | QLocale::OmitGroupSeparator);
    return locale.toString(value == 0 ? 0.0 : value, 'g', 6);
}

} // namespace sml::tableStyle
