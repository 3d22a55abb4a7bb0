// Tests of the likelihood landscape (MATH.md §4), the MLE gradient-ascent animation (§4.4) and
// the optimizer panel, with real mouse events, offscreen.
#include "Analysis.h"
#include "Contours.h"
#include "document/ScenarioDocument.h"
#include "panels/ValueSpacePanel.h"
#include "plots/mle/MleAnimation.h"
#include "plots/mle/MleOptimizerView.h"
#include "plots/mle/ValueSpaceView.h"
#include "widgets/AnimationControls.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using namespace sml;

namespace {

void drag(QWidget *widget, QPointF from, QPointF to, int steps = 6)
{
    QTest::mousePress(widget, Qt::LeftButton, Qt::NoModifier, from.toPoint());
    for (int k = 1; k <= steps; ++k)
        QTest::mouseMove(widget, (from + (to - from) * (double(k) / steps)).toPoint());
    QTest::mouseRelease(widget, Qt::LeftButton, Qt::NoModifier, to.toPoint());
}

/// MATH.md §6 C: the default figure with free variances (0.5, 2, 4).
Scenario freeScenario()
{
    Scenario s = defaultScenario();
    s.varianceMode = VarianceMode::Free;
    s.freeVariances.resize(1, 3);
    s.freeVariances << 0.5, 2.0, 4.0;
    return s;
}

struct Fixture
{
    ScenarioDocument doc;
    MleAnimation animation;
    ValueSpacePanel panel{&doc, &animation};
    Fixture()
    {
        animation.setDocument(&doc);
        panel.resize(900, 700);
        panel.show();
    }
    ValueSpaceView *view() { return panel.view(); }
};

bool itemsFinite(QCustomPlot *plot)
{
    for (int k = 0; k < plot->itemCount(); ++k)
        for (QCPItemPosition *p : plot->item(k)->positions())
            if (!std::isfinite(p->coords().x()) || !std::isfinite(p->coords().y()))
                return false;
    return true;
}

} // namespace

class TestValueSpace : public QObject
{
    Q_OBJECT

private slots:
    void landscapeShowsTheMle();
    void fieldEqualsTheDirectSum();
    void contoursAreCirclesAroundTheMle();
    void freeModeBlobDragChangesThatVariance();
    void linkedModeBlobsCannotBeDragged();
    void animationConvergesToTheClosedForm_data();
    void animationConvergesToTheClosedForm();
    void fixedStepConvergesAndCanDiverge();
    void shiftClickPicksTheStart();
    void editDuringAnimationRestartsIt();
    void optimizerPanelDrivesTheAnimation();
    void oneValueDimensionIsALine();
    void extremesNeverDrawNaN_data();
    void extremesNeverDrawNaN();
    void marchingSquaresCircle();
    void legendColumnGoesWithTheView();
    void axisLabelsComeBackWhenTheViewGrows();
    void steepPeakColourBarReadsDownFromThePeak();
};

void TestValueSpace::landscapeShowsTheMle()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(&f.panel));
    ValueSpaceView *v = f.view();
    v->replot();
    QVERIFY(v->titleText().contains(QStringLiteral("Likelihood ℓ(o)")));
    QCOMPARE(int(v->blobKeys().size()), 3);
    // ℓ on the grid equals GaussianMle::logLikelihood at the cell's point (MATH.md §4.2).
    const GaussianMle mle = f.doc.analysis().gaussian(0);
    QCPColorMapData *data = v->likelihoodMap()->data();
    for (int ix : {0, 17, data->keySize() - 1})
        for (int iy : {0, 23, data->valueSize() - 1}) {
            double x = 0, y = 0;
            data->cellToCoord(ix, iy, &x, &y);
            QVERIFY(std::abs(data->cell(ix, iy) - *mle.logLikelihood(Eigen::Vector2d(x, y))) <
                    1e-9);
        }
    // ô = o in linked mode (MATH.md §6 B): one marker position, one label.
    QVERIFY(QLineF(v->mlePixel(), v->outputPixel()).length() < 0.5);
    const QString tip = v->toolTipAt(v->mlePixel());
    QVERIFY2(tip.contains(QStringLiteral("0.389082007")), qPrintable(tip));
    QVERIFY(tip.contains(QStringLiteral("ℓ(ô) = -6.970774")));
    // Larger precision → larger π: k1 has the smallest σ, so the smallest circle.
    QVERIFY(v->sigmaPixels(0) < v->sigmaPixels(1));
    QVERIFY(v->sigmaPixels(1) < v->sigmaPixels(2));
    // σ1 = sqrt(0.49306869) in pixels, equal aspect.
    const double perUnit = std::abs(v->xAxis->coordToPixel(1) - v->xAxis->coordToPixel(0));
    QVERIFY(std::abs(v->sigmaPixels(0) - std::sqrt(0.49306869) * perUnit) < 1e-3 * perUnit);
    QVERIFY(std::abs(perUnit - std::abs(v->yAxis->coordToPixel(1) - v->yAxis->coordToPixel(0))) <
            1.0);
    const QString keyTip = v->toolTipAt(v->valuePixel(1));
    QVERIFY2(keyTip.contains(QStringLiteral("σ² = 0.7021885")), qPrintable(keyTip));
    QVERIFY(keyTip.contains(QStringLiteral("π = 0.3609657")));
}

