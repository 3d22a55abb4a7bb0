// Tests of the Gaussian maximum-likelihood view (MATH.md §4) on the worked examples of §6 and on
// the property that in linked mode the precision weights are the softmax, whatever σ0².
#include "Analysis.h"
#include "GaussianMle.h"
#include "TestHelpers.h"

#include <QtTest>

#include <cmath>

using namespace sml;
using namespace sml::test;

namespace {
Eigen::MatrixXd valuesB()
{
    Eigen::MatrixXd v(3, 2);
    v << 1, 0, 0, 1, -1, -1;
    return v;
}
} // namespace

class TestGaussianMle : public QObject
{
    Q_OBJECT

private slots:
    void workedExampleB();
    void workedExampleCFreeVariances();
    void linkedWeightsEqualSoftmax_data();
    void linkedWeightsEqualSoftmax();
    void gradientVanishesAtMle();
    void gradientAscent_data();
    void gradientAscent();
    void fixedStepAscentConverges();
    void extremesAreReportedNotInfinite();
};

void TestGaussianMle::workedExampleB()
{
    const QueryDetail d = Analysis(defaultScenario()).detail(0);
    QVERIFY(d.mle);
    const GaussianMle &g = *d.mle;
    const Eigen::VectorXd sigma2 = vec({0.49306869, 0.70218850, 2.02811498});
    for (int t = 0; t < 3; ++t) {
        QVERIFY(g.variance(t));
        QVERIFY2(near(*g.variance(t), sigma2[t], 5e-9),
                 qPrintable(QString::number(*g.variance(t), 'g', 17)));
    }
    const Eigen::VectorXd pi = vec({0.51405814, 0.36096572, 0.12497614});
    for (int t = 0; t < 3; ++t)
        QVERIFY(near(g.precisionWeights()[t], pi[t], 5e-9));
    QVERIFY(near(std::exp(g.logTotalPrecision()), 3.94530269, 5e-8));
    QVERIFY(near(g.mleOutput()[0], 0.38908201, 5e-9));
    QVERIFY(near(g.mleOutput()[1], 0.23598958, 5e-9));
    QVERIFY(d.logLikelihoodAtMle);
    QVERIFY2(near(*d.logLikelihoodAtMle, -6.97077497, 5e-8),
             qPrintable(QString::number(*d.logLikelihoodAtMle, 'g', 17)));
    // Standard error (Σσ⁻²)^(−1/2).
    QVERIFY(near(*g.standardError(), 1 / std::sqrt(3.94530269), 1e-8));
    // The MLE is the attention output (MATH.md §4.3).
    QVERIFY((g.mleOutput() - d.output).cwiseAbs().maxCoeff() <= 1e-15);
    QVERIFY(d.mleMaxAbsDiff <= 1e-15);
}

void TestGaussianMle::workedExampleCFreeVariances()
{
    // MATH.md §6 C: same values, σ² = (0.5, 2, 4) ⇒ π = (8, 2, 1)/11, ô = (7, 1)/11.
    Scenario s = defaultScenario();
    s.varianceMode = VarianceMode::Free;
    s.freeVariances.resize(1, 3);
    s.freeVariances << 0.5, 2, 4;
    const QueryDetail d = Analysis(s).detail(0);
    const GaussianMle &g = *d.mle;
    QVERIFY(near(g.precisionWeights()[0], 8.0 / 11, 1e-15));
    QVERIFY(near(g.precisionWeights()[1], 2.0 / 11, 1e-15));
    QVERIFY(near(g.precisionWeights()[2], 1.0 / 11, 1e-15));
    QVERIFY(near(g.mleOutput()[0], 7.0 / 11, 1e-15));
    QVERIFY(near(g.mleOutput()[1], 1.0 / 11, 1e-15));
    // Free variances that do not come from the keys: MLE ≠ softmax.
    QVERIFY(d.mleMaxAbsDiff > 0.1);
    // ℓ(ô) by hand: Σ −log(2πσ²) − ‖ô − v‖²/(2σ²) with d_v = 2.
    double ell = 0;
    const Eigen::MatrixXd v = valuesB();
    const Eigen::VectorXd o = vec({7.0 / 11, 1.0 / 11});
    const double s2[3] = {0.5, 2, 4};
    for (int t = 0; t < 3; ++t)
        ell += -std::log(2 * M_PI * s2[t]) - (o - v.row(t).transpose()).squaredNorm() / (2 * s2[t]);
    QVERIFY(near(*d.logLikelihoodAtMle, ell, 1e-13));
}

void TestGaussianMle::linkedWeightsEqualSoftmax_data()
{
    QTest::addColumn<double>("sigma0Squared");
    QTest::addColumn<double>("scoreScale");
    QTest::newRow("sigma0^2 = 1") << 1.0 << 1.0;
    QTest::newRow("sigma0^2 = 1e-300") << 1e-300 << 1.0;
    QTest::newRow("sigma0^2 = 1e300") << 1e300 << 1.0;
    QTest::newRow("sigma0^2 = 0.37, scores ~1e3") << 0.37 << 1e3;
    QTest::newRow("sigma0^2 = 5, scores ~1e300") << 5.0 << 1e300;
}

