// Tests of the maximum-entropy derivation (MATH.md §5) on the worked examples of §6 and on its
// properties: the default target gives back the softmax with λ = 1/τ, feasibility is an open
// interval, and GIS and Newton agree.
#include "Analysis.h"
#include "MaxEnt.h"
#include "TestHelpers.h"

#include <QtTest>

#include <cmath>

using namespace sml;
using namespace sml::test;

class TestMaxEnt : public QObject
{
    Q_OBJECT

private slots:
    void workedExampleA();
    void userTargets_data();
    void userTargets();
    void defaultTargetGivesSoftmax_data();
    void defaultTargetGivesSoftmax();
    void workedExampleBDefaultTarget();
    void infeasibleTargets_data();
    void infeasibleTargets();
    void allFeaturesEqual();
    void gisConvergesToNewton();
    void entropyCurve();
    void shiftInvariance();
};

void TestMaxEnt::workedExampleA()
{
    // MATH.md §6 A: f = (2, 1, 0).
    const Eigen::VectorXd f = vec({2, 1, 0});
    QVERIFY(near(maxent::expectedFeature(f, 1.0), 1.57521038, 5e-9));
    QVERIFY(near(maxent::featureVariance(f, 1.0), 0.42440454, 5e-9));
    QVERIFY(near(maxent::entropyAt(f, 1.0), 0.83239558, 5e-9));
    std::vector<double> trace;
    const maxent::Solution s = maxent::solve(f, 1.5, &trace);
    QCOMPARE(s.status, maxent::Status::Ok);
    QVERIFY(s.lambda);
    QVERIFY2(near(*s.lambda, 0.83411519, 5e-9), qPrintable(QString::number(*s.lambda, 'g', 17)));
    QVERIFY(near(s.weights[0], 0.61620406, 5e-9));
    QVERIFY(near(s.weights[1], 0.26759188, 5e-9));
    QVERIFY(near(s.weights[2], 0.11620406, 5e-9));
    QVERIFY(near(s.entropy, 0.90123470, 5e-9));
    // The constraint holds to rounding.
    QVERIFY(near(s.weights.dot(f), 1.5, 1e-14));
    // The trace starts at λ = 0 and ends at the solution; Newton needs few steps here.
    QCOMPARE(trace.front(), 0.0);
    QCOMPARE(trace.back(), *s.lambda);
    QVERIFY2(s.iterations >= 3 && s.iterations <= 12, qPrintable(QString::number(s.iterations)));
}

void TestMaxEnt::userTargets_data()
{
    QTest::addColumn<Eigen::VectorXd>("f");
    QTest::addColumn<double>("mu");
    QTest::newRow("below the mean: negative lambda") << vec({2, 1, 0}) << 0.4;
    QTest::newRow("at the mean: lambda 0") << vec({2, 1, 0}) << 1.0;
    QTest::newRow("near max f: steep row") << vec({2, 1, 0}) << 2.0 - 1e-9;
    QTest::newRow("near min f") << vec({2, 1, 0}) << 1e-12;
    QTest::newRow("large features ~1e6") << vec({3e6, -1e6, 2e6, 0}) << 2.9e6;
    QTest::newRow("tiny features ~1e-200") << vec({3e-200, -1e-200, 2e-200}) << 1e-200;
    QTest::newRow("features ±1e300") << vec({1e300, -1e300, 0}) << 5e299;
}

void TestMaxEnt::userTargets()
{
    QFETCH(Eigen::VectorXd, f);
    QFETCH(double, mu);
    const maxent::Solution s = maxent::solve(f, mu);
    QCOMPARE(s.status, maxent::Status::Ok);
    QVERIFY(s.lambda && std::isfinite(*s.lambda));
    QVERIFY(s.weights.allFinite());
    QVERIFY(near(s.weights.sum(), 1.0, 1e-15 * f.size()));
    const double scale = f.cwiseAbs().maxCoeff();
    QVERIFY2(near(s.weights.dot(f), mu, 1e-12 * scale),
             qPrintable(QStringLiteral("E[f] = %1").arg(s.weights.dot(f), 0, 'g', 17)));
    // The solution satisfies the stationarity condition: p = gibbs(f, λ).
    QVERIFY(maxAbsDiff(s.weights, maxent::gibbs(f, *s.lambda)) <= 1e-15);
    if (mu == 1.0 && f.size() == 3 && f[1] == 1.0)
        QVERIFY(near(*s.lambda, 0.0, 1e-15));
    if (mu < f.mean())
        QVERIFY(*s.lambda < 0);
}

