// Tests of the MaxEnt view (μ slider, H(λ) and E_λ[f] curves, solver animation) and of the
// temperature sweep, on the real widgets, offscreen (MATH.md §5, §2).
#include "MaxEnt.h"
#include "document/ScenarioDocument.h"
#include "panels/MaxEntPanel.h"
#include "plots/PlaneFit.h"
#include "plots/attention/TemperatureSweepView.h"
#include "plots/maxent/MaxEntConstraintPlot.h"
#include "plots/maxent/MaxEntEntropyPlot.h"
#include "plots/maxent/MaxEntOptimizerPlot.h"
#include "style/Appearance.h"
#include "widgets/AnimationControls.h"
#include "window/ViewExport.h"

#include "SliderEvents.h"

#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QScopeGuard>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <set>

using namespace sml;
using sml::test::dragHandle;

namespace {

const QString irisPath = QStringLiteral(":/scenarios/iris-kernel-smoother.softmaxlab.json");

/// The similarities f over the visible keys of the selected query.
Eigen::VectorXd features(const ScenarioDocument &doc)
{
    return doc.analysis().detail(doc.selectedQuery()).similarities;
}

/// Steps the animation until it finishes (or `limit` steps), driving it programmatically.
int runToEnd(MaxEntPanel &view, int limit)
{
    int steps = 0;
    while (!view.animationFinished() && steps < limit) {
        view.stepAnimation();
        ++steps;
    }
    return steps;
}

bool graphHasNaN(const QCPGraph *graph)
{
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        if (!std::isfinite(it->key) || !std::isfinite(it->value))
            return true;
    return false;
}

} // namespace

class TestMaxEntPanel : public QObject
{
    Q_OBJECT

private slots:
    void draggingTheSliderSetsLambdaToTheSolver_data();
    void draggingTheSliderSetsLambdaToTheSolver();
    void keyboardOnTheSlider();
    void sliderIsConfinedToTheOpenInterval();
    void defaultTargetShowsInverseTemperature();
    void animationConvergesToTheClosedForm_data();
    void animationConvergesToTheClosedForm();
    void editDuringAnimationRestartsIt();
    void timerAnimationAdvancesWithoutBlocking();
    void allSimilaritiesEqualShowsANote();
    void extremeTemperatureHasNoNaN();
    void temperatureSweepAtCurrentTauIsTheWeights_data();
    void temperatureSweepAtCurrentTauIsTheWeights();
    void temperatureSweepRangeAndMarker();
    void temperatureSweepKeysAreTellableApart();
    void temperatureSweepTauLabelIsNotCrossedBySqrtDk();
    void temperatureSweepCsvHasEverySampleOfEveryKey();
    void exportIncludesTheNewViews();
    void shortCurvesStillNameTheirRange();
};

void TestMaxEntPanel::draggingTheSliderSetsLambdaToTheSolver_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<int>("query");
    QTest::addColumn<int>("dx");
    QTest::newRow("default scenario, drag right") << QString() << 0 << 120;
    QTest::newRow("default scenario, drag left") << QString() << 0 << -200;
    QTest::newRow("iris, query 4, drag left") << irisPath << 3 << -150;
}

void TestMaxEntPanel::draggingTheSliderSetsLambdaToTheSolver()
{
    QFETCH(QString, scenario);
    QFETCH(int, query);
    QFETCH(int, dx);
    ScenarioDocument doc;
    if (!scenario.isEmpty())
        QVERIFY(!doc.loadExample(scenario));
    doc.setSelectedQuery(query);
    MaxEntPanel view(&doc);
    view.resize(1400, 950);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSlider *slider = view.targetSlider();
    QVERIFY(slider->isEnabled());
    const int before = slider->value();
    const int undoBefore = doc.undoStack()->count();

    dragHandle(slider, dx);

    QVERIFY(slider->value() != before);
    QVERIFY((slider->value() - before) * dx > 0); // moved the way the mouse went
    const std::optional<double> mu = doc.scenario().targetFor(query);
    QVERIFY(mu.has_value());
    QCOMPARE(*mu, *view.targetAt(slider->value()));
    // λ of the document equals what the core solver gives for that μ.
    const maxent::Solution expected = maxent::solve(features(doc), *mu);
    QCOMPARE(expected.status, maxent::Status::Ok);
    const QueryDetail d = doc.analysis().detail(query);
    QVERIFY(d.maxent.lambda.has_value());
    QVERIFY(std::abs(*d.maxent.lambda - *expected.lambda) <= 1e-12);
    // Independently of the solver: at that λ the Gibbs weights meet the constraint E_λ[f] = μ
    // (MATH.md §5.2), summed here in long double.
    {
        const Eigen::VectorXd f = features(doc);
        const long double lambda = *d.maxent.lambda;
        long double z = 0, ef = 0;
        for (Eigen::Index t = 0; t < f.size(); ++t) {
            const long double e = std::exp(lambda * ((long double)f[t] - f.maxCoeff()));
            z += e;
            ef += e * f[t];
        }
        const double range = f.maxCoeff() - f.minCoeff();
        QVERIFY2(std::abs(double(ef / z) - *mu) <= 1e-10 * range,
                 qPrintable(QStringLiteral("E_λ[f] = %1, μ = %2").arg(double(ef / z)).arg(*mu)));
    }
    // The curves show it as the current λ.
    QVERIFY(view.entropyPlot()->currentLambda().has_value());
    QVERIFY(std::abs(*view.entropyPlot()->currentLambda() - *expected.lambda) <= 1e-12);
    QVERIFY(std::abs(view.constraintPlot()->constraintLine() - *mu) <= 0);
    // One drag gesture = one undo step, which restores the default target.
    QCOMPARE(doc.undoStack()->count(), undoBefore + 1);
    doc.undoStack()->undo();
    QVERIFY(!doc.scenario().targetFor(query).has_value());
    QCOMPARE(slider->value(), view.positionOf(doc.analysis().detail(query).maxentTarget));
}

