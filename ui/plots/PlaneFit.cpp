#include "plots/PlaneFit.h"

#include "style/Appearance.h"

#include "style/PlotStyle.h"

#include "Contours.h"

#include <qcustomplot.h>

#include <QHash>

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

namespace {

QSizeF textSize(const QCPItemText *label)
{
    const QFontMetricsF fm = plotStyle::metrics(label->font());
    const QStringList lines = label->text().split(QLatin1Char('\n'));
    double w = 0;
    for (const QString &line : lines)
        w = std::max(w, fm.horizontalAdvance(line));
    return QSizeF(w + label->padding().left() + label->padding().right(),
                  fm.height() * lines.size() + label->padding().top() + label->padding().bottom());
}

const char *droppedProperty = "_sml_label_dropped";
const char *spotProperty = "_sml_label_spot"; // labelPlacement's candidate index (-1: none)
const char *idProperty = "_sml_label_id";
const char *clearanceProperty = "_sml_label_clearance"; // labelPlacement::Label::clearance

} // namespace

QRectF labelBox(const QCPItemText *label)
{
    const QSizeF size = textSize(label);
    const QPointF at = label->position->pixelPosition();
    const Qt::Alignment a = label->positionAlignment();
    const double left = a & Qt::AlignRight     ? at.x() - size.width()
                        : a & Qt::AlignHCenter ? at.x() - size.width() / 2
                                               : at.x();
    const double top = a & Qt::AlignBottom    ? at.y() - size.height()
                       : a & Qt::AlignVCenter ? at.y() - size.height() / 2
                                              : at.y();
    return QRectF(QPointF(left, top), size);
}

PlacedLabels placeLabels(const QList<QCPAbstractItem *> &items, const QRect &rect,
                         const QList<QRectF> &obstacles, double anchorRadius,
                         const std::vector<labelPlacement::Disc> &extraDiscs)
{
    labelPlacement::Problem problem;
    // Clear of the axis lines along the plot's edges (drawn over the labels: presented, the
    // likelihood landscape's "k2 π = …" lost its "k" to the left axis, a fresh reader's find).
    const double clear = 2 * Appearance::instance()->lineScale();
    problem.plot = QRectF(rect).adjusted(clear, clear, -clear, -clear);
    problem.obstacles.assign(obstacles.cbegin(), obstacles.cend());
    problem.discs = extraDiscs;
    QHash<const QCPItemPosition *, int> discOf;
    for (QCPAbstractItem *item : items) {
        auto *tracer = qobject_cast<QCPItemTracer *>(item);
        if (!tracer || !tracer->visible())
            continue;
        const double radius = tracer->style() == QCPItemTracer::tsNone ? anchorRadius
                              : tracer->style() == QCPItemTracer::tsSquare
                                  ? tracer->size() * std::sqrt(0.5) // the square's corners
                                  : tracer->size() / 2 + tracer->pen().widthF() / 2;
        // Points drawn on the same pixel are one disc (a value point and its label's anchor).
        const QPointF centre = tracer->position->pixelPosition();
        int index = -1;
        for (size_t j = 0; j < problem.discs.size() && index < 0; ++j)
            if (QLineF(problem.discs[j].centre, centre).length() <= 0.5)
                index = int(j);
        if (index < 0) {
            index = int(problem.discs.size());
            problem.discs.push_back({centre, radius});
        }
        problem.discs[size_t(index)].radius = std::max(problem.discs[size_t(index)].radius, radius);
        discOf.insert(tracer->position, index);
    }
    QList<QCPItemText *> labels;
    for (QCPAbstractItem *item : items) {
        auto *label = qobject_cast<QCPItemText *>(item);
        if (!label || !label->position->parentAnchor() ||
            (!label->visible() && !label->property(droppedProperty).toBool()))
            continue;
        const auto *anchor = dynamic_cast<const QCPItemPosition *>(label->position->parentAnchor());
        labelPlacement::Label l;
        l.anchor = anchor ? discOf.value(anchor, -1) : -1;
        if (l.anchor < 0) { // a label of a point that is not in `items`: its anchor alone
            l.anchor = int(problem.discs.size());
            problem.discs.push_back({label->position->parentAnchor()->pixelPosition(), 0.0});
        }
        l.size = textSize(label);
        l.priority = -double(labels.size()); // the order of `items`
        l.gap = 3;
        l.clearance = labelClearance(label);
        bool known = false;
        const int spot = label->property(spotProperty).toInt(&known);
        l.preferred = known ? spot : -1;
        problem.labels.push_back(l);
        labels << label;
    }
    const labelPlacement::Placement placement = labelPlacement::place(problem);
    PlacedLabels out;
    for (qsizetype i = 0; i < labels.size(); ++i) {
        QCPItemText *label = labels[i];
        const auto &box = placement.boxes[size_t(i)];
        label->setProperty(droppedProperty, !box.has_value());
        if (box)
            label->setProperty(spotProperty, placement.chosen[size_t(i)]);
        label->setVisible(box.has_value());
        if (!box) {
            out.dropped << label;
            continue;
        }
        const QPointF anchor = label->position->parentAnchor()->pixelPosition();
        label->position->setCoords(box->topLeft() - anchor);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        out.boxes << *box;
    }
    return out;
}

