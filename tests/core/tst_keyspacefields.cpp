// Tests of the key-space background fields (core/KeySpaceFields.h) with no widget: the score
// field s = q·x/τ (MATH.md §2, §4.5) and the entropy field H(q) (§3), checked against numbers
// computed here independently, on the default 2-D figure of MATH.md §6 B: q = (1, 0.5),
// k = (1, 0), (0, 1), (−1, 0), τ = √2.
#include "KeyPlane.h"
#include "KeySpaceFields.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace sml;

namespace {

const double tau = std::sqrt(2.0);

Eigen::MatrixXd figureKeys()
{
    Eigen::MatrixXd k(3, 2);
    k << 1.0, 0.0, 0.0, 1.0, -1.0, 0.0;
    return k;
}

Eigen::VectorXd figureQuery()
{
    return Eigen::Vector2d(1.0, 0.5);
}

KeySpaceFields figureFields(const std::vector<int> &visible = {0, 1, 2})
{
    return KeySpaceFields(KeyPlane::dimensions(2, 0, 1), figureKeys(), figureQuery(), visible, tau);
}

/// −Σ w log w of w = softmax(scores), written out here (not the core's kernel).
double shannonEntropy(const Eigen::VectorXd &scores)
{
    const Eigen::ArrayXd e = (scores.array() - scores.maxCoeff()).exp();
    const Eigen::ArrayXd w = e / e.sum();
    double h = 0;
    for (Eigen::Index t = 0; t < w.size(); ++t)
        if (w[t] > 0)
            h -= w[t] * std::log(w[t]);
    return h;
}

bool near(double actual, double expected, double tol)
{
    return std::abs(actual - expected) <= tol * (1 + std::abs(expected));
}

} // namespace

class TestKeySpaceFields : public QObject
{
    Q_OBJECT

private slots:
    void scoreIsQDotXOverTau_data();
    void scoreIsQDotXOverTau();
    void scoreFieldSamplesTheScore();
    void scoreIsLinearAndItsLinesArePerpendicularToQ();
    void projectedScoreIsTheInPlaneChange();
    void scoreOnALine();
    void entropyAtTheQueryIsShannonEntropy();
    void entropyFieldSamplesH();
    void entropyOverVisibleKeysOnly();
    void entropyNeedsTwoDimensionsAndAKey();
    void extremesGiveNaNNotInfinity();
    void entropyGridSide_data();
    void entropyGridSide();
};

void TestKeySpaceFields::scoreIsQDotXOverTau_data()
{
    QTest::addColumn<double>("x");
    QTest::addColumn<double>("y");
    QTest::newRow("origin") << 0.0 << 0.0;
    QTest::newRow("key k1 = (1, 0)") << 1.0 << 0.0;
    QTest::newRow("key k2 = (0, 1)") << 0.0 << 1.0;
    QTest::newRow("key k3 = (-1, 0)") << -1.0 << 0.0;
    QTest::newRow("the query's tip") << 1.0 << 0.5;
    QTest::newRow("off the grid, negative quadrant") << -2.75 << -0.3;
}

void TestKeySpaceFields::scoreIsQDotXOverTau()
{
    QFETCH(double, x);
    QFETCH(double, y);
    const KeySpaceFields fields = figureFields();
    const double expected = (1.0 * x + 0.5 * y) / std::sqrt(2.0);
    QVERIFY(near(fields.scoreAt(Eigen::Vector2d(x, y)), expected, 1e-15));
    // MATH.md §6 B: f = (1, 0.5, −1), so the keys score f/τ.
    if (x == 1.0 && y == 0.0)
        QVERIFY(near(fields.scoreAt(Eigen::Vector2d(x, y)), 1 / std::sqrt(2.0), 1e-15));
    QVERIFY(std::abs(fields.tau() - std::sqrt(2.0)) < 1e-15);
    QVERIFY((fields.queryInPlane() - Eigen::Vector2d(1.0, 0.5)).cwiseAbs().maxCoeff() == 0);
}

