#pragma once

#include "plots/PlotView.h"
#include "plots/model/MatrixBlock.h"

#include <memory>
#include <vector>

namespace sml {

struct ModelAnalysis;
struct Scenario;

/// The heads of a model scenario side by side (MATH.md §8; export name `heads`): every head's
/// attention weights as a T×T heatmap at the same colour scale (0 to 1), the selected head
/// framed (a click on a head's heatmap selects it in the bound document), and below them the
/// multi-head output Y = [O¹ … O^H] W_O: the concatenated head outputs (T×H·d_v), W_O
/// ((H·d_v)×d_model) and Y (T×d_model) as coloured matrices. Exact values in the tooltips.
/// Without W_O the concatenation is shown alone. A plain scenario shows a note instead.
class HeadsView : public PlotView
{
    Q_OBJECT

public:
    explicit HeadsView(QWidget *parent = nullptr);

    QString viewName() const override { return QStringLiteral("heads"); }
    /// A plain scenario has no heads: the view says so.
    void showAnalysis(const Analysis &analysis, int selectedQuery) override;
    /// Shows every head of `modelScenario` (analysed in `model`) with head `head` (0-based)
    /// framed.
    void showModel(const Scenario &modelScenario, const ModelAnalysis &model, int head);
    QString toolTipAt(const QPointF &pos) const override;

    /// Head h's heatmap (0 ≤ h < heads()), and the blocks of the product.
    int heads() const { return int(mHeads.size()); }
    const MatrixBlock &headBlock(int h) const { return *mHeads[size_t(h)]; }
    const MatrixBlock &concatBlock() const { return *mConcat; }
    /// W_O and Y: only when hasOutput().
    const MatrixBlock &wOBlock() const { return *mWO; }
    const MatrixBlock &outputBlock() const { return *mY; }
    bool hasOutput() const { return mHasWO; }
    int framedHead() const { return mFramedHead; }
    /// The subtitle under the title (unwrapped): heads, T, τ, the mask, the framed head.
    const QString &subtitleText() const { return mSubtitleText; }
    /// The head whose heatmap is under a widget position, or −1.
    int headAt(const QPointF &pos) const;

signals:
    /// The user clicked head h's heatmap (the bound document selects it).
    void headClicked(int head);

protected:
    void refreshFromDocument() override;
    /// Wraps the subtitle to layoutSize().
    void updateTicks() override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    void rebuild(int heads, bool withWO);
    /// Places the heads, the colour scale and the product row in the body's rect.
    void placeBlocks(const QRect &area);

    QCPTextElement *mTitle;
    void setSubtitle(const QString &text);
    /// Hides the cell numbers that do not fit (MatrixBlock::fitTexts).
    void fitTexts();
    std::vector<MatrixBlock *> blocks() const;

    QCPTextElement *mSubtitle;
    QString mSubtitleText;
    QString mSubtitleShort; ///< for a narrow view (empty: none)
    static QString fullTitle();
    PlacedLayout *mBody = nullptr;
    QCPColorScale *mScale = nullptr;
    std::vector<std::unique_ptr<MatrixBlock>> mHeads;
    std::unique_ptr<MatrixBlock> mConcat, mWO, mY;
    bool mHasWO = false;
    int mFramedHead = 0;
    QStringList mHeadLabels;
    QStringList mTokens;
};

} // namespace sml