void TestValueSpace::fieldEqualsTheDirectSum()
{
    // The heatmap uses ℓ(ô) − ½ Σσ⁻² ‖o − ô‖² per cell; it must equal the sum over the values
    // of MATH.md §4.2 (GaussianMle::logLikelihood) at every cell, in linked and free mode.
    for (const Scenario &scenario : {defaultScenario(), freeScenario()}) {
        Fixture f;
        QVERIFY(!f.doc.resetTo(scenario));
        QVERIFY(QTest::qWaitForWindowExposed(&f.panel));
        ValueSpaceView *v = f.view();
        v->replot();
        const GaussianMle mle = f.doc.analysis().gaussian(0);
        QCPColorMapData *data = v->likelihoodMap()->data();
        QVERIFY(data->keySize() > 50 && data->valueSize() > 50);
        int checked = 0;
        for (int ix = 0; ix < data->keySize(); ix += 7)
            for (int iy = 0; iy < data->valueSize(); iy += 7) {
                double x = 0, y = 0;
                data->cellToCoord(ix, iy, &x, &y);
                const double direct = *mle.logLikelihood(Eigen::Vector2d(x, y));
                QVERIFY2(std::abs(data->cell(ix, iy) - direct) <= 1e-9 * (1 + std::abs(direct)),
                         qPrintable(QStringLiteral("(%1, %2): %3 vs %4")
                                        .arg(x)
                                        .arg(y)
                                        .arg(data->cell(ix, iy))
                                        .arg(direct)));
                ++checked;
            }
        QVERIFY(checked > 50);
    }
}

void TestValueSpace::contoursAreCirclesAroundTheMle()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(&f.panel));
    ValueSpaceView *v = f.view();
    v->replot();
    QVERIFY(v->contourLevels().size() >= 3);
    // ℓ(o) = ℓ(ô) − (Σσ⁻²/2) ‖o − ô‖² (MATH.md §4.2): every contour point is at the radius its
    // level predicts.
    const GaussianMle mle = f.doc.analysis().gaussian(0);
    const double total = std::exp(mle.logTotalPrecision());
    const double peak = *mle.logLikelihood(mle.mleOutput());
    const auto data = v->contourCurve()->data();
    int checked = 0;
    double worst = 0;
    for (auto it = data->constBegin(); it != data->constEnd(); ++it) {
        if (!std::isfinite(it->key) || !std::isfinite(it->value))
            continue;
        const Eigen::Vector2d p(it->key, it->value);
        const double r = (p - mle.mleOutput()).norm();
        // Which level: the closest predicted radius.
        double best = 1e300;
        for (double level : v->contourLevels())
            best = std::min(best, std::abs(r - std::sqrt(2 * (peak - level) / total)));
        worst = std::max(worst, best);
        ++checked;
    }
    QVERIFY(checked > 50);
    QVERIFY2(worst < 0.05 * v->xAxis->range().size(), qPrintable(QString::number(worst)));
}

