// Sparse attention through the Analysis and the report (scenario-format.md, "Report: additions
// for version-2 scenarios"; MATH.md §7): worked examples E and F of §7.5 as report rows (weights,
// support, threshold, H_α, the Tsallis MaxEnt λ with λ_max and λ_min and their warnings, the
// closed-interval error), the properties every entmax analysis has (p = w at the default target
// for every α, E_λ[f] = μ at user targets, max |π − w| > 0 when α > 1, rows sum to 1 with exact
// zeros off the support, lean = full), and that a scenario without `attention` reports as before.
#include "Analysis.h"
#include "MaxEntIterates.h"
#include "Report.h"
#include "Scenario.h"
#include "TestHelpers.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using namespace sml;
using namespace sml::test;

namespace {

const double kR2 = std::sqrt(2.0);

/// The default figure (MATH.md §6 B) with the entmax normalizer.
Scenario figure(double alpha, std::optional<double> target = {}, double tau = 0)
{
    Scenario s = defaultScenario();
    s.normalizer = NormalizerKind::Entmax;
    s.entmaxAlpha = alpha;
    if (target)
        s.maxentTargets = std::vector<std::optional<double>>{target};
    if (tau > 0) {
        s.temperatureMode = TemperatureMode::Fixed;
        s.fixedTau = tau;
    }
    return s;
}

/// Worked example E: scores z = (−2, 0, 0.5) as f with τ = 1.
Scenario exampleE(double alpha)
{
    Scenario s = defaultScenario();
    s.queries.resize(1, 1);
    s.queries << 1.0;
    s.keys.resize(3, 1);
    s.keys << -2.0, 0.0, 0.5;
    s.values.resize(3, 1);
    s.values << 1.0, 2.0, 3.0;
    s.temperatureMode = TemperatureMode::Fixed;
    s.fixedTau = 1;
    s.normalizer = NormalizerKind::Entmax;
    s.entmaxAlpha = alpha;
    return s;
}

QJsonObject query0(const Scenario &s)
{
    return buildReport(s)[QLatin1String("queries")].toArray()[0].toObject();
}

std::vector<double> numbers(const QJsonValue &v)
{
    std::vector<double> out;
    for (const QJsonValue &x : v.toArray())
        out.push_back(x.toDouble());
    return out;
}

void compareNumbers(const QJsonValue &got, const std::vector<double> &want, double tol)
{
    const std::vector<double> g = numbers(got);
    QCOMPARE(g.size(), want.size());
    for (size_t j = 0; j < g.size(); ++j)
        QVERIFY2(std::abs(g[j] - want[j]) <= tol, qPrintable(QStringLiteral("entry %1: %2 vs %3")
                                                                 .arg(j)
                                                                 .arg(g[j], 0, 'g', 17)
                                                                 .arg(want[j], 0, 'g', 17)));
}

} // namespace

class TestEntmaxReport : public QObject
{
    Q_OBJECT

private slots:
    void workedExampleE_data();
    void workedExampleE();
    void workedExampleF_data();
    void workedExampleF();
    void workedExampleFTargets_data();
    void workedExampleFTargets();
    void sharpRowWarns();
    void softmaxScenarioReportsAsBefore();
    void analysisProperties_data();
    void analysisProperties();
    void solverIterates();
};

void TestEntmaxReport::workedExampleE_data()
{
    QTest::addColumn<double>("alpha");
    QTest::addColumn<std::vector<double>>("weights");
    QTest::addColumn<QJsonArray>("support");
    QTest::addColumn<double>("tsallis");
    QTest::addColumn<double>("tol");
    QTest::newRow("E alpha 1.5") << 1.5 << std::vector<double>{0, 0.32600736, 0.67399264}
                                 << QJsonArray{1, 2} << 0.34737506 << 5e-9;
    QTest::newRow("E alpha 2") << 2.0 << std::vector<double>{0, 0.25, 0.75} << QJsonArray{1, 2}
                               << 0.1875 << 1e-15;
    QTest::newRow("E alpha 1 (entmax at 1 is the softmax)")
        << 1.0 << std::vector<double>{0.04861082, 0.35918811, 0.59220107} << QJsonArray{0, 1, 2}
        << std::nan("") << 5e-9;
}

