#include "plots/maxent/MaxEntLambdaPlot.h"

#include "Analysis.h"
#include "MaxEnt.h"
#include "TsallisMaxEnt.h"
#include "plots/MarkerGraph.h"
#include "style/PlotStyle.h"

#include <algorithm>
#include <cmath>

namespace sml {

QColor MaxEntLambdaPlot::newtonColor()
{
    return QColor(204, 121, 167); // Okabe–Ito reddish purple
}

QColor MaxEntLambdaPlot::gisColor()
{
    return QColor(0, 0, 0); // black
}

static QCPGraph *markerGraph(QCustomPlot *plot, QCPScatterStyle::ScatterShape shape, double size,
                             const QColor &fill, const QColor &edge, double edgeWidth = 2)
{
    auto *g = new MarkerGraph(plot->xAxis, plot->yAxis); // its legend icon is the marker
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(shape, QPen(edge, edgeWidth), QBrush(fill), size));
    g->removeFromLegend();
    return g;
}

MaxEntLambdaPlot::MaxEntLambdaPlot(QWidget *parent) : PlotView(parent)
{
    mTitle = addTitle();
    plotStyle::styleAxis(xAxis, tr("λ  (inverse temperature)"));
    // The legend names the solver markers (setIterates) in a row under the title, where it
    // covers nothing: inside the plot there was often no free corner in a narrow or large-text
    // plot (the λ = 1/τ label above, the curve, "feasible μ" below). In the layout only while
    // shown; inside the plot, along its edges, only when MaxEntPanel asks
    // (setSolverLegendInside: the row would leave the curve under a third of the window).
    legend->setVisible(false);
    axisRect()->insetLayout()->take(legend);
    axisRect()->insetLayout()->simplify();
    legend->setFont(plotStyle::tickFont()); // a small key, not a second title
    legend->setBorderPen(Qt::NoPen);
    legend->setMargins(QMargins(4, 0, 4, 0));
    // No gaps between the title, the legend and the plot: the title's and the legend's own
    // margins and the axis rect's (its tick labels) part them already, and presented at
    // 1280×800 the two curves side by side must share the height under the μ controls.
    plotLayout()->setRowSpacing(0);
    // Reference levels (asymptotes, bounds, μ) are named on the right-hand axis, where they
    // never collide with the curve (λ_min and λ_max of α-entmax inside the plot, beside their
    // lines: placeSupportLimitNames()).
    yAxis2->setTickLabelFont(plotStyle::tickFont());
    yAxis2->setTickLabelColor(QColor(60, 60, 60));
    yAxis2->setBasePen(QPen(QColor(120, 120, 120), 1));
    yAxis2->setTickPen(QPen(QColor(120, 120, 120), 1.5));
    yAxis2->setSubTicks(false);
    yAxis2->grid()->setVisible(false);
    yAxis2->setVisible(true);
    xAxis2->setVisible(false);

    mCurve = new QCPGraph(xAxis, yAxis);
    mCurve->setPen(QPen(plotStyle::maxentColor(), 3.5));
    mCurve->removeFromLegend();

    mInvTauLine = new QCPItemStraightLine(this);
    mInvTauLine->setPen(QPen(plotStyle::softmaxColor(), 2, Qt::DotLine));
    mInvTauLine->setVisible(false);
    mCurrentLine = new QCPItemStraightLine(this);
    mCurrentLine->setPen(QPen(plotStyle::highlightColor(), 2, Qt::DotLine));
    mCurrentLine->setVisible(false);

    mNewtonTrail =
        markerGraph(this, QCPScatterStyle::ssDisc, 7, newtonColor().lighter(120), newtonColor(), 1);
    mGisTrail =
        markerGraph(this, QCPScatterStyle::ssDisc, 5, QColor(120, 120, 120), QColor(90, 90, 90), 1);
    mInvTauMarker =
        markerGraph(this, QCPScatterStyle::ssCircle, 16, plotStyle::softmaxColor(), Qt::white, 2.5);
    mCurrentMarker = markerGraph(this, QCPScatterStyle::ssDiamond, 20, plotStyle::highlightColor(),
                                 Qt::black, 1.5);
    mNewtonNow = markerGraph(this, QCPScatterStyle::ssSquare, 13, newtonColor(), Qt::black, 1.5);
    mGisNow = markerGraph(this, QCPScatterStyle::ssTriangle, 15, QColor(255, 255, 255, 0),
                          gisColor(), 2.5);
    mNewtonNow->setName(tr("Newton λ⁽ⁿ⁾"));
    mGisNow->setName(tr("GIS λ⁽ⁿ⁾"));

    auto makeLabel = [this](const QColor &color) {
        auto *label = new QCPItemText(this);
        label->setFont(plotStyle::subtitleFont());
        label->setColor(color);
        label->setBrush(QBrush(QColor(255, 255, 255, 215)));
        label->position->setType(QCPItemPosition::ptPlotCoords);
        label->setLayer(QStringLiteral("legend")); // above the curves
        label->setVisible(false);
        return label;
    };
    mInvTauLabel = makeLabel(plotStyle::softmaxColor().darker(130));
    mCurrentLabel = makeLabel(plotStyle::highlightColor().darker(120));

    mNote = new QCPItemText(this);
    mNote->setFont(plotStyle::textFont());
    mNote->setColor(plotStyle::mleColor().darker(170));
    mNote->position->setType(QCPItemPosition::ptAxisRectRatio);
    mNote->position->setCoords(0.5, 0.5);
    mNote->setPositionAlignment(Qt::AlignCenter);
    mNote->setTextAlignment(Qt::AlignCenter);
    mNote->setVisible(false);

    // The current λ's label beside its dot and the legend in its corner, placed after every
    // layout (the window's and an export's), where the pixels are the ones drawn.
    // The λ = 1/τ label is fitted beside its line again there too: a layout after
    // updateTicks() (the legend row, an axis name's variant) could leave it a few pixels past
    // the plot's edge at 3×.
    connect(this, &QCustomPlot::afterLayout, this, [this] {
        if (mInvTauLabel->visible() && axisRect()->width() > 20)
            placeLabel(mInvTauLabel, mInvTauTexts, Qt::AlignTop);
        placeSupportLimitNames();
        if (!mLegendInside && legend->visible() && legend->outerRect().height() > 0 &&
            viewport() == rect()) // (the window's layout, not an export's)
            mLegendRowHeight = legend->outerRect().height();
        if (mCurrentLabel->visible() && !mCurrentLabelIsError)
            placeCurrentLabel();
        placeSolverLegend();
    });
}