void TestValueSpace::freeModeBlobDragChangesThatVariance()
{
    Fixture f;
    QVERIFY(!f.doc.resetTo(freeScenario()));
    QVERIFY(QTest::qWaitForWindowExposed(&f.panel));
    ValueSpaceView *v = f.view();
    v->replot();
    // ô ≠ o in free mode (π ≠ w): both are marked.
    QVERIFY(QLineF(v->mlePixel(), v->outputPixel()).length() > 5);
    // Grab k2's 1σ circle on its right and pull it outwards.
    const QPointF centre = v->valuePixel(1);
    const double r = v->sigmaPixels(1);
    const QPointF from = centre + QPointF(r, 0);
    const QPointF to = centre + QPointF(1.5 * r, 0);
    // The axes stay frozen during the gesture, so read the release point's coordinates now
    // (the view refits its range after the release).
    const double dx = v->xAxis->pixelToCoord(to.toPoint().x()) - 0.0;
    const double dy = v->yAxis->pixelToCoord(to.toPoint().y()) - 1.0;
    const double before0 = f.doc.scenario().freeVariances(0, 0);
    const double before2 = f.doc.scenario().freeVariances(0, 2);
    const QRect rectBefore = v->axisRect()->rect();
    QTest::mousePress(v, Qt::LeftButton, Qt::NoModifier, from.toPoint());
    for (int k = 1; k <= 8; ++k)
        QTest::mouseMove(v, (from + (to - from) * (double(k) / 8)).toPoint());
    // The plane does not slide under the mouse during the gesture.
    QCOMPARE(v->axisRect()->rect(), rectBefore);
    QTest::mouseRelease(v, Qt::LeftButton, Qt::NoModifier, to.toPoint());
    const double after = f.doc.scenario().freeVariances(0, 1);
    // v2 = (0, 1): the new σ is the distance from v2 to the release point.
    QVERIFY2(std::abs(after - (dx * dx + dy * dy)) < 1e-9,
             qPrintable(QStringLiteral("σ² = %1, expected %2").arg(after).arg(dx * dx + dy * dy)));
    QVERIFY(after > 2.0);
    QCOMPARE(f.doc.scenario().freeVariances(0, 0), before0);
    QCOMPARE(f.doc.scenario().freeVariances(0, 2), before2);
    // One gesture, one undo step; the precision weight of k2 fell.
    QCOMPARE(f.doc.undoStack()->count(), 1);
    QVERIFY(f.doc.analysis().gaussian(0).precisionWeights()[1] < 2.0 / 11.0);
    f.doc.undoStack()->undo();
    QCOMPARE(f.doc.scenario().freeVariances(0, 1), 2.0);
}

void TestValueSpace::linkedModeBlobsCannotBeDragged()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(&f.panel));
    ValueSpaceView *v = f.view();
    v->replot();
    const QPointF centre = v->valuePixel(1);
    const double r = v->sigmaPixels(1);
    drag(v, centre + QPointF(r, 0), centre + QPointF(2 * r, 0));
    QCOMPARE(f.doc.undoStack()->count(), 0);
}

void TestValueSpace::animationConvergesToTheClosedForm_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<double>("alpha");
    QTest::newRow("linked, α = 0.5") << "linked" << 0.5;
    QTest::newRow("linked, α = 1 (one step)") << "linked" << 1.0;
    QTest::newRow("linked, α = 1.9 (oscillates)") << "linked" << 1.9;
    QTest::newRow("linked, α = 0.05 (crawls)") << "linked" << 0.05;
    QTest::newRow("free, α = 0.5") << "free" << 0.5;
}

