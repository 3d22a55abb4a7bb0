// Building a model scenario from matrix files (issue 17; scenario-format.md "Command line:
// additions"): `--embeddings X --wq WQ --wk WK --wv WV [--wo WO]`, CSV or .npy, with 3-D .npy
// stacks (H, d_model, d_k) for H heads at once; and the catalog of what it refuses (wrong rank,
// shapes that disagree with the embeddings or with each other, too many heads).

#include "ModelAnalysis.h"
#include "ModelImport.h"
#include "NpyBytes.h"
#include "NpyMatrix.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace sml;

Q_DECLARE_METATYPE(sml::ErrorCategory)

namespace {

QByteArray npy(const QByteArray &shape, const std::vector<double> &values, bool fortran = false)
{
    return sml::test::npyBytes(shape, values, fortran);
}

QString write(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// MATH.md §8 D: X, the two heads stacked (H, d_model, d_k) in C order, W_O.
const QByteArray kX = "x1,1,0\nx2,0,1\nx3,1,1\n";
const std::vector<double> kWq = {1, 0, 0, 0.5, /* head 2 */ 0, 1, 1, 0};
const std::vector<double> kWk = {1, 0, -1, 1, /* head 2 */ 1, 1, 0, 1};
const std::vector<double> kWv = {1, 0, 0, 1, /* head 2 */ 0, 1, 1, 0};
const QByteArray kWo = "1,0\n0,1\n0.5,0\n0,0.5\n";

} // namespace

class TestModelImport : public QObject
{
    Q_OBJECT

private slots:
    void workedExampleDFromStacks();
    void fortranOrderStackReadsTheSame();
    void oneHeadFromCsv();
    void plainMatricesOnlyForXAndWO();
    void everyRequiredPathIsNamed_data();
    void everyRequiredPathIsNamed();
    void refusals_data();
    void refusals();
};

void TestModelImport::workedExampleDFromStacks()
{
    QTemporaryDir dir;
    const LoadResult r =
        importModelScenario(write(dir, "x.csv", kX), write(dir, "wq.npy", npy("(2, 2, 2)", kWq)),
                            write(dir, "wk.npy", npy("(2, 2, 2)", kWk)),
                            write(dir, "wv.npy", npy("(2, 2, 2)", kWv)), write(dir, "wo.csv", kWo));
    QVERIFY2(std::holds_alternative<Scenario>(r),
             qPrintable(std::holds_alternative<LoadError>(r) ? std::get<LoadError>(r).message
                                                             : QString()));
    const Scenario s = std::get<Scenario>(r);
    QCOMPARE(s.model->H(), 2);
    QCOMPARE(s.model->tokenLabels, (QStringList{"x1", "x2", "x3"}));
    QCOMPARE(s.model->heads[1].label, QStringLiteral("head 2"));
    QCOMPARE(s.model->heads[1].wK(0, 0), 1.0);
    QCOMPARE(s.model->heads[1].wK(1, 0), 0.0);
    QVERIFY(s.title.contains(QStringLiteral("wq.npy")));
    const ModelAnalysis a = analyzeModel(s);
    // MATH.md §8 D: Y row 1 = (1.23584322, 0.79989712); head 2's w_11 = 0.24825508.
    QVERIFY(std::abs((*a.output())(0, 0) - 1.23584322) < 6e-9);
    QVERIFY(std::abs((*a.output())(0, 1) - 0.79989712) < 6e-9);
    QVERIFY(std::abs(a.heads[1]->weightRow(0)[0] - 0.24825508) < 6e-9);
}

void TestModelImport::fortranOrderStackReadsTheSame()
{
    // (2, 2, 2) in Fortran order: element [h, i, j] at h + 2 i + 4 j.
    std::vector<double> fortran(8);
    for (int h = 0; h < 2; ++h)
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j)
                fortran[size_t(h + 2 * i + 4 * j)] = kWq[size_t(4 * h + 2 * i + j)];
    const MatrixResult c = NpyMatrix::parseStack(npy("(2, 2, 2)", kWq));
    const MatrixResult f = NpyMatrix::parseStack(npy("(2, 2, 2)", fortran, true));
    QVERIFY(std::holds_alternative<ImportedMatrix>(c) && std::holds_alternative<ImportedMatrix>(f));
    QCOMPARE(std::get<ImportedMatrix>(f).stack, 2);
    QVERIFY(std::get<ImportedMatrix>(c).data == std::get<ImportedMatrix>(f).data);
    QCOMPARE(std::get<ImportedMatrix>(c).data(3, 0), 1.0); // head 2, row 2: (1, 0)
}

