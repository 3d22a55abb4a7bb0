// Tests of the command line (scenario-format.md, "Command line"), run as a child process exactly
// as a user or a script would: exit codes, stdout/stderr, and headless operation with no DISPLAY.
#include "AppRunner.h"

#include <QtTest>

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>

#include <cmath>

using namespace sml::test;

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void reportOfDefaultScenario();
    void reportOfIrisGivesClassProbabilities();
    void reportOfSparseAttention_data();
    void reportOfSparseAttention();
    void badFilesExit2_data();
    void badFilesExit2();
    void usageErrorsExit64_data();
    void usageErrorsExit64();
    void exportWritesNonBlankImages_data();
    void exportWritesNonBlankImages();
};

void TestCli::reportOfDefaultScenario()
{
    const AppRun r = runApp({QStringLiteral("--report")});
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.exitCode, 0);
    QJsonParseError perr;
    const QJsonObject report = QJsonDocument::fromJson(r.out, &perr).object();
    QCOMPARE(perr.error, QJsonParseError::NoError);
    const QJsonObject q = report["queries"].toArray()[0].toObject();
    // MATH.md §6 B.
    const double w[3] = {0.5140581445096034, 0.36096571808791045, 0.12497613740248618};
    for (int t = 0; t < 3; ++t)
        QVERIFY(std::abs(q["weights"].toArray()[t].toDouble() - w[t]) <= 1e-12);
    QVERIFY(std::abs(q["output"].toArray()[0].toDouble() - 0.3890820071071172) <= 1e-12);
    QVERIFY(std::abs(q["mle"].toObject()["log_likelihood"].toDouble() + 6.9707749665264025) <=
            1e-12);
}

void TestCli::reportOfIrisGivesClassProbabilities()
{
    const AppRun r =
        runApp({QStringLiteral("--report"),
                QStringLiteral(SML_SOURCE_DIR
                               "/resources/scenarios/iris-kernel-smoother.softmaxlab.json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject report = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(report["d_k"].toInt(), 5);
    QCOMPARE(report["d_v"].toInt(), 3);
    const QJsonArray queries = report["queries"].toArray();
    QVERIFY(queries.size() >= 3);
    int correct = 0;
    for (const QJsonValue &qv : queries) {
        const QJsonObject q = qv.toObject();
        const QJsonArray p = q["output"].toArray();
        QCOMPARE(p.size(), 3);
        double sum = 0;
        int best = 0;
        for (int c = 0; c < 3; ++c) {
            QVERIFY(p[c].toDouble() >= 0 && p[c].toDouble() <= 1);
            sum += p[c].toDouble();
            if (p[c].toDouble() > p[best].toDouble())
                best = c;
        }
        QVERIFY(std::abs(sum - 1) <= 1e-12); // one-hot values: the output is a distribution
        const QString label = q["label"].toString();
        static const char *species[3] = {"setosa", "versicolor", "virginica"};
        if (label.startsWith(QLatin1String(species[best])))
            ++correct;
    }
    // A kernel smoother on iris classifies most held-out flowers correctly.
    QVERIFY2(correct * 3 >= int(queries.size()) * 2, qPrintable(QString::number(correct)));
}

void TestCli::reportOfSparseAttention_data()
{
    // MATH.md §7.5, worked examples E and F, through --report on a version-2 file.
    QTest::addColumn<QByteArray>("keys");    // the keys' JSON (the query is (1, 0.5))
    QTest::addColumn<QByteArray>("more");    // temperature, attention and maxent members
    QTest::addColumn<QJsonArray>("weights"); // 8 digits
    QTest::addColumn<QJsonArray>("support");
    QTest::addColumn<QJsonValue>("lambda");
    QTest::addColumn<QString>("warning");
    const QByteArray figure = R"([{"label":"k1","vector":[1,0],"value":[1,0]},
        {"label":"k2","vector":[0,1],"value":[0,1]},{"label":"k3","vector":[-1,0],"value":[-1,-1]}])";
    // E: f = q·k = (−2, 0, 0.5) with keys along the first axis and τ = 1.
    const QByteArray e = R"([{"label":"a","vector":[-2,0],"value":[1,0]},
        {"label":"b","vector":[0,0],"value":[0,1]},{"label":"c","vector":[0.5,0],"value":[-1,-1]}])";
    const QByteArray tau1 = R"("temperature":{"mode":"fixed","tau":1},"maxent":{"targets":null})";
    const QByteArray sqrt = R"("temperature":{"mode":"sqrt_dk"},)";
    QTest::newRow("E alpha 1.5")
        << e << QByteArray(tau1 + R"(,"attention":{"normalizer":"entmax","alpha":1.5})")
        << QJsonArray{0, 0.32600736, 0.67399264} << QJsonArray{1, 2} << QJsonValue(1.0)
        << QString();
    QTest::newRow("E alpha 2") << e
                               << QByteArray(tau1 +
                                             R"(,"attention":{"normalizer":"entmax","alpha":2})")
                               << QJsonArray{0, 0.25, 0.75} << QJsonArray{1, 2} << QJsonValue(1.0)
                               << QString();
    const QJsonArray f2{0.67677670, 0.32322330, 0};
    QTest::newRow("F alpha 2, default target")
        << figure
        << QByteArray(sqrt +
                      R"("maxent":{"targets":null},"attention":{"normalizer":"entmax","alpha":2})")
        << f2 << QJsonArray{0, 1} << QJsonValue(1 / std::sqrt(2.0)) << QString();
    QTest::newRow("F alpha 2, mu = 0: lambda = -1/13")
        << figure
        << QByteArray(sqrt +
                      R"("maxent":{"targets":[0]},"attention":{"normalizer":"entmax","alpha":2})")
        << f2 << QJsonArray{0, 1} << QJsonValue(-1.0 / 13) << QString();
    QTest::newRow("F alpha 2, mu = 1: lambda_max = 2")
        << figure
        << QByteArray(sqrt +
                      R"("maxent":{"targets":[1]},"attention":{"normalizer":"entmax","alpha":2})")
        << f2 << QJsonArray{0, 1} << QJsonValue(2.0)
        << QStringLiteral("any λ ≥ λ_max = 2 gives these weights");
    QTest::newRow("F alpha 2, mu = -1: lambda_min = -2/3")
        << figure
        << QByteArray(sqrt +
                      R"("maxent":{"targets":[-1]},"attention":{"normalizer":"entmax","alpha":2})")
        << f2 << QJsonArray{0, 1} << QJsonValue(-2.0 / 3)
        << QStringLiteral("any λ ≤ λ_min = -0.6666666666666666 gives these weights");
    QTest::newRow("F alpha 1.5, default target")
        << figure
        << QByteArray(
               sqrt +
               R"("maxent":{"targets":null},"attention":{"normalizer":"entmax","alpha":1.5})")
        << QJsonArray{0.62036806, 0.37314723, 0.00648471} << QJsonArray{0, 1, 2}
        << QJsonValue(1 / std::sqrt(2.0)) << QString();
}

