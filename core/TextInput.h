#pragma once

#include <QByteArrayView>
#include <QString>

namespace sml {

/// Offset (in bytes, 0-based) of the first byte of `text` that does not start a well-formed
/// UTF-8 sequence, or −1 when all of `text` is UTF-8. Well-formed is RFC 3629: no overlong forms,
/// no surrogates (U+D800…U+DFFF), nothing above U+10FFFF, and no sequence cut off by the end of
/// `text`. Whether the answer is −1 agrees with QByteArrayView::isValidUtf8(); this also says
/// where, which the messages of the scenario and CSV readers need (scenario-format.md, "Errors").
qsizetype firstInvalidUtf8(QByteArrayView text);

/// The message of the readers' Encoding error: `"<where>: not UTF-8 (byte 0xe9); save the file as
/// UTF-8"`, where `where` places the byte ("line 2", "line 1, column 5") and `byte` is the one
/// firstInvalidUtf8() found (written as two lowercase hex digits).
QString notUtf8Message(const QString &where, char byte);

/// Input text as a message shows it (docs/promises.md, "What is refused"): every control
/// character made visible (\t, \r, \n, \0, other C0/C1 characters and DEL as \xNN,
/// U+2028/U+2029 and bidirectional controls as \u{NNNN}), then shortened to `maxChars`
/// characters with "…" when longer, so that a file of NUL bytes or a megabyte-long cell gives a
/// one-line message. The caller adds the quotes.
QString escapedForMessage(QStringView text, qsizetype maxChars = 40);

} // namespace sml
