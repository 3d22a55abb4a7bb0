#include "plots/mle/MleOptimizerView.h"

#include "style/Appearance.h"

#include "Analysis.h"
#include "plots/mle/MleAnimation.h"
#include "style/PlotStyle.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <limits>

namespace sml {

MleOptimizerView::MleOptimizerView(QWidget *parent) : PlotView(parent), mOwn(new MleAnimation(this))
{
    mTitle = addTitle();
    mTitle->setText(tr("MLE gradient ascent: o ← o + η ∇ℓ(o)"));

    // Two axis rects under the title, ℓ above the distance, sharing their left margin.
    QCPAxisRect *left = axisRect();
    mRight = new QCPAxisRect(this);
    plotLayout()->addElement(2, 0, mRight);
    plotLayout()->setRowSpacing(12);
    auto *group = new QCPMarginGroup(this);
    left->setMarginGroup(QCP::msLeft | QCP::msRight, group);
    mRight->setMarginGroup(QCP::msLeft | QCP::msRight, group);

    plotStyle::styleAxis(xAxis, tr("iteration n"));
    plotStyle::styleAxis(yAxis, tr("ℓ(o⁽ⁿ⁾)"));
    QCPAxis *rx = mRight->axis(QCPAxis::atBottom);
    QCPAxis *ry = mRight->axis(QCPAxis::atLeft);
    plotStyle::styleAxis(rx, tr("iteration n"));
    plotStyle::styleAxis(ry, tr("‖o⁽ⁿ⁾ − ô‖  (log)"));
    ry->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> logTicker(new QCPAxisTickerLog);
    logTicker->setLogBase(10);
    logTicker->setSubTickCount(0);
    ry->setTicker(logTicker);
    ry->setNumberFormat(QStringLiteral("eb"));
    ry->setNumberPrecision(0);
    for (QCPAxis *axis : {xAxis, rx}) {
        QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
        ticker->setTickStep(1);
        ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
        axis->setTicker(ticker);
    }

    mLikelihood = new QCPGraph(xAxis, yAxis);
    mLikelihood->setPen(QPen(plotStyle::mleColor().darker(120), 2.5));
    mLikelihood->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 7));
    mLikelihood->setName(tr("ℓ(o⁽ⁿ⁾)"));
    mPeak = new QCPItemStraightLine(this);
    mPeak->setClipAxisRect(left);
    mPeak->point1->setAxes(xAxis, yAxis);
    mPeak->point2->setAxes(xAxis, yAxis);
    mPeak->setPen(QPen(Qt::black, 1.5, Qt::DashLine));
    mPeakLabel = new QCPItemText(this);
    mPeakLabel->setClipAxisRect(left);
    mPeakLabel->position->setAxes(xAxis, yAxis);
    mPeakLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom); // above the line, left
    mPeakLabel->setFont(plotStyle::tickFont());
    mPeakLabel->setBrush(QColor(255, 255, 255, 200));
    connect(this, &QCustomPlot::afterLayout, this, &MleOptimizerView::fitPeakLabel);

    mDistance = new QCPGraph(rx, ry);
    mDistance->setPen(QPen(plotStyle::mleColor().darker(120), 2.5));
    mDistance->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 7));
    mPredicted = new QCPGraph(rx, ry);
    mPredicted->setPen(QPen(QColor(90, 90, 90), 1.5, Qt::DashLine));

    mTitle->setFont(plotStyle::subtitleFont());
    mPredictedLabel = new QCPItemText(this);
    mPredictedLabel->setClipAxisRect(mRight);
    mPredictedLabel->position->setAxisRect(mRight);
    mPredictedLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
    mPredictedLabel->position->setCoords(0.98, 0.04);
    mPredictedLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    mPredictedLabel->setFont(plotStyle::tickFont());
    mPredictedLabel->setColor(QColor(70, 70, 70));
    mPredictedLabel->setBrush(QColor(255, 255, 255, 210));
    plotLayout()->setRowStretchFactor(0, 0.001);
    // A new theme or text scale: rebuilt with the new fonts and their metrics.
    connect(Appearance::instance(), &Appearance::changed, this, &MleOptimizerView::redraw);
}

void MleOptimizerView::setAnimation(MleAnimation *animation)
{
    if (mAnimation)
        mAnimation->disconnect(this);
    mAnimation = animation;
    if (animation)
        connect(animation, &MleAnimation::changed, this, &MleOptimizerView::redraw);
    redraw();
}