void TestMaxEntPanel::keyboardOnTheSlider()
{
    ScenarioDocument doc;
    MaxEntPanel view(&doc);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSlider *slider = view.targetSlider();
    slider->setFocus();
    const int before = slider->value();
    QTest::keyClick(slider, Qt::Key_PageUp);
    QTest::keyClick(slider, Qt::Key_Right);
    QCOMPARE(slider->value(), before + slider->pageStep() + slider->singleStep());
    const double mu = *doc.scenario().targetFor(0);
    const maxent::Solution expected = maxent::solve(features(doc), mu);
    QVERIFY(std::abs(*doc.analysis().detail(0).maxent.lambda - *expected.lambda) <= 1e-12);
    QCOMPARE(doc.undoStack()->count(), 2); // each key press is its own step
    // "Default μ" goes back to λ = 1/τ.
    QVERIFY(view.defaultTargetButton()->isEnabled());
    view.defaultTargetButton()->click();
    QVERIFY(!doc.scenario().targetFor(0).has_value());
    QVERIFY(std::abs(*doc.analysis().detail(0).maxent.lambda - 1 / std::sqrt(2.0)) <= 1e-15);
}

void TestMaxEntPanel::sliderIsConfinedToTheOpenInterval()
{
    ScenarioDocument doc; // f = (1, 0.5, −1)
    MaxEntPanel view(&doc);
    view.resize(1200, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSlider *slider = view.targetSlider();
    QCOMPARE(slider->minimum(), 0);
    QCOMPARE(slider->maximum(), view.targetGrid()->count() - 1);
    const double lo = -1, hi = 1;
    for (int position : {slider->minimum(), slider->maximum(), -5, slider->maximum() + 9}) {
        const double mu = *view.targetAt(position);
        QVERIFY2(mu > lo && mu < hi, qPrintable(QString::number(mu, 'g', 17)));
    }
    // Dragging far past either end stops inside the interval, and λ stays finite.
    dragHandle(slider, 5000);
    QCOMPARE(slider->value(), slider->maximum());
    double mu = *doc.scenario().targetFor(0);
    QVERIFY(mu < hi && mu > 0.99);
    QVERIFY(std::isfinite(*doc.analysis().detail(0).maxent.lambda));
    dragHandle(slider, -8000);
    QCOMPARE(slider->value(), slider->minimum());
    mu = *doc.scenario().targetFor(0);
    QVERIFY(mu > lo && mu < -0.99);
    QVERIFY(*doc.analysis().detail(0).maxent.lambda < 0); // below the mean: λ < 0
    QTest::keyClick(slider, Qt::Key_Home);
    QVERIFY(*doc.scenario().targetFor(0) > lo);
    QTest::keyClick(slider, Qt::Key_End);
    QVERIFY(*doc.scenario().targetFor(0) < hi);
}

void TestMaxEntPanel::defaultTargetShowsInverseTemperature()
{
    ScenarioDocument doc;
    MaxEntPanel view(&doc);
    MaxEntEntropyPlot *h = view.entropyPlot();
    QVERIFY(h->hasCurve());
    QVERIFY(std::abs(*h->currentLambda() - 1 / std::sqrt(2.0)) <= 1e-15);
    QVERIFY(std::abs(h->uniformLimit() - std::log(3.0)) <= 1e-15);
    QCOMPARE(h->argmaxLimit(), 0.0);
    QVERIFY(h->xAxis->range().contains(0));
    QVERIFY(h->xAxis->range().contains(1 / std::sqrt(2.0)));
    // The curve is H(λ) from the core, and passes through H = 0.96978250 at λ = 1/√2 (§6 B).
    bool sawInvTau = false;
    for (auto it = h->curveGraph()->data()->constBegin(); it != h->curveGraph()->data()->constEnd();
         ++it) {
        QVERIFY(std::isfinite(it->value));
        if (it->key == 1 / std::sqrt(2.0)) {
            sawInvTau = true;
            QVERIFY(std::abs(it->value - 0.96978250) <= 5e-9);
        }
    }
    QVERIFY(sawInvTau);
    // The label says where the point comes from.
    bool labelled = false;
    for (int k = 0; k < h->itemCount(); ++k)
        if (auto *text = qobject_cast<QCPItemText *>(h->item(k)))
            labelled = labelled || (text->visible() &&
                                    text->text().contains(QStringLiteral("λ = 1/τ = 1/√d_k")));
    QVERIFY(labelled);
    // At 1/τ the dot drawn is the 1/τ one, and "current λ = 1/τ" takes its colour (a fresh
    // reader saw a red label point at a blue dot); with μ set by hand, its own red.
    QVERIFY(h->currentLabel()->text().startsWith(QStringLiteral("current λ = 1/τ")));
    QCOMPARE(h->currentLabel()->color(), h->inverseTemperatureLabel()->color());
    // E_λ[f]: the constraint line and the feasible band.
    MaxEntConstraintPlot *e = view.constraintPlot();
    QVERIFY(std::abs(e->constraintLine() - 0.56956487) <= 5e-9);
    QCOMPARE(e->feasibleBand().first, -1.0);
    QCOMPARE(e->feasibleBand().second, 1.0);
    QVERIFY(!doc.setMaxEntTarget(0, 0.2));
    QVERIFY(!h->currentLabel()->text().startsWith(QStringLiteral("current λ = 1/τ")));
    QVERIFY(h->currentLabel()->color() != h->inverseTemperatureLabel()->color());
}

void TestMaxEntPanel::animationConvergesToTheClosedForm_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<int>("query");
    QTest::addColumn<double>("target"); // NaN: default target
    QTest::addColumn<int>("method");
    const double nan = std::nan("");
    QTest::newRow("default, Newton") << QString() << 0 << nan << int(MaxEntPanel::Method::Newton);
    QTest::newRow("default, GIS") << QString() << 0 << nan << int(MaxEntPanel::Method::Gis);
    QTest::newRow("default, both") << QString() << 0 << nan << int(MaxEntPanel::Method::Both);
    QTest::newRow("μ = 0.8 by hand, Newton")
        << QString() << 0 << 0.8 << int(MaxEntPanel::Method::Newton);
    QTest::newRow("μ = −0.6 by hand, GIS")
        << QString() << 0 << -0.6 << int(MaxEntPanel::Method::Gis);
    QTest::newRow("iris query 5, Newton")
        << irisPath << 4 << nan << int(MaxEntPanel::Method::Newton);
    QTest::newRow("iris query 5, GIS") << irisPath << 4 << nan << int(MaxEntPanel::Method::Gis);
}