QHash<QString, int> labelSpots(const QList<QCPAbstractItem *> &items)
{
    QHash<QString, int> spots;
    for (const QCPAbstractItem *item : items) {
        const QString id = item->property(idProperty).toString();
        bool known = false;
        const int spot = item->property(spotProperty).toInt(&known);
        if (!id.isEmpty() && known && spot >= 0)
            spots.insert(id, spot);
    }
    return spots;
}

QList<QVariant> saveLabelPlaces(const QList<QCPAbstractItem *> &items)
{
    QList<QVariant> saved;
    for (const QCPAbstractItem *item : items)
        saved << item->property(spotProperty);
    return saved;
}

void restoreLabelPlaces(const QList<QCPAbstractItem *> &items, const QList<QVariant> &saved)
{
    for (qsizetype k = 0; k < items.size() && k < saved.size(); ++k)
        items[k]->setProperty(spotProperty, saved[k]);
}

void setLabelId(QCPItemText *label, const QString &id, const QHash<QString, int> &spots)
{
    label->setProperty(idProperty, id);
    if (const auto it = spots.constFind(id); it != spots.constEnd())
        label->setProperty(spotProperty, *it);
}

void setLabelClearance(QCPItemText *label, double pixels)
{
    label->setProperty(clearanceProperty, pixels);
}

double labelClearance(const QCPItemText *label)
{
    bool given = false;
    const double pixels = label->property(clearanceProperty).toDouble(&given);
    return given ? pixels : labelPlacement::Label{}.clearance;
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
    // The answer for the same text, room and font, remembered: every replot of a plane view
    // fits its title and subtitle again, and shaping them at each candidate size was 9 % of an
    // edit at T = 64 (perf, issue 19) while they rarely change between edits.
    struct Fitted
    {
        QFont font;
        QString text;
    };
    static QHash<QString, Fitted> cache;
    const QString key = QStringLiteral("%1|%2|%3|").arg(room).arg(points).arg(minPoints) +
                        font.key() + QLatin1Char('|') + text;
    if (const auto hit = cache.constFind(key); hit != cache.constEnd()) {
        element->setFont(hit->font);
        element->setText(hit->text);
        return;
    }
    auto remember = [&](const QFont &f, const QString &t) {
        if (cache.size() >= 512)
            cache.clear();
        cache.insert(key, Fitted{f, t});
        element->setFont(f);
        element->setText(t);
    };
    auto widest = [](const QFontMetricsF &fm, const QString &t) {
        double w = 0;
        for (const QString &line : t.split(QLatin1Char('\n')))
            w = std::max(w, fm.horizontalAdvance(line));
        return w;
    };
    for (double p = points; p >= minPoints; p -= scale) {
        font.setPointSizeF(p);
        if (widest(plotStyle::metrics(font), text) <= room) {
            remember(font, text);
            return;
        }
    }
    // Still too wide at the smallest size: break each line at spaces.
    font.setPointSizeF(minPoints);
    remember(font, plotStyle::wrapText(text, font, room));
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
