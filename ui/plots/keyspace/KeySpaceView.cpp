#include "plots/keyspace/KeySpaceView.h"

#include "style/Appearance.h"

#include "Analysis.h"
#include "document/ScenarioDocument.h"
#include "plots/PlaneFit.h"
#include "style/PlotStyle.h"

#include <QMouseEvent>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace sml {

namespace {

constexpr int maxTracers = 400;     // keys drawn as individual discs; the rest as small dots
constexpr int maxLabelledKeys = 12; // all keys get a label up to this many, else the heaviest 8
constexpr int maxFeet = 8;          // perpendicular feet onto the q line up to this many keys
const QString layerKeys = QStringLiteral("keys");
const QString layerQuery = QStringLiteral("query");
const QString layerLabels = QStringLiteral("labels");

/// A pale gradient for H(q): warm = sharp (low entropy), cool = diffuse; the points stay
/// readable on top of it.
QCPColorGradient entropyGradient()
{
    QCPColorGradient g;
    g.clearColorStops();
    const Appearance *look = Appearance::instance();
    g.setColorStopAt(0.0, look->paper(QColor(253, 219, 160)));
    g.setColorStopAt(0.5, look->paper(QColor(247, 244, 232)));
    g.setColorStopAt(1.0, look->paper(QColor(190, 214, 238)));
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setLevelCount(200);
    return g;
}

QString vectorText(const Eigen::Ref<const Eigen::VectorXd> &v)
{
    QStringList parts;
    for (Eigen::Index k = 0; k < v.size(); ++k)
        parts << plotStyle::exact(v[k]);
    return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
}

} // namespace

KeySpaceView::KeySpaceView(QWidget *parent) : PlotView(parent)
{
    mTitle = addTitle();
    plotLayout()->insertRow(1);
    mSubtitle = new QCPTextElement(this, QString(), plotStyle::subtitleFont());
    mSubtitle->setTextColor(QColor(60, 60, 60));
    plotLayout()->addElement(1, 0, mSubtitle);
    plotStyle::styleAxis(xAxis, QString());
    plotStyle::styleAxis(yAxis, QString());
    xAxis->grid()->setZeroLinePen(QPen(QColor(120, 120, 120), 1.2));
    yAxis->grid()->setZeroLinePen(QPen(QColor(120, 120, 120), 1.2));

    addLayer(layerKeys, layer(QStringLiteral("main")), QCustomPlot::limAbove);
    addLayer(layerQuery, layer(layerKeys), QCustomPlot::limAbove);
    addLayer(layerLabels, layer(layerQuery), QCustomPlot::limAbove);

    // The axis rect and the colour bar of H(q) share one row, so the titles span the width.
    mMapRow = new QCPLayoutGrid;
    QCPAxisRect *rect = axisRect();
    plotLayout()->take(rect);
    plotLayout()->addElement(2, 0, mMapRow);
    mMapRow->addElement(0, 0, rect);

    mField = new QCPColorMap(xAxis, yAxis);
    mField->setLayer(QStringLiteral("background"));
    mField->setGradient(entropyGradient());
    mField->setInterpolate(true);
    mField->setTightBoundary(true);
    mField->setVisible(false);
    mFieldScale = new QCPColorScale(this);
    mFieldScale->setType(QCPAxis::atRight);
    mFieldScale->setGradient(entropyGradient());
    mFieldScale->setBarWidth(18);
    plotStyle::styleAxis(mFieldScale->axis(), tr("H(q) of a query here (nats)"));
    mFieldScale->axis()->grid()->setVisible(false);
    mField->setColorScale(mFieldScale);
    mFieldScale->setVisible(false);
    connect(Appearance::instance(), &Appearance::changed, this, &KeySpaceView::styleField);
    // mFieldScale is added to mMapRow only while the field is shown.
    auto *group = new QCPMarginGroup(this);
    axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, group);
    mFieldScale->setMarginGroup(QCP::msTop | QCP::msBottom, group);

    mQueryLine = new QCPItemStraightLine(this);
    mQueryLine->setPen(QPen(plotStyle::highlightColor().lighter(140), 1.5, Qt::DashDotLine));
    mQueryLine->setSelectable(false);

    mFeet = new QCPCurve(xAxis, yAxis);
    mFeet->setPen(QPen(QColor(90, 90, 90), 1.2, Qt::DotLine));
    mFeet->removeFromLegend();

    mQueryArrow = new QCPItemLine(this);
    mQueryArrow->setLayer(layerQuery);
    mQueryArrow->setPen(QPen(plotStyle::highlightColor(), 4));
    mQueryArrow->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 16, 22));
    mQueryArrow->start->setCoords(0, 0);
    mQueryArrow->end->setCoords(0, 0);

    setCursor(Qt::ArrowCursor);
}

void KeySpaceView::setProjection(Projection projection)
{
    if (projection == mProjection)
        return;
    mProjection = projection;
    mDrag.reset();
    refreshFromDocument();
    emit planeChanged();
}

void KeySpaceView::setDimensions(int x, int y)
{
    if (x == mDimX && y == mDimY)
        return;
    mDimX = x;
    mDimY = y;
    mDrag.reset();
    refreshFromDocument();
    emit planeChanged();
}

void KeySpaceView::setEntropyFieldVisible(bool visible)
{
    if (visible)
        setField(Field::Entropy);
    else if (mFieldKind == Field::Entropy)
        setField(Field::None);
}

