// The point labels of the plane views at projector size with 12 tokens (issue 14, item 4): in
// the key space every shown label is nearest its own disc, overlaps no disc, query or other
// label and stays in the plot; a label with no room is hidden and its text is in the hover
// tooltip of its disc. The likelihood landscape's π labels keep the same rules.
#include "LabelPlacement.h"
#include "document/ScenarioDocument.h"
#include "panels/ValueSpacePanel.h"
#include "plots/PlaneFit.h"
#include "plots/keyspace/KeySpaceView.h"
#include "plots/mle/MleAnimation.h"
#include "plots/mle/ValueSpaceView.h"
#include "style/Appearance.h"

#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <optional>

using namespace sml;
using labelPlacement::Disc;
using labelPlacement::distanceToEdge;
using labelPlacement::overlaps;

namespace {

/// Twelve tokens of "the cat sat on the mat and the dog sat on it", d_k = d_v = 2: the keys in
/// two tight clusters around the query (where labels used to pile up), one query per token.
Scenario twelveTokens()
{
    Scenario s = defaultScenario();
    s.title = QStringLiteral("twelve tokens");
    const QStringList words = {"the", "cat", "sat", "on",  "the", "mat",
                               "and", "the", "dog", "sat", "on",  "it"};
    s.keyLabels = words;
    s.queryLabels = words;
    s.keys.resize(12, 2);
    s.queries.resize(12, 2);
    s.values.resize(12, 2);
    for (int t = 0; t < 12; ++t) {
        const double a = 0.55 * t + (t % 2) * 0.2;
        const double r = 0.35 + 0.08 * (t % 3) + (t >= 6 ? 0.6 : 0.0);
        s.keys(t, 0) = r * std::cos(a);
        s.keys(t, 1) = r * std::sin(a);
        s.queries(t, 0) = 0.8 * std::cos(0.3 * t);
        s.queries(t, 1) = 0.8 * std::sin(0.3 * t);
        s.values(t, 0) = std::cos(0.9 * t) * (1 + 0.1 * t);
        s.values(t, 1) = std::sin(0.9 * t) * (1 + 0.1 * t);
    }
    s.maxentTargets.reset();
    s.freeVariances.resize(0, 0);
    s.normalizeSideArrays();
    return s;
}

/// Every text item on the label layer with an anchor, and the pixel centre of its point.
struct ShownLabel
{
    QRectF box;
    QPointF own;
    QString text;
    double clearance; ///< planeFit::labelClearance
};

QList<ShownLabel> anchoredLabels(QCustomPlot *plot)
{
    QList<ShownLabel> out;
    for (int k = 0; k < plot->itemCount(); ++k) {
        auto *label = qobject_cast<QCPItemText *>(plot->item(k));
        if (!label || !label->visible() || !label->position->parentAnchor())
            continue;
        out.push_back({planeFit::labelBox(label), label->position->parentAnchor()->pixelPosition(),
                       label->text(), planeFit::labelClearance(label)});
    }
    return out;
}

QString describe(const QRectF &r)
{
    return QStringLiteral("(%1, %2, %3×%4)").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

} // namespace

class TestPlaneLabels : public QObject
{
    Q_OBJECT

private slots:
    void keySpaceTwelveTokensAtProjectorSize_data();
    void keySpaceTwelveTokensAtProjectorSize();
    void valueSpaceLabelsKeepTheRules_data();
    void valueSpaceLabelsKeepTheRules();
    void keySpaceLabelStaysAfterAnEditElsewhere();
    void selectedQueryKeepsItsLabelOnAKeysDisc();
    void keySpaceLabelsFollowTheirDiscsDuringADrag();
};

void TestPlaneLabels::keySpaceTwelveTokensAtProjectorSize_data()
{
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<QSize>("size");
    // The key-space tab of a 1280×800 window, and in presentation mode.
    QTest::newRow("normal 820×600") << false << QSize(820, 600);
    QTest::newRow("presentation 1000×560") << true << QSize(1000, 560);
    QTest::newRow("presentation narrow 640×520") << true << QSize(640, 520);
}

void TestPlaneLabels::keySpaceTwelveTokensAtProjectorSize()
{
    QFETCH(bool, presentation);
    QFETCH(QSize, size);
    Appearance::instance()->setPresentation(presentation);
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(twelveTokens()));
    KeySpaceView view;
    view.bindToDocument(&doc);
    view.resize(size);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replot();

