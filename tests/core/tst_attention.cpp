// Tests of scaled dot-product attention (MATH.md §2–§3) against the worked examples of MATH.md §6
// and the properties every result must have.
#include "Analysis.h"
#include "Attention.h"
#include "TestHelpers.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace sml;
using namespace sml::test;

namespace {
Eigen::MatrixXd randomMatrix(int rows, int cols, std::mt19937 &rng, double scale = 1.0)
{
    std::normal_distribution<double> normal(0.0, scale);
    Eigen::MatrixXd m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = normal(rng);
    return m;
}
} // namespace

class TestAttention : public QObject
{
    Q_OBJECT

private slots:
    void softmaxRow_data();
    void softmaxRow();
    void rowsSumToOneAtExtremes_data();
    void rowsSumToOneAtExtremes();
    void shiftInvariance_data();
    void shiftInvariance();
    void workedExampleB();
    void causalMaskZerosAboveDiagonal_data();
    void causalMaskZerosAboveDiagonal();
    void noVisibleKeyIsUndefined();
    void overflowIsRefused_data();
    void overflowIsRefused();
    void klDivergence();
};

void TestAttention::softmaxRow_data()
{
    QTest::addColumn<Eigen::VectorXd>("scores");
    QTest::addColumn<Eigen::VectorXd>("weights");
    QTest::addColumn<double>("entropy");
    QTest::addColumn<double>("tol");

    // MATH.md §6 A.
    QTest::newRow("MATH §6 A: s = (2, 1, 0)")
        << vec({2, 1, 0}) << vec({0.66524096, 0.24472847, 0.09003057}) << 0.83239558 << 5e-9;
    // MATH.md §6 B: s = f/√2.
    QTest::newRow("MATH §6 B: f = (1, 0.5, -1), tau = sqrt 2")
        << vec({1 / std::sqrt(2.0), 0.5 / std::sqrt(2.0), -1 / std::sqrt(2.0)})
        << vec({0.51405814, 0.36096572, 0.12497614}) << 0.96978250 << 5e-9;
    QTest::newRow("one key") << vec({3.5}) << vec({1.0}) << 0.0 << 0.0;
    QTest::newRow("exact tie, uniform")
        << vec({0.25, 0.25, 0.25, 0.25}) << vec({0.25, 0.25, 0.25, 0.25}) << std::log(4.0) << 1e-15;
    QTest::newRow("scores ±1e300")
        << vec({1e300, -1e300, 1e300}) << vec({0.5, 0.0, 0.5}) << std::log(2.0) << 1e-15;
    QTest::newRow("scores -1.7e308 and 1.7e308 (difference overflows)")
        << vec({-1.7e308, 1.7e308}) << vec({0.0, 1.0}) << 0.0 << 0.0;
    QTest::newRow("beyond exp overflow: s = (800, 799)")
        << vec({800, 799}) << vec({1 / (1 + std::exp(-1.0)), std::exp(-1.0) / (1 + std::exp(-1.0))})
        << (std::log(1 + std::exp(-1.0)) + std::exp(-1.0) / (1 + std::exp(-1.0))) << 1e-15;
    QTest::newRow("tiny differences: s = (1e-300, 0)")
        << vec({1e-300, 0}) << vec({0.5, 0.5}) << std::log(2.0) << 1e-15;
}

void TestAttention::softmaxRow()
{
    QFETCH(Eigen::VectorXd, scores);
    QFETCH(Eigen::VectorXd, weights);
    QFETCH(double, entropy);
    QFETCH(double, tol);
    const SoftmaxRow row = softmax(scores);
    compareVec(row.weights, weights, tol);
    QVERIFY(row.weights.allFinite());
    QVERIFY(std::abs(row.weights.sum() - 1.0) <= 1e-15 * double(scores.size()));
    QVERIFY2(std::abs(row.entropy - entropy) <= std::max(tol, 1e-15),
             qPrintable(QString::number(row.entropy, 'g', 17)));
    QVERIFY(row.entropy >= 0 && row.entropy <= std::log(double(scores.size())) + 1e-15);
    QVERIFY(std::abs(row.effectiveKeys() - std::exp(entropy)) <= 1e-8);
}

void TestAttention::rowsSumToOneAtExtremes_data()
{
    QTest::addColumn<double>("scale");
    QTest::newRow("unit scores") << 1.0;
    QTest::newRow("scores ~1e3 (naive exp overflows)") << 1e3;
    QTest::newRow("scores ~1e300") << 1e300;
    QTest::newRow("scores ~1e-300") << 1e-300;
}

