#pragma once

#include "plots/PlotView.h"
#include "plots/attention/SweepParts.h"

#include <Eigen/Core>
#include <QStringList>

#include <vector>

namespace sml {

/// The weights of the selected query as the temperature τ sweeps from 0.05·√d_k to 20·√d_k on a
/// log axis (MATH.md §2: w = softmax(f/τ), or α-entmax(f/τ) with its exact zeros, §7.4), one line
/// per visible key, with the current τ marked by a vertical line (the range widens to hold it when
/// it lies outside). Small τ: the weights go one-hot on the argmax; large τ: they flatten to
/// uniform 1/|V|. With more than eight keys the seven heaviest at the current τ get colours and
/// legend entries and the rest are grey. The current τ is one of the samples, so the lines there
/// are exactly the attention weights. Tooltips give the exact weight of the nearest line at the
/// mouse's τ.
class TemperatureSweepView : public PlotView
{
    Q_OBJECT

public:
    explicit TemperatureSweepView(QWidget *parent = nullptr);

    QString viewName() const override { return QStringLiteral("temperature-sweep"); }
    void showAnalysis(const Analysis &analysis, int selectedQuery) override;
    QString toolTipAt(const QPointF &pos) const override;

    /// The line of visible key j (0 ≤ j < |V_i|, in key order).
    QCPGraph *keyGraph(int j) const;
    /// The weights at the current τ (one dot per key, in key order).
    QCPGraph *currentWeightsGraph() const { return mMarker.dots; }
    int keyCount() const { return int(mGraphs.size()); }
    double currentTau() const { return mTau; }
    /// The swept τ range.
    QCPRange tauRange() const { return xAxis->range(); }
    QString noteText() const;
    /// "Export data as CSV…": one row per swept τ (every sample, also where the drawing thins
    /// the grey curves), columns tau, then w of each visible key in key order (its label).
    QString dataCsv() const override;

protected:
    void updateTicks() override;
    bool fitToLayout() override;

private:
    /// Places the current-τ label beside its line in a plot `axisWidth` pixels wide: on the
    /// side with more room, or the other one when the √d_k line would cross it; shortened to
    /// "τ ≈ 1.414" when the long text does not fit.
    void placeTauLabel(double axisWidth);

    QCPTextElement *mTitle;
    sweepParts::Marker mMarker; ///< the current τ: line, the weights there as dots, label
    QString mTauText;           ///< "current τ = √d_k = √2 ≈ 1.414"
    QString mTauTextShort;      ///< "τ ≈ 1.414", when the long one does not fit beside the line
    QCPItemStraightLine *mSqrtDkLine;
    QCPItemText *mSqrtDkLabel;
    QCPItemText *mNote;
    std::vector<QCPGraph *> mGraphs;
    Eigen::VectorXd mF;
    std::vector<double> mSampleTaus; ///< the swept τ where f/τ stays finite, ascending
    std::vector<int> mVisible;
    QStringList mLabels;
    QString mQueryLabel;
    double mTau = 1;
    double mAlpha = 1; ///< the normalizer: 1 = softmax, > 1 = α-entmax (MATH.md §7.2)
};

} // namespace sml