void TestValueSpace::animationConvergesToTheClosedForm()
{
    QFETCH(QString, scenario);
    QFETCH(double, alpha);
    ScenarioDocument doc;
    if (scenario == QLatin1String("free"))
        QVERIFY(!doc.resetTo(freeScenario()));
    MleAnimation a;
    a.setDocument(&doc);
    a.setAlpha(alpha);
    QVERIFY(a.isDefined());
    QCOMPARE(a.iteration(), 0);
    const Eigen::VectorXd hat = a.mle()->mleOutput();
    const Eigen::VectorXd start = a.start();
    const double d0 = (start - hat).norm();
    QVERIFY(d0 > 0.1);
    int steps = 0;
    while (a.step())
        ++steps;
    QVERIFY(a.isFinished());
    QVERIFY2(a.status().contains(QStringLiteral("converged")), qPrintable(a.status()));
    QVERIFY2((a.path().back() - hat).norm() <= 1e-10,
             qPrintable(QString::number((a.path().back() - hat).norm())));
    QCOMPARE(int(a.distances().size()), a.iteration() + 1);
    // MATH.md §4.4: ‖o⁽ⁿ⁾ − ô‖ = |1 − α|ⁿ ‖o⁽⁰⁾ − ô‖ while above rounding.
    for (int n = 0; n < std::min(a.iteration(), 12); ++n) {
        const double predicted = std::pow(std::abs(1 - alpha), n) * d0;
        if (predicted > 1e-12)
            QVERIFY(std::abs(a.distances()[size_t(n)] - predicted) <= 1e-12 + 1e-9 * predicted);
    }
    // The path is a straight line from the start to ô.
    const Eigen::Vector2d dir = (start - hat).normalized();
    for (const Eigen::VectorXd &o : a.path()) {
        const Eigen::Vector2d rel = o - hat;
        QVERIFY(std::abs(rel.x() * dir.y() - rel.y() * dir.x()) < 1e-12);
    }
    // ℓ rises monotonically for 0 < α ≤ 1.
    if (alpha <= 1)
        for (size_t k = 1; k < a.logLikelihoods().size(); ++k)
            QVERIFY(a.logLikelihoods()[k] >= a.logLikelihoods()[k - 1] - 1e-12);
    if (alpha == 1.0)
        QVERIFY(a.iteration() <= 2);
    QVERIFY(!a.step()); // finished: nothing more
}

void TestValueSpace::fixedStepConvergesAndCanDiverge()
{
    ScenarioDocument doc;
    MleAnimation a;
    a.setDocument(&doc);
    a.setFixedStep(true);
    // The default η is the current scaled step α/Σσ⁻²: converges.
    QVERIFY(std::abs(a.eta() - 0.5 / 3.94530269) < 1e-8);
    while (a.step()) {
    }
    QVERIFY((a.path().back() - a.mle()->mleOutput()).norm() <= 1e-10);
    // η·Σσ⁻² = 2.2 > 2: diverges, and says so.
    a.setEta(2.2 / 3.94530269);
    QCOMPARE(a.iteration(), 0);
    while (a.step()) {
    }
    QVERIFY2(a.status().contains(QStringLiteral("diverg")), qPrintable(a.status()));
    QVERIFY(a.distances().back() > a.distances().front());
}

void TestValueSpace::shiftClickPicksTheStart()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(&f.panel));
    ValueSpaceView *v = f.view();
    v->replot();
    const QPointF at = v->axisRect()->rect().center() + QPointF(-120, 80);
    const Eigen::VectorXd expected = v->planeToFull(at.toPoint());
    QSignalSpy picked(v, &ValueSpaceView::startPicked);
    QTest::mouseClick(v, Qt::LeftButton, Qt::ShiftModifier, at.toPoint());
    QCOMPARE(picked.count(), 1);
    QVERIFY(f.animation.hasUserStart());
    QVERIFY((f.animation.start() - expected).norm() < 1e-12);
    QCOMPARE(f.animation.iteration(), 0);
    QCOMPARE(f.doc.undoStack()->count(), 0); // picking is not an edit

    // Pick mode through the button: one plain click, then the mode is off again.
    f.panel.pickStartButton()->click();
    QVERIFY(v->pickStartMode());
    const QPointF other = v->axisRect()->rect().center() + QPointF(100, -60);
    QTest::mouseClick(v, Qt::LeftButton, Qt::NoModifier, other.toPoint());
    QVERIFY(!v->pickStartMode());
    QVERIFY(!f.panel.pickStartButton()->isChecked());
    QVERIFY((f.animation.start() - v->planeToFull(other.toPoint())).norm() < 1e-12);
    f.panel.defaultStartButton()->click();
    QVERIFY(!f.animation.hasUserStart());
}

void TestValueSpace::editDuringAnimationRestartsIt()
{
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(&f.panel));
    for (int k = 0; k < 5; ++k)
        QVERIFY(f.animation.step());
    QCOMPARE(f.animation.iteration(), 5);
    const Eigen::VectorXd oldHat = f.animation.mle()->mleOutput();
    QSignalSpy restarted(&f.animation, &MleAnimation::restarted);
    QVERIFY(!f.doc.setCell(CellTable::Key, 1, 1, 2.0));
    QCOMPARE(restarted.count(), 1);
    QCOMPARE(f.animation.iteration(), 0);
    QVERIFY(!f.animation.isFinished());
    // Restarted with the new analysis: a new ô, the same start rule.
    const Eigen::VectorXd newHat = f.animation.mle()->mleOutput();
    QVERIFY((newHat - oldHat).norm() > 1e-3);
    QVERIFY((newHat - f.doc.analysis().gaussian(0).mleOutput()).norm() == 0);
    QCOMPARE(int(f.view()->blobKeys().size()), 3);
    while (f.animation.step()) {
    }
    QVERIFY((f.animation.path().back() - newHat).norm() <= 1e-10);
    // Undo also restarts.
    f.doc.undoStack()->undo();
    QCOMPARE(f.animation.iteration(), 0);
    QVERIFY((f.animation.mle()->mleOutput() - oldHat).norm() == 0);
}

