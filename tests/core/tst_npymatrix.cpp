// Tests of the strict NumPy .npy reader (core/NpyMatrix.h) used by the matrix import of
// scenario-format.md, "Command line". The files under tests/data/npy/ were written by NumPy
// itself (tests/data/npy/make_npy.py); every good one holds the same 2×3 matrix A, so a wrong
// byte order or a wrong C/Fortran order shows up as a wrong entry.
#include "MatrixChecks.h"
#include "NpyMatrix.h"

#include <QtTest>

#include <bit>
#include <cmath>

using namespace sml;
using namespace sml::test;

namespace {

QByteArray npyBytes(const QString &name)
{
    QFile f(npyPath(name));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

/// The matrix A of make_npy.py.
Eigen::MatrixXd matrixA()
{
    Eigen::MatrixXd a(2, 3);
    a << 1.5, -2.25, 3.0, 0.5, 0.125, -4.0;
    return a;
}

} // namespace

class TestNpyMatrix : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void readsGoodFiles_data();
    void readsGoodFiles();
    void vectorIsAColumn();
    void float64IsBitExact();
    void refusesBadFiles_data();
    void refusesBadFiles();
    void everyTruncationIsRefused();
    void readFileNamesTheFile();
    void refusesMissingFile();
};

void TestNpyMatrix::initTestCase()
{
    QVERIFY2(QFileInfo::exists(npyPath(QStringLiteral("a_f8_c_le.npy"))),
             "run tests/data/npy/make_npy.py with /usr/bin/python3");
}

void TestNpyMatrix::readsGoodFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<double>("scale"); // the file holds scale·A

    QTest::newRow("float64, C order, little-endian") << "a_f8_c_le.npy" << 1.0;
    QTest::newRow("float64, C order, big-endian") << "a_f8_c_be.npy" << 1.0;
    QTest::newRow("float64, Fortran order, little-endian") << "a_f8_f_le.npy" << 1.0;
    QTest::newRow("float64, Fortran order, big-endian") << "a_f8_f_be.npy" << 1.0;
    QTest::newRow("float32, C order, little-endian") << "a_f4_c_le.npy" << 1.0;
    QTest::newRow("float32, C order, big-endian") << "a_f4_c_be.npy" << 1.0;
    QTest::newRow("float32, Fortran order, little-endian") << "a_f4_f_le.npy" << 1.0;
    QTest::newRow("float32, Fortran order, big-endian") << "a_f4_f_be.npy" << 1.0;
    QTest::newRow("float16, C order, little-endian") << "a_f2_c_le.npy" << 1.0;
    QTest::newRow("int32, C order, little-endian") << "a_i4_c_le.npy" << 8.0;
    QTest::newRow("int64, Fortran order, big-endian") << "a_i8_f_be.npy" << 8.0;
    QTest::newRow("format version 2.0") << "a_f8_v2.npy" << 1.0;
    QTest::newRow("format version 3.0") << "a_f8_v3.npy" << 1.0;
}

void TestNpyMatrix::readsGoodFiles()
{
    QFETCH(QString, file);
    QFETCH(double, scale);

    const MatrixResult result = NpyMatrix::parse(npyBytes(file));
    QVERIFY2(std::holds_alternative<ImportedMatrix>(result), qPrintable(describe(result)));
    const ImportedMatrix &m = std::get<ImportedMatrix>(result);
    QString why;
    QVERIFY2(sameMatrix(m.data, scale * matrixA(), kExact, &why), qPrintable(why));
    QVERIFY(m.rowLabels.isEmpty());
    QVERIFY(m.columnNames.isEmpty());
}

void TestNpyMatrix::vectorIsAColumn()
{
    const MatrixResult result = NpyMatrix::parse(npyBytes(QStringLiteral("vector_f8.npy")));
    QVERIFY2(std::holds_alternative<ImportedMatrix>(result), qPrintable(describe(result)));
    Eigen::MatrixXd expected(3, 1);
    expected << 1.0, 2.0, 3.0;
    QString why;
    QVERIFY2(sameMatrix(std::get<ImportedMatrix>(result).data, expected, kExact, &why),
             qPrintable(why));

    // A header other writers produce: double quotes, no trailing comma.
    const MatrixResult quoted = NpyMatrix::parse(npyBytes(QStringLiteral("double_quotes.npy")));
    QVERIFY2(std::holds_alternative<ImportedMatrix>(quoted), qPrintable(describe(quoted)));
    Eigen::MatrixXd row(1, 2);
    row << 7.0, -8.0;
    QVERIFY2(sameMatrix(std::get<ImportedMatrix>(quoted).data, row, kExact, &why), qPrintable(why));
}

