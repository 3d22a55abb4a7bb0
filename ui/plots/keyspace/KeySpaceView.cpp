#include "plots/keyspace/KeySpaceView.h"

#include "style/Appearance.h"

#include "Analysis.h"
#include "document/ScenarioDocument.h"
#include "plots/AxisLabelVariants.h"
#include "plots/PlaneFit.h"
#include "plots/PlaneLabels.h"
#include "plots/keyspace/EqualScoreLines.h"
#include "plots/keyspace/FieldBackground.h"
#include "plots/keyspace/QueryArrow.h"
#include "style/PlotStyle.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace sml {

namespace {

constexpr int maxTracers = 400;     // keys drawn as individual discs; the rest as small dots
constexpr int maxLabelledKeys = 12; // all keys get a label up to this many, else the heaviest 3
const QString layerKeys = QStringLiteral("keys");
const QString layerQuery = QStringLiteral("query");
const QString layerLabels = planeLabels::labelLayer();

} // namespace

KeySpaceView::KeySpaceView(QWidget *parent) : PlotView(parent)
{
    setFixedSizeHints(QSize(420, 380), QSize(320, 260));
    mTitle = addTitle();
    mSubtitle = planeLabels::addSubtitle(this);
    plotStyle::styleAxis(xAxis, QString());
    plotStyle::styleAxis(yAxis, QString());
    xAxis->grid()->setZeroLinePen(QPen(QColor(120, 120, 120), 1.2));
    yAxis->grid()->setZeroLinePen(QPen(QColor(120, 120, 120), 1.2));

    addLayer(layerKeys, layer(QStringLiteral("main")), QCustomPlot::limAbove);
    addLayer(layerQuery, layer(layerKeys), QCustomPlot::limAbove);
    addLayer(layerLabels, layer(layerQuery), QCustomPlot::limAbove);

    mBackground = std::make_unique<FieldBackground>(this);
    connect(Appearance::instance(), &Appearance::changed, this, &KeySpaceView::styleField);
    mQueryArrow = std::make_unique<QueryArrow>(this, layerQuery);
    mScoreLines = std::make_unique<EqualScoreLines>(this);
    mWaterLine = std::make_unique<EqualScoreLines>(this, EqualScoreLines::Kind::WaterLine);
    mDrag = new VectorDrag(this);
    setInteraction(mDrag);
    connect(mDrag, &VectorDrag::message, this, &KeySpaceView::message);
    setCursor(Qt::ArrowCursor);
}

KeySpaceView::~KeySpaceView() = default;

QCPColorMap *KeySpaceView::entropyField() const
{
    return mBackground->map();
}

void KeySpaceView::setProjection(Projection projection)
{
    if (projection == mProjection)
        return;
    mProjection = projection;
    mDrag->cancel();
    refreshFromDocument();
    emit planeChanged();
}

void KeySpaceView::setDimensions(int x, int y)
{
    if (x == mDimX && y == mDimY)
        return;
    mDimX = x;
    mDimY = y;
    mDrag->cancel();
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
    mBackground->style(mFieldKind == Field::Score);
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
    const double y = mScene.plane.kind == KeyPlane::Kind::Line ? 0.0 : d.y();
    return QPointF(xAxis->coordToPixel(d.x()), yAxis->coordToPixel(y));
}

Eigen::Vector2d KeySpaceView::pixelToCoord(const QPointF &pixel) const
{
    Eigen::Vector2d p(xAxis->pixelToCoord(pixel.x()) * mUnit,
                      yAxis->pixelToCoord(pixel.y()) * mUnit);
    if (mScene.plane.kind == KeyPlane::Kind::Line)
        p.y() = 0;
    return p;
}

QPointF KeySpaceView::keyPixel(int key) const
{
    if (key < 0 || key >= int(mScene.keyPoints.size()))
        return {};
    return coordToPixel(mScene.keyPoints[size_t(key)]);
}

QPointF KeySpaceView::queryPixel(int query) const
{
    if (query < 0 || query >= int(mScene.queryPoints.size()))
        return {};
    return coordToPixel(mScene.queryPoints[size_t(query)]);
}