void KeySpaceView::setScoreFieldVisible(bool visible)
{
    if (visible)
        setField(Field::Score);
    else if (mFieldKind == Field::Score)
        setField(Field::None);
}

void KeySpaceView::styleField()
{
    const QCPColorGradient gradient =
        mFieldKind == Field::Score ? plotStyle::diverging() : entropyGradient();
    mFieldScale->setGradient(gradient);
    mField->setGradient(gradient);
    mFieldScale->axis()->setLabel(mFieldKind == Field::Score ? tr("score s = q·k/τ of a key here")
                                                             : tr("H(q) of a query here (nats)"));
}

void KeySpaceView::setField(Field field)
{
    if (field == mFieldKind)
        return;
    mFieldKind = field;
    mFieldDirty = true;
    styleField();
    refreshFromDocument();
    if (!document())
        replot();
}

KeyPlane KeySpaceView::choosePlane(const Scenario &s) const
{
    const int dK = s.dK();
    if (dK <= 1)
        return KeyPlane::line();
    if (dK == 2)
        return KeyPlane::dimensions(2, 0, 1);
    if (mProjection == Projection::Pca)
        return KeyPlane::pca(s);
    return KeyPlane::dimensions(dK, mDimX, mDimY);
}

QPointF KeySpaceView::toDisplay(const Eigen::Vector2d &p) const
{
    return QPointF(p.x() / mUnit, p.y() / mUnit);
}

QPointF KeySpaceView::coordToPixel(const Eigen::Vector2d &p) const
{
    const QPointF d = toDisplay(p);
    const double y = mPlane.kind == KeyPlane::Kind::Line ? 0.0 : d.y();
    return QPointF(xAxis->coordToPixel(d.x()), yAxis->coordToPixel(y));
}

Eigen::Vector2d KeySpaceView::pixelToCoord(const QPointF &pixel) const
{
    Eigen::Vector2d p(xAxis->pixelToCoord(pixel.x()) * mUnit,
                      yAxis->pixelToCoord(pixel.y()) * mUnit);
    if (mPlane.kind == KeyPlane::Kind::Line)
        p.y() = 0;
    return p;
}

QPointF KeySpaceView::keyPixel(int key) const
{
    if (key < 0 || key >= int(mKeyPoints.size()))
        return {};
    return coordToPixel(mKeyPoints[size_t(key)]);
}

QPointF KeySpaceView::queryPixel(int query) const
{
    if (query < 0 || query >= int(mQueryPoints.size()))
        return {};
    return coordToPixel(mQueryPoints[size_t(query)]);
}

double KeySpaceView::keyRadiusPx(int key) const
{
    // Larger in presentation mode (the same factor as other markers), for drawing and hitting.
    const double scale = Appearance::instance()->markerScale();
    if (key < 0 || key >= int(mVisible.size()) || !mVisible[size_t(key)] || !mDefined)
        return 6 * scale;
    // Disc area ∝ weight: radius 5 px at w = 0, 27 px at w = 1.
    return scale * (5 + 22 * std::sqrt(std::clamp(mWeights[key], 0.0, 1.0)));
}

