#pragma once

#include <QLabel>
#include <QStringList>

#include <memory>

namespace sml {

/// A word-wrapped label whose height for a width is that of the tallest of a set of texts
/// (setReservedTexts) at that width, the text shown included: a label that shows one of them
/// at a time (a lesson step's title) then keeps its height from text to text, and whatever is
/// laid out below it stays put. The layout asks for it at the width the label really gets
/// (hasHeightForWidth), so it is never measured at a guessed width, and it is no minimum
/// height: the window's minimum size does not grow with it (explicit minimum heights
/// propagate into a window's minimum, heights for width do not).
class ReservedHeightLabel : public QLabel
{
    Q_OBJECT

public:
    explicit ReservedHeightLabel(QWidget *parent = nullptr);
    ~ReservedHeightLabel() override;

    QStringList reservedTexts() const { return mTexts; }
    void setReservedTexts(const QStringList &texts);

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void changeEvent(QEvent *event) override;

private:
    QStringList mTexts;
    /// A label like this one (font, format, margins) that measures the other texts.
    std::unique_ptr<QLabel> mMeasure;
    mutable int mCachedWidth = -1;
    mutable int mCachedHeight = 0;
};

} // namespace sml