double KeySpaceView::keyRadiusPx(int key) const
{
    // Larger in presentation mode (the same factor as other markers), for drawing and hitting.
    const double scale = Appearance::instance()->markerScale();
    if (key < 0 || key >= int(mScene.visible.size()) || !mScene.visible[size_t(key)] ||
        !mScene.defined)
        return 6 * scale;
    // Disc area ∝ weight: radius 5 px at w = 0, 27 px at w = 1.
    return scale * (5 + 22 * std::sqrt(std::clamp(mScene.weights[key], 0.0, 1.0)));
}

void KeySpaceView::showAnalysis(const Analysis &analysis, int selectedQuery)
{
    const Scenario &s = analysis.scenario();
    const int oldDk = mScene.dK;
    const KeyPlane::Kind oldKind = mScene.plane.kind;
    mDrag->cancelIfGone(s, mScene.plane.dK()); // the scenario changed shape under it (undo, load)
    // During a drag the plane stays frozen (it is what the drag's B means).
    const KeyPlane plane = mDrag->isDragging() ? mScene.plane : choosePlane(s);
    mScene = KeyPlaneScene::of(analysis, selectedQuery, plane);
    {
        const AttentionResult &att = analysis.attention();
        const int i = mScene.selected;
        mAlpha = att.alpha;
        mOnSupport.assign(size_t(s.T()), false);
        mSupportSize = 0;
        mVisibleCount = 0;
        mWaterLevel.reset();
        if (i >= 0 && i < s.m() && att.defined[size_t(i)]) {
            mSupportSize = att.supportSize[i];
            mVisibleCount = att.visibleCount[i];
            const std::optional<double> water = att.thresholdOf(i);
            mWaterLevel = water;
            const Mask &mask = analysis.mask();
            for (int t = 0; t < s.T(); ++t)
                mOnSupport[size_t(t)] = mask.visible(i, t) && (!water || att.score(i, t) > *water);
        }
    }
    if (!mDrag->isDragging()) {
        // Display unit and the region to show: the origin, every query and every key.
        mUnit = mScene.displayUnit();
        mBounds = mScene.bounds(mUnit);
        mPointBounds = mScene.pointBounds(mUnit);
    }
    mFieldDirty = true;

    // Axis labels and titles.
    const QString unit = mUnit != 1 ? tr("  (× %1)").arg(plotStyle::compact(mUnit)) : QString();
    switch (mScene.plane.kind) {
    case KeyPlane::Kind::Line:
        axisLabelVariants::set(xAxis, {tr("coordinate 1 of the keys and the query") + unit,
                                       tr("coordinate 1") + unit});
        yAxis->setLabel(QString());
        break;
    case KeyPlane::Kind::Dimensions:
        xAxis->setLabel(tr("dimension %1").arg(mScene.plane.dimX + 1) + unit);
        yAxis->setLabel(tr("dimension %1").arg(mScene.plane.dimY + 1) + unit);
        break;
    case KeyPlane::Kind::Pca:
        // "PC 1" (principal component) where the whole phrase has no room: presented in the
        // dock at 1280×800 it was "principal…rection 1" (a fresh reader).
        axisLabelVariants::set(xAxis, {tr("principal direction 1") + unit, tr("PC 1") + unit});
        axisLabelVariants::set(yAxis, {tr("principal direction 2") + unit, tr("PC 2") + unit});
        break;
    }
    const bool line = mScene.plane.kind == KeyPlane::Kind::Line;
    yAxis->setTicks(!line);
    yAxis->setTickLabels(!line);
    yAxis->grid()->setVisible(!line);

    rebuildItems();
    if (oldDk != mScene.dK || oldKind != mScene.plane.kind)
        emit planeChanged();
    replot();
}

QString KeySpaceView::titleText() const
{
    return mScene.title();
}

