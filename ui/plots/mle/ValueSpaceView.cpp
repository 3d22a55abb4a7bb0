#include "plots/mle/ValueSpaceView.h"

#include "style/Appearance.h"

#include "Analysis.h"
#include "LikelihoodField.h"
#include "document/ScenarioDocument.h"
#include "plots/PlaneFit.h"
#include "plots/mle/MleAnimation.h"
#include "plots/mle/VarianceRingDrag.h"
#include "style/PlotStyle.h"
#include "widgets/DocumentBinding.h"

#include <QMouseEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace sml {

namespace {

const QString layerBlobs = valueSpaceLayer::blobs;
const QString layerMarkers = valueSpaceLayer::markers;
const QString layerPath = valueSpaceLayer::path;
const QString layerLabels = valueSpaceLayer::labels;

/// ℓ(o) from pale (low) to warm (high, at ô); the blobs and labels stay readable on top.
QCPColorGradient likelihoodGradient()
{
    QCPColorGradient g;
    g.clearColorStops();
    const Appearance *look = Appearance::instance(); // dark tints in the dark theme
    g.setColorStopAt(0.0, look->paper(QColor(246, 246, 246)));
    g.setColorStopAt(0.6, look->paper(QColor(253, 241, 212)));
    g.setColorStopAt(0.9, look->paper(QColor(251, 218, 160)));
    g.setColorStopAt(1.0, look->paper(QColor(247, 196, 120)));
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setNanHandling(QCPColorGradient::nhLowestColor);
    g.setLevelCount(200);
    return g;
}

QString vectorText(const Eigen::Ref<const Eigen::VectorXd> &v, int maxEntries = 8)
{
    QStringList parts;
    for (Eigen::Index k = 0; k < std::min<Eigen::Index>(v.size(), maxEntries); ++k)
        parts << plotStyle::exact(v[k]);
    if (v.size() > maxEntries)
        parts << QStringLiteral("… (%1 numbers)").arg(v.size());
    return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
}

/// σ² from log σ² for display: exact, or "< 2.2e-308" / "> 1.8e308" (MATH.md §4.1).
QString varianceText(double logValue, const QString &name)
{
    constexpr double maxLog = 709.782712893384;
    constexpr double minLog = -708.3964185322641;
    if (logValue > maxLog)
        return QStringLiteral("> 1.8e308 (log %1 = %2)").arg(name, plotStyle::exact(logValue));
    if (logValue < minLog)
        return QStringLiteral("< 2.2e-308 (log %1 = %2)").arg(name, plotStyle::exact(logValue));
    return plotStyle::exact(std::exp(logValue));
}

QCPItemText *makeLabel(QCustomPlot *plot, const QColor &color, bool bold = false)
{
    auto *label = new QCPItemText(plot);
    label->setLayer(layerLabels);
    QFont f = plotStyle::tickFont();
    f.setBold(bold);
    label->setFont(f);
    label->setColor(color);
    label->setBrush(QColor(255, 255, 255, 200));
    label->setPadding(QMargins(3, 1, 3, 1));
    label->setSelectable(false);
    return label;
}

} // namespace

