#pragma once

#include "plots/maxent/MaxEntLambdaPlot.h"

namespace sml {

/// The entropy of the MaxEnt distribution p(λ) of the selected query, against λ, with its two
/// limits as dashed asymptotes, named on the right-hand axis; the point λ = 1/τ (the attention
/// weights, MATH.md §5.3, §7.3) and the current λ are marked (MaxEntLambdaPlot).
/// - Softmax (α = 1): the Shannon entropy H(λ) = log Z(λ) − λ E_λ[f] in nats of p ∝ exp(λ f)
///   (MATH.md §5.6, maxent::entropyCurve), from the uniform limit log |V| at λ = 0 to the argmax
///   limit log |argmax f| as λ → ∞. H falls on both sides of λ = 0 (dH/dλ = −λ Var_λ[f]).
/// - α-entmax (α > 1): the Tsallis entropy H_α(λ) = Σ (p − p^α)/(α(α−1)) of p = entmax_α(λ f)
///   (MATH.md §7.1, §7.3, §7.4; maxent::tsallisEntropyAt), a pure number (no log, so no nats),
///   from (1 − |V|^(1−α))/(α(α−1)) at λ = 0 to its value on the argmax set, reached at the finite
///   λ_max (and on the argmin set at λ_min).
class MaxEntEntropyPlot : public MaxEntLambdaPlot
{
    Q_OBJECT

public:
    explicit MaxEntEntropyPlot(QWidget *parent = nullptr);

    QString viewName() const override { return QStringLiteral("maxent-entropy"); }

    /// The entropy of the uniform p (λ = 0) and of the uniform p on the argmax set (λ → ∞, or
    /// λ ≥ λ_max with α > 1) of the last query shown: log |V| and log |argmax f| in nats with the
    /// softmax, H_α of those distributions with α-entmax.
    double uniformLimit() const { return mUniform; }
    double argmaxLimit() const { return mArgmax; }

protected:
    Eigen::VectorXd curve(const Eigen::VectorXd &lambdas) const override;
    QString curveSymbol() const override;
    QString title() const override;
    QString shortTitle() const override;
    QStringList yAxisLabels() const override;
    void decorate(const QueryDetail &detail) override;
    QString toolTipExtra(double lambda) const override;

private:
    /// "2", "1.5": α as the plots write it.
    QString alphaText() const;

    double mUniform = 0;
    double mArgmax = 0;
};

} // namespace sml
