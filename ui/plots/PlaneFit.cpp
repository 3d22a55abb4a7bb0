#include "plots/PlaneFit.h"

#include "style/Appearance.h"

#include "style/PlotStyle.h"

#include "Contours.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace sml::planeFit {

void fitEqualAspect(QCPAxis *xAxis, QCPAxis *yAxis, QRectF bounds, QSizeF pixels)
{
    double cx = bounds.center().x();
    double cy = bounds.center().y();
    double w = bounds.width();
    double h = bounds.height();
    if (!std::isfinite(cx) || !std::isfinite(cy) || !std::isfinite(w) || !std::isfinite(h)) {
        cx = cy = 0;
        w = h = 2;
    }
    w = std::abs(w);
    h = std::abs(h);
    const double floor = std::max({std::abs(cx), std::abs(cy), 1e-300}) * 1e-9;
    if (w <= floor && h <= floor) {
        w = h = std::max(2.0 * floor, std::max(std::abs(cx), std::abs(cy)) > 0 ? floor * 1e9 : 2.0);
    }
    const double pw = std::max(10.0, pixels.width());
    const double ph = std::max(10.0, pixels.height());
    // Units per pixel: the larger of the two needs decides.
    const double upp = std::max(w / pw, h / ph);
    double halfW = 0.5 * upp * pw;
    double halfH = 0.5 * upp * ph;
    const double limit = QCPRange::maxRange * 0.49;
    halfW = std::min(halfW, limit);
    halfH = std::min(halfH, limit);
    cx = std::clamp(cx, -limit, limit);
    cy = std::clamp(cy, -limit, limit);
    xAxis->setRange(cx - halfW, cx + halfW);
    yAxis->setRange(cy - halfH, cy + halfH);
}

void fitEqualAspectWithLabels(QCPAxis *xAxis, QCPAxis *yAxis, QRectF bounds, QSizeF pixels,
                              double labelPixels)
{
    const double original = bounds.width();
    for (int pass = 0; pass < 3; ++pass) {
        fitEqualAspect(xAxis, yAxis, bounds, pixels);
        const double upp = xAxis->range().size() / std::max(10.0, pixels.width());
        const double room = xAxis->range().upper - bounds.right(); // beyond the last point
        const double need = labelPixels * upp - room;
        if (!(need > 0) || !std::isfinite(need) || bounds.width() >= 1.35 * original)
            break;
        // When the height sets the scale, widening moves the centre by half of what is added.
        bounds.setRight(std::min(bounds.right() + 2 * need, bounds.left() + 1.35 * original));
    }
}

QString labelNumber(double value)
{
    if (value == 0)
        return QStringLiteral("0");
    return plotStyle::screenNumber(value, 'g', 3);
}

double displayUnit(double largestMagnitude)
{
    if (!(largestMagnitude >= 1e100) || !std::isfinite(largestMagnitude))
        return 1;
    return std::pow(10.0, std::floor(std::log10(largestMagnitude)));
}

QList<QRectF> placeLabels(const QList<QCPAbstractItem *> &items, const QRect &rect,
                          const QList<QRectF> &obstacles)
{
    QList<QRectF> placed;
    QList<QRectF> blocked = obstacles;
    for (QCPAbstractItem *item : items) {
        auto *label = qobject_cast<QCPItemText *>(item);
        if (!label || !label->visible() || !label->position->parentAnchor())
            continue;
        const QPointF anchor = label->position->parentAnchor()->pixelPosition();
        const QFontMetricsF fm = plotStyle::metrics(label->font());
        QSizeF size(0, 0);
        for (const QString &line : label->text().split(QLatin1Char('\n')))
            size.setWidth(std::max(size.width(), fm.horizontalAdvance(line)));
        size.setWidth(size.width() + label->padding().left() + label->padding().right());
        size.setHeight(fm.height() * (label->text().count(QLatin1Char('\n')) + 1) +
                       label->padding().top() + label->padding().bottom());
        const double dx = std::abs(label->position->coords().x());
        const double dy = std::abs(label->position->coords().y());
        struct Candidate
        {
            double sx, sy;
            Qt::Alignment align;
        };
        const Candidate candidates[] = {{1, -1, Qt::AlignLeft | Qt::AlignBottom},
                                        {1, 1, Qt::AlignLeft | Qt::AlignTop},
                                        {-1, -1, Qt::AlignRight | Qt::AlignBottom},
                                        {-1, 1, Qt::AlignRight | Qt::AlignTop}};
        double bestCost = std::numeric_limits<double>::infinity();
        const Candidate *best = &candidates[0];
        QRectF bestBox;
        for (const Candidate &c : candidates) {
            const QPointF corner(anchor.x() + c.sx * dx, anchor.y() + c.sy * dy);
            const QRectF box(c.sx > 0 ? corner.x() : corner.x() - size.width(),
                             c.sy > 0 ? corner.y() : corner.y() - size.height(), size.width(),
                             size.height());
            double cost = 0;
            const QRectF inside = box.intersected(rect);
            // Leaving the plot costs far more than overlapping: a clipped label is unreadable.
            cost += 50 * (box.width() * box.height() - inside.width() * inside.height());
            for (const QRectF &other : std::as_const(blocked)) {
                const QRectF overlap = box.intersected(other);
                cost += overlap.width() * overlap.height();
            }
            if (cost < bestCost - 1e-9) {
                bestCost = cost;
                best = &c;
                bestBox = box;
            }
            if (cost == 0)
                break;
        }
        label->position->setCoords(best->sx * dx, best->sy * dy);
        label->setPositionAlignment(best->align);
        placed << bestBox;
        blocked << bestBox;
    }
    return placed;
}

void fitTitle(QCPTextElement *element, const QString &text, double width, double points,
              double minPoints, bool bold)
{
    // The sizes are for scale 1: presentation mode multiplies them (issue 7).
    element->setProperty("_sml_fitted", true); // see PlotView::fitTitles
    const double scale = Appearance::instance()->fontScale();
    points *= scale;
    minPoints *= scale;
    QFont font = element->font();
    font.setBold(bold);
    const double room = std::max(100.0, width - 16);
    auto widest = [](const QFontMetricsF &fm, const QString &t) {
        double w = 0;
        for (const QString &line : t.split(QLatin1Char('\n')))
            w = std::max(w, fm.horizontalAdvance(line));
        return w;
    };
    for (double p = points; p >= minPoints; p -= scale) {
        font.setPointSizeF(p);
        if (widest(plotStyle::metrics(font), text) <= room) {
            element->setFont(font);
            element->setText(text);
            return;
        }
    }
    // Still too wide at the smallest size: break each line at spaces.
    font.setPointSizeF(minPoints);
    element->setFont(font);
    element->setText(plotStyle::wrapText(text, font, room));
}

void fitSubtitle(QCPTextElement *element, const QString &text, const QRect &viewport)
{
    fitTitle(element, text, viewport.width(), 14, 12, false);
    const QString fitted = element->text();
    const double height =
        plotStyle::metrics(element->font()).lineSpacing() * (fitted.count(QLatin1Char('\n')) + 1);
    if (!text.isEmpty() && height > 0.1 * viewport.height()) {
        QFont tiny = element->font();
        tiny.setPointSizeF(1);
        element->setFont(tiny);
        element->setText(QString());
    }
}

} // namespace sml::planeFit