ValueSpaceView::ValueSpaceView(QWidget *parent)
    : PlotView(parent), mRingDrag(new VarianceRingDrag(this))
{
    connect(mRingDrag, &VarianceRingDrag::startPicked, this, &ValueSpaceView::startPicked);
    connect(mRingDrag, &VarianceRingDrag::message, this, &ValueSpaceView::message);
    mTitle = addTitle();
    plotLayout()->insertRow(1);
    mSubtitle = new QCPTextElement(this, QString(), plotStyle::subtitleFont());
    mSubtitle->setTextColor(QColor(60, 60, 60));
    plotLayout()->addElement(1, 0, mSubtitle);
    plotStyle::styleAxis(xAxis, QString());
    plotStyle::styleAxis(yAxis, QString());

    addLayer(layerBlobs, layer(QStringLiteral("main")), QCustomPlot::limAbove);
    addLayer(layerMarkers, layer(layerBlobs), QCustomPlot::limAbove);
    addLayer(layerPath, layer(layerMarkers), QCustomPlot::limAbove);
    addLayer(layerLabels, layer(layerPath), QCustomPlot::limAbove);

    mMapRow = new QCPLayoutGrid;
    QCPAxisRect *rect = axisRect();
    plotLayout()->take(rect);
    plotLayout()->addElement(2, 0, mMapRow);
    mMapRow->addElement(0, 0, rect);
    mScale = new QCPColorScale(this);
    mMapRow->addElement(0, 1, mScale);
    mMapRow->setColumnStretchFactor(1, 0.001);
    mScale->setType(QCPAxis::atRight);
    mScale->setGradient(likelihoodGradient());
    mScale->setBarWidth(18);
    plotStyle::styleAxis(mScale->axis(), tr("log-likelihood ℓ(o)"));
    mScale->axis()->grid()->setVisible(false);
    auto *group = new QCPMarginGroup(this);
    axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, group);
    mScale->setMarginGroup(QCP::msTop | QCP::msBottom, group);

    mMap = new QCPColorMap(xAxis, yAxis);
    mMap->setLayer(QStringLiteral("background"));
    mMap->setGradient(likelihoodGradient());
    mMap->setInterpolate(true);
    mMap->setColorScale(mScale);

    mContours = new QCPCurve(xAxis, yAxis);
    mContours->setPen(QPen(QColor(150, 110, 60), 1.1));

    mCurve = new QCPGraph(xAxis, yAxis);
    mCurve->setPen(QPen(QColor(200, 110, 20), 3));
    mCurve->setVisible(false);

    mPath = new QCPCurve(xAxis, yAxis);
    mPath->setLayer(layerPath);
    mPath->setPen(QPen(plotStyle::mleColor().darker(115), 2.5));
    mPath->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssDisc, plotStyle::mleColor().darker(140), plotStyle::mleColor(), 8));

    mOutputMarker = new QCPGraph(xAxis, yAxis);
    mOutputMarker->setLayer(layerMarkers);
    mOutputMarker->setLineStyle(QCPGraph::lsNone);
    mOutputMarker->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCircle, QPen(plotStyle::softmaxColor(), 3), Qt::NoBrush, 30));
    mMleMarker = new QCPGraph(xAxis, yAxis);
    mMleMarker->setLayer(layerMarkers);
    mMleMarker->setLineStyle(QCPGraph::lsNone);
    mMleMarker->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCrossCircle, QPen(Qt::black, 2.5), QColor(255, 255, 255, 220), 18));

    mMleLine = new QCPItemStraightLine(this);
    mMleLine->setPen(QPen(Qt::black, 2));
    mOutputLine = new QCPItemStraightLine(this);
    mOutputLine->setPen(QPen(plotStyle::softmaxColor(), 2, Qt::DashLine));
    mMleLabel = makeLabel(this, Qt::black, true);
    mOutputLabel = makeLabel(this, plotStyle::softmaxColor().darker(130), true);

    // The start of the gradient ascent: a square, named in the legend (no label on the plane).
    mStart = new QCPGraph(xAxis, yAxis);
    mStart->setLayer(layerPath);
    mStart->setLineStyle(QCPGraph::lsNone);
    mStart->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare,
                                            QPen(plotStyle::mleColor().darker(160), 2),
                                            plotStyle::mleColor(), 13));
    mStart->setName(tr("start o⁽⁰⁾ (Shift+click)"));

    for (QCPAbstractPlottable *p :
         {static_cast<QCPAbstractPlottable *>(mContours),
          static_cast<QCPAbstractPlottable *>(mCurve), static_cast<QCPAbstractPlottable *>(mPath),
          static_cast<QCPAbstractPlottable *>(mStart),
          static_cast<QCPAbstractPlottable *>(mOutputMarker),
          static_cast<QCPAbstractPlottable *>(mMleMarker)})
        p->removeFromLegend();
    mPath->setName(tr("gradient ascent o⁽ⁿ⁾"));
    // ô, o and the path are named in a legend row under the plot (never over the data).
    plotStyle::addLegendRow(this, 3);
    yAxis2->setRange(0, 1);
}

void ValueSpaceView::setAnimation(MleAnimation *animation)
{
    if (mAnimation)
        mAnimation->disconnect(this);
    mAnimation = animation;
    if (animation)
        connect(animation, &MleAnimation::changed, this, [this] {
            updatePath();
            replot(QCustomPlot::rpQueuedReplot);
        });
    updatePath();
}

MleAnimation *ValueSpaceView::animation() const
{
    return mAnimation;
}

void ValueSpaceView::setValueDimensions(int x, int y)
{
    if (x == mScene.dimX && y == mScene.dimY)
        return;
    mScene.dimX = x;
    mScene.dimY = y;
    mRingDrag->cancel();
    refreshFromDocument();
    emit dimensionsChanged();
}

void ValueSpaceView::setPickStartMode(bool on)
{
    if (on == mPickStart)
        return;
    mPickStart = on;
    setCursor(on ? Qt::CrossCursor : Qt::ArrowCursor);
    emit pickStartModeChanged(on);
}