QString KeySpaceView::subtitleText() const
{
    if (!mScene.defined)
        return tr("This query sees no key: its weights are undefined.");
    const QString lines = mScene.plane.isExact()
                              ? tr("dashed: equal score s = q·k/τ")
                              : tr("dashed: equal score change Δs in this plane");
    const bool anyMasked = mScene.anyMasked();
    const QString support = mAlpha != 1
                                ? tr(" · %1: %2 of %3 keys on the support, hollow: w = 0 exactly")
                                      .arg(plotStyle::normalizerName(mAlpha))
                                      .arg(mSupportSize)
                                      .arg(mVisibleCount)
                                : QString();
    // In a projection a key's score also has an out-of-plane part, so no line of the plane is
    // the water line (updateIsoLines): say so where the water line would be looked for.
    const QString noWaterLine =
        mAlpha != 1 && !mScene.plane.isExact()
            ? tr("\nno water line in a projection (d_k = %1): see the weight bars").arg(mScene.dK)
            : QString();
    return tr("disc area = weight w · drag q or a key\n%1%2%3%4")
        .arg(lines, anyMasked ? tr(" · dashed discs: masked keys") : QString(), support,
             noWaterLine);
}

void KeySpaceView::rebuildItems()
{
    // Each label keeps its place across the rebuild while it still fits (planeFit::labelSpots).
    const QHash<QString, int> spots = planeFit::labelSpots(mPointItems);
    for (QCPAbstractItem *item : std::as_const(mPointItems))
        removeItem(item);
    mPointItems.clear();
    for (int k = plottableCount() - 1; k >= 0; --k) {
        QCPAbstractPlottable *p = plottable(k);
        if (p != mBackground->map() && p != mQueryArrow->feet())
            removePlottable(p);
    }

    const int T = int(mScene.keyPoints.size());
    const int m = int(mScene.queryPoints.size());
    const bool line = mScene.plane.kind == KeyPlane::Kind::Line;
    auto place = [&](QCPItemPosition *pos, const Eigen::Vector2d &p) {
        const QPointF d = toDisplay(p);
        pos->setCoords(d.x(), line ? 0.0 : d.y());
    };
    auto addLabel = [&](QCPItemTracer *anchor, const QString &id, const QString &text,
                        const QColor &color, double offset, bool below, bool bold) {
        QCPItemText *label = planeLabels::makeAnchoredLabel(
            this, anchor->position, QPointF(offset * 0.7, below ? offset * 0.7 : -offset * 0.7),
            Qt::AlignLeft | (below ? Qt::AlignTop : Qt::AlignBottom), text, color, bold);
        label->setBrush(QColor(255, 255, 255, 190));
        planeFit::setLabelId(label, id, spots);
        mPointItems << label;
    };
    const QFont labelFont = plotStyle::tickFont();

    // Keys, heaviest last (drawn on top). Beyond maxTracers, the lightest become small dots.
    std::vector<int> order(static_cast<size_t>(T));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const double wa = mScene.visible[size_t(a)] ? mScene.weights[a] : -1;
        const double wb = mScene.visible[size_t(b)] ? mScene.weights[b] : -1;
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
            const QPointF d = toDisplay(mScene.keyPoints[size_t(order[size_t(k)])]);
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
        const bool seen = mScene.visible[size_t(t)] && mScene.defined;
        auto *tracer = new QCPItemTracer(this);
        tracer->setLayer(layerKeys);
        tracer->setStyle(QCPItemTracer::tsCircle);
        tracer->setSize(2 * keyRadiusPx(t));
        if (seen && mAlpha != 1 && !isOnSupport(t)) {
            // Off the support (MATH.md §7.4): weight exactly 0, a hollow ring.
            tracer->setPen(QPen(plotStyle::softmaxColor().darker(140), 2));
            tracer->setBrush(Qt::NoBrush);
        } else if (seen) {
            tracer->setPen(QPen(plotStyle::softmaxColor().darker(140), 1));
            tracer->setBrush(fill);
        } else {
            tracer->setPen(QPen(QColor(140, 140, 140), 1, Qt::DashLine));
            tracer->setBrush(Qt::NoBrush);
        }
        place(tracer->position, mScene.keyPoints[size_t(t)]);
        mPointItems << tracer;
        // Masked keys (dashed grey discs) get no label: with a causal mask they pile up.
        if (seen && labelled < labelLimit) {
            ++labelled;
            const QFontMetricsF fm = plotStyle::metrics(labelFont);
            const QString name = plotStyle::elide(mScene.keyLabels.value(t), labelFont, 220);
            const QString weight = mAlpha != 1 && !isOnSupport(t)
                                       ? tr("w = 0")
                                       : tr("w = %1").arg(planeFit::labelNumber(mScene.weights[t]));
            QString shown = seen ? tr("%1  %2").arg(name, weight) : tr("%1 (masked)").arg(name);
            // Wider than a quarter of the plot (large text, a narrow dock): two lines.
            if (seen && fm.horizontalAdvance(shown) > 0.25 * std::max(240, layoutSize().width()))
                shown = name + QLatin1Char('\n') + weight;
            double widest = 0;
            for (const QString &line : shown.split(QLatin1Char('\n')))
                widest = std::max(widest, fm.horizontalAdvance(line));
            mLabelPixels = std::max(mLabelPixels, widest + keyRadiusPx(t) + 12);
            addLabel(tracer, QStringLiteral("key %1").arg(t), shown,
                     seen ? QColor(20, 40, 90) : QColor(110, 110, 110), keyRadiusPx(t) + 2,
                     line && (t % 2 == 1), false);
            // Both forms, for updateLayout() to choose again at the width laid out (the scene
            // can be built before a dock has its size).
            if (seen) {
                mPointItems.last()->setProperty("_sml_oneLine", tr("%1  %2").arg(name, weight));
                mPointItems.last()->setProperty("_sml_twoLines", name + QLatin1Char('\n') + weight);
                mPointItems.last()->setProperty("_sml_name", name);
            }
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
            if (i == mScene.selected)
                continue;
            const QPointF d = toDisplay(mScene.queryPoints[size_t(i)]);
            xs << d.x();
            ys << (line ? 0.0 : d.y());
        }
        squares->setData(xs, ys, false);
        squares->setName(tr("other queries")); // the CSV export names its series
        squares->removeFromLegend();
    }
    for (int i = 0; i < m && m - 1 <= maxTracers; ++i) {
        if (i == mScene.selected)
            continue;
        auto *tracer = new QCPItemTracer(this);
        tracer->setLayer(layerKeys);
        tracer->setStyle(QCPItemTracer::tsSquare);
        tracer->setSize(10);
        tracer->setPen(QPen(QColor(120, 120, 120), 1));
        tracer->setBrush(QColor(220, 220, 220));
        place(tracer->position, mScene.queryPoints[size_t(i)]);
        mPointItems << tracer;
        if (m <= 4)
            addLabel(tracer, QStringLiteral("query %1").arg(i),
                     plotStyle::elide(mScene.queryLabels.value(i), labelFont, 120),
                     QColor(110, 110, 110), 7, false, false);
    }

    // The selected query: an arrow from the origin, a handle at its tip, and its direction.
    if (m > 0) {
        const Eigen::Vector2d q = mScene.queryPoints[size_t(mScene.selected)];
        mQueryArrow->update(q, mScene.keyPoints, mScene.visible, mUnit, line);
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
        addLabel(tip, QStringLiteral("selected query"),
                 plotStyle::elide(mScene.queryLabels.value(mScene.selected), bold, 160),
                 plotStyle::highlightColor().darker(120), 10, false, true);
        // Bold and in the query's colour, it cannot be read as a key's: it may stand as near
        // a key's disc as its own handle (the handle often lies on the heaviest key's disc).
        planeFit::setLabelClearance(qobject_cast<QCPItemText *>(mPointItems.last()), 0);
        // The selected query's name is placed first, then the keys, heaviest first.
        mPointItems.move(mPointItems.size() - 1, 0);
    } else {
        mQueryArrow->hide();
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
    // The shorter title where the whole one takes more than two lines (presented in the dock
    // at 1280×800, the √d_k lesson's PCA title took four lines over a small plot: a fresh
    // reader).
    planeFit::fitTitle(mTitle, titleText(), viewport().width(), 18, 14, true);
    if (mTitle->text().count(QLatin1Char('\n')) >= 2)
        planeFit::fitTitle(mTitle, mScene.shortTitle(), viewport().width(), 18, 14, true);
    planeFit::fitSubtitle(mSubtitle, subtitleText(), viewport());
    PlotView::updateLayout(); // with fitToLayout()
}

