// Tests of α-entmax (MATH.md §7.1–§7.2) on the worked examples E and F of §7.5 and on the
// properties every row must have: finite weights that sum to 1, exact zeros off the support, the
// support holding every key tied for the maximum, α = 1 equal to the softmax bit for bit, and
// invariance under adding a constant to the scores. computeAttention() with α > 1 must give the
// row API's numbers, in the weight matrix and in lean mode alike.
#include "Attention.h"
#include "Entmax.h"
#include "TestHelpers.h"

#include <QtTest>

#include <cmath>
#include <cstring>

using namespace sml;
using namespace sml::test;

namespace {

const double kR2 = std::sqrt(2.0);

/// Fails unless the row has the basic properties of MATH.md §7.2.
void checkRowProperties(const EntmaxRow &r, const Eigen::VectorXd &z)
{
    const Eigen::Index n = z.size();
    QCOMPARE(r.weights.size(), n);
    QVERIFY2(r.weights.allFinite(), "non-finite weight");
    QVERIFY((r.weights.array() >= 0).all());
    QVERIFY2(std::abs(r.weights.sum() - 1) <= 1e-15 * double(n),
             qPrintable(QString::number(r.weights.sum() - 1, 'g', 17)));
    std::vector<char> on(size_t(n), 0);
    for (int t : r.support)
        on[size_t(t)] = 1;
    const double zMax = z.maxCoeff();
    for (Eigen::Index t = 0; t < n; ++t) {
        if (!on[size_t(t)])
            QVERIFY2(r.weights[t] == 0.0, qPrintable(QStringLiteral("key %1 off the support has "
                                                                    "weight %2")
                                                         .arg(t)
                                                         .arg(r.weights[t], 0, 'g', 17)));
        if (z[t] == zMax)
            QVERIFY2(on[size_t(t)], qPrintable(QStringLiteral("key %1 ties for the max but is "
                                                              "off the support")
                                                   .arg(t)));
        // The water line: on the support exactly when the score is above it.
        if (r.threshold && std::abs(z[t] - *r.threshold) > 1e-12 * std::max(1.0, std::abs(z[t])))
            QCOMPARE(bool(on[size_t(t)]), z[t] > *r.threshold);
    }
    QVERIFY(std::is_sorted(r.support.begin(), r.support.end()));
}

} // namespace

class TestEntmax : public QObject
{
    Q_OBJECT

private slots:
    void workedExamples_data();
    void workedExamples();
    void alphaOneIsTheSoftmaxBitForBit_data();
    void alphaOneIsTheSoftmaxBitForBit();
    void properties_data();
    void properties();
    void shiftInvariance_data();
    void shiftInvariance();
    void thresholdOfOneKey_data();
    void thresholdOfOneKey();
    void continuousInAlpha();
    void tsallisEntropy();
    void shannonEntropySkipsZeros();
    void attentionFollowsTheNormalizer_data();
    void attentionFollowsTheNormalizer();
};

void TestEntmax::workedExamples_data()
{
    QTest::addColumn<Eigen::VectorXd>("z");
    QTest::addColumn<double>("alpha");
    QTest::addColumn<Eigen::VectorXd>("weights");
    QTest::addColumn<int>("supportSize");
    QTest::addColumn<double>("tsallis"); // NaN: not given in MATH.md
    QTest::addColumn<double>("tol");
    const double nan = std::nan("");
    const Eigen::VectorXd E = vec({-2, 0, 0.5});
    const Eigen::VectorXd F = vec({1 / kR2, 0.5 / kR2, -1 / kR2});
    QTest::newRow("E alpha 1") << E << 1.0 << vec({0.04861082, 0.35918811, 0.59220107}) << 3 << nan
                               << 5e-9;
    QTest::newRow("E alpha 1.5") << E << 1.5 << vec({0, 0.32600736, 0.67399264}) << 2 << 0.34737506
                                 << 5e-9;
    QTest::newRow("E alpha 2") << E << 2.0 << vec({0, 0.25, 0.75}) << 2 << 0.1875 << 1e-15;
    QTest::newRow("F alpha 2: k3 exactly 0")
        << F << 2.0 << vec({0.5 + 1 / (4 * kR2), 0.5 - 1 / (4 * kR2), 0}) << 2 << nan << 1e-15;
    QTest::newRow("F alpha 1.5") << F << 1.5 << vec({0.62036806, 0.37314723, 0.00648471}) << 3
                                 << nan << 5e-9;
    QTest::newRow("F alpha 3") << F << 3.0 << vec({(2 + kR2) / 4, (2 - kR2) / 4, 0}) << 2 << nan
                               << 1e-15;
}

