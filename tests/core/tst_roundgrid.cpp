// Tests of RoundGrid (core/RoundGrid.h): the positions of the MaxEnt target control over the
// feasible interval, round numbers at a step tied to the interval (MATH.md §5.4, §7.3).

#include "RoundGrid.h"

#include <QTest>

#include <cfloat>
#include <cmath>

using namespace sml;

class TestRoundGrid : public QObject
{
    Q_OBJECT

private slots:
    void defaultFigureOpenAndClosed();
    void stepFollowsTheInterval_data();
    void stepFollowsTheInterval();
    void nearestPosition();
    void extremeIntervals();
};

void TestRoundGrid::defaultFigureOpenAndClosed()
{
    // f = (1, 0.5, −1): (−1, 1) at step 0.001 has the 1999 interior points −0.999 … 0.999.
    const auto open = RoundGrid::over(-1, 1, false);
    QVERIFY(open);
    QCOMPARE(open->exponent(), -3);
    QCOMPARE(open->count(), 1999);
    QCOMPARE(open->at(0), -0.999);
    QCOMPARE(open->at(open->count() - 1), 0.999);
    QCOMPARE(open->at(1949), 0.95); // the double nearest 0.95, as typed
    QCOMPARE(open->at(999), 0.0);
    // The closed interval [−1, 1] adds its ends.
    const auto closed = RoundGrid::over(-1, 1, true);
    QVERIFY(closed);
    QCOMPARE(closed->count(), 2001);
    QCOMPARE(closed->at(0), -1.0);
    QCOMPARE(closed->at(1), -0.999);
    QCOMPARE(closed->at(2000), 1.0);
    QCOMPARE(closed->at(1950), 0.95);
    // Ends that are not round numbers are positions of their own in a closed grid.
    const auto odd = RoundGrid::over(-0.95371234, 0.62, true);
    QVERIFY(odd);
    QCOMPARE(odd->at(0), -0.95371234);
    QCOMPARE(odd->at(1), -0.953);
    QCOMPARE(odd->at(odd->count() - 1), 0.62);
    QCOMPARE(odd->at(odd->count() - 2), 0.619);
    const auto oddOpen = RoundGrid::over(-0.95371234, 0.62, false);
    QCOMPARE(oddOpen->at(0), -0.953);
    QCOMPARE(oddOpen->at(oddOpen->count() - 1), 0.619);
}

void TestRoundGrid::stepFollowsTheInterval_data()
{
    QTest::addColumn<double>("lo");
    QTest::addColumn<double>("hi");
    QTest::addColumn<double>("step");
    QTest::newRow("width 2") << -1.0 << 1.0 << 1e-3;
    QTest::newRow("width 9.9") << 0.1 << 10.0 << 1e-3;
    QTest::newRow("width 10") << 0.0 << 10.0 << 1e-2;
    QTest::newRow("width 1500 (iris-like)") << -500.0 << 1000.0 << 1.0;
    QTest::newRow("width 2e-6") << 3e-6 << 5e-6 << 1e-9;
    QTest::newRow("width 2e300") << -1e300 << 1e300 << 1e297;
}

void TestRoundGrid::stepFollowsTheInterval()
{
    QFETCH(double, lo);
    QFETCH(double, hi);
    QFETCH(double, step);
    for (bool closed : {false, true}) {
        const auto g = RoundGrid::over(lo, hi, closed);
        QVERIFY(g);
        QVERIFY2(std::abs(g->step() / step - 1) <= 1e-12, qPrintable(QString::number(g->step())));
        // At least 1000 and fewer than 10 000 steps across, every position inside the interval
        // (open: strictly), ascending, interior neighbours one step apart.
        QVERIFY(g->count() >= 1000 - 1 && g->count() < 10000 + 2);
        for (int p = 0; p < g->count(); ++p) {
            const double x = g->at(p);
            QVERIFY(closed ? (x >= lo && x <= hi) : (x > lo && x < hi));
            if (p > 0)
                QVERIFY(x > g->at(p - 1));
            if (p > 1 && p < g->count() - 1)
                QVERIFY2(std::abs((x - g->at(p - 1)) / step - 1) <= 1e-6,
                         qPrintable(QString::number(p)));
        }
    }
}

void TestRoundGrid::nearestPosition()
{
    const auto g = RoundGrid::over(-1, 1, false);
    QCOMPARE(g->nearest(0.95), 1949);
    QCOMPARE(g->nearest(0.9504), 1949);
    QCOMPARE(g->nearest(0.9506), 1950);
    QCOMPARE(g->nearest(0.56956487), g->nearest(0.570)); // the default μ of MATH.md §6 B
    QCOMPARE(g->nearest(1.0), g->count() - 1);
    QCOMPARE(g->nearest(-5.0), 0);
    QCOMPARE(g->nearest(std::nan("")), g->count() / 2);
    const auto c = RoundGrid::over(-1, 1, true);
    QCOMPARE(c->nearest(1.0), c->count() - 1);
    QCOMPARE(c->nearest(0.99999), c->count() - 1);
    QCOMPARE(c->nearest(0.9993), c->count() - 2);
    QCOMPARE(c->nearest(-1.0), 0);
    for (int p = 0; p < c->count(); p += 37)
        QCOMPARE(c->nearest(c->at(p)), p);
}

void TestRoundGrid::extremeIntervals()
{
    // Refused: empty, reversed or non-finite intervals.
    QVERIFY(!RoundGrid::over(1, 1, true));
    QVERIFY(!RoundGrid::over(2, 1, false));
    QVERIFY(!RoundGrid::over(0, INFINITY, false));
    QVERIFY(!RoundGrid::over(std::nan(""), 1, true));
    // The full double range: no overflow of hi − lo.
    const auto full = RoundGrid::over(-DBL_MAX, DBL_MAX, true);
    QVERIFY(full);
    QCOMPARE(full->at(0), -DBL_MAX);
    QCOMPARE(full->at(full->count() - 1), DBL_MAX);
    for (int p = 1; p < full->count(); ++p)
        QVERIFY(std::isfinite(full->at(p)) && full->at(p) > full->at(p - 1));
    // Far from 0, a narrow interval is limited by the doubles: neighbours stay distinct.
    const double big = 1e6;
    const auto narrow = RoundGrid::over(big, big + 1e-7, false);
    QVERIFY(narrow);
    QVERIFY(narrow->count() < 1000);
    for (int p = 1; p < narrow->count(); ++p)
        QVERIFY(narrow->at(p) > narrow->at(p - 1));
    // Two ulps wide: no round interior point, so no open grid; the closed one has its ends.
    const double lo = 1.0, hi = std::nextafter(std::nextafter(1.0, 2.0), 2.0);
    QVERIFY(!RoundGrid::over(lo, hi, false));
    const auto ends = RoundGrid::over(lo, hi, true);
    QVERIFY(ends);
    QCOMPARE(ends->at(0), lo);
    QCOMPARE(ends->at(ends->count() - 1), hi);
}

QTEST_APPLESS_MAIN(TestRoundGrid)
#include "tst_roundgrid.moc"
