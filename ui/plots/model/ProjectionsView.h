#pragma once

#include "plots/PlotView.h"
#include "plots/model/MatrixBlock.h"

#include <array>
#include <memory>
#include <vector>

namespace sml {

struct Scenario;

/// The path from the tokens to one head's output (MATH.md §8; export name `projections`), for
/// the selected head of a model scenario: X (T×d_model), W_Q, W_K (d_model×d_k), W_V
/// (d_model×d_v), the projections Q = X W_Q, K = X W_K, V = X W_V, then the scores Q Kᵀ / τ, the
/// weights (T×T, MATH.md §2) and the output O = weights · V, as coloured matrices (signed ones on
/// a diverging scale symmetric about 0, the weights on 0–1). The tooltip gives a cell's exact
/// value and how it was made (the sum of products); the cell under the mouse is traced through
/// the products: the row of X and the column of W that made a cell of Q, K or V, the row of Q and
/// of K behind a score, the row of weights and the column of V behind a cell of O, and what a cell
/// of X or W feeds. A plain scenario shows a note instead.
class ProjectionsView : public PlotView
{
    Q_OBJECT

public:
    /// The blocks, in layout order.
    enum Block
    {
        X,
        WQ,
        WK,
        WV,
        Q,
        K,
        V,
        Scores,
        Weights,
        O,
        BlockCount
    };

    explicit ProjectionsView(QWidget *parent = nullptr);

    QString viewName() const override { return QStringLiteral("projections"); }
    /// A plain scenario has no projections: the view says so.
    void showAnalysis(const Analysis &analysis, int selectedQuery) override;
    /// Shows head `head` (0-based) of `modelScenario`, whose Analysis is `headAnalysis`.
    void showModel(const Scenario &modelScenario, const Analysis &headAnalysis, int head);
    QString toolTipAt(const QPointF &pos) const override;

    const MatrixBlock &block(Block b) const { return *mBlocks[size_t(b)]; }
    /// Traces the cell (row, column) of block `b` through the products (what the mouse does).
    void traceCell(Block b, int row, int column);
    /// The block and cell under a widget position; false outside every cell.
    bool cellAt(const QPointF &pos, Block *b, int *row, int *column) const;

protected:
    void refreshFromDocument() override;
    /// Wraps the subtitle to layoutSize().
    void updateTicks() override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    /// Places the blocks in the grid's rect (PlacedLayout).
    void placeBlocks(const QRect &area);
    /// Rows of blocks, top to bottom.
    using Rows = std::vector<std::vector<Block>>;
    /// Lays `rows` out in `area` (places the blocks when `apply`); returns the height of the
    /// flattest block's cells.
    int placeRows(const QRect &area, const Rows &rows, bool apply);
    /// The blocks drawn with square cells: the T×T scores and weights.
    bool isSquare(Block b) const;
    /// The least width of a block's cells: ~3 px a column, and its caption on one line if asked.
    int minimumWidth(Block b, bool oneLineCaption) const;
    void clearTrace();
    /// "a·b + c·d + … = s" for row `row` of `left` times column `column` of `right` (at most 6
    /// terms are written out).
    QString productText(const Eigen::MatrixXd &left, int row, const Eigen::MatrixXd &right,
                        int column) const;

    QCPTextElement *mTitle;
    void setSubtitle(const QString &text);
    /// Hides the cell numbers that do not fit (MatrixBlock::fitTexts).
    void fitTexts();
    std::vector<MatrixBlock *> blocks() const;

    QCPTextElement *mSubtitle;
    QString mSubtitleText;
    std::array<std::unique_ptr<MatrixBlock>, BlockCount> mBlocks;
    double mTau = 1;
    bool mHasModel = false;
    PlacedLayout *mBody = nullptr; ///< the blocks' grid, hidden while there is no model
    QString mHeadLabel;
};

} // namespace sml
