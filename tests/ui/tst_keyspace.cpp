// Tests of the key-space view (MATH.md §4.5) with real mouse events, offscreen: a drag moves the
// vector by Bδ with the plane frozen, the weight moves the way q·δ predicts, one drag is one
// undo step, and extreme scenarios never draw NaN.
#include "Analysis.h"
#include "KeyPlane.h"
#include "document/ScenarioDocument.h"
#include "panels/KeySpacePanel.h"
#include "plots/PlaneFit.h"
#include "plots/keyspace/KeySpaceView.h"
#include "style/Appearance.h"

#include <QCheckBox>
#include <QComboBox>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using namespace sml;

namespace {

/// Presses at `from`, moves in `steps` steps to `to` and releases, with QTest mouse events.
void drag(QWidget *widget, QPointF from, QPointF to, int steps = 6,
          const std::function<void(int)> &during = {})
{
    QTest::mousePress(widget, Qt::LeftButton, Qt::NoModifier, from.toPoint());
    for (int k = 1; k <= steps; ++k) {
        const QPointF p = from + (to - from) * (double(k) / steps);
        QTest::mouseMove(widget, p.toPoint());
        if (during)
            during(k);
    }
    QTest::mouseRelease(widget, Qt::LeftButton, Qt::NoModifier, to.toPoint());
}

/// Four keys in d_k = 4, two queries: a genuine PCA plane.
Scenario fourDimScenario()
{
    Scenario s = defaultScenario();
    s.queryLabels = {QStringLiteral("a"), QStringLiteral("b")};
    s.queries.resize(2, 4);
    s.queries << 1.0, 0.5, -0.2, 0.3, -0.4, 0.9, 0.1, -0.6;
    s.keyLabels = {QStringLiteral("k1"), QStringLiteral("k2"), QStringLiteral("k3"),
                   QStringLiteral("k4")};
    s.keys.resize(4, 4);
    s.keys << 1.0, 0.0, 0.5, 0.0, 0.0, 1.0, -0.3, 0.2, -1.0, 0.2, 0.0, 0.7, 0.4, -0.8, 1.1, -0.2;
    s.values.resize(4, 2);
    s.values << 1.0, 0.0, 0.0, 1.0, -1.0, -1.0, 0.3, 0.6;
    s.freeVariances.resize(0, 0);
    s.maxentTargets.reset();
    s.normalizeSideArrays();
    return s;
}

bool allFinite(const QList<QCPAbstractItem *> &items)
{
    for (QCPAbstractItem *item : items)
        for (QCPItemPosition *p : item->positions())
            if (!std::isfinite(p->coords().x()) || !std::isfinite(p->coords().y()))
                return false;
    return true;
}

/// Shows the view on the document at `size` (900×700 unless told) and draws it once; false if it
/// never appears.
bool showOn(KeySpaceView &view, ScenarioDocument &doc, QSize size = QSize(900, 700))
{
    view.bindToDocument(&doc);
    view.resize(size);
    view.show();
    if (!QTest::qWaitForWindowExposed(&view))
        return false;
    view.replot();
    return true;
}

QList<QCPAbstractItem *> itemsOf(QCustomPlot *plot)
{
    QList<QCPAbstractItem *> items;
    for (int k = 0; k < plot->itemCount(); ++k)
        if (plot->item(k)->visible())
            items << plot->item(k);
    return items;
}

} // namespace

class TestKeySpace : public QObject
{
    Q_OBJECT

private slots:
    void dragChangesWeightAsDotProductPredicts_data();
    void dragChangesWeightAsDotProductPredicts();
    void dragIsOneUndoStep();
    void axesStayAfterASmallDrag();
    void axesStayAfterADragInsideTheView_data();
    void axesStayAfterADragInsideTheView();
    void queryDragMovesTheQuery();
    void pcaBasisIsFrozenDuringDrag();
    void dimensionsAndLine();
    void entropyFieldMatchesCore();
    void scoreFieldIsTheScoreOnADivergingMap();
    void clickSelectsAnotherQuery();
    void manyQueriesAreOneScatterAndStillSelectable();
    void extremesNeverDrawNaN_data();
    void extremesNeverDrawNaN();
    void keyPlaneIsOrthonormal();
    void pcaAxisLabelsAreWholeInANarrowDock();
    void pcaTitleTakesTwoLinesInANarrowDock();
};

