#include "plots/maxent/MaxEntConstraintPlot.h"

#include "Analysis.h"
#include "MaxEnt.h"
#include "TsallisMaxEnt.h"
#include "style/PlotStyle.h"

#include <algorithm>

namespace sml {

MaxEntConstraintPlot::MaxEntConstraintPlot(QWidget *parent) : MaxEntLambdaPlot(parent)
{
    plotStyle::styleAxis(yAxis, yAxisLabels().first());
}

Eigen::VectorXd MaxEntConstraintPlot::curve(const Eigen::VectorXd &lambdas) const
{
    Eigen::VectorXd e(lambdas.size());
    for (Eigen::Index k = 0; k < lambdas.size(); ++k)
        e[k] = alpha() == 1 ? maxent::expectedFeature(features(), lambdas[k])
                            : maxent::tsallisExpectedFeature(features(), lambdas[k], alpha());
    return e;
}

QString MaxEntConstraintPlot::title() const
{
    return tr("Constraint E_λ[f] = μ");
}

QStringList MaxEntConstraintPlot::yAxisLabels() const
{
    // f = q·k, the unscaled similarity (MATH.md §5.1): E_λ[f] is in its units.
    return {tr("E_λ[f] = Σ p f  (similarity q·k)"), tr("E_λ[f]  (similarity q·k)"),
            tr("E_λ[f] = Σ p f"), tr("E_λ[f]")};
}

void MaxEntConstraintPlot::decorate(const QueryDetail &d)
{
    const Eigen::VectorXd &f = features();
    mMinF = f.minCoeff();
    mMaxF = f.maxCoeff();
    mMu = d.maxentTarget;

    // The feasible band: min f < μ < max f (MATH.md §5.4), or min f ≤ μ ≤ max f with α-entmax
    // (§7.3).
    auto *band = new QCPItemRect(this);
    band->topLeft->setCoords(xMin(), mMaxF);
    band->bottomRight->setCoords(xMax(), mMinF);
    band->setPen(Qt::NoPen);
    band->setBrush(QColor(0, 158, 115, 28));
    band->setLayer(QStringLiteral("background"));
    own(band);

    const QColor boundColor(90, 90, 90);
    addHorizontal(mMaxF, QPen(boundColor, 2, Qt::DashLine));
    addHorizontal(mMinF, QPen(boundColor, 2, Qt::DashLine));
    addLabel(tr("feasible μ"), xMax(), mMinF, Qt::AlignBottom | Qt::AlignRight,
             plotStyle::maxentColor().darker(160));
    addHorizontal(mMu, QPen(plotStyle::maxentColor().darker(140), 2.5));
    setReferenceTicks({{mMu, tr("μ = %1").arg(plotStyle::compact(mMu))},
                       {mMaxF, tr("max f = %1").arg(plotStyle::compact(mMaxF))},
                       {mMinF, tr("min f = %1").arg(plotStyle::compact(mMinF))}});

    // E_λ[f] runs from min f to max f; the base adds the marker labels' margins.
    setValueRange(mMinF, mMaxF);
}

QString MaxEntConstraintPlot::toolTipExtra(double lambda) const
{
    if (alpha() > 1) {
        const double e = maxent::tsallisExpectedFeature(features(), lambda, alpha());
        const Eigen::VectorXd p = maxent::tsallisWeights(features(), lambda, alpha());
        return tr("|supp p| = %1 of %2 keys\ng′(λ) = E_λ[f] − μ = %3")
            .arg((p.array() > 0).count())
            .arg(features().size())
            .arg(plotStyle::exact(e - mMu));
    }
    const double e = maxent::expectedFeature(features(), lambda);
    return tr("Var_λ[f] = %1\ng′(λ) = E_λ[f] − μ = %2")
        .arg(plotStyle::exact(maxent::featureVariance(features(), lambda)),
             plotStyle::exact(e - mMu));
}

} // namespace sml