void TestCli::reportOfSparseAttention()
{
    QFETCH(QByteArray, keys);
    QFETCH(QByteArray, more);
    QFETCH(QJsonArray, weights);
    QFETCH(QJsonArray, support);
    QFETCH(QJsonValue, lambda);
    QFETCH(QString, warning);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("sparse.softmaxlab.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format":"softmaxlab-scenario","version":2,"title":"sparse",
        "queries":[{"label":"q","vector":[1,0.5]}],"keys":)" +
               keys + R"(,"mask":"none","variance":{"mode":"linked","sigma0_squared":1},)" + more +
               "}");
    file.close();
    const AppRun r = runApp({QStringLiteral("--report"), path});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject report = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(report["normalizer"].toObject()["kind"].toString(), QStringLiteral("entmax"));
    const QJsonObject q = report["queries"].toArray()[0].toObject();
    const QJsonArray w = q["weights"].toArray();
    QCOMPARE(w.size(), weights.size());
    for (int t = 0; t < int(w.size()); ++t) {
        QVERIFY2(std::abs(w[t].toDouble() - weights[t].toDouble()) <= 5e-9,
                 qPrintable(QString::number(w[t].toDouble(), 'g', 17)));
        if (weights[t].toDouble() == 0)
            QCOMPARE(w[t].toDouble(), 0.0); // exactly
    }
    QCOMPARE(q["support"].toArray(), support);
    QVERIFY(q["threshold"].isDouble() && q["tsallis_entropy"].isDouble());
    const QJsonObject me = q["maxent"].toObject();
    QVERIFY2(std::abs(me["lambda"].toDouble() - lambda.toDouble()) <= 1e-15,
             qPrintable(QString::number(me["lambda"].toDouble(), 'g', 17)));
    QCOMPARE(q["warnings"].toArray(), warning.isEmpty() ? QJsonArray() : QJsonArray{warning});
    QVERIFY(q["mle"].toObject()["max_abs_diff_from_attention"].toDouble() > 0);
}

