#pragma once

#include "plots/PlotView.h"

#include <QPointer>

namespace sml {

class MleAnimation;

/// The MLE gradient-ascent run of MATH.md §4.4, per iteration n: above, the objective ℓ(o⁽ⁿ⁾)
/// (§4.2) rising to its maximum ℓ(ô); below, the distance ‖o⁽ⁿ⁾ − ô‖ to the closed form on a log
/// axis, with the predicted |1 − α|ⁿ ‖o⁽⁰⁾ − ô‖ as a dashed line (a straight line on the log
/// axis: linear convergence at rate |1 − α|). The title carries the step rule and the state.
///
/// It draws an MleAnimation: the window's (setAnimation), or, for an export, its own, run from
/// the default start with α = 0.5 until it converges.
class MleOptimizerView : public PlotView
{
    Q_OBJECT

public:
    explicit MleOptimizerView(QWidget *parent = nullptr);

    QString viewName() const override { return QStringLiteral("mle-optimizer"); }
    void showAnalysis(const Analysis &analysis, int selectedQuery) override;
    QString toolTipAt(const QPointF &pos) const override;

    void setAnimation(MleAnimation *animation);
    MleAnimation *animation() const;

    QCPGraph *likelihoodGraph() const { return mLikelihood; }
    QCPGraph *distanceGraph() const { return mDistance; }
    QCPGraph *predictedGraph() const { return mPredicted; }
    QCPAxisRect *distanceRect() const { return mRight; }
    QString summaryText() const;

public:
    /// Fixed hints: QCustomPlot's own hints follow the title's text width, which would let a
    /// long title widen the dock and with it the window.
    QSize sizeHint() const override { return QSize(420, 380); }
    QSize minimumSizeHint() const override { return QSize(320, 260); }

    /// The label of the dashed prediction, as drawn (for tests).
    QCPItemText *predictedLabel() const { return mPredictedLabel; }
    /// The label of the dashed line at the maximum ℓ(ô).
    QCPItemText *peakLabel() const { return mPeakLabel; }

protected:
    void updateTicks() override;
    /// The label of the dashed prediction in the form that fits its plot's width.
    bool fitToLayout() override;

private:
    void redraw();

    QPointer<MleAnimation> mAnimation;
    MleAnimation *mOwn;
    QCPTextElement *mTitle;
    QCPItemText *mPredictedLabel;
    QCPAxisRect *mRight;
    QCPGraph *mLikelihood;
    QCPGraph *mDistance;
    QCPGraph *mPredicted;
    QCPItemStraightLine *mPeak;
    QCPItemText *mPeakLabel;
    QString mPeakValue; ///< ℓ(ô) as shown, "-427.3"
    /// The dashed line's label: "ℓ(ô) = -427.3 (maximum)", else shorter, to fit the plot's width
    /// right of where it starts (after each layout: the dock at 1280×800 cut it at "(maximur").
    void fitPeakLabel();
};

} // namespace sml