bool KeySpaceView::fitToLayout()
{
    // After a drag, the ranges stay (in the same display unit) while every vector is still in
    // view, 4 % in from the edges, and the fitted region fills at least 40 % of the range in
    // one direction; otherwise they are fitted again. (The padded region itself had to fit, and
    // fill 40 % of the width: a key dragged from (0, 1) to (1.5, 1.2), well inside the view,
    // refitted the axes of a fresh reader's dock from −3…4 to −4…5 on release.)
    const QCPRange xr = xAxis->range(), yr = yAxis->range();
    const auto inside = [](double lower, double upper, const QCPRange &range) {
        const double inset = 0.04 * range.size();
        return lower >= range.lower + inset && upper <= range.upper - inset;
    };
    const bool line = mScene.plane.kind == KeyPlane::Kind::Line;
    const bool keep =
        mKeepRangesUnit && *mKeepRangesUnit == mUnit &&
        inside(mPointBounds.left(), mPointBounds.right(), xr) &&
        (line || inside(mPointBounds.top(), mPointBounds.bottom(), yr)) &&
        std::max(mBounds.width() / xr.size(), line ? 0.0 : mBounds.height() / yr.size()) >= 0.4;
    if (!mDrag->isDragging() && !keep) {
        if (mScene.plane.kind == KeyPlane::Kind::Line) {
            xAxis->setRange(mBounds.left(), mBounds.right());
            yAxis->setRange(-1, 1);
        } else {
            planeFit::fitEqualAspectWithLabels(xAxis, yAxis, mBounds, axisRect()->rect().size(),
                                               mLabelPixels);
        }
    }
    // The point labels first (nearest their own disc, issue 14 item 4), then the score lines'
    // labels in the room they leave.
    const planeFit::PlacedLabels placed = placePointLabels();
    mLabelBoxes = placed.boxes;
    mDroppedLabels = int(placed.dropped.size());
    updateIsoLines();
    updateField();
    return true;
}

