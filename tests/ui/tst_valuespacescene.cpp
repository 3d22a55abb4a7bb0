// Tests of what the value space shows (ui/plots/mle/ValueSpaceScene.h): the query read from an
// Analysis, the region, and the geometry the drawing and the hit-testing share (the order by
// precision weight, the clamped radii, the lanes), on MATH.md §6 B and C. No widget is needed.
#include "Analysis.h"
#include "plots/mle/ValueSpaceScene.h"

#include <QTest>

#include <cmath>

using namespace sml;

namespace {

Scenario freeScenario(double v1, double v2, double v3)
{
    Scenario s = defaultScenario();
    s.varianceMode = VarianceMode::Free;
    s.freeVariances.resize(1, 3);
    s.freeVariances << v1, v2, v3;
    return s;
}

} // namespace

class TestValueSpaceScene : public QObject
{
    Q_OBJECT

private slots:
    void workedExampleB();
    void equalWeightsKeepTheSlotOrder();
    void radiiAreClampedToTheRegion();
    void dimensionsAreClampedAndTheSliceNamed();
    void oneValueDimensionHasLanes();
};

void TestValueSpaceScene::workedExampleB()
{
    ValueSpaceScene scene;
    scene.load(Analysis(defaultScenario()), 0);
    QVERIFY(scene.hasLikelihood());
    QVERIFY(scene.linked);
    QCOMPARE(scene.dV, 2);
    QCOMPARE(scene.keys, std::vector<int>({0, 1, 2}));
    // w = π = (0.51405814, 0.36096572, 0.12497614), o = ô = (0.38908201, 0.23598958).
    QVERIFY(std::abs(scene.weights[0] - 0.51405814) <= 5e-9);
    QVERIFY(std::abs(scene.weights[2] - 0.12497614) <= 5e-9);
    QVERIFY(std::abs(scene.output[0] - 0.38908201) <= 5e-9);
    QVERIFY(std::abs(scene.output[1] - 0.23598958) <= 5e-9);
    QCOMPARE(scene.byPrecision(), std::vector<int>({0, 1, 2}));
    for (int j = 0; j < 3; ++j)
        QCOMPARE(scene.rankOf(j), j);
    QCOMPARE(scene.drawnCount(), 3);
    // The region holds the values, ô, o and the 2σ circles of the heavy keys: k1 and k2 hold
    // 0.875 ≥ 80 % of π (k3's wide circle may leave the view). k1 = (1, 0) with 2σ1 = 2√0.49306869
    // reaches x = 1 + 2σ1 and y = −2σ1; k2 = (0, 1) reaches x = −2σ2, y = 1 + 2σ2. Then 6 % of
    // the span on every side (issue 14 item 3: fit what is drawn).
    scene.fitRegion();
    QCOMPARE(scene.unit, 1.0);
    const double r1 = 2 * std::sqrt(0.49306869), r2 = 2 * std::sqrt(0.70218850);
    const double span = std::max(1 + r1 + r2, 1 + r2 + r1); // the figure is symmetric
    const double pad = 0.06 * span;
    QVERIFY(std::abs(scene.bounds.left() - (-r2 - pad)) <= 1e-7);
    QVERIFY(std::abs(scene.bounds.right() - (1 + r1 + pad)) <= 1e-7);
    QVERIFY(std::abs(scene.bounds.top() - (-r1 - pad)) <= 1e-7);
    QVERIFY(std::abs(scene.bounds.bottom() - (1 + r2 + pad)) <= 1e-7);
    // k3 (π = 0.125) at (−1, −1) is inside, its 2σ circle (2√2.028 ≈ 2.85) is not.
    QVERIFY(scene.bounds.contains(QPointF(-1, -1)));
    QVERIFY(scene.bounds.left() > -1 - 2 * std::sqrt(2.02811498));
    // σ1 = √0.49306869 lies well inside the clamp [0.4%, 3000%] of 3.12.
    QVERIFY(std::abs(scene.drawnRadius(0, 1.0) - std::sqrt(0.49306869)) <= 1e-8);
    QVERIFY(std::abs(scene.drawnRadius(2, 2.0) - (2 * std::sqrt(2.02811498))) <= 1e-8);
    QCOMPARE(scene.coordX(scene.value(1)), 0.0);
    QCOMPARE(scene.coordY(scene.value(1)), 1.0);
    QCOMPARE(scene.title(), QStringLiteral("Likelihood ℓ(o) · query “q”"));
    QVERIFY(scene.subtitle().contains(QStringLiteral("circles at 1σ and 2σ")));
    QVERIFY(!scene.subtitle().contains(QStringLiteral("free variances")));
}

