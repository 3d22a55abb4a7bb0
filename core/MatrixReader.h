#pragma once

#include "MatrixImport.h"

#include <QByteArray>
#include <QString>

#include <functional>

namespace sml {

namespace detail {

/// Runs `parseOrThrow` on `bytes`; the detail::Refusal it throws (Refusal.h) is returned instead.
MatrixResult parseMatrix(ImportedMatrix (*parseOrThrow)(const QByteArray &),
                         const QByteArray &bytes);

/// Reads PATH (≤ 256 MiB, checked before reading; Io when no path is given or the file is
/// missing, a directory or unreadable, Limit above the size; see readBoundedFile) and parses its
/// bytes with `parse`. A refusal of `parse` names the file (`"q.csv", line 3, …` when the message
/// starts with a position, else `"k.npy": …`); a matrix gets `source` = `path`.
MatrixResult readMatrixWith(const QString &path,
                            const std::function<MatrixResult(const QByteArray &)> &parse);

} // namespace detail

/// The two entry points of a matrix file format, written once for CsvMatrix and NpyMatrix.
/// `Format` has a private `static ImportedMatrix parseOrThrow(const QByteArray &)` that refuses
/// by throwing detail::Refusal (Refusal.h), and befriends this class.
template <class Format> class MatrixReader
{
public:
    /// Parses the bytes of one file into a rows×columns matrix, or returns what the format
    /// refuses (see `Format`).
    static MatrixResult parse(const QByteArray &bytes)
    {
        return detail::parseMatrix(&Format::parseOrThrow, bytes);
    }

    /// Reads PATH (≤ 256 MiB, checked before reading; Io and Limit errors as readBoundedFile)
    /// and parses it. Messages name the file: `"q.csv", line 3, …`, `"k.npy": shape (3, 4) …`.
    static MatrixResult readFile(const QString &path)
    {
        return detail::readMatrixWith(path, &MatrixReader::parse);
    }
};

} // namespace sml
