#include "plots/attention/TemperatureSweepView.h"

#include "Analysis.h"
#include "style/PlotStyle.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace sml {

/// Okabe–Ito (colour-blind safe) without its yellow, which vanishes on white, plus a brown.
static QColor keyColor(int k)
{
    static const QColor colors[] = {
        QColor(0, 114, 178), QColor(230, 159, 0),  QColor(0, 158, 115), QColor(204, 121, 167),
        QColor(213, 94, 0),  QColor(86, 180, 233), QColor(0, 0, 0),     QColor(140, 90, 40)};
    return colors[k % 8];
}

TemperatureSweepView::TemperatureSweepView(QWidget *parent) : PlotView(parent)
{
    mTitle = addTitle();
    plotStyle::styleAxis(xAxis, tr("temperature τ  (log scale)"));
    plotStyle::styleAxis(yAxis, tr("weight w = softmax(q·k / τ)"));
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    // Log axis with labels at 1, 2, 5 × 10^k (set for the range in showAnalysis).
    xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    yAxis->setRange(0, 1.05);

    mTauLine = new QCPItemStraightLine(this);
    mTauLine->setPen(QPen(plotStyle::highlightColor(), 3));
    mAtTau = new QCPGraph(xAxis, yAxis);
    mAtTau->setLineStyle(QCPGraph::lsNone);
    mAtTau->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCircle, QPen(plotStyle::highlightColor(), 2), QBrush(Qt::white), 10));
    mAtTau->removeFromLegend();
    mTauLabel = new QCPItemText(this);
    mTauLabel->setFont(plotStyle::subtitleFont());
    mTauLabel->setColor(plotStyle::highlightColor().darker(120));
    mTauLabel->setBrush(QBrush(QColor(255, 255, 255, 215)));
    mTauLabel->position->setTypeX(QCPItemPosition::ptPlotCoords);
    mTauLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    mTauLabel->setPadding(QMargins(8, 2, 8, 2));
    mSqrtDkLine = new QCPItemStraightLine(this);
    mSqrtDkLine->setPen(QPen(QColor(120, 120, 120), 2, Qt::DotLine));
    mSqrtDkLabel = new QCPItemText(this);
    mSqrtDkLabel->setFont(plotStyle::subtitleFont());
    mSqrtDkLabel->setColor(QColor(90, 90, 90));
    mSqrtDkLabel->position->setTypeX(QCPItemPosition::ptPlotCoords);
    mSqrtDkLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    mSqrtDkLabel->setPadding(QMargins(6, 2, 6, 2));

    mNote = new QCPItemText(this);
    mNote->setFont(plotStyle::textFont());
    mNote->setColor(plotStyle::errorColor());
    mNote->position->setType(QCPItemPosition::ptAxisRectRatio);
    mNote->position->setCoords(0.5, 0.5);
    mNote->setVisible(false);

    plotStyle::addLegendRow(this, 1);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setWrap(2);
}

QCPGraph *TemperatureSweepView::keyGraph(int j) const
{
    return (j >= 0 && j < int(mGraphs.size())) ? mGraphs[size_t(j)] : nullptr;
}

QString TemperatureSweepView::dataCsv() const
{
    QStringList header{QStringLiteral("tau")};
    for (int j = 0; j < int(mF.size()); ++j)
        header << mLabels.value(j);
    QString out = csvLine(header);
    for (double tau : mSampleTaus) {
        const Eigen::VectorXd w = softmax(mF / tau).weights; // finite: kept when swept
        QStringList row{csvNumber(tau)};
        for (Eigen::Index j = 0; j < w.size(); ++j)
            row << csvNumber(w[j]);
        out += csvLine(row);
    }
    return out;
}

QString TemperatureSweepView::noteText() const
{
    return mNote->visible() ? mNote->text() : QString();
}

