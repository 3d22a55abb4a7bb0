#pragma once

#include "Attention.h"
#include "PlotView.h"

#include <QStringList>

#include <vector>

namespace sml {

/// Queries × keys heatmap of the attention weights w_it (MATH.md §2).
///
/// One discrete cell per (query, key) (interpolation off), a fixed 0–1 colour range with a
/// viridis-like gradient and a colour bar, token labels on both axes (thinned when there are
/// many), the exact weight in a tooltip, the weights printed in the cells when they are large
/// enough to read, the selected query outlined, and masked cells transparent over a hatched grey
/// background. Row i of the colour map data is query i; column t is key t.
class AttentionHeatmapView : public PlotView
{
    Q_OBJECT

public:
    explicit AttentionHeatmapView(QWidget *parent = nullptr);

    QString viewName() const override { return QStringLiteral("attention-heatmap"); }
    void showAnalysis(const Analysis &analysis, int selectedQuery) override;
    QString toolTipAt(const QPointF &pos) const override;

    QCPColorMap *colorMap() const { return mMap; }
    QCPColorScale *colorScale() const { return mScale; }
    int selectedQuery() const { return mSelected; }
    /// The cell (key t, query i) under a widget position, or false when outside the cells.
    bool cellAt(const QPointF &pos, int *query, int *key) const;

signals:
    /// The user clicked on a query's row or bar (to select it; views never edit).
    void queryClicked(int query);

protected:
    void updateTicks() override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    void rebuildCellTexts();

    QCPColorMap *mMap;
    QCPColorScale *mScale;
    QCPTextElement *mTitle;
    QCPTextElement *mSubtitle;
    QCPItemRect *mHighlight;
    std::vector<QCPItemText *> mCellTexts;
    QStringList mSubtitleParts; ///< τ, mask: one line when wide, stacked when narrow
    QStringList mQueryLabels;
    QStringList mKeyLabels;
    Mask mMask = Mask::none();
    int mSelected = 0;
};

} // namespace sml