void TestModelImport::oneHeadFromCsv()
{
    QTemporaryDir dir;
    const LoadResult r =
        importModelScenario(write(dir, "x.csv", "1,0\n0,1\n"), write(dir, "wq.csv", "1,0\n0,1\n"),
                            write(dir, "wk.csv", "1,0\n0,1\n"), write(dir, "wv.csv", "2\n3\n"), {});
    QVERIFY(std::holds_alternative<Scenario>(r));
    const Scenario s = std::get<Scenario>(r);
    QCOMPARE(s.model->H(), 1);
    QCOMPARE(s.model->dV(), 1);
    QCOMPARE(s.model->tokenLabels, (QStringList{"t1", "t2"}));
    QVERIFY(!s.model->wO);
    QVERIFY(!validateScenario(s));
}

void TestModelImport::plainMatricesOnlyForXAndWO()
{
    // modelScenarioFromMatrices (the import dialog's path) refuses a 3-D X or W_O, which would
    // otherwise be read as (H·T)×d_model tokens (review of issue 17).
    ImportedMatrix x{Eigen::MatrixXd::Identity(4, 2), {}, {}, QStringLiteral("x.npy"), 2};
    ImportedMatrix w{Eigen::MatrixXd::Identity(2, 2), {}, {}, QStringLiteral("w.csv"), 0};
    LoadResult r = modelScenarioFromMatrices(x, w, w, w, nullptr);
    QVERIFY(std::holds_alternative<LoadError>(r));
    QVERIFY2(std::get<LoadError>(r).message.contains(QStringLiteral("3-D stack")),
             qPrintable(std::get<LoadError>(r).message));
    x.data = Eigen::MatrixXd::Identity(2, 2);
    x.stack = 0;
    QVERIFY(std::holds_alternative<Scenario>(modelScenarioFromMatrices(x, w, w, w, nullptr)));
    ImportedMatrix wo{Eigen::MatrixXd::Identity(4, 2), {}, {}, QStringLiteral("wo.npy"), 2};
    r = modelScenarioFromMatrices(x, w, w, w, &wo);
    QVERIFY(std::holds_alternative<LoadError>(r));
    QVERIFY2(std::get<LoadError>(r).message.contains(QStringLiteral("W_O")),
             qPrintable(std::get<LoadError>(r).message));
}

void TestModelImport::everyRequiredPathIsNamed_data()
{
    QTest::addColumn<int>("empty"); // which of X, W_Q, W_K, W_V is not given
    QTest::addColumn<QString>("role");
    QTest::newRow("X") << 0 << QStringLiteral("embeddings");
    QTest::newRow("W_Q") << 1 << QStringLiteral("W_Q");
    QTest::newRow("W_K") << 2 << QStringLiteral("W_K");
    QTest::newRow("W_V") << 3 << QStringLiteral("W_V");
}

void TestModelImport::everyRequiredPathIsNamed()
{
    // An empty required path is refused with its own role named (an empty X once shifted the
    // roles, and an empty W_V read past the matrices read).
    QFETCH(int, empty);
    QFETCH(QString, role);
    QTemporaryDir dir;
    QStringList paths{write(dir, "x.csv", "1,0\n0,1\n"), write(dir, "wq.csv", "1,0\n0,1\n"),
                      write(dir, "wk.csv", "1,0\n0,1\n"), write(dir, "wv.csv", "2\n3\n")};
    paths[empty].clear();
    const LoadResult r = importModelScenario(paths[0], paths[1], paths[2], paths[3], {});
    QVERIFY(std::holds_alternative<LoadError>(r));
    QVERIFY2(std::get<LoadError>(r).message.contains(role),
             qPrintable(std::get<LoadError>(r).message));
}