void TemperatureSweepView::showAnalysis(const Analysis &analysis, int selectedQuery)
{
    const Scenario &s = analysis.scenario();
    const int i = std::clamp(selectedQuery, 0, std::max(0, s.m() - 1));
    const auto shared = analysis.sharedDetail(i);
    const QueryDetail &d = *shared;
    mTau = analysis.tau();
    const double sqrtDk = std::sqrt(double(s.dK()));
    mQueryLabel = s.queryLabels.value(i);

    for (QCPGraph *g : mGraphs)
        removeGraph(g);
    mGraphs.clear();
    mAtTau->data()->clear();
    legend->clearItems();
    mVisible = d.defined ? d.visible : std::vector<int>();
    mF = d.defined ? d.similarities : Eigen::VectorXd();
    mSampleTaus.clear();
    mLabels.clear();
    for (int t : mVisible)
        mLabels << s.keyLabels.value(t);

    double lo = 0.05 * sqrtDk, hi = 20 * sqrtDk;
    if (mTau < lo)
        lo = mTau / 1.5;
    if (mTau > hi)
        hi = mTau * 1.5;
    xAxis->setRange(lo, hi);
    // Labels at 1, 2, 5 × 10^k while that gives a handful, else at powers of ten only.
    {
        QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
        const int first = int(std::floor(std::log10(lo))), last = int(std::ceil(std::log10(hi)));
        const bool fine = last - first <= 4;
        const int every = std::max(1, (last - first) / 8);
        for (int k = first; k <= last; ++k) {
            if (!fine && (k - first) % every != 0)
                continue;
            for (double m : fine ? std::vector<double>{1, 2, 5} : std::vector<double>{1}) {
                const double tick = m * std::pow(10.0, k);
                if (tick >= lo && tick <= hi)
                    ticker->addTick(tick, QLocale().toString(tick, 'g', 6));
            }
        }
        xAxis->setTicker(ticker);
    }
    mTauLine->point1->setCoords(mTau, 0);
    mTauLine->point2->setCoords(mTau, 1);
    const bool sqrtMode = s.temperatureMode == TemperatureMode::SqrtDk;
    mTauText = sqrtMode
                   ? tr("current τ = √d_k = √%1 ≈ %2").arg(s.dK()).arg(plotStyle::compact(mTau))
                   : tr("current τ = %1").arg(plotStyle::compact(mTau));
    mTauTextShort = tr("τ ≈ %1").arg(plotStyle::compact(mTau));
    mTauLabel->setText(mTauText);
    mTauLabel->position->setCoords(mTau, 0.02); // the side and text: updateTicks()
    mSqrtDkLine->setVisible(!sqrtMode && std::abs(sqrtDk - mTau) > 1e-12 * sqrtDk);
    mSqrtDkLine->point1->setCoords(sqrtDk, 0);
    mSqrtDkLine->point2->setCoords(sqrtDk, 1);
    mSqrtDkLabel->setVisible(mSqrtDkLine->visible());
    mSqrtDkLabel->setText(tr("τ = √d_k = √%1").arg(s.dK()));
    // On the other side of its line from the current-τ label when the two are close.
    const bool sqrtLeft = sqrtDk < mTau;
    mSqrtDkLabel->position->setCoords(sqrtDk, 0.12);
    mSqrtDkLabel->setPositionAlignment(Qt::AlignTop | (sqrtLeft ? Qt::AlignRight : Qt::AlignLeft));

    if (!d.defined) {
        mNote->setText(d.warnings.isEmpty() ? tr("This query sees no key.") : d.warnings.first());
        mNote->setVisible(true);
        updateTicks();
        replot();
        return;
    }
    mNote->setVisible(false);

    // τ samples: log-spaced, plus the current τ itself (so the lines there are exactly w).
    constexpr int samples = 300;
    std::vector<double> taus;
    taus.reserve(samples + 1);
    for (int k = 0; k < samples; ++k)
        taus.push_back(std::exp(std::log(lo) + (std::log(hi) - std::log(lo)) * k / (samples - 1)));
    taus.push_back(mTau);
    std::sort(taus.begin(), taus.end());
    taus.erase(std::unique(taus.begin(), taus.end()), taus.end());

    const int n = int(mF.size());
    constexpr int manyGreyCurves = 64;
    // The weights at every sample: column s for sampleTaus[s] (only where f/τ stays finite).
    std::vector<double> sampleTaus;
    sampleTaus.reserve(taus.size());
    Eigen::MatrixXd sweep(n, Eigen::Index(taus.size()));
    for (double tau : taus) {
        const Eigen::VectorXd scores = mF / tau;
        if (!scores.allFinite())
            continue; // f/τ leaves the double range at this τ: no sample (never NaN)
        sweep.col(Eigen::Index(sampleTaus.size())) = softmax(scores).weights;
        sampleTaus.push_back(tau);
    }
    const Eigen::Index samplesKept = Eigen::Index(sampleTaus.size());
    mSampleTaus = sampleTaus;

    // Colours: all keys when there are at most eight; else the seven heaviest at the current τ.
    std::vector<int> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return d.weights[a] > d.weights[b]; });
    const int coloured = n <= 8 ? n : 7;
    std::vector<int> rank(static_cast<size_t>(n));
    for (int r = 0; r < n; ++r)
        rank[size_t(order[size_t(r)])] = r;
    const QFont font = plotStyle::legendFont();
    QCPGraph *firstGrey = nullptr;
    for (int j = 0; j < n; ++j) {
        auto *g = new QCPGraph(xAxis, yAxis);
        const int r = rank[size_t(j)];
        // Of the hundreds of smooth grey curves, every fifth sample (and the current τ): a few
        // pixels per segment still, and a fifth of the strokes (issue 5).
        const bool thin = r >= coloured && n > manyGreyCurves;
        QVector<QCPGraphData> data;
        data.reserve(samplesKept);
        for (Eigen::Index k = 0; k < samplesKept; ++k)
            if (!thin || k % 5 == 0 || k + 1 == samplesKept || sampleTaus[size_t(k)] == mTau)
                data.append(QCPGraphData(sampleTaus[size_t(k)], sweep(j, k)));
        g->data()->set(data, true);
        g->removeFromLegend();
        if (r < coloured) {
            g->setPen(QPen(keyColor(n <= 8 ? j : r), 3));
            g->setName(plotStyle::elide(mLabels.value(j), font, 200));
        } else {
            // 1 px: drawn directly by Qt; wider pens go through threaded span fills, which
            // made dozens of grey curves most of the replot (issue 5).
            g->setPen(QPen(QColor(150, 150, 150, 150), 1));
            g->setLayer(QStringLiteral("grid"));
            // Hundreds of them (self-attention over a long sequence): without antialiasing,
            // which made their 300-point polylines most of the replot at T = 512 (issue 5).
            if (n > manyGreyCurves)
                g->setAntialiased(false);
            if (!firstGrey)
                firstGrey = g;
        }
        mGraphs.push_back(g);
    }
    // The weights at the current τ: dots where the lines cross the marker, drawn on top.
    QVector<double> dotKeys, dotValues;
    for (int j = 0; j < n; ++j) {
        dotKeys << mTau;
        dotValues << d.weights[j];
    }
    mAtTau->setData(dotKeys, dotValues);
    mAtTau->setLayer(QStringLiteral("legend"));
    // Legend in key order, the grey "others" entry last.
    for (int j = 0; j < n; ++j)
        if (rank[size_t(j)] < coloured)
            mGraphs[size_t(j)]->addToLegend();
    if (firstGrey) {
        firstGrey->setName(tr("the %1 other keys").arg(n - coloured));
        firstGrey->addToLegend();
    }
    // The weights fill the height: up to the largest weight of the sweep (one-hot gives 1).
    const double top = samplesKept > 0 ? sweep.leftCols(samplesKept).maxCoeff() : 0.0;
    yAxis->setRange(0, std::clamp(top * 1.1, 0.1, 1.05));
    updateTicks(); // after the legend is filled: its columns depend on the names
    replot();
}

