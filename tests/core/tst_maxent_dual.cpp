// Tests of the MaxEnt dual objective g(λ) = log Z(λ) − λμ (MATH.md §5.2), which the optimizer
// animation plots per iteration. References computed with mpmath at 50 digits.
#include "MaxEnt.h"
#include "TestHelpers.h"

#include <QtTest>

#include <cmath>

using namespace sml;
using namespace sml::test;

class TestMaxEntDual : public QObject
{
    Q_OBJECT

private slots:
    void values_data();
    void values();
    void minimumIsAtTheSolverLambda();
    void derivativeIsConstraintResidual();
};

void TestMaxEntDual::values_data()
{
    QTest::addColumn<Eigen::VectorXd>("f");
    QTest::addColumn<double>("mu");
    QTest::addColumn<double>("lambda");
    QTest::addColumn<double>("expected");

    // At λ*, g(λ*) = H(p*): the minimum of the dual is the maximum entropy (MATH.md §6 A, B).
    QTest::newRow("§6 A at λ* (g = H = 0.90123470)")
        << vec({2, 1, 0}) << 1.5 << 0.83411519 << 0.9012347006341614;
    QTest::newRow("§6 B default μ, λ = 1/√2 (g = H = 0.96978250)")
        << vec({1, 0.5, -1}) << 0.56956487 << 1 / std::sqrt(2.0) << 0.969782497594638;
    QTest::newRow("λ = 0 gives log n") << vec({2, 1, 0}) << 1.5 << 0.0 << std::log(3.0);
    QTest::newRow("negative λ") << vec({2, 1, 0}) << 0.7 << -1.25 << 1.1887808633372579;
    QTest::newRow("large features, no cancellation of log Z − λμ")
        << vec({1000, 999, 0}) << 999.5 << 1.0 << 0.8132616875182228;
    QTest::newRow("features ±1e300, λ = 1e-300")
        << vec({1e300, -1e300}) << 0.0 << 1e-300 << 1.1269280110429725;
    QTest::newRow("features ±1.5e308 (f − μ itself would overflow)")
        << vec({1.5e308, -1.5e308}) << 0.0 << 1e-308 << 1.548587351573742;
    QTest::newRow("steep λ = 50: g ≈ λ(max f − μ)") << vec({2, 1, 0}) << 1.5 << 50.0 << 25.0;
}

void TestMaxEntDual::values()
{
    QFETCH(Eigen::VectorXd, f);
    QFETCH(double, mu);
    QFETCH(double, lambda);
    QFETCH(double, expected);
    const double g = maxent::dualObjective(f, mu, lambda);
    QVERIFY2(std::isfinite(g), qPrintable(QString::number(g)));
    QVERIFY2(
        std::abs(g - expected) <= 1e-14 * std::max(1.0, std::abs(expected)),
        qPrintable(
            QStringLiteral("g = %1, expected %2").arg(g, 0, 'g', 17).arg(expected, 0, 'g', 17)));
}

void TestMaxEntDual::minimumIsAtTheSolverLambda()
{
    // g is convex with g′(λ*) = 0 (MATH.md §5.2): the solver's λ is the minimizer, and g there
    // equals the entropy of the MaxEnt distribution.
    const Eigen::VectorXd f = vec({1, 0.5, -1, 0.25});
    for (double mu : {-0.9, -0.2, 0.3, 0.95}) {
        const maxent::Solution s = maxent::solve(f, mu);
        QCOMPARE(s.status, maxent::Status::Ok);
        const double lambda = *s.lambda;
        const double gStar = maxent::dualObjective(f, mu, lambda);
        QVERIFY(std::abs(gStar - s.entropy) <= 1e-13);
        for (double h : {1e-3, 1e-1, 1.0})
            for (double sign : {-1.0, 1.0})
                QVERIFY(maxent::dualObjective(f, mu, lambda + sign * h) > gStar);
    }
}

void TestMaxEntDual::derivativeIsConstraintResidual()
{
    // g′(λ) = E_λ[f] − μ (MATH.md §5.2), checked by a central difference.
    const Eigen::VectorXd f = vec({2, 1, 0});
    const double mu = 1.5;
    for (double lambda : {-2.0, 0.0, 0.5, 3.0}) {
        const double h = 1e-5;
        const double numeric =
            (maxent::dualObjective(f, mu, lambda + h) - maxent::dualObjective(f, mu, lambda - h)) /
            (2 * h);
        QVERIFY(std::abs(numeric - (maxent::expectedFeature(f, lambda) - mu)) <= 1e-9);
    }
}

QTEST_APPLESS_MAIN(TestMaxEntDual)
#include "tst_maxent_dual.moc"
