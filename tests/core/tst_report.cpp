// Tests of the JSON report (scenario-format.md, "Report, version 1"): the numbers of MATH.md §6 B
// to 1e-12 against the independent NumPy reference, and the contract's shapes for masked keys,
// undetermined λ, infeasible targets and out-of-range quantities.
#include "JsonChecks.h"
#include "Report.h"
#include "Scenario.h"
#include "ScenarioIo.h"

#include <QJsonDocument>

#include <QtTest>

#include <cmath>

using namespace sml;
using namespace sml::test;

namespace {
QJsonObject referenceCase(const QString &name)
{
    QFile file(QStringLiteral(SML_TEST_DATA_DIR "/reference/reference.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonArray cases = QJsonDocument::fromJson(file.readAll()).object()["cases"].toArray();
    for (const QJsonValue &c : cases)
        if (c.toObject()["name"].toString() == name)
            return c.toObject();
    return {};
}

bool closeArrays(const QJsonArray &a, const QJsonArray &b, double tol, QString *why)
{
    if (a.size() != b.size()) {
        *why = QStringLiteral("sizes %1 vs %2").arg(a.size()).arg(b.size());
        return false;
    }
    for (qsizetype j = 0; j < a.size(); ++j) {
        if (!a[j].isDouble() || !b[j].isDouble() ||
            !(std::abs(a[j].toDouble() - b[j].toDouble()) <= tol)) {
            *why = QStringLiteral("entry %1: %2 vs %3")
                       .arg(j)
                       .arg(a[j].toDouble(), 0, 'g', 17)
                       .arg(b[j].toDouble(), 0, 'g', 17);
            return false;
        }
    }
    return true;
}

} // namespace

class TestReport : public QObject
{
    Q_OBJECT

private slots:
    void workedExampleBMatchesReference_data();
    void workedExampleBMatchesReference();
    void header();
    void causalMaskedKeysAreNullAndZero();
    void infeasibleTargetIsReportedPerQuery();
    void undeterminedLambdaIsNull();
    void extremeScoresPrintNullWithWarning();
    void numbersRoundTrip();
    void streamedTextIsTheDocumentsText();
};

void TestReport::workedExampleBMatchesReference_data()
{
    QTest::addColumn<QString>("path"); // report path (dot-separated), reference path
    QTest::addColumn<QString>("refPath");
    QTest::newRow("similarities") << "similarities"
                                  << "similarities";
    QTest::newRow("scores") << "scores"
                            << "scores";
    QTest::newRow("weights") << "weights"
                             << "weights";
    QTest::newRow("output") << "output"
                            << "output";
    QTest::newRow("entropy") << "entropy"
                             << "entropy";
    QTest::newRow("effective_keys") << "effective_keys"
                                    << "effective_keys";
    QTest::newRow("mle.log_variances") << "mle.log_variances"
                                       << "mle.log_variances";
    QTest::newRow("mle.variances") << "mle.variances"
                                   << "mle.variances";
    QTest::newRow("mle.weights") << "mle.weights"
                                 << "mle.precision_weights";
    QTest::newRow("mle.output") << "mle.output"
                                << "mle.output";
    QTest::newRow("mle.log_likelihood") << "mle.log_likelihood"
                                        << "mle.log_likelihood";
    QTest::newRow("maxent.target") << "maxent.target"
                                   << "maxent.target";
    QTest::newRow("maxent.lambda") << "maxent.lambda"
                                   << "maxent.lambda";
    QTest::newRow("maxent.weights") << "maxent.weights"
                                    << "maxent.weights";
    QTest::newRow("maxent.entropy") << "maxent.entropy"
                                    << "maxent.entropy";
}

void TestReport::workedExampleBMatchesReference()
{
    QFETCH(QString, path);
    QFETCH(QString, refPath);
    const QJsonObject ref = referenceCase(QStringLiteral("B"));
    QVERIFY2(!ref.isEmpty(), "tests/reference/reference.json has no case B");
    const QJsonObject report = buildReport(defaultScenario());
    auto lookup = [](QJsonValue v, const QString &p) {
        for (const QString &part : p.split(QLatin1Char('.')))
            v = v.toObject()[part];
        return v;
    };
    const QJsonValue got = lookup(report["queries"].toArray()[0], path);
    const QJsonValue want = lookup(ref["queries"].toArray()[0], refPath);
    QVERIFY2(!want.isUndefined(), qPrintable(refPath));
    QString why;
    if (want.isArray()) {
        QVERIFY2(closeArrays(got.toArray(), want.toArray(), 1e-12, &why), qPrintable(why));
    } else {
        QVERIFY(got.isDouble());
        QVERIFY2(std::abs(got.toDouble() - want.toDouble()) <= 1e-12,
                 qPrintable(QString::number(got.toDouble(), 'g', 17)));
    }
}

void TestReport::header()
{
    const QJsonObject r = buildReport(defaultScenario());
    QCOMPARE(r["format"].toString(), QStringLiteral("softmaxlab-report"));
    QCOMPARE(r["version"].toInt(), 1);
    QCOMPARE(r["title"].toString(), QStringLiteral("One query, three keys"));
    QCOMPARE(r["m"].toInt(), 1);
    QCOMPARE(r["T"].toInt(), 3);
    QCOMPARE(r["d_k"].toInt(), 2);
    QCOMPARE(r["d_v"].toInt(), 2);
    QCOMPARE(r["tau"].toDouble(), std::sqrt(2.0));
    const QJsonObject q = r["queries"].toArray()[0].toObject();
    QCOMPARE(q["label"].toString(), QStringLiteral("q"));
    QCOMPARE(q["visible"].toArray(), (QJsonArray{0, 1, 2}));
    QCOMPARE(q["maxent"].toObject()["lambda"].toDouble(), 1 / std::sqrt(2.0));
    QVERIFY(q["maxent"].toObject()["newton_iterations"].toInt() > 0);
    QVERIFY(q["mle"].toObject()["max_abs_diff_from_softmax"].toDouble() <= 1e-15);
    QVERIFY(q["maxent"].toObject()["max_abs_diff_from_softmax"].toDouble() <= 1e-15);
    QCOMPARE(q["warnings"].toArray().size(), 0);
}

void TestReport::causalMaskedKeysAreNullAndZero()
{
    Scenario s = defaultScenario();
    s.queries.resize(2, 2);
    s.queries << 1, 0.5, 0.2, -1;
    s.queryLabels = {QStringLiteral("q1"), QStringLiteral("q2")};
    s.mask = MaskKind::Causal;
    s.normalizeSideArrays();
    const QJsonArray qs = buildReport(s)["queries"].toArray();
    const QJsonObject q0 = qs[0].toObject();
    QCOMPARE(q0["visible"].toArray(), (QJsonArray{0}));
    QVERIFY(q0["similarities"].toArray()[1].isNull());
    QVERIFY(q0["scores"].toArray()[2].isNull());
    QCOMPARE(q0["weights"].toArray(), (QJsonArray{1.0, 0, 0}));
    QVERIFY(q0["mle"].toObject()["log_variances"].toArray()[1].isNull());
    QVERIFY(q0["mle"].toObject()["variances"].toArray()[2].isNull());
    // One visible key: λ undetermined.
    QVERIFY(q0["maxent"].toObject()["lambda"].isNull());
    QVERIFY(q0["warnings"].toArray().contains(
        QStringLiteral("all similarities equal; λ undetermined")));
    const QJsonObject q1 = qs[1].toObject();
    QCOMPARE(q1["visible"].toArray(), (QJsonArray{0, 1}));
    QCOMPARE(q1["weights"].toArray()[2].toDouble(), 0.0);
    QVERIFY(std::abs(q1["weights"].toArray()[0].toDouble() + q1["weights"].toArray()[1].toDouble() -
                     1) <= 1e-15);
}

void TestReport::infeasibleTargetIsReportedPerQuery()
{
    Scenario s = defaultScenario();
    s.maxentTargets = std::vector<std::optional<double>>{5.0};
    const QJsonObject q = buildReport(s)["queries"].toArray()[0].toObject();
    const QJsonObject me = q["maxent"].toObject();
    QCOMPARE(me["target"].toDouble(), 5.0);
    QCOMPARE(me["error"].toString(), QStringLiteral("target 5 outside (min f, max f) = (-1, 1)"));
    QVERIFY(!me.contains("lambda"));
    // The other fields of the query are still reported.
    QCOMPARE(q["weights"].toArray().size(), 3);
    QVERIFY(q["mle"].isObject());
}

void TestReport::undeterminedLambdaIsNull()
{
    Scenario s = defaultScenario();
    s.keys << 1, 0, 1, 0, 1, 0; // all similarities equal 1
    const QJsonObject me = buildReport(s)["queries"].toArray()[0].toObject()["maxent"].toObject();
    QVERIFY(me["lambda"].isNull());
    for (const QJsonValue &w : me["weights"].toArray())
        QVERIFY(std::abs(w.toDouble() - 1.0 / 3) <= 1e-15);
}

void TestReport::extremeScoresPrintNullWithWarning()
{
    // Scores ±1e300: σ² outside the double range prints null with a warning naming it, and
    // nothing prints NaN or Infinity.
    Scenario s = defaultScenario();
    s.temperatureMode = TemperatureMode::Fixed;
    s.fixedTau = 1e-300;
    const QJsonObject r = buildReport(s);
    QVERIFY(allFinite(r));
    const QJsonObject q = r["queries"].toArray()[0].toObject();
    const QJsonArray var = q["mle"].toObject()["variances"].toArray();
    QVERIFY(var[0].isNull());
    QVERIFY(var[2].isNull());
    QVERIFY(q["mle"].toObject()["log_variances"].toArray()[0].isDouble());
    QVERIFY(q["mle"].toObject()["log_likelihood"].isNull());
    const QStringList warnings = q["warnings"].toVariant().toStringList();
    QVERIFY2(warnings.filter(QStringLiteral("σ² of key 0")).size() == 1,
             qPrintable(warnings.join('\n')));
    QVERIFY(warnings.filter(QStringLiteral("log-likelihood")).size() == 1);
    QCOMPARE(q["weights"].toArray()[0].toDouble(), 1.0);
    const QByteArray text = reportJson(s);
    QVERIFY(!text.contains("nan") && !text.contains("inf"));
}

void TestReport::numbersRoundTrip()
{
    // Numbers print in the shortest form that reads back bit for bit.
    const QByteArray text = reportJson(defaultScenario());
    QVERIFY(text.contains("1.4142135623730951"));
    const QJsonObject back = QJsonDocument::fromJson(text).object();
    QCOMPARE(back["tau"].toDouble(), std::sqrt(2.0));
    QCOMPARE(back, buildReport(defaultScenario()));
}

void TestReport::streamedTextIsTheDocumentsText()
{
    // writeReport() hands the text over query by query (bounded memory); put together it is
    // byte for byte what QJsonDocument writes for the whole report, in every shape of report.
    std::vector<Scenario> scenarios;
    scenarios.push_back(defaultScenario());
    Scenario causal = defaultScenario();
    causal.queries = Eigen::MatrixXd::Random(4, 2);
    causal.queryLabels.clear();
    causal.mask = MaskKind::Causal;
    causal.maxentTargets = std::vector<std::optional<double>>{std::nullopt, 0.1, std::nullopt, 5.0};
    causal.title = QStringLiteral("a \"queries\": [ title\nwith a newline");
    causal.normalizeSideArrays();
    scenarios.push_back(causal);
    Scenario free = causal;
    free.varianceMode = VarianceMode::Free;
    free.normalizeSideArrays();
    free.freeVariances(1, 0) = 0.25;
    scenarios.push_back(free);
    for (const Scenario &s : scenarios) {
        QVERIFY(!validateScenario(s));
        QByteArray streamed;
        int pieces = 0;
        writeReport(s, [&](const QByteArray &piece) {
            streamed += piece;
            ++pieces;
        });
        QCOMPARE(pieces, s.m() + 2); // the head, each query, the tail
        QCOMPARE(streamed, QJsonDocument(buildReport(s)).toJson(QJsonDocument::Indented));
        QCOMPARE(reportJson(s), streamed);
    }
}

QTEST_GUILESS_MAIN(TestReport)
#include "tst_report.moc"
