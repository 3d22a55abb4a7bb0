#pragma once

#include <QLocale>
#include <QString>

#include <optional>

namespace sml {

/// Parses a number typed into a table cell in the user's locale (decimal comma under German).
/// Refuses group separators ("1.500" under German is not 1500), "inf", "nan", anything that is
/// not finite, and empty text. Surrounding spaces and bidirectional marks (which Qt 6.4 writes
/// around signs in right-to-left locales) are ignored. Only the user's locale is read:
/// under German "1.5" is refused rather than guessed at.
/// Returns nullopt and sets *error (if given) to a short reason on refusal.
std::optional<double> parseCellNumber(const QString &text, const QLocale &locale,
                                      QString *error = nullptr);

/// Formats a number for a cell in the locale, shortest form that reads back exactly: no group
/// separators, −0 written as 0, and parseCellNumber(formatCellNumber(x, l), l) == x for every
/// finite x (where Qt 6.4 cannot read its own exponent form in a locale, the C form is used).
QString formatCellNumber(double value, const QLocale &locale);

} // namespace sml