void KeySpaceView::showAnalysis(const Analysis &analysis, int selectedQuery)
{
    const Scenario &s = analysis.scenario();
    const AttentionResult &att = analysis.attention();
    const int m = s.m();
    const int T = s.T();
    const int oldDk = mDk;
    const KeyPlane::Kind oldKind = mPlane.kind;
    mDk = s.dK();
    mSelected = std::clamp(selectedQuery, 0, std::max(0, m - 1));
    if (mDrag && (mPlane.dK() != mDk || (mDrag->kind == VectorKind::Key && mDrag->row >= T) ||
                  (mDrag->kind == VectorKind::Query && mDrag->row >= m)))
        mDrag.reset(); // the scenario changed shape under the drag (undo, load)
    if (!mDrag)
        mPlane = choosePlane(s);

    mTau = att.tau;
    mDefined = m > 0 && size_t(mSelected) < att.defined.size() && att.defined[size_t(mSelected)];
    mKeyPoints.assign(size_t(T), Eigen::Vector2d::Zero());
    mQueryPoints.assign(size_t(m), Eigen::Vector2d::Zero());
    for (int t = 0; t < T; ++t)
        mKeyPoints[size_t(t)] = mPlane.project(s.keys.row(t).transpose());
    for (int i = 0; i < m; ++i)
        mQueryPoints[size_t(i)] = mPlane.project(s.queries.row(i).transpose());
    mKeyLabels = s.keyLabels;
    mQueryLabels = s.queryLabels;
    mVisible.assign(size_t(T), false);
    mWeights = Eigen::VectorXd::Zero(T);
    mSimilarities = Eigen::VectorXd::Zero(T);
    const std::vector<int> visible = visibleKeys(analysis.mask(), mSelected, T);
    for (int t : visible)
        mVisible[size_t(t)] = true;
    if (m > 0) {
        // weightRow(): a large scenario's Analysis keeps no weight matrix (issue 5).
        mWeights = analysis.weightRow(mSelected);
        for (int t = 0; t < T; ++t)
            mSimilarities[t] = att.similarities(mSelected, t);
    }
    mVisibleKeys2.resize(0, 0);
    if (mDk == 2) {
        mVisibleKeys2.resize(Eigen::Index(visible.size()), 2);
        for (size_t j = 0; j < visible.size(); ++j)
            mVisibleKeys2.row(Eigen::Index(j)) = s.keys.row(visible[j]);
    }

    if (!mDrag) {
        // Display unit and the region to show: the origin, every query and every key.
        double largest = 0;
        for (const auto *points : {&mKeyPoints, &mQueryPoints})
            for (const Eigen::Vector2d &p : *points)
                if (p.allFinite())
                    largest = std::max(largest, p.cwiseAbs().maxCoeff());
        mUnit = planeFit::displayUnit(largest);
        double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
        for (const auto *points : {&mKeyPoints, &mQueryPoints})
            for (const Eigen::Vector2d &p : *points) {
                const QPointF d = toDisplay(p);
                x0 = std::min(x0, d.x());
                x1 = std::max(x1, d.x());
                y0 = std::min(y0, d.y());
                y1 = std::max(y1, d.y());
            }
        const double span = std::max({x1 - x0, y1 - y0, 1e-300});
        const double pad = 0.25 * span;
        mBounds = QRectF(QPointF(x0 - pad, y0 - pad), QPointF(x1 + pad, y1 + pad));
        if (mPlane.kind == KeyPlane::Kind::Line)
            mBounds = QRectF(QPointF(x0 - pad, -1), QPointF(x1 + pad, 1));
    }
    mFieldDirty = true;

    // Axis labels and titles.
    const QString unit = mUnit != 1 ? tr("  (× %1)").arg(plotStyle::compact(mUnit)) : QString();
    switch (mPlane.kind) {
    case KeyPlane::Kind::Line:
        xAxis->setLabel(tr("coordinate 1 of the keys and the query") + unit);
        yAxis->setLabel(QString());
        break;
    case KeyPlane::Kind::Dimensions:
        xAxis->setLabel(tr("dimension %1").arg(mPlane.dimX + 1) + unit);
        yAxis->setLabel(tr("dimension %1").arg(mPlane.dimY + 1) + unit);
        break;
    case KeyPlane::Kind::Pca:
        xAxis->setLabel(tr("principal direction 1") + unit);
        yAxis->setLabel(tr("principal direction 2") + unit);
        break;
    }
    const bool line = mPlane.kind == KeyPlane::Kind::Line;
    yAxis->setTicks(!line);
    yAxis->setTickLabels(!line);
    yAxis->grid()->setVisible(!line);

    rebuildItems();
    if (oldDk != mDk || oldKind != mPlane.kind)
        emit planeChanged();
    replot();
}

QString KeySpaceView::titleText() const
{
    const QString q = mQueryLabels.value(mSelected);
    switch (mPlane.kind) {
    case KeyPlane::Kind::Line:
        return tr("Key space (d_k = 1, a line) · query “%1”").arg(q);
    case KeyPlane::Kind::Dimensions:
        if (mDk == 2)
            return tr("Key space · query “%1”").arg(q);
        return tr("Key space: dimensions %1 and %2 of d_k = %3 · query “%4”")
            .arg(mPlane.dimX + 1)
            .arg(mPlane.dimY + 1)
            .arg(mDk)
            .arg(q);
    case KeyPlane::Kind::Pca:
        if (mPlane.degenerate)
            return tr("PCA projection of d_k = %1 (all points coincide)").arg(mDk);
        return tr("PCA projection (explains %1% of variance) · query “%2”")
            .arg(QString::number(100 * mPlane.explainedVariance, 'f', 1))
            .arg(q);
    }
    return {};
}

QString KeySpaceView::subtitleText() const
{
    if (!mDefined)
        return tr("This query sees no key: its weights are undefined.");
    const QString lines = mPlane.isExact() ? tr("dashed: equal score s = q·k/τ")
                                           : tr("dashed: equal score change Δs in this plane");
    const bool anyMasked = std::find(mVisible.begin(), mVisible.end(), false) != mVisible.end();
    return tr("disc area = weight w · drag q or a key\n%1%2")
        .arg(lines, anyMasked ? tr(" · dashed discs: masked keys") : QString());
}

