#include "plots/maxent/MaxEntOptimizerPlot.h"

#include "Analysis.h"
#include "plots/AxisLabelVariants.h"
#include "plots/maxent/MaxEntLambdaPlot.h"
#include "style/PlotStyle.h"

#include <algorithm>
#include <cmath>

namespace sml {

static QCPGraph *iterationGraph(QCPAxisRect *rect, const QString &name, const QColor &color,
                                QCPScatterStyle::ScatterShape shape, Qt::PenStyle style)
{
    auto *g = new QCPGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    g->setName(name);
    g->setPen(QPen(color, 2.5, style));
    g->setScatterStyle(QCPScatterStyle(shape, QPen(color, 2), QBrush(Qt::white), 9));
    return g;
}

MaxEntOptimizerPlot::MaxEntOptimizerPlot(QWidget *parent) : PlotView(parent)
{
    // Two axis rects side by side in one row, under a title and a legend row.
    mDualRect = axisRect();
    plotLayout()->take(mDualRect);
    plotLayout()->simplify();
    mPanes = new QCPLayoutGrid;
    plotLayout()->addElement(0, 0, mPanes);
    mDistanceRect = new QCPAxisRect(this);
    mPanes->addElement(0, 0, mDualRect);
    mPanes->addElement(0, 1, mDistanceRect);
    mPanes->setColumnSpacing(24);
    mPanes->setRowSpacing(12);

    mTitle = addTitle();
    QSharedPointer<QCPAxisTickerFixed> iterationTicker(new QCPAxisTickerFixed);
    iterationTicker->setTickStep(1);
    iterationTicker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    for (QCPAxisRect *rect : {mDualRect, mDistanceRect}) {
        plotStyle::styleAxis(rect->axis(QCPAxis::atBottom), tr("iteration n"));
        rect->axis(QCPAxis::atBottom)->setTicker(iterationTicker);
    }
    plotStyle::styleAxis(mDualRect->axis(QCPAxis::atLeft), tr("dual g = log Z − λμ"));
    QCPAxis *distanceAxis = mDistanceRect->axis(QCPAxis::atLeft);
    plotStyle::styleAxis(distanceAxis, tr("|λ⁽ⁿ⁾ − λ*|  (log)"));
    distanceAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> logTicker(new QCPAxisTickerLog);
    logTicker->setLogBase(10);
    logTicker->setSubTickCount(0);
    distanceAxis->setTicker(logTicker);
    distanceAxis->setNumberFormat(QStringLiteral("eb"));
    distanceAxis->setNumberPrecision(0);

    const QColor newton = MaxEntLambdaPlot::newtonColor();
    const QColor gis = MaxEntLambdaPlot::gisColor();
    mNewtonDual = iterationGraph(mDualRect, tr("safeguarded Newton"), newton,
                                 QCPScatterStyle::ssSquare, Qt::SolidLine);
    mGisDual = iterationGraph(mDualRect, tr("GIS (iterative scaling)"), gis,
                              QCPScatterStyle::ssTriangle, Qt::SolidLine);
    mDualStar = new QCPGraph(mDualRect->axis(QCPAxis::atBottom), mDualRect->axis(QCPAxis::atLeft));
    mDualStar->setName(tr("minimum g(λ*) = H(p*)"));
    mDualStar->setPen(QPen(plotStyle::maxentColor(), 2.5, Qt::DashLine));
    mNewtonDistance = iterationGraph(mDistanceRect, tr("Newton"), newton, QCPScatterStyle::ssSquare,
                                     Qt::SolidLine);
    mGisDistance =
        iterationGraph(mDistanceRect, tr("GIS"), gis, QCPScatterStyle::ssTriangle, Qt::SolidLine);
    mNewtonDistance->removeFromLegend();
    mGisDistance->removeFromLegend();

    plotStyle::addLegendRow(this, 1);

    // The readout: a row under the plots, one line when it fits (updateTicks).
    mSummary = new QCPTextElement(this, QString(), plotStyle::subtitleFont());
    plotLayout()->addElement(plotLayout()->rowCount(), 0, mSummary);
    plotLayout()->setRowStretchFactor(plotLayout()->rowCount() - 1, 0.001);

    mProblem = new QCPItemText(this);
    mProblem->setClipToAxisRect(false);
    mProblem->position->setType(QCPItemPosition::ptViewportRatio);
    mProblem->position->setCoords(0.5, 0.55);
    mProblem->setPositionAlignment(Qt::AlignCenter);
    mProblem->setTextAlignment(Qt::AlignCenter);
    mProblem->setFont(plotStyle::textFont());
    mProblem->setColor(plotStyle::mleColor().darker(170));
    mProblem->setBrush(QBrush(QColor(255, 255, 255, 235)));
    mProblem->setPadding(QMargins(10, 8, 10, 8));
    mProblem->setVisible(false);
}

QString MaxEntOptimizerPlot::summaryText() const
{
    return mProblem->visible() ? mProblem->text() : mSummaryParts.join(QLatin1Char('\n'));
}

void MaxEntOptimizerPlot::removeTitle()
{
    if (!mTitle)
        return;
    plotLayout()->remove(mTitle);
    plotLayout()->simplify();
    mTitle = nullptr;
}

/// Breaks a long message into lines of about `width` characters at spaces.
static QString wrapped(const QString &text, int width)
{
    QStringList lines;
    QString line;
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!line.isEmpty() && line.size() + 1 + word.size() > width) {
            lines << line;
            line.clear();
        }
        line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
    }
    if (!line.isEmpty())
        lines << line;
    return lines.join(QLatin1Char('\n'));
}