void TestValueSpaceScene::equalWeightsKeepTheSlotOrder()
{
    // σ² = (1, 1, 0.5): π = (1/4, 1/4, 1/2); the tie between the first two keeps slot order.
    ValueSpaceScene scene;
    scene.load(Analysis(freeScenario(1, 1, 0.5)), 0);
    QVERIFY(!scene.linked);
    QCOMPARE(scene.byPrecision(), std::vector<int>({2, 0, 1}));
    QCOMPARE(scene.rankOf(2), 0);
    QCOMPARE(scene.rankOf(0), 1);
    QCOMPARE(scene.rankOf(1), 2);
    QVERIFY(scene.subtitle().contains(QStringLiteral("free variances: drag a 1σ circle")));
}

void TestValueSpaceScene::radiiAreClampedToTheRegion()
{
    // σ² = 1e-300 and 1e300 are drawn at 0.4% and 3000% of the region's larger side.
    ValueSpaceScene scene;
    scene.load(Analysis(freeScenario(1e-300, 1, 1e300)), 0);
    scene.fitRegion();
    const double span = std::max(scene.bounds.width(), scene.bounds.height());
    QVERIFY(std::abs(scene.drawnRadius(0, 1.0) - (0.004 * span)) <= 1e-12 * span);
    QVERIFY(std::abs(scene.drawnRadius(2, 1.0) - (30 * span)) <= 1e-9 * span);
    QVERIFY(std::abs(scene.drawnRadius(1, 1.0) - 1.0) <= 1e-12); // σ² = 1: unclamped
    QCOMPARE(scene.byPrecision().front(), 0);
}

void TestValueSpaceScene::dimensionsAreClampedAndTheSliceNamed()
{
    Scenario s = defaultScenario();
    s.values.conservativeResize(3, 3);
    s.values.col(2) << 0.5, -1, 2;
    ValueSpaceScene scene;
    scene.dimX = 7;
    scene.dimY = 7;
    scene.load(Analysis(s), 0);
    QCOMPARE(scene.dimX, 2); // clamped into d_v = 3, then made distinct
    QCOMPARE(scene.dimY, 0);
    scene.dimX = 0;
    scene.dimY = 2;
    scene.load(Analysis(s), 0);
    QCOMPARE(scene.title(),
             QStringLiteral("Likelihood ℓ(o) · query “q” · value dimensions 1, 3 of 3"));
    // ô_2 = Σ π_t v_t2 = π_2 − π_3 (§6 B's π): the coordinate the slice holds.
    const double hat2 = 0.36096572 - 0.12497614;
    QVERIFY(std::abs(scene.mle->mleOutput()[1] - hat2) <= 1e-8);
    QVERIFY2(scene.subtitle().contains(QStringLiteral("a slice through ô: o_2 = 0.236")),
             qPrintable(scene.subtitle()));
    QCOMPARE(scene.coordY(scene.value(2)), 2.0); // y is o_3
}

void TestValueSpaceScene::oneValueDimensionHasLanes()
{
    Scenario s = freeScenario(0.5, 2, 4);
    s.values = Eigen::MatrixXd(s.values.leftCols(1));
    ValueSpaceScene scene;
    scene.load(Analysis(s), 0);
    QVERIFY(scene.isLine());
    QCOMPARE(scene.coordY(scene.value(0)), 0.0);
    // Three lanes in the lower 0.05 … 0.39 of the plot, the heaviest (π = 8/11) first.
    QVERIFY(std::abs(scene.laneY(0) - (0.05 + 0.34 * 0.5 / 3)) <= 1e-15);
    QVERIFY(std::abs(scene.laneY(2) - (0.05 + 0.34 * 2.5 / 3)) <= 1e-15);
    QCOMPARE(scene.rankOf(0), 0);
    QCOMPARE(scene.title(), QStringLiteral("Likelihood ℓ(o) · query “q” (d_v = 1)"));
}

QTEST_MAIN(TestValueSpaceScene)
#include "tst_valuespacescene.moc"
