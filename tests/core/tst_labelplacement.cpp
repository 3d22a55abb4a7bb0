// Tests of labelPlacement (core/LabelPlacement.h): the labels of the plane views are nearest
// their own disc, overlap no disc, label or obstacle, stay in the plot, are dropped when there
// is no room, and the result depends on the input alone (issue 14, item 4).

#include "LabelPlacement.h"

#include <QTest>

#include <cmath>

using namespace sml;
using namespace sml::labelPlacement;

class TestLabelPlacement : public QObject
{
    Q_OBJECT

private slots:
    void firstCandidateIsUpperRightAtTheGap();
    void distanceToEdgeIsExact();
    void neverBesideTheWrongDisc();
    void notOverAnotherDisc();
    void crowdedRowKeepsEveryRule();
    void droppedWhenThereIsNoRoom();
    void aDiscAtTheEdgeKeepsItsLabel();
    void heaviestFirst();
    void explicitCandidatesAvoidObstacles();
    void deterministic();
    void keepsItsPlaceWhileTheSceneChangesElsewhere();
    void crowdedLabelStaysNearItsDisc();
};

namespace {

/// Checks every rule of the header for every shown label; returns the number shown.
int checkRules(const Problem &p, const Placement &r)
{
    int shown = 0;
    for (size_t i = 0; i < p.labels.size(); ++i) {
        if (!r.boxes[i])
            continue;
        ++shown;
        const QRectF box = *r.boxes[i];
        [&] {
            QVERIFY2(p.plot.contains(box),
                     qPrintable(QStringLiteral("label %1 leaves the plot").arg(i)));
            QCOMPARE(box.size(), p.labels[i].size);
            for (size_t j = 0; j < p.discs.size(); ++j)
                QVERIFY2(distanceToEdge(box, p.discs[j]) >= -1e-9,
                         qPrintable(QStringLiteral("label %1 on disc %2").arg(i).arg(j)));
            for (const QRectF &o : p.obstacles)
                QVERIFY(!overlaps(box, o));
            for (size_t k = 0; k < p.labels.size(); ++k)
                if (k != i && r.boxes[k])
                    QVERIFY2(!overlaps(box, *r.boxes[k]),
                             qPrintable(QStringLiteral("labels %1 and %2 overlap").arg(i).arg(k)));
            const int a = p.labels[i].anchor;
            if (a < 0)
                return;
            const double own = distanceToEdge(box, p.discs[size_t(a)]);
            for (size_t j = 0; j < p.discs.size(); ++j)
                if (int(j) != a)
                    QVERIFY2(own + p.labels[i].clearance <= distanceToEdge(box, p.discs[j]) + 1e-9,
                             qPrintable(QStringLiteral("label %1 nearer disc %2").arg(i).arg(j)));
        }();
        if (QTest::currentTestFailed())
            return -1;
    }
    return shown;
}

Label named(int anchor, double w = 60, double h = 16, double priority = 0)
{
    Label l;
    l.anchor = anchor;
    l.size = QSizeF(w, h);
    l.priority = priority;
    return l;
}

} // namespace

void TestLabelPlacement::firstCandidateIsUpperRightAtTheGap()
{
    // Disc at (100, 100), r = 10, gap 2: the box's lower-left corner at 12 px along 45°.
    const auto c = candidatesAround({QPointF(100, 100), 10}, QSizeF(40, 16), 2);
    QCOMPARE(int(c.size()), 40);
    const double d = 12 * std::sqrt(0.5);
    QCOMPARE(c[0].left(), 100 + d);
    QCOMPARE(c[0].bottom(), 100 - d);
    // Right: the left edge 12 px from the centre, centred vertically.
    QCOMPARE(c[4], QRectF(112, 92, 40, 16));
    // Below, on the second ring (half a step: 0.375 · 16 = 6): the top edge at 10 + 2 + 6;
    // on the last, 1.5 label heights out: 10 + 2 + 24.
    QCOMPARE(c[15], QRectF(80, 118, 40, 16));
    QCOMPARE(c[39], QRectF(80, 136, 40, 16));
    for (const QRectF &box : c)
        QVERIFY(distanceToEdge(box, {QPointF(100, 100), 10}) >= 2 - 1e-9);
}

