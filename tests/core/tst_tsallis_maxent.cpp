// Tests of the maximum-entropy derivation with the Tsallis entropy (MATH.md §7.3) on worked
// example F of §7.5 (λ_max and λ_min included) and on its properties: at the default target the
// MaxEnt distribution is the α-entmax attention with λ = 1/τ for every α; for a user target the
// solver lands on E_λ[f] = μ; the feasible set is the closed interval [min f, max f], its ends
// give λ_max or λ_min with the half-line warning; α = 1 is the §5 solver; all-equal rows are
// undetermined; the solver's iterates start at 0 and end at λ.
#include "Attention.h"
#include "Entmax.h"
#include "MaxEnt.h"
#include "TestHelpers.h"
#include "TsallisMaxEnt.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace sml;
using namespace sml::test;

namespace {
const double kR2 = std::sqrt(2.0);
const Eigen::VectorXd kF = vec({1, 0.5, -1}); // MATH.md §6 B, §7.5 F
} // namespace

class TestTsallisMaxEnt : public QObject
{
    Q_OBJECT

private slots:
    void workedExampleFDefault_data();
    void workedExampleFDefault();
    void workedExampleFUserTarget();
    void workedExampleFEnds_data();
    void workedExampleFEnds();
    void sharpDefaultRowWarns();
    void lambdaBounds_data();
    void lambdaBounds();
    void defaultTargetGivesTheAttention_data();
    void defaultTargetGivesTheAttention();
    void userTargetsMeetTheConstraint_data();
    void userTargetsMeetTheConstraint();
    void infeasibleTargets();
    void alphaOneIsTheSoftmaxSolver();
    void allFeaturesEqual();
    void shiftInvariance();
    void curves();
};

void TestTsallisMaxEnt::workedExampleFDefault_data()
{
    QTest::addColumn<double>("alpha");
    QTest::addColumn<double>("mu");
    QTest::addColumn<Eigen::VectorXd>("weights");
    QTest::addColumn<double>("tol");
    QTest::newRow("alpha 2") << 2.0 << 0.83838835
                             << vec({0.5 + 1 / (4 * kR2), 0.5 - 1 / (4 * kR2), 0}) << 1e-15;
    QTest::newRow("alpha 1.5") << 1.5 << 0.80045697 << vec({0.62036806, 0.37314723, 0.00648471})
                               << 5e-9;
}

void TestTsallisMaxEnt::workedExampleFDefault()
{
    QFETCH(double, alpha);
    QFETCH(double, mu);
    QFETCH(Eigen::VectorXd, weights);
    QFETCH(double, tol);
    const maxent::Solution s = maxent::closedFormTsallis(kF, kR2, alpha);
    QCOMPARE(s.status, maxent::Status::Ok);
    QCOMPARE(*s.lambda, 1 / kR2);
    compareVec(s.weights, weights, tol);
    QVERIFY(s.message.isEmpty()); // not a sharp row
    QVERIFY(near(maxent::defaultTarget(kF, s.weights), mu, 5e-9));
    QVERIFY(near(s.tsallisEntropy, tsallisEntropy(s.weights, alpha), 0));
    // The solver, run on the default target, lands on 1/τ too.
    const maxent::Solution check =
        maxent::solveTsallis(kF, maxent::defaultTarget(kF, s.weights), alpha);
    QCOMPARE(check.status, maxent::Status::Ok);
    QVERIFY2(near(*check.lambda, 1 / kR2, 1e-14),
             qPrintable(QString::number(*check.lambda, 'g', 17)));
    QVERIFY(s.iterations > 0);
}

void TestTsallisMaxEnt::workedExampleFUserTarget()
{
    // α = 2, μ = 0: λ = −1/13, p = (7/26, 8/26, 11/26) (MATH.md §7.5 F).
    std::vector<double> trace;
    const maxent::Solution s = maxent::solveTsallis(kF, 0.0, 2.0, &trace);
    QCOMPARE(s.status, maxent::Status::Ok);
    QVERIFY2(near(*s.lambda, -1.0 / 13, 1e-15), qPrintable(QString::number(*s.lambda, 'g', 17)));
    compareVec(s.weights, vec({7.0 / 26, 8.0 / 26, 11.0 / 26}), 1e-15);
    QVERIFY(!s.atBoundary);
    QVERIFY(s.message.isEmpty());
    QVERIFY(std::abs(s.weights.dot(kF)) <= 1e-15);
    // The iterates, for the animation: from λ = 0 to the solution, within the bracket.
    QCOMPARE(trace.front(), 0.0);
    QCOMPARE(trace.back(), *s.lambda);
    QCOMPARE(int(trace.size()), s.iterations + 1);
    for (double l : trace)
        QVERIFY(l >= -2.0 / 3 && l <= 2);
}