void MaxEntLambdaPlot::setSolverLegendInside(bool inside)
{
    if (inside == mLegendInside)
        return;
    mLegendInside = inside;
    mLegendPlaced = false;
    const bool shown = legend->itemCount() > 0;
    // Out of wherever it is, then back where it now belongs.
    if (plotLayout()->hasElement(1, 0) && plotLayout()->element(1, 0) == legend) {
        plotLayout()->take(legend);
        plotLayout()->simplify();
    }
    if (legend->layout() == axisRect()->insetLayout()) {
        axisRect()->insetLayout()->take(legend);
        axisRect()->insetLayout()->simplify();
    }
    // Inside, one entry a row on the labels' half-white (PlotView::fitLegends keeps one column).
    legend->setProperty("_sml_oneColumn", inside);
    legend->setBrush(inside ? QBrush(QColor(255, 255, 255, 215)) : QBrush(Qt::NoBrush));
    legend->setVisible(false);
    nameSolvers();
    showSolverLegend(shown);
    updateTicks();
    replot(QCustomPlot::rpQueuedReplot);
}

void MaxEntLambdaPlot::nameSolvers()
{
    // Inside the plot without "λ⁽ⁿ⁾": a narrower box finds a free place more often (presented
    // at 1280×800 the default figure's constraint had none for "Newton λ⁽ⁿ⁾").
    const QString iterate = mLegendInside ? QString() : tr(" λ⁽ⁿ⁾");
    mNewtonNow->setName((mAlpha > 1 ? tr("Newton/bisection") : tr("Newton")) + iterate);
    mGisNow->setName(tr("GIS") + iterate);
}

