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
/// With α-entmax (MATH.md §7.3) w is the α-entmax of the scores and the readout gives how many
/// keys are on the support, "π = softmax(s) ≠ w" with max |π − w| (the Gaussian MLE stays the
/// softmax) and "p = w maximizes Tsallis H_α" with max |p − w|, each on one line. The legend
/// says "MLE  π" for "MLE precisions  π" when that saves it a row.
/// A query with no visible key shows its "undefined" message and no bars, never NaN.
class WeightBarsView : public PlotView
{
    Q_OBJECT

public:
    explicit WeightBarsView(QWidget *parent = nullptr);
    ~WeightBarsView() override;

    QString viewName() const override { return QStringLiteral("weight-bars"); }
    void showAnalysis(const Analysis &analysis, int selectedQuery) override;
    QString toolTipAt(const QPointF &pos) const override;
    /// "key,w,pi,p": one row per visible key of the selected query (p empty without a MaxEnt
    /// solution).
    QString dataCsv() const override;

    QCPBars *softmaxBars() const { return mSoftmax; }
    QCPBars *mleBars() const { return mMle; }
    QCPBars *maxentBars() const { return mMaxEnt; }
    /// The readout under or beside the bars (max |π − w|, max |p − w|, μ, λ, or an
    /// error/warning), broken into lines as shown.
    QString summaryText() const;
    /// The legend and the readout stand in a column beside the bars, not above and under them
    /// (placeSummary).
    bool summaryBeside() const;
    /// The legend stands over the readout beside the bars (placeSummary).
    bool legendBeside() const;

protected:
    void updateTicks() override;

private:
    /// The readout in a column beside the bars in a view more than 2.1 times as wide as tall,
    /// or in a wide view where, above and under them with the key labels, it and the legend
    /// would leave the bars little height (the sparse
    /// lesson presented at 1280×800: six lines over bars 79 px tall; the iris lesson: 30 turned
    /// key labels, the legend and two lines over bars 141 px tall), and the legend over it
    /// when both fit (withLegend); else the legend in its row under the title and the readout
    /// under the bars.
    void placeSummary(bool beside, bool withLegend);

    QCPTextElement *mTitle;
    QCPLayoutGrid *mBody;      ///< the bars' axis rect, and mSide beside it when it is there
    QCPLayoutGrid *mLegendRow; ///< the legend's centred row under the title
    QCPLayoutGrid *mSide;      ///< the legend over the readout, beside the bars
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
