#pragma once

#include "plots/PlotView.h"
#include "plots/attention/SweepParts.h"

#include <Eigen/Core>
#include <QStringList>

#include <vector>

namespace sml {

/// The weights of the selected query as α of α-entmax runs from 1 (the softmax) to 4
/// (MATH.md §7.2: w = entmax_α(s), s = f/τ), one line per visible key, with the current α marked
/// by a vertical line and dots. α = 1, 1.5, 2 and the current α are samples, so the lines there
/// are exactly the softmax, 1.5-entmax, sparsemax and the attention weights. A cross on the axis
/// marks the α at which a key first reaches exactly 0 (leaves the support). With more than eight
/// keys the seven heaviest at the current α get colours and the rest are grey.
class AlphaSweepView : public PlotView
{
    Q_OBJECT

public:
    explicit AlphaSweepView(QWidget *parent = nullptr);

    QString viewName() const override { return QStringLiteral("alpha-sweep"); }
    void showAnalysis(const Analysis &analysis, int selectedQuery) override;
    QString toolTipAt(const QPointF &pos) const override;
    /// One row per swept α: columns alpha, then w of each visible key in key order.
    QString dataCsv() const override;

    /// The line of visible key j (0 ≤ j < |V_i|, in key order).
    QCPGraph *keyGraph(int j) const;
    int keyCount() const { return int(mGraphs.size()); }
    /// The crosses where keys first reach exactly 0.
    QCPGraph *dropOutGraph() const { return mDropOut; }
    double currentAlpha() const { return mAlpha; }
    /// The first swept α at which visible key j has weight exactly 0, or 0 when it never does.
    double dropOutAlpha(int j) const;
    QString noteText() const;

protected:
    void updateTicks() override;

private:
    QCPTextElement *mTitle;
    sweepParts::Marker mMarker; ///< the current α: line, the weights there as dots, label
    QCPGraph *mDropOut;         ///< (α where key j first reaches 0, 0)
    QCPItemText *mNote;
    std::vector<QCPGraph *> mGraphs;
    std::vector<double> mDropOutAlpha;
    Eigen::VectorXd mScores; ///< s = f/τ of the visible keys
    std::vector<double> mSampleAlphas;
    std::vector<int> mVisible;
    QStringList mLabels;
    QString mQueryLabel;
    double mAlpha = 1;
};

} // namespace sml
