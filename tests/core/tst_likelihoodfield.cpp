// Tests of the likelihood field behind the value-space view (core/LikelihoodField.h): ℓ on the
// plane against the sum of MATH.md §4.2 computed here, its maximum at ô (§4.3), the iso-line
// levels and their circles around ô, and the log-drop colour decision, on the worked examples of
// MATH.md §6 B and C.
#include "Analysis.h"
#include "LikelihoodField.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace sml;

namespace {

constexpr double twoPi = 6.283185307179586;

/// Values v_t (rows, n×d_v) and their variances σ²_t, written down from the definitions.
struct Example
{
    Eigen::MatrixXd values;
    Eigen::VectorXd variances;
};

/// MATH.md §6 B: f = q·k = (1, 0.5, −1), τ = √2, linked with σ0² = 1, so σ²_t = exp(−f_t/τ).
Example exampleB()
{
    Example e;
    e.values.resize(3, 2);
    e.values << 1, 0, 0, 1, -1, -1;
    e.variances.resize(3);
    e.variances << std::exp(-1 / std::sqrt(2.0)), std::exp(-0.5 / std::sqrt(2.0)),
        std::exp(1 / std::sqrt(2.0));
    return e;
}

/// MATH.md §6 C: the values of B with free variances σ² = (0.5, 2, 4), π = (8, 2, 1)/11.
Example exampleC()
{
    Example e = exampleB();
    e.variances << 0.5, 2, 4;
    return e;
}

/// ℓ(o) = −½ Σ_t [d_v log(2π σ²_t) + ‖o − v_t‖² / σ²_t] (MATH.md §4.2), straight from the sum.
double directSum(const Example &e, const Eigen::VectorXd &o)
{
    double sum = 0;
    for (Eigen::Index t = 0; t < e.values.rows(); ++t)
        sum += double(e.values.cols()) * std::log(twoPi * e.variances[t]) +
               (o - e.values.row(t).transpose()).squaredNorm() / e.variances[t];
    return -0.5 * sum;
}

GaussianMle mleOf(const Example &e)
{
    return GaussianMle::free(e.variances, e.values);
}

bool close(double actual, double expected, double tolerance)
{
    return std::abs(actual - expected) <= tolerance;
}

/// The grid point (ix, iy) of a sampled plane.
Eigen::Vector2d gridPoint(const contours::Grid &g, int ix, int iy)
{
    return Eigen::Vector2d(g.x0 + ix * g.dx, g.y0 + iy * g.dy);
}

} // namespace

class TestLikelihoodField : public QObject
{
    Q_OBJECT

private slots:
    void workedExampleB();
    void samplesEqualTheDirectSum_data();
    void samplesEqualTheDirectSum();
    void maximumOfTheSamplesIsAtTheMle();
    void isoLinesAreCirclesAroundTheMle_data();
    void isoLinesAreCirclesAroundTheMle();
    void sharpRowSwitchesToLogDrop();
    void oneValueDimensionIsALine();
    void sliceOffTheMleAndDisplayUnit();
    void extremeVariancesKeepAFiniteRange();
    void gridSideFollowsTheSize();
    void rayMeetsTheCircleAtItsAngle();
};

void TestLikelihoodField::workedExampleB()
{
    // The default scenario is §6 B: ℓ(ô) = −6.97077497 at ô = (0.38908201, 0.23598958).
    const GaussianMle mle = Analysis(defaultScenario()).gaussian(0);
    const LikelihoodField field(mle, 0, 1);
    QVERIFY(!field.isLine());
    QVERIFY(field.peak());
    QVERIFY2(close(*field.peak(), -6.97077497, 5e-9), qPrintable(QString::number(*field.peak())));
    QCOMPARE(*field.planeMaximum(), *field.peak());
    QVERIFY(close(field.centre().x(), 0.38908201, 5e-9));
    QVERIFY(close(field.centre().y(), 0.23598958, 5e-9));
    // At ô and off it, the field equals the sum over the three values.
    QVERIFY(close(field.at(0.38908201, 0.23598958), -6.97077497, 1e-8));
    const Eigen::Vector2d o(1.25, -0.75);
    const double expected = directSum(exampleB(), o);
    QVERIFY2(close(field.at(o.x(), o.y()), expected, 1e-12 * std::abs(expected)),
             qPrintable(QStringLiteral("%1 vs %2").arg(field.at(o.x(), o.y())).arg(expected)));
}

void TestLikelihoodField::samplesEqualTheDirectSum_data()
{
    QTest::addColumn<bool>("free");
    QTest::newRow("§6 B, linked") << false;
    QTest::newRow("§6 C, free σ² = (0.5, 2, 4)") << true;
}