void MaxEntLambdaPlot::showSolverLegend(bool shown)
{
    if (mLegendInside) {
        if (shown && !axisRect()->insetLayout()->children().contains(legend)) {
            axisRect()->insetLayout()->addElement(legend, QRectF(0, 0, 0.3, 0.2));
            axisRect()->insetLayout()->setInsetPlacement(0, QCPLayoutInset::ipFree);
        }
        legend->setVisible(shown);
        return;
    }
    const bool inLayout = plotLayout()->hasElement(1, 0) && plotLayout()->element(1, 0) == legend;
    legend->setVisible(shown);
    if (shown && !inLayout) {
        plotLayout()->insertRow(1); // under the title
        plotLayout()->addElement(1, 0, legend);
        plotLayout()->setRowStretchFactor(1, 0.001); // its own height, the rest to the plot
        updateTicks();                               // the axis rect is shorter
    } else if (!shown && inLayout) {
        plotLayout()->take(legend);
        plotLayout()->simplify();
        updateTicks();
    }
}

QString MaxEntLambdaPlot::noteText() const
{
    return mNote->visible() ? mNoteText : QString();
}

QString MaxEntLambdaPlot::titleText() const
{
    return mFullTitle;
}

void MaxEntLambdaPlot::setReferenceTicks(std::vector<std::pair<double, QString>> ticks)
{
    mReferenceTicks = std::move(ticks);
}

QString MaxEntLambdaPlot::toolTipExtra(double) const
{
    return {};
}

QString MaxEntLambdaPlot::inverseTauText() const
{
    if (mSqrtDk) {
        const int root = int(std::lround(std::sqrt(double(mDk))));
        if (root * root == mDk)
            return tr("1/√d_k = 1/√%1 = 1/%2").arg(mDk).arg(root);
        return tr("1/√d_k = 1/√%1 ≈ %2").arg(mDk).arg(plotStyle::compact(1.0 / mTau));
    }
    return tr("1/%1 ≈ %2").arg(plotStyle::compact(mTau), plotStyle::compact(1.0 / mTau));
}

std::pair<double, double> MaxEntLambdaPlot::lambdaRangeFor(const QueryDetail &d, double tau)
{
    const Eigen::VectorXd &f = d.similarities;
    const double half = f.maxCoeff() / 2 - f.minCoeff() / 2; // (max f − min f)/2, no overflow
    double lo = 0, hi = 0;
    auto include = [&](double x) {
        if (std::isfinite(x)) {
            lo = std::min(lo, x);
            hi = std::max(hi, x);
        }
    };
    include(1.0 / tau);
    if (d.maxent.lambda)
        include(*d.maxent.lambda);
    if (d.maxent.status == maxent::Status::Ok && !d.maxent.atBoundary) {
        std::vector<double> trace;
        maxent::solveTsallis(f, d.maxentTarget, d.alpha, &trace);
        for (double x : trace)
            include(x);
    }
    // p(λ) goes from uniform to nearly one-hot over λ ≈ 6/(max f − min f) = 3/half with the
    // softmax. With α-entmax it is one-hot from λ_max on (and on the argmin set from λ_min
    // down): show each limit and a little beyond, unless it lies far outside that range (α near
    // 1), where the softmax's range is kept.
    const double soft = half > 0 ? 3.0 / half : 0;
    bool limitShown = false;
    if (d.alpha > 1 && half > 0) {
        const std::optional<double> top = maxent::lambdaMax(f, d.alpha);
        const std::optional<double> bottom = maxent::lambdaMin(f, d.alpha);
        if (top && *top <= 4 * soft) {
            include(1.15 * *top);
            limitShown = true;
        }
        if (bottom && -*bottom <= 4 * soft)
            include(1.15 * *bottom);
    }
    if (!limitShown && soft > 0)
        include(soft);
    double span = hi - lo;
    if (!(span > 0) || !std::isfinite(span))
        span = 1;
    lo = std::min(lo, -0.2 * span);
    span = hi - lo;
    return {lo - 0.02 * span, hi + 0.08 * span};
}

