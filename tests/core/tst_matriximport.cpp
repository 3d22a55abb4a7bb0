// Tests of building a scenario from Q/K/V matrix files (core/MatrixImport.h): the whole of
// `softmaxlab --queries Q --keys K [--values V]` (scenario-format.md, "Command line") short of
// the command line itself. Shapes, labels, defaults, one-hot values, file-type detection and
// every refusal with both files named.
#include "MatrixChecks.h"
#include "MatrixImport.h"
#include "ScenarioIo.h"

#include <QtTest>

#include <cmath>

using namespace sml;
using namespace sml::test;

namespace {

QString describe(const LoadResult &r)
{
    if (const auto *e = std::get_if<LoadError>(&r))
        return QStringLiteral("refused (%1): %2").arg(categoryName(e->category), e->message);
    const auto &s = std::get<Scenario>(r);
    return QStringLiteral("a scenario m=%1 T=%2 d_k=%3 d_v=%4")
        .arg(s.m())
        .arg(s.T())
        .arg(s.dK())
        .arg(s.dV());
}

Eigen::MatrixXd matrix(Eigen::Index rows, Eigen::Index cols, std::initializer_list<double> rowMajor)
{
    Eigen::MatrixXd m(rows, cols);
    auto it = rowMajor.begin();
    for (Eigen::Index i = 0; i < rows; ++i)
        for (Eigen::Index j = 0; j < cols; ++j)
            m(i, j) = *it++;
    return m;
}

QString shown(const QString &path)
{
    return QDir::toNativeSeparators(path);
}

} // namespace

class TestMatrixImport : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void csvWithValuesAndLabels();
    void npyWithValues();
    void withoutValuesIsOneHot();
    void defaultLabels();
    void keyLabelsFromTheValuesFile();
    void importedScenarioSurvivesSaveAndLoad();
    void fileTypeByContentThenName_data();
    void fileTypeByContentThenName();
    void refusals_data();
    void refusals();
    void inMemoryMatricesAreNamedByRole();

private:
    /// Writes `content` to a file called `name` in the temporary directory; returns its path.
    QString write(const QString &name, const QByteArray &content);

    std::unique_ptr<QTemporaryDir> mDir;
};

void TestMatrixImport::init()
{
    mDir = std::make_unique<QTemporaryDir>();
    QVERIFY(mDir->isValid());
}