void TestLikelihoodField::samplesEqualTheDirectSum()
{
    QFETCH(bool, free);
    const Example e = free ? exampleC() : exampleB();
    const LikelihoodField field(mleOf(e), 0, 1);
    const LikelihoodPlane plane = field.samplePlane(-2.5, 3.5, -1.6, 1.6, 61);
    const contours::Grid &g = plane.grid;
    QCOMPARE(g.nx, 61);
    QCOMPARE(g.ny, 61);
    QCOMPARE(int(g.values.size()), 61 * 61);
    QCOMPARE(plane.xSpan, 6.0);
    QVERIFY(close(g.dx, 0.1, 1e-15));
    QVERIFY(close(gridPoint(g, 60, 60).y(), 1.6, 1e-14));
    double lowest = 1e300;
    for (int iy = 0; iy < g.ny; ++iy)
        for (int ix = 0; ix < g.nx; ++ix) {
            const double expected = directSum(e, gridPoint(g, ix, iy));
            QVERIFY2(close(g.at(ix, iy), expected, 1e-12 * std::abs(expected)),
                     qPrintable(QStringLiteral("(%1, %2): %3 vs %4")
                                    .arg(ix)
                                    .arg(iy)
                                    .arg(g.at(ix, iy))
                                    .arg(expected)));
            lowest = std::min(lowest, g.at(ix, iy));
        }
    // The range: the lowest sample, and the peak ℓ(ô) (above every sample).
    QCOMPARE(plane.lo, lowest);
    QCOMPARE(plane.hi, *field.peak());
    QVERIFY(plane.depth() > 0);
}

void TestLikelihoodField::maximumOfTheSamplesIsAtTheMle()
{
    // §6 C: ô = (7/11, 1/11). A 41 × 41 grid of ±0.5 around it has ô at its centre point.
    const Example e = exampleC();
    const LikelihoodField field(mleOf(e), 0, 1);
    QVERIFY(close(field.centre().x(), 7.0 / 11, 1e-15));
    QVERIFY(close(field.centre().y(), 1.0 / 11, 1e-15));
    const double peak = directSum(e, Eigen::Vector2d(7.0 / 11, 1.0 / 11));
    QVERIFY(close(*field.peak(), peak, 1e-13));
    const LikelihoodPlane plane =
        field.samplePlane(7.0 / 11 - 0.5, 7.0 / 11 + 0.5, 1.0 / 11 - 0.5, 1.0 / 11 + 0.5, 41);
    const auto top = std::max_element(plane.grid.values.begin(), plane.grid.values.end());
    QCOMPARE(int(top - plane.grid.values.begin()), 20 * 41 + 20);
    QVERIFY2(close(*top, peak, 1e-12), qPrintable(QString::number(*top - peak)));
    // Its neighbours are lower by ½ Σσ⁻² h² (Σσ⁻² = 2.75, h = 0.025): ℓ is quadratic around ô.
    QVERIFY(close(plane.grid.at(21, 20), peak - 0.5 * 2.75 * 0.025 * 0.025, 1e-12));
    QVERIFY(close(plane.grid.at(20, 19), peak - 0.5 * 2.75 * 0.025 * 0.025, 1e-12));
}

void TestLikelihoodField::isoLinesAreCirclesAroundTheMle_data()
{
    QTest::addColumn<bool>("free");
    QTest::addColumn<double>("totalPrecision"); // Σσ⁻², MATH.md §6
    QTest::newRow("§6 B") << false << 3.94530269;
    QTest::newRow("§6 C") << true << 2.75;
}

