#pragma once

#include <Eigen/Core>
#include <qcustomplot.h>

#include <QString>
#include <QStringList>

#include <algorithm>
#include <functional>

namespace sml {

/// A layout grid whose elements the view places itself, by a function of the grid's rect (the
/// model views: square cells for T×T matrices, heights shared by what each row needs), instead
/// of by equal rows and columns. The grid's rows and columns only hold the elements. Its size
/// hints ask for nothing, so that the grid takes the room under the title and subtitle.
class PlacedLayout : public QCPLayoutGrid
{
public:
    using Placer = std::function<void(const QRect &rect)>;
    void setPlacer(Placer placer) { mPlacer = std::move(placer); }
    QSize minimumOuterSizeHint() const override { return QSize(0, 0); }
    QSize maximumOuterSizeHint() const override { return QSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX); }

protected:
    /// Runs after every element's margins are known (QCustomPlot's margin phase comes first).
    void updateLayout() override;

private:
    Placer mPlacer;
};

/// One matrix of the model views (the heads and projections views, MATH.md §8) drawn as
/// coloured cells in an axis rect of its own: row r of the matrix is drawn at the top, its caption
/// ("Q = X W_Q  (3×2)") above it, the row labels (tokens) on the left, the column numbers
/// (1-based) below, and the numbers in the cells while they fit. The block owns its axis rect,
/// colour map, trace outline and cell texts.
class MatrixBlock
{
public:
    /// Creates the axis rect on `plot` and places it at (row, column) of `grid` (a layout of the
    /// plot), before its items, which attach to the plot's first axis rect when created.
    MatrixBlock(QCustomPlot *plot, QCPLayoutGrid *grid, int row, int column);
    ~MatrixBlock();
    MatrixBlock(const MatrixBlock &) = delete;
    MatrixBlock &operator=(const MatrixBlock &) = delete;

    QCPAxisRect *rect() const { return mRect; }
    /// The matrix's rows and columns (at least 1 each).
    int rows() const { return std::max(1, int(mValues.rows())); }
    int columns() const { return std::max(1, int(mValues.cols())); }
    /// The margins around the cells: the caption above, the row labels left, the column labels
    /// below (known once QCustomPlot computed them, as in PlacedLayout's placer).
    QMargins margins() const { return mRect->margins(); }
    /// The cells' width at which the caption fits on one line ("Q = X W_Q  (31×16)"); the
    /// caption is drawn so when the cells are that wide, else on its two lines.
    int oneLineCaptionWidth() const;
    /// The cells' width that holds the widest line of the caption as given.
    int captionWidth() const;
    /// Puts the cells at `cells` (plot pixels), the labels around them in the margins.
    void placeCells(const QRect &cells);
    QCPColorMap *map() const { return mMap; }
    const Eigen::MatrixXd &values() const { return mValues; }
    const QString &caption() const { return mCaption; }
    /// The (row, column) name of a cell, for tooltips: "“the”, 2".
    QString rowName(int row) const;

    /// A colour gradient for the theme drawn now (plotStyle::diverging, plotStyle::viridis).
    using GradientMaker = QCPColorGradient (*)();

    /// Shows `values` (rows×columns) with the gradient `gradient` makes, over `range`, the
    /// caption above and the row labels at the left (empty: 1, 2, …). Clears the trace. The
    /// cells and their numbers take a new theme's gradient when the theme changes.
    /// `columnLabels` (the keys' tokens of a T×T matrix) replace the column numbers, turned 90°.
    /// `visible` (empty, or rows×columns): the cells that are false are masked (a causal mask's
    /// keys after the query): drawn hatched as in the attention heatmap, without a number.
    using CellMask = Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic>;
    void show(const Eigen::MatrixXd &values, const QString &caption, const QStringList &rowLabels,
              GradientMaker gradient, const QCPRange &range, const QStringList &columnLabels = {},
              const CellMask &visible = {});
    /// Is the cell masked (drawn hatched)?
    bool isMasked(int row, int column) const;
    /// How many cells are masked.
    int maskedCount() const { return int(mVisible.size() - mVisible.count()); }
    /// The cell under a widget position, or false outside the block's cells.
    bool cellAt(const QPointF &pos, int *row, int *column) const;

    /// What the trace outlines: nothing, a row, a column or one cell.
    enum class Trace
    {
        None,
        Row,
        Column,
        Cell
    };
    /// Outlines a row, a column or a cell (the operands of the product under the mouse).
    void setTrace(Trace trace, int row = 0, int column = 0);
    Trace trace() const { return mTrace; }
    int traceRow() const { return mTraceRow; }
    int traceColumn() const { return mTraceColumn; }
    /// Shows the numbers in the cells when every one of them fits its cell's pixels of the last
    /// layout, else none (the views call it after every layout, in the window and in an export).
    void fitTexts();
    /// The cells' height at which a small matrix's numbers fit (0 for a matrix too large to
    /// carry numbers).
    int textRowsHeight() const;
    /// How many cell numbers are shown now.
    int shownTexts() const;

    /// A frame around the whole block, outside its caption and labels (the selected head in the
    /// heads view): `gap` pixels outside the block's outer rect, which the view keeps free.
    void setFramed(bool framed);
    bool framed() const { return mFramed; }
    /// The pixels the frame is drawn on (its pen's outer edge), after the last layout.
    QRect frameRect() const;
    /// How far outside the outer rect the frame's outer edge lies.
    static constexpr int frameGap = 7;

    /// A range symmetric about 0 that holds every entry (at least ±1e-12): for signed matrices
    /// with the diverging gradient.
    static QCPRange symmetricRange(const Eigen::MatrixXd &values);

private:
    /// Tick labels at every rowStep-th row and colStep-th column; false when they were already.
    bool setTickSteps(int rowStep, int colStep);
    /// The smallest steps at which the tick labels do not overlap in the last layout.
    void fitTickLabels();
    /// Are the column labels (tokens) turned 90°? Only when one is wider than a line is high.
    bool rotatedColumnLabels() const;
    /// The caption on one line when it fits the width of the last layout, else as given; true
    /// when it changed.
    bool fitCaption();
    QString oneLineCaption() const;
    /// The gradient of the theme drawn now on the cells, and each number in black or white,
    /// whichever reads better on its cell.
    void colourCells();

    QCustomPlot *mPlot;
    QCPAxisRect *mRect;
    QCPColorMap *mMap;
    QCPItemRect *mTraceRect;
    QCPItemRect *mFrame;
    std::vector<QCPItemText *> mTexts;
    Eigen::MatrixXd mValues;
    GradientMaker mGradient = nullptr;
    QMetaObject::Connection mThemeConnection; ///< colourCells() on a change of theme
    QString mCaption;
    QStringList mRowLabels;
    QStringList mColumnLabels;
    CellMask mVisible;
    int mRowStep = 0;
    int mColStep = 0;
    Trace mTrace = Trace::None;
    int mTraceRow = 0;
    int mTraceColumn = 0;
    bool mFramed = false;
};

} // namespace sml
