// Every number is faithful (issue 15, failures 2–5, each with two siblings of its class):
// - a quantity that is representable is represented (outputs of values near ±DBL_MAX);
// - a vectorised transcendental function is used only where its input range is safe (free σ²
//   that are subnormal), checked by a sweep of every kernel over subnormals, ±DBL_MAX and ±0
//   against the std:: scalar functions;
// - every input echoed in a report is the number in the file, bit for bit (σ², σ0², τ, μ);
// - every derived quantity respects its mathematical bounds (1 ≤ N_eff ≤ |V|, 0 ≤ H ≤ log |V|,
//   a one-hot row has H = 0 exactly).
#include "Analysis.h"
#include "Attention.h"
#include "GaussianMle.h"
#include "Report.h"
#include "Scenario.h"
#include "ScenarioIo.h"
#include "WeightedMean.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>

using namespace sml;

namespace {

constexpr double kMax = std::numeric_limits<double>::max();
constexpr double kDenormMin = std::numeric_limits<double>::denorm_min();

/// A version-1 scenario with one query and the given keys (vector, value) and extra sections.
QByteArray scenarioJson(const QString &query, const QStringList &keyVectors,
                        const QStringList &values, const QString &extra = QString())
{
    QString keys;
    for (int t = 0; t < keyVectors.size(); ++t) {
        if (t)
            keys += QLatin1Char(',');
        keys += QStringLiteral(R"({"label":"k%1","vector":[%2],"value":[%3]})")
                    .arg(t + 1)
                    .arg(keyVectors[t], values[t]);
    }
    return QStringLiteral(R"({"format":"softmaxlab-scenario","version":1,"title":"t",)"
                          R"("queries":[{"label":"q","vector":[%1]}],"keys":[%2],)"
                          R"("temperature":{"mode":"sqrt_dk"},"mask":"none",%3)"
                          R"("maxent":{"targets":null}})")
        .arg(query, keys,
             extra.isEmpty() ? QStringLiteral(R"("variance":{"mode":"linked","sigma0_squared":1},)")
                             : extra)
        .toUtf8();
}

Scenario load(const QByteArray &json)
{
    auto result = ScenarioIo::parse(json);
    if (auto *error = std::get_if<LoadError>(&result))
        qFatal("scenario refused: %s", qPrintable(error->message));
    return std::get<Scenario>(std::move(result));
}

QJsonObject reportQuery(const Scenario &s)
{
    return QJsonDocument::fromJson(reportJson(s))
        .object()[QStringLiteral("queries")]
        .toArray()
        .first()
        .toObject();
}

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

QString bits(double x)
{
    return QString::number(x, 'g', 17);
}

} // namespace

class TestFaithful : public QObject
{
    Q_OBJECT

private slots:
    void outputsOfHugeValuesAreRepresented_data();
    void outputsOfHugeValuesAreRepresented();
    void weightedMeanKeepsThePlainProductWhereFinite();
    void tinyFreeVariancesGiveTheRightWeights_data();
    void tinyFreeVariancesGiveTheRightWeights();
    void kernelsAgreeWithScalarFunctionsAtTheEdges();
    void reportEchoesInputsBitForBit_data();
    void reportEchoesInputsBitForBit();
    void effectiveKeysStayWithinBounds();
    void oneHotRowHasZeroEntropy_data();
    void oneHotRowHasZeroEntropy();
};

// --- failure 2: an output that fits in a double is printed as null ---------------------------

void TestFaithful::outputsOfHugeValuesAreRepresented_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<double>("output");
    const QString max = bits(kMax);
    const QStringList keys = {QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("2")};
    // The issue's case: three values of DBL_MAX, one query, weights (0.0159, 0.117, 0.867):
    // the plain product rounds above DBL_MAX and printed null.
    QTest::newRow("three values DBL_MAX (the issue)")
        << scenarioJson(QStringLiteral("2"), keys, {max, max, max}) << kMax;
    QTest::newRow("three values −DBL_MAX")
        << scenarioJson(QStringLiteral("2"), keys, {"-" + max, "-" + max, "-" + max}) << -kMax;
    // Free variances σ² = (2, 1, 1), π = (0.2, 0.4, 0.4): the MLE output (not the attention
    // output) takes the other path, and its plain product overflows too.
    QTest::newRow("free variances, values DBL_MAX")
        << scenarioJson(QStringLiteral("2"), keys, {max, max, max},
                        QStringLiteral(R"("variance":{"mode":"free","variances":[[2,1,1]]},)"))
        << kMax;
}