void TestMaxEntPanel::animationConvergesToTheClosedForm()
{
    QFETCH(QString, scenario);
    QFETCH(int, query);
    QFETCH(double, target);
    QFETCH(int, method);
    ScenarioDocument doc;
    if (!scenario.isEmpty())
        QVERIFY(!doc.loadExample(scenario));
    doc.setSelectedQuery(query);
    if (!std::isnan(target))
        QVERIFY(!doc.setMaxEntTarget(query, target));
    MaxEntPanel view(&doc);
    view.setMethod(MaxEntPanel::Method(method));
    QCOMPARE(view.iteration(), 0);
    QVERIFY(view.iterates().isSolvable());

    // The closed form: λ = 1/τ at the default target (MATH.md §5.3); the solver's λ otherwise.
    const double tau = doc.analysis().tau();
    const double closed =
        std::isnan(target) ? 1 / tau : *maxent::solve(features(doc), target).lambda;
    const int steps = runToEnd(view, MaxEntIterates::gisCap + 10);
    QVERIFY(view.animationFinished());
    QVERIFY(steps > 0);
    for (MaxEntIterates::Method m : {MaxEntIterates::Method::Newton, MaxEntIterates::Method::Gis}) {
        const std::optional<double> lambda = view.currentIterate(m);
        const bool on = MaxEntPanel::Method(method) == MaxEntPanel::Method::Both ||
                        (m == MaxEntIterates::Method::Newton) ==
                            (MaxEntPanel::Method(method) == MaxEntPanel::Method::Newton);
        QCOMPARE(lambda.has_value(), on);
        if (on)
            QVERIFY2(std::abs(*lambda - closed) <= 1e-10,
                     qPrintable(QStringLiteral("λ = %1, closed form %2 after %3 steps")
                                    .arg(*lambda, 0, 'g', 17)
                                    .arg(closed, 0, 'g', 17)
                                    .arg(steps)));
    }
    // The plots followed: the optimizer has one point per iteration, the curves the iterate.
    MaxEntOptimizerPlot *opt = view.optimizerPlot();
    QCPGraph *dual = MaxEntPanel::Method(method) == MaxEntPanel::Method::Gis
                         ? opt->gisDualGraph()
                         : opt->newtonDualGraph();
    QVERIFY(dual->dataCount() >= 2);
    QVERIFY(!graphHasNaN(dual));
    QVERIFY(!graphHasNaN(opt->newtonDistanceGraph()));
    QVERIFY(!graphHasNaN(opt->gisDistanceGraph()));
    // The dual falls to its minimum g(λ*) = H(p*).
    const double last = (dual->data()->constEnd() - 1)->value;
    QVERIFY(std::abs(last - view.iterates().dualAtSolution()) <= 1e-12);
    QVERIFY(std::abs(view.iterates().dualAtSolution() -
                     doc.analysis().detail(query).maxent.entropy) <= 1e-12);
    QCPGraph *iterate = MaxEntPanel::Method(method) == MaxEntPanel::Method::Gis
                            ? view.entropyPlot()->gisIterateGraph()
                            : view.entropyPlot()->newtonIterateGraph();
    QCOMPARE(iterate->dataCount(), 1);
    QVERIFY(std::abs(iterate->data()->constBegin()->key - closed) <= 1e-10);
    // Stepping a finished animation does nothing.
    const int n = view.iteration();
    view.stepAnimation();
    QCOMPARE(view.iteration(), n);
}