void TestAttention::rowsSumToOneAtExtremes()
{
    QFETCH(double, scale);
    std::mt19937 rng(12345);
    for (int trial = 0; trial < 50; ++trial) {
        const int n = 1 + trial % 17;
        const Eigen::VectorXd s = randomMatrix(n, 1, rng, 1.0).col(0) * scale;
        const SoftmaxRow row = softmax(s);
        QVERIFY(row.weights.allFinite());
        QVERIFY((row.weights.array() >= 0).all());
        QVERIFY2(std::abs(row.weights.sum() - 1.0) <= 1e-15 * n,
                 qPrintable(QString::number(row.weights.sum() - 1.0, 'g', 3)));
        QVERIFY(std::isfinite(row.entropy));
    }
    // Through the whole attention: random Q, K scaled so the scores reach the given scale.
    Eigen::MatrixXd Q = randomMatrix(7, 3, rng);
    Eigen::MatrixXd K = randomMatrix(9, 3, rng);
    const Eigen::MatrixXd V = randomMatrix(9, 2, rng);
    const double tau = 1.0 / std::max(scale, 1e-300);
    if (!std::isfinite(tau))
        return;
    const AttentionResult r = computeAttention(Q, K, V, tau, Mask::none());
    const Eigen::VectorXd sums = r.weights.rowwise().sum();
    for (int i = 0; i < 7; ++i)
        QVERIFY(std::abs(sums[i] - 1.0) <= 1e-15 * 9);
    QVERIFY(r.outputs.allFinite());
    QVERIFY(r.entropy.allFinite());
}

void TestAttention::shiftInvariance_data()
{
    QTest::addColumn<double>("constant");
    QTest::newRow("+1000") << 1000.0;
    QTest::newRow("-1000") << -1000.0;
    QTest::newRow("+12345.5") << 12345.5;
    QTest::newRow("+0.001") << 0.001;
}

void TestAttention::shiftInvariance()
{
    // Adding a constant to every score changes nothing (MATH.md §2: the shift M cancels).
    QFETCH(double, constant);
    const Eigen::VectorXd s = vec({2, 1, 0, -0.5, 3.25});
    const SoftmaxRow base = softmax(s);
    const SoftmaxRow shifted = softmax((s.array() + constant).matrix());
    // s + c rounds to a multiple of ulp(c) ≈ |c|·1.1e-16; the weights move by about that much.
    const double tol = 4e-16 * std::max(1.0, std::abs(constant)) * 4;
    compareVec(shifted.weights, base.weights, tol);
    QVERIFY(std::abs(shifted.entropy - base.entropy) <= tol);
    QVERIFY(std::abs((shifted.logPartition() - constant) - base.logPartition()) <= tol);
}

void TestAttention::workedExampleB()
{
    // MATH.md §6 B through the scenario API.
    const Analysis a(defaultScenario());
    QVERIFY(std::abs(a.tau() - std::sqrt(2.0)) <= 1e-15);
    compareVec(a.attention().similarities.row(0).transpose(), vec({1, 0.5, -1}), 0);
    compareVec(a.attention().weights.row(0).transpose(), vec({0.51405814, 0.36096572, 0.12497614}),
               5e-9);
    compareVec(a.attention().outputs.row(0).transpose(), vec({0.38908201, 0.23598958}), 5e-9);
    QVERIFY(std::abs(a.attention().entropy[0] - 0.96978250) <= 5e-9);
    QVERIFY(std::abs(a.attention().effectiveKeys[0] - std::exp(0.96978250)) <= 1e-8);
}

void TestAttention::causalMaskZerosAboveDiagonal_data()
{
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("T");
    QTest::newRow("square 5x5") << 5 << 5;
    QTest::newRow("m > T: late queries see all keys") << 7 << 4;
    QTest::newRow("m < T: late keys never visible") << 3 << 6;
}

void TestAttention::causalMaskZerosAboveDiagonal()
{
    QFETCH(int, m);
    QFETCH(int, T);
    std::mt19937 rng(7);
    const Eigen::MatrixXd Q = randomMatrix(m, 4, rng);
    const Eigen::MatrixXd K = randomMatrix(T, 4, rng);
    const Eigen::MatrixXd V = randomMatrix(T, 3, rng);
    const AttentionResult r = computeAttention(Q, K, V, 2.0, Mask::causal());
    for (int i = 0; i < m; ++i) {
        QCOMPARE(r.visibleCount[i], std::min(i + 1, T));
        for (int t = 0; t < T; ++t) {
            if (t > i)
                QCOMPARE(r.weights(i, t), 0.0);
            else
                QVERIFY(r.weights(i, t) > 0);
        }
        QVERIFY(std::abs(r.weights.row(i).sum() - 1.0) <= 1e-15 * T);
        QVERIFY(r.entropy[i] <= std::log(double(std::min(i + 1, T))) + 1e-15);
    }
    // First query sees only key 0: weight exactly 1, entropy 0.
    QCOMPARE(r.weights(0, 0), 1.0);
    QCOMPARE(r.entropy[0], 0.0);
}

