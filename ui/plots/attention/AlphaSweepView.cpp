#include "plots/attention/AlphaSweepView.h"

#include "Analysis.h"
#include "Entmax.h"
#include "plots/MarkerGraph.h"
#include "style/PlotStyle.h"

#include <algorithm>
#include <cmath>

namespace sml {

static constexpr double alphaLo = 1;
static constexpr double alphaHi = 4;

AlphaSweepView::AlphaSweepView(QWidget *parent) : PlotView(parent), mMarker(this)
{
    mTitle = addTitle();
    plotStyle::styleAxis(xAxis, tr("α of α-entmax  (1 = softmax, 2 = sparsemax)"));
    plotStyle::styleAxis(yAxis, tr("weight w = entmax_α(q·k / τ)"));
    xAxis->setRange(alphaLo - 0.05, alphaHi + 0.05);
    yAxis->setRange(0, 1.05);

    mDropOut = new MarkerGraph(xAxis, yAxis); // its legend icon is the cross as drawn
    mDropOut->setLineStyle(QCPGraph::lsNone);
    mDropOut->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCross, QPen(QColor(60, 60, 60), 2.5), Qt::NoBrush, 14));
    mDropOut->setName(tr("w reaches exactly 0"));
    mNote = sweepParts::makeNote(this);
    sweepParts::addLegend(this);
}

QCPGraph *AlphaSweepView::keyGraph(int j) const
{
    return (j >= 0 && j < int(mGraphs.size())) ? mGraphs[size_t(j)] : nullptr;
}

double AlphaSweepView::dropOutAlpha(int j) const
{
    return (j >= 0 && j < int(mDropOutAlpha.size())) ? mDropOutAlpha[size_t(j)] : 0.0;
}

QString AlphaSweepView::noteText() const
{
    return mNote->visible() ? mNote->text() : QString();
}

QString AlphaSweepView::dataCsv() const
{
    QStringList header{QStringLiteral("alpha")};
    for (int j = 0; j < int(mScores.size()); ++j)
        header << mLabels.value(j);
    QString out = csvLine(header);
    for (double alpha : mSampleAlphas) {
        const Eigen::VectorXd w = entmax(mScores, alpha).weights;
        QStringList row{csvNumber(alpha)};
        for (Eigen::Index j = 0; j < w.size(); ++j)
            row << csvNumber(w[j]);
        out += csvLine(row);
    }
    return out;
}

void AlphaSweepView::showAnalysis(const Analysis &analysis, int selectedQuery)
{
    const Scenario &s = analysis.scenario();
    const int i = std::clamp(selectedQuery, 0, std::max(0, s.m() - 1));
    const auto shared = analysis.sharedDetail(i);
    const QueryDetail &d = *shared;
    mAlpha = analysis.attention().alpha;
    mQueryLabel = s.queryLabels.value(i);

    for (QCPGraph *g : mGraphs)
        removeGraph(g);
    mGraphs.clear();
    mDropOutAlpha.clear();
    mDropOut->data()->clear();
    legend->clearItems();
    mVisible = d.defined ? d.visible : std::vector<int>();
    mScores = d.defined ? d.scores : Eigen::VectorXd();
    mSampleAlphas.clear();
    mLabels.clear();
    for (int t : mVisible)
        mLabels << s.keyLabels.value(t);

    mMarker.place(mAlpha, Eigen::VectorXd());
    mMarker.label->setText(tr("current α = %1 (%2)")
                               .arg(plotStyle::compact(mAlpha), plotStyle::normalizerName(mAlpha)));
    mMarker.label->position->setCoords(mAlpha, 0.02);
    mMarker.label->setPositionAlignment(Qt::AlignTop |
                                        (mAlpha < 2.5 ? Qt::AlignLeft : Qt::AlignRight));

    if (!d.defined) {
        mNote->setText(d.warnings.isEmpty() ? tr("This query sees no key.") : d.warnings.first());
        mNote->setVisible(true);
        updateTicks();
        replot();
        return;
    }
    mNote->setVisible(false);

    // α samples: 1 + 3k/steps (so 1, 1.5, 2 and 4 are exact samples), plus the current α;
    // fewer for very long rows (each sample is an entmax of the row).
    const int n = int(mScores.size());
    const int steps = n > 1024 ? 60 : n > 128 ? 150 : 300;
    for (int k = 0; k <= steps; ++k)
        mSampleAlphas.push_back(alphaLo + (alphaHi - alphaLo) * k / steps);
    mSampleAlphas.push_back(mAlpha);
    std::sort(mSampleAlphas.begin(), mSampleAlphas.end());
    mSampleAlphas.erase(std::unique(mSampleAlphas.begin(), mSampleAlphas.end()),
                        mSampleAlphas.end());
    const Eigen::Index samples = Eigen::Index(mSampleAlphas.size());
    Eigen::MatrixXd sweep(n, samples);
    for (Eigen::Index k = 0; k < samples; ++k)
        sweep.col(k) = entmax(mScores, mSampleAlphas[size_t(k)]).weights;

    mGraphs = sweepParts::addKeyLines(this, sweep, mSampleAlphas, d.weights, mLabels,
                                      [](bool, Eigen::Index) { return true; });
    // Where each key first reaches exactly 0 (leaves the support), a cross on the axis.
    QVector<double> dropKeys, dropValues;
    for (int j = 0; j < n; ++j) {
        double drop = 0;
        for (Eigen::Index k = 0; k < samples && drop == 0; ++k)
            if (sweep(j, k) == 0)
                drop = mSampleAlphas[size_t(k)];
        mDropOutAlpha.push_back(drop);
        if (drop > 0) {
            dropKeys << drop;
            dropValues << 0.0;
        }
    }
    mDropOut->setData(dropKeys, dropValues, true);
    mDropOut->setLayer(QStringLiteral("legend"));
    mMarker.place(mAlpha, d.weights);
    if (!dropKeys.isEmpty())
        mDropOut->addToLegend();
    const double top = samples > 0 ? sweep.maxCoeff() : 0.0;
    yAxis->setRange(-0.02, std::clamp(top * 1.1, 0.1, 1.05));
    updateTicks();
    replot();
}

void AlphaSweepView::updateTicks()
{
    sweepParts::fitToSize(
        this, mTitle, tr("Weights of query “%1” as α runs from softmax to sparse").arg(mQueryLabel),
        tr("Weights vs α · “%1”").arg(mQueryLabel), layoutSize());
}

QString AlphaSweepView::toolTipAt(const QPointF &pos) const
{
    if (!axisRect()->rect().contains(pos.toPoint()))
        return {};
    if (mScores.size() == 0)
        return noteText();
    const double alpha = std::clamp(xAxis->pixelToCoord(pos.x()), alphaLo, alphaHi);
    const Eigen::VectorXd w = entmax(mScores, alpha).weights;
    int best = 0;
    QString text = sweepParts::keyTip(yAxis, w, pos.y(), mVisible, mLabels,
                                      tr("α = %1").arg(plotStyle::exact(alpha)), &best);
    if (const double drop = dropOutAlpha(best); drop > 0)
        text += tr("\nfirst exactly 0 at α ≈ %1").arg(plotStyle::compact(drop));
    return text;
}

} // namespace sml