void TestFaithful::outputsOfHugeValuesAreRepresented()
{
    QFETCH(QByteArray, json);
    QFETCH(double, output);
    const Scenario s = load(json);
    const QJsonObject q = reportQuery(s);
    const QJsonValue o = q[QStringLiteral("output")].toArray().first();
    const QJsonValue mle =
        q[QStringLiteral("mle")].toObject()[QStringLiteral("output")].toArray().first();
    QVERIFY2(o.isDouble(), "output printed as null");
    QVERIFY2(mle.isDouble(), "mle.output printed as null");
    // A mean of equal values is that value (within the rounding of the plain product where it
    // did not overflow: 1 ulp below DBL_MAX at most).
    const auto near = [output](double x) { return std::abs(x / output - 1) <= 4e-16; };
    QVERIFY2(near(o.toDouble()), qPrintable(bits(o.toDouble())));
    QVERIFY2(near(mle.toDouble()), qPrintable(bits(mle.toDouble())));
    // The window's path (Analysis) agrees with the report.
    const Analysis a(s);
    QVERIFY(sameBits(a.detail(0).output[0], o.toDouble()));
    QVERIFY(sameBits(a.detail(0).mle->mleOutput()[0], mle.toDouble()));
    QVERIFY(q[QStringLiteral("warnings")].toArray().isEmpty());
}

void TestFaithful::weightedMeanKeepsThePlainProductWhereFinite()
{
    // Ordinary numbers: exactly the plain product.
    Eigen::VectorXd w(3);
    w << 0.5143, 0.3613, 0.1244;
    Eigen::MatrixXd V(3, 2);
    V << 1, 0, 0, 1, -1, -1;
    const Eigen::VectorXd plain = V.transpose() * w;
    const Eigen::VectorXd o = weightedMean(w, V);
    QVERIFY(sameBits(o[0], plain[0]) && sameBits(o[1], plain[1]));
    // Mixed signs near ±DBL_MAX: finite and inside [min, max] of the values.
    V << kMax, -kMax, kMax, kMax, kMax / 2, -kMax;
    const Eigen::VectorXd big = weightedMean(w, V);
    QVERIFY(big.allFinite());
    QVERIFY(big[0] <= kMax && big[0] >= kMax / 2);
    // 0.5143·M + 0.3613·M − 0.1244·M... for column 1: (−0.5143 + 0.3613 − 0.1244)·M.
    QVERIFY(std::abs(big[1] / kMax - (-0.5143 + 0.3613 - 0.1244)) <= 1e-15);
}

// --- failure 3: tiny free variances give wrong MLE weights ------------------------------------

void TestFaithful::tinyFreeVariancesGiveTheRightWeights_data()
{
    QTest::addColumn<double>("s1");
    QTest::addColumn<double>("s2");
    // The issue's case: σ² = 5e-324 and 1e-310: π ∝ 1/σ², log σ² from std::log.
    QTest::newRow("5e-324 and 1e-310 (the issue)") << kDenormMin << 1e-310;
    QTest::newRow("DBL_MIN/2 and 1") << DBL_MIN / 2 << 1.0;
    QTest::newRow("two equal subnormals") << 1e-320 << 1e-320;
}

void TestFaithful::tinyFreeVariancesGiveTheRightWeights()
{
    QFETCH(double, s1);
    QFETCH(double, s2);
    const QByteArray json =
        scenarioJson(QStringLiteral("1"), {QStringLiteral("0"), QStringLiteral("1")},
                     {QStringLiteral("0"), QStringLiteral("1")},
                     QStringLiteral(R"("variance":{"mode":"free","variances":[[%1,%2]]},)")
                         .arg(bits(s1), bits(s2)));
    const QJsonObject mle = reportQuery(load(json))[QStringLiteral("mle")].toObject();
    const QJsonArray logVar = mle[QStringLiteral("log_variances")].toArray();
    const QJsonArray weights = mle[QStringLiteral("weights")].toArray();
    QVERIFY(sameBits(logVar[0].toDouble(), std::log(s1)));
    QVERIFY(sameBits(logVar[1].toDouble(), std::log(s2)));
    // π_1 = 1 / (1 + σ1²/σ2²), computed independently in log form.
    const double pi1 = 1.0 / (1.0 + std::exp(std::log(s1) - std::log(s2)));
    QVERIFY2(std::abs(weights[0].toDouble() - pi1) <= 1e-15,
             qPrintable(bits(weights[0].toDouble()) + " vs " + bits(pi1)));
    QVERIFY(std::abs(weights[1].toDouble() - (1 - pi1)) <= 1e-15 * std::max(1.0, 1 - pi1) ||
            std::abs(weights[1].toDouble() / (1 - pi1) - 1) <= 1e-12);
    // The window's Analysis gives the same weights (it had the right answer all along).
    const Analysis a(load(json));
    const QueryDetail d = a.detail(0);
    QVERIFY(sameBits(d.mle->precisionWeights()[0], weights[0].toDouble()));
}

