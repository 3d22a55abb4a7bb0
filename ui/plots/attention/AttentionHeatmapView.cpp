#include "plots/attention/AttentionHeatmapView.h"

#include "plots/MaskedCells.h"
#include "style/Appearance.h"

#include "Analysis.h"
#include "style/PlotStyle.h"

#include <QFontMetrics>
#include <QPainter>
#include <QSignalBlocker>

#include <algorithm>
#include <cmath>

namespace sml {

namespace {

constexpr int maxCellsForText = 144; // print weights inside the cells up to 12×12
constexpr int maxCellsForGrid = 60;  // white lines between cells up to 60 per side

} // namespace

AttentionHeatmapView::AttentionHeatmapView(QWidget *parent) : PlotView(parent)
{
    mTitle = addTitle();
    mTitle->setText(tr("Attention weights  w = softmax(q·k / τ)"));
    plotLayout()->insertRow(1);
    mSubtitle = new QCPTextElement(this, QString(), plotStyle::subtitleFont());
    plotLayout()->addElement(1, 0, mSubtitle);
    // With many keys their labels turn, and the corner under the query labels, left of them, is
    // empty: the subtitle stands there when it fits (updateTicks), centred under the labels.
    mCornerNote = new QCPItemText(this);
    mCornerNote->setFont(plotStyle::subtitleFont());
    mCornerNote->setClipToAxisRect(false);
    mCornerNote->position->setType(QCPItemPosition::ptAbsolute);
    mCornerNote->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    mCornerNote->setTextAlignment(Qt::AlignHCenter);
    mCornerNote->setVisible(false);
    connect(this, &QCustomPlot::afterLayout, this, [this] {
        const QRect cells = axisRect()->rect();
        mCornerNote->position->setCoords((viewport().left() + cells.left()) / 2.0,
                                         cells.bottom() + 12);
    });

    plotStyle::styleAxis(xAxis, tr("keys (tokens)"));
    plotStyle::styleAxis(yAxis, tr("queries"));
    xAxis->grid()->setVisible(false);
    yAxis->grid()->setVisible(false);
    yAxis->setRangeReversed(true); // query 1 at the top, as in a matrix
    xAxis->setTickLength(0, 4);
    yAxis->setTickLength(0, 4);

    // Cell boundaries: the secondary axes carry integer ticks offset by half a cell, and their
    // grid draws white lines between the cells (above the map, below the highlight).
    addLayer(QStringLiteral("cellgrid"), layer(QStringLiteral("main")), QCustomPlot::limAbove);
    addLayer(QStringLiteral("highlight"), layer(QStringLiteral("cellgrid")), QCustomPlot::limAbove);
    for (QCPAxis *axis : {xAxis2, yAxis2}) {
        axis->setVisible(true);
        axis->setTicks(false);
        axis->setTickLabels(false);
        axis->setBasePen(QPen(Qt::black, 1.5));
        QSharedPointer<QCPAxisTickerFixed> fixed(new QCPAxisTickerFixed);
        fixed->setTickStep(1);
        fixed->setScaleStrategy(QCPAxisTickerFixed::ssNone);
        axis->setTicker(fixed);
        axis->grid()->setLayer(QStringLiteral("cellgrid"));
        axis->grid()->setPen(QPen(Qt::white, 2));
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }
    yAxis2->setRangeReversed(true);

    setMaskedCellBackground(axisRect(), true); // (and again on a new theme)

    mMap = new QCPColorMap(xAxis, yAxis);
    mMap->setInterpolate(false);
    mMap->setTightBoundary(false);
    mMap->setGradient(plotStyle::viridis());
    mMap->setDataRange(QCPRange(0, 1));

    // The axis rect and the colour bar share one row of a sub-grid, so that the title rows
    // above span the full width.
    mScale = new QCPColorScale(this);
    auto *mapRow = new QCPLayoutGrid;
    QCPAxisRect *rect = axisRect();
    plotLayout()->take(rect);
    plotLayout()->addElement(2, 0, mapRow);
    mapRow->addElement(0, 0, rect);
    mapRow->addElement(0, 1, mScale);
    mapRow->setColumnStretchFactor(1, 0.001);
    mScale->setType(QCPAxis::atRight);
    mScale->setGradient(plotStyle::viridis());
    mScale->setDataRange(QCPRange(0, 1));
    mScale->setBarWidth(22);
    plotStyle::styleAxis(mScale->axis(), tr("weight w"));
    mScale->axis()->grid()->setVisible(false);
    mMap->setColorScale(mScale);
    auto *group = new QCPMarginGroup(this);
    axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, group);
    mScale->setMarginGroup(QCP::msTop | QCP::msBottom, group);