void TestKeySpace::dragChangesWeightAsDotProductPredicts_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<QPointF>("pixels");   // widget pixels (y grows downwards)
    QTest::addColumn<int>("expectedSign"); // sign of q·δ and of the weight change
    QTest::addColumn<bool>("longKey");     // k1 = (3, 0), longer than q's projection

    QTest::newRow("k2 along q") << 1 << QPointF(60, -30) << 1 << false;
    QTest::newRow("k2 against q") << 1 << QPointF(-60, 30) << -1 << false;
    QTest::newRow("k2 up (q·δ > 0)") << 1 << QPointF(0, -50) << 1 << false;
    QTest::newRow("k2 left, slightly up (q·δ < 0)") << 1 << QPointF(-70, -20) << -1 << false;
    QTest::newRow("k1 right") << 0 << QPointF(45, 0) << 1 << false;
    QTest::newRow("k3 down-right") << 2 << QPointF(30, 40) << 1 << false;
    QTest::newRow("k3 down-left") << 2 << QPointF(-50, 40) << -1 << false;
    // MATH.md §4.5: moving a long key towards the query's tip lowers its score.
    QTest::newRow("long k1 towards q's tip") << 0 << QPointF(-80, -20) << -1 << true;
}

void TestKeySpace::dragChangesWeightAsDotProductPredicts()
{
    QFETCH(int, key);
    QFETCH(QPointF, pixels);
    QFETCH(int, expectedSign);
    QFETCH(bool, longKey);

    ScenarioDocument doc;
    if (longKey) {
        QVERIFY(!doc.moveVector(VectorKind::Key, 0, Eigen::Vector2d(3.0, 0.0)));
        doc.undoStack()->clear();
    }
    KeySpaceView view;
    QVERIFY(showOn(view, doc));

    const Eigen::VectorXd q = doc.scenario().queries.row(0).transpose();
    const Eigen::VectorXd before = doc.scenario().keys.row(key).transpose();
    const double wBefore = doc.analysis().attention().weights(0, key);
    const QPointF from = view.keyPixel(key);
    const QPointF to = from + pixels;
    const Eigen::Vector2d delta =
        view.pixelToCoord(to.toPoint()) - view.pixelToCoord(from.toPoint());
    QCOMPARE(q.dot(delta) > 0 ? 1 : -1, expectedSign); // the row says what q·δ is

    drag(&view, from, to);
    QVERIFY(!view.isDragging());
    const Eigen::VectorXd after = doc.scenario().keys.row(key).transpose();
    // d_k = 2: B = I, so the key moved by exactly δ.
    QVERIFY2((after - (before + delta)).cwiseAbs().maxCoeff() <= 1e-12,
             qPrintable(QStringLiteral("moved by (%1, %2), expected (%3, %4)")
                            .arg(after[0] - before[0])
                            .arg(after[1] - before[1])
                            .arg(delta[0])
                            .arg(delta[1])));
    // MATH.md §4.5: s_t rises exactly when q·δ > 0, and the weight with it.
    const double wAfter = doc.analysis().attention().weights(0, key);
    const double sBefore = q.dot(before) / doc.analysis().tau();
    const double sAfter = doc.analysis().attention().score(0, key);
    QCOMPARE(sAfter > sBefore ? 1 : -1, expectedSign);
    QCOMPARE(wAfter > wBefore ? 1 : -1, expectedSign);
    QVERIFY(std::abs(wAfter - wBefore) > 1e-4);
}

