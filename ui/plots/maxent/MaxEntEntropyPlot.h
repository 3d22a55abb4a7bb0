#pragma once

#include "plots/maxent/MaxEntLambdaPlot.h"

namespace sml {

/// The entropy H(λ) = log Z(λ) − λ E_λ[f] of the MaxEnt distribution p(λ) ∝ exp(λ f) of the
/// selected query, against λ (MATH.md §5.6, maxent::entropyCurve), with its two limits as dashed
/// asymptotes: the uniform limit log |V| at λ = 0 and the argmax limit log |argmax f| as λ → ∞
/// (MATH.md §5.3). H falls on both sides of λ = 0 (dH/dλ = −λ Var_λ[f]). The point λ = 1/τ
/// (the softmax, MATH.md §5.3) and the current λ are marked (MaxEntLambdaPlot).
class MaxEntEntropyPlot : public MaxEntLambdaPlot
{
    Q_OBJECT

public:
    explicit MaxEntEntropyPlot(QWidget *parent = nullptr);

    QString viewName() const override { return QStringLiteral("maxent-entropy"); }

    /// log |V| (λ = 0) and log |argmax f| (λ → ∞) of the last query shown (nats).
    double uniformLimit() const { return mUniform; }
    double argmaxLimit() const { return mArgmax; }

protected:
    Eigen::VectorXd curve(const Eigen::VectorXd &lambdas) const override;
    QString curveSymbol() const override { return QStringLiteral("H(λ)"); }
    QString title(const QString &queryLabel) const override;
    void decorate(const QueryDetail &detail) override;
    QString toolTipExtra(double lambda) const override;

private:
    double mUniform = 0;
    double mArgmax = 0;
};

} // namespace sml
