#include "style/Appearance.h"

#include "style/Contrast.h"

#include <qcustomplot.h>

#include <QGuiApplication>
#include <QMetaProperty>
#include <QStyle>
#include <QStyleFactory>

#include <algorithm>
#include <cmath>
#include <memory>

namespace sml {

QFont scaledFont(QFont font, double ratio)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * ratio);
    else if (font.pixelSize() > 0)
        font.setPixelSize(std::max(1, int(std::lround(font.pixelSize() * ratio))));
    return font;
}

namespace {

/// Dynamic property on a plot: it was restyled away from the defaults, so a return to the
/// defaults must restore its elements once.
constexpr const char *styledFlag = "_sml_styled";

QByteArray tagName(const char *kind, const char *property)
{
    return QByteArray("_sml_") + kind + ':' + property;
}

using contrast::mix;

bool sameScatter(const QCPScatterStyle &a, const QCPScatterStyle &b)
{
    return a.shape() == b.shape() && a.size() == b.size() && a.pen() == b.pen() &&
           a.brush() == b.brush();
}

} // namespace

Appearance *Appearance::instance()
{
    static Appearance *appearance = new Appearance;
    return appearance;
}

Appearance::Appearance()
{
    // The desktop's palette as the application started, before we set ours: "System" means it.
    mSystemPalette = QGuiApplication::palette();
    mSystemDark = mSystemPalette.color(QPalette::Window).lightness() < 128;
}

bool Appearance::dark() const
{
    switch (mTheme) {
    case Theme::Light:
        return false;
    case Theme::Dark:
        return true;
    case Theme::System:
        break;
    }
    return mSystemDark;
}

QColor Appearance::background() const
{
    if (!dark())
        return Qt::white;
    return highContrast() ? QColor(0, 0, 0) : QColor(30, 30, 30);
}

QColor Appearance::foreground() const
{
    if (!dark())
        return Qt::black;
    return highContrast() ? QColor(255, 255, 255) : QColor(225, 225, 225);
}

Appearance::ExportScale::ExportScale(double scale) : mPrevious(instance()->mExportScale)
{
    if (std::isfinite(scale) && scale > 0)
        instance()->mExportScale = scale;
}

Appearance::ExportScale::~ExportScale()
{
    instance()->mExportScale = mPrevious;
}

QColor Appearance::themed(const QColor &lightColor) const
{
    if ((!dark() && !mPresentation) || !lightColor.isValid())
        return lightColor;
    const int alpha = lightColor.alpha();
    const QColor rgb = lightColor.toRgb();
    const int chroma = std::max({rgb.red(), rgb.green(), rgb.blue()}) -
                       std::min({rgb.red(), rgb.green(), rgb.blue()});
    float h = 0, s = 0, l = 0, a = 0;
    rgb.getHslF(&h, &s, &l, &a);
    QColor out;
    if (chroma < 31) {
        // A grey (or a near-white paper tint): keep its place between paper and ink.
        double t = l; // 0 = ink (foreground), 1 = paper (background)
        if (highContrast() && !dark())
            t = t * t; // darker mid greys on white
        out = mix(foreground(), background(), t);
    } else if (dark()) {
        if (l > 0.8) {
            out = QColor::fromHslF(h, s, float(1.0 - l + 0.12)); // a pale tint: a dark tint
        } else {
            // Ink: at least the lightness of the style, then lighter until it reads on the
            // background with the WCAG contrast of body text, 4.5:1 (a dark blue lifted to
            // lightness 0.55 stayed below 3:1, and key labels vanished on a projector).
            double lightness = std::max<double>(l, highContrast() ? 0.62 : 0.55);
            out = QColor::fromHslF(h, s, float(std::min(lightness, 0.9)));
            while (lightness < 0.9 && contrast::ratio(out, background()) < 4.5) {
                lightness += 0.02;
                out = QColor::fromHslF(h, s, float(std::min(lightness, 0.9)));
            }
        }
    } else {
        // Light high contrast: hues no lighter than 0.42 on white (yellows and oranges darken).
        out = QColor::fromHslF(h, std::min(1.0f, s * 1.1f), std::min(l, 0.42f));
    }
    out.setAlpha(alpha);
    return out;
}

QPalette Appearance::palette() const
{
    if (dark() == mSystemDark)
        return mSystemPalette;
    if (!dark()) {
        const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
        return fusion ? fusion->standardPalette() : QPalette(Qt::white);
    }
    // A dark palette in the manner of Fusion's dark variant.
    QPalette p;
    const QColor window(45, 45, 48), base(30, 30, 30), text(230, 230, 230), disabled(127, 127, 127),
        highlight(42, 130, 218);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, QColor(60, 60, 64));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(110, 170, 240));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Light, QColor(70, 70, 74));
    p.setColor(QPalette::Midlight, QColor(60, 60, 64));
    p.setColor(QPalette::Mid, QColor(40, 40, 42));
    p.setColor(QPalette::Dark, QColor(25, 25, 26));
    p.setColor(QPalette::Shadow, Qt::black);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(80, 80, 80));
    return p;
}

void Appearance::applyTo(QCustomPlot *plot) const
{
    restyle(plot, false);
}

void Appearance::recordOriginals(QCustomPlot *plot) const
{
    restyle(plot, true);
}