void TestNpyMatrix::float64IsBitExact()
{
    const MatrixResult result = NpyMatrix::parse(npyBytes(QStringLiteral("precise_f8.npy")));
    QVERIFY2(std::holds_alternative<ImportedMatrix>(result), qPrintable(describe(result)));
    const Eigen::MatrixXd &m = std::get<ImportedMatrix>(result).data;
    QCOMPARE(m.rows(), 1);
    QCOMPARE(m.cols(), 4);
    QCOMPARE(std::bit_cast<quint64>(m(0, 0)), std::bit_cast<quint64>(0.1));
    QCOMPARE(std::bit_cast<quint64>(m(0, 1)), std::bit_cast<quint64>(1e-300));
    QCOMPARE(std::bit_cast<quint64>(m(0, 2)), std::bit_cast<quint64>(-1.7976931348623157e308));
    QCOMPARE(std::bit_cast<quint64>(m(0, 3)), std::bit_cast<quint64>(0.0)); // −0 → +0
}

void TestNpyMatrix::refusesBadFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<ErrorCategory>("category");
    QTest::addColumn<QString>("message");

    const auto structure = ErrorCategory::Structure;
    const QString supported =
        QStringLiteral("SoftmaxLab reads float64, float32, float16, int64 and int32");
    QTest::newRow("bad magic") << "bad_magic.npy" << ErrorCategory::Format
                               << "not a NumPy .npy file: it does not start with \\x93NUMPY";
    QTest::newRow("an .npz archive") << "archive.npz" << ErrorCategory::Format
                                     << "a ZIP archive (an .npz file?), not a NumPy .npy file; "
                                        "save each matrix on its own with numpy.save";
    QTest::newRow("format version 4.0") << "version_4.npy" << ErrorCategory::Version
                                        << ".npy format version 4.0 is not supported; SoftmaxLab "
                                           "reads 1.0, 2.0 and 3.0";
    QTest::newRow("truncated header")
        << "truncated_header.npy" << structure
        << "truncated header: it should be 118 bytes long, but the file has only 30 bytes after "
           "the preamble";
    QTest::newRow("unsupported dtype int16 '<i2'")
        << "dtype_i2.npy" << structure
        << QStringLiteral("dtype '<i2' (int16) is not supported; ") + supported;
    QTest::newRow("unsupported dtype complex128 '<c16'")
        << "dtype_c16.npy" << structure
        << QStringLiteral("dtype '<c16' (complex128) is not supported; ") + supported;
    QTest::newRow("unsupported dtype bool '|b1'")
        << "dtype_bool.npy" << structure
        << QStringLiteral("dtype '|b1' (bool) is not supported; ") + supported;
    QTest::newRow("structured dtype")
        << "dtype_structured.npy" << structure
        << QStringLiteral("dtype: a structured dtype (with named fields) is not supported; ") +
               supported + QStringLiteral("; save a plain numeric array");
    QTest::newRow("0-D array") << "scalar_0d.npy" << structure
                               << "shape () is a 0-D array (a single number); expected a vector "
                                  "(n,) or a matrix (rows, columns)";
    QTest::newRow("3-D array") << "three_d.npy" << structure
                               << "shape (2, 2, 2) has 3 dimensions; expected a vector (n,) or a "
                                  "matrix (rows, columns)";
    QTest::newRow("no rows") << "empty_rows.npy" << structure
                             << "shape (0, 3) is empty; expected at least one row and one column";
    QTest::newRow("shape needs more data than the file has")
        << "shape_mismatch.npy" << structure << "shape (3, 4) needs 96 bytes of data, file has 80";
    QTest::newRow("data longer than the shape")
        << "shape_extra_bytes.npy" << structure
        << "shape (2, 2) needs 32 bytes of data, file has 40";
    QTest::newRow("NaN at [1, 2]")
        << "nan_f8.npy" << structure << "element [1, 2] is nan; every number must be finite";
    QTest::newRow("float32 inf at [0, 1]")
        << "inf_f4.npy" << structure << "element [0, 1] is inf; every number must be finite";
    QTest::newRow("extra header key") << "extra_key.npy" << structure
                                      << "the header has an unexpected key 'x' (expected exactly "
                                         "'descr', 'fortran_order' and 'shape')";
    QTest::newRow("missing shape")
        << "missing_shape.npy" << structure << "the header has no 'shape'";
    QTest::newRow("header that is not a literal")
        << "header_syntax.npy" << ErrorCategory::Syntax
        << "the header is not a valid dict literal: unexpected 'F' (at character 35 of the header)";
    QTest::newRow("100 001 rows") << "too_many_rows.npy" << ErrorCategory::Limit
                                  << "shape (100001, 1): 100001 rows exceed the limit of 100000";
    QTest::newRow("4 097 columns") << "too_many_columns.npy" << ErrorCategory::Limit
                                   << "shape (1, 4097): 4097 columns exceed the limit of 4096";
    QTest::newRow("100 000 × 4 096 numbers")
        << "too_many_numbers.npy" << ErrorCategory::Limit
        << "shape (100000, 4096): 409600000 numbers exceed the limit of 50000000 for one matrix";
}