void KeySpaceView::rebuildItems()
{
    for (QCPAbstractItem *item : std::as_const(mPointItems))
        removeItem(item);
    mPointItems.clear();
    for (int k = plottableCount() - 1; k >= 0; --k) {
        QCPAbstractPlottable *p = plottable(k);
        if (p != mField && p != mFeet)
            removePlottable(p);
    }

    const int T = int(mKeyPoints.size());
    const int m = int(mQueryPoints.size());
    const bool line = mPlane.kind == KeyPlane::Kind::Line;
    auto place = [&](QCPItemPosition *pos, const Eigen::Vector2d &p) {
        const QPointF d = toDisplay(p);
        pos->setCoords(d.x(), line ? 0.0 : d.y());
    };
    auto addLabel = [&](QCPItemTracer *anchor, const QString &text, const QColor &color,
                        double offset, bool below, const QFont &font) {
        auto *label = new QCPItemText(this);
        label->setLayer(layerLabels);
        label->setClipToAxisRect(true);
        label->position->setParentAnchor(anchor->position);
        label->position->setType(QCPItemPosition::ptAbsolute);
        label->position->setCoords(offset * 0.7, below ? offset * 0.7 : -offset * 0.7);
        label->setPositionAlignment(Qt::AlignLeft | (below ? Qt::AlignTop : Qt::AlignBottom));
        label->setText(text);
        label->setFont(font);
        label->setColor(color);
        label->setBrush(QColor(255, 255, 255, 190));
        label->setPadding(QMargins(3, 1, 3, 1));
        mPointItems << label;
    };
    const QFont labelFont = plotStyle::tickFont();

    // Keys, heaviest last (drawn on top). Beyond maxTracers, the lightest become small dots.
    std::vector<int> order(static_cast<size_t>(T));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const double wa = mVisible[size_t(a)] ? mWeights[a] : -1;
        const double wb = mVisible[size_t(b)] ? mWeights[b] : -1;
        return wa < wb;
    });
    const int firstTracer = std::max(0, T - maxTracers);
    if (firstTracer > 0) {
        auto *dots = new QCPGraph(xAxis, yAxis);
        dots->setLayer(layerKeys);
        dots->setLineStyle(QCPGraph::lsNone);
        dots->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(0, 114, 178, 120), 4));
        QVector<double> xs, ys;
        for (int k = 0; k < firstTracer; ++k) {
            const QPointF d = toDisplay(mKeyPoints[size_t(order[size_t(k)])]);
            xs << d.x();
            ys << (line ? 0.0 : d.y());
        }
        dots->setData(xs, ys, false);
        dots->removeFromLegend();
    }
    QColor fill = plotStyle::softmaxColor();
    fill.setAlpha(165);
    mLabelPixels = 0;
    int labelled = 0;
    const int labelLimit = T <= maxLabelledKeys ? T : 3; // the rest: tooltips
    for (int k = T - 1; k >= firstTracer; --k) {         // heaviest first, for the labels
        const int t = order[size_t(k)];
        const bool seen = mVisible[size_t(t)] && mDefined;
        auto *tracer = new QCPItemTracer(this);
        tracer->setLayer(layerKeys);
        tracer->setStyle(QCPItemTracer::tsCircle);
        tracer->setSize(2 * keyRadiusPx(t));
        if (seen) {
            tracer->setPen(QPen(plotStyle::softmaxColor().darker(140), 1));
            tracer->setBrush(fill);
        } else {
            tracer->setPen(QPen(QColor(140, 140, 140), 1, Qt::DashLine));
            tracer->setBrush(Qt::NoBrush);
        }
        place(tracer->position, mKeyPoints[size_t(t)]);
        mPointItems << tracer;
        // Masked keys (dashed grey discs) get no label: with a causal mask they pile up.
        if (seen && labelled < labelLimit) {
            ++labelled;
            const QFontMetricsF fm = plotStyle::metrics(labelFont);
            const QString name = plotStyle::elide(mKeyLabels.value(t), labelFont, 220);
            const QString weight = tr("w = %1").arg(planeFit::labelNumber(mWeights[t]));
            QString shown = seen ? tr("%1  %2").arg(name, weight) : tr("%1 (masked)").arg(name);
            // Wider than a quarter of the plot (large text, a narrow dock): two lines.
            if (seen && fm.horizontalAdvance(shown) > 0.25 * std::max(240, layoutSize().width()))
                shown = name + QLatin1Char('\n') + weight;
            double widest = 0;
            for (const QString &line : shown.split(QLatin1Char('\n')))
                widest = std::max(widest, fm.horizontalAdvance(line));
            mLabelPixels = std::max(mLabelPixels, widest + keyRadiusPx(t) + 12);
            addLabel(tracer, shown, seen ? QColor(20, 40, 90) : QColor(110, 110, 110),
                     keyRadiusPx(t) + 2, line && (t % 2 == 1), labelFont);
        }
    }

    // Other queries: small grey squares (click one to select it; hitTest() uses the points).
    // Beyond maxTracers (self-attention over a long sequence) they are one scatter graph:
    // thousands of items cost a replot tens of ms, and removing them is quadratic (issue 5).
    if (m - 1 > maxTracers) {
        auto *squares = new QCPGraph(xAxis, yAxis);
        squares->setLayer(layerKeys);
        squares->setLineStyle(QCPGraph::lsNone);
        squares->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare,
                                                 QPen(QColor(120, 120, 120), 1),
                                                 QBrush(QColor(220, 220, 220)), 6));
        QVector<double> xs, ys;
        xs.reserve(m);
        ys.reserve(m);
        for (int i = 0; i < m; ++i) {
            if (i == mSelected)
                continue;
            const QPointF d = toDisplay(mQueryPoints[size_t(i)]);
            xs << d.x();
            ys << (line ? 0.0 : d.y());
        }
        squares->setData(xs, ys, false);
        squares->setName(tr("other queries")); // the CSV export names its series
        squares->removeFromLegend();
    }
    for (int i = 0; i < m && m - 1 <= maxTracers; ++i) {
        if (i == mSelected)
            continue;
        auto *tracer = new QCPItemTracer(this);
        tracer->setLayer(layerKeys);
        tracer->setStyle(QCPItemTracer::tsSquare);
        tracer->setSize(10);
        tracer->setPen(QPen(QColor(120, 120, 120), 1));
        tracer->setBrush(QColor(220, 220, 220));
        place(tracer->position, mQueryPoints[size_t(i)]);
        mPointItems << tracer;
        if (m <= 4)
            addLabel(tracer, plotStyle::elide(mQueryLabels.value(i), labelFont, 120),
                     QColor(110, 110, 110), 7, false, labelFont);
    }

    // The selected query: an arrow from the origin, a handle at its tip, and its direction.
    if (m > 0) {
        const Eigen::Vector2d q = mQueryPoints[size_t(mSelected)];
        place(mQueryArrow->end, q);
        mQueryArrow->start->setCoords(0, 0);
        mQueryArrow->setVisible(q.norm() > 0);
        auto *tip = new QCPItemTracer(this);
        tip->setLayer(layerQuery);
        tip->setStyle(QCPItemTracer::tsCircle);
        tip->setSize(14);
        tip->setPen(QPen(Qt::white, 2));
        tip->setBrush(plotStyle::highlightColor());
        place(tip->position, q);
        mPointItems << tip;
        QFont bold = labelFont;
        bold.setBold(true);
        addLabel(tip, plotStyle::elide(mQueryLabels.value(mSelected), bold, 160),
                 plotStyle::highlightColor().darker(120), 10, false, bold);
        const QPointF d = toDisplay(q);
        mQueryLine->point1->setCoords(0, 0);
        mQueryLine->point2->setCoords(d.x(), line ? 0.0 : d.y());
        mQueryLine->setVisible(q.norm() > 0 && !line);

        // Feet of the perpendiculars from the keys onto the q line: the signed distance from
        // the origin to a foot, times |q|, is the dot product q·k (MATH.md §4.5).
        QVector<double> fx, fy;
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double qn = q.norm();
        if (qn > 0 && T <= maxFeet && !line) {
            const Eigen::Vector2d u = q / qn;
            for (int t = 0; t < T; ++t) {
                if (!mVisible[size_t(t)])
                    continue;
                const QPointF a = toDisplay(mKeyPoints[size_t(t)]);
                const QPointF b = toDisplay(u * u.dot(mKeyPoints[size_t(t)]));
                fx << a.x() << b.x() << nan;
                fy << a.y() << b.y() << nan;
            }
        }
        mFeet->setData(fx, fy);
    } else {
        mQueryArrow->setVisible(false);
        mQueryLine->setVisible(false);
        mFeet->data()->clear();
    }
}