void TestFaithful::kernelsAgreeWithScalarFunctionsAtTheEdges()
{
    // Every kernel with a transcendental function, over the edges of the double range.
    const std::vector<double> edges = {kDenormMin, 1e-320, DBL_MIN / 2, DBL_MIN, 1e-300,
                                       0.5,        1,      2,           1e300,   kMax};
    // Free-mode log σ² (GaussianMle::free) against std::log, pair by pair.
    for (double a : edges) {
        for (double b : edges) {
            Eigen::VectorXd v(2);
            v << a, b;
            const GaussianMle g = GaussianMle::free(v, Eigen::MatrixXd::Zero(2, 1));
            QVERIFY2(sameBits(g.logVariances()[0], std::log(a)), qPrintable(bits(a)));
            QVERIFY2(sameBits(g.logVariances()[1], std::log(b)), qPrintable(bits(b)));
            QVERIFY(sameBits(*g.variance(0), a)); // echoed as given
            const double pi0 = 1.0 / (1.0 + std::exp(std::log(a) - std::log(b)));
            QVERIFY2(std::abs(g.precisionWeights()[0] - pi0) <= 1e-15,
                     qPrintable(bits(a) + ", " + bits(b)));
        }
    }
    // The softmax kernel's exp against std::exp: scores 0 and −x for x over the edges, and ±0.
    for (double x : edges) {
        Eigen::VectorXd s(2);
        s << 0.0, -x;
        const SoftmaxRow r = softmax(s);
        const double e = std::exp(-x); // the unnormalized weight of the second key
        QVERIFY2(std::abs(r.weights[1] - e / (1 + e)) <= 1e-15 * std::max(e, 1e-300) ||
                     std::abs(r.weights[1] / (e / (1 + e)) - 1) <= 1e-14,
                 qPrintable(bits(x) + ": " + bits(r.weights[1])));
        QVERIFY(r.weights.allFinite() && r.weights.minCoeff() >= 0);
    }
    Eigen::VectorXd zeros(2);
    zeros << 0.0, -0.0;
    const SoftmaxRow r = softmax(zeros);
    QVERIFY(r.weights[0] == 0.5 && r.weights[1] == 0.5);
    QVERIFY(std::abs(r.entropy - std::log(2.0)) <= 1e-16);
}

// --- failure 4: the report does not echo the inputs --------------------------------------------

void TestFaithful::reportEchoesInputsBitForBit_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("field"); // "variances", "tau" or "target"
    QTest::addColumn<QList<double>>("expected");
    const QStringList keys = {QStringLiteral("0"), QStringLiteral("1")};
    const QStringList values = {QStringLiteral("0"), QStringLiteral("1")};
    QTest::newRow("free σ² 3.9 and 8.61 (the issue)")
        << scenarioJson(QStringLiteral("1"), keys, values,
                        QStringLiteral(R"("variance":{"mode":"free","variances":[[3.9,8.61]]},)"))
        << QStringLiteral("variances") << QList<double>{3.9, 8.61};
    // Linked with a zero query: every score is 0, so every σ² is σ0² itself.
    QTest::newRow("linked σ0² 3.9 at s = 0")
        << scenarioJson(QStringLiteral("0"), keys, values,
                        QStringLiteral(R"("variance":{"mode":"linked","sigma0_squared":3.9},)"))
        << QStringLiteral("variances") << QList<double>{3.9, 3.9};
    QByteArray fixedTau = scenarioJson(QStringLiteral("1"), keys, values);
    fixedTau.replace(R"({"mode":"sqrt_dk"})", R"({"mode":"fixed","tau":0.3})");
    QTest::newRow("fixed τ 0.3") << fixedTau << QStringLiteral("tau") << QList<double>{0.3};
    QByteArray target = scenarioJson(QStringLiteral("1"), keys, values);
    target.replace(R"({"targets":null})", R"({"targets":[0.7]})");
    QTest::newRow("MaxEnt target 0.7") << target << QStringLiteral("target") << QList<double>{0.7};
}

