#include "plots/model/MatrixBlock.h"

#include "plots/MaskedCells.h"
#include "style/Appearance.h"
#include "style/Contrast.h"
#include "style/PlotStyle.h"

#include <algorithm>
#include <cmath>

namespace sml {

namespace {

constexpr int maxCellsForText = 64; // the numbers are printed in the cells up to 8×8
constexpr int framePen = 3;

QFont smallFont(double factor)
{
    QFont f = plotStyle::tickFont();
    f.setPointSizeF(f.pointSizeF() * factor);
    return f;
}

} // namespace

void PlacedLayout::updateLayout()
{
    if (mPlacer)
        mPlacer(rect());
    else
        QCPLayoutGrid::updateLayout();
}

MatrixBlock::MatrixBlock(QCustomPlot *plot, QCPLayoutGrid *grid, int row, int column)
    : mPlot(plot), mRect(new QCPAxisRect(plot))
{
    grid->addElement(row, column, mRect);
    mRect->setupFullAxesBox(false);
    QCPAxis *x = mRect->axis(QCPAxis::atBottom);
    QCPAxis *y = mRect->axis(QCPAxis::atLeft);
    QCPAxis *top = mRect->axis(QCPAxis::atTop);
    for (QCPAxis *axis : {x, y, top, mRect->axis(QCPAxis::atRight)}) {
        axis->grid()->setVisible(false);
        axis->setTickLength(0, 0);
        axis->setSubTickLength(0, 0);
        axis->setTickLabelFont(smallFont(0.8));
        axis->setLabelFont(smallFont(0.9));
        axis->setTickLabelPadding(2);
        axis->setLabelPadding(2);
        axis->setPadding(0); // the placer keeps the gaps between blocks
    }
    // QCustomPlot's 15 px minimum margins cost every row of blocks ~20 px of cells.
    mRect->setMinimumMargins(QMargins(2, 2, 2, 2));
    // A new theme gives the cells its gradient, also in a view no document redraws (an export).
    mThemeConnection =
        QObject::connect(Appearance::instance(), &Appearance::changed, mRect, [this] {
            colourCells();
            mPlot->replot(QCustomPlot::rpQueuedReplot);
        });
    top->setVisible(true);
    top->setTickLabels(false);
    top->setTicks(false);
    mRect->axis(QCPAxis::atRight)->setTicks(false);
    y->setRangeReversed(true); // row 1 at the top, as in a matrix
    mRect->axis(QCPAxis::atRight)->setRangeReversed(true);
    mMap = new QCPColorMap(x, y);
    mMap->setInterpolate(false);
    mMap->setTightBoundary(false);
    mTraceRect = new QCPItemRect(plot);
    mTraceRect->setClipAxisRect(mRect);
    mTraceRect->setClipToAxisRect(true);
    for (QCPItemPosition *p : {mTraceRect->topLeft, mTraceRect->bottomRight})
        p->setAxes(x, y);
    mTraceRect->setPen(QPen(plotStyle::highlightColor(), 3));
    mTraceRect->setBrush(Qt::NoBrush);
    mTraceRect->setVisible(false);
    mFrame = new QCPItemRect(plot);
    mFrame->setClipToAxisRect(false);
    // Around the outer rect (placed after every layout, fitTexts()): a frame on the cells hid
    // the first and last tick labels and the caption's descenders.
    for (QCPItemPosition *p : {mFrame->topLeft, mFrame->bottomRight})
        p->setType(QCPItemPosition::ptAbsolute);
    QPen pen(plotStyle::highlightColor(), framePen);
    pen.setJoinStyle(Qt::MiterJoin);
    mFrame->setPen(pen);
    mFrame->setBrush(Qt::NoBrush);
    mFrame->setVisible(false);
}

QString MatrixBlock::rowName(int row) const
{
    if (row < mRowLabels.size() && !mRowLabels.at(row).isEmpty())
        return QStringLiteral("“%1”").arg(mRowLabels.at(row));
    return QString::number(row + 1);
}

QCPRange MatrixBlock::symmetricRange(const Eigen::MatrixXd &values)
{
    double top = values.size() > 0 ? values.cwiseAbs().maxCoeff() : 0.0;
    if (!std::isfinite(top) || top < 1e-12)
        top = 1e-12;
    return QCPRange(-top, top);
}

void MatrixBlock::show(const Eigen::MatrixXd &values, const QString &caption,
                       const QStringList &rowLabels, GradientMaker gradient, const QCPRange &range,
                       const QStringList &columnLabels, const CellMask &visible)
{
    mValues = values;
    mVisible =
        visible.rows() == values.rows() && visible.cols() == values.cols() ? visible : CellMask();
    mCaption = caption;
    mRowLabels = rowLabels;
    const int rows = int(values.rows());
    const int cols = int(values.cols());
    QCPAxis *x = mRect->axis(QCPAxis::atBottom);
    QCPAxis *y = mRect->axis(QCPAxis::atLeft);
    mRect->axis(QCPAxis::atTop)->setLabel(caption);
    fitCaption(); // as wide as the last layout (the replot after show() lays it out)
    x->setRange(-0.5, std::max(1, cols) - 0.5);
    y->setRange(-0.5, std::max(1, rows) - 0.5);

    // Tick labels: the tokens on the rows, 1-based column numbers (thinned when many; fitTexts
    // thins them further to the pixels of the layout).
    mColumnLabels = columnLabels;
    mRowStep = mColStep = 0;
    setTickSteps(std::max(1, rows / 12),
                 std::max(1, columnLabels.isEmpty() ? cols / 8 : std::max(1, rows / 12)));

    // QCustomPlot collapses a single cell to zero width: ±0.5 around its centre then.
    QCPColorMapData *data = mMap->data();
    data->setSize(std::max(1, cols), std::max(1, rows));
    data->setRange(cols == 1 ? QCPRange(-0.5, 0.5) : QCPRange(0, cols - 1),
                   rows == 1 ? QCPRange(-0.5, 0.5) : QCPRange(0, rows - 1));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            data->setCell(c, r, values(r, c));
    // Masked cells are transparent over the hatched background (as in the attention heatmap),
    // so that "masked" does not read as "weight 0".
    if (maskedCount() > 0) {
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c)
                data->setAlpha(c, r, mVisible(r, c) ? 255 : 0);
        setMaskedCellBackground(mRect, true); // (and again on a new theme)
    } else {
        data->clearAlpha();
        setMaskedCellBackground(mRect, false);
    }
    mGradient = gradient;
    mMap->setDataRange(range);