void TestLabelPlacement::distanceToEdgeIsExact()
{
    const Disc d{QPointF(0, 0), 5};
    QCOMPARE(distanceToEdge(QRectF(8, -2, 10, 4), d), 3.0);  // beside: 8 − 5
    QCOMPARE(distanceToEdge(QRectF(3, 4, 10, 10), d), 0.0);  // corner (3, 4) on the circle
    QCOMPARE(distanceToEdge(QRectF(-1, -1, 2, 2), d), -6.0); // covers the centre
    QVERIFY(overlaps(QRectF(0, 0, 10, 10), QRectF(5, 5, 10, 10)));
    QVERIFY(!overlaps(QRectF(0, 0, 10, 10), QRectF(10, 0, 10, 10))); // touching
}

void TestLabelPlacement::neverBesideTheWrongDisc()
{
    // Two discs side by side, 50 px apart: disc 0's upper-right spot would sit nearer disc 1
    // (the bug of issue 14: "k3 w = 0.125" next to q). Its label goes to its left side.
    Problem p;
    p.plot = QRectF(0, 0, 400, 300);
    p.discs = {{QPointF(150, 150), 8}, {QPointF(200, 150), 8}};
    p.labels = {named(0, 80)};
    const Placement r = place(p);
    QVERIFY(r.boxes[0]);
    QVERIFY(r.boxes[0]->right() <= 150);
    QVERIFY(distanceToEdge(*r.boxes[0], p.discs[0]) < distanceToEdge(*r.boxes[0], p.discs[1]));
    QCOMPARE(checkRules(p, r), 1);

    // The default figure's key space: a large disc (k1) with a small one 119 px to its left
    // (k3), the plot ending just right of k1. The lower-left spot of k1 is 3 px from k1 and
    // 6 px from k3: it reads as k3's. The label goes above k1 instead, slid left into the plot
    // (before candidates were slid back inside, this one was dropped); a narrower one fits
    // there as it is.
    Problem f;
    f.plot = QRectF(0, 0, 1160, 700);
    f.discs = {{QPointF(1130, 447), 22}, {QPointF(1011, 447), 11}};
    f.labels = {named(0, 120, 20)};
    const Placement slid = place(f);
    QVERIFY(slid.boxes[0]);
    QVERIFY(slid.boxes[0]->bottom() <= 447 - 22);
    QVERIFY(distanceToEdge(*slid.boxes[0], f.discs[1]) >=
            distanceToEdge(*slid.boxes[0], f.discs[0]) + 8 - 1e-9);
    QCOMPARE(checkRules(f, slid), 1);
    f.labels[0].size = QSizeF(50, 20);
    const Placement g = place(f);
    QVERIFY(g.boxes[0]);
    const double own = distanceToEdge(*g.boxes[0], f.discs[0]);
    QVERIFY(distanceToEdge(*g.boxes[0], f.discs[1]) >= own + 8 - 1e-9);
    QCOMPARE(checkRules(f, g), 1);
    f.labels[0].size = QSizeF(120, 20);
    // Without the clearance, the first free spot is that ambiguous one, in k3's row; a spot out
    // of line with every other disc is still taken first.
    f.labels[0].clearance = 0;
    const Placement h = place(f);
    QVERIFY(h.boxes[0]);
    QVERIFY(h.boxes[0]->bottom() < 447 || h.boxes[0]->top() > 447);
}

void TestLabelPlacement::notOverAnotherDisc()
{
    // A reader's own example in the key-space dock: "the" at (1108, 381), "cat" 60 px to the
    // right and 52 px lower. The first spot (upper right of "the") kept the 8-px rule, 8 px from
    // "the" and 50 px from "cat", but stood right over "cat" and read as its name. A spot with
    // no other disc in line with it (its column or row) within two label heights comes first.
    Problem p;
    p.plot = QRectF(960, 200, 300, 480);
    p.discs = {{QPointF(1108, 381), 15}, {QPointF(1168, 433), 18}};
    p.labels = {named(0, 88, 35)};
    const Placement r = place(p);
    QVERIFY(r.boxes[0]);
    const QRectF box = *r.boxes[0];
    const QPointF cat = p.discs[1].centre;
    QVERIFY2(!(cat.x() >= box.left() && cat.x() <= box.right() &&
               cat.y() - 18 - box.bottom() < 2 * 35),
             qPrintable(QStringLiteral("the label over “cat”: %1,%2 %3×%4")
                            .arg(box.x())
                            .arg(box.y())
                            .arg(box.width())
                            .arg(box.height())));
    QCOMPARE(checkRules(p, r), 1);
    // With no such spot (the plot ends just left of "the"), the 8-px rule still places it.
    p.plot = QRectF(1090, 300, 170, 380);
    const Placement tight = place(p);
    QVERIFY(tight.boxes[0]);
    QCOMPARE(checkRules(p, tight), 1);
}

