#include "plots/model/HeadsView.h"

#include "Analysis.h"
#include "Model.h"
#include "ModelAnalysis.h"
#include "document/ScenarioDocument.h"
#include "plots/AxisLabelVariants.h"
#include "style/PlotStyle.h"

#include <QMouseEvent>

namespace sml {

HeadsView::HeadsView(QWidget *parent) : PlotView(parent)
{
    mTitle = addTitle();
    mTitle->setText(fullTitle());
    plotLayout()->insertRow(1);
    mSubtitle = new QCPTextElement(this, QString(), plotStyle::subtitleFont());
    plotLayout()->addElement(1, 0, mSubtitle);
    // After every layout (window or export) the cell numbers that no longer fit are hidden.
    connect(this, &QCustomPlot::afterLayout, this, &HeadsView::fitTexts);
    // The default axis rect is not used: the blocks bring their own.
    plotLayout()->remove(axisRect());
    plotLayout()->simplify();
    rebuild(0, false);
}

QString HeadsView::fullTitle()
{
    return tr("Every head:  wʰ = softmax(Qʰ Kʰᵀ / τ),  Y = [O¹ … Oᴴ] W_O");
}

void HeadsView::rebuild(int heads, bool withWO)
{
    // The blocks' items and colour maps go first, then their layout rows (with the axis rects).
    clearItems();
    clearPlottables();
    mHeads.clear();
    mConcat.reset();
    mWO.reset();
    mY.reset();
    if (mBody)
        plotLayout()->remove(mBody);
    plotLayout()->simplify();
    // One grid for the heads, the colour scale and the product row, placed by placeBlocks().
    mBody = new PlacedLayout;
    plotLayout()->addElement(2, 0, mBody);
    for (int h = 0; h < heads; ++h)
        mHeads.push_back(std::make_unique<MatrixBlock>(this, mBody, 0, h));
    mScale = new QCPColorScale(this);
    mScale->setType(QCPAxis::atRight);
    mScale->setGradient(plotStyle::viridis());
    mScale->setDataRange(QCPRange(0, 1));
    mScale->setBarWidth(16);
    plotStyle::styleAxis(mScale->axis(), tr("weight w"));
    // A scale as tall as square heads is short: "w" rather than "wei…t w".
    axisLabelVariants::set(mScale->axis(), {tr("weight w"), tr("w")});
    mBody->addElement(0, heads, mScale);
    if (!mHeads.empty())
        mHeads.front()->map()->setColorScale(mScale);

    mConcat = std::make_unique<MatrixBlock>(this, mBody, 0, heads + 1);
    mHasWO = withWO;
    if (withWO) {
        // (No text elements between the blocks: a text element caps its row's height.)
        mWO = std::make_unique<MatrixBlock>(this, mBody, 0, heads + 2);
        mY = std::make_unique<MatrixBlock>(this, mBody, 0, heads + 3);
    }
    mBody->setPlacer([this](const QRect &rect) { placeBlocks(rect); });
}

void HeadsView::placeBlocks(const QRect &area)
{
    // The heads' T×T heatmaps keep square cells, as large as the room allows: in as many rows
    // as makes them largest (one row in a wide window, 2×2 in a narrow one), over a product
    // row of at least ~2.5 px a token. With equal grid cells they were tall strips in the window
    // and wide ones in presentation mode. Each head keeps frameGap pixels free around it for
    // the frame of the selected head, outside its caption and tick labels.
    const int H = heads();
    const int gap = 2 * MatrixBlock::frameGap + 2;
    std::vector<MatrixBlock *> products;
    for (const auto *block : {&mConcat, &mWO, &mY})
        if (*block)
            products.push_back(block->get());
    int productTop = 0;
    int productBottom = 0;
    int productX = gap * int(products.size() - 1);
    int tokens = 1;
    for (MatrixBlock *b : products) {
        productTop = std::max(productTop, b->margins().top());
        productBottom = std::max(productBottom, b->margins().bottom());
        productX += b->margins().left() + b->margins().right();
    }
    if (mConcat)
        tokens = mConcat->rows(); // T
    QMargins head;
    for (const auto &b : mHeads) {
        const QMargins m = b->margins();
        head = QMargins(std::max(head.left(), m.left()), std::max(head.top(), m.top()),
                        std::max(head.right(), m.right()), std::max(head.bottom(), m.bottom()));
    }
    const int scaleWidth = std::clamp(mScale->maximumSize().width(), 20, 200);
    // A small model's products carry their numbers: tall enough for them (worked example D's
    // W_O had 4 rows in 40 px under two 590 px heads), up to half the height.
    int textHeight = 0;
    for (MatrixBlock *b : products)
        textHeight = std::max(textHeight, b->textRowsHeight());
    const int productMinimum =
        H > 0 ? std::max(std::clamp(5 * tokens / 2, 40, std::max(40, area.height() / 3)),
                         std::min(textHeight, area.height() / 2))
              : area.height();
    const int headsHeight = area.height() - productMinimum - productTop - productBottom - gap;
    int columns = std::max(1, H);
    int side = 0;
    for (int c = std::max(1, H); c >= 1 && H > 0; --c) {
        const int r = (H + c - 1) / c;
        const int sw = (area.width() - scaleWidth - gap - c * (head.left() + head.right() + gap)) / c;
        const int sh = (headsHeight - r * (head.top() + head.bottom() + gap)) / r;
        const int s = std::min(sw, sh);
        if (s > side + 2) { // fewer rows unless more rows make the heads larger
            side = s;
            columns = c;
        }
    }
    // As many rows, the fewest columns that hold the heads (2×2 rather than 3 + 1) when the
    // heads are as large so.
    if (H > 0) {
        const int r = (H + columns - 1) / columns;
        const int c = (H + r - 1) / r;
        const int sw = (area.width() - scaleWidth - gap - c * (head.left() + head.right() + gap)) / c;
        const int sh = (headsHeight - r * (head.top() + head.bottom() + gap)) / r;
        if (c < columns && std::min(sw, sh) >= side - 2) {
            columns = c;
            side = std::max(side, std::min(sw, sh));
        }
    }
    side = std::max(8, side);
    const int headRows = H > 0 ? (H + columns - 1) / columns : 0;
    const int pitchX = head.left() + side + head.right() + gap;
    const int pitchY = head.top() + side + head.bottom() + gap;
    const int headsWidth = columns * pitchX + scaleWidth;
    const int left = area.left() + std::max(0, (area.width() - headsWidth) / 2) + gap / 2;
    const int top = area.top() + gap / 2;
    for (int h = 0; h < H; ++h) {
        const int c = h % columns;
        const int r = h / columns;
        mHeads[size_t(h)]->placeCells(QRect(left + c * pitchX + head.left(),
                                            top + r * pitchY + head.top(), side, side));
    }
    if (mScale) {
        const int scaleHeight = H > 0 ? headRows * pitchY - gap - head.top() - head.bottom() : 0;
        mScale->setOuterRect(
            QRect(left + columns * pitchX, top + head.top(), scaleWidth, std::max(1, scaleHeight)));
    }
    // The product row: what is left below the heads, in equal widths.
    const int productY = top + headRows * pitchY;
    // (No taller than the heads, unless its numbers need it: the heads are the main thing.)
    const int productHeight =
        std::max(8, std::min(area.bottom() - productY - productTop - productBottom,
                             H > 0 ? std::max(side, productMinimum) : area.height()));
    const int productWidth =
        std::max(8, (area.width() - productX) / std::max(1, int(products.size())));
    int x = area.left();
    for (MatrixBlock *b : products) {
        x += b->margins().left();
        b->placeCells(QRect(x, productY + productTop, productWidth, productHeight));
        x += productWidth + b->margins().right() + gap;
    }
}

void HeadsView::showAnalysis(const Analysis &analysis, int selectedQuery)
{
    Q_UNUSED(analysis);
    Q_UNUSED(selectedQuery);
    if (!mHeads.empty() || mHasWO)
        rebuild(0, false);
    mSubtitleShort.clear();
    mConcat->show(Eigen::MatrixXd(), QString(), {}, plotStyle::diverging, QCPRange(-1, 1));
    mBody->setVisible(false); // only the note: an empty block and scale read as a broken view
    setSubtitle(tr("This scenario has no model: open a model scenario (tokens with "
                   "W_Q, W_K, W_V per head) to see its heads side by side."));
    replot();
}

void HeadsView::showModel(const Scenario &modelScenario, const ModelAnalysis &analysis, int head)
{
    const Model &model = *modelScenario.model;
    const int H = model.H();
    if (H != heads() || model.wO.has_value() != mHasWO)
        rebuild(H, model.wO.has_value());
    mBody->setVisible(true);
    mTokens = model.tokenLabels;
    mHeadLabels.clear();
    mFramedHead = std::clamp(head, 0, H - 1);
    std::vector<Eigen::MatrixXd> outputs;
    for (int h = 0; h < H; ++h) {
        const Analysis &a = *analysis.heads[size_t(h)];
        mHeadLabels << model.heads[size_t(h)].label;
        const Eigen::MatrixXd weights = a.attention().weights;
        MatrixBlock::CellMask visible(weights.rows(), weights.cols());
        for (int i = 0; i < visible.rows(); ++i)
            for (int t = 0; t < visible.cols(); ++t)
                visible(i, t) = a.mask().visible(i, t);
        mHeads[size_t(h)]->show(weights, model.heads[size_t(h)].label, mTokens,
                                plotStyle::viridis, QCPRange(0, 1), mTokens, visible);
        mHeads[size_t(h)]->setFramed(h == mFramedHead);
        outputs.push_back(a.attention().outputs);
    }
    const int dV = model.dV();
    Eigen::MatrixXd concat(model.T(), H * dV);
    for (int h = 0; h < H; ++h)
        concat.middleCols(h * dV, dV) = outputs[size_t(h)];
    mConcat->show(concat, tr("[O¹ … Oᴴ]\n(%1×%2)").arg(concat.rows()).arg(concat.cols()), mTokens,
                  plotStyle::diverging, MatrixBlock::symmetricRange(concat));
    if (mHasWO && analysis.output()) {
        const Eigen::MatrixXd &wO = *model.wO;
        QStringList wORows;
        for (int h = 0; h < H; ++h)
            for (int j = 0; j < dV; ++j)
                wORows << QStringLiteral("%1·%2").arg(h + 1).arg(j + 1);
        mWO->show(wO, tr("× W_O\n(%1×%2)").arg(wO.rows()).arg(wO.cols()), wORows,
                  plotStyle::diverging, MatrixBlock::symmetricRange(wO));
        const Eigen::MatrixXd &y = *analysis.output();
        mY->show(y, tr("= Y\n(%1×%2)").arg(y.rows()).arg(y.cols()), mTokens, plotStyle::diverging,
                 MatrixBlock::symmetricRange(y));
    }
    const Analysis &selected = *analysis.heads[size_t(mFramedHead)];
    const bool masked = !mHeads.empty() && mHeads.front()->maskedCount() > 0;
    // A narrow view gets the short form (PlotView would wrap the long one to three lines, the
    // height of the heads).
    mSubtitleShort = tr("%1 heads · T = %2 · τ = %3%5 · framed: %4 (click a head)")
                         .arg(H)
                         .arg(model.T())
                         .arg(plotStyle::compact(selected.tau()))
                         .arg(model.heads[size_t(mFramedHead)].label)
                         .arg(masked ? tr(" · hatched: masked") : QString());
    setSubtitle(tr("%1 heads, T = %2 tokens, τ = %3%6. Framed: %4; click a head to select it%5.")
                    .arg(H)
                    .arg(model.T())
                    .arg(plotStyle::compact(selected.tau()))
                    .arg(model.heads[size_t(mFramedHead)].label)
                    .arg(mHasWO ? QString() : tr("; no W_O: the head outputs alone"))
                    .arg(masked ? tr(", causal mask: hatched cells are hidden") : QString()));
    replot();
}

void HeadsView::refreshFromDocument()
{
    ScenarioDocument *doc = document();
    if (doc && doc->isModel() && doc->modelAnalysis())
        showModel(doc->fileScenario(), *doc->modelAnalysis(), doc->selectedHead());
    else
        PlotView::refreshFromDocument();
}

int HeadsView::headAt(const QPointF &pos) const
{
    for (int h = 0; h < heads(); ++h)
        if (mHeads[size_t(h)]->rect()->rect().contains(pos.toPoint()))
            return h;
    return -1;
}

QString HeadsView::toolTipAt(const QPointF &pos) const
{
    int r = 0;
    int c = 0;
    for (int h = 0; h < heads(); ++h) {
        const MatrixBlock &block = *mHeads[size_t(h)];
        if (!block.cellAt(pos, &r, &c))
            continue;
        const QString where = tr("%1: query %2 → key %3")
                                  .arg(mHeadLabels.value(h), block.rowName(r), block.rowName(c));
        if (block.isMasked(r, c))
            return where + tr("\nmasked: this query does not see this key (weight 0)");
        return where + tr("\nweight w = %1").arg(plotStyle::exact(block.values()(r, c)));
    }
    if (mConcat->cellAt(pos, &r, &c)) {
        const int dV = heads() > 0 ? int(mConcat->values().cols()) / heads() : 1;
        return tr("O of %1, token %2, component %3\n= %4")
            .arg(mHeadLabels.value(c / std::max(1, dV)), mConcat->rowName(r))
            .arg(c % std::max(1, dV) + 1)
            .arg(plotStyle::exact(mConcat->values()(r, c)));
    }
    if (mHasWO && mWO->cellAt(pos, &r, &c))
        return tr("W_O[%1, %2] = %3")
            .arg(r + 1)
            .arg(c + 1)
            .arg(plotStyle::exact(mWO->values()(r, c)));
    if (mHasWO && mY->cellAt(pos, &r, &c))
        return tr("Y of token %1, component %2 = %3\n= row %1 of [O¹ … O^H] · column %2 of W_O")
            .arg(mY->rowName(r))
            .arg(c + 1)
            .arg(plotStyle::exact(mY->values()(r, c)));
    return QString();
}

void HeadsView::mousePressEvent(QMouseEvent *event)
{
    const int h = event->button() == Qt::LeftButton ? headAt(event->position()) : -1;
    if (h >= 0) {
        emit headClicked(h);
        if (ScenarioDocument *doc = document())
            doc->setSelectedHead(h); // selecting is view state, not an edit
        event->accept();
        return;
    }
    PlotView::mousePressEvent(event);
}

void HeadsView::setSubtitle(const QString &text)
{
    mSubtitleText = text;
    updateTicks();
}

void HeadsView::updateTicks()
{
    // The subtitle is broken at spaces to the width it is laid out at; where the whole one
    // takes more than two lines (a narrow view), the short one. The title likewise: without
    // the formula of w when it would take two lines. The heads get the height (issue 14).
    const double width = std::max(200, layoutSize().width() - 24);
    QString subtitle = plotStyle::wrapText(mSubtitleText, mSubtitle->font(), width);
    if (subtitle.count(QLatin1Char('\n')) >= 2 && !mSubtitleShort.isEmpty())
        subtitle = plotStyle::wrapText(mSubtitleShort, mSubtitle->font(), width);
    mSubtitle->setText(subtitle);
    const bool titleFits =
        plotStyle::metrics(plotStyle::titleFont()).horizontalAdvance(fullTitle()) <= width;
    const QString title = titleFits || heads() == 0 ? fullTitle()
                                                    : tr("Every head,  Y = [O¹ … Oᴴ] W_O");
    if (mTitle->text() != title)
        mTitle->setText(title);
}

void HeadsView::fitTexts()
{
    for (MatrixBlock *block : blocks())
        block->fitTexts();
}

std::vector<MatrixBlock *> HeadsView::blocks() const
{
    std::vector<MatrixBlock *> all;
    for (const auto &block : mHeads)
        all.push_back(block.get());
    for (const auto *block : {&mConcat, &mWO, &mY})
        if (*block)
            all.push_back(block->get());
    return all;
}

} // namespace sml