    for (QCPItemText *t : mTexts)
        mPlot->removeItem(t);
    mTexts.clear();
    if (rows * cols <= maxCellsForText)
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c) {
                if (isMasked(r, c))
                    continue; // no number on a masked cell
                auto *t = new QCPItemText(mPlot);
                t->setClipAxisRect(mRect);
                t->position->setAxes(x, y);
                t->position->setCoords(c, r);
                t->setFont(smallFont(0.75));
                t->setText(plotStyle::screenNumber(values(r, c), 'g', 3));
                // Its colour is chosen against its cell (colourCells), not themed as text: in
                // the dark theme a "0" was black on a black cell.
                t->setProperty(Appearance::onDataProperty, true);
                mTexts.push_back(t);
            }
    colourCells();
    setTrace(Trace::None);
    fitTexts();
}

MatrixBlock::~MatrixBlock()
{
    QObject::disconnect(mThemeConnection); // (the axis rect may outlive the block)
}

void MatrixBlock::colourCells()
{
    if (!mGradient)
        return;
    QCPColorGradient gradient = mGradient();
    mMap->setGradient(gradient);
    size_t k = 0;
    for (int r = 0; r < mValues.rows(); ++r)
        for (int c = 0; c < mValues.cols() && k < mTexts.size(); ++c) {
            if (isMasked(r, c))
                continue; // (no number there)
            const QColor cell = gradient.color(mValues(r, c), mMap->dataRange());
            const bool white = contrast::ratio(Qt::white, cell) > contrast::ratio(Qt::black, cell);
            mTexts[k++]->setColor(white ? Qt::white : Qt::black);
        }
}

bool MatrixBlock::isMasked(int row, int column) const
{
    return mVisible.size() > 0 && row >= 0 && column >= 0 && row < mVisible.rows() &&
           column < mVisible.cols() && !mVisible(row, column);
}

