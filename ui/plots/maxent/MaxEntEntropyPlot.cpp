#include "plots/maxent/MaxEntEntropyPlot.h"

#include "Analysis.h"
#include "MaxEnt.h"
#include "style/PlotStyle.h"

#include <algorithm>
#include <cmath>

namespace sml {

MaxEntEntropyPlot::MaxEntEntropyPlot(QWidget *parent) : MaxEntLambdaPlot(parent)
{
    plotStyle::styleAxis(yAxis, tr("H(λ)  (nats)"));
}

Eigen::VectorXd MaxEntEntropyPlot::curve(const Eigen::VectorXd &lambdas) const
{
    return maxent::entropyCurve(features(), lambdas);
}

QString MaxEntEntropyPlot::title(const QString &queryLabel) const
{
    return tr("Entropy H(λ) · query “%1”").arg(queryLabel);
}

void MaxEntEntropyPlot::decorate(const QueryDetail &)
{
    const Eigen::VectorXd &f = features();
    const int n = int(f.size());
    const double top = f.maxCoeff();
    const int argmaxCount = int((f.array() == top).count());
    mUniform = std::log(double(n));
    mArgmax = std::log(double(argmaxCount));

    const QColor uniformColor = plotStyle::ceilingColor();
    const QColor argmaxColor(90, 90, 90);
    addHorizontal(mUniform, QPen(uniformColor, 2.5, Qt::DashLine));
    addHorizontal(mArgmax, QPen(argmaxColor, 2.5, Qt::DashLine));
    setReferenceTicks(
        {{mUniform, tr("uniform, λ = 0\nlog %1 = %2").arg(n).arg(plotStyle::compact(mUniform))},
         {mArgmax, argmaxCount == 1 ? tr("argmax, λ → ∞\nlog 1 = 0")
                                    : tr("argmax, λ → ∞\nlog %1 = %2")
                                          .arg(argmaxCount)
                                          .arg(plotStyle::compact(mArgmax))}});
    // H lies between min(log |argmax|, log |argmin|) and log |V|; margins of a fifth of log |V|
    // above and below hold the marker labels (MaxEntLambdaPlot).
    const int argminCount = int((f.array() == f.minCoeff()).count());
    const double lowest = std::min(mArgmax, std::log(double(argminCount)));
    yAxis->setRange(lowest - 0.2 * mUniform, 1.2 * mUniform);
}

QString MaxEntEntropyPlot::toolTipExtra(double lambda) const
{
    const double h = maxent::entropyAt(features(), lambda);
    return tr("N_eff = exp(H) = %1 of %2 keys")
        .arg(plotStyle::compact(std::exp(h)))
        .arg(features().size());
}

} // namespace sml
