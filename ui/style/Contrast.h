#pragma once

#include <QColor>

#include <algorithm>
#include <cmath>

namespace sml::contrast {

/// `a` mixed towards `b`: t = 0 gives a, t = 1 gives b (opaque).
inline QColor mix(const QColor &a, const QColor &b, double t)
{
    auto lerp = [t](double x, double y) { return int(std::lround(x + (y - x) * t)); };
    return QColor(lerp(a.red(), b.red()), lerp(a.green(), b.green()), lerp(a.blue(), b.blue()));
}

/// WCAG 2 relative luminance of an sRGB colour, 0 (black) … 1 (white).
inline double luminance(const QColor &c)
{
    auto channel = [](double v) {
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

/// WCAG 2 contrast ratio of two colours, 1 … 21.
inline double ratio(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

/// A muted ink for secondary text: `ink` mixed towards `background` as far as it still reads
/// on it with `minRatio` (body text: 4.5:1), at most 45 % of the way; `ink` itself when even
/// that does not reach it.
inline QColor mutedInk(const QColor &ink, const QColor &background, double minRatio = 4.5)
{
    for (double t = 0.45; t > 0; t -= 0.03)
        if (const QColor muted = mix(ink, background, t); ratio(muted, background) >= minRatio)
            return muted;
    return ink;
}

} // namespace sml::contrast