bool MatrixBlock::setTickSteps(int rowStep, int colStep)
{
    if (rowStep == mRowStep && colStep == mColStep)
        return false;
    mRowStep = rowStep;
    mColStep = colStep;
    const int rows = int(mValues.rows());
    const int cols = int(mValues.cols());
    const QFont tickFont = smallFont(0.8);
    auto rowTicker = QSharedPointer<QCPAxisTickerText>::create();
    for (int r = 0; r < rows; r += rowStep)
        rowTicker->addTick(r, r < mRowLabels.size()
                                  ? plotStyle::elide(mRowLabels.at(r), tickFont, 70)
                                  : QString::number(r + 1));
    mRect->axis(QCPAxis::atLeft)->setTicker(rowTicker);
    auto colTicker = QSharedPointer<QCPAxisTickerText>::create();
    const bool named = !mColumnLabels.isEmpty();
    for (int c = 0; c < cols; c += colStep)
        colTicker->addTick(c, named && c < mColumnLabels.size()
                                  ? plotStyle::elide(mColumnLabels.at(c), tickFont, 70)
                                  : QString::number(c + 1));
    QCPAxis *x = mRect->axis(QCPAxis::atBottom);
    x->setTicker(colTicker);
    x->setTickLabelRotation(rotatedColumnLabels() ? 90 : 0);
    return true;
}

bool MatrixBlock::rotatedColumnLabels() const
{
    // Tokens of one character (a character-level model) stay upright: turned 90° an "e" read
    // as a "ɑ" from the back of the hall.
    if (mColumnLabels.isEmpty() || mValues.cols() <= 3)
        return false;
    const QFontMetricsF fm = plotStyle::metrics(smallFont(0.8));
    for (const QString &label : mColumnLabels)
        if (fm.horizontalAdvance(label) > fm.height())
            return true;
    return false;
}

void MatrixBlock::fitTickLabels()
{
    // Every k-th label, with k the smallest step at which the labels do not touch: in a narrow
    // block of 31 tokens or 64 columns they were drawn on top of each other.
    const int rows = int(mValues.rows());
    const int cols = int(mValues.cols());
    if (rows == 0 || cols == 0 || mRect->width() <= 0 || mRect->height() <= 0)
        return;
    const QFontMetricsF fm = plotStyle::metrics(smallFont(0.8));
    const double lineHeight = fm.height() + 2;
    auto step = [](int count, double needed, double room) {
        return std::max(1, int(std::ceil(count * needed / std::max(1.0, room))));
    };
    const bool rotated = rotatedColumnLabels();
    double widest = 0;
    if (!rotated)
        for (int c = 0; c < cols; ++c)
            widest = std::max(widest, fm.horizontalAdvance(mColumnLabels.isEmpty()
                                                               ? QString::number(c + 1)
                                                               : mColumnLabels.value(c)));
    const int rowStep = step(rows, lineHeight, mRect->height());
    const int colStep = step(cols, rotated ? lineHeight : widest + 8, mRect->width());
    if (setTickSteps(rowStep, colStep))
        mPlot->replot(QCustomPlot::rpQueuedReplot);
}

void MatrixBlock::placeCells(const QRect &cells)
{
    mRect->setOuterRect(cells.marginsAdded(mRect->margins()));
}

QRect MatrixBlock::frameRect() const
{
    return mRect->outerRect().adjusted(-frameGap, -frameGap, frameGap, frameGap);
}

QString MatrixBlock::oneLineCaption() const
{
    return QString(mCaption).replace(QLatin1Char('\n'), QStringLiteral("  "));
}

int MatrixBlock::oneLineCaptionWidth() const
{
    const QFont font = mRect->axis(QCPAxis::atTop)->labelFont();
    return int(std::ceil(plotStyle::metrics(font).horizontalAdvance(oneLineCaption()))) + 8;
}

int MatrixBlock::captionWidth() const
{
    const QFontMetricsF fm = plotStyle::metrics(mRect->axis(QCPAxis::atTop)->labelFont());
    double widest = 0;
    for (const QString &line : mCaption.split(QLatin1Char('\n')))
        widest = std::max(widest, fm.horizontalAdvance(line));
    return int(std::ceil(widest)) + 8;
}