void TestValueSpace::optimizerPanelDrivesTheAnimation()
{
    ScenarioDocument doc;
    MleAnimation a;
    a.setDocument(&doc);
    ValueSpacePanel panel(&doc, &a);
    panel.resize(800, 600);
    panel.show();
    MleOptimizerView plots;
    plots.setAnimation(&a);
    plots.resize(400, 700);
    plots.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.alphaSpin()->setValue(0.8);
    QCOMPARE(a.alpha(), 0.8);
    // Steps come from the controls' timer signal (never a blocking loop).
    for (int k = 0; k < 3; ++k)
        emit panel.controls()->stepRequested();
    QCOMPARE(a.iteration(), 3);
    QCOMPARE(plots.likelihoodGraph()->data()->size(), 4);
    QVERIFY(plots.distanceGraph()->data()->size() >= 3);
    QVERIFY(plots.distanceRect()->axis(QCPAxis::atLeft)->scaleType() == QCPAxis::stLogarithmic);
    QVERIFY(plots.summaryText().contains(QStringLiteral("step size η = 0.8/Σσ⁻²")));
    // The predicted line is |1 − α|ⁿ d0.
    const auto predicted = plots.predictedGraph()->data();
    QVERIFY(predicted->size() >= 4);
    QVERIFY(std::abs(predicted->at(3)->value - std::pow(0.2, 3) * a.distances()[0]) <
            1e-12 * a.distances()[0]);
    // The path is on the plane: start + 3 iterates.
    QCOMPARE(panel.view()->pathCurve()->data()->size(), 4);
    // Play runs on a timer while the event loop keeps going, until convergence stops it.
    panel.controls()->setSpeed(60);
    panel.controls()->play();
    QVERIFY(panel.controls()->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(a.isFinished(), 10000);
    QVERIFY(!panel.controls()->isPlaying());
    QVERIFY((a.path().back() - a.mle()->mleOutput()).norm() <= 1e-10);
    // Reset goes back to the start.
    panel.controls()->reset();
    QCOMPARE(a.iteration(), 0);
    // Fixed η through the panel.
    panel.fixedStepCheck()->setChecked(true);
    QVERIFY(a.fixedStep());
    QVERIFY(!panel.alphaSpin()->isEnabled());
}

void TestValueSpace::oneValueDimensionIsALine()
{
    Fixture f;
    Scenario s = defaultScenario();
    s.values = Eigen::MatrixXd(s.values.leftCols(1));
    s.varianceMode = VarianceMode::Free;
    s.freeVariances.resize(1, 3);
    s.freeVariances << 0.5, 2.0, 4.0;
    QVERIFY(!f.doc.resetTo(s));
    QVERIFY(QTest::qWaitForWindowExposed(&f.panel));
    ValueSpaceView *v = f.view();
    v->replot();
    QCOMPARE(v->dV(), 1);
    QVERIFY(v->titleText().contains(QStringLiteral("d_v = 1")));
    QVERIFY(!v->likelihoodMap()->visible());
    // Drag the left end of k1's ±1σ bar outwards: σ² of k1 grows.
    const QPointF centre = v->valuePixel(0);
    const double r = v->sigmaPixels(0);
    QVERIFY(r > 10);
    drag(v, centre - QPointF(r, 0), centre - QPointF(r + 40, 0));
    QVERIFY(f.doc.scenario().freeVariances(0, 0) > 0.5);
    QCOMPARE(f.doc.undoStack()->count(), 1);
    // The animation works in one dimension too.
    while (f.animation.step()) {
    }
    QVERIFY((f.animation.path().back() - f.animation.mle()->mleOutput()).norm() <= 1e-10);
}

void TestValueSpace::extremesNeverDrawNaN_data()
{
    QTest::addColumn<double>("variance");
    QTest::addColumn<double>("score");
    QTest::newRow("σ² = 1e-300") << 1e-300 << 0.0;
    QTest::newRow("σ² = 1e300") << 1e300 << 0.0;
    QTest::newRow("linked, scores ±1e300") << 0.0 << 1e300;
    QTest::newRow("linked, scores ±800") << 0.0 << 800.0;
}

void TestValueSpace::extremesNeverDrawNaN()
{
    QFETCH(double, variance);
    QFETCH(double, score);
    Scenario s = defaultScenario();
    if (variance > 0) {
        s.varianceMode = VarianceMode::Free;
        s.freeVariances.resize(1, 3);
        s.freeVariances << variance, 1.0, variance;
    } else {
        // q = (1, 0), k1 = (score, 0), k3 = (−score, 0), τ = 1.
        s.queries << 1.0, 0.0;
        s.keys << score, 0.0, 0.0, 1.0, -score, 0.0;
        s.temperatureMode = TemperatureMode::Fixed;
        s.fixedTau = 1.0;
    }
    Fixture f;
    QVERIFY(!f.doc.resetTo(s));
    QVERIFY(QTest::qWaitForWindowExposed(&f.panel));
    ValueSpaceView *v = f.view();
    v->replot();
    QVERIFY(itemsFinite(v));
    QVERIFY(std::isfinite(v->xAxis->range().size()) && v->xAxis->range().size() > 0);
    for (int t = 0; t < 3; ++t) {
        QVERIFY(std::isfinite(v->sigmaPixels(t)));
        const QString tip = v->toolTipAt(v->valuePixel(t));
        QVERIFY2(!tip.contains(QStringLiteral("nan"), Qt::CaseInsensitive), qPrintable(tip));
        QVERIFY2(!tip.contains(QStringLiteral("inf"), Qt::CaseInsensitive), qPrintable(tip));
    }
    const QString tip = v->toolTipAt(v->mlePixel());
    QVERIFY2(!tip.contains(QStringLiteral("nan"), Qt::CaseInsensitive), qPrintable(tip));
    // The map has no NaN where ℓ exists, and its data range is finite.
    QVERIFY(std::isfinite(v->likelihoodMap()->dataRange().lower));
    QVERIFY(std::isfinite(v->likelihoodMap()->dataRange().upper));
    // The animation converges (or stops cleanly) without NaN.
    while (f.animation.step()) {
    }
    for (double d : f.animation.distances())
        QVERIFY(std::isfinite(d));
    QVERIFY((f.animation.path().back() - f.animation.mle()->mleOutput()).norm() <= 1e-10);
    QVERIFY(!v->toPixmap(700, 500).toImage().isNull());
}

void TestValueSpace::marchingSquaresCircle()
{
    // f = −(x² + y²) on [−2, 2]²: the level −1 is the unit circle.
    contours::Grid g;
    g.nx = g.ny = 81;
    g.x0 = g.y0 = -2;
    g.dx = g.dy = 0.05;
    g.values.resize(81 * 81);
    for (int iy = 0; iy < 81; ++iy)
        for (int ix = 0; ix < 81; ++ix) {
            const double x = -2 + 0.05 * ix, y = -2 + 0.05 * iy;
            g.values[iy * 81 + ix] = -(x * x + y * y);
        }
    const QVector<QPointF> pts = contours::isoLine(g, -1.0);
    QVERIFY(pts.size() > 60);
    int gaps = 0;
    for (const QPointF &p : pts) {
        if (!std::isfinite(p.x())) {
            ++gaps;
            continue;
        }
        QVERIFY(std::abs(std::hypot(p.x(), p.y()) - 1) < 2e-3);
    }
    QCOMPARE(gaps, 0); // one closed polyline
    QVERIFY(QLineF(pts.front(), pts.back()).length() < 1e-12);
    // A NaN sample leaves the cells around it out, without NaN points.
    g.values[40 * 81 + 60] = std::numeric_limits<double>::quiet_NaN();
    QVERIFY(!contours::isoLine(g, -1.0).isEmpty());
}

QTEST_MAIN(TestValueSpace)
void TestValueSpace::legendColumnGoesWithTheView()
{
    // The legend's column beside the plane (spacer / legend / spacer) is in the plot's layout only
    // while the plot is wide; a view that is never that wide still owns it and deletes it.
    auto *view = new ValueSpaceView;
    QVERIFY(!view->legendBeside());
    QPointer<QCPLayoutGrid> column;
    for (QCPLayoutGrid *grid : view->findChildren<QCPLayoutGrid *>())
        if (grid->rowCount() == 3 && grid->columnCount() == 1 &&
            grid->rowStretchFactors() == QList<double>{1.0, 0.001, 1.0})
            column = grid;
    QVERIFY(column);
    QVERIFY(!column->layout()); // (not in the plot's layout)
    delete view;
    QVERIFY(!column);
}

void TestValueSpace::axisLabelsComeBackWhenTheViewGrows()
{
    // A reader's finding 13 on issue 18: squeezed, the y label shortens to "o_2"; grown again it
    // stayed "o_2", because the labels were fitted to the axis lengths of the layout before the
    // resize.
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(&f.panel));
    ValueSpaceView *v = f.view();
    const QString full = QStringLiteral("output coordinate o_2");
    QTRY_COMPARE(v->yAxis->label(), full);
    QCOMPARE(v->xAxis->label(), QStringLiteral("output coordinate o_1"));
    f.panel.resize(420, 300);
    QTRY_VERIFY2(v->yAxis->label() != full, qPrintable(v->yAxis->label()));
    const QString squeezed = v->yAxis->label();
    QVERIFY2(squeezed == QStringLiteral("o_2") || squeezed == QStringLiteral("coordinate o_2"),
             qPrintable(squeezed));
    f.panel.resize(900, 700);
    QTRY_COMPARE(v->yAxis->label(), full);
    QCOMPARE(v->xAxis->label(), QStringLiteral("output coordinate o_1"));
}