void KeySpaceView::updateTicks()
{
    // Numeric axes: QCustomPlot's automatic ticks, thinned by its own tick count.
    xAxis->ticker()->setTickCount(std::clamp(layoutSize().width() / 120, 3, 8));
    yAxis->ticker()->setTickCount(std::clamp(layoutSize().height() / 110, 3, 8));
}

void KeySpaceView::updateLayout()
{
    // Titles that fit the width (a dock can be narrow), then the layout.
    planeFit::fitTitle(mTitle, titleText(), viewport().width(), 18, 14, true);
    planeFit::fitTitle(mSubtitle, subtitleText(), viewport().width(), 14, 12, false);
    PlotView::updateLayout();
    // After a drag, the ranges stay when the vectors still fit them and fill at least 40 % of
    // them (in the same display unit); otherwise they are fitted again.
    const QCPRange xr = xAxis->range(), yr = yAxis->range();
    const bool keep = mKeepRangesUnit && *mKeepRangesUnit == mUnit && mBounds.left() >= xr.lower &&
                      mBounds.right() <= xr.upper &&
                      (mPlane.kind == KeyPlane::Kind::Line ||
                       (mBounds.top() >= yr.lower && mBounds.bottom() <= yr.upper)) &&
                      mBounds.width() >= 0.4 * xr.size();
    if (!mDrag && !keep) {
        if (mPlane.kind == KeyPlane::Kind::Line) {
            xAxis->setRange(mBounds.left(), mBounds.right());
            yAxis->setRange(-1, 1);
        } else {
            planeFit::fitEqualAspectWithLabels(xAxis, yAxis, mBounds, axisRect()->rect().size(),
                                               mLabelPixels);
        }
    }
    updateIsoLines();
    updateEntropyField();
    planeFit::placeLabels(mPointItems, axisRect()->rect());
    PlotView::updateLayout();
}

