// Tests of the strict CSV matrix reader (core/CsvMatrix.h) used by the matrix import of
// scenario-format.md, "Command line": RFC 4180 quoting, header and label detection, C-locale
// numbers whatever the user's locale, and every refusal with its line, column and category.
#include "CsvMatrix.h"
#include "MatrixChecks.h"

#include <QtTest>

#include <cmath>
#include <cstring>

using namespace sml;
using namespace sml::test;

namespace {

bool sameEntries(const Eigen::MatrixXd &m, const QList<double> &rowMajor, double tol, QString *why)
{
    if (m.size() != rowMajor.size()) {
        *why = QStringLiteral("%1 entries, expected %2").arg(m.size()).arg(rowMajor.size());
        return false;
    }
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            const double expected = rowMajor.at(i * m.cols() + j);
            if (!(std::abs(m(i, j) - expected) <= tol)) {
                *why = QStringLiteral("entry (%1, %2) is %3, expected %4")
                           .arg(i)
                           .arg(j)
                           .arg(m(i, j), 0, 'g', 17)
                           .arg(expected, 0, 'g', 17);
                return false;
            }
        }
    return true;
}

/// A line of `n` comma-separated ones.
QByteArray ones(int n)
{
    QByteArray line;
    line.reserve(2 * n);
    for (int j = 0; j < n; ++j) {
        if (j)
            line += ',';
        line += '1';
    }
    return line;
}

} // namespace

class TestCsvMatrix : public QObject
{
    Q_OBJECT

private slots:
    void readsGoodFiles_data();
    void readsGoodFiles();
    void refusesBadFiles_data();
    void refusesBadFiles();
    void negativeZeroBecomesPlusZero();
    void numbersIgnoreTheUserLocale();
    void limits_data();
    void limits();
    void readFileNamesTheFile();
    void refusesMissingFileAndDirectory();
    void refusesOversizedFileBeforeReading();
};

