#pragma once

#include "ScenarioIo.h"

#include <QByteArray>
#include <QString>

#include <variant>

namespace sml {

/// The bytes of a whole file, or why they could not be read.
using FileBytes = std::variant<QByteArray, LoadError>;

/// Reads the whole file at `path` for the scenario and matrix readers (scenario-format.md,
/// "Limits"). Only a regular file (or a symbolic link to one) is read: a directory, a named pipe
/// (FIFO), a socket or a device is refused from stat() before it is opened, so nothing can block
/// (docs/promises.md). At most limits::maxFileBytes (256 MiB), checked from the file's size
/// before reading, and again while reading (at most one byte past the limit is read: the file
/// may have grown). A Qt resource path (":/…") is read whole. `kind` is what the file should have
/// been ("scenario file", "matrix file").
///
/// Errors (paths shown with native separators):
/// - Io: `cannot open "p": no such file`; `cannot open "p": it is a directory, not a <kind>`
///   (likewise `a named pipe (FIFO)`, `a socket`, `a character device`, `a block device`);
///   `cannot open "p": <OS reason>`; `cannot read "p": <OS reason>`;
/// - Limit: `cannot open "p": N bytes exceed the limit of 268435456 bytes (256 MiB)`.
FileBytes readBoundedFile(const QString &path, const QString &kind);

} // namespace sml