void TestEntmaxReport::workedExampleE()
{
    QFETCH(double, alpha);
    QFETCH(std::vector<double>, weights);
    QFETCH(QJsonArray, support);
    QFETCH(double, tsallis);
    QFETCH(double, tol);
    const QJsonObject report = buildReport(exampleE(alpha));
    QCOMPARE(report[QLatin1String("version")].toInt(), 1);
    const QJsonObject normalizer = report[QLatin1String("normalizer")].toObject();
    QCOMPARE(normalizer[QLatin1String("kind")].toString(), QStringLiteral("entmax"));
    QCOMPARE(normalizer[QLatin1String("alpha")].toDouble(), alpha);
    const QJsonObject q = report[QLatin1String("queries")].toArray()[0].toObject();
    compareNumbers(q[QLatin1String("weights")], weights, tol);
    if (weights[0] == 0)
        QCOMPARE(q[QLatin1String("weights")].toArray()[0].toDouble(), 0.0); // exactly
    QCOMPARE(q[QLatin1String("support")].toArray(), support);
    if (alpha == 1) {
        QVERIFY(q[QLatin1String("threshold")].isNull());
        QCOMPARE(q[QLatin1String("tsallis_entropy")].toDouble(),
                 q[QLatin1String("entropy")].toDouble());
    } else {
        QVERIFY(std::abs(q[QLatin1String("tsallis_entropy")].toDouble() - tsallis) <= tol);
        // The water line lies between the last key on the support and the first one off it.
        const double line = q[QLatin1String("threshold")].toDouble();
        QVERIFY(line > -2 && line < 0);
    }
    // The Shannon entropy of the sparse weights, with 0·log 0 = 0.
    double h = 0;
    for (double w : numbers(q[QLatin1String("weights")]))
        if (w > 0)
            h -= w * std::log(w);
    QVERIFY(std::abs(q[QLatin1String("entropy")].toDouble() - h) <= 1e-15);
}

void TestEntmaxReport::workedExampleF_data()
{
    QTest::addColumn<double>("alpha");
    QTest::addColumn<std::vector<double>>("weights");
    QTest::addColumn<double>("mu");
    QTest::addColumn<double>("tol");
    QTest::newRow("F alpha 2") << 2.0
                               << std::vector<double>{0.5 + 1 / (4 * kR2), 0.5 - 1 / (4 * kR2), 0}
                               << 0.83838835 << 1e-15;
    QTest::newRow("F alpha 1.5") << 1.5 << std::vector<double>{0.62036806, 0.37314723, 0.00648471}
                                 << 0.80045697 << 5e-9;
    QTest::newRow("F alpha 3") << 3.0 << std::vector<double>{(2 + kR2) / 4, (2 - kR2) / 4, 0}
                               << ((2 + kR2) / 4 + 0.5 * (2 - kR2) / 4) << 1e-15;
}

void TestEntmaxReport::workedExampleF()
{
    QFETCH(double, alpha);
    QFETCH(std::vector<double>, weights);
    QFETCH(double, mu);
    QFETCH(double, tol);
    const QJsonObject q = query0(figure(alpha));
    compareNumbers(q[QLatin1String("weights")], weights, tol);
    const QJsonObject me = q[QLatin1String("maxent")].toObject();
    // The default target: λ = 1/τ in closed form and p = w (MATH.md §7.3).
    QCOMPARE(me[QLatin1String("lambda")].toDouble(), 1 / kR2);
    QVERIFY(std::abs(me[QLatin1String("target")].toDouble() - mu) <= 5e-9);
    QCOMPARE(me[QLatin1String("weights")], q[QLatin1String("weights")]);
    QCOMPARE(me[QLatin1String("max_abs_diff_from_attention")].toDouble(), 0.0);
    QCOMPARE(me[QLatin1String("tsallis_entropy")], q[QLatin1String("tsallis_entropy")]);
    // The Gaussian view still gives the softmax: π ≠ w, and says so (MATH.md §7.3).
    const QJsonObject mle = q[QLatin1String("mle")].toObject();
    compareNumbers(mle[QLatin1String("weights")], {0.51405814, 0.36096572, 0.12497614}, 5e-9);
    QVERIFY(mle[QLatin1String("max_abs_diff_from_softmax")].toDouble() <= 1e-15);
    QVERIFY(mle[QLatin1String("max_abs_diff_from_attention")].toDouble() > 0.1);
    QVERIFY(q[QLatin1String("warnings")].toArray().isEmpty());
}

