// Helpers shared by the tests/core tests of the matrix readers and the matrix import
// (tst_csvmatrix, tst_npymatrix, tst_matriximport): the ErrorCategory metatype of their data
// rows, the exact tolerance, where the .npy test files are, a one-line description of a reader's
// result, and an entry-by-entry matrix comparison that says why it failed.
#pragma once

#include "MatrixImport.h"
#include "ScenarioIo.h"

#include <QMetaType>
#include <QString>

#include <cmath>

Q_DECLARE_METATYPE(sml::ErrorCategory)

namespace sml::test {

/// The readers and the import parse or copy numbers, they do not compute them: entries must match
/// to the last bit.
constexpr double kExact = 0.0;

/// The path of tests/data/npy/`name` (the files of tests/data/npy/make_npy.py).
inline QString npyPath(const QString &name)
{
    return QStringLiteral(SML_TEST_DATA_DIR "/data/npy/") + name;
}

/// "refused (category): message", or "a rows×cols matrix".
inline QString describe(const MatrixResult &r)
{
    if (const auto *e = std::get_if<LoadError>(&r))
        return QStringLiteral("refused (%1): %2").arg(categoryName(e->category), e->message);
    const auto &m = std::get<ImportedMatrix>(r);
    return QStringLiteral("a %1×%2 matrix").arg(m.data.rows()).arg(m.data.cols());
}

/// True when `got` has the shape of `expected` and every entry is within `tol` of it (absolute;
/// tol = 0 asks for equality, and a NaN never matches). Otherwise false, with the first
/// difference (the shapes, or one entry to 17 digits) in *why.
inline bool sameMatrix(const Eigen::MatrixXd &got, const Eigen::MatrixXd &expected, double tol,
                       QString *why)
{
    if (got.rows() != expected.rows() || got.cols() != expected.cols()) {
        *why = QStringLiteral("shape %1×%2, expected %3×%4")
                   .arg(got.rows())
                   .arg(got.cols())
                   .arg(expected.rows())
                   .arg(expected.cols());
        return false;
    }
    for (Eigen::Index i = 0; i < got.rows(); ++i)
        for (Eigen::Index j = 0; j < got.cols(); ++j)
            if (!(std::abs(got(i, j) - expected(i, j)) <= tol)) {
                *why = QStringLiteral("entry (%1, %2) is %3, expected %4")
                           .arg(i)
                           .arg(j)
                           .arg(got(i, j), 0, 'g', 17)
                           .arg(expected(i, j), 0, 'g', 17);
                return false;
            }
    return true;
}

} // namespace sml::test