void TestKeySpace::axesStayAfterASmallDrag()
{
    ScenarioDocument doc;
    KeySpaceView view;
    QVERIFY(showOn(view, doc, QSize(800, 600)));
    const QCPRange x0 = view.xAxis->range(), y0 = view.yAxis->range();
    // A small move inside the view: after the release the disc stays under the cursor.
    const QPointF to = view.keyPixel(1) + QPointF(30, -20);
    drag(&view, view.keyPixel(1), to);
    QCOMPARE(view.xAxis->range(), x0);
    QCOMPARE(view.yAxis->range(), y0);
    QVERIFY(QLineF(view.keyPixel(1), to).length() < 2);
    // A drag far outside the view refits it, so every vector is shown again.
    const QPointF far = view.keyPixel(1) + QPointF(0, -250);
    drag(&view, view.keyPixel(1), far);
    QVERIFY(!(view.yAxis->range() == y0));
    QVERIFY(view.yAxis->range().contains(doc.scenario().keys(1, 1)));
}

void TestKeySpace::axesStayAfterADragInsideTheView_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("wide 800x600") << QSize(800, 600);
    QTest::newRow("window dock 420x340") << QSize(420, 340);
    QTest::newRow("presented dock 480x620") << QSize(480, 620);
    QTest::newRow("short 700x300") << QSize(700, 300);
}

void TestKeySpace::axesStayAfterADragInsideTheView()
{
    // A fresh reader dragged k2 from (0, 1) to (1.5, 1.2), well inside the view: on release the
    // axes refitted from −3…4 to −4…5 and the figure shrank into a cluster. The padded region
    // had to fit the old ranges and fill 40 % of their width (a wide view never did).
    QFETCH(QSize, size);
    ScenarioDocument doc;
    KeySpaceView view;
    QVERIFY(showOn(view, doc, size));
    const QCPRange x0 = view.xAxis->range(), y0 = view.yAxis->range();
    const QPointF to = view.coordToPixel(Eigen::Vector2d(1.5, 1.2));
    QVERIFY(view.axisRect()->rect().contains(to.toPoint()));
    drag(&view, view.keyPixel(1), to);
    QVERIFY(std::abs(doc.scenario().keys(1, 0) - 1.5) < 0.1);
    QVERIFY(std::abs(doc.scenario().keys(1, 1) - 1.2) < 0.1);
    QCOMPARE(view.xAxis->range(), x0);
    QCOMPARE(view.yAxis->range(), y0);
    QVERIFY(QLineF(view.keyPixel(1), to).length() < 2); // the disc stays under the cursor
    // Dragged back: the same ranges still.
    drag(&view, view.keyPixel(1), view.coordToPixel(Eigen::Vector2d(0, 1)));
    QCOMPARE(view.xAxis->range(), x0);
    QCOMPARE(view.yAxis->range(), y0);
}

void TestKeySpace::dragIsOneUndoStep()
{
    ScenarioDocument doc;
    KeySpaceView view;
    QVERIFY(showOn(view, doc, QSize(800, 600)));
    const Scenario original = doc.scenario();
    QSignalSpy changed(&doc, &ScenarioDocument::changed);
    const QPointF from = view.keyPixel(1);
    drag(&view, from, from + QPointF(50, -40), 10);
    QVERIFY(changed.count() >= 5); // every view follows while dragging
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.undoStack()->text(0), QStringLiteral("Move key k2"));
    QVERIFY(doc.isModified());
    doc.undoStack()->undo();
    QVERIFY(doc.scenario() == original);
    doc.undoStack()->redo();
    QVERIFY(!(doc.scenario() == original));

    // A second drag is a second step.
    drag(&view, view.keyPixel(0), view.keyPixel(0) + QPointF(-20, 20));
    QCOMPARE(doc.undoStack()->count(), 2);
    QCOMPARE(doc.undoStack()->text(1), QStringLiteral("Move key k1"));
}