void TestFaithful::reportEchoesInputsBitForBit()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, field);
    QFETCH(QList<double>, expected);
    const Scenario s = load(json);
    const QJsonObject report = QJsonDocument::fromJson(reportJson(s)).object();
    const QJsonObject q = report[QStringLiteral("queries")].toArray().first().toObject();
    QList<double> actual;
    if (field == QLatin1String("variances")) {
        for (const QJsonValue &v : q[QStringLiteral("mle")].toObject()[field].toArray())
            actual << v.toDouble();
    } else if (field == QLatin1String("tau")) {
        actual << report[field].toDouble();
    } else {
        actual << q[QStringLiteral("maxent")].toObject()[field].toDouble();
    }
    QCOMPARE(actual.size(), expected.size());
    for (qsizetype j = 0; j < actual.size(); ++j)
        QVERIFY2(sameBits(actual[j], expected[j]),
                 qPrintable(QStringLiteral("%1[%2] = %3").arg(field).arg(j).arg(bits(actual[j]))));
}

// --- failure 5: N_eff exceeds the number of keys ------------------------------------------------

void TestFaithful::effectiveKeysStayWithinBounds()
{
    // The issue's case: query (0), keys (0), (1), (2): uniform weights over 3 keys.
    const Scenario s = load(scenarioJson(
        QStringLiteral("0"), {QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("2")},
        {QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("2")}));
    const QJsonObject q = reportQuery(s);
    QVERIFY2(q[QStringLiteral("effective_keys")].toDouble() <= 3.0,
             qPrintable(bits(q[QStringLiteral("effective_keys")].toDouble())));
    QCOMPARE(q[QStringLiteral("effective_keys")].toDouble(), 3.0);
    // Uniform rows of every length n ≤ 4096 (exp(log n) > n for 1701 of them), through the row
    // API and through computeAttention: 1 ≤ N_eff ≤ n and 0 ≤ H ≤ log n.
    for (int n = 1; n <= 4096; ++n) {
        const SoftmaxRow row = softmax(Eigen::VectorXd::Zero(n));
        QVERIFY2(row.effectiveKeys() <= double(n) && row.effectiveKeys() >= 1.0,
                 qPrintable(QStringLiteral("n = %1: %2").arg(n).arg(bits(row.effectiveKeys()))));
        QVERIFY(row.entropy >= 0 && row.entropy <= std::log(double(n)));
    }
    for (int n : {3, 5, 7, 1701, 4095}) {
        const AttentionResult r =
            computeAttention(Eigen::MatrixXd::Zero(1, 1), Eigen::MatrixXd::Zero(n, 1),
                             Eigen::MatrixXd::Zero(n, 1), 1.0, Mask::none());
        QVERIFY2(r.effectiveKeys[0] <= double(n) && r.effectiveKeys[0] >= 1.0,
                 qPrintable(QStringLiteral("n = %1: %2").arg(n).arg(bits(r.effectiveKeys[0]))));
    }
}

void TestFaithful::oneHotRowHasZeroEntropy_data()
{
    QTest::addColumn<QList<double>>("scores");
    QTest::newRow("one key") << QList<double>{0.3};
    QTest::newRow("others 1e300 below") << QList<double>{0.0, -1e300, -1e300};
    QTest::newRow("others 800 below (exp underflows)") << QList<double>{5.0, -795.0};
}

void TestFaithful::oneHotRowHasZeroEntropy()
{
    QFETCH(QList<double>, scores);
    Eigen::VectorXd s(scores.size());
    for (qsizetype j = 0; j < scores.size(); ++j)
        s[j] = scores[j];
    const SoftmaxRow row = softmax(s);
    QCOMPARE(row.weights[0], 1.0);
    QCOMPARE(row.entropy, 0.0);
    QCOMPARE(row.effectiveKeys(), 1.0);
}

QTEST_GUILESS_MAIN(TestFaithful)
#include "tst_faithful.moc"