void TestEntmax::workedExamples()
{
    QFETCH(Eigen::VectorXd, z);
    QFETCH(double, alpha);
    QFETCH(Eigen::VectorXd, weights);
    QFETCH(int, supportSize);
    QFETCH(double, tsallis);
    QFETCH(double, tol);
    const EntmaxRow r = entmax(z, alpha);
    compareVec(r.weights, weights, tol);
    QCOMPARE(int(r.support.size()), supportSize);
    for (Eigen::Index t = 0; t < weights.size(); ++t)
        if (weights[t] == 0)
            QCOMPARE(r.weights[t], 0.0); // exactly
    checkRowProperties(r, z);
    if (!std::isnan(tsallis))
        QVERIFY2(near(r.tsallisEntropy, tsallis, tol),
                 qPrintable(QString::number(r.tsallisEntropy, 'g', 17)));
    QVERIFY(near(r.entropy, shannonEntropy(r.weights), 1e-15));
    QCOMPARE(r.threshold.has_value(), alpha != 1);
}

void TestEntmax::alphaOneIsTheSoftmaxBitForBit_data()
{
    QTest::addColumn<Eigen::VectorXd>("z");
    QTest::newRow("E") << vec({-2, 0, 0.5});
    QTest::newRow("huge") << vec({1e300, -1e300, 0, 5e299});
    NormalDraws draws(7);
    QTest::newRow("random 37") << draws.vector(37, 3.0);
}

void TestEntmax::alphaOneIsTheSoftmaxBitForBit()
{
    QFETCH(Eigen::VectorXd, z);
    const EntmaxRow r = entmax(z, 1.0);
    const SoftmaxRow s = softmax(z);
    QCOMPARE(r.weights.size(), s.weights.size());
    QVERIFY(std::memcmp(r.weights.data(), s.weights.data(), sizeof(double) * size_t(z.size())) ==
            0);
    QCOMPARE(r.entropy, s.entropy);
    QCOMPARE(r.tsallisEntropy, s.entropy);
    QCOMPARE(int(r.support.size()), int(z.size()));
    QVERIFY(!r.threshold);
}

void TestEntmax::properties_data()
{
    QTest::addColumn<Eigen::VectorXd>("z");
    QTest::addColumn<double>("alpha");
    NormalDraws draws(11);
    for (double alpha : {1.0 + 1e-9, 1.0 + 1e-6, 1.1, 1.5, 1.9, 2.0, 2.5, 3.0, 4.0}) {
        const QString a = QString::number(alpha, 'g', 10);
        QTest::newRow(qPrintable("random 50, alpha " + a)) << draws.vector(50, 2.0) << alpha;
        QTest::newRow(qPrintable("ties at the max, alpha " + a))
            << vec({3, -1, 3, 2.5, 3, 2.5}) << alpha;
        QTest::newRow(qPrintable("all equal, alpha " + a)) << vec({0.25, 0.25, 0.25}) << alpha;
        QTest::newRow(qPrintable("one key, alpha " + a)) << vec({-7}) << alpha;
        QTest::newRow(qPrintable("scores of ±1e300, alpha " + a))
            << vec({1e300, -1e300, 1e300, 0, -1.7e308}) << alpha;
        QTest::newRow(qPrintable("(1e17, 1e17 - 16, 0), alpha " + a))
            << vec({1e17, 1e17 - 16, 0}) << alpha;
        QTest::newRow(qPrintable("tiny differences 1e-300, alpha " + a))
            << vec({1e-300, 0, -1e-300}) << alpha;
        QTest::newRow(qPrintable("1000 keys, alpha " + a)) << draws.vector(1000, 5.0) << alpha;
    }
}