void TestCsvMatrix::readsGoodFiles_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<QStringList>("rowLabels");
    QTest::addColumn<QStringList>("columnNames");

    const QStringList none;
    QTest::newRow("plain numbers") << QByteArray("1,2,3\n4,5,6\n") << 2 << 3
                                   << QList<double>{1, 2, 3, 4, 5, 6} << none << none;
    QTest::newRow("no final line end")
        << QByteArray("1,2\n3,4") << 2 << 2 << QList<double>{1, 2, 3, 4} << none << none;
    QTest::newRow("CRLF line ends")
        << QByteArray("1,2\r\n3,4\r\n") << 2 << 2 << QList<double>{1, 2, 3, 4} << none << none;
    QTest::newRow("CRLF and LF mixed") << QByteArray("1,2\r\n3,4\n5,6\r\n") << 3 << 2
                                       << QList<double>{1, 2, 3, 4, 5, 6} << none << none;
    QTest::newRow("UTF-8 BOM") << QByteArray("\xEF\xBB\xBF"
                                             "1,2\n3,4\n")
                               << 2 << 2 << QList<double>{1, 2, 3, 4} << none << none;
    QTest::newRow("UTF-8 BOM before a header")
        << QByteArray("\xEF\xBB\xBFx,y\n1,2\n") << 1 << 2 << QList<double>{1, 2} << none
        << QStringList{"x", "y"};
    QTest::newRow("header row") << QByteArray("x1,x2\n1,2\n3,4\n") << 2 << 2
                                << QList<double>{1, 2, 3, 4} << none << QStringList{"x1", "x2"};
    QTest::newRow("label column") << QByteArray("the,1,2\ncat,3,4\n") << 2 << 2
                                  << QList<double>{1, 2, 3, 4} << QStringList{"the", "cat"} << none;
    QTest::newRow("header and label column")
        << QByteArray("token,x,y\nthe,1,2\ncat,3,4\n") << 2 << 2 << QList<double>{1, 2, 3, 4}
        << QStringList{"the", "cat"} << QStringList{"x", "y"};
    QTest::newRow("quoted labels with a comma and a doubled quote")
        << QByteArray("\"a, b\",1,2\n\"say \"\"hi\"\"\",3,4\n") << 2 << 2
        << QList<double>{1, 2, 3, 4} << QStringList{"a, b", "say \"hi\""} << none;
    QTest::newRow("quoted column names with commas")
        << QByteArray("label,\"x, first\",\"y, second\"\nq,1,2\n") << 1 << 2 << QList<double>{1, 2}
        << QStringList{"q"} << QStringList{"x, first", "y, second"};
    QTest::newRow("quoted label holding a line break")
        << QByteArray("\"two\nlines\",1\nc,2\n") << 2 << 1 << QList<double>{1, 2}
        << QStringList{"two\nlines", "c"} << none;
    QTest::newRow("quoted numbers")
        << QByteArray("\"1.5\",\"-2\"\n") << 1 << 2 << QList<double>{1.5, -2} << none << none;
    QTest::newRow("spaces around fields") << QByteArray(" 1 , 2\n3 ,  \"4\" \n") << 2 << 2
                                          << QList<double>{1, 2, 3, 4} << none << none;
    QTest::newRow("number-like labels among words")
        << QByteArray("2023,1,2\nthe,3,4\n") << 2 << 2 << QList<double>{1, 2, 3, 4}
        << QStringList{"2023", "the"} << none;
    QTest::newRow("pandas to_csv with a numeric index")
        << QByteArray(",0,1\n0,1.5,2\n1,3,4\n") << 2 << 2 << QList<double>{1.5, 2, 3, 4}
        << QStringList{"0", "1"} << QStringList{"0", "1"};
    QTest::newRow("pandas to_csv with a token index")
        << QByteArray(",0,1\nthe,1.5,2\ncat,3,4\n") << 2 << 2 << QList<double>{1.5, 2, 3, 4}
        << QStringList{"the", "cat"} << QStringList{"0", "1"};
    QTest::newRow("pandas to_csv with named columns and a numeric index")
        << QByteArray(",x,y\n0,1.5,2\n1,3,4\n") << 2 << 2 << QList<double>{1.5, 2, 3, 4}
        << QStringList{"0", "1"} << QStringList{"x", "y"};
    QTest::newRow("single column")
        << QByteArray("1\n2\n3\n") << 3 << 1 << QList<double>{1, 2, 3} << none << none;
    QTest::newRow("single column with a header")
        << QByteArray("score\n1\n2\n") << 2 << 1 << QList<double>{1, 2} << none
        << QStringList{"score"};
    QTest::newRow("single row") << QByteArray("1,2,3") << 1 << 3 << QList<double>{1, 2, 3} << none
                                << none;
    QTest::newRow("single row with a label")
        << QByteArray("q,1,2\n") << 1 << 2 << QList<double>{1, 2} << QStringList{"q"} << none;
    QTest::newRow("signs, exponents, bare points")
        << QByteArray("+1,-2.5e-3,.5,1.,1E2,-7e+1\n") << 1 << 6
        << QList<double>{1, -2.5e-3, 0.5, 1, 100, -70} << none << none;
    QTest::newRow("subnormal and largest double")
        << QByteArray("4.9e-324,1.7976931348623157e308\n") << 1 << 2
        << QList<double>{4.9e-324, 1.7976931348623157e308} << none << none;
    QTest::newRow("empty lines at the end")
        << QByteArray("1,2\n3,4\n\n\r\n") << 2 << 2 << QList<double>{1, 2, 3, 4} << none << none;
    QTest::newRow("UTF-8 labels") << QByteArray("K\xC3\xA4se,1\n\xE6\x97\xA5\xE6\x9C\xAC,2\n") << 2
                                  << 1 << QList<double>{1, 2}
                                  << QStringList{QStringLiteral("Käse"), QStringLiteral("日本")}
                                  << none;
    QTest::newRow("a label column that contains 'inf' among words")
        << QByteArray("inf,1\nthe,2\n") << 2 << 1 << QList<double>{1, 2}
        << QStringList{"inf", "the"} << none;
}