void TestMaxEntPanel::editDuringAnimationRestartsIt()
{
    ScenarioDocument doc;
    MaxEntPanel view(&doc);
    view.setMethod(MaxEntPanel::Method::Gis);
    for (int k = 0; k < 5; ++k)
        view.stepAnimation();
    QCOMPARE(view.iteration(), 5);
    const double before = *view.currentIterate(MaxEntIterates::Method::Gis);
    QVERIFY(before != 0);
    // An edit of a key: back to λ = 0 for the new problem.
    QVERIFY(!doc.setCell(CellTable::Key, 0, 0, 1.5));
    QCOMPARE(view.iteration(), 0);
    QCOMPARE(*view.currentIterate(MaxEntIterates::Method::Gis), 0.0);
    QVERIFY(!view.animationFinished());
    QCOMPARE(view.optimizerPlot()->gisDualGraph()->dataCount(), 1);
    // The new run converges to the new closed form.
    runToEnd(view, MaxEntIterates::gisCap + 10);
    QVERIFY(std::abs(*view.currentIterate(MaxEntIterates::Method::Gis) - 1 / std::sqrt(2.0)) <=
            1e-10);
    // A change of method, of query or of the target restarts it too.
    view.setMethod(MaxEntPanel::Method::Newton);
    QCOMPARE(view.iteration(), 0);
    view.stepAnimation();
    QVERIFY(!doc.setMaxEntTarget(0, 0.3));
    QCOMPARE(view.iteration(), 0);
    view.stepAnimation();
    doc.undoStack()->undo();
    QCOMPARE(view.iteration(), 0);
}