void ValueSpaceView::showAnalysis(const Analysis &analysis, int selectedQuery)
{
    const int oldDv = mScene.dV;
    mScene.load(analysis, selectedQuery);
    if (!mScene.defined || mScene.linked)
        mRingDrag->cancel();
    if (!mRingDrag->isDragging())
        mScene.fitRegion(); // during a drag the plane stays where it is under the mouse
    mFieldDirty = true;

    const double u = mScene.unit;
    const QString unit = u != 1 ? tr("  (× %1)").arg(plotStyle::compact(u)) : QString();
    xAxis->setLabel(tr("output coordinate o_%1").arg(mScene.dimX + 1) + unit);
    yAxis->setLabel(isLine() ? tr("log-likelihood ℓ(o)")
                             : tr("output coordinate o_%1").arg(mScene.dimY + 1) + unit);
    mSubtitleText = mScene.subtitle();

    const bool line = isLine();
    mMap->setVisible(!line && mScene.defined);
    mContours->setVisible(!line && mScene.defined);
    mCurve->setVisible(line && mScene.defined);
    mMleLine->setVisible(line && mScene.defined);
    mOutputLine->setVisible(line && mScene.defined);
    if (line == mMapRow->hasElement(0, 1)) {
        if (line) {
            mMapRow->take(mScale);
            mMapRow->simplify();
        } else {
            mMapRow->addElement(0, 1, mScale);
            mMapRow->setColumnStretchFactor(1, 0.001);
        }
        mScale->setVisible(!line);
    }

    rebuildItems();
    updatePath();
    if (oldDv != mScene.dV)
        emit dimensionsChanged();
    replot();
}

QString ValueSpaceView::titleText() const
{
    return mScene.title();
}