void TestKeySpace::queryDragMovesTheQuery()
{
    ScenarioDocument doc;
    KeySpaceView view;
    QVERIFY(showOn(view, doc, QSize(800, 600)));
    const Eigen::VectorXd before = doc.scenario().queries.row(0).transpose();
    const QPointF from = view.queryPixel(0);
    const QPointF to = from + QPointF(-40, -60);
    const Eigen::Vector2d delta =
        view.pixelToCoord(to.toPoint()) - view.pixelToCoord(from.toPoint());
    drag(&view, from, to);
    const Eigen::VectorXd after = doc.scenario().queries.row(0).transpose();
    QVERIFY((after - (before + delta)).cwiseAbs().maxCoeff() <= 1e-12);
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.undoStack()->text(0), QStringLiteral("Move query q"));
    // The weights follow the new query: softmax of K q / τ.
    const Eigen::VectorXd s = doc.scenario().keys * after / std::sqrt(2.0);
    const Eigen::VectorXd e = (s.array() - s.maxCoeff()).exp();
    for (int t = 0; t < 3; ++t)
        QVERIFY(std::abs(doc.analysis().attention().weights(0, t) - e[t] / e.sum()) < 1e-14);
}

void TestKeySpace::pcaAxisLabelsAreWholeInANarrowDock()
{
    // The Key space dock presented at 1280×800 (about 320 px wide): "principal direction 1" was
    // elided to "principal…rection 1" (a fresh reader). A whole shorter form is shown instead.
    Appearance::instance()->setPresentation(true);
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(fourDimScenario()));
    KeySpaceView view;
    QVERIFY(showOn(view, doc, QSize(300, 600)));
    const QString shown = view.xAxis->label();
    Appearance::instance()->setPresentation(false);
    QCOMPARE(view.plane().kind, KeyPlane::Kind::Pca);
    QVERIFY2(shown == QStringLiteral("principal direction 1") || shown == QStringLiteral("PC 1"),
             qPrintable(shown));
}

void TestKeySpace::pcaTitleTakesTwoLinesInANarrowDock()
{
    // Presented in the dock at 1280×800 (about 320 px), "PCA projection (explains 44.2% of
    // variance) · query “q1”" took four lines over a small plot (a fresh reader): a narrow view
    // says it in fewer words, in at most two lines; a wide one says it whole.
    Appearance::instance()->setPresentation(true);
    const auto leave = qScopeGuard([] { Appearance::instance()->setPresentation(false); });
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(fourDimScenario()));
    const auto titleOf = [](KeySpaceView &view) {
        for (int k = 0; k < view.plotLayout()->elementCount(); ++k)
            if (auto *text = qobject_cast<QCPTextElement *>(view.plotLayout()->elementAt(k));
                text && text->text().contains(QStringLiteral("PCA")))
                return text->text();
        return QString();
    };
    KeySpaceView narrow;
    QVERIFY(showOn(narrow, doc, QSize(320, 600)));
    narrow.replot();
    const QString shown = titleOf(narrow);
    QVERIFY2(shown.startsWith(QStringLiteral("PCA (")) && shown.count(QLatin1Char('\n')) <= 1,
             qPrintable(shown));
    QVERIFY(shown.simplified().contains(QStringLiteral("% of variance")));
    KeySpaceView wide;
    QVERIFY(showOn(wide, doc, QSize(1200, 600)));
    wide.replot();
    QVERIFY2(titleOf(wide).startsWith(QStringLiteral("PCA projection (explains")),
             qPrintable(titleOf(wide)));
}

