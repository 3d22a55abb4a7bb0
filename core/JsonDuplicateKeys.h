#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace sml {

/// The first key that occurs twice within one JSON object.
struct DuplicateKey
{
    /// JSON path of the object that holds the key, in the loader's style: "" for the top-level
    /// object, "keys[1]", "variance", "maxent.extra[0].x". Object members are joined with '.',
    /// array elements with "[i]" (0-based).
    QString objectPath;
    QString key;       ///< the duplicated key, decoded (escapes resolved)
    qint64 offset = 0; ///< byte offset in the text of the second occurrence's opening quote

    /// "keys[1]: duplicate key \"vector\"" (or "top level: duplicate key \"title\"").
    QString message() const;
};

/// Pre-scan for duplicate keys (scenario-format.md, "Errors": Qt's parser silently keeps the last
/// of duplicate keys, so the loader checks with this scan first).
///
/// `json` must already be syntactically valid JSON (QJsonDocument::fromJson accepted it), in
/// UTF-8 without a byte-order mark. Keys are compared after decoding their escapes, \uXXXX
/// included, into UTF-16, so "a" and "\u0061" are the same key, and a surrogate pair written as
/// two escapes equals the same character written literally. The scan is iterative (no
/// recursion), linear in the text length, and keeps the key sets of the open objects only.
/// Returns the first duplicate in document order, or nullopt when every object's keys are
/// distinct.
std::optional<DuplicateKey> findDuplicateKey(const QByteArray &json);

} // namespace sml