void TestCsvMatrix::readsGoodFiles()
{
    QFETCH(QByteArray, csv);
    QFETCH(int, rows);
    QFETCH(int, cols);
    QFETCH(QList<double>, values);
    QFETCH(QStringList, rowLabels);
    QFETCH(QStringList, columnNames);

    const MatrixResult result = CsvMatrix::parse(csv);
    QVERIFY2(std::holds_alternative<ImportedMatrix>(result), qPrintable(describe(result)));
    const ImportedMatrix &m = std::get<ImportedMatrix>(result);
    QCOMPARE(m.data.rows(), rows);
    QCOMPARE(m.data.cols(), cols);
    QString why;
    QVERIFY2(sameEntries(m.data, values, kExact, &why), qPrintable(why));
    QCOMPARE(m.rowLabels, rowLabels);
    QCOMPARE(m.columnNames, columnNames);
    QVERIFY(m.source.isEmpty());
}

void TestCsvMatrix::refusesBadFiles_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<ErrorCategory>("category");
    QTest::addColumn<QString>("message");

    const auto syntax = ErrorCategory::Syntax;
    const auto structure = ErrorCategory::Structure;
    QTest::newRow("semicolon in a comma file")
        << QByteArray("a,b\n1,2\n3,1;2\n") << syntax
        << QStringLiteral("line 3, column 2: '1;2' is not a number (the separator is ',')");
    QTest::newRow("semicolon-separated file")
        << QByteArray("1;2\n3;4\n") << syntax
        << QStringLiteral("line 1, column 1: '1;2' is not a number (the separator is ',')");
    QTest::newRow("tab in a comma file")
        << QByteArray("1,2\n3,4\t5\n") << syntax
        << QStringLiteral("line 2, column 2: '4\\t5' is not a number (the separator is ',', not "
                          "a tab)");
    QTest::newRow("tab-separated file")
        << QByteArray("1\t2\n3\t4\n") << syntax
        << QStringLiteral("line 1, column 1: '1\\t2' is not a number (the separator is ',', not "
                          "a tab)");
    QTest::newRow("ragged row, too few fields")
        << QByteArray("1,2,3\n4,5\n") << structure
        << QStringLiteral("line 2: 2 fields, but line 1 has 3");
    QTest::newRow("ragged row, a trailing comma")
        << QByteArray("1,2\n3,4,\n") << structure
        << QStringLiteral("line 2: 3 fields, but line 1 has 2");
    QTest::newRow("ragged row written with semicolons")
        << QByteArray("1,2,3\n4;5;6\n") << structure
        << QStringLiteral("line 2: 1 field, but line 1 has 3 (the line holds a ';', but the "
                          "separator is ',')");
    QTest::newRow("NaN") << QByteArray("1,nan\n2,3\n") << syntax
                         << QStringLiteral("line 1, column 2: 'nan' is not a finite number");
    QTest::newRow("NaN in the first column")
        << QByteArray("1,2\nNaN,3\n") << syntax
        << QStringLiteral("line 2, column 1: 'NaN' is not a finite number");
    QTest::newRow("inf") << QByteArray("1,2\n3,inf\n") << syntax
                         << QStringLiteral("line 2, column 2: 'inf' is not a finite number");
    QTest::newRow("-Infinity") << QByteArray("-Infinity,2\n") << syntax
                               << QStringLiteral("line 1, column 1: '-Infinity' is not a finite "
                                                 "number");
    QTest::newRow("1e400 overflows") << QByteArray("1,1e400\n") << syntax
                                     << QStringLiteral("line 1, column 2: '1e400' is too large "
                                                       "for a double");
    QTest::newRow("-1e400 overflows") << QByteArray("-1e400\n") << syntax
                                      << QStringLiteral("line 1, column 1: '-1e400' is too large "
                                                        "for a double");
    QTest::newRow("1e-400 underflows")
        << QByteArray("1,1e-400\n") << syntax
        << QStringLiteral("line 1, column 2: '1e-400' is too small for a double (it would round "
                          "to 0)");
    QTest::newRow("empty cell") << QByteArray("1,,3\n") << syntax
                                << QStringLiteral("line 1, column 2: empty cell; every cell must "
                                                  "hold a number");
    QTest::newRow("empty quoted cell") << QByteArray("1,2\n3,\"\"\n") << syntax
                                       << QStringLiteral("line 2, column 2: empty cell; every "
                                                         "cell must hold a number");
    QTest::newRow("empty file") << QByteArray() << syntax
                                << QStringLiteral("the file is empty; expected rows of numbers "
                                                  "separated by ','");
    QTest::newRow("only a BOM") << QByteArray("\xEF\xBB\xBF") << syntax
                                << QStringLiteral("the file is empty; expected rows of numbers "
                                                  "separated by ','");
    QTest::newRow("only line ends") << QByteArray("\n\r\n") << syntax
                                    << QStringLiteral("the file is empty; expected rows of "
                                                      "numbers separated by ','");
    QTest::newRow("empty line between rows")
        << QByteArray("1,2\n\n3,4\n") << structure
        << QStringLiteral("line 2 is empty; remove empty lines between rows");
    QTest::newRow("header with no rows below")
        << QByteArray("x,y\n") << syntax
        << QStringLiteral("line 1, column 1: 'x' is not a number (if line 1 is a header, the rows "
                          "of numbers below it are missing)");
    QTest::newRow("label and header with no rows below")
        << QByteArray("token,x,y\n") << syntax
        << QStringLiteral(
               "line 1, column 1: 'token' is not a number (if line 1 is a header, the rows "
               "of numbers below it are missing)");
    QTest::newRow("word in a number column")
        << QByteArray("1,2\n3,x\n") << syntax
        << QStringLiteral("line 2, column 2: 'x' is not a number");
    QTest::newRow("quoted decimal comma")
        << QByteArray("\"0,5\"\n") << syntax
        << QStringLiteral("line 1, column 1: '0,5' is not a number (the decimal point is '.', and "
                          "there are no thousands separators)");
    QTest::newRow("space inside a number")
        << QByteArray("1 2,3\n") << syntax
        << QStringLiteral("line 1, column 1: '1 2' is not a number (the separator is ',')");
    QTest::newRow("quoted field never closed")
        << QByteArray("1,2\n\"abc,1\n2,3\n") << syntax
        << QStringLiteral("line 2, column 1: the quoted field is never closed (a '\"' is missing)");
    QTest::newRow("quote inside an unquoted field")
        << QByteArray("ab\"c,1\n") << syntax
        << QStringLiteral("line 1, column 1: a '\"' inside an unquoted field; quote the whole "
                          "field and double each '\"' inside it");
    QTest::newRow("text after a closing quote")
        << QByteArray("x,y\n\"a\"b,1\n") << syntax
        << QStringLiteral("line 2, column 1: text after the closing quote; quote the whole field "
                          "and double each '\"' inside it");
    QTest::newRow("carriage return without line feed")
        << QByteArray("1,2\r3,4\r") << syntax
        << QStringLiteral("line 1, column 2: a carriage return without a line feed; end lines "
                          "with LF or CRLF");
    QTest::newRow("Latin-1, not UTF-8")
        << QByteArray("x\ncaf\xE9,1\n") << ErrorCategory::Encoding
        << QStringLiteral("line 2: not UTF-8 (byte 0xe9); save the file as UTF-8");
    QTest::newRow("truncated UTF-8 sequence at the end")
        << QByteArray("1\n\xE6\x97") << ErrorCategory::Encoding
        << QStringLiteral("line 2: not UTF-8 (byte 0xe6); save the file as UTF-8");
    QTest::newRow("hexadecimal number")
        << QByteArray("1,2\n3,0x10\n") << syntax
        << QStringLiteral("line 2, column 2: '0x10' is not a number");
}