void TestKeySpace::pcaBasisIsFrozenDuringDrag()
{
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(fourDimScenario()));
    KeySpaceView view;
    QVERIFY(showOn(view, doc));
    QCOMPARE(view.plane().kind, KeyPlane::Kind::Pca);
    QVERIFY(view.titleText().contains(QStringLiteral("PCA projection (explains")));
    QVERIFY(view.titleText().contains(QStringLiteral("% of variance")));
    const Eigen::MatrixXd B = view.plane().basis;
    QCOMPARE(B.rows(), 4);
    QCOMPARE(B.cols(), 2);
    const QCPRange xr = view.xAxis->range(), yr = view.yAxis->range();

    const int key = 2;
    const Eigen::VectorXd before = doc.scenario().keys.row(key).transpose();
    const QPointF from = view.keyPixel(key);
    const QPointF to = from + QPointF(70, 45);
    const Eigen::Vector2d delta =
        view.pixelToCoord(to.toPoint()) - view.pixelToCoord(from.toPoint());
    int checks = 0;
    drag(&view, from, to, 8, [&](int) {
        // While dragging: the same plane and the same ranges, whatever the vectors do.
        QVERIFY(view.isDragging());
        QVERIFY((view.plane().basis - B).cwiseAbs().maxCoeff() == 0);
        QCOMPARE(view.xAxis->range(), xr);
        QCOMPARE(view.yAxis->range(), yr);
        ++checks;
    });
    QCOMPARE(checks, 8);
    const Eigen::VectorXd after = doc.scenario().keys.row(key).transpose();
    const Eigen::VectorXd expected = before + B * delta;
    QVERIFY2(
        (after - expected).cwiseAbs().maxCoeff() <= 1e-12,
        qPrintable(QStringLiteral("max error %1").arg((after - expected).cwiseAbs().maxCoeff())));
    // Only the in-plane part moved: the component orthogonal to the plane is unchanged.
    const Eigen::MatrixXd P = Eigen::MatrixXd::Identity(4, 4) - B * B.transpose();
    QVERIFY((P * (after - before)).cwiseAbs().maxCoeff() <= 1e-12);
    QCOMPARE(doc.undoStack()->count(), 1);
    // The score change is (Bᵀq)·δ/τ: the projected query dotted with the in-plane move.
    const Eigen::VectorXd q = doc.scenario().queries.row(0).transpose();
    const double ds = doc.analysis().attention().score(0, key) - q.dot(before) / 2.0;
    QVERIFY(std::abs(ds - (B.transpose() * q).dot(delta) / 2.0) < 1e-12);
}

void TestKeySpace::dimensionsAndLine()
{
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(fourDimScenario()));
    KeySpacePanel panel(&doc);
    panel.resize(900, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    KeySpaceView *view = panel.view();
    QVERIFY(panel.projectionCombo()->isVisible());
    // d_k = 4: the entropy background is unavailable, the score background is offered.
    const auto *fieldModel = qobject_cast<QStandardItemModel *>(panel.fieldCombo()->model());
    QVERIFY(fieldModel && !fieldModel->item(2)->isEnabled() && fieldModel->item(1)->isEnabled());
    panel.projectionCombo()->setCurrentIndex(1);
    QCOMPARE(view->plane().kind, KeyPlane::Kind::Dimensions);
    panel.dimensionYSpin()->setValue(3);
    QCOMPARE(view->plane().dimY, 2);
    QVERIFY(view->titleText().contains(QStringLiteral("dimensions 1 and 3")));
    view->replot();
    // Dragging in a coordinate plane changes only those two coordinates.
    const Eigen::VectorXd before = doc.scenario().keys.row(1).transpose();
    const QPointF from = view->keyPixel(1);
    drag(view, from, from + QPointF(30, -30));
    const Eigen::VectorXd after = doc.scenario().keys.row(1).transpose();
    QCOMPARE(after[1], before[1]);
    QCOMPARE(after[3], before[3]);
    QVERIFY(after[0] > before[0]);
    QVERIFY(after[2] > before[2]);

    // d_k = 1: a line, horizontal drags only.
    Scenario line = defaultScenario();
    line.queries = Eigen::MatrixXd(line.queries.leftCols(1));
    line.keys = Eigen::MatrixXd(line.keys.leftCols(1));
    QVERIFY(!doc.resetTo(line));
    QCOMPARE(view->plane().kind, KeyPlane::Kind::Line);
    QVERIFY(view->titleText().contains(QStringLiteral("line")));
    QVERIFY(!panel.projectionCombo()->isVisible());
    view->replot();
    const double k2 = doc.scenario().keys(1, 0);
    const double w2 = doc.analysis().attention().weights(0, 1);
    const QPointF at = view->keyPixel(1);
    const double dx = view->pixelToCoord(at + QPointF(60, -80))[0] - view->pixelToCoord(at)[0];
    drag(view, at, at + QPointF(60, -80));
    QVERIFY(std::abs(doc.scenario().keys(1, 0) - (k2 + dx)) <
            1e-12);                                         // the vertical part is ignored
    QVERIFY(doc.analysis().attention().weights(0, 1) > w2); // q = 1 > 0: further right, heavier
}