    // Every layout (window replot, resize, export at another size) re-checks that the blocks
    // fit the axis rect; afterLayout comes before drawing, so the same replot shows the result.
    connect(this, &QCustomPlot::afterLayout, this, &AttentionHeatmapView::rebinForLayout);

    mHighlight = new QCPItemRect(this);
    mHighlight->setLayer(QStringLiteral("highlight"));
    mHighlight->setPen(QPen(plotStyle::highlightColor(), 5));
    mHighlight->setBrush(Qt::NoBrush);
    mHighlight->setClipToAxisRect(false);
}

void AttentionHeatmapView::showAnalysis(const Analysis &analysis, int selectedQuery)
{
    const Scenario &s = analysis.scenario();
    const int m = s.m();
    const int T = s.T();
    mM = m;
    mT = T;
    mQueryLabels = s.queryLabels;
    mKeyLabels = s.keyLabels;
    mMask = analysis.mask();
    mSelected = std::clamp(selectedQuery, 0, std::max(0, m - 1));
    mSource = analysis.weak_from_this();

    xAxis->setRange(-0.5, T - 0.5);
    yAxis->setRange(-0.5, m - 0.5);
    xAxis2->setRange(0, T);
    yAxis2->setRange(0, m);
    xAxis2->grid()->setVisible(T <= maxCellsForGrid && m <= maxCellsForGrid);
    yAxis2->grid()->setVisible(T <= maxCellsForGrid && m <= maxCellsForGrid);

    mHighlight->topLeft->setCoords(-0.5, mSelected - 0.5);
    mHighlight->bottomRight->setCoords(T - 0.5, mSelected + 0.5);
    mHighlight->setVisible(m > 1);

    QString tauText = tr("τ = %1").arg(plotStyle::compact(analysis.tau()));
    if (s.temperatureMode == TemperatureMode::SqrtDk)
        tauText += tr(" = √d_k = √%1").arg(s.dK());
    const AttentionResult &att = analysis.attention();
    mEntmax = att.isEntmax();
    mThresholds.assign(size_t(m), std::nullopt);
    qint64 zeros = 0;
    if (mEntmax)
        for (int i = 0; i < m; ++i) {
            mThresholds[size_t(i)] = att.thresholdOf(i);
            if (att.defined[size_t(i)])
                zeros += att.visibleCount[i] - att.supportSize[i];
        }
    mTitle->setText(
        tr("Attention weights  w = %1(q·k / τ)").arg(plotStyle::normalizerName(att.alpha)));
    mSubtitleParts = QStringList{tauText};
    // The zeros are striped only where the cells carry their numbers (rebuildCellTexts).
    const bool marked = qint64(s.m()) * s.T() <= maxCellsForText;
    if (mEntmax)
        mSubtitleParts << (zeros == 1 ? tr("%1 (α = %2): %3 weight exactly 0%4")
                                      : tr("%1 (α = %2): %3 weights exactly 0%4"))
                              .arg(plotStyle::normalizerName(att.alpha),
                                   plotStyle::compact(att.alpha))
                              .arg(zeros)
                              .arg(marked ? tr(" (white stripes, “0”)") : QString());
    mSubtitleParts << (s.mask == MaskKind::Causal ? tr("causal mask: hatched cells are hidden")
                                                  : tr("no mask"))
                   << tr("each row sums to 1");
    mBaseParts = int(mSubtitleParts.size());

    // Lay the plot out for its current size first, so that the cells are binned for the axis
    // rect they will be drawn in (rebinForLayout() checks again at every replot).
    updateTicks();
    mRebinning = true; // this layout is for fillCells() below
    updateLayout();
    {
        // An aggregated grid's note takes a line under the title, which shrinks the axis rect:
        // lay out with it before binning, so that the cells are binned once, for the rect they
        // are drawn in (binned before the note and again after it, the max over every block
        // was half of a T = 4096 publish, perf, issue 19).
        const QSize px = axisRectPixels();
        int kr = 1;
        int kc = 1;
        heatmapFactors(mM, mT, px.height(), px.width(), &kr, &kc);
        if (kr > 1 || kc > 1) {
            mSubtitleParts << aggregationNote(kr, kc);
            updateTicks();
            updateLayout();
        }
    }
    mRebinning = false;
    fillCells(analysis);
    rebuildCellTexts();
    updateTicks();
    replot();
}