void TestCsvMatrix::refusesBadFiles()
{
    QFETCH(QByteArray, csv);
    QFETCH(ErrorCategory, category);
    QFETCH(QString, message);

    const MatrixResult result = CsvMatrix::parse(csv);
    QVERIFY2(std::holds_alternative<LoadError>(result), qPrintable(describe(result)));
    const LoadError &error = std::get<LoadError>(result);
    QCOMPARE(error.message, message);
    QCOMPARE(categoryName(error.category), categoryName(category));
}

void TestCsvMatrix::negativeZeroBecomesPlusZero()
{
    const MatrixResult result = CsvMatrix::parse("-0,-0.0,0\n");
    QVERIFY2(std::holds_alternative<ImportedMatrix>(result), qPrintable(describe(result)));
    const Eigen::MatrixXd &m = std::get<ImportedMatrix>(result).data;
    for (Eigen::Index j = 0; j < m.cols(); ++j) {
        QVERIFY(m(0, j) == 0.0);
        QVERIFY2(!std::signbit(m(0, j)), qPrintable(QStringLiteral("entry %1 is -0").arg(j)));
    }
}

void TestCsvMatrix::numbersIgnoreTheUserLocale()
{
    // A German user: QLocale's default reads "0,5" and "1.500" = 1500. The CSV reader must not.
    const QLocale previous;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    const auto restore = qScopeGuard([&] { QLocale::setDefault(previous); });
    QCOMPARE(QLocale().decimalPoint(), QStringLiteral(","));

    const MatrixResult good = CsvMatrix::parse("0.5,1.500,-2.25e1\n");
    QVERIFY2(std::holds_alternative<ImportedMatrix>(good), qPrintable(describe(good)));
    const Eigen::MatrixXd &m = std::get<ImportedMatrix>(good).data;
    QVERIFY(std::abs(m(0, 0) - 0.5) <= kExact);
    QVERIFY(std::abs(m(0, 1) - 1.5) <= kExact);
    QVERIFY(std::abs(m(0, 2) - -22.5) <= kExact);

    const MatrixResult comma = CsvMatrix::parse("\"0,5\"\n");
    QVERIFY2(std::holds_alternative<LoadError>(comma), qPrintable(describe(comma)));
    QCOMPARE(std::get<LoadError>(comma).category, ErrorCategory::Syntax);
    QVERIFY2(std::get<LoadError>(comma).message.contains(QLatin1String("'0,5' is not a number")),
             qPrintable(std::get<LoadError>(comma).message));
}