void TestTsallisMaxEnt::workedExampleFEnds_data()
{
    QTest::addColumn<double>("mu");
    QTest::addColumn<double>("lambda");
    QTest::addColumn<Eigen::VectorXd>("weights");
    QTest::addColumn<QString>("warning");
    QTest::newRow("mu = max f = 1: lambda_max = 2")
        << 1.0 << 2.0 << vec({1, 0, 0}) << "any λ ≥ λ_max = 2 gives these weights";
    QTest::newRow("mu = min f = -1: lambda_min = -2/3")
        << -1.0 << -2.0 / 3 << vec({0, 0, 1}) << "any λ ≤ λ_min = -0.6666666666666666 gives";
}

void TestTsallisMaxEnt::workedExampleFEnds()
{
    QFETCH(double, mu);
    QFETCH(double, lambda);
    QFETCH(Eigen::VectorXd, weights);
    QFETCH(QString, warning);
    const maxent::Solution s = maxent::solveTsallis(kF, mu, 2.0);
    QCOMPARE(s.status, maxent::Status::Ok);
    QVERIFY(s.atBoundary);
    QVERIFY(near(*s.lambda, lambda, 1e-15));
    QCOMPARE(s.weights, weights);
    QVERIFY2(s.message.contains(warning), qPrintable(s.message));
    // The half-line really is one: p(λ) at λ and beyond is these weights.
    QCOMPARE(maxent::tsallisWeights(kF, lambda * 1.5, 2.0), weights);
    compareVec(maxent::tsallisWeights(kF, lambda, 2.0), weights, 1e-15);
    // ... and just inside it is not.
    QVERIFY(maxent::tsallisWeights(kF, lambda * 0.99, 2.0) != weights);
}

void TestTsallisMaxEnt::sharpDefaultRowWarns()
{
    // F at α = 2 with τ ≤ 1/2 (λ = 1/τ ≥ λ_max = 2): the default row is one-hot.
    for (double tau : {0.5, 0.25}) {
        const maxent::Solution s = maxent::closedFormTsallis(kF, tau, 2.0);
        QCOMPARE(s.status, maxent::Status::Ok);
        QCOMPARE(*s.lambda, 1 / tau);
        QCOMPARE(s.weights, vec({1, 0, 0}));
        QVERIFY2(s.message.contains(QStringLiteral("any λ ≥ λ_max = 2 gives these weights")),
                 qPrintable(s.message));
    }
    QVERIFY(maxent::closedFormTsallis(kF, 0.51, 2.0).message.isEmpty());
}

void TestTsallisMaxEnt::lambdaBounds_data()
{
    QTest::addColumn<Eigen::VectorXd>("f");
    QTest::addColumn<double>("alpha");
    QTest::addColumn<double>("lambdaMax");
    QTest::addColumn<double>("lambdaMin");
    QTest::newRow("F alpha 2") << kF << 2.0 << 2.0 << -2.0 / 3;
    QTest::newRow("F alpha 1.5") << kF << 1.5 << 4.0 << -4.0 / 3;
    // k = 2 keys tie at the max: k^(1−α) = 1/2 at α = 2.
    QTest::newRow("two tied at the max, alpha 2") << vec({1, 1, 0, -3}) << 2.0 << 0.5 << -1.0 / 3;
    QTest::newRow("alpha 3, three tied at the min")
        << vec({2, 0, 0, 0}) << 3.0 << 0.25 << -1.0 / 36;
}

void TestTsallisMaxEnt::lambdaBounds()
{
    QFETCH(Eigen::VectorXd, f);
    QFETCH(double, alpha);
    QFETCH(double, lambdaMax);
    QFETCH(double, lambdaMin);
    QVERIFY(near(*maxent::lambdaMax(f, alpha), lambdaMax, 1e-15));
    QVERIFY(near(*maxent::lambdaMin(f, alpha), lambdaMin, 1e-15));
    // At λ_max the support is the argmax set; a little below it holds one more key.
    const double top = f.maxCoeff();
    const int ties = int((f.array() == top).count());
    const Eigen::VectorXd at = maxent::tsallisWeights(f, lambdaMax, alpha);
    QCOMPARE(int((at.array() > 1e-14).count()), ties);
    const Eigen::VectorXd below = maxent::tsallisWeights(f, lambdaMax * 0.9, alpha);
    QVERIFY(int((below.array() > 0).count()) > ties);
    QVERIFY(!maxent::lambdaMax(f, 1.0));
}

void TestTsallisMaxEnt::defaultTargetGivesTheAttention_data()
{
    QTest::addColumn<double>("alpha");
    for (double alpha : {1.0, 1.0 + 1e-6, 1.25, 1.5, 2.0, 2.5, 4.0})
        QTest::newRow(qPrintable(QString::number(alpha, 'g', 10))) << alpha;
}