void TestLabelPlacement::crowdedRowKeepsEveryRule()
{
    // 12 keys in a ring around a query (the 12-token scenario), all labelled.
    Problem p;
    p.plot = QRectF(0, 0, 700, 500);
    for (int t = 0; t < 12; ++t) {
        const double a = 2 * M_PI * t / 12;
        p.discs.push_back({QPointF(350 + 120 * std::cos(a), 250 + 120 * std::sin(a)), 4.0 + t});
        p.labels.push_back(named(t, 90, 16, 1.0 / (t + 1)));
    }
    p.discs.push_back({QPointF(350, 250), 7}); // the query's handle
    p.labels.push_back(named(12, 20, 16, 2));
    const Placement r = place(p);
    const int shown = checkRules(p, r);
    QVERIFY(shown >= 10);
    QCOMPARE(int(r.dropped.size()), 13 - shown);
}

void TestLabelPlacement::droppedWhenThereIsNoRoom()
{
    // A plot just larger than the disc: no candidate fits inside it.
    Problem p;
    p.plot = QRectF(0, 0, 40, 40);
    p.discs = {{QPointF(20, 20), 15}};
    p.labels = {named(0, 60)};
    Placement r = place(p);
    QVERIFY(!r.boxes[0]);
    QCOMPARE(r.dropped, std::vector<int>{0});
    // Two coincident discs: no box is nearer to one than to the other, both labels dropped.
    p.plot = QRectF(0, 0, 400, 400);
    p.discs = {{QPointF(200, 200), 6}, {QPointF(200, 200), 6}};
    p.labels = {named(0), named(1)};
    r = place(p);
    QCOMPARE(r.dropped, (std::vector<int>{0, 1}));
    // A label that names no disc and has no candidates cannot be placed.
    p.labels = {named(-1)};
    QCOMPARE(place(p).dropped, std::vector<int>{0});
}

void TestLabelPlacement::aDiscAtTheEdgeKeepsItsLabel()
{
    // A disc 10 px from the plot's left edge and a label nearly as wide as the plot: every box
    // beside the disc or centred on it leaves the plot; one above it, slid back inside, fits
    // (k3 of the default figure lost its label in the key-space dock at 1280×800).
    Problem p;
    p.plot = QRectF(0, 0, 100, 300);
    p.discs = {{QPointF(10, 150), 8}};
    p.labels = {named(0, 90, 30)};
    const Placement r = place(p);
    QVERIFY(r.boxes[0]);
    QCOMPARE(checkRules(p, r), 1);
    QCOMPARE(r.boxes[0]->left(), 0.0);
    QVERIFY(r.boxes[0]->bottom() <= 150 - 8); // above the disc, not on it
}

void TestLabelPlacement::heaviestFirst()
{
    // One free spot between two walls of obstacles: the heavier label gets it.
    Problem p;
    p.plot = QRectF(0, 0, 200, 60);
    p.discs = {{QPointF(100, 30), 4}, {QPointF(100, 30), 4}};
    Label light = named(-1, 40, 16, 0.2), heavy = named(-1, 40, 16, 0.8);
    light.candidates = heavy.candidates = {QRectF(20, 5, 40, 16)};
    p.labels = {light, heavy};
    const Placement r = place(p);
    QVERIFY(!r.boxes[0]);
    QVERIFY(r.boxes[1]);
    QCOMPARE(*r.boxes[1], QRectF(20, 5, 40, 16));
}

void TestLabelPlacement::explicitCandidatesAvoidObstacles()
{
    // A score line's label: the first edge is taken by a key's label (an obstacle), the second
    // runs off the plot, the third is free.
    Problem p;
    p.plot = QRectF(0, 0, 300, 200);
    p.obstacles = {QRectF(100, 180, 60, 16)};
    Label s = named(-1, 50, 14);
    s.candidates = {QRectF(110, 186, 50, 14), QRectF(280, 90, 50, 14), QRectF(0, 90, 50, 14)};
    p.labels = {s};
    const Placement r = place(p);
    QVERIFY(r.boxes[0]);
    QCOMPARE(*r.boxes[0], QRectF(0, 90, 50, 14));
    QCOMPARE(checkRules(p, r), 1);
}