bool MatrixBlock::fitCaption()
{
    // "Q = X W_Q  (31×16)" on one line when it fits the cells' width, else in two: a second
    // line cost a row of blocks ~25 px of its height in presentation mode. (Stable: one line
    // makes the cells no narrower, two no wider.)
    if (!mCaption.contains(QLatin1Char('\n')) || mRect->width() <= 0)
        return false;
    QCPAxis *top = mRect->axis(QCPAxis::atTop);
    const QString wanted = oneLineCaptionWidth() <= mRect->width() ? oneLineCaption() : mCaption;
    if (top->label() == wanted)
        return false;
    top->setLabel(wanted);
    return true;
}

void MatrixBlock::fitTexts()
{
    if (fitCaption())
        mPlot->replot(QCustomPlot::rpQueuedReplot); // its margins change in the next layout
    if (mFramed) {
        // The pen's centre line, half a pen inside frameRect().
        const QRectF f = QRectF(frameRect()).adjusted(framePen / 2.0, framePen / 2.0,
                                                      -framePen / 2.0, -framePen / 2.0);
        mFrame->topLeft->setCoords(f.topLeft());
        mFrame->bottomRight->setCoords(f.bottomRight());
    }
    fitTickLabels();
    if (mTexts.empty())
        return;
    const double cellWidth = mRect->width() / double(std::max<Eigen::Index>(1, mValues.cols()));
    const double cellHeight = mRect->height() / double(std::max<Eigen::Index>(1, mValues.rows()));
    // All or none: a block with some numbers missing reads as if those cells had none.
    const QFontMetricsF metrics = plotStyle::metrics(mTexts.front()->font());
    const bool fit = metrics.height() <= cellHeight &&
                     std::all_of(mTexts.begin(), mTexts.end(), [&](const QCPItemText *t) {
                         return metrics.horizontalAdvance(t->text()) + 4 <= cellWidth;
                     });
    for (QCPItemText *t : mTexts)
        t->setVisible(fit);
}

int MatrixBlock::textRowsHeight() const
{
    if (mTexts.empty())
        return 0;
    return int(std::ceil(rows() * (plotStyle::metrics(mTexts.front()->font()).height() + 6)));
}

int MatrixBlock::shownTexts() const
{
    return int(std::count_if(mTexts.begin(), mTexts.end(),
                             [](const QCPItemText *t) { return t->visible(); }));
}

bool MatrixBlock::cellAt(const QPointF &pos, int *row, int *column) const
{
    if (!mRect->rect().contains(pos.toPoint()) || mValues.size() == 0)
        return false;
    const int c = int(std::lround(mRect->axis(QCPAxis::atBottom)->pixelToCoord(pos.x())));
    const int r = int(std::lround(mRect->axis(QCPAxis::atLeft)->pixelToCoord(pos.y())));
    if (r < 0 || r >= mValues.rows() || c < 0 || c >= mValues.cols())
        return false;
    *row = r;
    *column = c;
    return true;
}

void MatrixBlock::setTrace(Trace trace, int row, int column)
{
    mTrace = trace;
    mTraceRow = row;
    mTraceColumn = column;
    const double rows = double(std::max<Eigen::Index>(1, mValues.rows()));
    const double cols = double(std::max<Eigen::Index>(1, mValues.cols()));
    switch (trace) {
    case Trace::None:
        break;
    case Trace::Row:
        mTraceRect->topLeft->setCoords(-0.5, row - 0.5);
        mTraceRect->bottomRight->setCoords(cols - 0.5, row + 0.5);
        break;
    case Trace::Column:
        mTraceRect->topLeft->setCoords(column - 0.5, -0.5);
        mTraceRect->bottomRight->setCoords(column + 0.5, rows - 0.5);
        break;
    case Trace::Cell:
        mTraceRect->topLeft->setCoords(column - 0.5, row - 0.5);
        mTraceRect->bottomRight->setCoords(column + 0.5, row + 0.5);
        break;
    }
    mTraceRect->setVisible(trace != Trace::None);
}

void MatrixBlock::setFramed(bool framed)
{
    mFramed = framed;
    mFrame->setVisible(framed);
}

} // namespace sml