void TestKeySpaceFields::scoreFieldSamplesTheScore()
{
    const KeySpaceFields fields = figureFields();
    const PlaneRegion region{-2.0, 3.0, -1.5, 2.5, 1.0};
    const SampledField f = fields.scoreField(region);
    const int n = KeySpaceFields::scoreGridSide;
    QCOMPARE(f.grid.nx, n);
    QCOMPARE(f.grid.ny, n);
    QCOMPARE(f.values.rows(), Eigen::Index(n));
    QCOMPARE(f.values.cols(), Eigen::Index(n));
    // The grid includes its corners.
    QVERIFY(near(f.grid.x(0), -2.0, 1e-15) && near(f.grid.x(n - 1), 3.0, 1e-15));
    QVERIFY(near(f.grid.y(0), -1.5, 1e-15) && near(f.grid.y(n - 1), 2.5, 1e-15));
    double largest = 0;
    for (int ix = 0; ix < n; ++ix)
        for (int iy = 0; iy < n; ++iy) {
            const double x = -2.0 + ix * 5.0 / (n - 1);
            const double y = -1.5 + iy * 4.0 / (n - 1);
            const double expected = (1.0 * x + 0.5 * y) / tau;
            QVERIFY2(near(f.values(ix, iy), expected, 1e-13),
                     qPrintable(QStringLiteral("(%1, %2): %3, expected %4")
                                    .arg(ix)
                                    .arg(iy)
                                    .arg(f.values(ix, iy), 0, 'g', 17)
                                    .arg(expected, 0, 'g', 17)));
            largest = std::max(largest, std::abs(expected));
        }
    // The largest |s| is at the corner (3, 2.5): (3 + 1.25)/√2; the range is symmetric about 0.
    QVERIFY(near(largest, 4.25 / tau, 1e-13));
    QVERIFY(near(f.upper, 4.25 / tau, 1e-13));
    QVERIFY(near(f.lower, -4.25 / tau, 1e-13));

    // A display unit scales the plane: the sample at display (x, y) is the point (x, y)·unit.
    const SampledField scaled = fields.scoreField(PlaneRegion{-2.0, 3.0, -1.5, 2.5, 1e3});
    QVERIFY(near(scaled.values(n - 1, n - 1), 4.25e3 / tau, 1e-13));
    QVERIFY(near(scaled.values(0, 0), (-2.0e3 - 0.75e3) / tau, 1e-13));
}