QSize AttentionHeatmapView::axisRectPixels() const
{
    const QRect r = axisRect()->rect();
    return QSize(std::max(1, r.width()), std::max(1, r.height()));
}

void AttentionHeatmapView::fillCells(const Analysis &analysis)
{
    const QSize px = axisRectPixels();
    int kr = 1;
    int kc = 1;
    heatmapFactors(mM, mT, px.height(), px.width(), &kr, &kc);
    mGrid = binWeightsByMax(analysis, kr, kc);
    ++mBinCount;
    applyGrid();
}

void AttentionHeatmapView::applyGrid()
{
    // QCustomPlot centres cells on the data range and collapses a single cell to zero width, so
    // a dimension of one cell gets the range ±0.5 around its centre. A block of k cells is
    // centred at its first index + (k − 1)/2; a last, shorter block is drawn full size and
    // clipped by the axis range.
    QCPColorMapData *data = mMap->data();
    const HeatmapGrid &g = mGrid;
    data->setSize(g.cols, g.rows);
    const double cx0 = (g.colFactor - 1) / 2.0;
    const double cy0 = (g.rowFactor - 1) / 2.0;
    const double cx1 = (g.cols - 1) * double(g.colFactor) + cx0;
    const double cy1 = (g.rows - 1) * double(g.rowFactor) + cy0;
    data->setRange(g.cols > 1 ? QCPRange(cx0, cx1)
                              : QCPRange(cx0 - 0.5 * g.colFactor, cx0 + 0.5 * g.colFactor),
                   g.rows > 1 ? QCPRange(cy0, cy1)
                              : QCPRange(cy0 - 0.5 * g.rowFactor, cy0 + 0.5 * g.rowFactor));
    bool anyMasked = false;
    for (int r = 0; r < g.rows; ++r)
        for (int c = 0; c < g.cols; ++c) {
            const double w = g.at(r, c);
            anyMasked = anyMasked || std::isnan(w);
            data->setCell(c, r, std::isnan(w) ? 0.0 : w);
        }
    if (anyMasked) {
        for (int r = 0; r < g.rows; ++r)
            for (int c = 0; c < g.cols; ++c)
                data->setAlpha(c, r, std::isnan(g.at(r, c)) ? 0 : 255);
    } else {
        data->clearAlpha();
    }

    // The visible note: aggregated cells say what they show.
    while (mSubtitleParts.size() > mBaseParts)
        mSubtitleParts.removeLast();
    if (g.isAggregated())
        mSubtitleParts << aggregationNote(g.rowFactor, g.colFactor);
}

QString AttentionHeatmapView::aggregationNote(int rowFactor, int colFactor) const
{
    return tr("%1×%2 cells > pixels: each cell shows the max of %3 × %4 weights")
        .arg(mM)
        .arg(mT)
        .arg(rowFactor)
        .arg(colFactor);
}

void AttentionHeatmapView::rebinForLayout()
{
    if (mRebinning || mM == 0 || mT == 0)
        return;
    const QSize px = axisRectPixels();
    int kr = 1;
    int kc = 1;
    heatmapFactors(mM, mT, px.height(), px.width(), &kr, &kc);
    if (kr == mGrid.rowFactor && kc == mGrid.colFactor)
        return;
    mRebinning = true;
    if (const std::shared_ptr<const Analysis> source = mSource.lock()) {
        mGrid = binWeightsByMax(*source, kr, kc);
        ++mBinCount;
        applyGrid();
    } else if (kr > mGrid.rowFactor || kc > mGrid.colFactor) {
        // The weights are gone: coarsen the blocks we have (by whole multiples, so that every
        // block still fits its pixels).
        const int fr = (kr + mGrid.rowFactor - 1) / mGrid.rowFactor;
        const int fc = (kc + mGrid.colFactor - 1) / mGrid.colFactor;
        mGrid = coarsen(mGrid, mM, mT, std::max(1, fr), std::max(1, fc));
        applyGrid();
    }
    // The weights printed in the cells follow the grid: a window's first showAnalysis() comes
    // before its layout, when the blocks are coarse and no text is made (issue 7: the default
    // lesson opened without the numbers in its cells).
    rebuildCellTexts();
    updateTicks(); // the subtitle and the cell texts' font
    mRebinning = false;
}