void KeySpaceView::updateIsoLines()
{
    const bool line = mPlane.kind == KeyPlane::Kind::Line;
    const Eigen::Vector2d q =
        mQueryPoints.empty() ? Eigen::Vector2d::Zero() : mQueryPoints[size_t(mSelected)];
    // In display units the score of an in-plane point p is g · (û·p) with g = |q|·unit/τ.
    const double qn = q.norm();
    const double g = qn * mUnit / mTau;
    std::vector<double> levels;
    double step = 0;
    Eigen::Vector2d u = Eigen::Vector2d::Zero();
    if (qn > 0 && std::isfinite(g) && g > 0 && mDefined) {
        u = q / qn;
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (double x : {xAxis->range().lower, xAxis->range().upper})
            for (double y : {yAxis->range().lower, yAxis->range().upper}) {
                const double sc = g * (u.x() * x + u.y() * (line ? 0.0 : y));
                lo = std::min(lo, sc);
                hi = std::max(hi, sc);
            }
        if (line) {
            lo = g * u.x() * xAxis->range().lower;
            hi = g * u.x() * xAxis->range().upper;
            if (lo > hi)
                std::swap(lo, hi);
        }
        step = planeFit::niceStep(hi - lo, 9);
        if (std::isfinite(step) && step > 0 && (hi - lo) / step < 40) {
            for (double k = std::ceil(lo / step); k * step <= hi; k += 1)
                levels.push_back(k * step);
        }
    }
    while (mIsoLines.size() < qsizetype(levels.size())) {
        auto *l = new QCPItemStraightLine(this);
        l->setPen(QPen(QColor(110, 110, 110), 1.2, Qt::DashLine));
        l->setSelectable(false);
        auto *text = new QCPItemText(this);
        text->setLayer(layerLabels);
        text->setFont(plotStyle::tickFont());
        text->setColor(QColor(70, 70, 70));
        text->setBrush(QColor(255, 255, 255, 200));
        text->setPadding(QMargins(2, 0, 2, 0));
        text->setSelectable(false);
        mIsoLines << l;
        mIsoLabels << text;
    }
    // Labels placed so far and the key discs and query points, in pixels: a label that would
    // touch one of them is not shown (the line itself still is).
    QList<QRectF> isoBoxes;
    for (int t = 0; t < int(mKeyPoints.size()); ++t) {
        const QPointF c = coordToPixel(mKeyPoints[size_t(t)]);
        const double r = keyRadiusPx(t);
        isoBoxes << QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r);
    }
    for (const Eigen::Vector2d &q : mQueryPoints) {
        const QPointF c = coordToPixel(q);
        isoBoxes << QRectF(c.x() - 8, c.y() - 8, 16, 16);
    }
    for (qsizetype k = 0; k < mIsoLines.size(); ++k) {
        const bool on = k < qsizetype(levels.size());
        mIsoLines[k]->setVisible(on);
        mIsoLabels[k]->setVisible(on);
        if (!on)
            continue;
        const double level = levels[size_t(k)];
        const double r = level / g; // distance from the origin along û, display units
        const Eigen::Vector2d p0 = u * r;
        mIsoLines[k]->point1->setCoords(p0.x(), line ? 0.0 : p0.y());
        if (line)
            mIsoLines[k]->point2->setCoords(p0.x(), 1.0);
        else
            mIsoLines[k]->point2->setCoords(p0.x() - u.y(), p0.y() + u.x());
        const QString number = plotStyle::compact(level);
        mIsoLabels[k]->setText(mPlane.isExact() ? tr("s = %1").arg(number)
                                                : tr("Δs = %1").arg(number));
        // The label sits where the line meets the bottom edge (or the left edge when the lines
        // are nearly horizontal), like the marks of a ruler, and only when that is in view.
        // The label sits where the line leaves the plot: at the bottom edge, else the left, top
        // or right edge, like the marks of a ruler; it is hidden when the line is not in view.
        const QCPRange xr = xAxis->range(), yr = yAxis->range();
        const double x0 = xr.lower + 0.02 * xr.size(), x1 = xr.upper - 0.02 * xr.size();
        const double y0 = yr.lower + 0.02 * yr.size(), y1 = yr.upper - 0.02 * yr.size();
        const double dx = line ? 0.0 : -u.y(), dy = line ? 1.0 : u.x(); // the line's direction
        const double px0 = p0.x(), py0 = line ? 0.0 : p0.y();
        struct Edge
        {
            bool horizontal;
            double at;
            Qt::Alignment align;
        };
        const Edge edges[] = {{true, y0, Qt::AlignHCenter | Qt::AlignBottom},
                              {false, x0, Qt::AlignLeft | Qt::AlignVCenter},
                              {true, y1, Qt::AlignHCenter | Qt::AlignTop},
                              {false, x1, Qt::AlignRight | Qt::AlignVCenter}};
        bool placed = false;
        for (const Edge &e : edges) {
            const double along = e.horizontal ? dy : dx;
            if (std::abs(along) < 0.2)
                continue; // nearly parallel to this edge
            const double t = ((e.horizontal ? e.at - py0 : e.at - px0)) / along;
            const QPointF at(px0 + t * dx, py0 + t * dy);
            const bool inside =
                e.horizontal ? at.x() > x0 + 0.04 * xr.size() && at.x() < x1 - 0.04 * xr.size()
                             : at.y() > y0 + 0.04 * yr.size() && at.y() < y1 - 0.04 * yr.size();
            if (!inside)
                continue;
            // Its box in pixels, from the alignment; dropped when it would touch another.
            QCPItemText *label = mIsoLabels[k];
            const QFontMetricsF fm = plotStyle::metrics(label->font());
            const QSizeF size(fm.horizontalAdvance(label->text()) + 4, fm.height());
            const QPointF px(xAxis->coordToPixel(at.x()), yAxis->coordToPixel(at.y()));
            QRectF box(px, size);
            if (e.align & Qt::AlignHCenter)
                box.moveLeft(px.x() - size.width() / 2);
            else if (e.align & Qt::AlignRight)
                box.moveRight(px.x());
            if (e.align & Qt::AlignVCenter)
                box.moveTop(px.y() - size.height() / 2);
            else if (e.align & Qt::AlignBottom)
                box.moveBottom(px.y());
            const QRectF spaced = box.adjusted(-6, -2, 6, 2);
            if (std::any_of(isoBoxes.cbegin(), isoBoxes.cend(),
                            [&](const QRectF &other) { return other.intersects(spaced); }))
                continue; // another edge, if the line reaches one
            isoBoxes << box;
            label->position->setCoords(at);
            label->setPositionAlignment(e.align);
            placed = true;
            break;
        }
        mIsoLabels[k]->setVisible(placed);
    }
}