MleAnimation *MleOptimizerView::animation() const
{
    return mAnimation ? mAnimation.data() : mOwn;
}

void MleOptimizerView::showAnalysis(const Analysis &analysis, int selectedQuery)
{
    if (!mAnimation) {
        // Export: a complete run from the default start.
        mOwn->setAnalysis(analysis, selectedQuery);
        for (int k = 0; k < 200 && mOwn->step(); ++k) {
        }
    }
    redraw();
}

void MleOptimizerView::redraw()
{
    const MleAnimation *a = animation();
    QVector<double> n, ell, dn, dist, pn, pred;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    double peak = nan;
    if (a->isDefined()) {
        const auto &ll = a->logLikelihoods();
        const auto &d = a->distances();
        for (size_t k = 0; k < ll.size(); ++k) {
            n << double(k);
            ell << ll[k];
            if (d[k] > 0 && std::isfinite(d[k])) {
                dn << double(k);
                dist << d[k];
            }
        }
        if (const auto l = a->mle()->logLikelihood(a->mle()->mleOutput()))
            peak = *l;
        // Predicted |1 − α_eff|ⁿ d0, α_eff = α (scaled) or η Σσ⁻² (fixed).
        const double alphaEff =
            a->fixedStep() ? a->eta() * std::exp(a->mle()->logTotalPrecision()) : a->alpha();
        const double rate = std::abs(1 - alphaEff);
        const int last = std::max(int(ll.size()) - 1, 5);
        if (!d.empty() && d.front() > 0 && std::isfinite(rate)) {
            double value = d.front();
            for (int k = 0; k <= last && value > 0 && std::isfinite(value); ++k) {
                pn << k;
                pred << value;
                value *= rate;
                if (value < 1e-300)
                    break;
            }
        }
    }
    mLikelihood->setData(n, ell, true);
    mDistance->setData(dn, dist, true);
    mPredicted->setData(pn, pred, true);

    const int iterations = std::max<int>(5, int(n.size()) - 1);
    xAxis->setRange(-0.3, iterations + 0.3);
    mRight->axis(QCPAxis::atBottom)->setRange(-0.3, iterations + 0.3);
    // ℓ axis: the values and the peak.
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (double v : ell)
        if (std::isfinite(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    if (std::isfinite(peak)) {
        lo = std::min(lo, peak);
        hi = std::max(hi, peak);
    }
    if (!std::isfinite(lo)) {
        lo = -1;
        hi = 0;
    }
    const double span = hi > lo ? hi - lo : std::max(1.0, std::abs(hi) * 0.1);
    yAxis->setRange(lo - 0.08 * span, hi + 0.15 * span);
    mPeak->setVisible(std::isfinite(peak));
    mPeakLabel->setVisible(std::isfinite(peak));
    if (std::isfinite(peak)) {
        mPeak->point1->setCoords(0, peak);
        mPeak->point2->setCoords(1, peak);
        mPeakLabel->position->setCoords(0.1, peak);
        mPeakValue = plotStyle::compact(peak);
        mPeakLabel->setText(tr("ℓ(ô) = %1 (maximum)").arg(mPeakValue));
        fitPeakLabel();
    }
    // Distance axis: every positive distance and the prediction, in decades.
    double dlo = std::numeric_limits<double>::infinity(), dhi = 0;
    for (const QVector<double> *v : {&dist, &pred})
        for (double x : *v)
            if (x > 0 && std::isfinite(x)) {
                dlo = std::min(dlo, x);
                dhi = std::max(dhi, x);
            }
    if (!(dhi > 0)) {
        dlo = 1e-16;
        dhi = 1;
    }
    dlo = std::max(dlo, dhi * 1e-300);
    mRight->axis(QCPAxis::atLeft)
        ->setRange(std::pow(10.0, std::floor(std::log10(dlo))),
                   std::pow(10.0, std::ceil(std::log10(dhi)) + (dhi == dlo ? 1 : 0)));

    QString rule;
    if (!a->isDefined())
        rule = tr("no likelihood: the query sees no key");
    else if (a->fixedStep())
        rule = tr("fixed η = %1 (η·Σσ⁻² = %2)")
                   .arg(plotStyle::compact(a->eta()))
                   .arg(plotStyle::compact(a->eta() * std::exp(a->mle()->logTotalPrecision())));
    else
        rule = tr("step size η = %1/Σσ⁻²").arg(plotStyle::compact(a->alpha()));
    QString state = a->status();
    if (a->isDefined() && !a->distances().empty())
        state += tr("  ·  ‖o − ô‖ = %1").arg(plotStyle::compact(a->distances().back()));
    mTitle->setText(tr("MLE gradient ascent, %1\n%2").arg(rule, state));
    // One name for the step in every mode: the step size (learning rate) η; the α of
    // α-entmax is another thing.
    mPredictedLabel->setVisible(a->isDefined());
    updateTicks();
    replot(QCustomPlot::rpQueuedReplot);
}

bool MleOptimizerView::fitToLayout()
{
    // The whole formula on one line, on two, or only what the dashes are: the narrow dock at
    // 1280×800 cut "dashed: |1 − η·Σσ⁻²|ⁿ ‖o⁽⁰⁾ − ô‖" at the plot's left edge.
    const QStringList forms = {tr("dashed: |1 − η·Σσ⁻²|ⁿ ‖o⁽⁰⁾ − ô‖"),
                               tr("dashed: predicted\n|1 − η·Σσ⁻²|ⁿ ‖o⁽⁰⁾ − ô‖"),
                               tr("dashed: predicted")};
    const QFontMetricsF fm = plotStyle::metrics(mPredictedLabel->font());
    const double room = mRight->width() * 0.96 - 8;
    QString chosen = forms.last();
    for (const QString &form : forms) {
        double widest = 0;
        for (const QString &line : form.split(QLatin1Char('\n')))
            widest = std::max(widest, fm.horizontalAdvance(line));
        if (widest <= room) {
            chosen = form;
            break;
        }
    }
    if (mPredictedLabel->text() != chosen)
        mPredictedLabel->setText(chosen);
    return false; // an item: no margin changes
}

QString MleOptimizerView::summaryText() const
{
    return mTitle->text();
}

void MleOptimizerView::fitPeakLabel()
{
    if (!mPeakLabel->visible() || mPeakValue.isEmpty() || axisRect()->width() < 20)
        return;
    const double room =
        axisRect()->rect().right() - xAxis->coordToPixel(mPeakLabel->position->key()) - 2;
    const QFontMetricsF fm = plotStyle::metrics(plotStyle::tickFont());
    const QMargins pad = mPeakLabel->padding();
    const QStringList texts{tr("ℓ(ô) = %1 (maximum)").arg(mPeakValue),
                            tr("ℓ(ô) = %1 (max)").arg(mPeakValue), tr("ℓ(ô) = %1").arg(mPeakValue)};
    QString text = texts.last();
    for (const QString &candidate : texts)
        if (fm.horizontalAdvance(candidate) + pad.left() + pad.right() <= room) {
            text = candidate;
            break;
        }
    mPeakLabel->setText(text);
}

void MleOptimizerView::updateTicks()
{
    const MleAnimation *a = animation();
    const int iterations = std::max(5, a->iteration());
    // About one integer tick per 60 pixels of each half.
    const double pixels = std::max(100, layoutSize().width() - 110);
    const double step = std::max(1.0, std::ceil(iterations / std::max(1.0, pixels / 60)));
    for (QCPAxis *axis : {xAxis, mRight->axis(QCPAxis::atBottom)})
        if (auto fixed = axis->ticker().dynamicCast<QCPAxisTickerFixed>())
            fixed->setTickStep(step);
}

QString MleOptimizerView::toolTipAt(const QPointF &pos) const
{
    const MleAnimation *a = animation();
    if (!a->isDefined() || a->path().empty())
        return {};
    QCPAxis *x = nullptr;
    if (axisRect()->rect().contains(pos.toPoint()))
        x = xAxis;
    else if (mRight->rect().contains(pos.toPoint()))
        x = mRight->axis(QCPAxis::atBottom);
    if (!x)
        return {};
    const int k = int(std::lround(x->pixelToCoord(pos.x())));
    if (k < 0 || k > a->iteration())
        return {};
    return tr("iteration %1\nℓ(o⁽%1⁾) = %2\n‖o⁽%1⁾ − ô‖ = %3")
        .arg(k)
        .arg(plotStyle::exact(a->logLikelihoods()[size_t(k)]))
        .arg(plotStyle::exact(a->distances()[size_t(k)]));
}

} // namespace sml