void TestTsallisMaxEnt::defaultTargetGivesTheAttention()
{
    QFETCH(double, alpha);
    NormalDraws draws(23);
    for (int row = 0; row < 20; ++row) {
        const Eigen::VectorXd f = draws.vector(12, 2.0);
        const double tau = 0.5 + row * 0.1;
        const maxent::Solution s = maxent::closedFormTsallis(f, tau, alpha);
        QCOMPARE(s.status, maxent::Status::Ok);
        QCOMPARE(*s.lambda, 1 / tau);
        // p = the attention weights, bit for bit (the same kernel on the same scores).
        const Eigen::VectorXd w =
            alpha == 1 ? softmax(f / tau).weights : entmax(f / tau, alpha).weights;
        QCOMPARE(s.weights, w);
        // And the solver from λ = 0 agrees with the closed form where the row is not sharp.
        if (s.message.isEmpty()) {
            const maxent::Solution check =
                maxent::solveTsallis(f, maxent::defaultTarget(f, w), alpha);
            QVERIFY2(near(*check.lambda, 1 / tau, 1e-9 / tau),
                     qPrintable(QStringLiteral("row %1: λ %2, 1/τ %3")
                                    .arg(row)
                                    .arg(*check.lambda, 0, 'g', 17)
                                    .arg(1 / tau, 0, 'g', 17)));
        }
    }
}

void TestTsallisMaxEnt::userTargetsMeetTheConstraint_data()
{
    QTest::addColumn<Eigen::VectorXd>("f");
    QTest::addColumn<double>("alpha");
    QTest::addColumn<double>("fraction"); // μ = min f + fraction·(max f − min f)
    NormalDraws draws(29);
    const Eigen::VectorXd f = draws.vector(15, 1.5);
    for (double alpha : {1.0, 1.000001, 1.3, 1.5, 2.0, 3.0, 4.0})
        for (double fraction : {1e-9, 0.05, 0.3, 0.5, 0.8, 0.99, 1 - 1e-9}) {
            QTest::newRow(qPrintable(QStringLiteral("alpha %1, at %2").arg(alpha).arg(fraction)))
                << f << alpha << fraction;
        }
    QTest::newRow("large features ~1e6, alpha 1.5") << vec({3e6, -1e6, 2e6, 0}) << 1.5 << 0.97;
    QTest::newRow("tiny features ~1e-200, alpha 2") << vec({3e-200, -1e-200, 2e-200}) << 2.0 << 0.5;
    QTest::newRow("features ±1e300, alpha 2.5") << vec({1e300, -1e300, 0}) << 2.5 << 0.75;
}

void TestTsallisMaxEnt::userTargetsMeetTheConstraint()
{
    QFETCH(Eigen::VectorXd, f);
    QFETCH(double, alpha);
    QFETCH(double, fraction);
    const double lo = f.minCoeff(), hi = f.maxCoeff();
    const double mu = lo + fraction * (hi / 2 - lo / 2) * 2;
    std::vector<double> trace;
    const maxent::Solution s = maxent::solveTsallis(f, mu, alpha, &trace);
    QCOMPARE(s.status, maxent::Status::Ok);
    QVERIFY(s.lambda && std::isfinite(*s.lambda));
    QVERIFY(s.weights.allFinite());
    QVERIFY(near(s.weights.sum(), 1.0, 1e-15 * double(f.size())));
    const double scale = f.cwiseAbs().maxCoeff();
    // For α > 2 a key just above the water line has p = [(α−1)(u − c)]^(1/(α−1)) with u − c
    // a difference at the rounding floor of u: its weight carries an error up to about
    // (16ε)^(1/(α−1)) (the power's infinite slope at 0), and μ is met to that, times the range
    // of f (the honest bound of the §7.2 parametrization; 1e-5 at α = 4, met by far in practice).
    const double spread =
        alpha <= 2 ? 0.0
                   : (f.maxCoeff() - f.minCoeff()) *
                         std::pow(16 * std::numeric_limits<double>::epsilon(), 1 / (alpha - 1));
    QVERIFY2(near(s.weights.dot(f), mu, 1e-12 * scale + spread),
             qPrintable(QStringLiteral("E[f] − μ = %1 (λ = %2, %3 iterations)")
                            .arg(s.weights.dot(f) - mu, 0, 'g', 6)
                            .arg(*s.lambda, 0, 'g', 17)
                            .arg(s.iterations)));
    // p is the MaxEnt family at that λ (for α > 2 p(λ) is Hölder near a support change, and
    // the two roundings of λ f may differ in more than 1e-12).
    if (alpha <= 2)
        compareVec(s.weights, maxent::tsallisWeights(f, *s.lambda, alpha), 1e-12);
    QVERIFY(s.iterations < 200);
    QCOMPARE(trace.front(), 0.0);
    if (alpha > 1) {
        QVERIFY(*s.lambda <= *maxent::lambdaMax(f, alpha) * (1 + 1e-12));
        QVERIFY(*s.lambda >= *maxent::lambdaMin(f, alpha) * (1 + 1e-12));
    }
}