void TemperatureSweepView::updateTicks()
{
    // The τ label on the side of its line with more room, shortened when even that is too
    // narrow (a narrow dock, large text).
    if (!mTauText.isEmpty()) {
        const QCPRange r = xAxis->range();
        const double at = r.lower > 0 && r.upper > r.lower && mTau > 0
                              ? std::clamp((std::log(mTau) - std::log(r.lower)) /
                                               (std::log(r.upper) - std::log(r.lower)),
                                           0.0, 1.0)
                              : 0.5;
        const double axis = std::max(100, layoutSize().width() - 110);
        const double room = std::max(at, 1 - at) * axis - 8;
        const QFontMetricsF fm = plotStyle::metrics(mTauLabel->font());
        const double padding = mTauLabel->padding().left() + mTauLabel->padding().right();
        mTauLabel->setText(fm.horizontalAdvance(mTauText) + padding <= room ? mTauText
                                                                            : mTauTextShort);
        mTauLabel->setPositionAlignment(Qt::AlignTop | (at < 0.5 ? Qt::AlignLeft : Qt::AlignRight));
    }
    yAxis->ticker()->setTickCount(std::clamp(layoutSize().height() / 90, 3, 6));
    // As many legend columns as fit the width (the legend must not set a minimum width).
    double widest = 0;
    const QFontMetricsF fm = plotStyle::metrics(plotStyle::legendFont());
    for (int k = 0; k < legend->itemCount(); ++k)
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(k)))
            widest = std::max(widest, fm.horizontalAdvance(item->plottable()->name()) + 45);
    const double spacing = legend->columnSpacing();
    const int columns =
        widest > 0 ? std::max(1, int((layoutSize().width() - 40 + spacing) / (widest + spacing)))
                   : 1;
    if (columns != legend->wrap()) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLegend::foColumnsFirst, true); // rearrange the entries
    }
    // The title, shortened to the width (the query's label can be long).
    QString title = tr("Weights of query “%1” as the temperature τ varies").arg(mQueryLabel);
    if (plotStyle::metrics(plotStyle::titleFont()).horizontalAdvance(title) >
        layoutSize().width() - 24)
        title = tr("Weights vs τ · “%1”").arg(mQueryLabel);
    mTitle->setText(plotStyle::elide(title, plotStyle::titleFont(), layoutSize().width() - 24));
}