void TestEntmax::properties()
{
    QFETCH(Eigen::VectorXd, z);
    QFETCH(double, alpha);
    const EntmaxRow r = entmax(z, alpha);
    checkRowProperties(r, z);
    QVERIFY(r.entropy >= 0 && r.entropy <= std::log(double(z.size())) + 1e-15);
    QVERIFY(std::isfinite(r.tsallisEntropy) && r.tsallisEntropy >= 0);
    if (alpha > 1) {
        // The uniform p's H_α, (1 − n^(1−α))/(α(α−1)), without cancellation near α = 1.
        const double bound =
            -std::expm1((1 - alpha) * std::log(double(z.size()))) / (alpha * (alpha - 1));
        QVERIFY(r.tsallisEntropy <= bound * (1 + 1e-12) + 1e-15);
        QVERIFY(r.threshold && std::isfinite(*r.threshold));
    }
    // The weights are ordered as the scores are (entmax is monotone).
    for (Eigen::Index a = 0; a < z.size(); ++a)
        for (Eigen::Index b = 0; b < z.size() && z.size() <= 60; ++b)
            if (z[a] > z[b])
                QVERIFY(r.weights[a] >= r.weights[b]);
}

void TestEntmax::shiftInvariance_data()
{
    QTest::addColumn<double>("alpha");
    QTest::addColumn<double>("shift");
    for (double alpha : {1.5, 2.0, 1.25, 3.5})
        for (double shift : {7.0, -1000.0, 1e6}) {
            QTest::newRow(qPrintable(QStringLiteral("alpha %1, +%2").arg(alpha).arg(shift)))
                << alpha << shift;
        }
}

void TestEntmax::shiftInvariance()
{
    QFETCH(double, alpha);
    QFETCH(double, shift);
    // Scores that are exact in binary, so that z + c is exact too (shift ≤ 1e6, |z| ≤ 4).
    const Eigen::VectorXd z = vec({1.5, -0.25, 0.75, 0.5, -4, 1.5, 0.125});
    const Eigen::VectorXd zs = (z.array() + shift).matrix();
    const EntmaxRow a = entmax(z, alpha);
    const EntmaxRow b = entmax(zs, alpha);
    compareVec(b.weights, a.weights, 1e-15);
    QCOMPARE(b.support, a.support);
    QVERIFY(near(*b.threshold - shift, *a.threshold, 1e-15 * std::abs(shift) + 1e-15));
    QVERIFY(!(a.weights.array() > 0).all()); // the rows are really sparse
}

void TestEntmax::thresholdOfOneKey_data()
{
    QTest::addColumn<double>("alpha");
    for (double alpha : {1.5, 2.0, 3.0, 1.0 + 1e-6})
        QTest::newRow(qPrintable(QString::number(alpha, 'g', 10))) << alpha;
}

void TestEntmax::thresholdOfOneKey()
{
    // One key has p = 1 = ((α−1)(s − line))^(1/(α−1)): the water line is s − 1/(α−1).
    QFETCH(double, alpha);
    const EntmaxRow r = entmax(vec({0.5}), alpha);
    QCOMPARE(r.weights[0], 1.0);
    QVERIFY(near(*r.threshold, 0.5 - 1 / (alpha - 1), 1e-15 * std::max(1.0, 1 / (alpha - 1))));
    // F at α = 2: p = u − θ' with θ' = (Σ u − 1)/k on the two keys of the support.
    const Eigen::VectorXd F = vec({1 / kR2, 0.5 / kR2, -1 / kR2});
    const EntmaxRow f = entmax(F, 2.0);
    QVERIFY(near(*f.threshold, (F[0] + F[1] - 1) / 2, 1e-15));
}

void TestEntmax::continuousInAlpha()
{
    // The exact algorithms at 1.5 and 2 and the bisection just beside them agree: the kernels
    // are the same function of α (MATH.md §7.2).
    NormalDraws draws(3);
    const Eigen::VectorXd z = draws.vector(30, 1.5);
    for (double alpha : {1.5, 2.0}) {
        const EntmaxRow exact = entmax(z, alpha);
        const EntmaxRow below = entmax(z, std::nextafter(alpha, 1.0));
        const EntmaxRow above = entmax(z, std::nextafter(alpha, 3.0));
        compareVec(below.weights, exact.weights, 1e-13);
        compareVec(above.weights, exact.weights, 1e-13);
        QCOMPARE(below.support, exact.support);
        QVERIFY(near(*below.threshold, *exact.threshold, 1e-12));
    }
    // α → 1 tends to the softmax: at 1 + 1e-9 the weights are within ~1e-8 of it.
    const EntmaxRow nearOne = entmax(z, 1 + 1e-9);
    compareVec(nearOne.weights, softmax(z).weights, 1e-7);
}

