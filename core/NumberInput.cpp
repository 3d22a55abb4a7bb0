#include "NumberInput.h"

#include "TextInput.h"

#include <cmath>

namespace sml {

namespace {

/// The words QLocale::toDouble turns into non-finite values, whatever the case or sign.
bool isNonFiniteWord(QString text, const QLocale &locale)
{
    for (const QString &sign : {QStringLiteral("+"), QStringLiteral("-"), locale.positiveSign(),
                                locale.negativeSign(), QStringLiteral("\u2212")}) {
        if (!sign.isEmpty() && text.startsWith(sign)) {
            text = text.mid(sign.size()).trimmed();
            break;
        }
    }
    text = text.toLower();
    return text == QLatin1String("inf") || text == QLatin1String("infinity") ||
           text == QLatin1String("nan");
}

/// Removes bidirectional formatting marks (LRM, RLM, ALM, embeddings, isolates). Qt 6.4 writes
/// them around signs in right-to-left locales (he_IL writes "\u200E-1.5", ar_EG "\u061C-١٫٥")
/// but cannot read them back; they carry no numeric meaning.
QString withoutBidiMarks(QString text)
{
    text.removeIf([](QChar c) {
        const char16_t u = c.unicode();
        return u == 0x200E || u == 0x200F || u == 0x061C || (u >= 0x202A && u <= 0x202E) ||
               (u >= 0x2066 && u <= 0x2069);
    });
    return text;
}

std::optional<double> refuse(QString *error, const QString &reason)
{
    if (error)
        *error = reason;
    return std::nullopt;
}

} // namespace

std::optional<double> parseCellNumber(const QString &text, const QLocale &locale, QString *error)
{
    const QString trimmed = withoutBidiMarks(text).trimmed();
    if (trimmed.isEmpty())
        return refuse(error, QStringLiteral("empty: type a number"));
    if (isNonFiniteWord(trimmed, locale))
        return refuse(
            error, QStringLiteral("\"%1\" is not a finite number").arg(escapedForMessage(trimmed)));

    QLocale reader = locale;
    reader.setNumberOptions(reader.numberOptions() | QLocale::RejectGroupSeparator);
    bool ok = false;
    const double value = reader.toDouble(trimmed, &ok);
    if (!ok) {
        if (std::isinf(value))
            return refuse(
                error,
                QStringLiteral("\"%1\" is too large for a double").arg(escapedForMessage(trimmed)));
        return refuse(error, QStringLiteral("\"%1\" is not a number (decimal separator \"%2\", no "
                                            "thousands separators)")
                                 .arg(escapedForMessage(trimmed), reader.decimalPoint()));
    }
    if (!std::isfinite(value))
        return refuse(
            error, QStringLiteral("\"%1\" is not a finite number").arg(escapedForMessage(trimmed)));
    if (error)
        error->clear();
    return value == 0 ? 0.0 : value; // −0 → +0, as in the file format
}

QString formatCellNumber(double value, const QLocale &locale)
{
    if (value == 0)
        value = 0.0; // −0 → +0
    QLocale writer = locale;
    writer.setNumberOptions(writer.numberOptions() | QLocale::OmitGroupSeparator);
    const QString text = writer.toString(value, 'g', QLocale::FloatingPointShortest);
    if (!std::isfinite(value))
        return text;

    // Qt 6.4 cannot read back its own exponent notation in some locales (ar_EG writes "اس");
    // then fall back to a form that parseCellNumber reads back exactly in that locale.
    const auto readsBack = [&](const QString &candidate) {
        const std::optional<double> back = parseCellNumber(candidate, locale);
        return back && *back == value;
    };
    if (readsBack(text))
        return text;
    const QString plain = QLocale::c().toString(value, 'g', QLocale::FloatingPointShortest);
    if (readsBack(plain))
        return plain;
    const QString fixed = writer.toString(value, 'f', QLocale::FloatingPointShortest);
    if (readsBack(fixed))
        return fixed;
    return text;
}

} // namespace sml