void KeySpaceView::updateEntropyField()
{
    const bool scoreField = mFieldKind == Field::Score;
    const bool show = mDefined && (scoreField ? mSelected < int(mQueryPoints.size())
                                              : mFieldKind == Field::Entropy && mDk == 2 &&
                                                    mVisibleKeys2.rows() > 0);
    const bool scaleShown = mMapRow->hasElement(0, 1);
    if (show != scaleShown) {
        if (show) {
            mMapRow->addElement(0, 1, mFieldScale);
            mMapRow->setColumnStretchFactor(1, 0.001);
        } else {
            mMapRow->take(mFieldScale);
            mMapRow->simplify();
        }
        mFieldScale->setVisible(show);
        QCustomPlot::updateLayout();
    }
    mField->setVisible(show);
    if (!show)
        return;
    const QCPRange xr = xAxis->range(), yr = yAxis->range();
    if (!mFieldDirty && xr == mFieldX && yr == mFieldY)
        return;
    mFieldDirty = false;
    mFieldX = xr;
    mFieldY = yr;
    if (scoreField) {
        // s = q·k/τ for a key k at each grid point: linear in k, so a coarse grid is exact up
        // to the interpolation, and the largest |s| is at a corner.
        const Eigen::Vector2d q = mQueryPoints[size_t(mSelected)];
        const int side = 64;
        QCPColorMapData *data = mField->data();
        data->setSize(side, side);
        data->setRange(xr, yr);
        double top = 0;
        for (int ix = 0; ix < side; ++ix)
            for (int iy = 0; iy < side; ++iy) {
                double x = 0, y = 0;
                data->cellToCoord(ix, iy, &x, &y);
                const double s = q.dot(Eigen::Vector2d(x * mUnit, y * mUnit)) / mTau;
                data->setCell(ix, iy,
                              std::isfinite(s) ? s : std::numeric_limits<double>::quiet_NaN());
                if (std::isfinite(s))
                    top = std::max(top, std::abs(s));
            }
        if (!(top > 0))
            top = 1;
        mField->setDataRange(QCPRange(-top, top));
        mFieldScale->axis()->setRange(-top, top);
        return;
    }
    // H(q) for q at each grid point (MATH.md §3), over the keys the selected query sees.
    const Eigen::Index n = mVisibleKeys2.rows();
    const int side =
        int(std::clamp(std::sqrt(3.0e6 / double(std::max<Eigen::Index>(1, n))), 24.0, 110.0));
    QCPColorMapData *data = mField->data();
    data->setSize(side, side);
    data->setRange(xr, yr);
    Eigen::VectorXd scores(n);
    for (int ix = 0; ix < side; ++ix) {
        for (int iy = 0; iy < side; ++iy) {
            double x = 0, y = 0;
            data->cellToCoord(ix, iy, &x, &y);
            const Eigen::Vector2d p = mPlane.basis * Eigen::Vector2d(x * mUnit, y * mUnit);
            scores = mVisibleKeys2 * p / mTau;
            double h = std::numeric_limits<double>::quiet_NaN();
            if (scores.allFinite())
                h = softmax(scores).entropy;
            data->setCell(ix, iy, h);
        }
    }
    const double top = std::log(double(std::max<Eigen::Index>(1, n)));
    mField->setDataRange(QCPRange(0, top > 0 ? top : 1));
    mFieldScale->axis()->setRange(0, top > 0 ? top : 1);
}

std::optional<KeySpaceView::Hit> KeySpaceView::hitTest(const QPointF &pixel) const
{
    if (!axisRect()->rect().contains(pixel.toPoint()))
        return std::nullopt;
    std::optional<Hit> best;
    double bestDist = std::numeric_limits<double>::infinity();
    auto consider = [&](VectorKind kind, int row, const Eigen::Vector2d &p, double radius) {
        const QPointF px = coordToPixel(p);
        const double d = std::hypot(px.x() - pixel.x(), px.y() - pixel.y());
        if (d <= std::max(10.0, radius + 3) && d < bestDist) {
            bestDist = d;
            best = Hit{kind, row};
        }
    };
    for (int t = 0; t < int(mKeyPoints.size()); ++t)
        consider(VectorKind::Key, t, mKeyPoints[size_t(t)], keyRadiusPx(t));
    for (int i = 0; i < int(mQueryPoints.size()); ++i)
        consider(VectorKind::Query, i, mQueryPoints[size_t(i)], i == mSelected ? 12.0 : 8.0);
    // The selected query's handle wins when it overlaps a key (it is drawn on top).
    if (!mQueryPoints.empty()) {
        const QPointF px = coordToPixel(mQueryPoints[size_t(mSelected)]);
        if (std::hypot(px.x() - pixel.x(), px.y() - pixel.y()) <= 12)
            best = Hit{VectorKind::Query, mSelected};
    }
    return best;
}

void KeySpaceView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && document()) {
        if (const auto hit = hitTest(event->position())) {
            if (hit->kind == VectorKind::Query && hit->row != mSelected) {
                document()->setSelectedQuery(hit->row);
                event->accept();
                return;
            }
            const Scenario &s = document()->scenario();
            const Eigen::MatrixXd &mat = hit->kind == VectorKind::Query ? s.queries : s.keys;
            if (hit->row < mat.rows() && mat.cols() == mPlane.dK()) {
                mDrag = Drag{hit->kind, hit->row, mat.row(hit->row).transpose(),
                             pixelToCoord(event->position()), document()->beginGesture()};
                setCursor(Qt::ClosedHandCursor);
                event->accept();
                return;
            }
        }
    }
    PlotView::mousePressEvent(event);
}