double MaxEntLambdaPlot::curveAt(double lambda) const
{
    return curve(Eigen::VectorXd::Constant(1, lambda))[0];
}

void MaxEntLambdaPlot::clearDecorations()
{
    for (QCPAbstractItem *item : mDecorations)
        removeItem(item);
    mDecorations.clear();
    for (QCPGraph *graph : mDecorationGraphs)
        removeGraph(graph);
    mDecorationGraphs.clear();
}

QCPItemText *MaxEntLambdaPlot::addLabel(const QString &text, double x, double y,
                                        Qt::Alignment alignment, const QColor &color)
{
    auto *label = new QCPItemText(this);
    label->setFont(plotStyle::subtitleFont());
    label->setColor(color);
    label->setText(text);
    label->setBrush(QBrush(QColor(255, 255, 255, 215)));
    label->position->setType(QCPItemPosition::ptPlotCoords);
    label->position->setCoords(x, y);
    label->setPositionAlignment(alignment);
    label->setTextAlignment(alignment & Qt::AlignHorizontal_Mask);
    label->setPadding(QMargins(4, 2, 4, 2));
    own(label);
    return label;
}

QCPGraph *MaxEntLambdaPlot::addHorizontal(double y, const QPen &pen)
{
    auto *g = new QCPGraph(xAxis, yAxis);
    g->setPen(pen);
    g->removeFromLegend();
    g->setData(QVector<double>{mXMin, mXMax}, QVector<double>{y, y}, true);
    ownGraph(g);
    return g;
}

