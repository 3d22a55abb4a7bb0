#include "widgets/ReservedHeightLabel.h"

#include <QEvent>

#include <algorithm>

namespace sml {

ReservedHeightLabel::ReservedHeightLabel(QWidget *parent)
    : QLabel(parent), mMeasure(std::make_unique<QLabel>())
{
    setWordWrap(true);
}

ReservedHeightLabel::~ReservedHeightLabel() = default;

void ReservedHeightLabel::setReservedTexts(const QStringList &texts)
{
    if (texts == mTexts)
        return;
    mTexts = texts;
    mCachedWidth = -1;
    updateGeometry();
}

int ReservedHeightLabel::heightForWidth(int width) const
{
    const QString shown = text();
    int height = QLabel::heightForWidth(width);
    if (mTexts.isEmpty())
        return height;
    if (width == mCachedWidth)
        return std::max(height, mCachedHeight);
    // The twin wraps as this label does: same font, format, alignment, margins and indent.
    QLabel *m = mMeasure.get();
    m->setFont(font());
    m->setTextFormat(textFormat());
    m->setAlignment(alignment());
    m->setWordWrap(wordWrap());
    m->setMargin(margin());
    m->setIndent(indent());
    m->setContentsMargins(contentsMargins());
    int reserved = 0;
    for (const QString &t : mTexts) {
        m->setText(t);
        reserved = std::max(reserved, m->heightForWidth(width));
    }
    mCachedWidth = width;
    mCachedHeight = reserved;
    return std::max(height, reserved);
}

void ReservedHeightLabel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange ||
        event->type() == QEvent::ContentsRectChange)
        mCachedWidth = -1;
    QLabel::changeEvent(event);
}

} // namespace sml