void TestModelImport::refusals_data()
{
    QTest::addColumn<QByteArray>("x");
    QTest::addColumn<QByteArray>("wq");
    QTest::addColumn<QByteArray>("wk");
    QTest::addColumn<QByteArray>("wv");
    QTest::addColumn<QByteArray>("wo");
    QTest::addColumn<ErrorCategory>("category");
    QTest::addColumn<QStringList>("parts");
    using C = ErrorCategory;
    const QByteArray x = "1,0\n0,1\n1,1\n";
    const QByteArray wq = npy("(2, 2, 2)", kWq);
    const QByteArray wk = npy("(2, 2, 2)", kWk);
    const QByteArray wv = npy("(2, 2, 2)", kWv);
    const QByteArray eye = npy("(2, 2)", {1, 0, 0, 1});
    QTest::newRow("W_Q a 4-D .npy (wrong rank)")
        << x << npy("(1, 2, 2, 2)", kWq) << wk << wv << QByteArray() << C::Structure
        << QStringList{"W_Q: \"", "shape (1, 2, 2, 2) has 4 dimensions",
                       "stack of matrices (heads, rows, columns)"};
    QTest::newRow("embeddings a 3-D .npy (wrong rank)")
        << npy("(1, 3, 2)", {1, 0, 0, 1, 1, 1}) << wq << wk << wv << QByteArray() << C::Structure
        << QStringList{"embeddings: \"", "shape (1, 3, 2) has 3 dimensions"};
    QTest::newRow("W_Q stack (2, 2, 2) but d_model = 3 (disagrees with the embeddings)")
        << QByteArray("1,0,0\n0,1,0\n") << wq << wk << wv << QByteArray() << C::Structure
        << QStringList{"W_Q \"", "(2×2×2) has 2 rows but the embeddings", "(2×3) have d_model = 3"};
    QTest::newRow("W_Q with 1 head, W_K with 2 (H disagrees)")
        << x << eye << wk << wv << QByteArray() << C::Structure
        << QStringList{"W_K \"", "has H = 2 heads but W_Q", "has H = 1"};
    QTest::newRow("W_K with d_k = 1, W_Q with d_k = 2")
        << x << eye << npy("(2, 1)", {1, 0}) << eye << QByteArray() << C::Structure
        << QStringList{"W_K \"", "has d_k = 1 but W_Q", "has d_k = 2"};
    QTest::newRow("W_Q stack of 65 heads")
        << x << npy("(65, 2, 2)", std::vector<double>(260, 1.0)) << wk << wv << QByteArray()
        << C::Limit << QStringList{"W_Q: \"", "65 heads exceed the limit of 64"};
    QTest::newRow("W_O with 3 rows for H·d_v = 4")
        << x << wq << wk << wv << QByteArray("1,0\n0,1\n0.5,0\n") << C::Structure
        << QStringList{"W_O \"", "(3×2) should be (H·d_v)×d_model = 4×2"};
    QTest::newRow("embeddings that overflow the projection")
        << QByteArray("1e308,1e308\n0,1\n") << npy("(2, 2)", {2, 0, 0, 1}) << eye << eye
        << QByteArray() << C::Overflow
        << QStringList{"model.heads[0]: query 0 (token \"t1\"): projection x·W_Q"};
}

void TestModelImport::refusals()
{
    QFETCH(QByteArray, x);
    QFETCH(QByteArray, wq);
    QFETCH(QByteArray, wk);
    QFETCH(QByteArray, wv);
    QFETCH(QByteArray, wo);
    QFETCH(ErrorCategory, category);
    QFETCH(QStringList, parts);
    QTemporaryDir dir;
    const LoadResult r = importModelScenario(
        write(dir, x.startsWith("\x93NUMPY") ? "x.npy" : "x.csv", x), write(dir, "wq.npy", wq),
        write(dir, "wk.npy", wk), write(dir, "wv.npy", wv),
        wo.isEmpty() ? QString() : write(dir, "wo.csv", wo));
    QVERIFY(std::holds_alternative<LoadError>(r));
    const LoadError e = std::get<LoadError>(r);
    QVERIFY2(e.category == category, qPrintable(e.message));
    for (const QString &part : parts)
        QVERIFY2(e.message.contains(part), qPrintable(e.message));
}

QTEST_GUILESS_MAIN(TestModelImport)
#include "tst_model_import.moc"