void TestCli::badFilesExit2_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("ragged key vector")
        << QByteArray(R"({"format":"softmaxlab-scenario","version":1,"title":"",
            "queries":[{"label":"q","vector":[1,0]}],
            "keys":[{"label":"a","vector":[1,0],"value":[1]},{"label":"b","vector":[1,0,3],"value":[1]}],
            "temperature":{"mode":"sqrt_dk"},"mask":"none",
            "variance":{"mode":"linked","sigma0_squared":1},"maxent":{"targets":null}})")
        << QStringLiteral("keys[1].vector");
    QTest::newRow("syntax error")
        << QByteArray(
               "{\n  \"format\": \"softmaxlab-scenario\",\n  \"version\": 1,\n  \"title\": NaN\n}")
        << QStringLiteral("line 4");
    QTest::newRow("newer version") << QByteArray(R"({"format":"softmaxlab-scenario","version":3})")
                                   << QStringLiteral("version 3");
    QTest::newRow("empty file") << QByteArray() << QString();
}

void TestCli::badFilesExit2()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, messagePart);
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("bad.softmaxlab.json"), content);
    for (const QStringList &args :
         {QStringList{QStringLiteral("--report"), path},
          QStringList{QStringLiteral("--export"), dir.filePath("out"), path}}) {
        const AppRun r = runApp(args);
        QCOMPARE(r.status, QProcess::NormalExit);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(QString::fromUtf8(r.err).contains(messagePart), r.err.constData());
        QVERIFY(!r.err.isEmpty());
    }
    const AppRun missing =
        runApp({QStringLiteral("--report"), dir.filePath("does-not-exist.json")});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY(missing.err.contains("does-not-exist.json"));
    const AppRun directory = runApp({QStringLiteral("--report"), dir.path()});
    QCOMPARE(directory.exitCode, 2);
}

void TestCli::usageErrorsExit64_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--bogus")};
    QTest::newRow("missing --export value") << QStringList{QStringLiteral("--export")};
    QTest::newRow("unknown format")
        << QStringList{QStringLiteral("--export"), QStringLiteral("/tmp/x"),
                       QStringLiteral("--format"), QStringLiteral("gif")};
    QTest::newRow("bad size") << QStringList{QStringLiteral("--export"), QStringLiteral("/tmp/x"),
                                             QStringLiteral("--size"), QStringLiteral("12x")};
    QTest::newRow("report and export") << QStringList{
        QStringLiteral("--report"), QStringLiteral("--export"), QStringLiteral("/tmp/x")};
    QTest::newRow("two files") << QStringList{QStringLiteral("--report"), QStringLiteral("a"),
                                              QStringLiteral("b")};
    QTest::newRow("format without export") << QStringList{
        QStringLiteral("--report"), QStringLiteral("--format"), QStringLiteral("png")};
}

void TestCli::usageErrorsExit64()
{
    QFETCH(QStringList, args);
    const AppRun r = runApp(args);
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.exitCode, 64);
    QVERIFY(!r.err.isEmpty());
}

void TestCli::exportWritesNonBlankImages_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("png") << QStringLiteral("png");
    QTest::newRow("pdf") << QStringLiteral("pdf");
}

void TestCli::exportWritesNonBlankImages()
{
    QFETCH(QString, format);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("views"));
    const AppRun r = runApp({QStringLiteral("--export"), out, QStringLiteral("--format"), format,
                             QStringLiteral("--size"), QStringLiteral("900x600")});
    QCOMPARE(r.status, QProcess::NormalExit);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QStringList names = {
        QStringLiteral("attention-heatmap"), QStringLiteral("weight-bars"),
        QStringLiteral("entropy"),           QStringLiteral("key-space"),
        QStringLiteral("value-space"),       QStringLiteral("mle-optimizer")};
    for (const QString &name : names) {
        const QString path = out + QLatin1Char('/') + name + QLatin1Char('.') + format;
        QVERIFY2(QFileInfo::exists(path), qPrintable(path));
        if (format == QLatin1String("png")) {
            const QImage img(path);
            QCOMPARE(img.size(), QSize(900, 600));
            // Non-blank: many distinct colours, not a flat background.
            QSet<QRgb> colours;
            for (int y = 0; y < img.height(); y += 7)
                for (int x = 0; x < img.width(); x += 7)
                    colours.insert(img.pixel(x, y));
            QVERIFY2(colours.size() > 8,
                     qPrintable(QStringLiteral("%1: %2 colours").arg(name).arg(colours.size())));
        } else {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray pdf = f.readAll();
            QVERIFY(pdf.startsWith("%PDF-"));
            QVERIFY(pdf.size() > 2000);
        }
    }
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