std::optional<Eigen::VectorXd> AttentionHeatmapView::weightsOfQuery(int i) const
{
    if (i < 0 || i >= mM)
        return std::nullopt;
    if (!mGrid.isAggregated()) {
        Eigen::VectorXd w(mT);
        for (int t = 0; t < mT; ++t)
            w[t] = mMask.visible(i, t) ? mMap->data()->cell(t, i) : 0.0;
        return w;
    }
    if (const std::shared_ptr<const Analysis> source = mSource.lock())
        return source->weightRow(i);
    return std::nullopt;
}

void AttentionHeatmapView::rebuildCellTexts()
{
    for (QCPItemText *item : mCellTexts)
        removeItem(item);
    mCellTexts.clear();
    for (QCPItemLine *item : mZeroStripes)
        removeItem(item);
    mZeroStripes.clear();
    QCPColorMapData *data = mMap->data();
    if (mGrid.isAggregated())
        return;
    const int T = data->keySize();
    const int m = data->valueSize();
    if (qint64(m) * T > maxCellsForText)
        return;
    for (int i = 0; i < m; ++i)
        for (int t = 0; t < T; ++t) {
            if (!mMask.visible(i, t))
                continue;
            const double w = data->cell(t, i);
            const bool exactZero = mEntmax && w == 0;
            if (exactZero) {
                // Exactly 0 (below the water line, MATH.md §7.4): striped, unlike a small w.
                addZeroStripes(t, i);
            }
            auto *text = new QCPItemText(this);
            text->setLayer(QStringLiteral("cellgrid"));
            text->position->setCoords(t, i);
            text->setText(exactZero ? QStringLiteral("0") : plotStyle::screenNumber(w, 'f', 2));
            // Dark text on the bright (yellow/green) end of viridis, white on the dark end.
            text->setColor(w > 0.55 ? Qt::black : Qt::white);
            text->setProperty(Appearance::onDataProperty, true); // in every theme
            text->setClipToAxisRect(true);
            mCellTexts.push_back(text);
        }
}

void AttentionHeatmapView::addZeroStripes(int t, int i)
{
    // Diagonal stripes x + y = c across the cell, in plot coordinates: they scale with the cell,
    // so an exported slide shows them as clearly as the window (a brush pattern is 8 device
    // pixels wide whatever the size, and reads as a flat colour when projected).
    const int stripes = stripesPerZero;
    const double x0 = t - 0.5, y0 = i - 0.5;
    for (int k = 1; k <= stripes; ++k) {
        const double c = 2.0 * k / (stripes + 1);
        auto *line = new QCPItemLine(this);
        line->setLayer(QStringLiteral("cellgrid"));
        if (c <= 1) {
            line->start->setCoords(x0 + c, y0);
            line->end->setCoords(x0, y0 + c);
        } else {
            line->start->setCoords(x0 + 1, y0 + c - 1);
            line->end->setCoords(x0 + c - 1, y0 + 1);
        }
        line->setPen(QPen(QColor(255, 255, 255, 150), 2.0));
        line->setProperty(Appearance::onDataProperty, true);
        line->setClipToAxisRect(true);
        mZeroStripes.push_back(line);
    }
}

