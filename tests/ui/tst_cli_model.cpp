// The command line of model scenarios (issue 17; scenario-format.md "Command line: additions"):
// --report of worked example D (MATH.md §8), --embeddings/--wq/--wk/--wv/--wo with CSV and 3-D
// .npy stacks, --head N (also on a trained lesson of the library), and the exit codes of what is
// refused. The real executable, headless.
#include "../core/NpyBytes.h"
#include "AppRunner.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace sml::test;

namespace {

const QString kExampleD =
    QStringLiteral(SML_SOURCE_DIR "/tests/data/model/worked-example-d.softmaxlab.json");

QByteArray npy(const QByteArray &shape, const std::vector<double> &values, bool fortran = false)
{
    return sml::test::npyBytes(shape, values, fortran);
}

/// MATH.md §8 D as matrix files in `dir`: x.csv, wq/wk/wv.npy (2, 2, 2) stacks, wo.csv.
QStringList exampleDArgs(const QTemporaryDir &dir)
{
    return {QStringLiteral("--embeddings"),
            writeFile(dir, QStringLiteral("x.csv"), "x1,1,0\nx2,0,1\nx3,1,1\n"),
            QStringLiteral("--wq"),
            writeFile(dir, QStringLiteral("wq.npy"), npy("(2, 2, 2)", {1, 0, 0, 0.5, 0, 1, 1, 0})),
            QStringLiteral("--wk"),
            writeFile(dir, QStringLiteral("wk.npy"), npy("(2, 2, 2)", {1, 0, -1, 1, 1, 1, 0, 1})),
            QStringLiteral("--wv"),
            writeFile(dir, QStringLiteral("wv.npy"), npy("(2, 2, 2)", {1, 0, 0, 1, 0, 1, 1, 0})),
            QStringLiteral("--wo"),
            writeFile(dir, QStringLiteral("wo.csv"), "1,0\n0,1\n0.5,0\n0,0.5\n")};
}

/// Checks a report of MATH.md §8 D: version 2, two heads, Y.
void checkExampleDReport(const QByteArray &out)
{
    const QJsonObject r = QJsonDocument::fromJson(out).object();
    QCOMPARE(r["version"].toInt(), 2);
    QCOMPARE(r["H"].toInt(), 2);
    QCOMPARE(r["d_model"].toInt(), 2);
    const QJsonArray heads = r["heads"].toArray();
    QCOMPARE(heads.size(), 2);
    QCOMPARE(heads[0]["queries"][2]["label"].toString(), QStringLiteral("x3"));
    QVERIFY(std::abs(heads[0]["queries"][0]["weights"][0].toDouble() - 0.57597535) < 6e-9);
    QVERIFY(std::abs(heads[1]["queries"][2]["weights"][2].toDouble() - 0.57597535) < 6e-9);
    const double y[3][2] = {
        {1.23584322, 0.79989712}, {0.92937355, 1.14125291}, {1.18898037, 0.94180321}};
    for (int t = 0; t < 3; ++t)
        for (int j = 0; j < 2; ++j)
            QVERIFY(std::abs(r["output"][t][j].toDouble() - y[t][j]) < 6e-9);
}

} // namespace

class TestCliModel : public QObject
{
    Q_OBJECT

private slots:
    void reportOfWorkedExampleD();
    void reportOfATrainedHead();
    void reportFromMatrices();
    void saveFromMatricesLoadsAgain();
    void headOutOfRangeIsExit2();
    void exportWritesProjectionsAndHeads();
    void refusedMatricesAreExit2();
    void usageErrors_data();
    void usageErrors();
};

void TestCliModel::reportOfWorkedExampleD()
{
    const AppRun r = runApp({QStringLiteral("--report"), kExampleD});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    checkExampleDReport(r.out);
    // --head picks a head; the report still has every head.
    const AppRun second = runApp({QStringLiteral("--report"), kExampleD, "--head", "2"});
    QVERIFY2(second.exitCode == 0, qPrintable(describe(second)));
    QCOMPARE(second.out, r.out);
}