    const int T = doc.scenario().T(), m = doc.scenario().m();
    // Inside the plot and clear of the axis lines drawn along its edges.
    const double axisLine = view.xAxis->basePen().widthF();
    const QRectF plot =
        QRectF(view.axisRect()->rect()).adjusted(axisLine, axisLine, -axisLine, -axisLine);
    std::vector<Disc> discs;
    for (int t = 0; t < T; ++t)
        discs.push_back({view.keyPixel(t), view.keyRadius(t)});
    for (int i = 0; i < m; ++i) // the selected query's handle is 14 px, the others 10 px squares
        discs.push_back(
            {view.queryPixel(i), i == view.selectedQuery() ? 8.0 : 5.0 * std::sqrt(2.0)});

    const QList<ShownLabel> labels = anchoredLabels(&view);
    QVERIFY(labels.size() >= 4);
    QCOMPARE(labels.size(), view.labelBoxes().size());
    for (qsizetype a = 0; a < labels.size(); ++a) {
        const ShownLabel &l = labels[a];
        QVERIFY2(plot.contains(l.box), qPrintable(l.text + " leaves the plot"));
        int own = -1;
        for (size_t j = 0; j < discs.size(); ++j)
            if (QLineF(discs[j].centre, l.own).length() < 0.5 && own < 0)
                own = int(j);
        QVERIFY2(own >= 0, qPrintable(l.text));
        const double dOwn = distanceToEdge(l.box, discs[size_t(own)]);
        QCOMPARE(l.clearance, own == T + view.selectedQuery() ? 0.0 : 8.0);
        for (size_t j = 0; j < discs.size(); ++j) {
            const double d = distanceToEdge(l.box, discs[j]);
            QVERIFY2(
                d >= -0.5,
                qPrintable(
                    QStringLiteral("“%1” %2 lies on disc %3").arg(l.text, describe(l.box)).arg(j)));
            if (QLineF(discs[j].centre, l.own).length() >= 0.5)
                // (the label's clearance, less the half pixel of the pens: 8 px, and 0 for the
                // selected query's bold label in its colour, setLabelClearance)
                QVERIFY2(dOwn + l.clearance - 0.5 <= d,
                         qPrintable(QStringLiteral("“%1” is about as near disc %2 (%3 vs %4)")
                                        .arg(l.text)
                                        .arg(j)
                                        .arg(d)
                                        .arg(dOwn)));
        }
        for (qsizetype b = 0; b < labels.size(); ++b)
            if (b != a)
                QVERIFY2(
                    !overlaps(l.box, labels[b].box),
                    qPrintable(QStringLiteral("“%1” overlaps “%2”").arg(l.text, labels[b].text)));
    }
    // A key whose label was dropped still tells its name and weight when hovered.
    if (view.droppedLabelCount() > 0) {
        int hovered = 0;
        for (int t = 0; t < T; ++t) {
            const QString tip = view.toolTipAt(view.keyPixel(t));
            if (tip.startsWith(QStringLiteral("key %1 ").arg(t + 1)))
                ++hovered;
            QVERIFY(tip.contains(QStringLiteral("\nw = ")) || !tip.startsWith("key"));
        }
        QVERIFY(hovered >= 1);
    }
    Appearance::instance()->setPresentation(false);
}

void TestPlaneLabels::valueSpaceLabelsKeepTheRules_data()
{
    QTest::addColumn<bool>("twelve");
    QTest::addColumn<QSize>("size");
    QTest::newRow("twelve tokens 1000×560") << true << QSize(1000, 560);
    // The default figure presented at 1280×800 (the tab's page): "k2 π = 0.361" stood at the
    // plot's left edge, its "k" under the axis line (a fresh reader's find).
    QTest::newRow("default figure 1250×545") << false << QSize(1250, 545);
}