void TestMaxEntPanel::timerAnimationAdvancesWithoutBlocking()
{
    ScenarioDocument doc;
    MaxEntPanel view(&doc);
    view.setMethod(MaxEntPanel::Method::Gis);
    view.animationControls()->setSpeed(60);
    view.animationControls()->play();
    QVERIFY(view.animationControls()->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(view.iteration() >= 3, 5000);
    // An edit while playing restarts from λ = 0 and keeps playing.
    QVERIFY(!doc.setCell(CellTable::Query, 0, 1, 0.25));
    QVERIFY(view.iteration() <= 1);
    QVERIFY(view.animationControls()->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(view.animationFinished(), 20000);
    QVERIFY(!view.animationControls()->isPlaying());
    view.animationControls()->reset();
    QCOMPARE(view.iteration(), 0);
    QVERIFY(!view.animationFinished());
}

void TestMaxEntPanel::allSimilaritiesEqualShowsANote()
{
    ScenarioDocument doc;
    QVERIFY(!doc.setCell(CellTable::Query, 0, 0, 0.0));
    QVERIFY(!doc.setCell(CellTable::Query, 0, 1, 0.0)); // q = 0: every f = 0
    MaxEntPanel view(&doc);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(!view.targetSlider()->isEnabled());
    QVERIFY(view.noteLabel()->isVisible());
    QVERIFY(view.noteLabel()->text().contains(QStringLiteral("undetermined")));
    for (MaxEntLambdaPlot *plot :
         std::initializer_list<MaxEntLambdaPlot *>{view.entropyPlot(), view.constraintPlot()}) {
        QVERIFY(!plot->hasCurve());
        QVERIFY(plot->noteText().contains(QStringLiteral("undetermined")));
        QCOMPARE(plot->curveGraph()->dataCount(), 0);
        QVERIFY(!plot->toolTipAt(QPointF(plot->axisRect()->center()))
                     .contains(QStringLiteral("nan"), Qt::CaseInsensitive));
    }
    QVERIFY(!view.iterates().isSolvable());
    QVERIFY(view.animationFinished());
    QVERIFY(view.optimizerPlot()->summaryText().contains(QStringLiteral("undetermined")));
    view.stepAnimation();
    QCOMPARE(view.iteration(), 0);
    QVERIFY(!view.targetAt(100).has_value());
    // An exported image of the note is not blank and has no NaN anywhere.
    const QImage image = view.entropyPlot()->toPixmap(600, 400).toImage();
    QVERIFY(!image.isNull());
}

void TestMaxEntPanel::extremeTemperatureHasNoNaN()
{
    ScenarioDocument doc;
    QVERIFY(!doc.setTemperature(TemperatureMode::Fixed, 1e-300));
    MaxEntPanel view(&doc);
    TemperatureSweepView sweep;
    sweep.showAnalysis(doc.analysis(), 0);
    for (MaxEntLambdaPlot *plot :
         std::initializer_list<MaxEntLambdaPlot *>{view.entropyPlot(), view.constraintPlot()}) {
        QVERIFY(plot->hasCurve());
        QVERIFY(!graphHasNaN(plot->curveGraph()));
        for (double x : {0.1, 0.5, 0.9}) {
            const QRect r = plot->axisRect()->rect();
            const QString tip = plot->toolTipAt(QPointF(r.left() + x * r.width(), r.center().y()));
            QVERIFY2(!tip.contains(QStringLiteral("nan"), Qt::CaseInsensitive), qPrintable(tip));
        }
    }
    // The numerically one-hot row at the default target: the animation explains itself.
    QVERIFY(!view.iterates().isSolvable() || view.iterates().lambdaStar() == 1e300);
    for (int k = 0; k < sweep.keyCount(); ++k)
        QVERIFY(!graphHasNaN(sweep.keyGraph(k)));
    QVERIFY(sweep.tauRange().contains(1e-300));
    // Moving μ on a one-hot row works: the solver takes over.
    QVERIFY(!doc.setMaxEntTarget(0, 0.2));
    runToEnd(view, MaxEntIterates::gisCap + 10);
    QVERIFY(std::abs(*view.currentIterate(MaxEntIterates::Method::Newton) -
                     *maxent::solve(features(doc), 0.2).lambda) <= 1e-10);
}

void TestMaxEntPanel::temperatureSweepAtCurrentTauIsTheWeights_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<int>("query");
    QTest::newRow("default scenario (τ = √2)") << QString() << 0;
    QTest::newRow("iris query 1 (τ = 0.5, 30 keys)") << irisPath << 0;
    QTest::newRow("iris query 6") << irisPath << 5;
    QTest::newRow("causal sentence, query 3 (3 visible keys)")
        << QStringLiteral(":/scenarios/causal-sentence.softmaxlab.json") << 2;
}

void TestMaxEntPanel::temperatureSweepAtCurrentTauIsTheWeights()
{
    QFETCH(QString, scenario);
    QFETCH(int, query);
    ScenarioDocument doc;
    if (!scenario.isEmpty())
        QVERIFY(!doc.loadExample(scenario));
    TemperatureSweepView view;
    view.showAnalysis(doc.analysis(), query);
    const QueryDetail d = doc.analysis().detail(query);
    const double tau = doc.analysis().tau();
    QCOMPARE(view.keyCount(), int(d.visible.size()));
    for (int j = 0; j < view.keyCount(); ++j) {
        const QCPGraph *g = view.keyGraph(j);
        bool found = false;
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
            QVERIFY(std::isfinite(it->value) && it->value >= 0 && it->value <= 1);
            if (it->key == tau) {
                found = true;
                const double w = doc.analysis().attention().weights(query, d.visible[size_t(j)]);
                QVERIFY2(std::abs(it->value - w) <= 1e-15,
                         qPrintable(QStringLiteral("%1 vs %2").arg(it->value).arg(w)));
            }
        }
        QVERIFY(found);
    }
    // Tooltips give exact values.
    const QRect r = view.axisRect()->rect();
    const QString tip = view.toolTipAt(QPointF(view.xAxis->coordToPixel(tau), r.center().y()));
    QVERIFY(tip.contains(QStringLiteral("w = ")));
    QVERIFY(!tip.contains(QStringLiteral("nan"), Qt::CaseInsensitive));
}