QString TemperatureSweepView::toolTipAt(const QPointF &pos) const
{
    if (!axisRect()->rect().contains(pos.toPoint()))
        return {};
    if (mF.size() == 0)
        return noteText();
    const double tau = xAxis->pixelToCoord(pos.x());
    if (!(tau > 0) || !std::isfinite(tau))
        return {};
    const Eigen::VectorXd scores = mF / tau;
    if (!scores.allFinite())
        return tr("τ = %1: the scores q·k/τ leave the double range").arg(plotStyle::exact(tau));
    const Eigen::VectorXd w = softmax(scores).weights;
    const Eigen::VectorXd current = softmax(mF / mTau).weights;
    int best = 0;
    double bestDistance = 1e300;
    for (int j = 0; j < int(w.size()); ++j) {
        const double distance = std::abs(yAxis->coordToPixel(w[j]) - pos.y());
        if (distance < bestDistance) {
            bestDistance = distance;
            best = j;
        }
    }
    return tr("key %1 “%2”\nτ = %3:  w = %4\nat the current τ = %5:  w = %6")
        .arg(mVisible[size_t(best)] + 1)
        .arg(mLabels.value(best))
        .arg(plotStyle::exact(tau), plotStyle::exact(w[best]), plotStyle::exact(mTau),
             plotStyle::exact(current[best]));
}

} // namespace sml
