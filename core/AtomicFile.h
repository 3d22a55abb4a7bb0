#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace sml {

/// Writes `bytes` to `path` atomically (docs/promises.md, "Every write is atomic"): through a
/// QSaveFile, unbuffered, so that a short write (disk full, a file-size limit) is seen at once
/// with the OS reason; the temporary file is then discarded and a file already at `path` is left
/// as it was. Only a complete write replaces it (QSaveFile::commit renames over it).
///
/// Returns std::nullopt on success, else the reason without the path, for the caller's message:
/// the OS text ("No space left on device"), with "(wrote N of M bytes)" after a short write.
/// Scenario files (ScenarioIo::saveFile), images, PDF, SVG and CSV exports all come here.
std::optional<QString> writeFileAtomically(const QString &path, const QByteArray &bytes);

} // namespace sml
