#include "widgets/NumberLineEdit.h"

#include "NumberInput.h"
#include "widgets/NumberDelegate.h"

#include <QKeyEvent>
#include <QLocale>
#include <QStyle>
#include <QStyleOptionFrame>

namespace sml {

NumberLineEdit::NumberLineEdit(QWidget *parent, const QLocale &locale)
    : QLineEdit(parent), mLocale(locale)
{
    setLocale(locale);
    connect(this, &QLineEdit::editingFinished, this, &NumberLineEdit::commit);
    connect(this, &QLineEdit::textEdited, this, [this] {
        QString reason;
        if (parseCellNumber(text(), mLocale, &reason) || text().trimmed().isEmpty())
            markRefused(this, QString());
    });
}

void NumberLineEdit::setValue(double value)
{
    // Eight significant digits (by default) keep the field readable from the back of the room;
    // the value is only re-read when the user edits the text.
    QLocale shown = mLocale;
    shown.setNumberOptions(shown.numberOptions() | QLocale::OmitGroupSeparator);
    // (Kept while the user types, too: Esc then puts back the value as it is now.)
    mShownText = shown.toString(value, 'g', mDigits);
    if (hasFocus() && isModified())
        return;
    setText(mShownText);
    // A field narrower than its text shows the text's start (the leading digits), not its tail:
    // "1.0883437" must not read "3437".
    setCursorPosition(0);
    setModified(false);
    markRefused(this, QString());
}

QSize NumberLineEdit::minimumSizeHint() const
{
    QSize size = QLineEdit::minimumSizeHint();
    if (!mWhole)
        return size;
    // A wide text setValue writes with mDigits digits: "-0.0123457" for six (a longer one,
    // "-0.000123457", shows its leading digits; setValue puts the cursor at the start).
    const QString widest = QStringLiteral("-0.0") + QString(mDigits, QLatin1Char('0'));
    QStyleOptionFrame option;
    initStyleOption(&option);
    const QMargins margins = textMargins() + contentsMargins();
    const QSize text(fontMetrics().horizontalAdvance(widest) + margins.left() + margins.right() + 4,
                     size.height());
    const QSize whole = style()->sizeFromContents(QStyle::CT_LineEdit, &option, text, this);
    return {std::max(size.width(), whole.width()), size.height()};
}

QSize NumberLineEdit::sizeHint() const
{
    // Kept whole, the field asks for no more than that: a slider beside it gets the rest.
    return mWhole ? QSize(minimumSizeHint().width(), QLineEdit::sizeHint().height())
                  : QLineEdit::sizeHint();
}

void NumberLineEdit::showRefused(const QString &message)
{
    markRefused(this, message);
    emit refused(message);
}

bool NumberLineEdit::hasSomethingToPutBack() const
{
    return isModified() || NumberDelegate::isRefused(this) || text() != mShownText;
}

void NumberLineEdit::putBack()
{
    setText(mShownText);
    setCursorPosition(0);
    setModified(false);
    markRefused(this, QString());
}

void NumberLineEdit::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && hasSomethingToPutBack()) {
        putBack();
        event->accept();
        return;
    }
    QLineEdit::keyPressEvent(event);
}

void NumberLineEdit::focusOutEvent(QFocusEvent *event)
{
    QLineEdit::focusOutEvent(event); // editingFinished: a typed value is committed or refused
    // (Not for a context menu or another window: the user comes back to the field.)
    const bool away = event->reason() != Qt::PopupFocusReason &&
                      event->reason() != Qt::ActiveWindowFocusReason;
    if (NumberDelegate::isRefused(this) && away && !isReadOnly())
        putBack();
}

bool NumberLineEdit::event(QEvent *event)
{
    // Esc with something to put back is the field's, before a window shortcut on Esc (leave
    // presentation mode, leave the lesson) takes it.
    if (event->type() == QEvent::ShortcutOverride) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier &&
            hasSomethingToPutBack()) {
            event->accept();
            return true;
        }
    }
    return QLineEdit::event(event);
}

void NumberLineEdit::commit()
{
    if (!isModified())
        return;
    setModified(false);
    QString reason;
    const std::optional<double> value = parseCellNumber(text(), mLocale, &reason);
    if (!value) {
        showRefused(tr("Refused: %1").arg(reason.isEmpty() ? tr("not a number") : reason));
        return;
    }
    markRefused(this, QString());
    emit committed(*value);
}

} // namespace sml