void TestMaxEntPanel::temperatureSweepRangeAndMarker()
{
    ScenarioDocument doc; // d_k = 2
    TemperatureSweepView view;
    view.showAnalysis(doc.analysis(), 0);
    QCOMPARE(view.xAxis->scaleType(), QCPAxis::stLogarithmic);
    // Tick labels at 1, 2, 5 × 10^k inside the range.
    const auto ticker = view.xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(!ticker.isNull());
    QVERIFY(ticker->ticks().contains(1.0) && ticker->ticks().contains(10.0));
    const double sqrtDk = std::sqrt(2.0);
    QVERIFY(std::abs(view.tauRange().lower - 0.05 * sqrtDk) <= 1e-15);
    QVERIFY(std::abs(view.tauRange().upper - 20 * sqrtDk) <= 1e-13);
    QCOMPARE(view.currentTau(), sqrtDk);
    // Small τ: one-hot on the argmax (k1, f = 1); large τ: towards uniform.
    const QCPGraph *k1 = view.keyGraph(0);
    QVERIFY(k1->data()->constBegin()->value > 0.99);
    QVERIFY(std::abs((k1->data()->constEnd() - 1)->value - 1.0 / 3) < 0.02);
    // A τ outside the sweep widens it to hold the marker.
    QVERIFY(!doc.setTemperature(TemperatureMode::Fixed, 500));
    view.showAnalysis(doc.analysis(), 0);
    QVERIFY(view.tauRange().contains(500));
    QVERIFY(view.legend->itemCount() == 3);
}

void TestMaxEntPanel::temperatureSweepKeysAreTellableApart()
{
    // The √d_k lesson's eight keys, presented: k1 was (0, 114, 178) and k6 (16, 132, 198), the
    // sky blue darkened to a shade of k1's blue, and a fresh reader could not tell them apart.
    // In every theme and mode, two coloured keys differ in colour by more than 40 in some
    // channel, or in line style.
    ScenarioDocument doc;
    QVERIFY(!doc.loadExample(QStringLiteral(":/scenarios/sharp-vs-flat-dk16.softmaxlab.json")));
    TemperatureSweepView view;
    view.resize(900, 500);
    view.showAnalysis(doc.analysis(), 0);
    QCOMPARE(view.keyCount(), 8);
    Appearance *look = Appearance::instance();
    const auto restore = qScopeGuard([look] {
        look->setPresentation(false);
        look->setTheme(Appearance::Theme::Light);
    });
    for (const auto theme : {Appearance::Theme::Light, Appearance::Theme::Dark})
        for (const bool presenting : {false, true}) {
            look->setTheme(theme);
            look->setPresentation(presenting);
            view.replot(); // restyled first (Appearance::applyTo)
            for (int a = 0; a < view.keyCount(); ++a)
                for (int b = a + 1; b < view.keyCount(); ++b) {
                    const QPen pa = view.keyGraph(a)->pen(), pb = view.keyGraph(b)->pen();
                    const QColor ca = pa.color(), cb = pb.color();
                    const int channel =
                        std::max({std::abs(ca.red() - cb.red()), std::abs(ca.green() - cb.green()),
                                  std::abs(ca.blue() - cb.blue())});
                    QVERIFY2(channel > 40 || pa.style() != pb.style(),
                             qPrintable(QStringLiteral("%1 and %2 (%3, %4; dark %5, presented %6)")
                                            .arg(view.keyGraph(a)->name(), view.keyGraph(b)->name(),
                                                 ca.name(), cb.name())
                                            .arg(theme == Appearance::Theme::Dark)
                                            .arg(presenting)));
                }
        }
}