void TestLikelihoodField::isoLinesAreCirclesAroundTheMle()
{
    QFETCH(bool, free);
    QFETCH(double, totalPrecision);
    const Example e = free ? exampleC() : exampleB();
    const LikelihoodField field(mleOf(e), 0, 1);
    const LikelihoodPlane plane = field.samplePlane(-2.5, 3.5, -1.6, 1.6, 140);
    QVERIFY(!plane.prefersLogDrop()); // ℓ falls by tens of nats here, not hundreds
    const std::vector<LikelihoodIsoLine> lines = plane.isoLines(false);
    QVERIFY(lines.size() >= 3);
    const double rounding = contours::niceStep(plane.depth(), 40);
    const QPointF hat = field.centre();
    for (size_t k = 0; k < lines.size(); ++k) {
        const double level = lines[k].level;
        // Inside the sampled range, from the peak outwards, at rounded numbers.
        QVERIFY(level > plane.lo && level < plane.hi);
        if (k > 0)
            QVERIFY(level < lines[k - 1].level);
        QVERIFY(close(level / rounding, std::round(level / rounding), 1e-9));
        // ℓ(o) = ℓ(ô) − ½ Σσ⁻² ‖o − ô‖²: the line is the circle of that radius around ô.
        const double radius = std::sqrt(2 * (*field.peak() - level) / totalPrecision);
        double rMin = 1e300, rMax = 0;
        int points = 0;
        for (const QPointF &p : lines[k].points) {
            if (!std::isfinite(p.x()))
                continue;
            const double r = std::hypot(p.x() - hat.x(), p.y() - hat.y());
            rMin = std::min(rMin, r);
            rMax = std::max(rMax, r);
            ++points;
        }
        QVERIFY(points > 20);
        QVERIFY2(rMax - rMin < 2e-3 && close(rMin, radius, 2e-3) && close(rMax, radius, 2e-3),
                 qPrintable(QStringLiteral("level %1: r in [%2, %3], expected %4")
                                .arg(level)
                                .arg(rMin)
                                .arg(rMax)
                                .arg(radius)));
    }
}

void TestLikelihoodField::sharpRowSwitchesToLogDrop()
{
    // σ²_1 = 1e-4: Σσ⁻² ≈ 1e4, so ℓ falls by thousands of nats over the plot.
    Example e = exampleC();
    e.variances << 1e-4, 2, 4;
    const LikelihoodField field(mleOf(e), 0, 1);
    const LikelihoodPlane plane = field.samplePlane(-2.5, 3.5, -1.6, 1.6, 140);
    QVERIFY(plane.depth() > LikelihoodPlane::logDropDepth);
    QVERIFY(plane.prefersLogDrop());
    QCOMPARE(plane.logDropFloor(), plane.depth() * 1e-9);
    const QVector<double> drops = plane.logDrops();
    QCOMPARE(drops.size(), plane.grid.values.size());
    for (qsizetype k = 0; k < drops.size(); ++k) {
        QVERIFY(drops[k] >= plane.logDropFloor());
        QVERIFY(close(drops[k], std::max(plane.hi - plane.grid.values[k], plane.logDropFloor()),
                      1e-12 * plane.depth()));
    }
    // Drops depth/2, /8, /32, …, 2 significant digits: levels from the outside in.
    const std::vector<LikelihoodIsoLine> lines = plane.isoLines(true);
    QVERIFY(lines.size() >= 4);
    double expectedDrop = plane.depth() / 2;
    for (size_t k = 0; k < lines.size(); ++k, expectedDrop /= 4) {
        const double drop = plane.hi - lines[k].level;
        QVERIFY(lines[k].level > plane.lo && lines[k].level < plane.hi);
        if (k > 0)
            QVERIFY(lines[k].level > lines[k - 1].level);
        QVERIFY2(close(drop, expectedDrop, 0.06 * expectedDrop),
                 qPrintable(QStringLiteral("%1 vs %2").arg(drop).arg(expectedDrop)));
        const double p10 = std::pow(10.0, std::floor(std::log10(drop)) - 1);
        QVERIFY(close(drop / p10, std::round(drop / p10), 1e-6));
    }
}

void TestLikelihoodField::oneValueDimensionIsALine()
{
    // The first coordinates of §6 C's values, (1, 0, −1): ô = (8 − 1)/11 = 7/11.
    Example e = exampleC();
    e.values = Eigen::MatrixXd(e.values.leftCols(1));
    const LikelihoodField field(mleOf(e), 0, 0);
    QVERIFY(field.isLine());
    QCOMPARE(field.centre(), QPointF(7.0 / 11, 0));
    const LikelihoodCurve curve = field.sampleLine(-2, 2);
    QCOMPARE(curve.xs.size(), 300);
    QCOMPARE(curve.xs.front(), -2.0);
    QCOMPARE(curve.xs.back(), 2.0);
    double lowest = 1e300;
    for (qsizetype k = 0; k < curve.xs.size(); ++k) {
        const double expected = directSum(e, Eigen::VectorXd::Constant(1, curve.xs[k]));
        QVERIFY(close(curve.ys[k], expected, 1e-12 * std::abs(expected)));
        lowest = std::min(lowest, curve.ys[k]);
    }
    QCOMPARE(curve.lo, lowest);
    QCOMPARE(curve.hi, *field.peak());
    QVERIFY(close(*field.peak(), directSum(e, Eigen::VectorXd::Constant(1, 7.0 / 11)), 1e-13));
}