void TestNpyMatrix::refusesBadFiles()
{
    QFETCH(QString, file);
    QFETCH(ErrorCategory, category);
    QFETCH(QString, message);

    const QByteArray bytes = npyBytes(file);
    QVERIFY2(!bytes.isEmpty(), qPrintable(file));
    const MatrixResult result = NpyMatrix::parse(bytes);
    QVERIFY2(std::holds_alternative<LoadError>(result), qPrintable(describe(result)));
    const LoadError &error = std::get<LoadError>(result);
    QCOMPARE(error.message, message);
    QCOMPARE(categoryName(error.category), categoryName(category));
}

void TestNpyMatrix::everyTruncationIsRefused()
{
    // Every proper prefix of good files (v1.0 and v3.0 headers) is refused, never misread.
    for (const QString &name : {QStringLiteral("a_f8_f_be.npy"), QStringLiteral("a_f2_c_le.npy"),
                                QStringLiteral("a_f8_v3.npy")}) {
        const QByteArray good = npyBytes(name);
        QVERIFY(!good.isEmpty());
        for (qsizetype n = 0; n < good.size(); ++n) {
            const MatrixResult r = NpyMatrix::parse(good.left(n));
            QVERIFY2(
                std::holds_alternative<LoadError>(r),
                qPrintable(
                    QStringLiteral("%1 cut to %2 bytes: %3").arg(name).arg(n).arg(describe(r))));
        }
        QVERIFY(std::holds_alternative<ImportedMatrix>(NpyMatrix::parse(good)));
    }
}

void TestNpyMatrix::readFileNamesTheFile()
{
    const QString good = npyPath(QStringLiteral("a_f4_f_be.npy"));
    const MatrixResult ok = NpyMatrix::readFile(good);
    QVERIFY2(std::holds_alternative<ImportedMatrix>(ok), qPrintable(describe(ok)));
    QCOMPARE(std::get<ImportedMatrix>(ok).source, good);

    const QString bad = npyPath(QStringLiteral("shape_mismatch.npy"));
    const MatrixResult refused = NpyMatrix::readFile(bad);
    QVERIFY2(std::holds_alternative<LoadError>(refused), qPrintable(describe(refused)));
    QCOMPARE(std::get<LoadError>(refused).message,
             QStringLiteral("\"%1\": shape (3, 4) needs 96 bytes of data, file has 80")
                 .arg(QDir::toNativeSeparators(bad)));
    QVERIFY(NpyMatrix::hasMagic(npyBytes(QStringLiteral("a_f8_c_le.npy"))));
    QVERIFY(!NpyMatrix::hasMagic(npyBytes(QStringLiteral("bad_magic.npy"))));
}

void TestNpyMatrix::refusesMissingFile()
{
    const QString missing = npyPath(QStringLiteral("no_such_file.npy"));
    const MatrixResult r = NpyMatrix::readFile(missing);
    QVERIFY2(std::holds_alternative<LoadError>(r), qPrintable(describe(r)));
    QCOMPARE(std::get<LoadError>(r).category, ErrorCategory::Io);
    QCOMPARE(
        std::get<LoadError>(r).message,
        QStringLiteral("cannot open \"%1\": no such file").arg(QDir::toNativeSeparators(missing)));
}

QTEST_GUILESS_MAIN(TestNpyMatrix)
#include "tst_npymatrix.moc"