void TestMaxEntPanel::temperatureSweepTauLabelIsNotCrossedBySqrtDk()
{
    // The √d_k lesson presented at 1280×800, τ = 1: the dashed √d_k line (τ = 4) ran through
    // the "1" of "current τ = 1" (a fresh reader). The label goes to the other side of its line
    // when that side holds it; else the √d_k line passes behind its box.
    ScenarioDocument doc;
    QVERIFY(!doc.loadExample(QStringLiteral(":/scenarios/sharp-vs-flat-dk16.softmaxlab.json")));
    QVERIFY(!doc.setTemperature(TemperatureMode::Fixed, 1.0));
    Appearance *look = Appearance::instance();
    look->setPresentation(true);
    const auto restore = qScopeGuard([look] { look->setPresentation(false); });
    // At 920, 1250 and 1600 px the label stands clear of the line (at 920 px by going to the
    // line's other side, the side with less room); at 700 px only the short form would fit
    // there, and the whole label stays with the line behind it.
    const std::pair<QSize, bool> sizes[] = {{QSize(920, 420), true},
                                            {QSize(1250, 545), true},
                                            {QSize(1600, 600), true},
                                            {QSize(700, 420), false}};
    for (const auto &[size, roomAway] : sizes) {
        TemperatureSweepView view;
        view.resize(size);
        view.show(); // (a hidden plot keeps its first viewport)
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.showAnalysis(doc.analysis(), 0);
        view.replot();
        view.replot(); // laid out for its size
        const QCPItemText *label = nullptr;
        for (int k = 0; k < view.itemCount(); ++k)
            if (auto *text = qobject_cast<QCPItemText *>(view.item(k));
                text && text->visible() && text->text().startsWith(QStringLiteral("current τ")))
                label = text;
        QVERIFY(label);
        QCOMPARE(label->text(), QStringLiteral("current τ = 1"));
        const QRectF box = planeFit::labelBox(label);
        const double line = view.xAxis->coordToPixel(4.0);
        // Beside the label, or behind its box: the line on a layer below the label's, the box
        // all but opaque.
        const QCPItemStraightLine *sqrtDkLine = nullptr;
        for (int k = 0; k < view.itemCount(); ++k)
            if (auto *l = qobject_cast<QCPItemStraightLine *>(view.item(k));
                l && l->visible() && l->point1->coords().x() == 4.0)
                sqrtDkLine = l;
        QVERIFY(sqrtDkLine);
        const bool behind = sqrtDkLine->layer()->index() < label->layer()->index() &&
                            label->brush().color().alpha() >= 200;
        QVERIFY2(behind, "the √d_k line is drawn over the τ label's box");
        QVERIFY2((behind && !roomAway) || line < box.left() || line > box.right(),
                 qPrintable(QStringLiteral("%1×%2: √d_k at x = %3 crosses “%4” at %5…%6")
                                .arg(size.width())
                                .arg(size.height())
                                .arg(line)
                                .arg(label->text())
                                .arg(box.left())
                                .arg(box.right())));
        // The label stays whole on its side: inside the plot.
        QVERIFY2(QRectF(view.axisRect()->rect()).contains(box),
                 qPrintable(QStringLiteral("%1 at (%2, %3, %4×%5) in the plot (%6, %7, %8×%9)")
                                .arg(label->text())
                                .arg(box.x())
                                .arg(box.y())
                                .arg(box.width())
                                .arg(box.height())
                                .arg(view.axisRect()->rect().x())
                                .arg(view.axisRect()->rect().y())
                                .arg(view.axisRect()->rect().width())
                                .arg(view.axisRect()->rect().height())));
    }
}