void TestEntmaxReport::workedExampleFTargets_data()
{
    QTest::addColumn<double>("target");
    QTest::addColumn<double>("lambda");
    QTest::addColumn<std::vector<double>>("weights");
    QTest::addColumn<QString>("warning");
    QTest::newRow("mu = 0: lambda = -1/13")
        << 0.0 << -1.0 / 13 << std::vector<double>{7.0 / 26, 8.0 / 26, 11.0 / 26} << QString();
    QTest::newRow("mu = max f: lambda_max = 2")
        << 1.0 << 2.0 << std::vector<double>{1, 0, 0}
        << QStringLiteral("any λ ≥ λ_max = 2 gives these weights");
    QTest::newRow("mu = min f: lambda_min = -2/3")
        << -1.0 << -2.0 / 3 << std::vector<double>{0, 0, 1}
        << QStringLiteral("any λ ≤ λ_min = -0.6666666666666666 gives these weights");
}

void TestEntmaxReport::workedExampleFTargets()
{
    QFETCH(double, target);
    QFETCH(double, lambda);
    QFETCH(std::vector<double>, weights);
    QFETCH(QString, warning);
    const QJsonObject q = query0(figure(2.0, target));
    const QJsonObject me = q[QLatin1String("maxent")].toObject();
    QCOMPARE(me[QLatin1String("target")].toDouble(), target);
    QVERIFY2(std::abs(me[QLatin1String("lambda")].toDouble() - lambda) <= 1e-15,
             qPrintable(QString::number(me[QLatin1String("lambda")].toDouble(), 'g', 17)));
    compareNumbers(me[QLatin1String("weights")], weights, 1e-15);
    const QJsonArray warnings = q[QLatin1String("warnings")].toArray();
    if (warning.isEmpty())
        QVERIFY(warnings.isEmpty());
    else
        QCOMPARE(warnings, QJsonArray{warning});
    // The attention itself does not move with the target.
    compareNumbers(q[QLatin1String("weights")], {0.5 + 1 / (4 * kR2), 0.5 - 1 / (4 * kR2), 0},
                   1e-15);
    // Outside [min f, max f] the target is infeasible, with the closed interval.
    const QJsonObject bad = query0(figure(2.0, 1.5))[QLatin1String("maxent")].toObject();
    QCOMPARE(bad[QLatin1String("error")].toString(),
             QStringLiteral("target 1.5 outside [min f, max f] = [-1, 1]"));
    // At α = 1 the ends are infeasible: the open interval of §5.4.
    const QJsonObject open = query0(figure(1.0, 1.0))[QLatin1String("maxent")].toObject();
    QCOMPARE(open[QLatin1String("error")].toString(),
             QStringLiteral("target 1 outside (min f, max f) = (-1, 1)"));
}

void TestEntmaxReport::sharpRowWarns()
{
    // τ = 1/2 with α = 2: λ = 1/τ = 2 = λ_max, the default row is one-hot (MATH.md §7.5 F).
    const QJsonObject q = query0(figure(2.0, std::nullopt, 0.5));
    QCOMPARE(numbers(q[QLatin1String("weights")]), (std::vector<double>{1, 0, 0}));
    QCOMPARE(q[QLatin1String("support")].toArray(), QJsonArray{0});
    const QJsonObject me = q[QLatin1String("maxent")].toObject();
    QCOMPARE(me[QLatin1String("lambda")].toDouble(), 2.0);
    QCOMPARE(q[QLatin1String("warnings")].toArray(),
             QJsonArray{QStringLiteral(
                 "the support is the argmax set: any λ ≥ λ_max = 2 gives these weights")});
}

