#pragma once

#include "plots/PlotView.h"

#include <Eigen/Core>
#include <QStringList>

#include <optional>
#include <vector>

namespace sml {

/// For the selected query: the softmax weights w, the MLE precision weights π (MATH.md §4.3) and
/// the MaxEnt distribution p (MATH.md §5) as grouped bars per visible key, with a legend and a
/// readout "max |π − w| = …   max |p − w| = …" (or the MaxEnt error, or the
/// "λ undetermined" warning). Tooltips give the exact values of the key under the mouse.
/// With α-entmax (MATH.md §7.3) w is the α-entmax of the scores and the caption says in words
/// why π ≠ w (the Gaussian MLE stays the softmax) and how many keys are on the support.
/// A query with no visible key shows its "undefined" message and no bars, never NaN.
class WeightBarsView : public PlotView
{
    Q_OBJECT

public:
    explicit WeightBarsView(QWidget *parent = nullptr);

    QString viewName() const override { return QStringLiteral("weight-bars"); }
    void showAnalysis(const Analysis &analysis, int selectedQuery) override;
    QString toolTipAt(const QPointF &pos) const override;
    /// "key,w,pi,p": one row per visible key of the selected query (p empty without a MaxEnt
    /// solution).
    QString dataCsv() const override;

    QCPBars *softmaxBars() const { return mSoftmax; }
    QCPBars *mleBars() const { return mMle; }
    QCPBars *maxentBars() const { return mMaxEnt; }
    /// The readout under the plot (max |π − w|, max |p − w|, μ, λ, or an error/warning).
    QString summaryText() const;
    /// The readout stands beside the bars, not under them (placeSummary).
    bool summaryBeside() const;

protected:
    void updateTicks() override;

private:
    /// The readout beside the bars in a wide view whose readout, under them, would take more
    /// than a quarter of its height (the sparse lesson presented at 1280×800: six lines over
    /// bars 79 px tall); else under them.
    void placeSummary(bool beside);

    QCPTextElement *mTitle;
    QCPLayoutGrid *mBody; ///< the bars' axis rect, and the readout beside it when it is
    QString mTitleText;
    QCPTextElement *mSummary;
    QStringList mSummaryLines; ///< the caption, before breaking it to the plot's width
    QCPBars *mSoftmax;
    QCPBars *mMle;
    QCPBars *mMaxEnt;
    QStringList mLabels;                        ///< labels of the visible keys
    std::vector<int> mVisible;                  ///< their key indices
    QString mWName = QStringLiteral("softmax"); ///< the normalizer of w, for the legend
    bool mEntmax = false;        ///< α > 1: w is α-entmax, π stays the softmax (MATH.md §7.3)
    Eigen::VectorXd mW, mPi, mP; ///< mP empty when MaxEnt has no solution
};

} // namespace sml
