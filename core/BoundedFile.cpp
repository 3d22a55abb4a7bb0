#include "BoundedFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sml {

namespace {

/// What a non-regular file is, in words, from its st_mode.
QString fileTypeName(mode_t mode)
{
    if (S_ISDIR(mode))
        return QStringLiteral("a directory");
    if (S_ISFIFO(mode))
        return QStringLiteral("a named pipe (FIFO)");
    if (S_ISSOCK(mode))
        return QStringLiteral("a socket");
    if (S_ISCHR(mode))
        return QStringLiteral("a character device");
    if (S_ISBLK(mode))
        return QStringLiteral("a block device");
    return QStringLiteral("not a regular file");
}

} // namespace

FileBytes readBoundedFile(const QString &path, const QString &kind)
{
    const QString shown = QDir::toNativeSeparators(path);
    const auto notRegular = [&](mode_t mode) {
        return LoadError{ErrorCategory::Io, QStringLiteral("cannot open \"%1\": it is %2, not a %3")
                                                .arg(shown, fileTypeName(mode), kind)};
    };
    const auto osError = [&](const char *verb, int error) {
        if (error == ENOENT)
            return LoadError{ErrorCategory::Io,
                             QStringLiteral("cannot open \"%1\": no such file").arg(shown)};
        return LoadError{ErrorCategory::Io, QStringLiteral("cannot %1 \"%2\": %3")
                                                .arg(QLatin1String(verb), shown,
                                                     QString::fromLocal8Bit(std::strerror(error)))};
    };
    const auto tooLarge = [&](qint64 size) {
        return LoadError{ErrorCategory::Limit,
                         QStringLiteral("cannot open \"%1\": %2 bytes exceed the limit of %3 bytes "
                                        "(256 MiB)")
                             .arg(shown)
                             .arg(size)
                             .arg(limits::maxFileBytes)};
    };

    // A Qt resource (":/scenarios/…", the shipped lessons) lives in the program: nothing to stat.
    if (path.startsWith(QLatin1Char(':'))) {
        QFile resource(path);
        if (!resource.open(QIODevice::ReadOnly))
            return LoadError{ErrorCategory::Io,
                             QStringLiteral("cannot open \"%1\": no such file").arg(shown)};
        return resource.readAll();
    }

    // Refused before it is opened: only a regular file (or a link to one) is read. stat() does
    // not block on a FIFO or a device, open() may.
    const QByteArray native = QFile::encodeName(path);
    struct stat before
    {
    };
    if (::stat(native.constData(), &before) != 0)
        return osError("open", errno);
    if (!S_ISREG(before.st_mode))
        return notRegular(before.st_mode);
    if (before.st_size > limits::maxFileBytes)
        return tooLarge(before.st_size);

    // O_NONBLOCK: if the path was swapped for a FIFO since stat(), open() returns at once, and
    // fstat() of what was opened refuses it. A regular file ignores the flag.
    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return osError("open", errno);
    struct stat opened
    {
    };
    if (::fstat(fd, &opened) != 0 || !S_ISREG(opened.st_mode)) {
        const int error = errno;
        const mode_t mode = opened.st_mode;
        ::close(fd);
        return S_ISREG(mode) || mode == 0 ? osError("open", error) : notRegular(mode);
    }

    QFile file;
    if (!file.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        return LoadError{ErrorCategory::Io,
                         QStringLiteral("cannot open \"%1\": %2").arg(shown, file.errorString())};
    }
    // At most one byte past the limit: the file may have grown since fstat().
    QByteArray data = file.read(limits::maxFileBytes + 1);
    if (file.error() != QFileDevice::NoError)
        return LoadError{ErrorCategory::Io,
                         QStringLiteral("cannot read \"%1\": %2").arg(shown, file.errorString())};
    if (data.size() > limits::maxFileBytes)
        return tooLarge(data.size());
    return data;
}

} // namespace sml
