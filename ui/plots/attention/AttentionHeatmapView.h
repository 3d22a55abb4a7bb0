#pragma once

#include "Attention.h"
#include "HeatmapBinning.h"
#include "plots/PlotView.h"

#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace sml {

/// Queries × keys heatmap of the attention weights w_it (MATH.md §2).
///
/// One discrete cell per (query, key) (interpolation off), a fixed 0–1 colour range with a
/// viridis-like gradient and a colour bar, token labels on both axes (thinned when there are
/// many), the exact weight in a tooltip, the weights printed in the cells when they are large
/// enough to read, the selected query outlined, and masked cells transparent over a hatched grey
/// background. Row i of the colour map data is query i; column t is key t.
///
/// With α-entmax (MATH.md §7.4) the weights that are exactly 0 (keys below the row's water line)
/// are marked as such: a hatched cell with the text "0", a tooltip saying "0 exactly: below the
/// threshold", and their count in the subtitle.
///
/// When there are more queries or keys than pixels (issue 5), the cells are aggregated: each
/// drawn cell is the maximum weight of a block of queries × keys, the subtitle says so, and the
/// tooltip gives the exact weight under the mouse and the block's maximum. The blocks always
/// fit the axis rect being drawn (window or export), so nothing is silently skipped. The axes
/// keep query and key indices as coordinates.
class AttentionHeatmapView : public PlotView
{
    Q_OBJECT

public:
    explicit AttentionHeatmapView(QWidget *parent = nullptr);

    QString viewName() const override { return QStringLiteral("attention-heatmap"); }
    void showAnalysis(const Analysis &analysis, int selectedQuery) override;
    QString toolTipAt(const QPointF &pos) const override;
    /// The m×T weights with labels: header "query,<key labels>", one row per query (masked
    /// weights are 0), the layout the matrix import reads back.
    QString dataCsv() const override;

    QCPColorMap *colorMap() const { return mMap; }
    QCPColorScale *colorScale() const { return mScale; }
    int selectedQuery() const { return mSelected; }
    /// The drawn grid: block factors 1 when every cell is shown.
    const HeatmapGrid &grid() const { return mGrid; }
    /// How many times the weights have been binned into the grid (each a pass over all m×T
    /// weights): once per showAnalysis() and once per layout that changes the blocks.
    int binCount() const { return mBinCount; }
    /// The cells marked "exactly 0" (α-entmax, keys off the support; none with the softmax).
    /// The subtitle as drawn (τ, the normalizer and its zeros, the mask): under the title, or in
    /// the corner under the query labels (subtitleInCorner()).
    QString subtitleText() const
    {
        return mCornerNote->visible() ? mCornerNote->text() : mSubtitle->text();
    }
    /// Whether the subtitle stands in the empty corner under the query labels, left of the
    /// turned key labels, instead of in a row of its own under the title (updateTicks()).
    bool subtitleInCorner() const { return mCornerNote->visible(); }
    QCPItemText *cornerNote() const { return mCornerNote; }
    int exactZeroMarks() const { return int(mZeroStripes.size()) / stripesPerZero; }
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
    void addZeroStripes(int t, int i);
    /// The axis rect in pixels (after the last layout), at least 1×1.
    QSize axisRectPixels() const;
    /// Bins `analysis` for the current axis rect and puts the grid into the colour map.
    void fillCells(const Analysis &analysis);
    /// After a layout (window or export): re-bins when the blocks no longer fit the axis rect,
    /// or when finer blocks would fit.
    void rebinForLayout();
    void applyGrid();
    /// The subtitle's note of a grid whose cells show the max of rowFactor × colFactor weights.
    QString aggregationNote(int rowFactor, int colFactor) const;
    /// Row i of the weights of the shown analysis (exact), if it is still alive.
    std::optional<Eigen::VectorXd> weightsOfQuery(int i) const;

    QCPColorMap *mMap;
    QCPColorScale *mScale;
    QCPTextElement *mTitle;
    QCPTextElement *mSubtitle;
    QCPItemText *mCornerNote; ///< the subtitle in the corner, when it stands there
    QCPItemRect *mHighlight;
    std::vector<QCPItemText *> mCellTexts;
    static constexpr int stripesPerZero = 7;
    std::vector<QCPItemLine *> mZeroStripes; ///< stripesPerZero per exact zero (α-entmax)
    bool mEntmax = false;
    std::vector<std::optional<double>> mThresholds; ///< the water line of each row (α-entmax)
    int mBaseParts = 3; ///< subtitle parts before the aggregation note (the last: "sums to 1")
    QStringList mSubtitleParts; ///< τ, mask: one line when wide, stacked when narrow
    QStringList mQueryLabels;
    QStringList mKeyLabels;
    Mask mMask = Mask::none();
    int mSelected = 0;
    int mM = 0; ///< queries
    int mT = 0; ///< keys
    HeatmapGrid mGrid;
    int mBinCount = 0;
    std::weak_ptr<const Analysis> mSource; ///< the shown Analysis, if owned by a shared_ptr
    bool mRebinning = false;
    QStringList mTickedKeyLabels; ///< the labels and room of the last setCategoryTicks()
    QStringList mTickedQueryLabels;
    QSizeF mTickPixels{-1, -1};
};

} // namespace sml