void MaxEntLambdaPlot::showAnalysis(const Analysis &analysis, int selectedQuery)
{
    const Scenario &s = analysis.scenario();
    const int i = std::clamp(selectedQuery, 0, std::max(0, s.m() - 1));
    const auto shared = analysis.sharedDetail(i);
    const QueryDetail &d = *shared;
    mTau = analysis.tau();
    mSqrtDk = s.temperatureMode == TemperatureMode::SqrtDk;
    mDk = s.dK();
    mAlpha = d.alpha;
    mAtBoundary = d.maxent.atBoundary;

    clearDecorations();
    mReferenceTicks.clear();
    mCurrentLabelIsError = false;
    mNewtonPath.clear();
    mGisPath.clear();
    for (QCPGraph *g :
         {mCurve, mInvTauMarker, mCurrentMarker, mNewtonTrail, mNewtonNow, mGisTrail, mGisNow})
        g->data()->clear();
    mInvTauLine->setVisible(false);
    mCurrentLine->setVisible(false);
    mNewtonNow->removeFromLegend(); // until setIterates shows them
    mGisNow->removeFromLegend();
    showSolverLegend(false);
    mInvTauLabel->setVisible(false);
    mCurrentLabel->setVisible(false);
    mCurrentLambda.reset();

    mHasCurve = d.defined && d.similarities.size() > 0 &&
                d.similarities.maxCoeff() > d.similarities.minCoeff();
    mF = d.defined ? d.similarities : Eigen::VectorXd();
    mLambdaMax.reset();
    mLambdaMin.reset();
    if (mHasCurve && mAlpha > 1) {
        mLambdaMax = maxent::lambdaMax(mF, mAlpha);
        mLambdaMin = maxent::lambdaMin(mF, mAlpha);
    }
    mFullTitle = title();
    if (mTitleNamesQuery)
        mFullTitle += tr(" · query “%1”").arg(s.queryLabels.value(i));
    xAxis->setLabel(tr("λ  (inverse temperature)"));
    yAxis->setLabel(yAxisLabels().value(0));
    for (QCPItemStraightLine *line : mLimitLines)
        removeItem(line);
    mLimitLines.clear();
    for (QCPItemText *label : mLimitLabels)
        removeItem(label);
    mLimitLabels.clear();
    if (!mHasCurve) {
        QString note;
        if (!d.defined)
            note = d.warnings.isEmpty() ? tr("This query sees no key.") : d.warnings.first();
        else
            // Short: the page's note under the slider says the rest.
            note = (mF.size() == 1 ? tr("A single key (f = %1):\n")
                                   : tr("All q·k are equal (f = %1):\n"))
                       .arg(plotStyle::compact(mF.size() ? mF[0] : 0.0)) +
                   tr("no curve, λ is undetermined");
        mNoteText = note;
        mNote->setText(note); // wrapped to the width in updateTicks()
        mNote->setVisible(true);
        mXMin = -1;
        mXMax = 1;
        xAxis->setRange(mXMin, mXMax);
        yAxis->setRange(0, 1);
        updateTicks();
        replot();
        return;
    }
    mNote->setVisible(false);
    mMu = d.maxentTarget;
    mTargetIsDefault = d.maxentTargetIsDefault;
    if (d.maxent.status == maxent::Status::Ok && d.maxent.lambda)
        mCurrentLambda = d.maxent.lambda;

    std::tie(mXMin, mXMax) = lambdaRangeFor(d, mTau);
    xAxis->setRange(mXMin, mXMax);

    // The curve: 200 evenly spaced λ (a few pixels apart on these smooth curves; each is a
    // softmax over the visible keys, issue 5) plus the marked points, so that they sit on it.
    constexpr int samples = 200;
    std::vector<double> lambdas;
    lambdas.reserve(samples + 3);
    for (int k = 0; k < samples; ++k)
        lambdas.push_back(mXMin + (mXMax - mXMin) * k / (samples - 1));
    lambdas.push_back(0.0);
    lambdas.push_back(1.0 / mTau);
    if (mCurrentLambda)
        lambdas.push_back(*mCurrentLambda);
    std::sort(lambdas.begin(), lambdas.end());
    lambdas.erase(std::unique(lambdas.begin(), lambdas.end()), lambdas.end());
    const Eigen::VectorXd grid =
        Eigen::Map<const Eigen::VectorXd>(lambdas.data(), Eigen::Index(lambdas.size()));
    const Eigen::VectorXd ys = curve(grid);
    QVector<double> keys(grid.size()), values(grid.size());
    for (Eigen::Index k = 0; k < grid.size(); ++k) {
        keys[k] = grid[k];
        values[k] = ys[k];
    }
    mCurve->setData(keys, values, true);

    decorate(d);
    markSupportLimits();

    // λ = 1/τ, and the current λ (the same point at the default target, MATH.md §5.3).
    const double invTau = 1.0 / mTau;
    const double yInv = curveAt(invTau);
    const double xMid = mXMin / 2 + mXMax / 2;
    mInvTauMarker->setData(QVector<double>{invTau}, QVector<double>{yInv}, true);
    mInvTauLine->point1->setCoords(invTau, 0);
    mInvTauLine->point2->setCoords(invTau, 1);
    mInvTauLine->setVisible(true);
    // Their labels sit in the margins above and below the curve's range, beside the dotted
    // lines: no curve can cross them there.
    const bool currentIsInvTau = mCurrentLambda && *mCurrentLambda == invTau;
    mCurrentIsInvTau = currentIsInvTau;
    mInvTauTexts.clear();
    if (mSqrtDk) {
        const QString value = inverseTauText().section(QStringLiteral(" = "), 1, -1);
        mInvTauTexts << tr("λ = 1/τ = 1/√d_k = %1").arg(value)
                     << tr("λ = 1/τ = 1/√d_k = %1").arg(value.section(QStringLiteral(" "), 0, 0))
                     << tr("λ = 1/τ = 1/√d_k") << tr("λ = 1/τ") << tr("1/τ");
    } else {
        mInvTauTexts << tr("λ = 1/τ = %1").arg(inverseTauText()) << tr("λ = 1/τ") << tr("1/τ");
    }
    mInvTauLabel->setText(mInvTauTexts.first());
    mInvTauLabel->position->setCoords(invTau, yAxis->range().upper);
    mInvTauLabel->setVisible(true);

    if (mCurrentLambda) {
        const double x = *mCurrentLambda;
        if (!currentIsInvTau) {
            mCurrentMarker->setData(QVector<double>{x}, QVector<double>{curveAt(x)}, true);
            mCurrentLine->point1->setCoords(x, 0);
            mCurrentLine->point2->setCoords(x, 1);
            mCurrentLine->setVisible(true);
        }
        mCurrentTexts.clear();
        if (currentIsInvTau)
            mCurrentTexts << tr("current λ = 1/τ  (default μ: p = softmax)")
                          << tr("current λ = 1/τ  (default μ)") << tr("current λ = 1/τ")
                          << tr("current λ") << tr("λ"); // a narrow plot: its line's name
        else if (mAtBoundary) // μ at an end of [min f, max f]: a half-line of λ (§7.3)
            mCurrentTexts << (x > 0 ? tr("current λ = λ_max = %1  (any λ ≥ λ_max)")
                                    : tr("current λ = λ_min = %1  (any λ ≤ λ_min)"))
                                 .arg(plotStyle::compact(x))
                          << (x > 0 ? tr("current λ = λ_max") : tr("current λ = λ_min"))
                          << tr("current λ") << tr("λ");
        else
            mCurrentTexts << tr("current λ = %1  (μ set by hand)").arg(plotStyle::compact(x))
                          << tr("current λ = %1").arg(plotStyle::compact(x)) << tr("current λ")
                          << tr("λ");
        mCurrentLabel->setText(mCurrentTexts.first());
        mCurrentLabel->position->setCoords(x, yAxis->range().lower);
        mCurrentLabel->setVisible(true);
    } else {
        // A target the solver refused (too close to the boundary): say so on the plot.
        mCurrentLabel->setText(tr("MaxEnt: %1").arg(d.maxent.message));
        mCurrentLabel->position->setCoords(xMid, yAxis->range().lower);
        mCurrentLabel->setPositionAlignment(Qt::AlignBottom | Qt::AlignHCenter);
        mCurrentLabel->setTextAlignment(Qt::AlignHCenter);
        mCurrentLabel->setColor(plotStyle::errorColor());
        mCurrentLabel->setVisible(true);
        mCurrentLabelIsError = true;
    }
    // At 1/τ the current λ has no marker of its own (the 1/τ dot is drawn): its label takes the
    // dot's colour (a fresh reader saw a red label point at a blue dot and looked for a red one).
    if (mCurrentLambda)
        mCurrentLabel->setColor(currentIsInvTau ? plotStyle::softmaxColor().darker(130)
                                                : plotStyle::highlightColor().darker(120));

    updateTicks();
    replot();
}