void ValueSpaceView::rebuildItems()
{
    for (QCPAbstractItem *item : std::as_const(mItems))
        removeItem(item);
    mItems.clear();
    for (int k = plottableCount() - 1; k >= 0; --k) {
        QCPAbstractPlottable *p = plottable(k);
        if (p != mMap && p != mContours && p != mCurve && p != mPath && p != mMleMarker &&
            p != mOutputMarker && p != mStart)
            removePlottable(p);
    }
    mMleMarker->data()->clear();
    mOutputMarker->data()->clear();
    mMleLabel->setVisible(false);
    mOutputLabel->setVisible(false);
    mLabelPixels = 0;
    if (!mScene.defined || !mScene.mle)
        return;

    const int n = int(mScene.keys.size());
    const Eigen::VectorXd &pi = mScene.mle->precisionWeights();
    const std::vector<int> order = mScene.byPrecision();
    const bool line = isLine();
    const QColor base = plotStyle::softmaxColor();
    const int blobs = mScene.drawnCount();

    // Blobs, the least weighted first so the heavy ones sit on top.
    for (int r = blobs - 1; r >= 0; --r) {
        const int j = order[size_t(r)];
        const double strength = std::sqrt(std::clamp(pi[j], 0.0, 1.0)); // opacity by π
        QColor fill = base;
        fill.setAlpha(int(110 * strength));
        QColor edge = base.darker(130);
        edge.setAlpha(int(40 + 200 * strength));
        const double x = mScene.coordX(mScene.value(j));
        if (line) {
            const double y = mScene.laneY(r);
            for (double multiple : {2.0, 1.0}) {
                auto *bar = new QCPItemLine(this);
                bar->setLayer(layerBlobs);
                const double rad = mScene.drawnRadius(j, multiple);
                bar->start->setAxes(xAxis, yAxis2);
                bar->end->setAxes(xAxis, yAxis2);
                bar->start->setCoords(x - rad, y);
                bar->end->setCoords(x + rad, y);
                bar->setPen(QPen(multiple == 1.0 ? edge : fill, multiple == 1.0 ? 7 : 2.5,
                                 Qt::SolidLine, Qt::FlatCap));
                bar->setHead(QCPLineEnding(QCPLineEnding::esBar, 10));
                bar->setTail(QCPLineEnding(QCPLineEnding::esBar, 10));
                mItems << bar;
            }
            auto *dot = new QCPItemTracer(this);
            dot->setLayer(layerMarkers);
            dot->position->setAxes(xAxis, yAxis2);
            dot->position->setCoords(x, y);
            dot->setStyle(QCPItemTracer::tsCircle);
            dot->setSize(9);
            dot->setPen(QPen(Qt::white, 1.5));
            dot->setBrush(base.darker(150));
            mItems << dot;
            if (r < ValueSpaceScene::maxValueLabels) {
                auto *label = makeLabel(this, base.darker(170));
                label->position->setParentAnchor(dot->position);
                label->position->setType(QCPItemPosition::ptAbsolute);
                label->position->setCoords(0, -9);
                label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
                label->setText(tr("%1  π = %2")
                                   .arg(mScene.keyLabels.value(mScene.keys[size_t(j)]),
                                        planeFit::labelNumber(pi[j])));
                label->setPadding(QMargins(2, 0, 2, 0));
                mItems << label;
            }
            continue;
        }
        const double y = mScene.coordY(mScene.value(j));
        for (double multiple : {2.0, 1.0}) {
            // Dashed 2σ circles only for the heaviest blobs: stroking dashes along an ellipse
            // costs a path each, and a light blob's 2σ circle only adds clutter (issue 5).
            if (multiple == 2.0 && r >= ValueSpaceScene::maxFilledBlobs)
                continue;
            const double rad = mScene.drawnRadius(j, multiple);
            auto *circle = new QCPItemEllipse(this);
            circle->setLayer(layerBlobs);
            circle->topLeft->setCoords(x - rad, y + rad);
            circle->bottomRight->setCoords(x + rad, y - rad);
            const double span = std::max(mScene.bounds.width(), mScene.bounds.height());
            // Pens of 1 px: Qt draws them directly, while wider pens and fills go through a
            // span fill that Qt 6 splits across threads and waits for, which made the outlines
            // and fills of many blobs cost most of a replot (issue 5).
            if (multiple == 1.0) {
                circle->setPen(QPen(edge, r < 4 ? 2 : 1)); // the 4 heaviest stand out
                // A circle far larger than the plot would only tint everything: outline only.
                // Past the heaviest few, a fill would be nearly transparent anyway.
                circle->setBrush(rad < 3 * span && r < ValueSpaceScene::maxFilledBlobs
                                     ? QBrush(fill)
                                     : QBrush(Qt::NoBrush));
            } else {
                QColor faint = edge;
                faint.setAlpha(edge.alpha() * 2 / 3);
                circle->setPen(QPen(faint, 1, Qt::DashLine));
                circle->setBrush(Qt::NoBrush);
            }
            circle->setSelectable(false);
            mItems << circle;
        }
    }

    if (!line) {
        // The values, with one label per group of coincident points.
        auto *dots = new QCPGraph(xAxis, yAxis);
        dots->setLayer(layerMarkers);
        dots->setLineStyle(QCPGraph::lsNone);
        dots->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssDisc, QPen(Qt::white, 1), base.darker(150), 10));
        dots->removeFromLegend();
        QVector<double> xs, ys;
        const double tol = 1e-9 * std::max(mScene.bounds.width(), mScene.bounds.height());

        std::vector<std::vector<int>> groups;
        std::vector<QPointF> groupAt; // each group's point, projected once (d_v can be 64)
        for (int r = 0; r < n; ++r) {
            const int j = order[size_t(r)];
            const double x = mScene.coordX(mScene.value(j));
            const double y = mScene.coordY(mScene.value(j));
            xs << x;
            ys << y;
            int found = -1;
            for (size_t g = 0; g < groups.size() && g < 64; ++g) {
                if (std::abs(groupAt[g].x() - x) <= tol && std::abs(groupAt[g].y() - y) <= tol) {
                    found = int(g);
                    break;
                }
            }
            if (found < 0) {
                groups.push_back({j});
                groupAt.emplace_back(x, y);
            } else {
                groups[size_t(found)].push_back(j);
            }
        }
        dots->setData(xs, ys);
        for (size_t g = 0; g < groups.size() && g < size_t(ValueSpaceScene::maxValueLabels); ++g) {
            const std::vector<int> &members = groups[g];
            const int first = members.front();
            double sumPi = 0;
            for (int j : members)
                sumPi += pi[j];
            QString text;
            const QString name = plotStyle::elide(
                mScene.keyLabels.value(mScene.keys[size_t(first)]), plotStyle::tickFont(), 120);
            if (members.size() == 1)
                text = tr("%1  π = %2").arg(name, planeFit::labelNumber(sumPi));
            else
                text = tr("%1 +%2  Σπ = %3")
                           .arg(name)
                           .arg(members.size() - 1)
                           .arg(planeFit::labelNumber(sumPi));
            auto *anchor = new QCPItemTracer(this);
            anchor->setStyle(QCPItemTracer::tsNone);
            anchor->position->setCoords(mScene.coordX(mScene.value(first)),
                                        mScene.coordY(mScene.value(first)));
            mItems << anchor;
            auto *label = makeLabel(this, base.darker(170));
            label->position->setParentAnchor(anchor->position);
            label->position->setType(QCPItemPosition::ptAbsolute);
            label->position->setCoords(16, -11); // clear of the ô ring when ô is on the point
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
            label->setText(text);
            mLabelPixels = std::max(mLabelPixels,
                                    plotStyle::metrics(label->font()).horizontalAdvance(text) + 16);
            mItems << label;
        }
    }

    // ô and the attention output o.
    const Eigen::VectorXd &hat = mScene.mle->mleOutput();
    const bool coincide =
        (hat - mScene.output).norm() <= 1e-9 * std::max({1.0, hat.norm(), mScene.output.norm()});
    auto placeLabel = [&](QCPItemText *label, double x, double y, double dx, double dy,
                          Qt::Alignment align, const QString &text) {
        auto *anchor = new QCPItemTracer(this);
        anchor->setStyle(QCPItemTracer::tsNone);
        if (line)
            anchor->position->setAxes(xAxis, yAxis2);
        anchor->position->setCoords(x, y);
        mItems << anchor;
        label->position->setParentAnchor(anchor->position);
        label->position->setType(QCPItemPosition::ptAbsolute);
        label->position->setCoords(dx, dy);
        label->setPositionAlignment(align);
        label->setText(text);
        label->setVisible(true);
    };
    const double hx = mScene.coordX(hat), ox = mScene.coordX(mScene.output);
    if (line) {
        mMleLine->point1->setCoords(hx, 0);
        mMleLine->point2->setCoords(hx, 1);
        mOutputLine->point1->setCoords(ox, 0);
        mOutputLine->point2->setCoords(ox, 1);
        mOutputLine->setVisible(!coincide);
        placeLabel(mMleLabel, hx, 0.97, 6, 0, Qt::AlignLeft | Qt::AlignTop,
                   coincide ? tr("ô = o  (MLE = attention output)") : tr("ô (MLE)"));
        if (!coincide)
            placeLabel(mOutputLabel, ox, 0.88, 6, 0, Qt::AlignLeft | Qt::AlignTop,
                       tr("o (attention output)"));
    } else {
        const double hy = mScene.coordY(hat), oy = mScene.coordY(mScene.output);
        mMleMarker->setData({hx}, {hy});
        mOutputMarker->setData({ox}, {oy});
        mMleMarker->setName(coincide ? tr("ô = o: MLE = attention output")
                                     : tr("ô = Σ π_t v_t (MLE)"));
        mOutputMarker->setName(tr("o = Σ w_t v_t (attention)"));
    }
    legend->clearItems();
    if (!line) {
        mMleMarker->addToLegend();
        if (!coincide)
            mOutputMarker->addToLegend();
    }
}