void TestTsallisMaxEnt::infeasibleTargets()
{
    const maxent::Solution above = maxent::solveTsallis(kF, 1.5, 2.0);
    QCOMPARE(above.status, maxent::Status::Infeasible);
    QCOMPARE(above.message, QStringLiteral("target 1.5 outside [min f, max f] = [-1, 1]"));
    QVERIFY(above.weights.size() == 0 && !above.lambda);
    QCOMPARE(maxent::solveTsallis(kF, -1.0000001, 1.5).status, maxent::Status::Infeasible);
    // At α = 1 the interval is open (§5.4): the ends are infeasible.
    const maxent::Solution soft = maxent::solveTsallis(kF, 1.0, 1.0);
    QCOMPARE(soft.status, maxent::Status::Infeasible);
    QVERIFY2(soft.message.contains(QLatin1String("(min f, max f)")), qPrintable(soft.message));
}

void TestTsallisMaxEnt::alphaOneIsTheSoftmaxSolver()
{
    std::vector<double> a, b;
    const maxent::Solution t = maxent::solveTsallis(vec({2, 1, 0}), 1.5, 1.0, &a);
    const maxent::Solution s = maxent::solve(vec({2, 1, 0}), 1.5, &b);
    QCOMPARE(*t.lambda, *s.lambda);
    QCOMPARE(t.weights, s.weights);
    QCOMPARE(t.tsallisEntropy, s.entropy);
    QCOMPARE(a, b);
    QVERIFY(near(*t.lambda, 0.83411519, 5e-9)); // MATH.md §6 A
    const maxent::Solution c = maxent::closedFormTsallis(kF, kR2, 1.0);
    QCOMPARE(c.weights, maxent::closedForm(kF, kR2).weights);
}

void TestTsallisMaxEnt::allFeaturesEqual()
{
    const Eigen::VectorXd f = vec({0.5, 0.5, 0.5, 0.5});
    const maxent::Solution s = maxent::solveTsallis(f, 0.5, 2.0);
    QCOMPARE(s.status, maxent::Status::Undetermined);
    QVERIFY(!s.lambda);
    compareVec(s.weights, Eigen::VectorXd::Constant(4, 0.25), 0);
    QVERIFY(near(s.tsallisEntropy, 0.5 * (1 - 0.25), 1e-16));
    QCOMPARE(maxent::solveTsallis(f, 0.6, 2.0).status, maxent::Status::Infeasible);
    QCOMPARE(maxent::closedFormTsallis(f, 1.0, 1.5).status, maxent::Status::Undetermined);
    QCOMPARE(maxent::closedFormTsallis(vec({3}), 1.0, 2.0).status, maxent::Status::Undetermined);
    QVERIFY(!maxent::lambdaMax(f, 2.0));
}

void TestTsallisMaxEnt::shiftInvariance()
{
    // Adding c to every f and to μ changes neither λ nor p.
    const Eigen::VectorXd f = vec({1.5, -0.25, 0.75, 0.5, -4});
    for (double alpha : {1.5, 2.0, 3.0}) {
        const maxent::Solution a = maxent::solveTsallis(f, 0.25, alpha);
        const maxent::Solution b = maxent::solveTsallis((f.array() + 64).matrix(), 64.25, alpha);
        QVERIFY(near(*a.lambda, *b.lambda, 1e-13));
        compareVec(a.weights, b.weights, 1e-13);
    }
}

void TestTsallisMaxEnt::curves()
{
    // E_λ[f] is non-decreasing and reaches max f at λ_max; H_α falls to 0 there (§7.4).
    double last = -1e300;
    for (double l = -1; l <= 3; l += 0.125) {
        const double e = maxent::tsallisExpectedFeature(kF, l, 2.0);
        QVERIFY(e >= last - 1e-15);
        last = e;
    }
    QCOMPARE(maxent::tsallisExpectedFeature(kF, 2.0, 2.0), 1.0);
    QCOMPARE(maxent::tsallisExpectedFeature(kF, 0.0, 2.0), (1 + 0.5 - 1) / 3.0);
    QCOMPARE(maxent::tsallisEntropyAt(kF, 2.5, 2.0), 0.0);
    QVERIFY(near(maxent::tsallisEntropyAt(kF, 0.0, 2.0), 0.5 * (1 - 1.0 / 3), 1e-16));
}

QTEST_APPLESS_MAIN(TestTsallisMaxEnt)
#include "tst_tsallis_maxent.moc"
