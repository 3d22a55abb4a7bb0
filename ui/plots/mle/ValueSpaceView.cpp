#include "plots/mle/ValueSpaceView.h"

#include "Analysis.h"
#include "LikelihoodField.h"
#include "plots/AxisLabelVariants.h"
#include "plots/MarkerGraph.h"
#include "plots/PlaneFit.h"
#include "plots/PlaneLabels.h"
#include "plots/mle/LikelihoodLandscape.h"
#include "plots/mle/MleAnimation.h"
#include "plots/mle/ValueBlobs.h"
#include "plots/mle/VarianceRingDrag.h"
#include "style/PlotStyle.h"
#include "widgets/DocumentBinding.h"

#include <QMouseEvent>

#include <algorithm>
#include <cmath>

namespace sml {

namespace {

const QString layerLabels = valueSpaceLayer::labels;

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

} // namespace

ValueSpaceView::ValueSpaceView(QWidget *parent)
    : PlotView(parent), mRingDrag(new VarianceRingDrag(this)),
      mNewLabel([this](const QColor &color) { return planeLabels::makeLabel(this, color); })
{
    setFixedSizeHints(QSize(420, 380), QSize(320, 260));
    setInteraction(mRingDrag); // its released drag refreshes from the document (refits)
    connect(mRingDrag, &VarianceRingDrag::startPicked, this, &ValueSpaceView::startPicked);
    connect(mRingDrag, &VarianceRingDrag::message, this, &ValueSpaceView::message);
    mTitle = addTitle();
    plotLayout()->insertRow(1);
    mSubtitle = new QCPTextElement(this, QString(), plotStyle::subtitleFont());
    mSubtitle->setTextColor(QColor(60, 60, 60));
    plotLayout()->addElement(1, 0, mSubtitle);
    plotStyle::styleAxis(xAxis, QString());
    plotStyle::styleAxis(yAxis, QString());

    addLayer(valueSpaceLayer::blobs, layer(QStringLiteral("main")), QCustomPlot::limAbove);
    addLayer(valueSpaceLayer::markers, layer(valueSpaceLayer::blobs), QCustomPlot::limAbove);
    addLayer(valueSpaceLayer::path, layer(valueSpaceLayer::markers), QCustomPlot::limAbove);
    addLayer(valueSpaceLayer::labels, layer(valueSpaceLayer::path), QCustomPlot::limAbove);

    mLandscape = std::make_unique<LikelihoodLandscape>(this, 2, mNewLabel);

    mPath = new QCPCurve(xAxis, yAxis);
    mPath->setLayer(valueSpaceLayer::path);
    mPath->setPen(QPen(plotStyle::mleColor().darker(115), 2.5));
    // The iterates are rings: the first is the start, which may sit on a value point.
    mPath->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCircle, QPen(plotStyle::mleColor().darker(140), 1.6), Qt::NoBrush, 8));

    mOutputMarker = new MarkerGraph(xAxis, yAxis);
    mOutputMarker->setLayer(valueSpaceLayer::markers);
    mOutputMarker->setLineStyle(QCPGraph::lsNone);
    mOutputMarker->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCircle, QPen(plotStyle::softmaxColor(), 3), Qt::NoBrush, 30));
    mMleMarker = new MarkerGraph(xAxis, yAxis);
    mMleMarker->setLayer(valueSpaceLayer::markers);
    mMleMarker->setLineStyle(QCPGraph::lsNone);
    mMleMarker->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCrossCircle, QPen(Qt::black, 2.5), QColor(255, 255, 255, 220), 18));

    mMleLine = new QCPItemStraightLine(this);
    mMleLine->setPen(QPen(Qt::black, 2));
    mOutputLine = new QCPItemStraightLine(this);
    mOutputLine->setPen(QPen(plotStyle::softmaxColor(), 2, Qt::DashLine));
    mMleLabel = planeLabels::makeLabel(this, Qt::black, true);
    mOutputLabel = planeLabels::makeLabel(this, plotStyle::softmaxColor().darker(130), true);

    // The start of the gradient ascent: a hollow square above the value points, so that a
    // start on a value point (Shift+click on it) never hides it (issue 14 #11); named in the
    // legend (no label on the plane).
    mStart = new MarkerGraph(xAxis, yAxis);
    mStart->setLayer(valueSpaceLayer::path);
    mStart->setLineStyle(QCPGraph::lsNone);
    mStart->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssSquare, QPen(plotStyle::mleColor().darker(160), 2), Qt::NoBrush, 15));
    mStart->setName(tr("start o⁽⁰⁾ (Shift+click)"));

    for (QCPAbstractPlottable *p :
         {static_cast<QCPAbstractPlottable *>(mPath), static_cast<QCPAbstractPlottable *>(mStart),
          static_cast<QCPAbstractPlottable *>(mOutputMarker),
          static_cast<QCPAbstractPlottable *>(mMleMarker)})
        p->removeFromLegend();
    mPath->setName(tr("gradient ascent o⁽ⁿ⁾"));
    // ô, o and the path are named in a legend row under the plot (never over the data).
    plotStyle::addLegendRow(this, 3);
    mLegendRow = qobject_cast<QCPLayoutGrid *>(plotLayout()->element(3, 0));
    QCPLayoutElement *landscape = plotLayout()->element(2, 0);
    plotLayout()->take(landscape);
    mBody = new QCPLayoutGrid;
    plotLayout()->addElement(2, 0, mBody);
    mBody->addElement(0, 0, landscape);
    mLegendColumn = new QCPLayoutGrid(); // added to mBody while the legend is beside the plane
    // The view's until then (a layout adopts it while it holds it, and gives it back to the
    // plot): without a parent it, and its two spacers, leaked with every view whose legend never
    // went beside the plane (most of them, every export's).
    mLegendColumn->setParent(this);
    mLegendColumn->addElement(0, 0, new QCPLayoutElement(this));
    mLegendColumn->addElement(2, 0, new QCPLayoutElement(this));
    mLegendColumn->setRowStretchFactors({1.0, 0.001, 1.0});
    yAxis2->setRange(0, 1);
}

