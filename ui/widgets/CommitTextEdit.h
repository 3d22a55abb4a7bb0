#pragma once

#include <QPlainTextEdit>

namespace sml {

/// A multi-line text field that commits its text as one edit: when it loses the focus or on
/// Ctrl+Return, committed() is emitted once if the text differs from the last one set or
/// committed (so each change is one undo step of the document). Escape gives back that text.
/// setCommittedText() shows a text from the document without emitting anything.
class CommitTextEdit : public QPlainTextEdit
{
    Q_OBJECT

public:
    explicit CommitTextEdit(QWidget *parent = nullptr);

    /// Shows `text` as the committed text (unless the user is typing in the field).
    void setCommittedText(const QString &text);
    QString committedText() const { return mCommitted; }

signals:
    void committed(const QString &text);

protected:
    void focusOutEvent(QFocusEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void commit();
    QString mCommitted;
};

} // namespace sml
