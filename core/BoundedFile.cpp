#include "BoundedFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace sml {

FileBytes readBoundedFile(const QString &path, const QString &kind)
{
    const QString shown = QDir::toNativeSeparators(path);
    const QFileInfo info(path);
    if (!info.exists())
        return LoadError{ErrorCategory::Io,
                         QStringLiteral("cannot open \"%1\": no such file").arg(shown)};
    if (info.isDir())
        return LoadError{
            ErrorCategory::Io,
            QStringLiteral("cannot open \"%1\": it is a directory, not a %2").arg(shown, kind)};
    const auto tooLarge = [&](qint64 size) {
        return LoadError{ErrorCategory::Limit,
                         QStringLiteral("cannot open \"%1\": %2 bytes exceed the limit of %3 bytes "
                                        "(256 MiB)")
                             .arg(shown)
                             .arg(size)
                             .arg(limits::maxFileBytes)};
    };
    if (info.size() > limits::maxFileBytes)
        return tooLarge(info.size());

    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return LoadError{ErrorCategory::Io,
                         QStringLiteral("cannot open \"%1\": %2").arg(shown, file.errorString())};
    QByteArray data = file.read(limits::maxFileBytes + 1);
    if (file.error() != QFileDevice::NoError)
        return LoadError{ErrorCategory::Io,
                         QStringLiteral("cannot read \"%1\": %2").arg(shown, file.errorString())};
    if (data.size() > limits::maxFileBytes)
        return tooLarge(data.size());
    return data;
}

} // namespace sml