void TestKeySpaceFields::scoreIsLinearAndItsLinesArePerpendicularToQ()
{
    const KeySpaceFields fields = figureFields();
    const Eigen::Vector2d q(1.0, 0.5);
    const Eigen::Vector2d across(-0.5, 1.0); // ⟂ q
    const Eigen::Vector2d p(0.3, -0.7);
    for (double t : {-3.0, -0.5, 0.25, 2.0}) {
        // Across q the score stays; along q it grows by t·|q|²/τ.
        QVERIFY(near(fields.scoreAt(p + t * across), fields.scoreAt(p), 1e-14));
        QVERIFY(
            near(fields.scoreAt(p + t * q) - fields.scoreAt(p), t * q.squaredNorm() / tau, 1e-14));
    }
    // Sampled: every step of the grid changes s by the same amount (a plane, no curvature).
    const SampledField f = fields.scoreField(PlaneRegion{-1.0, 1.0, -1.0, 1.0, 1.0});
    const int n = f.grid.nx;
    const double stepX = 1.0 * (2.0 / (n - 1)) / tau, stepY = 0.5 * (2.0 / (n - 1)) / tau;
    for (int ix = 0; ix + 1 < n; ix += 7)
        for (int iy = 0; iy + 1 < n; iy += 5) {
            QVERIFY(std::abs(f.values(ix + 1, iy) - f.values(ix, iy) - stepX) < 1e-13);
            QVERIFY(std::abs(f.values(ix, iy + 1) - f.values(ix, iy) - stepY) < 1e-13);
        }

    // The dashed lines: direction û = q/|q|, gain |q|/τ, nice equally spaced levels inside the
    // region's range of s, and each line {g·(û·p) = level} is a line of that score.
    const PlaneRegion region{-2.0, 3.0, -1.5, 2.5, 1.0};
    const ScoreLines lines = fields.scoreLines(region);
    const Eigen::Vector2d u = q / q.norm();
    QVERIFY((lines.direction - u).cwiseAbs().maxCoeff() < 1e-15);
    QVERIFY(near(lines.gain, q.norm() / tau, 1e-15));
    QVERIFY(lines.levels.size() >= 5 && lines.levels.size() < 40);
    const double lo = (-2.0 - 0.75) / tau, hi = (3.0 + 1.25) / tau; // corners
    const double step = lines.levels[1] - lines.levels[0];
    QVERIFY(near(step, 1.0, 1e-12)); // s ∈ [−1.94, 3.01]: 4.95 over about 9 steps rounds to 1
    QCOMPARE(int(lines.levels.size()), 5); // −1, 0, 1, 2, 3
    for (size_t k = 0; k < lines.levels.size(); ++k) {
        const double level = lines.levels[k];
        QVERIFY(level >= lo && level <= hi);
        QVERIFY(std::abs(level / step - std::round(level / step)) < 1e-9);
        const Eigen::Vector2d p0 = u * (level / lines.gain);
        for (double t : {-2.0, 0.0, 1.5})
            QVERIFY(std::abs((q.dot(p0 + t * Eigen::Vector2d(-u.y(), u.x()))) / tau - level) <
                    1e-13);
    }
    QVERIFY(lines.levels.front() - step < lo && lines.levels.back() + step > hi);
}

void TestKeySpaceFields::projectedScoreIsTheInPlaneChange()
{
    // d_k = 4, the plane of coordinates 1 and 3: s(δ) = (Bᵀq)·δ/τ is the change of the score of
    // a key x moved to x + Bδ (MATH.md §4.5), whatever x is.
    Eigen::VectorXd q(4);
    q << 1.0, 0.5, -0.2, 0.3;
    Eigen::MatrixXd keys(2, 4);
    keys << 1.0, 0.0, 0.5, 0.0, 0.0, 1.0, -0.3, 0.2;
    const KeyPlane plane = KeyPlane::dimensions(4, 0, 2);
    const KeySpaceFields fields(plane, keys, q, {0, 1}, 2.0);
    QVERIFY((fields.queryInPlane() - Eigen::Vector2d(1.0, -0.2)).cwiseAbs().maxCoeff() < 1e-15);
    const Eigen::Vector2d delta(0.4, -1.3);
    for (int t = 0; t < 2; ++t) {
        const Eigen::VectorXd x = keys.row(t).transpose();
        const double change = q.dot(plane.displaced(x, delta)) / 2.0 - q.dot(x) / 2.0;
        QVERIFY(std::abs(fields.scoreAt(delta) - change) < 1e-15);
    }
    QVERIFY(near(fields.scoreAt(delta), (1.0 * 0.4 + 0.2 * 1.3) / 2.0, 1e-15));
    QVERIFY(!fields.entropyAvailable()); // H(q) is for d_k = 2 only
}

void TestKeySpaceFields::scoreOnALine()
{
    // d_k = 1: only x counts, and the levels follow the x range.
    Eigen::MatrixXd keys(2, 1);
    keys << 1.0, -2.0;
    Eigen::VectorXd q(1);
    q << -2.0;
    const KeySpaceFields fields(KeyPlane::line(), keys, q, {0, 1}, 1.0);
    const ScoreLines lines = fields.scoreLines(PlaneRegion{-1.0, 2.0, -1.0, 1.0, 1.0});
    QVERIFY((lines.direction - Eigen::Vector2d(-1.0, 0.0)).cwiseAbs().maxCoeff() == 0);
    QVERIFY(near(lines.gain, 2.0, 1e-15));
    // s = −2x over x ∈ [−1, 2]: [−4, 2], in steps of 1 (6 over about 9 steps).
    QCOMPARE(int(lines.levels.size()), 7);
    for (int k = 0; k < 7; ++k)
        QVERIFY(std::abs(lines.levels[size_t(k)] - (k - 4.0)) < 1e-12);
    QVERIFY(near(fields.scoreAt(Eigen::Vector2d(1.5, 0.0)), -3.0, 1e-15));
}

