#pragma once

#include "ScenarioIo.h"

#include <Eigen/Core>
#include <QByteArray>
#include <QString>
#include <QStringList>

#include <variant>

namespace sml {

/// A numeric matrix read from one CSV or NumPy .npy file, with what the file said about its
/// rows and columns.
///
/// Shapes: `data` is rows×columns with 1 ≤ rows ≤ 100 000 and 1 ≤ columns ≤ 4 096, every entry
/// finite (−0 is stored as +0). `rowLabels` is empty or has one entry per row (the CSV label
/// column); `columnNames` is empty or has one entry per column (the CSV header row, without the
/// label column's own header). A .npy file has neither.
struct ImportedMatrix
{
    Eigen::MatrixXd data;
    QStringList rowLabels;
    QStringList columnNames;
    QString source; ///< the path it was read from, as given (for messages and titles); may be empty
    /// 0 for a matrix; H for a 3-D .npy stack (H, r, c) read by readMatrixStackFile, whose
    /// `data` is then (H·r)×c with head h in rows h·r … (h+1)·r − 1.
    qint64 stack = 0;
};

/// A matrix or the reason it was refused, à la std::expected.
using MatrixResult = std::variant<ImportedMatrix, LoadError>;

/// Reads one matrix file for the import of scenario-format.md, "Command line"
/// (`--queries Q --keys K [--values V]`).
///
/// The format is chosen by content first, then by name: a file that starts with the .npy magic
/// "\x93NUMPY", or whose name ends in ".npy" (any case), is read by NpyMatrix; a ZIP archive is
/// refused (Format) with a hint: save each matrix with numpy.save (an ".npz"), or save the sheet
/// as CSV (an ".xlsx"/".ods" workbook); anything else is read as CSV by CsvMatrix. The file is at
/// most 256 MiB, checked before reading (Limit).
///
/// Shapes: the matrix is rows×columns as the file lays it out (one query, key or value per row);
/// a 1-D .npy vector (n,) is n×1.
///
/// Errors (LoadError): Io when the file is missing, a directory or unreadable; Limit above a size
/// limit; then whatever CsvMatrix::parse or NpyMatrix::parse report. Messages name the file:
/// `"q.csv", line 3, column 2: '1;2' is not a number (the separator is ',')`.
MatrixResult readMatrixFile(const QString &path);

/// readMatrixFile, except that a .npy file may also hold a 3-D stack (H, rows, columns) of H
/// matrices (NpyMatrix::parseStack): the weights of H heads at once (`--wq/--wk/--wv`,
/// scenario-format.md "Command line: additions"; ModelImport.h).
MatrixResult readMatrixStackFile(const QString &path);

/// Builds a scenario from queries (m×d_k), keys (T×d_k) and values (T×d_v) read from files:
/// the whole of `softmaxlab --queries Q --keys K [--values V]` (scenario-format.md, "Command
/// line"). `valuesPath` may be empty: the values are then one-hot, V = I (T×T, so d_v = T),
/// and each output row is the attention weights themselves.
///
/// Each file is read by readMatrixFile. The scenario gets: the label column of the queries file
/// as query labels (else q1, q2, …); the label column of the keys file, else that of the values
/// file, as key labels (else k1, k2, …); the file names as the title and a description listing
/// the files and shapes; τ = √d_k; no mask; linked variances with σ0² = 1; MaxEnt targets null.
/// It is then checked by validateScenario (limits, labels, overflowing similarities).
///
/// Errors (LoadError): a reader's error, prefixed with the role ("keys: \"k.npy\": shape (3, 4)
/// needs 96 bytes of data, file has 80"); Structure for disagreeing shapes, naming both files
/// and shapes ("keys \"k.csv\" (5×4) have d_k = 4 but queries \"q.csv\" (2×3) have d_k = 3"), or
/// for keys and values files whose label columns disagree; Limit for one-hot values with
/// T > 4 096 (d_v = T); then whatever validateScenario reports.
LoadResult importScenario(const QString &queriesPath, const QString &keysPath,
                          const QString &valuesPath);

/// The second half of importScenario, for a dialog that has already read the matrices (with
/// readMatrixFile) to show their shapes. `values` may be null: one-hot values (d_v = T). The
/// `source` of each matrix names it in messages and in the title. Same rules and errors as
/// importScenario, minus the reading.
LoadResult scenarioFromMatrices(const ImportedMatrix &queries, const ImportedMatrix &keys,
                                const ImportedMatrix *values);

} // namespace sml