void ValueSpaceView::updatePath()
{
    const bool show = mAnimation && mScene.defined && mAnimation->isDefined() &&
                      !mAnimation->path().empty() && mAnimation->path().front().size() == mScene.dV;
    mPath->removeFromLegend();
    mStart->removeFromLegend();
    if (!show) {
        mPath->data()->clear();
        mStart->data()->clear();
        return;
    }
    mStart->addToLegend();
    if (mAnimation->iteration() > 0)
        mPath->addToLegend();
    QVector<double> xs, ys;
    const auto &path = mAnimation->path();
    const auto &ll = mAnimation->logLikelihoods();
    for (size_t k = 0; k < path.size(); ++k) {
        xs << mScene.coordX(path[k]);
        ys << (isLine() ? ll[k] : mScene.coordY(path[k]));
    }
    mPath->setData(xs, ys);
    mStart->setData({xs.front()}, {ys.front()});
}

void ValueSpaceView::updateTicks()
{
    xAxis->ticker()->setTickCount(std::clamp(layoutSize().width() / 120, 3, 8));
    yAxis->ticker()->setTickCount(std::clamp(layoutSize().height() / 110, 3, 8));
}

void ValueSpaceView::updateLayout()
{
    // The legend wraps into rows when the view is narrow (a horizontal legend cannot shrink).
    plotStyle::fitLegendColumns(legend, viewport().width());
    planeFit::fitTitle(mTitle, titleText(), viewport().width(), 18, 14, true);
    planeFit::fitTitle(mSubtitle, mSubtitleText, viewport().width(), 14, 12, false);
    PlotView::updateLayout();
    if (!mRingDrag->isDragging()) {
        if (isLine()) {
            xAxis->setRange(mScene.bounds.left(), mScene.bounds.right());
        } else {
            planeFit::fitEqualAspectWithLabels(xAxis, yAxis, mScene.bounds,
                                               axisRect()->rect().size(), mLabelPixels);
        }
    }
    updateField();
    if (!isLine()) {
        // The value labels avoid the markers; contour labels give way to both.
        QList<QRectF> markers;
        for (const QPointF &p : {mlePixel(), outputPixel()})
            markers << QRectF(p - QPointF(15, 15), QSizeF(30, 30));
        if (!mStart->data()->isEmpty()) {
            const auto d = mStart->data()->at(0);
            const QPointF p(xAxis->coordToPixel(d->key), yAxis->coordToPixel(d->value));
            markers << QRectF(p - QPointF(8, 8), QSizeF(16, 16));
        }
        QList<QRectF> boxes = planeFit::placeLabels(mItems, axisRect()->rect(), markers);
        boxes += markers;
        for (QCPItemText *contour : std::as_const(mContourLabels)) {
            if (!contour->visible())
                continue;
            const QPointF at = contour->position->pixelPosition();
            const QFontMetricsF fm = plotStyle::metrics(contour->font());
            const QRectF box(at.x(), at.y() - fm.height() / 2,
                             fm.horizontalAdvance(contour->text()) + 6, fm.height());
            bool clash = false;
            for (const QRectF &other : std::as_const(boxes))
                if (box.intersects(other)) {
                    clash = true;
                    break;
                }
            if (clash)
                contour->setVisible(false);
            else
                boxes << box; // later contour labels give way to this one too
        }
    }
    PlotView::updateLayout();
}