void TestCliModel::reportOfATrainedHead()
{
    // The trained lesson of scripts/train_tiny_transformer.py, layer 2, head 2.3: the report's
    // last row (the last token sees every token) is the attention the script recorded.
    QFile f(QStringLiteral(SML_SOURCE_DIR "/tests/reference/tiny_transformer_attention.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject lesson =
        QJsonDocument::fromJson(f.readAll()).object()["lessons"][1].toObject();
    const AppRun r = runApp({QStringLiteral("--report"),
                             QStringLiteral(SML_SOURCE_DIR "/") + lesson["file"].toString(),
                             QStringLiteral("--head"), QStringLiteral("3")});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    const QJsonObject report = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(report["heads"][2]["label"].toString(), QStringLiteral("head 2.3"));
    const QJsonArray queries = report["heads"][2]["queries"].toArray();
    const QJsonArray rows = lesson["heads"][2]["weights"].toArray();
    QCOMPARE(queries.size(), rows.size());
    const QJsonArray got = queries.last()["weights"].toArray();
    const QJsonArray expected = rows.last().toArray();
    QCOMPARE(got.size(), expected.size());
    for (int t = 0; t < got.size(); ++t)
        QVERIFY2(std::abs(got[t].toDouble() - expected[t].toDouble()) <= 1e-9,
                 qPrintable(QStringLiteral("key %1: %2 vs %3")
                                .arg(t)
                                .arg(got[t].toDouble(), 0, 'g', 17)
                                .arg(expected[t].toDouble(), 0, 'g', 17)));
}

void TestCliModel::reportFromMatrices()
{
    QTemporaryDir dir;
    const AppRun r = runApp(exampleDArgs(dir) << QStringLiteral("--report"));
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    checkExampleDReport(r.out);
}

void TestCliModel::saveFromMatricesLoadsAgain()
{
    QTemporaryDir dir;
    const QString saved = dir.filePath(QStringLiteral("heads"));
    const AppRun r = runApp(exampleDArgs(dir) << QStringLiteral("--save") << saved);
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    const AppRun report =
        runApp({QStringLiteral("--report"), saved + QStringLiteral(".softmaxlab.json")});
    QVERIFY2(report.exitCode == 0, qPrintable(describe(report)));
    checkExampleDReport(report.out);
}

void TestCliModel::headOutOfRangeIsExit2()
{
    QTemporaryDir dir;
    const AppRun r = runApp({QStringLiteral("--export"), dir.filePath(QStringLiteral("out")),
                             kExampleD, QStringLiteral("--head"), QStringLiteral("3")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--head 3 is out of range: the scenario has 2 heads"),
             qPrintable(describe(r)));
    QVERIFY(!QDir(dir.filePath(QStringLiteral("out"))).exists());
    const AppRun plain = runApp({QStringLiteral("--report"), QStringLiteral("--head"),
                                 QStringLiteral("2")}); // the default scenario has one head
    QCOMPARE(plain.exitCode, 2);
}

void TestCliModel::exportWritesProjectionsAndHeads()
{
    // --export of a model scenario writes the model views too (scenario-format.md, "View
    // names"), for the head --head picks; a plain scenario does not.
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out"));
    const AppRun r =
        runApp({QStringLiteral("--export"), out, kExampleD, QStringLiteral("--head"),
                QStringLiteral("2"), QStringLiteral("--size"), QStringLiteral("640x400")});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    for (const char *name : {"projections.png", "heads.png", "attention-heatmap.png"}) {
        const QImage image(QDir(out).filePath(QLatin1String(name)));
        QVERIFY2(image.size() == QSize(640, 400), name);
    }
    const AppRun plain = runApp({QStringLiteral("--export"), dir.filePath(QStringLiteral("plain")),
                                 QStringLiteral("--size"), QStringLiteral("640x400")});
    QVERIFY2(plain.exitCode == 0, qPrintable(describe(plain)));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("plain/heads.png"))));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("plain/attention-heatmap.png"))));
}

void TestCliModel::refusedMatricesAreExit2()
{
    QTemporaryDir dir;
    QStringList args = exampleDArgs(dir);
    // A W_K stack whose matrices have 3 rows while d_model = 2.
    args[5] =
        writeFile(dir, QStringLiteral("wk3.npy"), npy("(2, 3, 2)", std::vector<double>(12, 1)));
    const AppRun r = runApp(args << QStringLiteral("--report"));
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("has 3 rows but the embeddings"), qPrintable(describe(r)));
    QVERIFY(r.out.isEmpty());
}

void TestCliModel::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("--embeddings without --wv")
        << QStringList{"--embeddings", "x.csv", "--wq", "q.npy", "--wk", "k.npy", "--report"}
        << "--embeddings, --wq, --wk and --wv go together";
    QTest::newRow("--embeddings with FILE")
        << QStringList{"--embeddings",     "x", "--wq", "q", "--wk", "k", "--wv", "v", "--report",
                       "f.softmaxlab.json"}
        << "give either FILE or --embeddings";
    QTest::newRow("--embeddings with --queries")
        << QStringList{"--embeddings", "x",     "--wq",   "q",     "--wk",    "k", "--wv", "v",
                       "--queries",    "q.csv", "--keys", "k.csv", "--report"}
        << "not both";
    QTest::newRow("--embeddings without an action")
        << QStringList{"--embeddings", "x", "--wq", "q", "--wk", "k", "--wv", "v"}
        << "need --report, --export DIR or --save FILE";
    QTest::newRow("--head 0") << QStringList{"--report", "--head", "0"}
                              << "--head must be a positive integer";
    QTest::newRow("--head x") << QStringList{"--report", "--head", "x"}
                              << "--head must be a positive integer";
    QTest::newRow("--head without --report or --export")
        << QStringList{"--head", "1"} << "--head goes with --report or --export";
}

void TestCliModel::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const AppRun r = runApp(args);
    QCOMPARE(r.exitCode, 64);
    QVERIFY2(r.err.contains(message.toUtf8()), qPrintable(describe(r)));
}

QTEST_GUILESS_MAIN(TestCliModel)
#include "tst_cli_model.moc"
