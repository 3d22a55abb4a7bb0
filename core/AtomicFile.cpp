#include "AtomicFile.h"

#include <QSaveFile>

namespace sml {

std::optional<QString> writeFileAtomically(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    // Unbuffered: a buffered QSaveFile in Qt 6.4 can commit a truncated file after a short write.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return file.errorString();
    qint64 written = 0;
    while (written < bytes.size()) {
        const qint64 n = file.write(bytes.constData() + written, bytes.size() - written);
        if (n <= 0) {
            const QString reason = file.errorString();
            file.cancelWriting();
            return QStringLiteral("%1 (wrote %2 of %3 bytes)")
                .arg(reason)
                .arg(written)
                .arg(bytes.size());
        }
        written += n;
    }
    if (!file.commit())
        return file.errorString();
    return std::nullopt;
}

} // namespace sml