void MaxEntLambdaPlot::markSupportLimits()
{
    const QPen pen(QColor(110, 110, 110), 1.5, Qt::DashDotLine);
    mLimitNames.clear();
    auto mark = [&](const std::optional<double> &lambda, const QString &name) {
        if (!lambda || !(*lambda > mXMin && *lambda < mXMax))
            return;
        auto *line = new QCPItemStraightLine(this);
        line->setPen(pen);
        line->point1->setCoords(*lambda, 0);
        line->point2->setCoords(*lambda, 1);
        line->setLayer(QStringLiteral("grid"));
        mLimitLines.push_back(line);
        mLimitNames.push_back(
            {*lambda, tr("%1 = %2").arg(name, plotStyle::compact(*lambda)), name});
        auto *label = new QCPItemText(this);
        label->setFont(plotStyle::subtitleFont());
        label->setColor(QColor(60, 60, 60));
        label->setBrush(QBrush(QColor(255, 255, 255, 215)));
        label->setPadding(QMargins(4, 2, 4, 2));
        label->position->setType(QCPItemPosition::ptPlotCoords);
        label->setLayer(QStringLiteral("legend")); // above the curves
        label->setText(mLimitNames.back().full);
        label->position->setCoords(*lambda, 0);
        mLimitLabels.push_back(label);
    };
    mark(mLambdaMin, tr("λ_min"));
    mark(mLambdaMax, tr("λ_max"));
}