QString TestMatrixImport::write(const QString &name, const QByteArray &content)
{
    const QString path = mDir->filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(content) != content.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

void TestMatrixImport::csvWithValuesAndLabels()
{
    const QString q = write(QStringLiteral("queries.csv"), "token,x,y\nthe,1,0.5\n\"a, b\",0,1\n");
    const QString k = write(QStringLiteral("keys.csv"), "k1,1,0\nk2,0,1\nk3,-1,0\n");
    const QString v = write(QStringLiteral("values.csv"), "1,0\n0,1\n-1,-1\n");

    const LoadResult result = importScenario(q, k, v);
    QVERIFY2(std::holds_alternative<Scenario>(result), qPrintable(describe(result)));
    const Scenario &s = std::get<Scenario>(result);
    QCOMPARE(s.m(), 2);
    QCOMPARE(s.T(), 3);
    QCOMPARE(s.dK(), 2);
    QCOMPARE(s.dV(), 2);
    QCOMPARE(s.queryLabels, (QStringList{QStringLiteral("the"), QStringLiteral("a, b")}));
    QCOMPARE(s.keyLabels,
             (QStringList{QStringLiteral("k1"), QStringLiteral("k2"), QStringLiteral("k3")}));
    QString why;
    QVERIFY2(sameMatrix(s.queries, matrix(2, 2, {1, 0.5, 0, 1}), kExact, &why), qPrintable(why));
    QVERIFY2(sameMatrix(s.keys, matrix(3, 2, {1, 0, 0, 1, -1, 0}), kExact, &why), qPrintable(why));
    QVERIFY2(sameMatrix(s.values, matrix(3, 2, {1, 0, 0, 1, -1, -1}), kExact, &why),
             qPrintable(why));

    // The defaults of the issue: τ = √d_k, no mask, linked σ0² = 1, targets null.
    QCOMPARE(s.title, QStringLiteral("queries.csv, keys.csv, values.csv"));
    QVERIFY(s.description.has_value());
    QVERIFY2(s.description->contains(QStringLiteral("keys: keys.csv (3×2)")),
             qPrintable(*s.description));
    QCOMPARE(s.temperatureMode, TemperatureMode::SqrtDk);
    QVERIFY(std::abs(s.tau() - std::sqrt(2.0)) <= 1e-15);
    QCOMPARE(s.mask, MaskKind::None);
    QCOMPARE(s.varianceMode, VarianceMode::Linked);
    QVERIFY(std::abs(s.sigma0Squared - 1.0) <= kExact);
    QVERIFY(!s.maxentTargets.has_value());
    QVERIFY(!validateScenario(s).has_value());
}

void TestMatrixImport::npyWithValues()
{
    const LoadResult result = importScenario(npyPath(QStringLiteral("import_q.npy")),
                                             npyPath(QStringLiteral("import_k.npy")),
                                             npyPath(QStringLiteral("import_v.npy")));
    QVERIFY2(std::holds_alternative<Scenario>(result), qPrintable(describe(result)));
    const Scenario &s = std::get<Scenario>(result);
    QCOMPARE(s.m(), 2);
    QCOMPARE(s.T(), 4);
    QCOMPARE(s.dK(), 3);
    QCOMPARE(s.dV(), 2);
    QString why;
    QVERIFY2(sameMatrix(s.queries, matrix(2, 3, {1, 0.5, 0, 0, 1, -1}), kExact, &why),
             qPrintable(why));
    QVERIFY2(sameMatrix(s.values, matrix(4, 2, {1, 0, 0, 1, -1, -1, 2, 0.5}), kExact, &why),
             qPrintable(why));
    QCOMPARE(s.title, QStringLiteral("import_q.npy, import_k.npy, import_v.npy"));
}

void TestMatrixImport::withoutValuesIsOneHot()
{
    // Queries from CSV, keys from .npy: the formats mix freely.
    const QString q = write(QStringLiteral("q.csv"), "1,0.5,0\n");
    const LoadResult result = importScenario(q, npyPath(QStringLiteral("import_k.npy")), QString());
    QVERIFY2(std::holds_alternative<Scenario>(result), qPrintable(describe(result)));
    const Scenario &s = std::get<Scenario>(result);
    QCOMPARE(s.T(), 4);
    QCOMPARE(s.dV(), 4); // d_v = T
    QString why;
    QVERIFY2(sameMatrix(s.values, Eigen::MatrixXd::Identity(4, 4), kExact, &why), qPrintable(why));
    QCOMPARE(s.title, QStringLiteral("q.csv, import_k.npy (one-hot values)"));
    QVERIFY2(s.description->contains(QLatin1String("one-hot")), qPrintable(*s.description));
}

void TestMatrixImport::defaultLabels()
{
    const QString q = write(QStringLiteral("q.csv"), "1,0\n0,1\n");
    const QString k = write(QStringLiteral("k.csv"), "x,y\n1,0\n0,1\n1,1\n");
    const LoadResult result = importScenario(q, k, QString());
    QVERIFY2(std::holds_alternative<Scenario>(result), qPrintable(describe(result)));
    const Scenario &s = std::get<Scenario>(result);
    QCOMPARE(s.queryLabels, (QStringList{QStringLiteral("q1"), QStringLiteral("q2")}));
    QCOMPARE(s.keyLabels,
             (QStringList{QStringLiteral("k1"), QStringLiteral("k2"), QStringLiteral("k3")}));
}

void TestMatrixImport::keyLabelsFromTheValuesFile()
{
    const QString q = write(QStringLiteral("q.csv"), "1,0\n");
    const QString k = write(QStringLiteral("k.csv"), "1,0\n0,1\n");
    const QString v = write(QStringLiteral("v.csv"), "the,5\ncat,6\n");
    const LoadResult result = importScenario(q, k, v);
    QVERIFY2(std::holds_alternative<Scenario>(result), qPrintable(describe(result)));
    QCOMPARE(std::get<Scenario>(result).keyLabels,
             (QStringList{QStringLiteral("the"), QStringLiteral("cat")}));

    // The same labels on keys and values are fine.
    const QString k2 = write(QStringLiteral("k2.csv"), "the,1,0\ncat,0,1\n");
    const LoadResult both = importScenario(q, k2, v);
    QVERIFY2(std::holds_alternative<Scenario>(both), qPrintable(describe(both)));
}

void TestMatrixImport::importedScenarioSurvivesSaveAndLoad()
{
    const QString q = write(QStringLiteral("q.csv"), "the,0.1,0.25\ncat,-3e-5,7\n");
    const QString k = write(QStringLiteral("k.csv"), "a,1,2\nb,3,4\nc,5,6\n");
    const LoadResult result = importScenario(q, k, QString());
    QVERIFY2(std::holds_alternative<Scenario>(result), qPrintable(describe(result)));
    const Scenario &s = std::get<Scenario>(result);
    const LoadResult again = ScenarioIo::parse(ScenarioIo::serialize(s));
    QVERIFY2(std::holds_alternative<Scenario>(again), qPrintable(describe(again)));
    QVERIFY(std::get<Scenario>(again) == s);
}

void TestMatrixImport::fileTypeByContentThenName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("copyOf"); // an .npy under tests/data/npy, or empty
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<QString>("message"); // after the quoted path; empty when accepted

    QTest::newRow(".npy content named .csv is read as .npy")
        << "k.csv"
        << "import_k.npy" << QByteArray() << true << QString();
    QTest::newRow(".npy content with no extension")
        << "k"
        << "import_k.npy" << QByteArray() << true << QString();
    QTest::newRow("CSV named .txt")
        << "k.txt" << QString() << QByteArray("1,2\n") << true << QString();
    QTest::newRow("CSV named .npy is refused as .npy")
        << "k.npy" << QString() << QByteArray("1,2\n") << false
        << ": not a NumPy .npy file: it does not start with \\x93NUMPY";
    QTest::newRow("an .npz archive") << "k.npz"
                                     << "archive.npz" << QByteArray() << false
                                     << ": a ZIP archive (an .npz file?), not a NumPy .npy file; "
                                        "save each matrix on its own with "
                                        "numpy.save";
    QTest::newRow("a spreadsheet workbook")
        << "k.xlsx" << QString() << QByteArray("PK\x03\x04 rest of a workbook") << false
        << ": a spreadsheet workbook, not a CSV file; save the sheet as CSV (comma-separated "
           "values)";
    QTest::newRow("CSV error with its position")
        << "k.csv" << QString() << QByteArray("a,b\n1,2\n3,1;2\n") << false
        << ", line 3, column 2: '1;2' is not a number (the separator is ',')";
}