void TestKeySpace::scoreFieldIsTheScoreOnADivergingMap()
{
    // The default scenario: q = (1, 0.5), τ = √2 (MATH.md §6 B). The background is
    // s(k) = q·k/τ for a key at each point, coloured on a map centred at 0.
    ScenarioDocument doc;
    KeySpacePanel panel(&doc);
    panel.resize(900, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.fieldCombo()->setCurrentIndex(1); // score s
    QCOMPARE(panel.view()->field(), KeySpaceView::Field::Score);
    panel.view()->replot();
    QCPColorMap *field = panel.view()->entropyField();
    QVERIFY(field->visible());
    QCPColorMapData *data = field->data();
    const double tau = std::sqrt(2.0);
    double largest = 0;
    for (int ix = 0; ix < data->keySize(); ++ix)
        for (int iy = 0; iy < data->valueSize(); ++iy) {
            double x = 0, y = 0;
            data->cellToCoord(ix, iy, &x, &y);
            const double expected = (1.0 * x + 0.5 * y) / tau;
            QVERIFY(std::abs(data->cell(ix, iy) - expected) <= 1e-12 * (1 + std::abs(expected)));
            largest = std::max(largest, std::abs(expected));
        }
    // Symmetric about 0, so 0 is the neutral middle of the map.
    QCOMPARE(field->dataRange().lower, -largest);
    QCOMPARE(field->dataRange().upper, largest);
    QCPColorGradient g = field->gradient();
    const QRgb mid = g.color(0, QCPRange(-1, 1));
    const QRgb low = g.color(-1, QCPRange(-1, 1));
    const QRgb high = g.color(1, QCPRange(-1, 1));
    QVERIFY(qAbs(qRed(mid) - qBlue(mid)) < 10); // neutral
    QVERIFY(qBlue(low) > qRed(low) + 60);       // negative scores blue
    QVERIFY(qRed(high) > qBlue(high) + 60);     // positive scores orange-red
    // At each key's own point, the field is the core's score s_t of that key.
    const QueryDetail d = doc.analysis().detail(0);
    for (int t = 0; t < 3; ++t) {
        const Eigen::Vector2d k = doc.scenario().keys.row(t).transpose();
        QVERIFY(std::abs((1.0 * k.x() + 0.5 * k.y()) / tau - d.scores[t]) < 1e-15);
    }
    // The tooltip over the background gives the score; no H(q) in this mode.
    const QPointF corner = panel.view()->axisRect()->rect().topLeft() + QPointF(5, 5);
    QVERIFY(panel.view()->toolTipAt(corner).contains(QStringLiteral("score")));
    QVERIFY(!panel.view()->toolTipAt(corner).contains(QStringLiteral("H(q)")));
    QCOMPARE(panel.view()->entropyFieldVisible(), false);
}

void TestKeySpace::entropyFieldMatchesCore()
{
    ScenarioDocument doc;
    KeySpacePanel panel(&doc);
    panel.resize(900, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QVERIFY(panel.fieldCombo()->isVisible());
    QVERIFY(!panel.projectionCombo()->isVisible()); // d_k = 2: the plane is the space
    QVERIFY(!panel.view()->entropyField()->visible());
    panel.fieldCombo()->setCurrentIndex(2); // entropy H(q)
    panel.view()->replot();
    QCPColorMap *field = panel.view()->entropyField();
    QVERIFY(field->visible());
    QCPColorMapData *data = field->data();
    QVERIFY(data->keySize() >= 24);
    const Eigen::MatrixXd K = doc.scenario().keys;
    for (int ix : {0, data->keySize() / 3, data->keySize() - 1})
        for (int iy : {0, data->valueSize() / 2, data->valueSize() - 1}) {
            double x = 0, y = 0;
            data->cellToCoord(ix, iy, &x, &y);
            const Eigen::VectorXd s = K * Eigen::Vector2d(x, y) / std::sqrt(2.0);
            const Eigen::VectorXd e = (s.array() - s.maxCoeff()).exp();
            const Eigen::VectorXd w = e / e.sum();
            double h = 0;
            for (int t = 0; t < 3; ++t)
                if (w[t] > 0)
                    h -= w[t] * std::log(w[t]);
            QVERIFY(std::abs(data->cell(ix, iy) - h) < 1e-12);
        }
    // The tooltip over the background names H(q).
    const QPointF corner = panel.view()->axisRect()->rect().topLeft() + QPointF(5, 5);
    QVERIFY(panel.view()->toolTipAt(corner).contains(QStringLiteral("H(q)")));
    panel.fieldCombo()->setCurrentIndex(0);
    QVERIFY(!panel.view()->entropyField()->visible());
}

void TestKeySpace::clickSelectsAnotherQuery()
{
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(fourDimScenario()));
    KeySpaceView view;
    QVERIFY(showOn(view, doc));
    const Scenario before = doc.scenario();
    QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, view.queryPixel(1).toPoint());
    QCOMPARE(doc.selectedQuery(), 1);
    QVERIFY(doc.scenario() == before);
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(view.titleText().contains(QStringLiteral("“b”")) ||
            view.toolTipAt(view.queryPixel(1)).contains(QStringLiteral("“b”")));
    // Tooltips carry exact values.
    const QString tip = view.toolTipAt(view.keyPixel(0));
    QVERIFY2(tip.contains(QStringLiteral("w = ")) && tip.contains(QStringLiteral("s = f/τ")),
             qPrintable(tip));
}

