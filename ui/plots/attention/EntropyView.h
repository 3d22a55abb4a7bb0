#pragma once

#include "plots/PlotView.h"

#include <Eigen/Core>
#include <QStringList>

#include <vector>

namespace sml {

/// The entropy H_i of each query's weights (nats, MATH.md §3) as bars, against its ceiling
/// log |V_i| (a short line over each bar): H_i = log |V_i| means uniform attention, H_i = 0 a
/// single key. The selected query's bar is highlighted. A query with no visible key gets no bar
/// and an "(undefined)" label, never NaN.
class EntropyView : public PlotView
{
    Q_OBJECT

public:
    explicit EntropyView(QWidget *parent = nullptr);

    /// The "|supp| = k / n" label over query i's bar (α-entmax only; empty otherwise).
    QString supportText(int i) const;
    QString viewName() const override { return QStringLiteral("entropy"); }
    void showAnalysis(const Analysis &analysis, int selectedQuery) override;
    QString toolTipAt(const QPointF &pos) const override;
    /// "query,H,log|V|": one row per query, in nats (both empty when the query sees no key).
    QString dataCsv() const override;

    QCPBars *entropyBars() const { return mBars; }
    QCPBars *selectedBar() const { return mSelectedBar; }
    QCPGraph *ceilingGraph() const { return mCeiling; }

signals:
    /// The user clicked on a query's row or bar (to select it; views never edit).
    void queryClicked(int query);

protected:
    void updateTicks() override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    QCPTextElement *mTitle;
    QCPBars *mBars;
    QCPBars *mSelectedBar;
    QCPGraph *mCeiling;
    QStringList mLabels;
    Eigen::VectorXd mEntropy;
    Eigen::VectorXi mVisibleCount;
    Eigen::VectorXi mSupportSize;             ///< |supp w_i| (α-entmax; = |V_i| with softmax)
    bool mEntmax = false;                     ///< α > 1 (MATH.md §7.4)
    std::vector<QCPItemText *> mSupportTexts; ///< "|supp| = k/n" above each bar (α-entmax)
    std::vector<bool> mDefined;
};

} // namespace sml