void ValueSpaceView::placeLegend()
{
    const QRect view = viewport();
    const bool beside = !isLine() && legend->itemCount() > 0 && view.width() > 2.1 * view.height();
    if (beside != legendBeside()) {
        if (beside) {
            mLegendRow->take(legend);
            mLegendColumn->addElement(1, 0, legend);
            mBody->addElement(0, 1, mLegendColumn);
            mBody->setColumnStretchFactor(1, 0.001);
            mBody->setColumnSpacing(12);
        } else {
            mLegendColumn->take(legend);
            mBody->take(mLegendColumn);
            mBody->simplify();
            mLegendRow->addElement(0, 1, legend);
        }
    }
    // Under the plane the legend wraps into rows when the view is narrow (a horizontal legend
    // cannot shrink); beside it, one entry per row.
    plotStyle::fitLegendColumns(legend, beside ? 1.0 : double(view.width()));
}

ValueSpaceView::~ValueSpaceView() = default;

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

QCPColorMap *ValueSpaceView::likelihoodMap() const
{
    return mLandscape->map();
}

QCPCurve *ValueSpaceView::contourCurve() const
{
    return mLandscape->isoLines();
}

const std::vector<double> &ValueSpaceView::contourLevels() const
{
    return mLandscape->levels();
}

void ValueSpaceView::showAnalysis(const Analysis &analysis, int selectedQuery)
{
    const int oldDv = mScene.dV;
    mScene.load(analysis, selectedQuery);
    if (!mScene.defined || mScene.linked)
        mRingDrag->cancel();
    if (!mRingDrag->isDragging())
        mScene.fitRegion(); // during a drag the plane stays where it is under the mouse
    mLandscape->invalidate();

    const double u = mScene.unit;
    const QString unit = u != 1 ? tr("  (× %1)").arg(plotStyle::compact(u)) : QString();
    // Whole shorter forms for a short axis (presentation mode), never an elided label.
    auto coordinate = [&unit](int dim) {
        const QString o = QStringLiteral("o_%1").arg(dim + 1);
        return QStringList{tr("output coordinate %1").arg(o) + unit,
                           tr("coordinate %1").arg(o) + unit, o + unit};
    };
    axisLabelVariants::set(xAxis, coordinate(mScene.dimX));
    axisLabelVariants::set(yAxis, isLine() ? QStringList{tr("log-likelihood ℓ(o)"), tr("ℓ(o)")}
                                           : coordinate(mScene.dimY));
    mSubtitleText = mScene.subtitle();

    const bool line = isLine();
    mLandscape->setMode(line, mScene.defined);
    mMleLine->setVisible(line && mScene.defined);
    mOutputLine->setVisible(line && mScene.defined);

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
    // Each π label keeps its place across the rebuild while it still fits.
    const QHash<QString, int> spots = planeFit::labelSpots(mItems);
    for (QCPAbstractItem *item : std::as_const(mItems))
        removeItem(item);
    mItems.clear();
    for (int k = plottableCount() - 1; k >= 0; --k) {
        QCPAbstractPlottable *p = plottable(k);
        if (!mLandscape->owns(p) && p != mPath && p != mMleMarker && p != mOutputMarker &&
            p != mStart)
            removePlottable(p);
    }
    mMleMarker->data()->clear();
    mOutputMarker->data()->clear();
    mMleLabel->setVisible(false);
    mOutputLabel->setVisible(false);
    mLabelPixels = 0;
    if (!mScene.hasLikelihood())
        return;
    mLabelPixels = addValueBlobs(this, mScene, mNewLabel, mItems, spots);

    // ô and the attention output o.
    const bool line = isLine();
    const Eigen::VectorXd &hat = mScene.mle->mleOutput();
    const Eigen::VectorXd &output = mScene.output;
    const bool coincide =
        (hat - output).norm() <= 1e-9 * std::max({1.0, hat.norm(), output.norm()});
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
    const double hx = mScene.coordX(hat), ox = mScene.coordX(output);
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
        const double hy = mScene.coordY(hat), oy = mScene.coordY(output);
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
    placeLegend();
    planeFit::fitTitle(mTitle, titleText(), viewport().width(), 18, 14, true);
    planeFit::fitSubtitle(mSubtitle, mSubtitleText, viewport());
    PlotView::updateLayout(); // with fitToLayout()
}