void TestMaxEntPanel::temperatureSweepCsvHasEverySampleOfEveryKey()
{
    // 100 keys: the drawing thins the grey curves (issue 5), the CSV keeps every sample.
    Scenario s = defaultScenario();
    const int T = 100;
    s.keys.resize(T, 2);
    s.values.resize(T, 2);
    for (int t = 0; t < T; ++t) {
        s.keys.row(t) << std::cos(0.37 * t), std::sin(0.61 * t);
        s.values.row(t) << t % 3, t % 5;
    }
    s.keyLabels.clear();
    s.normalizeSideArrays();
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(s));
    TemperatureSweepView view;
    view.showAnalysis(doc.analysis(), 0);
    const QStringList lines = view.dataCsv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QStringList header = lines.first().split(QLatin1Char(','));
    QCOMPARE(header.size(), T + 1);
    QCOMPARE(header.first(), QStringLiteral("tau"));
    QCOMPARE(header.at(1), QStringLiteral("k1"));
    QVERIFY(lines.size() - 1 >= 300); // every swept τ
    int greyPoints = T * 1000;
    for (int j = 0; j < view.keyCount(); ++j)
        greyPoints = std::min(greyPoints, view.keyGraph(j)->dataCount());
    QVERIFY(greyPoints < lines.size() - 1); // the thinned drawing has fewer
    const Eigen::VectorXd w = doc.analysis().weightRow(0);
    bool sawCurrent = false;
    for (int r = 1; r < lines.size(); ++r) {
        const QStringList fields = lines.at(r).split(QLatin1Char(','));
        QCOMPARE(fields.size(), T + 1);
        double sum = 0;
        for (int j = 1; j <= T; ++j)
            sum += fields.at(j).toDouble();
        QVERIFY2(std::abs(sum - 1) <= 1e-12, qPrintable(lines.at(r)));
        if (fields.first().toDouble() == view.currentTau()) {
            sawCurrent = true;
            for (int j = 1; j <= T; ++j)
                QVERIFY(std::abs(fields.at(j).toDouble() - w[j - 1]) <= 1e-15);
        }
    }
    QVERIFY(sawCurrent); // the current τ is a sample: there the row is the weights
}

void TestMaxEntPanel::exportIncludesTheNewViews()
{
    const QStringList names = exportViewNames();
    for (const QString &name :
         {QStringLiteral("maxent-entropy"), QStringLiteral("maxent-constraint"),
          QStringLiteral("maxent-optimizer"), QStringLiteral("temperature-sweep"),
          QStringLiteral("derivation")})
        QVERIFY2(names.contains(name), qPrintable(name));
    QTemporaryDir tmp;
    QStringList written;
    const auto error = exportAllViews(defaultScenario(), tmp.path(), QStringLiteral("png"),
                                      QSize(900, 600), &written);
    QVERIFY2(!error, qPrintable(error.value_or(QString())));
    for (const QString &name :
         {QStringLiteral("maxent-entropy"), QStringLiteral("maxent-constraint"),
          QStringLiteral("maxent-optimizer"), QStringLiteral("temperature-sweep"),
          QStringLiteral("derivation")}) {
        const QImage image(tmp.filePath(name + QStringLiteral(".png")));
        QVERIFY2(!image.isNull(), qPrintable(name));
        std::set<QRgb> colours;
        for (int y = 0; y < image.height(); y += 4)
            for (int x = 0; x < image.width(); x += 4)
                colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() > 20, qPrintable(name));
    }
}

QTEST_MAIN(TestMaxEntPanel)
// The tour's MaxEnt step presented at 1280×800 (a fresh reader): the constraint's axis, about
// 220 px tall, had ticks every 2 over E_λ[f] ∈ (−1, 1) and named only its 0. A short plot still
// names the range's ends and its middle.
void TestMaxEntPanel::shortCurvesStillNameTheirRange()
{
    ScenarioDocument doc; // MATH.md §6 B: f = (1, 0.5, −1)
    Appearance::instance()->setPresentationScale(1.5);
    Appearance::instance()->setPresentation(true);
    const auto leave = qScopeGuard([] {
        Appearance::instance()->setPresentation(false);
        Appearance::instance()->setPresentationScale(Appearance::defaultPresentationScale);
    });
    // The plot grows to its height after a first layout at a smaller one (the Maximum entropy
    // tab sets its curves' heights in a queued call): the ticks of the one replot that follows.
    for (const int height : {330, 360, 380, 400, 430}) {
        MaxEntConstraintPlot plot;
        plot.resize(620, 200);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.showAnalysis(doc.analysis(), 0);
        plot.replot();
        plot.resize(620, height);
        plot.replot();
        int inRange = 0;
        bool hasMinusOne = false, hasOne = false;
        for (const double tick : plot.yAxis->tickVector())
            if (plot.yAxis->range().contains(tick)) {
                ++inRange;
                hasMinusOne |= std::abs(tick + 1) < 1e-12;
                hasOne |= std::abs(tick - 1) < 1e-12;
            }
        QVERIFY2(inRange >= 3 && hasMinusOne && hasOne,
                 qPrintable(QStringLiteral("%1 px tall: %2 ticks in a %3 px axis over [%4, %5]")
                                .arg(height)
                                .arg(inRange)
                                .arg(plot.axisRect()->height())
                                .arg(plot.yAxis->range().lower)
                                .arg(plot.yAxis->range().upper)));
    }
}

#include "tst_maxentpanel.moc"
