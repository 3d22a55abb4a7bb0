#include "widgets/NotesView.h"

#include <QAbstractTextDocumentLayout>
#include <QEvent>
#include <QFontMetricsF>
#include <QTextDocument>

#include <algorithm>
#include <cmath>

namespace sml {

NotesView::NotesView(QWidget *parent) : QTextBrowser(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
            &NotesView::fitHeight);
    fitHeight();
}

void NotesView::setMaximumLines(int lines)
{
    mMaximumLines = std::max(1, lines);
    fitHeight();
}

void NotesView::resizeEvent(QResizeEvent *event)
{
    QTextBrowser::resizeEvent(event);
    fitHeight();
}

void NotesView::changeEvent(QEvent *event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitHeight();
}

void NotesView::fitHeight()
{
    const QTextDocument *doc = document();
    const double frame = 2 * frameWidth() + 2;
    // Measured in the font the text is drawn in (the document's), plus its margins.
    const double cap = QFontMetricsF(doc->defaultFont()).lineSpacing() * mMaximumLines +
                       2 * doc->documentMargin() + frame;
    const int height = int(std::ceil(std::min(cap, doc->size().height() + frame)));
    if (height != this->height() || minimumHeight() != height)
        setFixedHeight(height);
}

} // namespace sml