void KeySpaceView::mouseMoveEvent(QMouseEvent *event)
{
    if (mDrag && document()) {
        Eigen::Vector2d delta = pixelToCoord(event->position()) - mDrag->pressAt;
        if (mPlane.kind == KeyPlane::Kind::Line)
            delta.y() = 0;
        const Eigen::VectorXd moved = mPlane.displaced(mDrag->start, delta);
        if (moved.allFinite()) {
            if (auto error = document()->moveVector(mDrag->kind, mDrag->row, moved, mDrag->gesture))
                emit message(*error);
        }
        event->accept();
        return;
    }
    if (document())
        setCursor(hitTest(event->position()) ? Qt::OpenHandCursor : Qt::ArrowCursor);
    PlotView::mouseMoveEvent(event);
}

void KeySpaceView::mouseReleaseEvent(QMouseEvent *event)
{
    if (mDrag) {
        mDrag.reset();
        setCursor(Qt::ArrowCursor);
        if (mPlane.kind != KeyPlane::Kind::Pca)
            mKeepRangesUnit = mUnit;
        refreshFromDocument(); // unfreeze: a new plane and ranges for the moved vectors
        mKeepRangesUnit.reset();
        event->accept();
        return;
    }
    PlotView::mouseReleaseEvent(event);
}

QString KeySpaceView::toolTipAt(const QPointF &pos) const
{
    if (!axisRect()->rect().contains(pos.toPoint()))
        return {};
    const auto hit = hitTest(pos);
    const Scenario *s = document() ? &document()->scenario() : nullptr;
    const bool showFull = s && mDk <= 8;
    if (hit && hit->kind == VectorKind::Key) {
        const int t = hit->row;
        const Eigen::Vector2d p = mKeyPoints[size_t(t)];
        QString text = tr("key %1 “%2”").arg(t + 1).arg(mKeyLabels.value(t));
        if (showFull && t < s->T())
            text += tr("\nk = %1").arg(vectorText(s->keys.row(t).transpose()));
        if (!mPlane.isExact())
            text += tr("\nin this plane: (%1, %2)")
                        .arg(plotStyle::exact(p.x()), plotStyle::exact(p.y()));
        if (!mVisible[size_t(t)] || !mDefined)
            return text + tr("\nmasked: query “%1” does not see this key")
                              .arg(mQueryLabels.value(mSelected));
        text += tr("\nf = q·k = %1\ns = f/τ = %2\nw = %3")
                    .arg(plotStyle::exact(mSimilarities[t]))
                    .arg(plotStyle::exact(mSimilarities[t] / mTau))
                    .arg(plotStyle::exact(mWeights[t]));
        return text + tr("\ndrag: moving it along q raises its score");
    }
    if (hit && hit->kind == VectorKind::Query) {
        const int i = hit->row;
        QString text = tr("query %1 “%2”").arg(i + 1).arg(mQueryLabels.value(i));
        if (showFull && i < s->m()) {
            text += tr("\nq = %1").arg(vectorText(s->queries.row(i).transpose()));
            text += tr("\n|q| = %1").arg(plotStyle::exact(s->queries.row(i).norm()));
        }
        if (!mPlane.isExact()) {
            const Eigen::Vector2d p = mQueryPoints[size_t(i)];
            text += tr("\nin this plane: (%1, %2)")
                        .arg(plotStyle::exact(p.x()), plotStyle::exact(p.y()));
        }
        text += tr("\nτ = %1").arg(plotStyle::exact(mTau));
        return text + (i == mSelected ? tr("\ndrag to move the query")
                                      : tr("\nclick to select this query"));
    }
    // The background: the point, the score a key there would get, and H(q) of a query there.
    const Eigen::Vector2d p = pixelToCoord(pos);
    QString text = mPlane.kind == KeyPlane::Kind::Line
                       ? tr("x = %1").arg(plotStyle::exact(p.x()))
                       : tr("(%1, %2)").arg(plotStyle::exact(p.x()), plotStyle::exact(p.y()));
    if (!mQueryPoints.empty() && mDefined) {
        const double s0 = mQueryPoints[size_t(mSelected)].dot(p) / mTau;
        if (std::isfinite(s0))
            text += mPlane.isExact()
                        ? tr("\na key here would score s = q·k/τ = %1").arg(plotStyle::exact(s0))
                        : tr("\nin-plane part of the score of a key here: %1")
                              .arg(plotStyle::exact(s0));
    }
    if (mField->visible() && mFieldKind == Field::Entropy && mVisibleKeys2.rows() > 0) {
        const Eigen::Vector2d q = mPlane.basis * p;
        const Eigen::VectorXd scores = mVisibleKeys2 * q / mTau;
        if (scores.allFinite()) {
            const double h = softmax(scores).entropy;
            text += tr("\nH(q) of a query here = %1 nats (N_eff = %2 keys)")
                        .arg(plotStyle::exact(h), plotStyle::compact(std::exp(h)));
        }
    }
    return text;
}

} // namespace sml