void TestKeySpace::manyQueriesAreOneScatterAndStillSelectable()
{
    // 600 queries on a 25 × 24 grid (self-attention over a long sequence has m = T): drawn as
    // one scatter graph of grey squares, not 599 items (issue 5: the publish step of a drag at
    // T = 4096 spent tens of ms creating and removing them), and a click still selects one.
    Scenario s = defaultScenario();
    const int m = 600;
    s.queries.resize(m, 2);
    for (int i = 0; i < m; ++i)
        s.queries.row(i) << -3.0 + 0.25 * (i % 25), -3.0 + 0.25 * (i / 25);
    s.queryLabels.clear();
    s.maxentTargets.reset();
    s.normalizeSideArrays();
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(s));
    KeySpaceView view;
    QVERIFY(showOn(view, doc));
    QVERIFY2(view.itemCount() < 60, qPrintable(QString::number(view.itemCount())));
    int squares = 0;
    for (int k = 0; k < view.graphCount(); ++k)
        if (view.graph(k)->scatterStyle().shape() == QCPScatterStyle::ssSquare)
            squares += view.graph(k)->dataCount();
    QCOMPARE(squares, m - 1);
    // The square is drawn where the query is: its light grey fill.
    const QImage image = view.toPixmap().toImage();
    const QPoint at = view.queryPixel(437).toPoint();
    const QColor c = image.pixelColor(at);
    QVERIFY2(std::abs(c.red() - 220) < 12 && std::abs(c.blue() - 220) < 12, qPrintable(c.name()));
    QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, at);
    QCOMPARE(doc.selectedQuery(), 437);
    QCOMPARE(doc.undoStack()->count(), 0);
}

