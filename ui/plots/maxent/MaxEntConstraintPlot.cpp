#include "plots/maxent/MaxEntConstraintPlot.h"

#include "Analysis.h"
#include "MaxEnt.h"
#include "style/PlotStyle.h"

#include <algorithm>
#include <limits>

namespace sml {

MaxEntConstraintPlot::MaxEntConstraintPlot(QWidget *parent) : MaxEntLambdaPlot(parent)
{
    plotStyle::styleAxis(yAxis, tr("E_λ[f] = Σ p f"));
}

Eigen::VectorXd MaxEntConstraintPlot::curve(const Eigen::VectorXd &lambdas) const
{
    Eigen::VectorXd e(lambdas.size());
    for (Eigen::Index k = 0; k < lambdas.size(); ++k)
        e[k] = maxent::expectedFeature(features(), lambdas[k]);
    return e;
}

QString MaxEntConstraintPlot::title(const QString &queryLabel) const
{
    return tr("Constraint E_λ[f] = μ · query “%1”").arg(queryLabel);
}

void MaxEntConstraintPlot::decorate(const QueryDetail &d)
{
    const Eigen::VectorXd &f = features();
    mMinF = f.minCoeff();
    mMaxF = f.maxCoeff();
    mMu = d.maxentTarget;

    // The feasible band min f < μ < max f (MATH.md §5.4).
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

    // Margins of a fifth of (max f − min f) hold the marker labels (MaxEntLambdaPlot).
    const double pad = 0.4 * (mMaxF / 2 - mMinF / 2);
    const double big = std::numeric_limits<double>::max();
    yAxis->setRange(std::max(-big, mMinF - pad), std::min(big, mMaxF + pad));
}

QString MaxEntConstraintPlot::toolTipExtra(double lambda) const
{
    const double e = maxent::expectedFeature(features(), lambda);
    return tr("Var_λ[f] = %1\ng′(λ) = E_λ[f] − μ = %2")
        .arg(plotStyle::exact(maxent::featureVariance(features(), lambda)),
             plotStyle::exact(e - mMu));
}

} // namespace sml
