#pragma once

#include "MaxEntIterates.h"
#include "plots/PlotView.h"

#include <vector>

namespace sml {

/// The MaxEnt solvers at work for the selected query (MATH.md §5.5), per iteration n from
/// λ⁽⁰⁾ = 0: on the left the dual objective g(λ⁽ⁿ⁾) = log Z − λμ (MATH.md §5.2,
/// maxent::dualObjective) falling to its minimum g(λ*) = H(p*), on the right the distance
/// |λ⁽ⁿ⁾ − λ*| on a log axis, where safeguarded Newton's quadratic convergence shows as a cliff and
/// GIS's linear convergence as a straight slope.
///
/// With α-entmax (α > 1) the solver is the Newton/bisection of the Tsallis MaxEnt (MATH.md §7.3)
/// on its dual g(λ) = λ(E_λ[f] − μ) + H_α(p(λ)) (maxent::tsallisDualObjective), whose minimum is
/// H_α(p*); GIS, which needs the exponential family, is not shown.
///
/// showAnalysis() (used by the export) shows both complete runs; the animation in MaxEntPanel
/// calls showProgress() instead, with the iterations done so far. A query without a solvable
/// target shows MaxEntIterates::problem() instead of curves. When the plot is too narrow for the
/// two panes side by side, the distance pane goes under the dual one; the legend wraps.
class MaxEntOptimizerPlot : public PlotView
{
    Q_OBJECT

public:
    explicit MaxEntOptimizerPlot(QWidget *parent = nullptr);

    QString viewName() const override { return QStringLiteral("maxent-optimizer"); }
    void showAnalysis(const Analysis &analysis, int selectedQuery) override;
    QString toolTipAt(const QPointF &pos) const override;

    /// Shows iterations 0 … n of the chosen methods (each stops at its own last iterate).
    void showProgress(MaxEntIterates &iterates, const QString &queryLabel, int n, bool newton,
                      bool gis);

    QCPAxisRect *dualRect() const { return mDualRect; }
    QCPAxisRect *distanceRect() const { return mDistanceRect; }
    QCPGraph *newtonDualGraph() const { return mNewtonDual; }
    QCPGraph *gisDualGraph() const { return mGisDual; }
    QCPGraph *newtonDistanceGraph() const { return mNewtonDistance; }
    QCPGraph *gisDistanceGraph() const { return mGisDistance; }
    QString summaryText() const;
    /// True when the two panes are stacked (a narrow plot), false when side by side.
    bool panesStacked() const { return mStacked; }
    /// Whether the panes stack at a plot width (pixels), at the current text size.
    static bool panesStackAt(int width);
    /// Removes the title row (MaxEntPanel has its own heading; exports keep the title).
    void removeTitle();

protected:
    void updateTicks() override;

private:
    struct Shown
    {
        std::vector<double> lambdas;
        std::vector<double> duals;
        std::vector<double> distances;
    };

    /// Side by side or stacked panes for the width (see the class comment).
    void arrangePanes(bool stacked);

    QCPLayoutGrid *mPanes;
    bool mStacked = false;
    double mAlpha = 1;
    QCPTextElement *mTitle;
    QCPTextElement *mSummary;  ///< a row under the plots
    QStringList mSummaryParts; ///< λ*, then one part per method
    QCPItemText *mProblem;     ///< centred, when nothing can be solved
    QCPAxisRect *mDualRect;
    QCPAxisRect *mDistanceRect;
    QCPGraph *mNewtonDual;
    QCPGraph *mGisDual;
    QCPGraph *mDualStar;
    QCPGraph *mNewtonDistance;
    QCPGraph *mGisDistance;
    Shown mNewton;
    Shown mGis;
    double mLambdaStar = 0;
    double mMu = 0;
};

} // namespace sml