void TestCsvMatrix::limits_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<QString>("message"); // empty when accepted

    QByteArray rows100000 = "x\n";
    for (int i = 0; i < 100000; ++i)
        rows100000 += "1\n";
    QTest::newRow("100 000 rows under a header: at the limit") << rows100000 << true << QString();
    QTest::newRow("100 001 rows with no header")
        << (rows100000.mid(2) + "1\n") << false
        << QStringLiteral("100001 rows of numbers exceed the limit of 100000");
    QTest::newRow("100 002 rows: refused while reading")
        << (rows100000.mid(2) + "1\n1\n") << false
        << QStringLiteral("line 100002: more than 100000 rows of numbers, the limit");
    QTest::newRow("4 096 columns plus a label column: at the limit")
        << ("q," + ones(4096) + "\n") << true << QString();
    QTest::newRow("4 097 number columns")
        << (ones(4097) + "\n") << false
        << QStringLiteral("4097 columns of numbers exceed the limit of 4096");
    QTest::newRow("4 098 fields: refused while reading")
        << (ones(4098) + "\n") << false
        << QStringLiteral("line 1: more than 4097 fields; the limit is 4096 columns of numbers "
                          "(plus a label column)");
}

void TestCsvMatrix::limits()
{
    QFETCH(QByteArray, csv);
    QFETCH(bool, accepted);
    QFETCH(QString, message);

    const MatrixResult result = CsvMatrix::parse(csv);
    if (accepted) {
        QVERIFY2(std::holds_alternative<ImportedMatrix>(result), qPrintable(describe(result)));
        return;
    }
    QVERIFY2(std::holds_alternative<LoadError>(result), qPrintable(describe(result)));
    QCOMPARE(std::get<LoadError>(result).category, ErrorCategory::Limit);
    QCOMPARE(std::get<LoadError>(result).message, message);
}