void MaxEntLambdaPlot::setIterates(const std::vector<double> &newton,
                                   const std::vector<double> &gis)
{
    mNewtonPath = mHasCurve ? newton : std::vector<double>();
    mGisPath = mHasCurve ? gis : std::vector<double>();
    auto fill = [this](const std::vector<double> &path, QCPGraph *trail, QCPGraph *now) {
        if (path.empty()) {
            trail->data()->clear();
            now->data()->clear();
            return;
        }
        const Eigen::VectorXd x =
            Eigen::Map<const Eigen::VectorXd>(path.data(), Eigen::Index(path.size()));
        const Eigen::VectorXd y = curve(x);
        QVector<double> keys(x.size()), values(x.size());
        for (Eigen::Index k = 0; k < x.size(); ++k) {
            keys[k] = x[k];
            values[k] = y[k];
        }
        // The trail is drawn as scatter points only, so an unsorted path is fine.
        trail->setData(keys, values, false);
        now->setData(QVector<double>{keys.back()}, QVector<double>{values.back()}, true);
    };
    fill(mNewtonPath, mNewtonTrail, mNewtonNow);
    fill(mGisPath, mGisTrail, mGisNow);
    // The legend names the markers shown (the square and the triangle start at λ = 0).
    nameSolvers();
    const bool wasShown = legend->visible();
    const int entries = legend->itemCount();
    for (QCPGraph *now : {mNewtonNow, mGisNow}) {
        const bool shown = !now->data()->isEmpty();
        if (shown && !legend->hasItemWithPlottable(now))
            now->addToLegend();
        else if (!shown && legend->hasItemWithPlottable(now))
            now->removeFromLegend();
    }
    // (Newton first, as in the optimizer's legend.)
    if (legend->itemCount() == 2 && legend->itemWithPlottable(mGisNow) == legend->item(0)) {
        mGisNow->removeFromLegend();
        mGisNow->addToLegend();
    }
    showSolverLegend(legend->itemCount() > 0);
    Q_UNUSED(wasShown);
    Q_UNUSED(entries);
    replot(QCustomPlot::rpQueuedReplot); // (the label and the legend are placed after its layout)
}

QString MaxEntLambdaPlot::toolTipAt(const QPointF &pos) const
{
    if (!axisRect()->rect().contains(pos.toPoint()))
        return {};
    if (!mHasCurve)
        return mNoteText;
    // A marker under the mouse first, then the curve at the mouse's λ.
    struct Marker
    {
        const QCPGraph *graph;
        QString name;
    };
    const QString newtonName =
        (mAlpha > 1 ? tr("Newton/bisection iterate λ⁽%1⁾") : tr("Newton iterate λ⁽%1⁾"))
            .arg(std::max<int>(0, int(mNewtonPath.size()) - 1));
    const QString gisName = tr("GIS iterate λ⁽%1⁾").arg(std::max<int>(0, int(mGisPath.size()) - 1));
    const Marker markers[] = {{mNewtonNow, newtonName},
                              {mGisNow, gisName},
                              {mCurrentMarker, tr("current λ (μ = %1)").arg(plotStyle::exact(mMu))},
                              {mInvTauMarker, tr("λ = 1/τ = %1").arg(inverseTauText())}};
    for (const Marker &m : markers) {
        if (m.graph->data()->isEmpty())
            continue;
        const auto point = m.graph->data()->constBegin();
        const QPointF at(xAxis->coordToPixel(point->key), yAxis->coordToPixel(point->value));
        if (QLineF(at, pos).length() <= 14) {
            QString text = tr("%1\nλ = %2\n%3 = %4")
                               .arg(m.name, plotStyle::exact(point->key), curveSymbol(),
                                    plotStyle::exact(point->value));
            const QString extra = toolTipExtra(point->key);
            if (!extra.isEmpty())
                text += QLatin1Char('\n') + extra;
            return text;
        }
    }
    const double lambda = xAxis->pixelToCoord(pos.x());
    QString text =
        tr("λ = %1\n%2 = %3")
            .arg(plotStyle::exact(lambda), curveSymbol(), plotStyle::exact(curveAt(lambda)));
    const QString extra = toolTipExtra(lambda);
    if (!extra.isEmpty())
        text += QLatin1Char('\n') + extra;
    return text;
}

} // namespace sml