void TestPlaneLabels::valueSpaceLabelsKeepTheRules()
{
    QFETCH(bool, twelve);
    QFETCH(QSize, size);
    Appearance::instance()->setPresentation(true);
    ScenarioDocument doc;
    MleAnimation animation;
    animation.setDocument(&doc);
    if (twelve)
        QVERIFY(!doc.resetTo(twelveTokens()));
    ValueSpacePanel panel{&doc, &animation};
    panel.resize(size);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    ValueSpaceView *view = panel.view();
    view->replot();
    // Inside the plot and clear of the axis lines drawn along its edges.
    const double axisLine = view->xAxis->basePen().widthF();
    QVERIFY(axisLine >= 1);
    const QRectF plot =
        QRectF(view->axisRect()->rect()).adjusted(axisLine, axisLine, -axisLine, -axisLine);
    std::vector<Disc> dots;
    for (const int key : view->blobKeys())
        dots.push_back({view->valuePixel(key), 5});
    const QRectF mle(view->mlePixel() - QPointF(15, 15), QSizeF(30, 30));
    const QList<ShownLabel> labels = anchoredLabels(view);
    QVERIFY(!labels.isEmpty());
    QCOMPARE(labels.size(), view->labelBoxes().size());
    for (qsizetype a = 0; a < labels.size(); ++a) {
        const ShownLabel &l = labels[a];
        QVERIFY2(plot.contains(l.box), qPrintable(l.text));
        QVERIFY2(!overlaps(l.box, mle), qPrintable(l.text + " covers ô"));
        double dOwn = -1;
        for (const Disc &d : dots)
            if (QLineF(d.centre, l.own).length() < 0.5)
                dOwn = distanceToEdge(l.box, d);
        QVERIFY(dOwn >= 0);
        for (const Disc &d : dots) {
            QVERIFY2(distanceToEdge(l.box, d) >= -0.5, qPrintable(l.text + " on a value point"));
            if (QLineF(d.centre, l.own).length() >= 0.5)
                QVERIFY2(dOwn < distanceToEdge(l.box, d), qPrintable(l.text + " nearer another"));
        }
        for (qsizetype b = 0; b < labels.size(); ++b)
            if (b != a)
                QVERIFY(!overlaps(l.box, labels[b].box));
    }
    Appearance::instance()->setPresentation(false);
}

void TestPlaneLabels::selectedQueryKeepsItsLabelOnAKeysDisc()
{
    // The Key space dock presented at 1280×800 (the tour's "Move a key"): q = (1, 0.5) lies on
    // k1's disc, and its label "q" had no place 8 px farther from k1 than from q, so the query
    // went unlabelled (a fresh reader's find). It is shown, and no nearer another point than
    // its own.
    Appearance::instance()->setPresentation(true);
    ScenarioDocument doc; // MATH.md §6 B
    KeySpaceView view;
    view.bindToDocument(&doc);
    view.resize(320, 630);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replot();
    const Disc k1{view.keyPixel(0), view.keyRadius(0)};
    const QPointF q = view.queryPixel(0);
    QVERIFY2(QLineF(q, k1.centre).length() < k1.radius, "q lies on k1's disc");
    bool shown = false;
    for (const ShownLabel &l : anchoredLabels(&view)) {
        if (QLineF(l.own, q).length() >= 0.5)
            continue;
        shown = true;
        QCOMPARE(l.text, QStringLiteral("q"));
        QVERIFY(!overlaps(l.box, QRectF(q - QPointF(8, 8), QSizeF(16, 16))));
        QVERIFY2(distanceToEdge(l.box, k1) >= distanceToEdge(l.box, {q, 8}) - 0.5,
                 qPrintable(describe(l.box)));
    }
    Appearance::instance()->setPresentation(false);
    QVERIFY(shown);
}