void TestMatrixImport::fileTypeByContentThenName()
{
    QFETCH(QString, name);
    QFETCH(QString, copyOf);
    QFETCH(QByteArray, content);
    QFETCH(bool, accepted);
    QFETCH(QString, message);

    if (!copyOf.isEmpty()) {
        QFile source(npyPath(copyOf));
        QVERIFY(source.open(QIODevice::ReadOnly));
        content = source.readAll();
    }
    const QString path = write(name, content);
    const MatrixResult result = readMatrixFile(path);
    if (accepted) {
        QVERIFY2(std::holds_alternative<ImportedMatrix>(result), qPrintable(describe(result)));
        QCOMPARE(std::get<ImportedMatrix>(result).source, path);
        return;
    }
    QVERIFY2(std::holds_alternative<LoadError>(result), qPrintable(describe(result)));
    QCOMPARE(std::get<LoadError>(result).message,
             QStringLiteral("\"%1\"").arg(shown(path)) + message);
}

void TestMatrixImport::refusals_data()
{
    QTest::addColumn<QByteArray>("queries"); // file contents; "-" = no such file
    QTest::addColumn<QByteArray>("keys");
    QTest::addColumn<QByteArray>("values"); // empty = no values file
    QTest::addColumn<ErrorCategory>("category");
    QTest::addColumn<QString>("message"); // %Q, %K, %V stand for the quoted native paths

    QByteArray manyKeys;
    for (int t = 0; t < 4097; ++t)
        manyKeys += "1\n";

    QTest::newRow("keys d_k differs from queries d_k")
        << QByteArray("1,2,3\n4,5,6\n") << QByteArray("1,0,0,0\n0,1,0,0\n0,0,1,0\n0,0,0,1\n")
        << QByteArray() << ErrorCategory::Structure
        << "keys %K (4×4) have d_k = 4 but queries %Q (2×3) have d_k = 3; every query and key "
           "needs the same d_k";
    QTest::newRow("values T differs from keys T")
        << QByteArray("1,0\n") << QByteArray("1,0\n0,1\n1,1\n") << QByteArray("1\n2\n")
        << ErrorCategory::Structure
        << "values %V (2×1) have T = 2 rows but keys %K (3×2) have T = 3; give one value row per "
           "key";
    QTest::newRow("keys and values labelled differently")
        << QByteArray("1,0\n") << QByteArray("the,1,0\ncat,0,1\n") << QByteArray("the,5\ndog,6\n")
        << ErrorCategory::Structure
        << "keys %K and values %V label row 2 differently ('cat' vs 'dog'); the rows of keys and "
           "values must be in the same order";
    QTest::newRow("missing queries file")
        << QByteArray("-") << QByteArray("1\n") << QByteArray() << ErrorCategory::Io
        << "queries: cannot open %Q: no such file";
    QTest::newRow("missing values file")
        << QByteArray("1\n") << QByteArray("1\n") << QByteArray("-") << ErrorCategory::Io
        << "values: cannot open %V: no such file";
    QTest::newRow("CSV error in the keys file")
        << QByteArray("1,2\n") << QByteArray("1,2\n3,nan\n") << QByteArray()
        << ErrorCategory::Syntax << "keys: %K, line 2, column 2: 'nan' is not a finite number";
    QTest::newRow("one-hot values with T = 4 097")
        << QByteArray("1\n") << manyKeys << QByteArray() << ErrorCategory::Limit
        << "without a values file the values are one-hot, so d_v = T = 4097, which exceeds the "
           "limit of 4096 for d_v; give a values file";
    QTest::newRow("similarity 1e200·1e200 overflows")
        << QByteArray("1e200\n") << QByteArray("1e200\n") << QByteArray() << ErrorCategory::Overflow
        << QString();
    QTest::newRow("label longer than 200 code points")
        << (QByteArray(201, 'x') + ",1\n") << QByteArray("1\n") << QByteArray()
        << ErrorCategory::Structure << QString();
}

