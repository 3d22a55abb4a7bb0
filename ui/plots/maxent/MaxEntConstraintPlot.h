#pragma once

#include "plots/maxent/MaxEntLambdaPlot.h"

namespace sml {

/// The expected similarity E_λ[f] = Σ p_t(λ) f_t of the selected query against λ
/// (MATH.md §5.2, maxent::expectedFeature), with the constraint line μ and the feasible band
/// (MATH.md §5.4). E_λ[f] rises from min f (λ → −∞) through the mean (λ = 0) to max f (λ → ∞);
/// it crosses μ at the λ the MaxEnt problem picks, which is 1/τ at the default target
/// (MATH.md §5.3). With α-entmax (α > 1) p(λ) = entmax_α(λ f) (maxent::tsallisExpectedFeature,
/// MATH.md §7.3): E_λ[f] reaches max f at the finite λ_max and min f at λ_min, so the feasible
/// targets are the closed interval [min f, max f]. The markers and iterates are those of
/// MaxEntLambdaPlot.
class MaxEntConstraintPlot : public MaxEntLambdaPlot
{
    Q_OBJECT

public:
    explicit MaxEntConstraintPlot(QWidget *parent = nullptr);

    QString viewName() const override { return QStringLiteral("maxent-constraint"); }

    /// The constraint μ drawn, and the band [min f, max f] (open with the softmax), of the last
    /// query shown.
    double constraintLine() const { return mMu; }
    std::pair<double, double> feasibleBand() const { return {mMinF, mMaxF}; }

protected:
    Eigen::VectorXd curve(const Eigen::VectorXd &lambdas) const override;
    QString curveSymbol() const override { return QStringLiteral("E_λ[f]"); }
    QString title() const override;
    QStringList yAxisLabels() const override;
    void decorate(const QueryDetail &detail) override;
    QString toolTipExtra(double lambda) const override;

private:
    double mMu = 0;
    double mMinF = 0;
    double mMaxF = 0;
};

} // namespace sml
