#pragma once

#include <QTextBrowser>

namespace sml {

/// The scenario's notes above the views: read-only text exactly as tall as its wrapped lines,
/// at most maximumLines() of them (more scroll). Its height depends only on the text, the width
/// and the font, never on the space around it: with a shrinkable height (QSizePolicy::Maximum)
/// the notes absorbed each tab page's own height-for-width, and the tab bar under them jumped
/// by 22 px on every change of tab.
class NotesView : public QTextBrowser
{
    Q_OBJECT

public:
    explicit NotesView(QWidget *parent = nullptr);

    int maximumLines() const { return mMaximumLines; }
    /// At most `lines` lines (≥ 1) shown before the text scrolls; refits the height.
    void setMaximumLines(int lines);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void fitHeight();

    int mMaximumLines = 4;
};

} // namespace sml