void TestMaxEnt::defaultTargetGivesSoftmax_data()
{
    QTest::addColumn<double>("tau");
    QTest::newRow("tau = 0.5") << 0.5;
    QTest::newRow("tau = 1") << 1.0;
    QTest::newRow("tau = sqrt 8") << std::sqrt(8.0);
    QTest::newRow("tau = 40") << 40.0;
}

void TestMaxEnt::defaultTargetGivesSoftmax()
{
    // MATH.md §5.3: at μ = Σ w f the solver lands on λ = 1/τ and p = w.
    QFETCH(double, tau);
    NormalDraws normal(3);
    for (int trial = 0; trial < 25; ++trial) {
        const int n = 2 + trial % 7;
        const Eigen::VectorXd f = normal.vector(n);
        const SoftmaxRow w = softmax(f / tau);
        const double mu = maxent::defaultTarget(f, w.weights);
        const maxent::Solution solved = maxent::solve(f, mu);
        QCOMPARE(solved.status, maxent::Status::Ok);
        QVERIFY2(near(*solved.lambda, 1 / tau, 1e-10 / std::min(1.0, tau)),
                 qPrintable(QString::number(*solved.lambda * tau - 1, 'g', 3)));
        QVERIFY(maxAbsDiff(solved.weights, w.weights) <= 1e-12);
        const maxent::Solution closed = maxent::closedForm(f, tau);
        QCOMPARE(*closed.lambda, 1 / tau);
        QVERIFY(maxAbsDiff(closed.weights, w.weights) == 0.0);
    }
}

void TestMaxEnt::workedExampleBDefaultTarget()
{
    const QueryDetail d = Analysis(defaultScenario()).detail(0);
    QVERIFY(d.maxentTargetIsDefault);
    QVERIFY(near(d.maxentTarget, 0.56956487, 5e-9));
    QCOMPARE(d.maxent.status, maxent::Status::Ok);
    QVERIFY(near(*d.maxent.lambda, 1 / std::sqrt(2.0), 1e-15));
    QVERIFY(*d.maxentMaxAbsDiff <= 1e-15);
    QVERIFY(d.maxent.iterations > 0);
    // The solver from λ = 0 agrees with the closed form.
    const maxent::Solution check = maxent::solve(d.similarities, d.maxentTarget);
    QVERIFY(near(*check.lambda, 1 / std::sqrt(2.0), 1e-12));
    // A sharp row: the softmax is numerically one-hot and μ = max f in floating point, so only
    // the closed form gives λ.
    const Eigen::VectorXd f = vec({1000, 0, -1000});
    const maxent::Solution sharp = maxent::closedForm(f, 1.0);
    QCOMPARE(sharp.status, maxent::Status::Ok);
    QCOMPARE(*sharp.lambda, 1.0);
    QCOMPARE(sharp.weights[0], 1.0);
}

void TestMaxEnt::infeasibleTargets_data()
{
    QTest::addColumn<double>("mu");
    QTest::addColumn<QString>("message");
    QTest::newRow("above max f") << 3.0
                                 << QStringLiteral("target 3 outside (min f, max f) = (0, 2)");
    QTest::newRow("equal to max f (open interval)")
        << 2.0 << QStringLiteral("target 2 outside (min f, max f) = (0, 2)");
    QTest::newRow("equal to min f")
        << 0.0 << QStringLiteral("target 0 outside (min f, max f) = (0, 2)");
    QTest::newRow("below min f") << -0.5
                                 << QStringLiteral("target -0.5 outside (min f, max f) = (0, 2)");
}

void TestMaxEnt::infeasibleTargets()
{
    QFETCH(double, mu);
    QFETCH(QString, message);
    const maxent::Solution s = maxent::solve(vec({2, 1, 0}), mu);
    QCOMPARE(s.status, maxent::Status::Infeasible);
    QVERIFY(!s.lambda);
    QCOMPARE(s.weights.size(), Eigen::Index(0));
    QCOMPARE(s.message, message);
}

