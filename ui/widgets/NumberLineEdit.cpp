#include "widgets/NumberLineEdit.h"

#include "NumberInput.h"
#include "widgets/NumberDelegate.h"

#include <QLocale>

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
    if (hasFocus() && isModified())
        return;
    // Eight significant digits (by default) keep the field readable from the back of the room;
    // the value is only re-read when the user edits the text.
    QLocale shown = mLocale;
    shown.setNumberOptions(shown.numberOptions() | QLocale::OmitGroupSeparator);
    setText(shown.toString(value, 'g', mDigits));
    // A field narrower than its text shows the text's start (the leading digits), not its tail:
    // "1.0883437" must not read "3437".
    setCursorPosition(0);
    setModified(false);
    markRefused(this, QString());
}

void NumberLineEdit::showRefused(const QString &message)
{
    markRefused(this, message);
    emit refused(message);
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
