#pragma once

#include "ScenarioIo.h"

#include <QByteArray>
#include <QString>

#include <variant>

namespace sml {

/// The bytes of a whole file, or why they could not be read.
using FileBytes = std::variant<QByteArray, LoadError>;

/// Reads the whole file at `path` for the scenario and matrix readers (scenario-format.md,
/// "Limits"): at most limits::maxFileBytes (256 MiB), checked from the file's size before
/// reading, and again while reading (at most one byte past the limit is read: the file may have
/// grown, or be a device whose size QFileInfo does not know). `kind` is what the file should
/// have been, for the message about a directory ("scenario file", "matrix file").
///
/// Errors (paths shown with native separators):
/// - Io: `cannot open "p": no such file`, `cannot open "p": it is a directory, not a <kind>`,
///   `cannot open "p": <OS reason>`, `cannot read "p": <OS reason>`;
/// - Limit: `cannot open "p": N bytes exceed the limit of 268435456 bytes (256 MiB)`.
FileBytes readBoundedFile(const QString &path, const QString &kind);

} // namespace sml