void TestMaxEnt::allFeaturesEqual()
{
    // MATH.md §5.4: λ undetermined (null), p uniform, whatever the target; a target equal to the
    // common value is accepted, any other is infeasible.
    const Eigen::VectorXd f = vec({0.5, 0.5, 0.5, 0.5});
    const maxent::Solution s = maxent::solve(f, 0.5);
    QCOMPARE(s.status, maxent::Status::Undetermined);
    QVERIFY(!s.lambda);
    QVERIFY(s.weights.isApprox(Eigen::VectorXd::Constant(4, 0.25)));
    QVERIFY(near(s.entropy, std::log(4.0), 1e-15));
    QCOMPARE(s.message, QStringLiteral("all similarities equal; λ undetermined"));
    QCOMPARE(maxent::solve(f, 0.6).status, maxent::Status::Infeasible);
    QCOMPARE(maxent::closedForm(f, 2.0).status, maxent::Status::Undetermined);
    // One visible key (T = 1, or the first causal query) is the same case.
    QCOMPARE(maxent::closedForm(vec({7}), 1.0).status, maxent::Status::Undetermined);
    Scenario sc = defaultScenario();
    sc.mask = MaskKind::Causal;
    const QueryDetail d = Analysis(sc).detail(0);
    QCOMPARE(d.maxent.status, maxent::Status::Undetermined);
    QVERIFY(d.warnings.contains(QStringLiteral("all similarities equal; λ undetermined")));
}

void TestMaxEnt::gisConvergesToNewton()
{
    const Eigen::VectorXd f = vec({2, 1, 0});
    const double lambdaStar = *maxent::solve(f, 1.5).lambda;
    const std::vector<double> gis = maxent::gisIterates(f, 1.5, 3000);
    QCOMPARE(int(gis.size()), 3001);
    QCOMPARE(gis.front(), 0.0);
    // GIS is monotone here and linear (error ×0.35 a step): still 4e-3 away after 5 steps,
    // when Newton has long finished.
    QVERIFY(std::abs(gis[5] - lambdaStar) > 1e-3);
    QVERIFY(maxent::solve(f, 1.5).iterations <= 8);
    QVERIFY2(std::abs(gis.back() - lambdaStar) <= 1e-10,
             qPrintable(QString::number(gis.back() - lambdaStar, 'g', 3)));
    for (size_t k = 1; k < gis.size(); ++k)
        QVERIFY(std::abs(gis[k] - lambdaStar) <= std::abs(gis[k - 1] - lambdaStar) + 1e-15);
    QVERIFY(maxent::gisIterates(f, 2.5, 10).empty());
}

void TestMaxEnt::entropyCurve()
{
    // H(0) = log n, H falls as |λ| grows, and dH/dλ = −λ Var_λ[f] (MATH.md §5.6).
    const Eigen::VectorXd f = vec({1, 0.5, -1});
    Eigen::VectorXd lambdas = Eigen::VectorXd::LinSpaced(41, -10, 10);
    const Eigen::VectorXd h = maxent::entropyCurve(f, lambdas);
    QVERIFY(near(h[20], std::log(3.0), 1e-15));
    for (int j = 21; j < 41; ++j)
        QVERIFY(h[j] < h[j - 1]);
    for (int j = 0; j < 20; ++j)
        QVERIFY(h[j] < h[j + 1]);
    for (double lambda : {-3.0, -0.4, 0.7, 2.5}) {
        const double dh =
            (maxent::entropyAt(f, lambda + 1e-6) - maxent::entropyAt(f, lambda - 1e-6)) / 2e-6;
        QVERIFY2(near(dh, -lambda * maxent::featureVariance(f, lambda), 1e-7),
                 qPrintable(QString::number(dh, 'g', 17)));
    }
    // H(λ) = log Z − λ E[f] against a direct evaluation.
    const double lambda = 0.9;
    const Eigen::VectorXd e = (lambda * f).array().exp();
    const double Z = e.sum();
    const double direct = std::log(Z) - lambda * (e.dot(f) / Z);
    QVERIFY(near(maxent::entropyAt(f, lambda), direct, 1e-15));
    // Huge λ: argmax limit, entropy 0, no NaN.
    QVERIFY(near(maxent::entropyAt(f, 1e300), 0.0, 0));
    QVERIFY(near(maxent::entropyAt(f, -1e300), 0.0, 0));
}

void TestMaxEnt::shiftInvariance()
{
    // Adding a constant to every feature does not change p(λ).
    const Eigen::VectorXd f = vec({2, 1, 0, -3});
    for (double c : {100.0, -7.5, 1e6}) {
        const Eigen::VectorXd g = (f.array() + c).matrix();
        QVERIFY(maxAbsDiff(maxent::gibbs(f, 0.8), maxent::gibbs(g, 0.8)) <=
                1e-15 * std::max(1.0, c));
        const maxent::Solution a = maxent::solve(f, 0.5);
        const maxent::Solution b = maxent::solve(g, 0.5 + c);
        QVERIFY(near(*a.lambda, *b.lambda, 1e-9));
    }
}

QTEST_GUILESS_MAIN(TestMaxEnt)
#include "tst_maxent.moc"