void TestKeySpace::extremesNeverDrawNaN_data()
{
    QTest::addColumn<double>("q0");
    QTest::addColumn<double>("k0");
    QTest::addColumn<double>("tau");
    QTest::newRow("scores ±1e300") << 1e150 << 1e150 << 1.0;
    QTest::newRow("vectors 1e300, τ = 1e300") << 1.0 << 1e300 << 1e300;
    QTest::newRow("tiny vectors 1e-300") << 1e-300 << 1e-300 << 1.0;
    QTest::newRow("zero query") << 0.0 << 1.0 << 1.0;
}

void TestKeySpace::extremesNeverDrawNaN()
{
    QFETCH(double, q0);
    QFETCH(double, k0);
    QFETCH(double, tau);
    Scenario s = defaultScenario();
    s.queries << q0, 0.0;
    s.keys << k0, 0.0, 0.0, k0, -k0, 0.0;
    s.temperatureMode = TemperatureMode::Fixed;
    s.fixedTau = tau;
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(s));
    KeySpacePanel panel(&doc);
    panel.resize(800, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.fieldCombo()->setCurrentIndex(2); // entropy H(q)
    KeySpaceView *view = panel.view();
    view->replot();
    QVERIFY(std::isfinite(view->xAxis->range().lower) && std::isfinite(view->xAxis->range().upper));
    QVERIFY(view->xAxis->range().size() > 0 && view->yAxis->range().size() > 0);
    QVERIFY(allFinite(itemsOf(view)));
    for (const QString &text :
         {view->titleText(), view->subtitleText(), view->toolTipAt(view->keyPixel(0)),
          view->toolTipAt(view->queryPixel(0))}) {
        QVERIFY2(!text.contains(QStringLiteral("nan"), Qt::CaseInsensitive), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("inf"), Qt::CaseInsensitive), qPrintable(text));
    }
    const QImage image = view->toPixmap(800, 600).toImage();
    QVERIFY(!image.isNull());
    // A drag that would overflow a score is refused with a message, never applied.
    QSignalSpy messages(view, &KeySpaceView::message);
    const QPointF from = view->keyPixel(0);
    drag(view, from, from + QPointF(40, 10));
    QVERIFY(doc.scenario().keys.allFinite());
    QVERIFY(doc.analysis().attention().weights.allFinite());
}

void TestKeySpace::keyPlaneIsOrthonormal()
{
    const KeyPlane plane = KeyPlane::pca(fourDimScenario());
    const Eigen::MatrixXd gram = plane.basis.transpose() * plane.basis;
    QVERIFY((gram - Eigen::Matrix2d::Identity()).cwiseAbs().maxCoeff() < 1e-12);
    QVERIFY(plane.explainedVariance > 0.3 && plane.explainedVariance <= 1.0);
    // Huge entries: scaled before the covariance, so nothing overflows.
    Scenario huge = fourDimScenario();
    huge.queries *= 1e300;
    huge.keys *= 1e300;
    const KeyPlane big = KeyPlane::pca(huge);
    QVERIFY(big.basis.allFinite());
    QVERIFY((big.basis - plane.basis).cwiseAbs().maxCoeff() < 1e-9);
    // More dimensions than points: the Gram route.
    Scenario wide = fourDimScenario();
    wide.queries.conservativeResize(2, 40);
    wide.keys.conservativeResize(4, 40);
    for (int c = 4; c < 40; ++c) {
        wide.queries.col(c).setConstant(0.01 * c);
        for (int t = 0; t < 4; ++t)
            wide.keys(t, c) = std::sin(0.3 * c * (t + 1));
    }
    const KeyPlane w = KeyPlane::pca(wide);
    QVERIFY(((w.basis.transpose() * w.basis) - Eigen::Matrix2d::Identity()).cwiseAbs().maxCoeff() <
            1e-10);
    QCOMPARE(planeFit::niceStep(7.3, 7), 2.0);
    QCOMPARE(planeFit::niceStep(6.9, 7), 1.0);
}

QTEST_MAIN(TestKeySpace)
#include "tst_keyspace.moc"