void MaxEntOptimizerPlot::showAnalysis(const Analysis &analysis, int selectedQuery)
{
    const Scenario &s = analysis.scenario();
    const int i = std::clamp(selectedQuery, 0, std::max(0, s.m() - 1));
    MaxEntIterates iterates(*analysis.sharedDetail(i));
    const int n = iterates.isSolvable()
                      ? std::max(iterates.lastIteration(MaxEntIterates::Method::Newton),
                                 iterates.lastIteration(MaxEntIterates::Method::Gis))
                      : 0;
    showProgress(iterates, s.queryLabels.value(i), n, true, true);
}

void MaxEntOptimizerPlot::showProgress(MaxEntIterates &it, const QString &queryLabel, int n,
                                       bool newton, bool gis)
{
    using Method = MaxEntIterates::Method;
    mNewton = Shown();
    mGis = Shown();
    for (QCPGraph *g : {mNewtonDual, mGisDual, mDualStar, mNewtonDistance, mGisDistance})
        g->data()->clear();
    if (mTitle)
        mTitle->setText(tr("Solving for λ from λ = 0 · query “%1”").arg(queryLabel));
    mProblem->setVisible(!it.isSolvable());
    mSummaryParts.clear();
    // The names follow the problem: the Shannon MaxEnt (Newton and GIS, §5.5) or the Tsallis one
    // (Newton/bisection, §7.3).
    mAlpha = it.alpha();
    const bool tsallis = mAlpha > 1;
    mNewtonDual->setName(tsallis ? tr("Newton / bisection (Tsallis, §7.3)")
                                 : tr("safeguarded Newton"));
    mDualStar->setName(tsallis ? tr("minimum g(λ*) = H_α(p*)") : tr("minimum g(λ*) = H(p*)"));
    if (tsallis || !gis)
        mGisDual->removeFromLegend();
    else if (!legend->hasItemWithPlottable(mGisDual))
        mGisDual->addToLegend();
    gis = gis && it.hasGis();
    if (!it.isSolvable()) {
        const int chars = std::max(30, int(layoutSize().width() / 11));
        mProblem->setText(wrapped(it.problem(), chars));
        mDualRect->axis(QCPAxis::atBottom)->setRange(0, 5);
        mDualRect->axis(QCPAxis::atLeft)->setRange(0, 1);
        mDistanceRect->axis(QCPAxis::atBottom)->setRange(0, 5);
        mDistanceRect->axis(QCPAxis::atLeft)->setRange(1e-16, 1);
        updateTicks();
        replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    mLambdaStar = it.lambdaStar();
    mMu = it.target();

    int lastShown = 0;
    double gLo = it.dualAtSolution(), gHi = it.dualAtSolution();
    double dLo = 1e300, dHi = 0;
    QStringList lines;
    lines << (it.lambdaStarIsClosedForm() ? tr("λ* = 1/τ = %1").arg(plotStyle::compact(mLambdaStar))
                                          : tr("λ* = %1").arg(plotStyle::compact(mLambdaStar)));
    auto run = [&](Method method, bool on, Shown &shown, QCPGraph *dual, QCPGraph *distance,
                   const QString &name) {
        if (!on)
            return;
        QVector<double> ks, gs, dks, ds;
        int k = 0;
        for (;; ++k) {
            const double lambda = it.lambdaAt(method, k);
            const double g = it.dualAt(method, k);
            const double d = it.distanceAt(method, k);
            shown.lambdas.push_back(lambda);
            shown.duals.push_back(g);
            shown.distances.push_back(d);
            ks << k;
            gs << g;
            gLo = std::min(gLo, g);
            gHi = std::max(gHi, g);
            if (d > 0) { // the log axis has no 0: an exact hit ends the line
                dks << k;
                ds << d;
                dLo = std::min(dLo, d);
                dHi = std::max(dHi, d);
            }
            if (k >= n || it.finishedAt(method, k))
                break;
        }
        dual->setData(ks, gs, true);
        distance->setData(dks, ds, true);
        // A marker per iterate while they can be told apart (about 60 across the plot); after
        // that every k-th one, so that hundreds of GIS iterates stay a line, not a smear.
        for (QCPGraph *g : {dual, distance})
            g->setScatterSkip(std::max(0, int(ks.size()) / 60));
        lastShown = std::max(lastShown, k);
        const bool done = it.finishedAt(method, k);
        QString line = tr("%1: n = %2,  |λ⁽ⁿ⁾ − λ*| = %3")
                           .arg(name)
                           .arg(k)
                           .arg(plotStyle::compact(shown.distances.back()));
        if (done)
            line += method == Method::Gis && it.gisHitCap() ? tr("  (stopped)") : tr("  ✓");
        lines << line;
    };
    run(Method::Newton, newton, mNewton, mNewtonDual, mNewtonDistance,
        tsallis ? tr("Newton/bisection") : tr("Newton"));
    run(Method::Gis, gis, mGis, mGisDual, mGisDistance, tr("GIS"));

    const double xMax = std::max(4, lastShown) + 0.5;
    mDualStar->setData(QVector<double>{-0.5, xMax},
                       QVector<double>{it.dualAtSolution(), it.dualAtSolution()}, true);
    for (QCPAxisRect *rect : {mDualRect, mDistanceRect})
        rect->axis(QCPAxis::atBottom)->setRange(-0.5, xMax);
    const double gPad = std::max(0.06 * (gHi - gLo), 1e-3 * std::max(1.0, std::abs(gHi)));
    mDualRect->axis(QCPAxis::atLeft)->setRange(gLo - gPad, gHi + gPad);
    // A fixed floor near machine precision, so the fall of the distance over the decades shows
    // from the first iteration on (and Newton's cliff against GIS's slope).
    const double top = dHi > 0 ? std::max(3 * dHi, 1.0) : 1.0;
    const double floor =
        dHi > 0 ? std::min(1e-17 * std::max(1.0, std::abs(mLambdaStar)), dLo / 3) : 1e-17;
    mDistanceRect->axis(QCPAxis::atLeft)->setRange(std::max(floor, 1e-300), top);
    mSummaryParts = lines;
    updateTicks();
    replot(QCustomPlot::rpQueuedReplot);
}

void MaxEntOptimizerPlot::arrangePanes(bool stacked)
{
    if (stacked == mStacked)
        return;
    mStacked = stacked;
    mPanes->take(mDistanceRect);
    mPanes->simplify();
    if (stacked)
        mPanes->addElement(1, 0, mDistanceRect);
    else
        mPanes->addElement(0, 1, mDistanceRect);
}

bool MaxEntOptimizerPlot::panesStackAt(int width)
{
    // Each pane needs room for its axis name, tick labels and a readable plot: about 15 lines of
    // the axis label font across (so larger presentation text stacks them sooner).
    const double line = plotStyle::metrics(plotStyle::axisLabelFont()).height();
    return width < 2 * 15 * line + 40;
}

void MaxEntOptimizerPlot::updateTicks()
{
    const QSize size = layoutSize();
    arrangePanes(panesStackAt(size.width()));
    plotStyle::fitLegendColumns(legend, size.width() - 16);
    const QString dualFull =
        mAlpha > 1 ? tr("dual g = λ(E_λ[f] − μ) + H_α") : tr("dual g = log Z − λμ");
    // λ* and the methods on one line when they fit the width, else one per line.
    const QString oneLine = mSummaryParts.join(QStringLiteral("     "));
    const bool fits =
        plotStyle::metrics(mSummary->font()).horizontalAdvance(oneLine) <= size.width() - 20;
    mSummary->setText(fits ? oneLine : mSummaryParts.join(QLatin1Char('\n')));
    // The axis names and tick counts fit the axes of a layout at this size (see
    // MaxEntLambdaPlot).
    const QRect drawn = viewport();
    setViewport(QRect(QPoint(0, 0), size));
    updateLayout();
    axisLabelVariants::set(mDualRect->axis(QCPAxis::atLeft),
                           {dualFull, tr("dual g(λ)"), tr("g(λ)")});
    axisLabelVariants::set(mDistanceRect->axis(QCPAxis::atLeft),
                           {tr("|λ⁽ⁿ⁾ − λ*|  (log)"), tr("|λ⁽ⁿ⁾ − λ*|")});
    updateLayout();
    const double line = plotStyle::metrics(plotStyle::tickFont()).height();
    for (QCPAxisRect *rect : {mDualRect, mDistanceRect}) {
        const int across = rect->width() > 20 ? rect->width() : std::max(100, size.width() / 2);
        const int down = rect->height() > 20 ? rect->height() : std::max(60, size.height() / 3);
        rect->axis(QCPAxis::atBottom)->ticker()->setTickCount(std::clamp(across / 80, 3, 8));
        // A tick label every two lines of text at least (the log axis's powers of ten are
        // taller).
        const double per = 2.2 * line;
        rect->axis(QCPAxis::atLeft)->ticker()->setTickCount(std::clamp(int(down / per), 2, 6));
    }
    setViewport(drawn);
}

QString MaxEntOptimizerPlot::toolTipAt(const QPointF &pos) const
{
    struct Series
    {
        const Shown *shown;
        QString name;
    };
    const Series series[] = {{&mNewton, mAlpha > 1 ? tr("Newton/bisection") : tr("Newton")},
                             {&mGis, tr("GIS")}};
    QCPAxisRect *rect = nullptr;
    for (QCPAxisRect *r : {mDualRect, mDistanceRect})
        if (r->rect().contains(pos.toPoint()))
            rect = r;
    if (!rect)
        return {};
    const bool dual = rect == mDualRect;
    QCPAxis *x = rect->axis(QCPAxis::atBottom);
    QCPAxis *y = rect->axis(QCPAxis::atLeft);
    QString best;
    double bestDistance = 16;
    for (const Series &s : series) {
        for (size_t k = 0; k < s.shown->lambdas.size(); ++k) {
            const double value = dual ? s.shown->duals[k] : s.shown->distances[k];
            if (!dual && !(value > 0))
                continue;
            const QPointF at(x->coordToPixel(double(k)), y->coordToPixel(value));
            const double distance = QLineF(at, pos).length();
            if (distance < bestDistance) {
                bestDistance = distance;
                best = (mAlpha > 1 ? tr("%1, iteration %2\nλ = %3\ng(λ) = λ(E_λ[f] − μ) + H_α = "
                                        "%4\n|λ − λ*| = %5")
                                   : tr("%1, iteration %2\nλ = %3\ng(λ) = log Z − λμ = %4\n"
                                        "|λ − λ*| = %5"))
                           .arg(s.name)
                           .arg(k)
                           .arg(plotStyle::exact(s.shown->lambdas[k]))
                           .arg(plotStyle::exact(s.shown->duals[k]))
                           .arg(plotStyle::exact(s.shown->distances[k]));
            }
        }
    }
    if (best.isEmpty() && dual && (!mNewton.lambdas.empty() || !mGis.lambdas.empty()))
        best = tr("λ* = %1, μ = %2").arg(plotStyle::exact(mLambdaStar), plotStyle::exact(mMu));
    return best;
}

} // namespace sml