void TestGaussianMle::linkedWeightsEqualSoftmax()
{
    QFETCH(double, sigma0Squared);
    QFETCH(double, scoreScale);
    NormalDraws normal(99);
    for (int trial = 0; trial < 20; ++trial) {
        const int n = 1 + trial % 9;
        const Eigen::VectorXd s = normal.vector(n, scoreScale);
        const Eigen::MatrixXd values = normal.matrix(n, 2);
        const GaussianMle g = GaussianMle::linked(s, sigma0Squared, values);
        const SoftmaxRow w = softmax(s);
        QVERIFY2(maxAbsDiff(g.precisionWeights(), w.weights) == 0.0,
                 qPrintable(QString::number(maxAbsDiff(g.precisionWeights(), w.weights))));
        QVERIFY(g.mleOutput().allFinite());
    }
}

void TestGaussianMle::gradientVanishesAtMle()
{
    const GaussianMle g = GaussianMle::free(vec({0.5, 2, 4}), valuesB());
    const Eigen::VectorXd grad = g.gradient(g.mleOutput());
    QVERIFY(grad.cwiseAbs().maxCoeff() <= 1e-14);
    // Away from the MLE the gradient points to it: ∇ℓ(o) = (Σσ⁻²)(ô − o).
    const Eigen::VectorXd o = vec({2, -3});
    const Eigen::VectorXd expected = 2.75 * (g.mleOutput() - o);
    QVERIFY((g.gradient(o) - expected).cwiseAbs().maxCoeff() <= 1e-13);
    // ℓ is maximal at ô.
    QVERIFY(*g.logLikelihood(o) < *g.logLikelihood(g.mleOutput()));
}

void TestGaussianMle::gradientAscent_data()
{
    QTest::addColumn<double>("alpha");
    QTest::newRow("alpha = 1 jumps in one step") << 1.0;
    QTest::newRow("alpha = 0.3 crawls") << 0.3;
    QTest::newRow("alpha = 1.7 oscillates") << 1.7;
}

void TestGaussianMle::gradientAscent()
{
    // o⁽ⁿ⁾ − ô = (1 − α)ⁿ (o⁽⁰⁾ − ô)  (MATH.md §4.4).
    QFETCH(double, alpha);
    const GaussianMle g = GaussianMle::linked(vec({0.7, 0.35, -0.7}), 1.0, valuesB());
    const Eigen::VectorXd start = vec({-2, 3});
    const std::vector<Eigen::VectorXd> path = g.gradientAscent(start, alpha, 100);
    QCOMPARE(int(path.size()), 101);
    for (int n = 0; n <= 100; ++n) {
        const Eigen::VectorXd expected =
            g.mleOutput() + std::pow(1 - alpha, n) * (start - g.mleOutput());
        QVERIFY2((path[size_t(n)] - expected).cwiseAbs().maxCoeff() <= 1e-13,
                 qPrintable(QStringLiteral("iteration %1").arg(n)));
    }
    QVERIFY((path.back() - g.mleOutput()).norm() <= 1e-10);
}

void TestGaussianMle::fixedStepAscentConverges()
{
    const GaussianMle g = GaussianMle::free(vec({0.5, 2, 4}), valuesB());
    // Total precision 2.75; η = 0.2 gives a contraction factor 1 − 0.55 = 0.45 per step.
    const std::vector<Eigen::VectorXd> path = g.fixedStepAscent(vec({3, 3}), 0.2, 50);
    QCOMPARE(int(path.size()), 51);
    QVERIFY((path.back() - g.mleOutput()).norm() <= 1e-12);
}

void TestGaussianMle::extremesAreReportedNotInfinite()
{
    // Linked mode with scores ±1e300: σ² is outside the double range and must be reported as
    // such (nullopt), never as 0 or inf (MATH.md §4.1). ℓ at a point off the values is below
    // −1.8e308 (nullopt).
    const Eigen::VectorXd s = vec({1e300, -1e300, 0});
    const GaussianMle g = GaussianMle::linked(s, 1.0, valuesB());
    QVERIFY(!g.variance(0)); // exp(−1e300) underflows
    QVERIFY(!g.variance(1)); // exp(+1e300) overflows
    QVERIFY(g.variance(2));
    QVERIFY(near(*g.variance(2), 1.0, 0));
    QVERIFY(g.logVariances().allFinite());
    QVERIFY(g.precisionWeights().allFinite());
    QVERIFY(near(g.precisionWeights()[0], 1.0, 0));
    QVERIFY(!g.logLikelihood(vec({5, 5})));
    // Gradient ascent goes through π, so it stays finite and lands on v_0.
    const std::vector<Eigen::VectorXd> path = g.gradientAscent(vec({5, 5}), 1.0, 3);
    QCOMPARE(int(path.size()), 4);
    QVERIFY((path.back() - valuesB().row(0).transpose()).norm() <= 1e-15);
}

QTEST_GUILESS_MAIN(TestGaussianMle)
#include "tst_gaussianmle.moc"