void TestEntmax::tsallisEntropy()
{
    const Eigen::VectorXd p = vec({0.5, 0.25, 0.25, 0});
    // α = 2: ½(1 − Σ p²) (the Gini entropy, MATH.md §7.1).
    QVERIFY(near(sml::tsallisEntropy(p, 2.0), 0.5 * (1 - 0.375), 1e-16));
    // α = 3: (1 − Σ p³)/6.
    QVERIFY(near(sml::tsallisEntropy(p, 3.0), (1 - (0.125 + 2 * 0.015625)) / 6, 1e-16));
    // α → 1: Shannon, within O(α − 1).
    const double shannon = shannonEntropy(p);
    QVERIFY(near(sml::tsallisEntropy(p, 1 + 1e-9), shannon, 1e-8));
    QCOMPARE(sml::tsallisEntropy(p, 1.0), shannon);
    QCOMPARE(sml::tsallisEntropy(vec({1, 0, 0}), 1.5), 0.0);
}

void TestEntmax::shannonEntropySkipsZeros()
{
    QVERIFY(near(shannonEntropy(vec({0.5, 0.5, 0, 0})), std::log(2.0), 1e-16));
    QCOMPARE(shannonEntropy(vec({1, 0})), 0.0);
}

void TestEntmax::attentionFollowsTheNormalizer_data()
{
    QTest::addColumn<double>("alpha");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<bool>("keepWeights");
    for (double alpha : {1.5, 2.0, 2.75})
        for (bool causal : {false, true})
            for (bool keep : {true, false})
                QTest::newRow(qPrintable(QStringLiteral("alpha %1, %2, %3")
                                             .arg(alpha)
                                             .arg(causal ? "causal" : "no mask")
                                             .arg(keep ? "matrix" : "lean")))
                    << alpha << causal << keep;
}

void TestEntmax::attentionFollowsTheNormalizer()
{
    QFETCH(double, alpha);
    QFETCH(bool, causal);
    QFETCH(bool, keepWeights);
    NormalDraws draws(19);
    const int m = 9, T = 7, dK = 3;
    const Eigen::MatrixXd Q = draws.matrix(m, dK) * 2.0;
    const Eigen::MatrixXd K = draws.matrix(T, dK);
    const Eigen::MatrixXd V = draws.matrix(T, 2);
    const Mask mask = causal ? Mask::causal() : Mask::none();
    AttentionOptions options;
    options.alpha = alpha;
    options.keepWeights = keepWeights;
    const double tau = std::sqrt(3.0);
    const AttentionResult r = computeAttention(Q, K, V, tau, mask, options);
    QCOMPARE(r.alpha, alpha);
    int zeros = 0;
    for (int i = 0; i < m; ++i) {
        const Eigen::VectorXd w = r.weightRow(i, mask);
        const Eigen::VectorXd s = gatherVisible(r.similarities, i, mask) / tau;
        const EntmaxRow row = entmax(s, alpha);
        const int n = int(s.size());
        // Bit for bit the row API's weights (the same kernel), masked keys exactly 0.
        for (int t = 0; t < T; ++t)
            QCOMPARE(w[t], t < n ? row.weights[t] : 0.0);
        QCOMPARE(r.supportSize[i], int(row.support.size()));
        QCOMPARE(*r.thresholdOf(i), *row.threshold);
        QCOMPARE(r.entropy[i], row.entropy);
        QCOMPARE(r.logPartition[i], 0.0);
        // o = Σ w v over the visible keys.
        const Eigen::VectorXd o = V.transpose() * w;
        QVERIFY(((r.outputs.row(i).transpose() - o).cwiseAbs().array() <= 1e-14).all());
        zeros += int((w.head(n).array() == 0).count());
    }
    QVERIFY(zeros > 0); // sparse attention really has zeros here
    // The softmax path is untouched: α = 1 gives the softmax's matrix.
    options.alpha = 1;
    const AttentionResult soft = computeAttention(Q, K, V, tau, mask, options);
    QVERIFY(!soft.thresholdOf(0));
    QCOMPARE(soft.supportSize[m - 1], T);
}

QTEST_APPLESS_MAIN(TestEntmax)
#include "tst_entmax.moc"
