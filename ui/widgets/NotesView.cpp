#include "widgets/NotesView.h"

#include <QAbstractTextDocumentLayout>
#include <QEvent>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

#include <algorithm>
#include <cmath>
#include <optional>

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
    // Longer than maximumLines(): the view ends where the next line starts, so no line shows cut
    // in half (a cap of n line spacings plus both margins showed the top of line n + 1, a fresh
    // reader's find). The lines as laid out, in the document's own font.
    std::optional<double> cap;
    int lines = 0;
    for (QTextBlock block = doc->begin(); block.isValid() && !cap; block = block.next()) {
        const QTextLayout *layout = block.layout();
        if (!layout)
            continue;
        const double top = doc->documentLayout()->blockBoundingRect(block).top();
        for (int k = 0; k < layout->lineCount() && !cap; ++k)
            if (lines++ == mMaximumLines)
                cap = top + layout->lineAt(k).y();
    }
    // All of a shorter text, with 2 px to spare (no scroll bar for a rounding).
    const double text = cap ? *cap : doc->size().height() + 2;
    const int height = int(std::ceil(text)) + 2 * frameWidth();
    if (height != this->height() || minimumHeight() != height)
        setFixedHeight(height);
}

} // namespace sml