void TestEntmaxReport::softmaxScenarioReportsAsBefore()
{
    // No `attention` section: no normalizer field, no added per-query fields.
    const QJsonObject plain = buildReport(defaultScenario());
    QVERIFY(!plain.contains(QLatin1String("normalizer")));
    const QJsonObject q = plain[QLatin1String("queries")].toArray()[0].toObject();
    for (const char *added : {"support", "threshold", "tsallis_entropy"})
        QVERIFY2(!q.contains(QLatin1String(added)), added);
    QVERIFY(
        !q[QLatin1String("mle")].toObject().contains(QLatin1String("max_abs_diff_from_attention")));
    // A softmax section only adds the normalizer, and changes no number.
    Scenario withSection = defaultScenario();
    withSection.attentionSection = true;
    QJsonObject sectioned = buildReport(withSection);
    QCOMPARE(sectioned[QLatin1String("normalizer")].toObject(),
             (QJsonObject{{QStringLiteral("kind"), QStringLiteral("softmax")}}));
    sectioned.remove(QLatin1String("normalizer"));
    QCOMPARE(sectioned, plain);
}

void TestEntmaxReport::analysisProperties_data()
{
    QTest::addColumn<double>("alpha");
    QTest::addColumn<bool>("causal");
    for (double alpha : {1.0, 1.25, 1.5, 2.0, 2.5, 4.0})
        for (bool causal : {false, true})
            QTest::newRow(
                qPrintable(QStringLiteral("alpha %1%2").arg(alpha).arg(causal ? ", causal" : "")))
                << alpha << causal;
}

void TestEntmaxReport::analysisProperties()
{
    QFETCH(double, alpha);
    QFETCH(bool, causal);
    NormalDraws draws(31);
    Scenario s = defaultScenario();
    const int m = 6, T = 8;
    s.queries = draws.matrix(m, 3) * 1.5;
    s.keys = draws.matrix(T, 3);
    s.values = draws.matrix(T, 2);
    s.mask = causal ? MaskKind::Causal : MaskKind::None;
    s.normalizer = NormalizerKind::Entmax;
    s.entmaxAlpha = alpha;
    s.normalizeSideArrays();
    const Analysis full(s);
    AnalysisOptions lean;
    lean.keepWeights = false;
    const Analysis leanAnalysis(s, lean);
    for (int i = 0; i < m; ++i) {
        const QueryDetail d = full.detail(i);
        // Rows sum to 1; exactly 0 off the support.
        QVERIFY(std::abs(d.weights.sum() - 1) <= 1e-15 * double(d.weights.size()));
        std::vector<char> on(size_t(T), 0);
        for (int t : d.support)
            on[size_t(t)] = 1;
        for (size_t j = 0; j < d.visible.size(); ++j)
            if (!on[size_t(d.visible[j])])
                QCOMPARE(d.weights[Eigen::Index(j)], 0.0);
        // The default target gives back the attention weights, bit for bit, with λ = 1/τ.
        QCOMPARE(d.maxent.weights, d.weights);
        if (d.maxent.status == maxent::Status::Ok)
            QCOMPARE(*d.maxent.lambda, 1 / s.tau());
        // The lean analysis (no weight matrix) gives the same numbers.
        QCOMPARE(leanAnalysis.weightRow(i), full.weightRow(i));
        QCOMPARE(leanAnalysis.attention().supportSize[i], full.attention().supportSize[i]);
        if (alpha > 1 && d.visible.size() > 1)
            QVERIFY(d.mleMaxAbsDiffFromAttention > 0);
    }
    // User targets inside the interval: E_λ[f] = μ at the solved λ.
    Scenario targeted = s;
    std::vector<std::optional<double>> targets;
    for (int i = 0; i < m; ++i) {
        const QueryDetail d = full.detail(i);
        const double lo = d.similarities.minCoeff(), hi = d.similarities.maxCoeff();
        targets.push_back(hi > lo ? std::optional<double>(lo + 0.3 * (hi - lo)) : std::nullopt);
    }
    targeted.maxentTargets = targets;
    const Analysis a(targeted);
    for (int i = 0; i < m; ++i) {
        if (!targets[size_t(i)])
            continue;
        const QueryDetail d = a.detail(i);
        QCOMPARE(d.maxent.status, maxent::Status::Ok);
        const double scale = d.similarities.cwiseAbs().maxCoeff();
        QVERIFY2(std::abs(d.maxent.weights.dot(d.similarities) - *targets[size_t(i)]) <=
                     1e-12 * scale,
                 qPrintable(QStringLiteral("query %1").arg(i)));
        QCOMPARE(*a.maxentLambda(i), *d.maxent.lambda);
    }
    // Adding a constant to every score changes nothing: a new coordinate, 8 in every query and
    // 1 in every key, adds 8 to every similarity (8/τ to every score) at the same τ.
    Scenario shifted = s;
    shifted.queries.conservativeResize(m, 4);
    shifted.keys.conservativeResize(T, 4);
    shifted.queries.col(3).setConstant(8.0);
    shifted.keys.col(3).setConstant(1.0);
    shifted.temperatureMode = TemperatureMode::Fixed;
    shifted.fixedTau = std::sqrt(3.0); // the same τ as before
    const Analysis b(shifted);
    for (int i = 0; i < m; ++i) {
        const Eigen::VectorXd w0 = full.weightRow(i), w1 = b.weightRow(i);
        QVERIFY(((w0 - w1).cwiseAbs().array() <= 1e-14).all());
        for (int t = 0; t < T; ++t)
            QCOMPARE(w0[t] == 0, w1[t] == 0);
    }
}