bool ValueSpaceView::fitToLayout()
{
    if (!mRingDrag->isDragging()) {
        if (isLine()) {
            xAxis->setRange(mScene.bounds.left(), mScene.bounds.right());
        } else {
            planeFit::fitEqualAspectWithLabels(xAxis, yAxis, mScene.bounds,
                                               axisRect()->rect().size(), mLabelPixels);
        }
    }
    // ℓ(o) on the slice o = ô with the shown coordinates replaced (MATH.md §4.2).
    if (mScene.hasLikelihood() && !mLandscape->isCurrent())
        mLandscape->update(LikelihoodField(*mScene.mle, mScene.dimX, mScene.dimY, {}, mScene.unit),
                           LikelihoodField::gridSide(Eigen::Index(mScene.keys.size()), mScene.dV),
                           mRingDrag->isDragging());
    if (!isLine()) {
        // The value labels avoid the markers; iso-line labels give way to both.
        QList<QRectF> markers;
        for (const QPointF &p : {mlePixel(), outputPixel()})
            markers << QRectF(p - QPointF(15, 15), QSizeF(30, 30));
        if (!mStart->data()->isEmpty()) {
            const auto d = mStart->data()->at(0);
            const QPointF p(xAxis->coordToPixel(d->key), yAxis->coordToPixel(d->value));
            markers << QRectF(p - QPointF(8, 8), QSizeF(16, 16));
        }
        // Every value point is a disc of radius 5 (the dots are 10 px): a label is nearest its
        // own point and on none (issue 14, item 4).
        std::vector<labelPlacement::Disc> dots;
        QList<QRectF> dotBoxes;
        for (const int key : mScene.keys) {
            const QPointF p = valuePixel(key);
            dots.push_back({p, 5.0});
            dotBoxes << QRectF(p - QPointF(5, 5), QSizeF(10, 10));
        }
        const planeFit::PlacedLabels placed =
            planeFit::placeLabels(mItems, axisRect()->rect(), markers, 5, dots);
        mLabelBoxes = placed.boxes;
        mDroppedLabels = int(placed.dropped.size());
        mLandscape->hideClashingLabels(placed.boxes + markers + dotBoxes,
                                       QRectF(axisRect()->rect()));
    }
    return true;
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
    const Eigen::VectorXd &output = mScene.output;
    return QPointF(xAxis->coordToPixel(mScene.coordX(output)),
                   isLine() ? yAxis2->coordToPixel(0.88)
                            : yAxis->coordToPixel(mScene.coordY(output)));
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

QString ValueSpaceView::toolTipAt(const QPointF &pos) const
{
    if (!axisRect()->rect().contains(pos.toPoint()) || !mScene.mle)
        return {};
    const GaussianMle &mle = *mScene.mle;
    const Eigen::VectorXd &hat = mle.mleOutput();
    const Eigen::VectorXd &pi = mle.precisionWeights();
    // ô and o.
    if (QLineF(pos, mlePixel()).length() <= 12 || QLineF(pos, outputPixel()).length() <= 12) {
        QString text = tr("MLE ô = Σ π_t v_t = %1").arg(planeLabels::vectorText(hat));
        if (const auto l = mle.logLikelihood(hat))
            text += tr("\nℓ(ô) = %1 (the maximum)").arg(plotStyle::exact(*l));
        else
            text += tr("\nℓ(ô) < −1.8e308");
        if (const auto se = mle.standardError())
            text += tr("\nstandard error (Σσ⁻²)^(−1/2) = %1").arg(plotStyle::exact(*se));
        text +=
            tr("\nattention output o = Σ w_t v_t = %1").arg(planeLabels::vectorText(mScene.output));
        text += tr("\nmax |π − w| = %1").arg(plotStyle::exact(maxAbsDiff(pi, mScene.weights)));
        return text;
    }
    // A value or its 1σ ring.
    std::optional<int> slot = ringAt(pos);
    for (size_t j = 0; !slot && j < mScene.keys.size(); ++j)
        if (QLineF(pos, valuePixel(mScene.keys[j])).length() <= 9)
            slot = int(j);
    if (slot) {
        const int j = *slot;
        const int t = mScene.keys[size_t(j)];
        const double logVar = mle.logVariances()[j];
        QString text = tr("key %1 “%2”: value v = %3")
                           .arg(t + 1)
                           .arg(mScene.keyLabels.value(t))
                           .arg(planeLabels::vectorText(mScene.value(j)));
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
                    .arg(planeLabels::vectorText(path[k]))
                    .arg(plotStyle::exact(mAnimation->logLikelihoods()[k]))
                    .arg(plotStyle::exact(mAnimation->distances()[k]));
        }
    }
    // The landscape.
    const Eigen::VectorXd o = planeToFull(pos);
    QString text = tr("o = %1").arg(planeLabels::vectorText(o));
    if (const auto l = mle.logLikelihood(o))
        text += tr("\nℓ(o) = %1").arg(plotStyle::exact(*l));
    else
        text += tr("\nℓ(o) < −1.8e308");
    return text + tr("\nShift+click: start the MLE gradient ascent here");
}

} // namespace sml