void TestLikelihoodField::sliceOffTheMleAndDisplayUnit()
{
    // d_v = 3, the plane of coordinates 1 and 3 through the point with o_2 = 0.75.
    Example e = exampleC();
    e.values.conservativeResize(3, 3);
    e.values.col(2) << 0.5, -1, 2;
    const GaussianMle mle = mleOf(e);
    const Eigen::Vector3d slice(0, 0.75, 0);
    const double unit = 10;
    const LikelihoodField field(mle, 0, 2, slice, unit);
    const Eigen::VectorXd &hat = mle.mleOutput();
    QVERIFY(close(field.centre().x(), hat[0] / unit, 1e-15));
    QVERIFY(close(field.centre().y(), hat[2] / unit, 1e-15));
    for (const QPointF &p : {QPointF(0.03, -0.02), QPointF(-0.15, 0.2), field.centre()}) {
        const double expected = directSum(e, Eigen::Vector3d(p.x() * unit, 0.75, p.y() * unit));
        QVERIFY2(close(field.at(p.x(), p.y()), expected, 1e-12 * std::abs(expected)),
                 qPrintable(QStringLiteral("%1 vs %2").arg(field.at(p.x(), p.y())).arg(expected)));
    }
    // The plane's maximum is below ℓ(ô) by ½ Σσ⁻² (0.75 − ô_2)².
    const double drop = 0.5 * 2.75 * (0.75 - hat[1]) * (0.75 - hat[1]);
    QVERIFY(close(*field.planeMaximum(), *field.peak() - drop, 1e-12));
    const LikelihoodPlane plane = field.samplePlane(-0.2, 0.3, -0.2, 0.3, 32);
    QCOMPARE(plane.hi, *field.planeMaximum());
}

void TestLikelihoodField::extremeVariancesKeepAFiniteRange()
{
    // σ² = 1e-300: ℓ(ô) ≈ −1.25e300 is finite; 1e5 away, ℓ is below −1.8e308 (no value).
    Example e = exampleC();
    e.variances << 1e-300, 1, 1e-300;
    const LikelihoodField field(mleOf(e), 0, 1);
    QVERIFY(field.peak());
    QVERIFY(close(*field.peak(), -1.25e300, 1e-6 * 1.25e300));
    QVERIFY(std::isnan(field.at(1e5, 1e5)));
    const LikelihoodPlane plane = field.samplePlane(-1e5, 1e5, -1e5, 1e5, 32);
    QVERIFY(std::isfinite(plane.lo) && std::isfinite(plane.hi) && plane.hi > plane.lo);
    int missing = 0;
    for (double v : plane.grid.values) {
        QVERIFY(std::isfinite(v) || std::isnan(v)); // never ±inf
        missing += std::isnan(v) ? 1 : 0;
    }
    QVERIFY(missing > 0 && missing < plane.grid.values.size());
    QVERIFY(plane.prefersLogDrop());
    for (double d : plane.logDrops())
        QVERIFY(std::isfinite(d) && d >= plane.logDropFloor() && d <= plane.depth());
    for (const LikelihoodIsoLine &line : plane.isoLines(true))
        QVERIFY(std::isfinite(line.level) && !line.points.isEmpty());
}

void TestLikelihoodField::gridSideFollowsTheSize()
{
    QCOMPARE(LikelihoodField::gridSide(3, 2), 140);   // √(2.5e6/6) = 645, at most 140
    QCOMPARE(LikelihoodField::gridSide(1000, 2), 35); // √1250 = 35.4
    QCOMPARE(LikelihoodField::gridSide(512, 64), 32); // √76.3 = 8.7, at least 32
    QCOMPARE(LikelihoodField::gridSide(0, 2), 140);   // no values: as for one number
}

void TestLikelihoodField::rayMeetsTheCircleAtItsAngle()
{
    // The unit circle around (1, 2), drawn on a plot 4 wide and 2 high: seen on the plot, the
    // direction (cos a · 4, sin a · 2) is at angle a.
    QVector<QPointF> circle;
    for (int k = 0; k <= 1440; ++k) {
        const double phi = twoPi * k / 1440;
        circle << QPointF(1 + std::cos(phi), 2 + std::sin(phi));
    }
    const QPointF p = contours::pointTowards(circle, QPointF(1, 2), -0.6, 4, 2);
    const double seen = std::atan2((p.y() - 2) / 2, (p.x() - 1) / 4);
    QVERIFY2(close(seen, -0.6, 0.01), qPrintable(QString::number(seen)));
    QCOMPARE(contours::niceStep(7.3, 7), 2.0);
    QCOMPARE(contours::niceStep(0.0, 7), 1.0);
}

QTEST_GUILESS_MAIN(TestLikelihoodField)
#include "tst_likelihoodfield.moc"
