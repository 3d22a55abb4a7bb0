#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QSet>
#include <QString>

namespace sml {

/// The unknown JSON members of one object of a scenario file (scenario-format.md, "Unknown
/// fields": kept, and written back unchanged on save). As a QJsonObject it holds their values as
/// Qt parsed them. Qt's parser is lossy for numbers (12345678901234567891 becomes a double,
/// -0.0 becomes 0, 1.50 becomes 1.5), so for members read from a file it also keeps each one's
/// original text, and ScenarioIo::serialize writes that text back byte for byte as long as the
/// member's value is still the one parsed from it.
///
/// originalText is not part of equality: two scenarios with the same values are equal.
class UnknownFields : public QJsonObject
{
public:
    UnknownFields() = default;
    UnknownFields(const QJsonObject &values) : QJsonObject(values) {} // NOLINT: implicit

    /// Member key → its value's JSON text as it stood in the file (UTF-8, nothing trimmed inside).
    QHash<QString, QByteArray> originalText;
};

/// The texts of chosen members of a JSON document, byte for byte, for UnknownFields.
///
/// `json`: a syntactically valid JSON document whose top level is an object, without a
/// byte-order mark (the text QJsonDocument::fromJson accepted), with no duplicate keys. `paths`:
/// the members wanted, each a list of steps from the top-level object joined by memberPathSep:
/// an object member's key (decoded, escapes resolved) or an array element's index written
/// "#<i>" (0-based), e.g. {"keys", "#3", "grader"}. Returns path → the text of that member's
/// value (from its first byte to its last, no surrounding white space). Only the containers on
/// the way to a wanted member are entered; the scan is linear in the text and recurses at most
/// as deep as the longest path.
QHash<QString, QByteArray> memberTexts(const QByteArray &json, const QSet<QString> &paths);

/// Joins the steps of a memberTexts path: the unit separator U+001F (a key that holds one, which
/// only an escape can write, cannot be told from two steps; it then keeps its value, not its text).
inline constexpr QChar memberPathSep = QChar(0x1F);

} // namespace sml
