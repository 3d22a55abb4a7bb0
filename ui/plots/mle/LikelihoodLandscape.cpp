#include "plots/mle/LikelihoodLandscape.h"

#include "LabelPlacement.h"
#include "LikelihoodField.h"
#include "plots/AxisLabelVariants.h"
#include "style/Appearance.h"
#include "style/PlotStyle.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sml {

namespace {

/// ℓ(o) from pale (low) to warm (high, at ô); the blobs and labels stay readable on top. On
/// the log scale of a steep peak (`logDrop`) the warm tints start lower, so that the decades
/// around ô are told apart (a fresh reader found the plane one pale colour).
QCPColorGradient likelihoodGradient(bool logDrop = false)
{
    QCPColorGradient g;
    g.clearColorStops();
    const Appearance *look = Appearance::instance(); // dark tints in the dark theme
    g.setColorStopAt(0.0, look->paper(QColor(246, 246, 246)));
    g.setColorStopAt(logDrop ? 0.3 : 0.6, look->paper(QColor(253, 241, 212)));
    g.setColorStopAt(logDrop ? 0.7 : 0.9, look->paper(QColor(251, 218, 160)));
    g.setColorStopAt(1.0, look->paper(QColor(247, 196, 120)));
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setNanHandling(QCPColorGradient::nhLowestColor);
    g.setLevelCount(200);
    return g;
}

/// The ticks of ℓ(o) − ℓ(ô) ≤ 0 on a log scale, as "−10⁻³" (QCustomPlot's own "beautiful"
/// powers write "−1·10⁻³").
class NegativePowerTicker : public QCPAxisTickerLog
{
protected:
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar,
                         int precision) override
    {
        if (!(tick < 0) || !std::isfinite(tick))
            return QCPAxisTickerLog::getTickLabel(tick, locale, formatChar, precision);
        static const QString digits = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
        const int exponent = int(std::lround(std::log10(-tick)));
        QString power = exponent < 0 ? QStringLiteral("⁻") : QString();
        for (const QChar c : QString::number(std::abs(exponent)))
            power += digits[c.digitValue()];
        return QStringLiteral("−10") + power;
    }
};

} // namespace

LikelihoodLandscape::LikelihoodLandscape(QCustomPlot *plot, int layoutRow,
                                         ValueSpaceLabelFactory newLabel)
    : mPlot(plot), mNewLabel(std::move(newLabel))
{
    mRow = new QCPLayoutGrid;
    QCPAxisRect *rect = plot->axisRect();
    plot->plotLayout()->take(rect);
    plot->plotLayout()->addElement(layoutRow, 0, mRow);
    mRow->addElement(0, 0, rect);
    mScale = new QCPColorScale(plot);
    mRow->addElement(0, 1, mScale);
    mRow->setColumnStretchFactor(1, 0.001);
    mScale->setType(QCPAxis::atRight);
    mScale->setGradient(likelihoodGradient());
    mScale->setBarWidth(18);
    plotStyle::styleAxis(mScale->axis(), tr("log-likelihood ℓ(o)"));
    mScale->axis()->grid()->setVisible(false);
    auto *group = new QCPMarginGroup(plot);
    rect->setMarginGroup(QCP::msTop | QCP::msBottom, group);
    mScale->setMarginGroup(QCP::msTop | QCP::msBottom, group);

    mMap = new QCPColorMap(plot->xAxis, plot->yAxis);
    mMap->setLayer(QStringLiteral("background"));
    mMap->setGradient(likelihoodGradient());
    mMap->setInterpolate(true);
    mMap->setColorScale(mScale);

    mContours = new QCPCurve(plot->xAxis, plot->yAxis);
    mContours->setPen(QPen(QColor(150, 110, 60), 1.1));
    mContours->removeFromLegend();

    mCurve = new QCPGraph(plot->xAxis, plot->yAxis);
    mCurve->setPen(QPen(QColor(200, 110, 20), 3));
    mCurve->setVisible(false);
    mCurve->removeFromLegend();
}

void LikelihoodLandscape::setMode(bool line, bool defined)
{
    mLine = line;
    mMap->setVisible(!line && defined);
    mContours->setVisible(!line && defined);
    mCurve->setVisible(line && defined);
    if (line == mRow->hasElement(0, 1)) {
        if (line) {
            mRow->take(mScale);
            mRow->simplify();
        } else {
            mRow->addElement(0, 1, mScale);
            mRow->setColumnStretchFactor(1, 0.001);
        }
        mScale->setVisible(!line);
    }
}

bool LikelihoodLandscape::isCurrent() const
{
    return !mDirty && mPlot->xAxis->range() == mFieldX &&
           (mLine || mPlot->yAxis->range() == mFieldY);
}

bool LikelihoodLandscape::owns(const QCPAbstractPlottable *plottable) const
{
    return plottable == mMap || plottable == mContours || plottable == mCurve;
}