void TestKeySpaceFields::entropyAtTheQueryIsShannonEntropy()
{
    const KeySpaceFields fields = figureFields();
    QVERIFY(fields.entropyAvailable());
    QCOMPARE(fields.entropyKeys(), Eigen::Index(3));
    const Eigen::Vector2d x(1.0, 0.5);
    const std::optional<double> h = fields.entropyAt(x);
    QVERIFY(h.has_value());
    const double expected = shannonEntropy(figureKeys() * x / tau);
    QVERIFY(std::abs(*h - expected) < 1e-14);
    QVERIFY(std::abs(*h - 0.96978250) < 1e-8); // MATH.md §6 B
    QVERIFY(*h >= 0 && *h <= std::log(3.0));
    // At the origin every score is 0: uniform weights, H = log 3 exactly.
    QVERIFY(std::abs(*fields.entropyAt(Eigen::Vector2d::Zero()) - std::log(3.0)) < 1e-15);
    // Far along k1 the weights sharpen on k1: H → 0.
    QVERIFY(*fields.entropyAt(Eigen::Vector2d(60.0, 0.0)) < 1e-15);
}

void TestKeySpaceFields::entropyFieldSamplesH()
{
    const KeySpaceFields fields = figureFields();
    const PlaneRegion region{-3.0, 2.0, -2.0, 3.0, 1.0};
    const SampledField f = fields.entropyField(region);
    const int n = fields.entropyGridSide();
    QCOMPARE(n, 110); // 3 keys: the largest grid
    QCOMPARE(f.grid.nx, n);
    QCOMPARE(f.values.rows(), Eigen::Index(n));
    QCOMPARE(f.values.cols(), Eigen::Index(n));
    const Eigen::MatrixXd K = figureKeys();
    for (int ix = 0; ix < n; ++ix)
        for (int iy = 0; iy < n; ++iy) {
            const double h = f.values(ix, iy);
            QVERIFY(h >= 0 && h <= std::log(3.0) + 1e-15); // 0 ≤ H ≤ log T (§3)
            if (ix % 9 != 0 || iy % 11 != 0)
                continue;
            const Eigen::Vector2d x(-3.0 + ix * 5.0 / (n - 1), -2.0 + iy * 5.0 / (n - 1));
            QVERIFY(std::abs(h - shannonEntropy(K * x / tau)) < 1e-12);
        }
    QCOMPARE(f.lower, 0.0);
    QVERIFY(std::abs(f.upper - std::log(3.0)) < 1e-15);
}

void TestKeySpaceFields::entropyOverVisibleKeysOnly()
{
    // A mask that hides k3 (as causal does for the second query): H over k1 and k2 only.
    const KeySpaceFields fields = figureFields({0, 1});
    QCOMPARE(fields.entropyKeys(), Eigen::Index(2));
    const Eigen::Vector2d x(1.0, 0.5);
    const Eigen::MatrixXd K = figureKeys().topRows(2);
    QVERIFY(std::abs(*fields.entropyAt(x) - shannonEntropy(K * x / tau)) < 1e-14);
    QVERIFY(*fields.entropyAt(x) <= std::log(2.0));
    const SampledField f = fields.entropyField(PlaneRegion{-1.0, 1.0, -1.0, 1.0, 1.0});
    QVERIFY(std::abs(f.upper - std::log(2.0)) < 1e-15);
    QVERIFY(f.values.maxCoeff() <= std::log(2.0) + 1e-15);
    // One visible key: H = 0 everywhere, and the colour range falls back to [0, 1].
    const KeySpaceFields one = figureFields({1});
    QVERIFY(std::abs(*one.entropyAt(x)) < 1e-15);
    const SampledField g = one.entropyField(PlaneRegion{-1.0, 1.0, -1.0, 1.0, 1.0});
    QVERIFY(g.values.cwiseAbs().maxCoeff() < 1e-15);
    QCOMPARE(g.upper, 1.0);
}