void AttentionHeatmapView::updateTicks()
{
    const QSize size = layoutSize();
    // The axis rect is the plot minus the title, tick labels, axis labels and colour bar.
    const double xPixels = std::max(100, size.width() - 260);
    const double yPixels = std::max(80, size.height() - 215);
    // The subtitle on one line when it fits, else its parts packed into lines (below).
    const QString oneLine = mSubtitleParts.join(QStringLiteral("   ·   "));
    const bool fits = plotStyle::metrics(plotStyle::subtitleFont()).horizontalAdvance(oneLine) <
                      size.width() - 40;
    // Narrow: τ, the mask and the zeros (not "each row sums to 1"), as many a line as fit, and
    // the aggregation note when there is one; a part too wide for a line wraps (the note is
    // long). One part a line, the sparse figure presented had three lines where two do.
    // (The settings first, τ and the mask, then what they give: the zeros.)
    QStringList parts = mSubtitleParts.mid(0, mBaseParts - 1);
    if (parts.size() == 3)
        parts.swapItemsAt(1, 2);
    const QString packed =
        plotStyle::packParts(parts + mSubtitleParts.mid(mBaseParts), QStringLiteral("   ·   "),
                             plotStyle::subtitleFont(), size.width() - 40);
    // Ticks only when the labels or the room changed (thinning thousands of labels is not
    // free, and most edits change neither).
    if (xPixels != mTickPixels.width() || yPixels != mTickPixels.height() ||
        mKeyLabels != mTickedKeyLabels) {
        plotStyle::setCategoryTicks(xAxis, mKeyLabels, xPixels,
                                    plotStyle::crossLabelRoom(size.height()));
        mTickedKeyLabels = mKeyLabels;
    }
    if (yPixels != mTickPixels.height() || xPixels != mTickPixels.width() ||
        mQueryLabels != mTickedQueryLabels) {
        plotStyle::setCategoryTicks(yAxis, mQueryLabels, yPixels,
                                    plotStyle::crossLabelRoom(size.width()));
        mTickedQueryLabels = mQueryLabels;
    }
    mTickPixels = QSizeF(xPixels, yPixels);
    // The corner under the query labels and left of the turned key labels is as wide as the
    // axis rect's left margin and as tall as its bottom one (the labels and the axis names, not
    // the subtitle's row): laid out at the size being drawn. The subtitle stands there when
    // all its parts fit, else the narrow ones; in a row of its own otherwise. (The iris
    // scenario presented at 1280×800: thirty turned key labels, and the row under the title
    // left the cells 208 px of the 752 px window.)
    // (Only for a grid of whole cells, ≤ 60 a side: a larger one may be aggregated, with a note
    // that follows the cells' size, which the subtitle's place changes.)
    QString corner;
    if (xAxis->tickLabelRotation() != 0 && mSubtitleParts.size() == mBaseParts &&
        mM <= maxCellsForGrid && mT <= maxCellsForGrid) {
        const QRect drawn = viewport();
        setViewport(QRect(QPoint(0, 0), size));
        {
            // A measure only: no re-binning for it (afterLayout).
            const QSignalBlocker quiet(this);
            updateLayout();
        }
        const QMargins margins = axisRect()->margins();
        setViewport(drawn);
        const QFont font = plotStyle::subtitleFont();
        const QFontMetricsF fm = plotStyle::metrics(font);
        const double roomWidth = margins.left() - 16;
        const double roomHeight = margins.bottom() - 16;
        for (const QStringList &candidate :
             {mSubtitleParts, parts + mSubtitleParts.mid(mBaseParts)}) {
            // Each part whole on its line ("each row sums / to 1" read badly).
            const bool partsFit =
                std::all_of(candidate.begin(), candidate.end(), [&](const QString &part) {
                    return fm.horizontalAdvance(part) <= roomWidth;
                });
            const QString text =
                plotStyle::packParts(candidate, QStringLiteral("  ·  "), font, roomWidth);
            const bool fitsCorner =
                partsFit && (text.count(QLatin1Char('\n')) + 1) * fm.lineSpacing() <= roomHeight;
            if (fitsCorner) {
                corner = text;
                break;
            }
        }
    }
    mCornerNote->setFont(plotStyle::subtitleFont());
    mCornerNote->setText(corner);
    mCornerNote->setVisible(!corner.isEmpty());
    mSubtitle->setText(!corner.isEmpty() ? QString() : fits ? oneLine : packed);
    // Its row under the title only while it stands there.
    const bool inRow = plotLayout()->hasElement(1, 0) && plotLayout()->element(1, 0) == mSubtitle;
    // (A change here may come inside a layout, from the re-binning after it: then the replot
    // under way lays out the old rows, and another follows. A review's find; a heatmap given its
    // weights before its first layout did not show it in a test, other replots came first.)
    if (!corner.isEmpty() && inRow) {
        plotLayout()->take(mSubtitle);
        plotLayout()->simplify();
        replot(rpQueuedReplot);
    } else if (corner.isEmpty() && !inRow) {
        plotLayout()->insertRow(1);
        plotLayout()->addElement(1, 0, mSubtitle);
        replot(rpQueuedReplot);
    }

    // Cell texts: a font whose widest number fits the cell as drawn (the axis rect of the last
    // layout when there is one: in presentation mode the tick and axis labels take far more than
    // the estimate), hidden when that font would be too small to read; never wider than a cell.
    const int T = std::max(1, mT);
    const int m = std::max(1, mM);
    const QRect drawn = axisRect()->rect();
    double width = xPixels, height = yPixels;
    if (drawn.width() > 20 && drawn.height() > 20) {
        width = std::min<double>(width, drawn.width());
        height = std::min<double>(height, drawn.height());
    }
    const double cellW = width / T;
    const double cellH = height / m;
    QFont reference = plotStyle::tickFont();
    reference.setPointSizeF(20);
    reference.setBold(true);
    const QFontMetricsF fm = plotStyle::metrics(reference);
    const double textWidth = fm.horizontalAdvance(plotStyle::screenNumber(0.88, 'f', 2));
    const double points =
        std::min({22.0 * Appearance::instance()->fontScale(), 20.0 * 0.84 * cellW / textWidth,
                  20.0 * 0.8 * cellH / fm.height()});
    for (QCPItemText *text : mCellTexts) {
        text->setVisible(points >= 9);
        QFont f = plotStyle::tickFont();
        f.setPointSizeF(std::max(9.0, points));
        f.setBold(true);
        text->setFont(f);
    }
}

