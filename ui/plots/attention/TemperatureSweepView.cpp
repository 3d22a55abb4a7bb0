#include "plots/attention/TemperatureSweepView.h"

#include "Analysis.h"
#include "Entmax.h"
#include "style/PlotStyle.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace sml {

TemperatureSweepView::TemperatureSweepView(QWidget *parent) : PlotView(parent), mMarker(this)
{
    mTitle = addTitle();
    plotStyle::styleAxis(xAxis, tr("temperature τ  (log scale)"));
    plotStyle::styleAxis(yAxis, tr("weight w = softmax(q·k / τ)"));
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    // Log axis with labels at 1, 2, 5 × 10^k (set for the range in showAnalysis).
    xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    yAxis->setRange(0, 1.05);

    mSqrtDkLine = new QCPItemStraightLine(this);
    mSqrtDkLine->setPen(QPen(QColor(120, 120, 120), 2, Qt::DotLine));
    // A reference line, drawn with the grid: the curves and the current-τ label's box go over
    // it (it cut the "1" of "current τ = 1": a fresh reader).
    mSqrtDkLine->setLayer(QStringLiteral("grid"));
    mSqrtDkLabel = new QCPItemText(this);
    mSqrtDkLabel->setFont(plotStyle::subtitleFont());
    mSqrtDkLabel->setColor(QColor(90, 90, 90));
    mSqrtDkLabel->position->setTypeX(QCPItemPosition::ptPlotCoords);
    mSqrtDkLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    mSqrtDkLabel->setPadding(QMargins(6, 2, 6, 2));

    mNote = sweepParts::makeNote(this);
    sweepParts::addLegend(this);
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
        const Eigen::VectorXd w = entmax(mF / tau, mAlpha).weights; // finite: kept when swept
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
    mAlpha = analysis.attention().alpha;
    // The normalizer follows the scenario (MATH.md §7.4: keys leave the support as τ falls).
    yAxis->setLabel(tr("weight w = %1(q·k / τ)").arg(plotStyle::normalizerName(mAlpha)));
    const double sqrtDk = std::sqrt(double(s.dK()));
    mQueryLabel = s.queryLabels.value(i);

    for (QCPGraph *g : mGraphs)
        removeGraph(g);
    mGraphs.clear();
    mMarker.dots->data()->clear();
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
    mMarker.place(mTau, Eigen::VectorXd());
    const bool sqrtMode = s.temperatureMode == TemperatureMode::SqrtDk;
    mTauText = sqrtMode
                   ? tr("current τ = √d_k = √%1 ≈ %2").arg(s.dK()).arg(plotStyle::compact(mTau))
                   : tr("current τ = %1").arg(plotStyle::compact(mTau));
    mTauTextShort = tr("τ ≈ %1").arg(plotStyle::compact(mTau));
    mMarker.label->setText(mTauText);
    mMarker.label->position->setCoords(mTau, 0.02); // the side and text: updateTicks()
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
    // The weights at every sample: column s for sampleTaus[s] (only where f/τ stays finite).
    std::vector<double> sampleTaus;
    sampleTaus.reserve(taus.size());
    Eigen::MatrixXd sweep(n, Eigen::Index(taus.size()));
    for (double tau : taus) {
        const Eigen::VectorXd scores = mF / tau;
        if (!scores.allFinite())
            continue; // f/τ leaves the double range at this τ: no sample (never NaN)
        sweep.col(Eigen::Index(sampleTaus.size())) = entmax(scores, mAlpha).weights;
        sampleTaus.push_back(tau);
    }
    const Eigen::Index samplesKept = Eigen::Index(sampleTaus.size());
    mSampleTaus = sampleTaus;

    // Of the hundreds of smooth grey curves, every fifth sample (and the current τ): a few
    // pixels per segment still, and a fifth of the strokes (issue 5).
    mGraphs = sweepParts::addKeyLines(this, sweep.leftCols(samplesKept), sampleTaus, d.weights,
                                      mLabels, [&](bool thin, Eigen::Index k) {
                                          return !thin || k % 5 == 0 || k + 1 == samplesKept ||
                                                 sampleTaus[size_t(k)] == mTau;
                                      });
    // The weights at the current τ: dots where the lines cross the marker, drawn on top.
    mMarker.place(mTau, d.weights);
    // The weights fill the height: up to the largest weight of the sweep (one-hot gives 1).
    const double top = samplesKept > 0 ? sweep.leftCols(samplesKept).maxCoeff() : 0.0;
    yAxis->setRange(0, std::clamp(top * 1.1, 0.1, 1.05));
    updateTicks(); // after the legend is filled: its columns depend on the names
    replot();
}