void TestPlaneLabels::keySpaceLabelStaysAfterAnEditElsewhere()
{
    // Key "A" with key "B" up and to the right of it: A's label cannot take its first place
    // (upper right) and goes elsewhere. Dragging B away (an edit of B, not of A) frees that
    // place; A's label stays where it was instead of jumping back (labels that jumped after
    // an unrelated edit were a fresh reader's find).
    Scenario s = defaultScenario();
    s.title = QStringLiteral("labels stay");
    s.keyLabels = {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")};
    s.queryLabels = {QStringLiteral("q")};
    s.keys.resize(3, 2);
    s.keys << 1.0, 0.2, 1.25, 0.45, -0.9, -0.6;
    s.queries.resize(1, 2);
    s.queries << 1.0, 0.3;
    s.values.resize(3, 2);
    s.values << 1.0, 0.0, 0.0, 1.0, -1.0, -1.0;
    s.maxentTargets.reset();
    s.freeVariances.resize(0, 0);
    s.normalizeSideArrays();
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(s));
    KeySpaceView view;
    view.bindToDocument(&doc);
    view.resize(820, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replot();

    // Which side of its disc A's label is on: −1 left/above, +1 right/below, 0 across.
    auto sideOfA = [&]() -> std::optional<QPoint> {
        for (const ShownLabel &l : anchoredLabels(&view)) {
            if (!l.text.startsWith(QLatin1String("A")))
                continue;
            const QPointF c = view.keyPixel(0);
            const int x = l.box.left() >= c.x() ? 1 : l.box.right() <= c.x() ? -1 : 0;
            const int y = l.box.top() >= c.y() ? 1 : l.box.bottom() <= c.y() ? -1 : 0;
            return QPoint(x, y);
        }
        return std::nullopt;
    };
    const auto before = sideOfA();
    QVERIFY(before);
    QVERIFY2(*before != QPoint(1, -1), "B should keep A's label from the upper right");

    // Drag B away from A, up into the plot's top right corner (not across A's label), with
    // real mouse events.
    const QPointF from = view.keyPixel(1);
    const QRectF plot(view.axisRect()->rect());
    const QPointF to = plot.topRight() + QPointF(-30, 30);
    QTest::mousePress(&view, Qt::LeftButton, Qt::NoModifier, from.toPoint());
    for (int k = 1; k <= 6; ++k)
        QTest::mouseMove(&view, (from + (to - from) * (k / 6.0)).toPoint());
    QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, to.toPoint());
    QCoreApplication::processEvents();
    view.replot();
    QCOMPARE(doc.undoStack()->count(), 1);
    QVERIFY(QLineF(view.keyPixel(1), view.keyPixel(0)).length() > 100);
    const auto after = sideOfA();
    QVERIFY(after);
    QCOMPARE(*after, *before);
}

void TestPlaneLabels::keySpaceLabelsFollowTheirDiscsDuringADrag()
{
    // While k2 is dragged (the button still down), every shown label stays beside its own
    // disc: a fresh reader saw "k2 w = 0.614" left where k2 had been.
    ScenarioDocument doc;
    KeySpaceView view;
    view.bindToDocument(&doc);
    view.resize(330, 600); // the Key space dock at 1280×800
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replot();
    const QPointF from = view.keyPixel(1);
    const QPointF to(view.xAxis->coordToPixel(1.5), view.yAxis->coordToPixel(1.0));
    QTest::mousePress(&view, Qt::LeftButton, Qt::NoModifier, from.toPoint());
    for (int k = 1; k <= 20; ++k) {
        QTest::mouseMove(&view, (from + (to - from) * (k / 20.0)).toPoint());
        QCoreApplication::processEvents();
    }
    view.replot();
    const int T = doc.scenario().T();
    for (const ShownLabel &l : anchoredLabels(&view)) {
        // The disc nearest the label's box must be the one it hangs off.
        int nearest = -1;
        double best = 1e9;
        for (int t = 0; t < T; ++t) {
            const double d = distanceToEdge(l.box, {view.keyPixel(t), view.keyRadius(t)});
            if (d < best) {
                best = d;
                nearest = t;
            }
        }
        if (!l.text.startsWith(QLatin1Char('k')))
            continue; // the query's name
        const int own = l.text.mid(1, 1).toInt() - 1;
        QVERIFY2(nearest == own, qPrintable(QStringLiteral("%1 is nearest k%2 (%3 px), at %4")
                                                .arg(l.text)
                                                .arg(nearest + 1)
                                                .arg(best)
                                                .arg(describe(l.box))));
    }
    QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, to.toPoint());
}

QTEST_MAIN(TestPlaneLabels)
#include "tst_planelabels.moc"