void TestKeySpaceFields::entropyNeedsTwoDimensionsAndAKey()
{
    const KeySpaceFields none = figureFields({});
    QVERIFY(!none.entropyAvailable());
    QVERIFY(!none.entropyAt(Eigen::Vector2d(1.0, 0.5)).has_value());
    QCOMPARE(none.entropyField(PlaneRegion{}).values.size(), Eigen::Index(0));
    // The score does not depend on the keys.
    QVERIFY(near(none.scoreAt(Eigen::Vector2d(1.0, 0.0)), 1 / tau, 1e-15));
}

void TestKeySpaceFields::extremesGiveNaNNotInfinity()
{
    // q·x/τ overflows: NaN samples (never ±∞), and the colour range falls back to ±1.
    const KeySpaceFields huge(KeyPlane::dimensions(2, 0, 1), figureKeys() * 1e300,
                              Eigen::Vector2d(1e300, 0.0), {0, 1, 2}, 1e-300);
    const SampledField s = huge.scoreField(PlaneRegion{1.0, 2.0, 1.0, 2.0, 1.0});
    for (Eigen::Index k = 0; k < s.values.size(); ++k)
        QVERIFY(std::isnan(s.values.data()[k]));
    QCOMPARE(s.lower, -1.0);
    QCOMPARE(s.upper, 1.0);
    QVERIFY(!huge.entropyAt(Eigen::Vector2d(1.0, 1.0)).has_value());
    const SampledField h = huge.entropyField(PlaneRegion{1.0, 2.0, 1.0, 2.0, 1.0});
    QVERIFY(std::isnan(h.values(3, 4)));
    // At the origin the scores are 0·1e300/1e-300 = 0: defined, uniform.
    QVERIFY(std::abs(*huge.entropyAt(Eigen::Vector2d::Zero()) - std::log(3.0)) < 1e-15);
    // Huge but finite scores stay exact (the shifted form of §3): all weight on k1.
    const KeySpaceFields big(KeyPlane::dimensions(2, 0, 1), figureKeys(), Eigen::Vector2d(1.0, 0.5),
                             {0, 1, 2}, 1.0);
    QVERIFY(std::abs(*big.entropyAt(Eigen::Vector2d(1e300, 0.0))) < 1e-15);
    // A zero query has no lines.
    const KeySpaceFields zero(KeyPlane::dimensions(2, 0, 1), figureKeys(), Eigen::Vector2d::Zero(),
                              {0, 1, 2}, 1.0);
    QVERIFY(zero.scoreLines(PlaneRegion{}).levels.empty());
}

void TestKeySpaceFields::entropyGridSide_data()
{
    QTest::addColumn<int>("keys");
    QTest::addColumn<int>("side");
    QTest::newRow("3 keys: the largest grid") << 3 << 110;
    QTest::newRow("500 keys: √(3e6/500)") << 500 << 77;
    QTest::newRow("100000 keys: the smallest grid") << 100000 << 24;
}

void TestKeySpaceFields::entropyGridSide()
{
    QFETCH(int, keys);
    QFETCH(int, side);
    Eigen::MatrixXd k = Eigen::MatrixXd::Zero(keys, 2);
    std::vector<int> visible(static_cast<size_t>(keys));
    for (int t = 0; t < keys; ++t)
        visible[size_t(t)] = t;
    const KeySpaceFields fields(KeyPlane::dimensions(2, 0, 1), k, figureQuery(), visible, tau);
    QCOMPARE(fields.entropyGridSide(), side);
}

QTEST_APPLESS_MAIN(TestKeySpaceFields)
#include "tst_keyspacefields.moc"
