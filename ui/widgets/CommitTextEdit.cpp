#include "widgets/CommitTextEdit.h"

#include <QKeyEvent>

namespace sml {

CommitTextEdit::CommitTextEdit(QWidget *parent) : QPlainTextEdit(parent)
{
    setTabChangesFocus(true); // Tab leaves the field (and commits), as in a form
}

void CommitTextEdit::setCommittedText(const QString &text)
{
    const bool editing = hasFocus() && toPlainText() != mCommitted;
    mCommitted = text;
    if (!editing && toPlainText() != text)
        setPlainText(text);
}

void CommitTextEdit::commit()
{
    const QString text = toPlainText();
    if (text == mCommitted)
        return;
    mCommitted = text;
    emit committed(text);
}

void CommitTextEdit::focusOutEvent(QFocusEvent *event)
{
    commit();
    QPlainTextEdit::focusOutEvent(event);
}

void CommitTextEdit::keyPressEvent(QKeyEvent *event)
{
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) &&
        (event->modifiers() & Qt::ControlModifier)) {
        commit();
        event->accept();
        return;
    }
    if (event->key() == Qt::Key_Escape) {
        setPlainText(mCommitted);
        event->accept();
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
}

} // namespace sml