bool AttentionHeatmapView::cellAt(const QPointF &pos, int *query, int *key) const
{
    if (!axisRect()->rect().contains(pos.toPoint()))
        return false;
    const int t = int(std::lround(xAxis->pixelToCoord(pos.x())));
    const int i = int(std::lround(yAxis->pixelToCoord(pos.y())));
    if (t < 0 || t >= mT || i < 0 || i >= mM)
        return false;
    *query = i;
    *key = t;
    return true;
}

QString AttentionHeatmapView::toolTipAt(const QPointF &pos) const
{
    int i = 0;
    int t = 0;
    if (!cellAt(pos, &i, &t))
        return {};
    const QString head = tr("query %1 “%2” → key %3 “%4”")
                             .arg(i + 1)
                             .arg(mQueryLabels.value(i))
                             .arg(t + 1)
                             .arg(mKeyLabels.value(t));
    if (!mMask.visible(i, t))
        return head + tr("\nmasked: this query does not see this key (weight 0)");
    const std::optional<double> water =
        i < int(mThresholds.size()) ? mThresholds[size_t(i)] : std::nullopt;
    auto weightText = [&](double w) {
        if (!mEntmax || w != 0 || !water)
            return tr("\nweight w = %1").arg(plotStyle::exact(w));
        QString zero = tr("\nweight w = 0 exactly: below the threshold");
        if (const std::shared_ptr<const Analysis> source = mSource.lock())
            zero += tr("\n(score s = %1 ≤ water line %2)")
                        .arg(plotStyle::exact(source->attention().score(i, t)),
                             plotStyle::exact(*water));
        return zero;
    };
    if (!mGrid.isAggregated())
        return head + weightText(mMap->data()->cell(t, i));
    QString text = head;
    if (const std::optional<Eigen::VectorXd> w = weightsOfQuery(i))
        text += weightText((*w)[t]);
    const int r = i / mGrid.rowFactor;
    const int c = t / mGrid.colFactor;
    const double blockMax = mGrid.at(r, c);
    text += tr("\nthis cell: queries %1–%2 × keys %3–%4, max w = %5")
                .arg(r * mGrid.rowFactor + 1)
                .arg(std::min(mM, (r + 1) * mGrid.rowFactor))
                .arg(c * mGrid.colFactor + 1)
                .arg(std::min(mT, (c + 1) * mGrid.colFactor))
                .arg(plotStyle::exact(std::isnan(blockMax) ? 0.0 : blockMax));
    return text;
}

} // namespace sml

namespace sml {

void AttentionHeatmapView::mousePressEvent(QMouseEvent *event)
{
    int i = 0;
    int t = 0;
    if (event->button() == Qt::LeftButton && cellAt(event->position(), &i, &t))
        emit queryClicked(i);
    PlotView::mousePressEvent(event);
}

} // namespace sml

namespace sml {

QString AttentionHeatmapView::dataCsv() const
{
    // The exact weights, also when the drawn cells are aggregated (issue 5).
    QStringList header{QStringLiteral("query")};
    for (int t = 0; t < mT; ++t)
        header << mKeyLabels.value(t);
    QString out = csvLine(header);
    for (int i = 0; i < mM; ++i) {
        const std::optional<Eigen::VectorXd> w = weightsOfQuery(i);
        QStringList row{mQueryLabels.value(i)};
        for (int t = 0; t < mT; ++t)
            row << (w ? csvNumber(mMask.visible(i, t) ? (*w)[t] : 0.0) : QString());
        out += csvLine(row);
    }
    return out;
}

} // namespace sml
