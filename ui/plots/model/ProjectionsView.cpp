#include "plots/model/ProjectionsView.h"

#include "Analysis.h"
#include "Model.h"
#include "document/ScenarioDocument.h"
#include "style/PlotStyle.h"

#include <QMouseEvent>

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
    auto *grid = new QCPLayoutGrid;
    plotLayout()->addElement(2, 0, grid);
    // Row 1: X and the three projections; row 2: Q, K, V under their W; row 3: scores, weights, O.
    const int cells[BlockCount][2] = {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 1},
                                      {1, 2}, {1, 3}, {2, 1}, {2, 2}, {2, 3}};
    for (int b = 0; b < BlockCount; ++b) {
        mBlocks[size_t(b)] = std::make_unique<MatrixBlock>(this, grid, cells[b][0], cells[b][1]);
    }
}

void ProjectionsView::showAnalysis(const Analysis &analysis, int selectedQuery)
{
    Q_UNUSED(analysis);
    Q_UNUSED(selectedQuery);
    mHasModel = false;
    for (auto &block : mBlocks)
        block->show(Eigen::MatrixXd(), QString(), {}, plotStyle::diverging(), QCPRange(-1, 1));
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
                                 plotStyle::diverging(), MatrixBlock::symmetricRange(m));
    };
    signedBlock(X, model.embeddings, tr("X (tokens)"), tokens);
    signedBlock(WQ, h.wQ, tr("W_Q"), dims);
    signedBlock(WK, h.wK, tr("W_K"), dims);
    signedBlock(WV, h.wV, tr("W_V"), dims);
    signedBlock(Q, s.queries, tr("Q = X W_Q"), tokens);
    signedBlock(K, s.keys, tr("K = X W_K"), tokens);
    signedBlock(V, s.values, tr("V = X W_V"), tokens);
    const Eigen::MatrixXd scores = Eigen::MatrixXd(att.similarities) / att.tau;
    mBlocks[Scores]->show(scores, tr("Q Kᵀ / τ") + QLatin1Char('\n') + size(scores), tokens,
                          plotStyle::diverging(), MatrixBlock::symmetricRange(scores), tokens);
    mBlocks[Weights]->show(Eigen::MatrixXd(att.weights),
                           tr("weights\n(%1×%2)").arg(att.weights.rows()).arg(att.weights.cols()),
                           tokens, plotStyle::viridis(), QCPRange(0, 1), tokens);
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
        return tr("score of query %1 → key %2 = q·k / τ = %3\n= (%4) / %5")
            .arg(blk.rowName(r), blk.rowName(c), value,
                 productText(mBlocks[Q]->values(), r,
                             Eigen::MatrixXd(mBlocks[K]->values().transpose()), c),
                 plotStyle::compact(mTau));
    case Weights:
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