void TestValueSpace::steepPeakColourBarReadsDownFromThePeak()
{
    // A steep peak (σ² = 0.01 for k3) switches the colours to a log scale. The colour bar shows
    // ℓ(o) − ℓ(ô) ≤ 0, the peak's end (−10⁻ⁿ) at the top as on the ℓ(o) bar: the drop
    // ℓ(ô) − ℓ(o), 10⁻³ at the top and 10² at the bottom, read backwards (a fresh reader).
    Fixture f;
    Scenario steep = freeScenario();
    steep.freeVariances << 0.493069, 0.702189, 0.01;
    QVERIFY(!f.doc.resetTo(steep));
    QVERIFY(QTest::qWaitForWindowExposed(&f.panel));
    ValueSpaceView *v = f.view();
    v->replot();
    QCPColorMap *map = v->likelihoodMap();
    QCOMPARE(map->dataScaleType(), QCPAxis::stLogarithmic);
    QCPColorScale *bar = map->colorScale();
    QVERIFY(bar);
    const QCPRange range = bar->dataRange();
    QVERIFY2(range.lower < range.upper && range.upper < 0,
             qPrintable(QStringLiteral("%1 … %2").arg(range.lower).arg(range.upper)));
    QVERIFY(!bar->axis()->rangeReversed()); // the upper end, nearest the peak, at the top
    QVERIFY2(bar->axis()->label().startsWith(QStringLiteral("ℓ(o) − ℓ(ô)")),
             qPrintable(bar->axis()->label()));
    // Ticks as −10ⁿ.
    const QVector<QString> ticks = bar->axis()->tickVectorLabels();
    QVERIFY(ticks.size() >= 3);
    for (const QString &tick : ticks)
        QVERIFY2(tick.startsWith(QStringLiteral("−10")), qPrintable(tick));
    // Each cell is ℓ(o) − ℓ(ô) where it lies: 0 at ô, below 0 elsewhere.
    const GaussianMle mle = f.doc.analysis().gaussian(0);
    const double peak = *mle.logLikelihood(mle.mleOutput());
    QCPColorMapData *data = map->data();
    for (int ix : {0, data->keySize() / 2, data->keySize() - 1}) {
        double x = 0, y = 0;
        data->cellToCoord(ix, 0, &x, &y);
        const double expected = *mle.logLikelihood(Eigen::Vector2d(x, y)) - peak;
        QVERIFY2(std::abs(data->cell(ix, 0) - expected) < 1e-6 * std::max(1.0, -expected),
                 qPrintable(QStringLiteral("%1 vs %2").arg(data->cell(ix, 0)).arg(expected)));
    }
}

#include "tst_valuespace.moc"
