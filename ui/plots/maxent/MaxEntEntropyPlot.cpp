#include "plots/maxent/MaxEntEntropyPlot.h"

#include "Analysis.h"
#include "Entmax.h"
#include "MaxEnt.h"
#include "TsallisMaxEnt.h"
#include "style/PlotStyle.h"

#include <algorithm>
#include <cmath>

namespace sml {

MaxEntEntropyPlot::MaxEntEntropyPlot(QWidget *parent) : MaxEntLambdaPlot(parent)
{
    plotStyle::styleAxis(yAxis, yAxisLabels().first());
}

Eigen::VectorXd MaxEntEntropyPlot::curve(const Eigen::VectorXd &lambdas) const
{
    if (alpha() == 1)
        return maxent::entropyCurve(features(), lambdas);
    Eigen::VectorXd h(lambdas.size());
    for (Eigen::Index k = 0; k < lambdas.size(); ++k)
        h[k] = maxent::tsallisEntropyAt(features(), lambdas[k], alpha());
    return h;
}

QString MaxEntEntropyPlot::alphaText() const
{
    return plotStyle::compact(alpha());
}

QString MaxEntEntropyPlot::curveSymbol() const
{
    return alpha() == 1 ? QStringLiteral("H(λ)") : QStringLiteral("H_α(λ)");
}

QString MaxEntEntropyPlot::title() const
{
    return alpha() == 1 ? tr("Shannon entropy H(λ)")
                        : tr("Tsallis entropy H_α(λ), α = %1").arg(alphaText());
}

QString MaxEntEntropyPlot::shortTitle() const
{
    return alpha() == 1 ? tr("Shannon H(λ)") : tr("Tsallis H_α(λ), α = %1").arg(alphaText());
}

QStringList MaxEntEntropyPlot::yAxisLabels() const
{
    if (alpha() == 1)
        return {tr("Shannon entropy H(λ)  (nats)"), tr("Shannon H(λ)  (nats)"), tr("H(λ)  (nats)"),
                tr("H (nats)")};
    return {tr("Tsallis entropy H_α(λ)  (dimensionless)"), tr("Tsallis H_α(λ)  (no unit)"),
            tr("Tsallis H_α(λ)"), tr("H_α(λ)")};
}

void MaxEntEntropyPlot::decorate(const QueryDetail &)
{
    const Eigen::VectorXd &f = features();
    const int n = int(f.size());
    const int argmaxCount = int((f.array() == f.maxCoeff()).count());
    const int argminCount = int((f.array() == f.minCoeff()).count());
    // The entropy of the uniform distribution on k keys: log k (Shannon), or
    // (1 − k^(1−α))/(α(α−1)) (Tsallis, MATH.md §7.1).
    auto uniformOn = [this](int k) {
        return alpha() == 1 ? std::log(double(k))
                            : tsallisEntropy(Eigen::VectorXd::Constant(k, 1.0 / k), alpha());
    };
    mUniform = uniformOn(n);
    mArgmax = uniformOn(argmaxCount);

    const QColor uniformColor = plotStyle::ceilingColor();
    const QColor argmaxColor(90, 90, 90);
    addHorizontal(mUniform, QPen(uniformColor, 2.5, Qt::DashLine));
    addHorizontal(mArgmax, QPen(argmaxColor, 2.5, Qt::DashLine));
    if (alpha() == 1)
        setReferenceTicks(
            {{mUniform, tr("uniform, λ = 0\nlog %1 = %2").arg(n).arg(plotStyle::compact(mUniform))},
             {mArgmax, argmaxCount == 1 ? tr("argmax, λ → ∞\nlog 1 = 0")
                                        : tr("argmax, λ → ∞\nlog %1 = %2")
                                              .arg(argmaxCount)
                                              .arg(plotStyle::compact(mArgmax))}});
    else
        setReferenceTicks(
            {{mUniform, tr("uniform, λ = 0\nH_α = %1").arg(plotStyle::compact(mUniform))},
             {mArgmax, tr("argmax, λ ≥ λ_max\nH_α = %1").arg(plotStyle::compact(mArgmax))}});
    // The entropy lies between its values on the argmax and argmin sets and the uniform value
    // (the base adds the marker labels' margins).
    const double lowest = std::min(mArgmax, uniformOn(argminCount));
    setValueRange(lowest, mUniform);
}

QString MaxEntEntropyPlot::toolTipExtra(double lambda) const
{
    if (alpha() == 1) {
        const double h = maxent::entropyAt(features(), lambda);
        return tr("N_eff = exp(H) = %1 of %2 keys")
            .arg(plotStyle::compact(std::exp(h)))
            .arg(features().size());
    }
    const Eigen::VectorXd p = maxent::tsallisWeights(features(), lambda, alpha());
    return tr("|supp p| = %1 of %2 keys\nShannon H(p) = %3 nats")
        .arg((p.array() > 0).count())
        .arg(features().size())
        .arg(plotStyle::compact(shannonEntropy(p)));
}

} // namespace sml