void TestCsvMatrix::readFileNamesTheFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString good = dir.filePath(QStringLiteral("q.csv"));
    const QString bad = dir.filePath(QStringLiteral("bad.csv"));
    {
        QFile f(good);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("token,x,y\nthe,1,2\n");
        QFile g(bad);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write("a,b\n1,2\n3,1;2\n");
    }
    const MatrixResult ok = CsvMatrix::readFile(good);
    QVERIFY2(std::holds_alternative<ImportedMatrix>(ok), qPrintable(describe(ok)));
    QCOMPARE(std::get<ImportedMatrix>(ok).source, good);

    const MatrixResult refused = CsvMatrix::readFile(bad);
    QVERIFY2(std::holds_alternative<LoadError>(refused), qPrintable(describe(refused)));
    QCOMPARE(
        std::get<LoadError>(refused).message,
        QStringLiteral("\"%1\", line 3, column 2: '1;2' is not a number (the separator is ',')")
            .arg(QDir::toNativeSeparators(bad)));
}

void TestCsvMatrix::refusesMissingFileAndDirectory()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString missing = dir.filePath(QStringLiteral("missing.csv"));
    const MatrixResult a = CsvMatrix::readFile(missing);
    QVERIFY2(std::holds_alternative<LoadError>(a), qPrintable(describe(a)));
    QCOMPARE(std::get<LoadError>(a).category, ErrorCategory::Io);
    QCOMPARE(
        std::get<LoadError>(a).message,
        QStringLiteral("cannot open \"%1\": no such file").arg(QDir::toNativeSeparators(missing)));

    const MatrixResult b = CsvMatrix::readFile(dir.path());
    QVERIFY2(std::holds_alternative<LoadError>(b), qPrintable(describe(b)));
    QCOMPARE(std::get<LoadError>(b).category, ErrorCategory::Io);
    QVERIFY(std::get<LoadError>(b).message.contains(QLatin1String("it is a directory")));
}

void TestCsvMatrix::refusesOversizedFileBeforeReading()
{
    // A sparse file one byte over 256 MiB: refused from its size, without reading it.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("huge.csv"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    if (!f.resize(limits::maxFileBytes + 1))
        QSKIP("cannot make a sparse file here");
    f.close();
    QElapsedTimer timer;
    timer.start();
    const MatrixResult r = CsvMatrix::readFile(path);
    QVERIFY2(std::holds_alternative<LoadError>(r), qPrintable(describe(r)));
    QCOMPARE(std::get<LoadError>(r).category, ErrorCategory::Limit);
    QCOMPARE(std::get<LoadError>(r).message,
             QStringLiteral("cannot open \"%1\": 268435457 bytes exceed the limit of 268435456 "
                            "bytes (256 MiB)")
                 .arg(QDir::toNativeSeparators(path)));
    QVERIFY2(timer.elapsed() < 2000, "the size must be checked before reading");
}

QTEST_GUILESS_MAIN(TestCsvMatrix)
#include "tst_csvmatrix.moc"