void TestAttention::noVisibleKeyIsUndefined()
{
    // MATH.md §2, "An empty V_i": undefined with a message, never NaN, never uniform or zeros
    // presented as a result. Only the core API can produce it.
    Eigen::MatrixXd Q(2, 2);
    Q << 1, 0, 0, 1;
    Eigen::MatrixXd K(3, 2);
    K << 1, 0, 0, 1, -1, 0;
    Eigen::MatrixXd V = Eigen::MatrixXd::Identity(3, 3);
    Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic> visible(2, 3);
    visible << false, false, false, true, false, true;
    const AttentionResult r = computeAttention(Q, K, V, 1.0, Mask::explicitMask(visible));
    QCOMPARE(r.defined[0], false);
    QVERIFY(r.undefinedMessage[0].contains(QStringLiteral("no key")));
    QCOMPARE(r.visibleCount[0], 0);
    QVERIFY(r.weights.allFinite() && r.outputs.allFinite() && r.entropy.allFinite());
    QCOMPARE(r.defined[1], true);
    QCOMPARE(r.weights(1, 1), 0.0);
    QVERIFY(std::abs(r.weights(1, 0) + r.weights(1, 2) - 1.0) <= 1e-15);
    // And the row-level API returns an empty softmax rather than NaN.
    const SoftmaxRow empty = softmax(Eigen::VectorXd());
    QCOMPARE(empty.weights.size(), Eigen::Index(0));
}

void TestAttention::overflowIsRefused_data()
{
    QTest::addColumn<double>("q0");
    QTest::addColumn<double>("q1");
    QTest::addColumn<double>("k0");
    QTest::addColumn<double>("k1");
    QTest::addColumn<double>("tau");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("(1e200,1e200)·(1e200,-1e200)")
        << 1e200 << 1e200 << 1e200 << -1e200 << 1.0 << QStringLiteral("similarity 1e200·1e200");
    QTest::newRow("tau 1e-300 with f = 2e8")
        << 2e4 << 0.0 << 1e4 << 0.0 << 1e-300 << QStringLiteral("score");
    QTest::newRow("finite: tau 1e-300 with f = 1e7")
        << 1e7 << 0.0 << 1.0 << 0.0 << 1e-300 << QString();
}

void TestAttention::overflowIsRefused()
{
    QFETCH(double, q0);
    QFETCH(double, q1);
    QFETCH(double, k0);
    QFETCH(double, k1);
    QFETCH(double, tau);
    QFETCH(QString, messagePart);
    Eigen::MatrixXd Q(1, 2);
    Q << q0, q1;
    Eigen::MatrixXd K(2, 2);
    K << 0, 0, k0, k1;
    const std::optional<OverflowError> err = checkSimilarities(Q, K, tau);
    if (messagePart.isEmpty()) {
        QVERIFY(!err);
        return;
    }
    QVERIFY(err);
    QCOMPARE(err->query, 0);
    QCOMPARE(err->key, 1);
    QVERIFY2(err->message.startsWith(QStringLiteral("queries[0]·keys[1]: ")),
             qPrintable(err->message));
    QVERIFY2(err->message.contains(messagePart), qPrintable(err->message));
}

void TestAttention::klDivergence()
{
    // KL from log-weights survives weights that underflow to 0 (MATH.md §3).
    const Eigen::VectorXd p = vec({2, 1, 0});
    QCOMPARE(klDivergenceFromScores(p, p), 0.0);
    const double kl = klDivergenceFromScores(vec({0, 0}), vec({0, -2000}));
    // p = (0.5, 0.5), r ≈ (1, e^-2000): KL = 0.5·(log 0.5 − 0) + 0.5·(log 0.5 + 2000) ≈ 999.307.
    QVERIFY2(std::abs(kl - (std::log(0.5) + 1000.0)) <= 1e-9,
             qPrintable(QString::number(kl, 'g', 17)));
    const SoftmaxRow a = softmax(vec({2, 1, 0}));
    const SoftmaxRow b = softmax(vec({0, 0, 0}));
    double direct = 0;
    for (int t = 0; t < 3; ++t)
        direct += a.weights[t] * std::log(a.weights[t] / b.weights[t]);
    QVERIFY(std::abs(klDivergenceFromScores(vec({2, 1, 0}), vec({0, 0, 0})) - direct) <= 1e-15);
}

QTEST_GUILESS_MAIN(TestAttention)
#include "tst_attention.moc"