void ValueSpaceView::updateField()
{
    if (!mScene.defined || !mScene.mle)
        return;
    const QCPRange xr = xAxis->range(), yr = yAxis->range();
    if (!mFieldDirty && xr == mFieldX && (isLine() || yr == mFieldY))
        return;
    mFieldDirty = false;
    mFieldX = xr;
    mFieldY = yr;
    // ℓ(o) on the slice o = ô with the shown coordinates replaced (MATH.md §4.2).
    const LikelihoodField field(*mScene.mle, mScene.dimX, mScene.dimY, {}, mScene.unit);
    const bool dragging = mRingDrag->isDragging();

    if (isLine()) {
        const LikelihoodCurve curve = field.sampleLine(xr.lower, xr.upper);
        mCurve->setData(curve.xs, curve.ys, true);
        double span = curve.hi - curve.lo;
        if (!(span > 0))
            span = std::max(1.0, std::abs(curve.hi));
        // The curve in the upper part of the plot, the intervals in the lower part.
        yAxis->setRange(curve.hi - span / 0.52, curve.hi + 0.08 * span);
        mLevels.clear();
        return;
    }

    const int side = LikelihoodField::gridSide(Eigen::Index(mScene.keys.size()), mScene.dV);
    const LikelihoodPlane plane = field.samplePlane(xr.lower, xr.upper, yr.lower, yr.upper, side);
    // During a drag the colour scale keeps its mode and range (like the axes): new tick labels
    // could change the scale's width, and the plane would slide under the mouse.
    if (!dragging)
        mLogDrop = plane.prefersLogDrop();
    const QVector<double> cells = mLogDrop ? plane.logDrops() : plane.grid.values;
    QCPColorMapData *data = mMap->data();
    data->setSize(side, side);
    data->setRange(xr, yr);
    for (int iy = 0; iy < side; ++iy)
        for (int ix = 0; ix < side; ++ix)
            data->setCell(ix, iy, cells[iy * side + ix]);
    if (dragging) {
        // keep the scale as it was at the press
    } else if (mLogDrop) {
        mMap->setGradient(likelihoodGradient().inverted());
        mScale->setGradient(likelihoodGradient().inverted());
        mMap->setDataScaleType(QCPAxis::stLogarithmic);
        mScale->axis()->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
        mScale->axis()->setNumberFormat(QStringLiteral("eb"));
        mScale->axis()->setNumberPrecision(0);
        mScale->axis()->setRangeReversed(true);
        mScale->axis()->setLabel(tr("drop ℓ(ô) − ℓ(o), log scale"));
        mMap->setDataRange(
            QCPRange(std::max(plane.logDropFloor(), plane.depth() * 1e-6), plane.depth()));
    } else {
        mMap->setGradient(likelihoodGradient());
        mScale->setGradient(likelihoodGradient());
        mMap->setDataScaleType(QCPAxis::stLinear);
        mScale->axis()->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        mScale->axis()->setNumberFormat(QStringLiteral("gb"));
        mScale->axis()->setNumberPrecision(6);
        mScale->axis()->setRangeReversed(false);
        mScale->axis()->setLabel(tr("log-likelihood ℓ(o)"));
        mMap->setDataRange(QCPRange(plane.lo, plane.hi));
    }

    // Iso-lines, each labelled where it meets a ray from ô towards the lower right, so that the
    // labels of the nested circles line up along the ray instead of piling up.
    mLevels.clear();
    for (QCPItemText *label : std::as_const(mContourLabels))
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
        if (labelIndex >= mContourLabels.size()) {
            auto *label = makeLabel(this, QColor(110, 70, 20));
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            label->setBrush(QColor(255, 255, 255, 170));
            mContourLabels << label;
        }
        QCPItemText *label = mContourLabels[labelIndex++];
        label->position->setCoords(best.x(), best.y());
        label->setText(tr("ℓ = %1").arg(plotStyle::compact(iso.level)));
        // Only labels that fit inside the plot.
        const QRect rect = axisRect()->rect();
        const double px = xAxis->coordToPixel(best.x()), py = yAxis->coordToPixel(best.y());
        const QFontMetricsF fm = plotStyle::metrics(label->font());
        label->setVisible(px + fm.horizontalAdvance(label->text()) + 8 < rect.right() &&
                          py - fm.height() / 2 > rect.top() &&
                          py + fm.height() / 2 < rect.bottom());
    }
    std::sort(mLevels.begin(), mLevels.end());
    mContours->setData(cx, cy);
}