void LikelihoodLandscape::update(const LikelihoodField &field, int side, bool frozen)
{
    QCPAxis *xAxis = mPlot->xAxis;
    QCPAxis *yAxis = mPlot->yAxis;
    const QCPRange xr = xAxis->range(), yr = yAxis->range();
    mDirty = false;
    mFieldX = xr;
    mFieldY = yr;
    if (mLine) {
        const LikelihoodCurve curve = field.sampleLine(xr.lower, xr.upper);
        mCurve->setData(curve.xs, curve.ys, true);
        double span = curve.hi - curve.lo;
        if (!(span > 0))
            span = std::max(1.0, std::abs(curve.hi));
        yAxis->setRange(curve.hi - span / 0.52, curve.hi + 0.08 * span);
        mLevels.clear();
        return;
    }

    const LikelihoodPlane plane = field.samplePlane(xr.lower, xr.upper, yr.lower, yr.upper, side);
    if (!frozen)
        mLogDrop = plane.prefersLogDrop();
    // With the log drop, the cells hold ℓ(o) − ℓ(ô) = −drop (≤ 0): the colour bar then reads as
    // the log-likelihood's, the peak's 0 at the top (a fresh reader found the drop's bar, 10⁻³
    // at the top and 10² at the bottom, backwards).
    const QVector<double> cells = mLogDrop ? plane.logDrops() : plane.grid.values;
    const double sign = mLogDrop ? -1.0 : 1.0;
    QCPColorMapData *data = mMap->data();
    data->setSize(side, side);
    data->setRange(xr, yr);
    for (int iy = 0; iy < side; ++iy)
        for (int ix = 0; ix < side; ++ix)
            data->setCell(ix, iy, sign * cells[iy * side + ix]);
    if (!frozen) {
        if (mLogDrop)
            // Three decades below the depth: the colours saturate a few tenths of a nat under
            // the peak, so the peak's orange has an area (at six decades only the pixels under
            // ⊗ had it, a fresh reader).
            styleScale(true, -plane.depth(), -std::max(plane.logDropFloor(), plane.depth() * 1e-3));
        else
            styleScale(false, plane.lo, plane.hi);
    }

    // Iso-lines, each labelled where it meets a ray from ô towards the lower right, so that the
    // labels of the nested circles line up along the ray instead of piling up.
    mLevels.clear();
    for (QCPItemText *label : std::as_const(mLabels))
        label->setVisible(false);
    const double nanv = std::numeric_limits<double>::quiet_NaN();
    QVector<double> cx, cy;
    int labelIndex = 0;
    for (const LikelihoodIsoLine &iso : plane.isoLines(mLogDrop)) {
        mLevels.push_back(iso.level);
        if (!cx.isEmpty()) {
            cx << nanv;
            cy << nanv;
        }
        for (const QPointF &p : iso.points) {
            cx << p.x();
            cy << p.y();
        }
        const QPointF best =
            contours::pointTowards(iso.points, field.centre(), -0.6, xr.size(), yr.size());
        if (labelIndex >= mLabels.size()) {
            QCPItemText *label = mNewLabel(QColor(110, 70, 20));
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            label->setBrush(QColor(255, 255, 255, 170));
            mLabels << label;
        }
        QCPItemText *label = mLabels[labelIndex++];
        label->position->setCoords(best.x(), best.y());
        label->setText(tr("ℓ = %1").arg(plotStyle::compact(iso.level)));
        // Only labels that fit inside the plot.
        const QRect rect = mPlot->axisRect()->rect();
        const double px = xAxis->coordToPixel(best.x()), py = yAxis->coordToPixel(best.y());
        const QFontMetricsF fm = plotStyle::metrics(label->font());
        label->setVisible(px + fm.horizontalAdvance(label->text()) + 8 < rect.right() &&
                          py - fm.height() / 2 > rect.top() &&
                          py + fm.height() / 2 < rect.bottom());
    }
    std::sort(mLevels.begin(), mLevels.end());
    mContours->setData(cx, cy);
}

void LikelihoodLandscape::styleScale(bool logDrop, double lower, double upper)
{
    const QCPColorGradient gradient = likelihoodGradient(logDrop);
    mMap->setGradient(gradient);
    mScale->setGradient(gradient);
    mMap->setDataScaleType(logDrop ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    mScale->axis()->setTicker(logDrop ? QSharedPointer<QCPAxisTicker>(new NegativePowerTicker)
                                      : QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    mScale->axis()->setNumberFormat(logDrop ? QStringLiteral("e") : QStringLiteral("gb"));
    mScale->axis()->setNumberPrecision(logDrop ? 0 : 6);
    // Whole shorter forms for a short bar (a presented landscape beside its legend): never
    // "log-like…ood ℓ(o)".
    axisLabelVariants::set(mScale->axis(),
                           logDrop ? QStringList{tr("ℓ(o) − ℓ(ô), log scale"),
                                                 tr("ℓ(o) − ℓ(ô), log"), tr("ℓ(o) − ℓ(ô)")}
                                   : QStringList{tr("log-likelihood ℓ(o)"), tr("ℓ(o)")});
    mMap->setDataRange(QCPRange(lower, upper));
}

void LikelihoodLandscape::hideClashingLabels(const QList<QRectF> &boxes, const QRectF &plot)
{
    // Each contour label has one spot (on its contour): labelPlacement keeps it when it is free
    // of `boxes` and of the labels before it, and drops it otherwise (issue 14, item 4).
    labelPlacement::Problem problem;
    problem.plot = plot;
    problem.obstacles.assign(boxes.cbegin(), boxes.cend());
    QList<QCPItemText *> shown;
    for (QCPItemText *contour : mLabels) {
        if (!contour->visible())
            continue;
        const QPointF at = contour->position->pixelPosition();
        const QFontMetricsF fm = plotStyle::metrics(contour->font());
        const QRectF box(at.x(), at.y() - fm.height() / 2,
                         fm.horizontalAdvance(contour->text()) + 6, fm.height());
        labelPlacement::Label label;
        label.size = box.size();
        label.priority = -double(shown.size());
        label.candidates = {box};
        problem.labels.push_back(label);
        shown << contour;
    }
    const labelPlacement::Placement placement = labelPlacement::place(problem);
    for (const int i : placement.dropped)
        shown[i]->setVisible(false);
}

} // namespace sml