planeFit::PlacedLabels KeySpaceView::placePointLabels()
{
    // The key labels as the scene made them; a label with no room is tried on one line and on
    // two ("k3" / "w = 0.125"), then as its name alone (the weight is the disc's area, and the
    // hover text says it): each kept when it shows more labels. Laid out for a wider view than
    // the narrow dock at 1280×800, "k3  w = 0.125" had no room beside its disc at the plot's
    // left edge; presented at 1.5× in the dock, even "k3 / w = 0.0744" had none (a reader lost
    // k3's label on the tour's "Move a key").
    planeFit::PlacedLabels placed = planeFit::placeLabels(mPointItems, axisRect()->rect());
    for (const char *form : {"_sml_oneLine", "_sml_twoLines", "_sml_name"}) {
        if (placed.dropped.isEmpty())
            return placed;
        QList<QPair<QCPItemText *, QString>> before;
        for (QCPItemText *text : placed.dropped) {
            const QString shown = text->property(form).toString();
            if (shown.isEmpty() || shown == text->text())
                continue;
            before.append({text, text->text()});
            text->setText(shown);
        }
        if (before.isEmpty())
            continue;
        // The places the labels keep (planeFit::labelSpots), as they were before the try: a
        // try that is not kept must not leave its places as the labels' preferred ones.
        const QList<QVariant> spots = planeFit::saveLabelPlaces(mPointItems);
        const planeFit::PlacedLabels again = planeFit::placeLabels(mPointItems, axisRect()->rect());
        if (again.dropped.size() < placed.dropped.size()) {
            placed = again;
        } else {
            for (const auto &[text, old] : before)
                text->setText(old);
            planeFit::restoreLabelPlaces(mPointItems, spots);
            placed = planeFit::placeLabels(mPointItems, axisRect()->rect());
        }
    }
    return placed;
}

void KeySpaceView::updateIsoLines()
{
    const QCPRange xr = xAxis->range(), yr = yAxis->range();
    const ScoreLines lines =
        mScene.defined ? mScene.fields.scoreLines({xr.lower, xr.upper, yr.lower, yr.upper, mUnit})
                       : ScoreLines{};
    // The key discs and query points, in pixels: a label that would touch one of them is not
    // shown (the line itself still is).
    QList<QRectF> obstacles;
    for (int t = 0; t < int(mScene.keyPoints.size()); ++t) {
        const QPointF c = coordToPixel(mScene.keyPoints[size_t(t)]);
        const double r = keyRadiusPx(t);
        obstacles << QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r);
    }
    for (const Eigen::Vector2d &q : mScene.queryPoints) {
        const QPointF c = coordToPixel(q);
        obstacles << QRectF(c.x() - 8, c.y() - 8, 16, 16);
    }
    obstacles += mLabelBoxes;
    const bool line = mScene.plane.kind == KeyPlane::Kind::Line;
    // The water line of α-entmax (MATH.md §7.4) is a score line only where the plane is the key
    // space itself (d_k ≤ 2); in a projection a key's score also has an out-of-plane part.
    ScoreLines water;
    if (mWaterLevel && mScene.plane.isExact() && lines.gain > 0 && std::isfinite(lines.gain)) {
        water = lines;
        water.levels = {*mWaterLevel};
    }
    // The water line's label first: the score labels make room for it.
    mScoreLines->update(lines, line, mScene.plane.isExact(),
                        mWaterLine->update(water, line, true, obstacles));
}