double ValueSpaceView::sigmaPixels(int key) const
{
    for (size_t j = 0; j < mScene.keys.size(); ++j)
        if (mScene.keys[j] == key && mScene.mle) {
            const double r = mScene.drawnRadius(int(j), 1.0);
            return std::abs(xAxis->coordToPixel(r) - xAxis->coordToPixel(0));
        }
    return 0;
}

QPointF ValueSpaceView::valuePixel(int key) const
{
    for (size_t j = 0; j < mScene.keys.size(); ++j)
        if (mScene.keys[j] == key) {
            const Eigen::VectorXd v = mScene.value(int(j));
            const double x = xAxis->coordToPixel(mScene.coordX(v));
            if (isLine())
                return QPointF(x, yAxis2->coordToPixel(mScene.laneY(mScene.rankOf(int(j)))));
            return QPointF(x, yAxis->coordToPixel(mScene.coordY(v)));
        }
    return {};
}

QPointF ValueSpaceView::mlePixel() const
{
    if (!mScene.mle)
        return {};
    const Eigen::VectorXd &hat = mScene.mle->mleOutput();
    return QPointF(xAxis->coordToPixel(mScene.coordX(hat)),
                   isLine() ? yAxis2->coordToPixel(0.97) : yAxis->coordToPixel(mScene.coordY(hat)));
}

QPointF ValueSpaceView::outputPixel() const
{
    return QPointF(xAxis->coordToPixel(mScene.coordX(mScene.output)),
                   isLine() ? yAxis2->coordToPixel(0.88)
                            : yAxis->coordToPixel(mScene.coordY(mScene.output)));
}

Eigen::VectorXd ValueSpaceView::planeToFull(const QPointF &pixel) const
{
    Eigen::VectorXd o = mScene.mle ? mScene.mle->mleOutput() : Eigen::VectorXd::Zero(mScene.dV);
    o[mScene.dimX] = xAxis->pixelToCoord(pixel.x()) * mScene.unit;
    if (!isLine())
        o[mScene.dimY] = yAxis->pixelToCoord(pixel.y()) * mScene.unit;
    return o;
}

double ValueSpaceView::planeDistanceSquared(int slot, const QPointF &pixel) const
{
    const Eigen::VectorXd v = mScene.value(slot);
    const double dx = (xAxis->pixelToCoord(pixel.x()) - mScene.coordX(v)) * mScene.unit;
    const double dy =
        isLine() ? 0.0 : (yAxis->pixelToCoord(pixel.y()) - mScene.coordY(v)) * mScene.unit;
    return dx * dx + dy * dy;
}

std::optional<int> ValueSpaceView::ringAt(const QPointF &pixel) const
{
    if (!mScene.mle || !axisRect()->rect().contains(pixel.toPoint()))
        return std::nullopt;
    std::optional<int> best;
    double bestGap = 8; // pixels
    const std::vector<int> order = mScene.byPrecision();
    for (int r = 0; r < mScene.drawnCount(); ++r) {
        const int j = order[size_t(r)];
        const Eigen::VectorXd v = mScene.value(j);
        const double rad = mScene.drawnRadius(j, 1.0);
        const double cx = xAxis->coordToPixel(mScene.coordX(v));
        const double ends = std::abs(xAxis->coordToPixel(mScene.coordX(v) + rad) - cx);
        double gap;
        if (isLine()) {
            if (std::abs(pixel.y() - yAxis2->coordToPixel(mScene.laneY(r))) > 10)
                continue;
            gap = std::abs(std::abs(pixel.x() - cx) - ends);
        } else {
            const double cy = yAxis->coordToPixel(mScene.coordY(v));
            gap = std::abs(std::hypot(pixel.x() - cx, pixel.y() - cy) - ends);
        }
        if (gap < bestGap) {
            bestGap = gap;
            best = j;
        }
    }
    return best;
}