void Appearance::restyle(QCustomPlot *plot, bool recordOnly) const
{
    if (!plot)
        return;
    const bool identity = isIdentity();
    if (!recordOnly) {
        if (identity && !plot->property(styledFlag).toBool())
            return; // never restyled: everything is as the views set it
        plot->setProperty(styledFlag, !identity);
        plot->setBackground(background());
    }

    const double scale = fontScale();
    const int scatterType = qMetaTypeId<QCPScatterStyle>();
    // Elements drawn on data (a weight printed in a heatmap cell) chose their colours against
    // the data: only their sizes follow the style.
    bool onData = false;
    auto colour = [this, &onData](const QColor &c) { return onData ? c : themed(c); };
    auto mapPen = [this, &colour](QPen pen) {
        if (pen.style() == Qt::NoPen)
            return pen;
        if (pen.brush().style() == Qt::SolidPattern)
            pen.setColor(colour(pen.color()));
        if (lineScale() != 1.0)
            pen.setWidthF(std::max(1.0, pen.widthF()) * lineScale());
        return pen;
    };
    auto mapBrush = [&colour](QBrush brush) {
        const Qt::BrushStyle style = brush.style();
        if (style == Qt::NoBrush || style == Qt::TexturePattern || brush.gradient())
            return brush;
        brush.setColor(colour(brush.color()));
        return brush;
    };

    const QList<QCPLayerable *> layerables = plot->findChildren<QCPLayerable *>();
    for (QObject *object : layerables) {
        // A legend item copies its legend's font and colours when created, and QCPLegend's
        // setters pass theirs on: styling the legend styles its items.
        if (qobject_cast<QCPAbstractLegendItem *>(object))
            continue;
        onData = object->property(onDataProperty).toBool();
        const QMetaObject *meta = object->metaObject();
        for (int i = QObject::staticMetaObject.propertyCount(); i < meta->propertyCount(); ++i) {
            const QMetaProperty property = meta->property(i);
            const int type = property.userType();
            // (A tracer's size is left to its view, which may hit-test against it.)
            const bool isSize = false;
            if (!property.isWritable() ||
                !(type == QMetaType::QPen || type == QMetaType::QFont ||
                  type == QMetaType::QColor || type == QMetaType::QBrush || type == scatterType ||
                  isSize))
                continue;
            const QByteArray originalTag = tagName("o", property.name());
            const QByteArray appliedTag = tagName("a", property.name());
            const QByteArray scaleTag = tagName("s", property.name());
            const QVariant current = property.read(object);
            const QVariant applied = object->property(appliedTag.constData());
            bool unchanged = applied.isValid();
            if (unchanged && type == scatterType)
                unchanged =
                    sameScatter(applied.value<QCPScatterStyle>(), current.value<QCPScatterStyle>());
            else if (unchanged)
                unchanged = applied == current;
            QVariant original;
            double originalScale = scale;
            if (unchanged) {
                original = object->property(originalTag.constData());
                originalScale = object->property(scaleTag.constData()).toDouble();
            } else {
                // Set by the view since the last pass (or never seen): its light, current-scale
                // value is the original.
                original = current;
                object->setProperty(originalTag.constData(), original);
                object->setProperty(scaleTag.constData(), originalScale);
                if (recordOnly)
                    object->setProperty(appliedTag.constData(), current);
            }
            if (recordOnly)
                continue;

            QVariant target;
            if (type == QMetaType::QPen) {
                target = mapPen(original.value<QPen>());
            } else if (type == QMetaType::QBrush) {
                target = mapBrush(original.value<QBrush>());
            } else if (type == QMetaType::QColor) {
                target = colour(original.value<QColor>());
            } else if (type == QMetaType::QFont) {
                target = scaledFont(original.value<QFont>(),
                                    originalScale > 0 ? scale / originalScale : 1.0);
            } else if (isSize) {
                target = original.toDouble() * markerScale();
            } else {
                QCPScatterStyle style = original.value<QCPScatterStyle>();
                style.setSize(style.size() * markerScale());
                // An undefined pen means "the plottable's pen"; setting one would define it
                // (as black, for a default pen).
                if (style.isPenDefined())
                    style.setPen(mapPen(style.pen()));
                style.setBrush(mapBrush(style.brush()));
                target = QVariant::fromValue(style);
            }
            const bool same = type == scatterType ? sameScatter(target.value<QCPScatterStyle>(),
                                                                current.value<QCPScatterStyle>())
                                                  : target == current;
            if (!same)
                property.write(object, target);
            object->setProperty(appliedTag.constData(), target);
        }
    }
}

QString Appearance::themeName(Theme theme)
{
    switch (theme) {
    case Theme::Light:
        return QStringLiteral("light");
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::System:
        break;
    }
    return QStringLiteral("system");
}

Appearance::Theme Appearance::themeFromName(const QString &name)
{
    if (name == QLatin1String("light"))
        return Theme::Light;
    if (name == QLatin1String("dark"))
        return Theme::Dark;
    return Theme::System;
}

void Appearance::setTheme(Theme theme)
{
    if (theme == mTheme)
        return;
    emit aboutToChange();
    mTheme = theme;
    emit changed();
}

void Appearance::setPresentation(bool on)
{
    if (on == mPresentation)
        return;
    emit aboutToChange();
    mPresentation = on;
    emit changed();
}

void Appearance::setPresentationScale(double scale)
{
    if (std::isnan(scale))
        return;
    scale = std::clamp(scale, minScale, maxScale);
    if (scale == mPresentationScale)
        return;
    const bool drawn = mPresentation && std::min(scale, mScreenCap) != drawnPresentationScale();
    if (drawn)
        emit aboutToChange();
    mPresentationScale = scale;
    if (drawn)
        emit changed();
}

void Appearance::setScreenScaleCap(double cap)
{
    if (std::isnan(cap))
        return;
    cap = std::clamp(cap, minScale, maxScale);
    if (cap == mScreenCap)
        return;
    const bool drawn =
        mPresentation && std::min(mPresentationScale, cap) != drawnPresentationScale();
    if (drawn)
        emit aboutToChange();
    mScreenCap = cap;
    if (drawn)
        emit changed();
}

} // namespace sml
