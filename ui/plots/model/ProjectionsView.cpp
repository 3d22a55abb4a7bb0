#include "plots/model/ProjectionsView.h"

#include "Analysis.h"
#include "Model.h"
#include "document/ScenarioDocument.h"
#include "style/PlotStyle.h"

#include <QMouseEvent>

#include <algorithm>
#include <cmath>
#include <vector>

namespace sml {

ProjectionsView::ProjectionsView(QWidget *parent) : PlotView(parent)
{
    mTitle = addTitle();
    mTitle->setText(tr("From tokens to a head:  Q = X W_Q,  K = X W_K,  V = X W_V"));
    plotLayout()->insertRow(1);
    mSubtitle = new QCPTextElement(this, QString(), plotStyle::subtitleFont());
    plotLayout()->addElement(1, 0, mSubtitle);
    // After every layout (window or export) the cell numbers that no longer fit are hidden.
    connect(this, &QCustomPlot::afterLayout, this, &ProjectionsView::fitTexts);
    plotLayout()->remove(axisRect()); // the blocks bring their own axis rects
    plotLayout()->simplify();
    mBody = new PlacedLayout;
    plotLayout()->addElement(2, 0, mBody);
    for (int b = 0; b < BlockCount; ++b)
        mBlocks[size_t(b)] = std::make_unique<MatrixBlock>(this, mBody, 0, b);
    mBody->setPlacer([this](const QRect &rect) { placeBlocks(rect); });
}

void ProjectionsView::placeBlocks(const QRect &area)
{
    // Two rows when there is the width: the inputs X, W_Q, W_K, W_V, then what they make, Q, K,
    // V, the scores, the weights and O (in three rows every matrix was a strip ~40 px tall at
    // 1280×800 in presentation mode); three rows (X and the W, then Q, K, V, then the scores,
    // the weights and O) in a narrow window, where six blocks in a row would squeeze the square
    // scores and weights to nothing. Whichever leaves the flattest block taller.
    const Rows two = {{X, WQ, WK, WV}, {Q, K, V, Scores, Weights, O}};
    const Rows three = {{X, WQ, WK, WV}, {Q, K, V}, {Scores, Weights, O}};
    const Rows &best = placeRows(area, two, false) >= placeRows(area, three, false) ? two : three;
    placeRows(area, best, true);
}

int ProjectionsView::placeRows(const QRect &area, const Rows &rows, bool apply)
{
    // The rows share the height equally. In a row the T×T scores and weights keep square cells
    // (shrunk when the others would get less than they need); the others share the rest of
    // the width in proportion to their columns, each at least ~3 px a column and as wide as its
    // caption: on one line when all of them fit so (a row of one-line captions is ~25 px taller
    // in presentation mode), else its widest line.
    constexpr int gapX = 14;
    constexpr int gapY = 6;
    int marginsY = 0;
    std::vector<int> tops, bottoms;
    for (const auto &row : rows) {
        int top = 0;
        int bottom = 0;
        for (Block b : row) {
            top = std::max(top, mBlocks[size_t(b)]->margins().top());
            bottom = std::max(bottom, mBlocks[size_t(b)]->margins().bottom());
        }
        tops.push_back(top);
        bottoms.push_back(bottom);
        marginsY += top + bottom;
    }
    const int rowHeight =
        std::max(8, (area.height() - marginsY - gapY * int(rows.size() - 1)) / int(rows.size()));
    int flattest = rowHeight;
    int y = area.top();
    for (size_t i = 0; i < rows.size(); ++i) {
        const auto &row = rows[i];
        int fixedX = gapX * int(row.size() - 1);
        double squareWidth = 0; // at rowHeight
        int flexMinimum = 0;
        int captionMinimum = 0;
        for (Block b : row) {
            const MatrixBlock &m = *mBlocks[size_t(b)];
            fixedX += m.margins().left() + m.margins().right();
            if (isSquare(b))
                squareWidth += rowHeight * double(m.columns()) / m.rows();
            else {
                flexMinimum += minimumWidth(b, false);
                captionMinimum += minimumWidth(b, true);
            }
        }
        const double room = std::max(0, area.width() - fixedX);
        const bool oneLine = captionMinimum + squareWidth <= room;
        const double flexNeed = std::min<double>(oneLine ? captionMinimum : flexMinimum, room);
        const double squareScale =
            squareWidth > room - flexNeed ? std::max(0.02, (room - flexNeed) / squareWidth) : 1.0;
        const double flexRoom = std::max(0.0, room - squareWidth * squareScale);
        // Water-filling: a block whose share is below its minimum gets the minimum, the others
        // share what is left.
        std::vector<double> widths(row.size(), 0.0);
        std::vector<bool> atMinimum(row.size(), false);
        for (size_t pass = 0; pass <= row.size(); ++pass) {
            double left = flexRoom;
            double columns = 0;
            for (size_t k = 0; k < row.size(); ++k)
                if (!isSquare(row[k])) {
                    if (atMinimum[k])
                        left -= widths[k];
                    else
                        columns += mBlocks[size_t(row[k])]->columns();
                }
            bool changed = false;
            for (size_t k = 0; k < row.size(); ++k) {
                if (isSquare(row[k]) || atMinimum[k])
                    continue;
                widths[k] = std::max(0.0, left) * mBlocks[size_t(row[k])]->columns() /
                            std::max(1.0, columns);
                const int minimum = minimumWidth(row[k], oneLine);
                if (widths[k] < minimum) {
                    widths[k] = minimum;
                    atMinimum[k] = true;
                    changed = true;
                }
            }
            if (!changed)
                break;
        }
        // A row of squares alone is centred.
        double used = fixedX + squareWidth * squareScale;
        for (size_t k = 0; k < row.size(); ++k)
            used += widths[k];
        double x = area.left() + std::max(0.0, (area.width() - used) / 2);
        const int top = y + tops[i];
        for (size_t k = 0; k < row.size(); ++k) {
            const Block b = row[k];
            MatrixBlock &m = *mBlocks[size_t(b)];
            int w = int(widths[k]);
            int h = rowHeight;
            if (isSquare(b)) {
                h = int(std::lround(rowHeight * squareScale));
                w = int(std::lround(h * double(m.columns()) / m.rows()));
            }
            flattest = std::min(flattest, h);
            x += m.margins().left();
            if (apply)
                m.placeCells(QRect(int(std::lround(x)), top, std::max(1, w), std::max(1, h)));
            x += w + m.margins().right() + gapX;
        }
        y = top + rowHeight + bottoms[i] + gapY;
    }
    return flattest;
}

int ProjectionsView::minimumWidth(Block b, bool oneLineCaption) const
{
    const MatrixBlock &m = *mBlocks[size_t(b)];
    const int columns = std::clamp(3 * m.columns(), 24, 90);
    return std::max(columns, oneLineCaption ? m.oneLineCaptionWidth() : m.captionWidth());
}

bool ProjectionsView::isSquare(Block b) const
{
    return b == Scores || b == Weights;
}

void ProjectionsView::showAnalysis(const Analysis &analysis, int selectedQuery)
{
    Q_UNUSED(analysis);
    Q_UNUSED(selectedQuery);
    mHasModel = false;
    // Only the note: empty blocks read as a broken view.
    mBody->setVisible(false);
    for (auto &block : mBlocks)
        block->show(Eigen::MatrixXd(), QString(), {}, plotStyle::diverging, QCPRange(-1, 1));
    setSubtitle(tr("This scenario has no model: open a model scenario (tokens with "
                   "W_Q, W_K, W_V per head) to see its projections."));
    replot();
}

void ProjectionsView::showModel(const Scenario &modelScenario, const Analysis &headAnalysis,
                                int head)
{
    const Model &model = *modelScenario.model;
    const ModelHead &h = model.heads[size_t(head)];
    const Scenario &s = headAnalysis.scenario(); // the head baked: Q, K, V
    const AttentionResult &att = headAnalysis.attention();
    mHasModel = true;
    mBody->setVisible(true);
    mTau = att.tau;
    mHeadLabel = h.label;
    const QStringList &tokens = model.tokenLabels;
    QStringList dims;
    for (int j = 0; j < model.dModel(); ++j)
        dims << QString::number(j + 1);
    const auto size = [](const Eigen::MatrixXd &m) {
        return QStringLiteral("(%1×%2)").arg(m.rows()).arg(m.cols());
    };
    const auto signedBlock = [&](Block b, const Eigen::MatrixXd &m, const QString &caption,
                                 const QStringList &rows) {
        mBlocks[size_t(b)]->show(m, caption + QLatin1Char('\n') + size(m), rows,
                                 plotStyle::diverging, MatrixBlock::symmetricRange(m));
    };
    signedBlock(X, model.embeddings, tr("X (tokens)"), tokens);
    signedBlock(WQ, h.wQ, tr("W_Q"), dims);
    signedBlock(WK, h.wK, tr("W_K"), dims);
    signedBlock(WV, h.wV, tr("W_V"), dims);
    signedBlock(Q, s.queries, tr("Q = X W_Q"), tokens);
    signedBlock(K, s.keys, tr("K = X W_K"), tokens);
    signedBlock(V, s.values, tr("V = X W_V"), tokens);
    // The keys a query does not see (a causal mask) are hatched in the scores and the weights,
    // as in the attention heatmap and the heads view: drawn as 0 they read as "weight 0" and
    // "score 0", and a masked score is no number at all.
    const Eigen::MatrixXd scores = Eigen::MatrixXd(att.similarities) / att.tau;
    MatrixBlock::CellMask visible(scores.rows(), scores.cols());
    for (int i = 0; i < visible.rows(); ++i)
        for (int t = 0; t < visible.cols(); ++t)
            visible(i, t) = headAnalysis.mask().visible(i, t);
    // The colour range of the scores from the scores that are seen (a masked one may be any
    // number, or none).
    Eigen::MatrixXd seenScores = scores;
    for (int i = 0; i < visible.rows(); ++i)
        for (int t = 0; t < visible.cols(); ++t)
            if (!visible(i, t) || !std::isfinite(seenScores(i, t)))
                seenScores(i, t) = 0;
    mBlocks[Scores]->show(scores, tr("Q Kᵀ / τ") + QLatin1Char('\n') + size(scores), tokens,
                          plotStyle::diverging, MatrixBlock::symmetricRange(seenScores), tokens,
                          visible);
    mBlocks[Weights]->show(Eigen::MatrixXd(att.weights),
                           tr("weights\n(%1×%2)").arg(att.weights.rows()).arg(att.weights.cols()),
                           tokens, plotStyle::viridis, QCPRange(0, 1), tokens, visible);
    signedBlock(O, att.outputs, tr("O = weights · V"), tokens);
    setSubtitle(tr("%1 of %2 heads; τ = %3; %4. Hover a cell: what made it is outlined.")
                    .arg(h.label)
                    .arg(model.H())
                    .arg(plotStyle::compact(att.tau))
                    .arg(s.mask == MaskKind::Causal ? tr("causal mask") : tr("no mask")));
    replot();
}

void ProjectionsView::refreshFromDocument()
{
    ScenarioDocument *doc = document();
    if (doc && doc->isModel())
        showModel(doc->fileScenario(), doc->analysis(), doc->selectedHead());
    else
        PlotView::refreshFromDocument();
}

bool ProjectionsView::cellAt(const QPointF &pos, Block *b, int *row, int *column) const
{
    for (int i = 0; i < BlockCount; ++i)
        if (mBlocks[size_t(i)]->cellAt(pos, row, column)) {
            *b = Block(i);
            return true;
        }
    return false;
}

void ProjectionsView::clearTrace()
{
    for (auto &block : mBlocks)
        block->setTrace(MatrixBlock::Trace::None);
}

void ProjectionsView::traceCell(Block b, int row, int column)
{
    clearTrace();
    using T = MatrixBlock::Trace;
    const auto trace = [this](Block which, T t, int r, int c) {
        mBlocks[size_t(which)]->setTrace(t, r, c);
    };
    switch (b) {
    case X: // x_r feeds the rows r of Q, K and V
        trace(Q, T::Row, row, 0);
        trace(K, T::Row, row, 0);
        trace(V, T::Row, row, 0);
        break;
    case WQ:
        trace(Q, T::Column, 0, column);
        break;
    case WK:
        trace(K, T::Column, 0, column);
        break;
    case WV:
        trace(V, T::Column, 0, column);
        break;
    case Q: // q_rc = x_r · W_Q[:, c]
    case K:
    case V:
        trace(X, T::Row, row, 0);
        trace(b == Q ? WQ : b == K ? WK : WV, T::Column, 0, column);
        break;
    case Scores: // s_rc = q_r · k_c / τ
        trace(Q, T::Row, row, 0);
        trace(K, T::Row, column, 0);
        break;
    case Weights: // the softmax of row r of the scores
        trace(Scores, T::Row, row, 0);
        break;
    case O: // o_rc = w_r · V[:, c]
        trace(Weights, T::Row, row, 0);
        trace(V, T::Column, 0, column);
        break;
    case BlockCount:
        break;
    }
    trace(b, T::Cell, row, column);
}

QString ProjectionsView::productText(const Eigen::MatrixXd &left, int row,
                                     const Eigen::MatrixXd &right, int column) const
{
    QStringList terms;
    const Eigen::Index n = left.cols();
    for (Eigen::Index j = 0; j < std::min<Eigen::Index>(n, 6); ++j)
        terms << QStringLiteral("%1·%2").arg(plotStyle::compact(left(row, j)),
                                             plotStyle::compact(right(j, column)));
    if (n > 6)
        terms << tr("… (%1 terms)").arg(n);
    return terms.join(QStringLiteral(" + "));
}

QString ProjectionsView::toolTipAt(const QPointF &pos) const
{
    if (!mHasModel)
        return QString();
    Block b = X;
    int r = 0;
    int c = 0;
    if (!cellAt(pos, &b, &r, &c))
        return QString();
    const MatrixBlock &blk = *mBlocks[size_t(b)];
    const QString value = plotStyle::exact(blk.values()(r, c));
    const Eigen::MatrixXd &x = mBlocks[X]->values();
    switch (b) {
    case X:
        return tr("X[%1, %2]: component %2 of the embedding of token %3 = %4\nfeeds row %1 of Q, "
                  "K and V")
            .arg(r + 1)
            .arg(c + 1)
            .arg(blk.rowName(r), value);
    case WQ:
    case WK:
    case WV: {
        const QString name = b == WQ   ? QStringLiteral("W_Q")
                             : b == WK ? QStringLiteral("W_K")
                                       : QStringLiteral("W_V");
        return tr("%1[%2, %3] = %4\nfeeds column %3 of %5")
            .arg(name)
            .arg(r + 1)
            .arg(c + 1)
            .arg(value, name.right(1));
    }
    case Q:
    case K:
    case V: {
        const Block w = b == Q ? WQ : b == K ? WK : WV;
        const QString letter = b == Q   ? QStringLiteral("Q")
                               : b == K ? QStringLiteral("K")
                                        : QStringLiteral("V");
        return tr("%1[%2, %3] of token %4 = %5\n= row %2 of X · column %3 of W_%1\n= %6")
            .arg(letter)
            .arg(r + 1)
            .arg(c + 1)
            .arg(blk.rowName(r), value, productText(x, r, mBlocks[size_t(w)]->values(), c));
    }
    case Scores:
        if (blk.isMasked(r, c))
            return tr("query %1 → key %2: masked (the query does not see this key)\n"
                      "its weight is 0; q·k / τ = %3 is not used")
                .arg(blk.rowName(r), blk.rowName(c), value);
        return tr("score of query %1 → key %2 = q·k / τ = %3\n= (%4) / %5")
            .arg(blk.rowName(r), blk.rowName(c), value,
                 productText(mBlocks[Q]->values(), r,
                             Eigen::MatrixXd(mBlocks[K]->values().transpose()), c),
                 plotStyle::compact(mTau));
    case Weights:
        if (blk.isMasked(r, c))
            return tr("query %1 → key %2: masked (the query does not see this key), weight 0")
                .arg(blk.rowName(r), blk.rowName(c));
        return tr("weight of query %1 → key %2 = %3\n= the softmax of row %4 of the scores")
            .arg(blk.rowName(r), blk.rowName(c), value)
            .arg(r + 1);
    case O:
        return tr("O[%1, %2] of token %3 = %4\n= row %1 of the weights · column %2 of V\n= %5")
            .arg(r + 1)
            .arg(c + 1)
            .arg(blk.rowName(r), value,
                 productText(mBlocks[Weights]->values(), r, mBlocks[V]->values(), c));
    case BlockCount:
        break;
    }
    return QString();
}

void ProjectionsView::mouseMoveEvent(QMouseEvent *event)
{
    PlotView::mouseMoveEvent(event);
    Block b = X;
    int r = 0;
    int c = 0;
    const bool over = mHasModel && cellAt(event->position(), &b, &r, &c);
    if (over)
        traceCell(b, r, c);
    else
        clearTrace();
    replot(QCustomPlot::rpQueuedReplot);
}

void ProjectionsView::leaveEvent(QEvent *event)
{
    clearTrace();
    replot(QCustomPlot::rpQueuedReplot);
    PlotView::leaveEvent(event);
}

void ProjectionsView::setSubtitle(const QString &text)
{
    mSubtitleText = text;
    updateTicks();
}

void ProjectionsView::updateTicks()
{
    // The subtitle is broken at spaces to the width it is laid out at.
    const double width = std::max(200, layoutSize().width() - 24);
    mSubtitle->setText(plotStyle::wrapText(mSubtitleText, mSubtitle->font(), width));
}

void ProjectionsView::fitTexts()
{
    for (MatrixBlock *block : blocks())
        block->fitTexts();
}

std::vector<MatrixBlock *> ProjectionsView::blocks() const
{
    std::vector<MatrixBlock *> all;
    for (const auto &block : mBlocks)
        all.push_back(block.get());
    return all;
}

} // namespace sml