void ValueSpaceView::mousePressEvent(QMouseEvent *event)
{
    if (!mRingDrag->mousePress(event))
        PlotView::mousePressEvent(event);
}

void ValueSpaceView::mouseMoveEvent(QMouseEvent *event)
{
    if (!mRingDrag->mouseMove(event))
        PlotView::mouseMoveEvent(event);
}

void ValueSpaceView::mouseReleaseEvent(QMouseEvent *event)
{
    if (mRingDrag->mouseRelease(event))
        refreshFromDocument(); // refits what the drag kept frozen
    else
        PlotView::mouseReleaseEvent(event);
}

QString ValueSpaceView::toolTipAt(const QPointF &pos) const
{
    if (!axisRect()->rect().contains(pos.toPoint()) || !mScene.mle)
        return {};
    const Eigen::VectorXd &hat = mScene.mle->mleOutput();
    const Eigen::VectorXd &pi = mScene.mle->precisionWeights();
    // ô and o.
    if (QLineF(pos, mlePixel()).length() <= 12 || QLineF(pos, outputPixel()).length() <= 12) {
        QString text = tr("MLE ô = Σ π_t v_t = %1").arg(vectorText(hat));
        if (const auto l = mScene.mle->logLikelihood(hat))
            text += tr("\nℓ(ô) = %1 (the maximum)").arg(plotStyle::exact(*l));
        else
            text += tr("\nℓ(ô) < −1.8e308");
        if (const auto se = mScene.mle->standardError())
            text += tr("\nstandard error (Σσ⁻²)^(−1/2) = %1").arg(plotStyle::exact(*se));
        text += tr("\nattention output o = Σ w_t v_t = %1").arg(vectorText(mScene.output));
        text += tr("\nmax |π − w| = %1").arg(plotStyle::exact(maxAbsDiff(pi, mScene.weights)));
        return text;
    }
    // A value or its 1σ ring.
    std::optional<int> slot = ringAt(pos);
    if (!slot) {
        for (size_t j = 0; j < mScene.keys.size(); ++j)
            if (QLineF(pos, valuePixel(mScene.keys[j])).length() <= 9) {
                slot = int(j);
                break;
            }
    }
    if (slot) {
        const int j = *slot;
        const int t = mScene.keys[size_t(j)];
        const double logVar = mScene.mle->logVariances()[j];
        QString text = tr("key %1 “%2”: value v = %3")
                           .arg(t + 1)
                           .arg(mScene.keyLabels.value(t))
                           .arg(vectorText(mScene.value(j)));
        text += tr("\nσ² = %1").arg(varianceText(logVar, QStringLiteral("σ²")));
        text += tr("\nσ = %1").arg(varianceText(0.5 * logVar, QStringLiteral("σ")));
        text += tr("\nprecision weight π = %1\nattention weight w = %2")
                    .arg(plotStyle::exact(pi[j]), plotStyle::exact(mScene.weights[j]));
        text += mScene.linked ? tr("\nlinked: σ² = σ0²·exp(−s); edit the keys to change it")
                              : tr("\nfree: drag the 1σ circle to change σ²");
        return text;
    }
    // A path iterate.
    if (mAnimation && mAnimation->isDefined()) {
        const auto &path = mAnimation->path();
        for (size_t k = path.size(); k-- > 0;) {
            if (path[k].size() != mScene.dV)
                break;
            const QPointF px(xAxis->coordToPixel(mScene.coordX(path[k])),
                             isLine() ? yAxis->coordToPixel(mAnimation->logLikelihoods()[k])
                                      : yAxis->coordToPixel(mScene.coordY(path[k])));
            if (QLineF(pos, px).length() <= 7)
                return tr("iterate o⁽%1⁾ = %2\nℓ = %3\n‖o − ô‖ = %4")
                    .arg(k)
                    .arg(vectorText(path[k]))
                    .arg(plotStyle::exact(mAnimation->logLikelihoods()[k]))
                    .arg(plotStyle::exact(mAnimation->distances()[k]));
        }
    }
    // The landscape.
    const Eigen::VectorXd o = planeToFull(pos);
    QString text = tr("o = %1").arg(vectorText(o));
    if (const auto l = mScene.mle->logLikelihood(o))
        text += tr("\nℓ(o) = %1").arg(plotStyle::exact(*l));
    else
        text += tr("\nℓ(o) < −1.8e308");
    return text + tr("\nShift+click: start the MLE gradient ascent here");
}

} // namespace sml