void TemperatureSweepView::updateTicks()
{
    // The title, shortened to the width (the query's label can be long), and the legend, which
    // may stand beside the curves: the τ label's room below is what it leaves.
    const int legendBeside = sweepParts::fitToSize(
        this, mTitle, tr("Weights of query “%1” as the temperature τ varies").arg(mQueryLabel),
        tr("Weights vs τ · “%1”").arg(mQueryLabel), layoutSize());
    // Before the first layout, the plot's width estimated from the view's; fitToLayout() places
    // the label again in the plot as laid out.
    placeTauLabel(std::max(100, layoutSize().width() - 110 - legendBeside));
}

bool TemperatureSweepView::fitToLayout()
{
    if (axisRect()->width() > 50)
        placeTauLabel(axisRect()->width());
    return false; // the label lies inside the plot: the margins stay
}

void TemperatureSweepView::placeTauLabel(double axis)
{
    // The τ label on the side of its line with more room, shortened when even that is too
    // narrow (a narrow dock, large text).
    if (mTauText.isEmpty())
        return;
    const QCPRange r = xAxis->range();
    const auto fraction = [&r](double tau) {
        return r.lower > 0 && r.upper > r.lower && tau > 0
                   ? std::clamp((std::log(tau) - std::log(r.lower)) /
                                    (std::log(r.upper) - std::log(r.lower)),
                                0.0, 1.0)
                   : 0.5;
    };
    const double at = fraction(mTau);
    const QFontMetricsF fm = plotStyle::metrics(mMarker.label->font());
    const double padding = mMarker.label->padding().left() + mMarker.label->padding().right();
    const double full = fm.horizontalAdvance(mTauText) + padding;
    const double shortWidth = fm.horizontalAdvance(mTauTextShort) + padding;
    const auto roomOn = [&](bool right) { return (right ? 1 - at : at) * axis - 8; };
    bool right = at < 0.5; // the side with more room
    QString text = full <= roomOn(right) ? mTauText : mTauTextShort;
    // Not across the dashed √d_k line when the other side holds the label as it is (the line
    // cut the "1" of "current τ = 1" in the presented √d_k lesson: a fresh reader).
    if (mSqrtDkLine->visible()) {
        const double line = fraction(mSqrtDkLine->point1->coords().x()) * axis;
        const double here = at * axis;
        const double width = text == mTauText ? full : shortWidth;
        const bool crosses =
            right ? line > here && line < here + width + 4 : line < here && line > here - width - 4;
        // To the other side when it holds the same text (the whole text is not given up for
        // the short one: the line, on the grid's layer, then passes behind the label's box).
        if (crosses && width <= roomOn(!right))
            right = !right;
    }
    mMarker.label->setText(text);
    mMarker.label->setPositionAlignment(Qt::AlignTop | (right ? Qt::AlignLeft : Qt::AlignRight));
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
    const Eigen::VectorXd w = entmax(scores, mAlpha).weights;
    const Eigen::VectorXd current = entmax(mF / mTau, mAlpha).weights;
    int best = 0;
    const QString text = sweepParts::keyTip(yAxis, w, pos.y(), mVisible, mLabels,
                                            tr("τ = %1").arg(plotStyle::exact(tau)), &best);
    return text + tr("\nat the current τ = %1:  w = %2")
                      .arg(plotStyle::exact(mTau), plotStyle::exact(current[best]));
}

} // namespace sml