void TestEntmaxReport::solverIterates()
{
    // The Tsallis solver's iterates for the animation (MATH.md §7.3): F at α = 2, μ = 0.
    const Analysis a(figure(2.0, 0.0));
    MaxEntIterates it(a.detail(0));
    QVERIFY2(it.isSolvable(), qPrintable(it.problem()));
    QCOMPARE(it.alpha(), 2.0);
    QVERIFY(!it.hasGis());
    using M = MaxEntIterates::Method;
    const int last = it.lastIteration(M::Newton);
    // Sparsemax's E_λ[f] is linear while the support stays {k1, k2, k3}: Newton from λ = 0
    // lands on −1/13 in one step.
    QCOMPARE(last, 1);
    QCOMPARE(it.lambdaAt(M::Newton, 0), 0.0);
    QVERIFY(std::abs(it.lambdaAt(M::Newton, last) + 1.0 / 13) <= 1e-15);
    QVERIFY(it.distanceAt(M::Newton, last) <= 1e-15);
    // The dual falls to its minimum, the maximum Tsallis entropy H_2(7/26, 8/26, 11/26).
    const double h2 = 0.5 * (1 - (49.0 + 64 + 121) / (26.0 * 26));
    QVERIFY(std::abs(it.dualAtSolution() - h2) <= 1e-15);
    QVERIFY(std::abs(it.dualAt(M::Newton, last) - h2) <= 1e-15);
    QVERIFY(it.dualAt(M::Newton, 0) > h2); // g(0) = H_2(uniform) > the constrained max
    QCOMPARE(it.lastIteration(M::Gis), 0);
    QVERIFY(it.finishedAt(M::Gis, 0));
    // At μ = max f there is a half-line of λ, not an iteration.
    MaxEntIterates end(Analysis(figure(2.0, 1.0)).detail(0));
    QVERIFY(!end.isSolvable());
    QVERIFY2(end.problem().contains(QStringLiteral("λ_max = 2")), qPrintable(end.problem()));
    // The softmax keeps GIS.
    MaxEntIterates soft(Analysis(figure(1.0, 0.0)).detail(0));
    QVERIFY(soft.isSolvable() && soft.hasGis());
    QVERIFY(soft.lastIteration(M::Gis) > 10);
}

QTEST_APPLESS_MAIN(TestEntmaxReport)
#include "tst_entmax_report.moc"