void TestLabelPlacement::deterministic()
{
    Problem p;
    p.plot = QRectF(0, 0, 500, 400);
    for (int t = 0; t < 20; ++t)
        p.discs.push_back({QPointF(50 + 20 * t, 200 + 15 * std::sin(t)), 5});
    for (int t = 0; t < 20; ++t)
        p.labels.push_back(named(t, 50, 16, t % 3)); // ties resolved by input order
    const Placement a = place(p), b = place(p);
    QCOMPARE(a.boxes, b.boxes);
    QCOMPARE(a.dropped, b.dropped);
    QVERIFY(checkRules(p, a) >= 1);
    QVERIFY(!a.dropped.empty()); // 20 labels of 50 px in a 400 px row cannot all fit
}

void TestLabelPlacement::keepsItsPlaceWhileTheSceneChangesElsewhere()
{
    // Disc 0 at (200, 200), r = 10; disc 1 up and to the right of it blocks its label's first
    // place (upper right), so the label goes to the second (lower right).
    Problem p;
    p.plot = QRectF(0, 0, 500, 400);
    p.discs = {{QPointF(200, 200), 10}, {QPointF(250, 160), 10}};
    p.labels = {named(0, 50, 16)};
    const Placement first = place(p);
    QVERIFY(first.boxes[0]);
    QCOMPARE(first.chosen[0], 1);
    const auto candidates = candidatesAround(p.discs[0], QSizeF(50, 16), 2);
    QCOMPARE(*first.boxes[0], candidates[1]);
    // Disc 1 moves away (an edit elsewhere): without a kept place the label jumps back to the
    // upper right; with it, it stays at the lower right.
    p.discs[1].centre = QPointF(450, 50);
    QCOMPARE(place(p).chosen[0], 0);
    p.labels[0].preferred = first.chosen[0];
    const Placement kept = place(p);
    QCOMPARE(kept.chosen[0], 1);
    QCOMPARE(*kept.boxes[0], candidates[1]);
    QCOMPARE(checkRules(p, kept), 1);
    // A kept place that now breaks a rule (disc 1 comes under it) is left.
    p.discs[1].centre = QPointF(230, 235);
    const Placement moved = place(p);
    QVERIFY(moved.boxes[0]);
    QVERIFY(moved.chosen[0] != 1);
    QCOMPARE(checkRules(p, moved), 1);
    // A kept place on the second ring gives way to room on the nearest ring.
    p.discs[1].centre = QPointF(450, 50);
    p.labels[0].preferred = 8 + 3;
    QCOMPARE(place(p).chosen[0], 0);
    // Out of range: ignored.
    p.labels[0].preferred = 99;
    QCOMPARE(place(p).chosen[0], 0);
    // Dropped: -1.
    p.labels.push_back(named(0, 900, 16));
    QCOMPARE(place(p).chosen[1], -1);
}

void TestLabelPlacement::crowdedLabelStaysNearItsDisc()
{
    // The default figure's key space presented in the 1280×800 window's narrow dock (pixels
    // read off a screenshot): k1's disc with the query's handle on its edge, k2 up and to the
    // left, k3 to the left; k1's label in two lines. Every place clear of the other discs' rows
    // and columns was 1.5 label heights out, and k1's label stood 120 px under its disc, read
    // as nobody's (a fresh reader). Now a place within 0.75 label heights that keeps the rules
    // comes first.
    Problem p;
    p.plot = QRectF(95, 170, 220, 450);
    p.discs = {{QPointF(230, 424), 33}, {QPointF(229, 397), 8}, {QPointF(175, 368), 28},
               {QPointF(120, 424), 20}};
    p.labels = {named(0, 135, 56)};
    const Placement r = place(p);
    QVERIFY(r.boxes[0]);
    QCOMPARE(checkRules(p, r), 1);
    const double out = distanceToEdge(*r.boxes[0], p.discs[0]);
    QVERIFY2(out <= 2 + 0.75 * 56 + 1e-9, qPrintable(QStringLiteral("%1 px out").arg(out)));
}

QTEST_APPLESS_MAIN(TestLabelPlacement)
#include "tst_labelplacement.moc"