void KeySpaceView::updateField()
{
    const bool scoreField = mFieldKind == Field::Score;
    const bool show =
        mScene.defined &&
        (scoreField ? mScene.selected < int(mScene.queryPoints.size())
                    : mFieldKind == Field::Entropy && mScene.fields.entropyAvailable()); // d_k = 2
    // A narrow view (the dock beside the tabs) takes the scale under the plane, not beside it.
    const QSize size = layoutSize();
    if (mBackground->setShown(show, size.width() < 1.15 * size.height()))
        QCustomPlot::updateLayout();
    if (!show)
        return;
    const QCPRange xr = xAxis->range(), yr = yAxis->range();
    if (!mFieldDirty && xr == mFieldX && yr == mFieldY)
        return;
    mFieldDirty = false;
    mFieldX = xr;
    mFieldY = yr;
    const PlaneRegion region{xr.lower, xr.upper, yr.lower, yr.upper, mUnit};
    mBackground->fill(scoreField ? mScene.fields.scoreField(region)
                                 : mScene.fields.entropyField(region));
}

std::optional<VectorHit> KeySpaceView::hitTest(const QPointF &pixel) const
{
    if (!axisRect()->rect().contains(pixel.toPoint()))
        return std::nullopt;
    std::optional<VectorHit> best;
    double bestDist = std::numeric_limits<double>::infinity();
    auto consider = [&](VectorKind kind, int row, const Eigen::Vector2d &p, double radius) {
        const QPointF px = coordToPixel(p);
        const double d = std::hypot(px.x() - pixel.x(), px.y() - pixel.y());
        if (d <= std::max(10.0, radius + 3) && d < bestDist) {
            bestDist = d;
            best = VectorHit{kind, row};
        }
    };
    for (int t = 0; t < int(mScene.keyPoints.size()); ++t)
        consider(VectorKind::Key, t, mScene.keyPoints[size_t(t)], keyRadiusPx(t));
    for (int i = 0; i < int(mScene.queryPoints.size()); ++i)
        consider(VectorKind::Query, i, mScene.queryPoints[size_t(i)],
                 i == mScene.selected ? 12.0 : 8.0);
    // The selected query's handle wins when it overlaps a key (it is drawn on top).
    if (!mScene.queryPoints.empty()) {
        const QPointF px = coordToPixel(mScene.queryPoints[size_t(mScene.selected)]);
        if (std::hypot(px.x() - pixel.x(), px.y() - pixel.y()) <= 12)
            best = VectorHit{VectorKind::Query, mScene.selected};
    }
    return best;
}

void KeySpaceView::interactionFinished()
{
    if (mScene.plane.kind != KeyPlane::Kind::Pca)
        mKeepRangesUnit = mUnit;
    refreshFromDocument(); // unfreeze: a new plane and ranges for the moved vectors
    mKeepRangesUnit.reset();
}

QString KeySpaceView::toolTipAt(const QPointF &pos) const
{
    if (!axisRect()->rect().contains(pos.toPoint()))
        return {};
    const auto hit = hitTest(pos);
    const Scenario *s = document() ? &document()->scenario() : nullptr;
    if (hit && hit->kind == VectorKind::Key)
        return mScene.keyToolTip(hit->row, s);
    if (hit && hit->kind == VectorKind::Query)
        return mScene.queryToolTip(hit->row, s);
    return mScene.pointToolTip(pixelToCoord(pos),
                               mBackground->map()->visible() && mFieldKind == Field::Entropy);
}

} // namespace sml