void TestMatrixImport::refusals()
{
    QFETCH(QByteArray, queries);
    QFETCH(QByteArray, keys);
    QFETCH(QByteArray, values);
    QFETCH(ErrorCategory, category);
    QFETCH(QString, message);

    const auto place = [&](const QString &name, const QByteArray &content) {
        if (content == "-")
            return mDir->filePath(name);
        return write(name, content);
    };
    const QString q = place(QStringLiteral("q.csv"), queries);
    const QString k = place(QStringLiteral("k.csv"), keys);
    const QString v = values.isEmpty() ? QString() : place(QStringLiteral("v.csv"), values);

    const LoadResult result = importScenario(q, k, v);
    QVERIFY2(std::holds_alternative<LoadError>(result), qPrintable(describe(result)));
    const LoadError &error = std::get<LoadError>(result);
    QCOMPARE(categoryName(error.category), categoryName(category));
    if (!message.isEmpty()) {
        const auto quote = [](const QString &p) { return QStringLiteral("\"%1\"").arg(shown(p)); };
        message.replace(QLatin1String("%Q"), quote(q))
            .replace(QLatin1String("%K"), quote(k))
            .replace(QLatin1String("%V"), quote(v));
        QCOMPARE(error.message, message);
    }
}

void TestMatrixImport::inMemoryMatricesAreNamedByRole()
{
    ImportedMatrix q{matrix(1, 2, {1, 2}), {}, {}, {}};
    ImportedMatrix k{matrix(2, 3, {1, 2, 3, 4, 5, 6}), {}, {}, {}};
    const LoadResult result = scenarioFromMatrices(q, k, nullptr);
    QVERIFY2(std::holds_alternative<LoadError>(result), qPrintable(describe(result)));
    QCOMPARE(std::get<LoadError>(result).message,
             QStringLiteral("keys (2×3) have d_k = 3 but queries (1×2) have d_k = 2; every query "
                            "and key needs the same d_k"));

    ImportedMatrix k2{matrix(2, 2, {1, 0, 0, 1}), {"a", "b"}, {}, {}};
    const LoadResult ok = scenarioFromMatrices(q, k2, nullptr);
    QVERIFY2(std::holds_alternative<Scenario>(ok), qPrintable(describe(ok)));
    QCOMPARE(std::get<Scenario>(ok).title, QStringLiteral("queries, keys (one-hot values)"));
    QCOMPARE(std::get<Scenario>(ok).keyLabels,
             (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
}

QTEST_GUILESS_MAIN(TestMatrixImport)
#include "tst_matriximport.moc"
