#include "MatrixReader.h"

#include "BoundedFile.h"
#include "Refusal.h"

#include <QDir>

namespace sml::detail {

namespace {

/// Puts the file name in front of a reader's message: `"q.csv", line 3, …` when the message
/// starts with a position, else `"q.csv": …`.
LoadError inFile(const QString &path, LoadError error)
{
    const QString shown = QDir::toNativeSeparators(path);
    if (error.message.startsWith(QLatin1String("line ")))
        error.message = QStringLiteral("\"%1\", %2").arg(shown, error.message);
    else
        error.message = QStringLiteral("\"%1\": %2").arg(shown, error.message);
    return error;
}

} // namespace

MatrixResult parseMatrix(ImportedMatrix (*parseOrThrow)(const QByteArray &),
                         const QByteArray &bytes)
{
    try {
        return parseOrThrow(bytes);
    } catch (const Refusal &refusal) {
        return refusal.error;
    }
}

MatrixResult readMatrixWith(const QString &path,
                            const std::function<MatrixResult(const QByteArray &)> &parse)
{
    if (path.isEmpty())
        return LoadError{ErrorCategory::Io, QStringLiteral("no file given")};
    const FileBytes bytes = readBoundedFile(path, QStringLiteral("matrix file"));
    if (const auto *error = std::get_if<LoadError>(&bytes))
        return *error;
    MatrixResult result = parse(std::get<QByteArray>(bytes));
    if (auto *error = std::get_if<LoadError>(&result))
        return inFile(path, *error);
    std::get<ImportedMatrix>(result).source = path;
    return result;
}

} // namespace sml::detail
