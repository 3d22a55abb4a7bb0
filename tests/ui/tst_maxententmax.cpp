// Tests of the Maximum entropy tab with α-entmax (issue 16; MATH.md §7.3, worked example F of
// §7.5) and of its layout at a projector's 1280×800 (issue 14 item 9): the curves are H_α(λ) and
// E_λ[f] of p = entmax_α(λ f), λ_min and λ_max are marked, the animation plays the Tsallis
// Newton/bisection to the solved λ, and nothing in the tab is cut, in normal and presentation
// mode.
#include "Entmax.h"
#include "MaxEnt.h"
#include "TsallisMaxEnt.h"
#include "document/ScenarioDocument.h"
#include "panels/MaxEntPanel.h"
#include "plots/maxent/MaxEntConstraintPlot.h"
#include "plots/maxent/MaxEntEntropyPlot.h"
#include "plots/maxent/MaxEntOptimizerPlot.h"
#include "style/Appearance.h"
#include "style/PlotStyle.h"
#include "style/ViewHelp.h"
#include "widgets/AnimationControls.h"
#include "widgets/DecimalSpinBox.h"
#include "window/MainWindow.h"
#include "window/ViewExport.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>
#include <QWheelEvent>
#include <QtTest/qtestspontaneevent.h>

#include <cmath>

using namespace sml;

namespace {

/// The plotted value of a graph at exactly λ (the curves sample λ = 1/τ and the current λ);
/// NaN when λ is not a sample.
double plottedAt(const QCPGraph *graph, double lambda)
{
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        if (it->key == lambda)
            return it->value;
    return std::nan("");
}

/// λ_min and λ_max (α > 1) are named inside the plot, each beside its own dashed line: the
/// label's left or right edge at the line, across no other vertical line (1/τ's, the current
/// λ's, the other limit's), over no other label.
void checkSupportLimitNames(MaxEntLambdaPlot *plot, const QString &where)
{
    plot->replot();
    const auto &names = plot->supportLimitLabels();
    QCOMPARE(int(names.size()), plot->alpha() > 1 ? 2 : 0);
    if (names.empty())
        return;
    auto boxOf = [](const QCPItemText *label) {
        return QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition())
            .normalized();
    };
    const QRectF area = QRectF(plot->axisRect()->rect()).adjusted(-1, -1, 1, 1);
    const std::optional<double> limits[] = {plot->lambdaMin(), plot->lambdaMax()};
    for (size_t k = 0; k < names.size(); ++k) {
        const QRectF box = boxOf(names[k]);
        const QString name = where + QLatin1Char(' ') + plot->viewName() + QStringLiteral(": “") +
                             names[k]->text() +
                             QStringLiteral("” at %1,%2 %3×%4")
                                 .arg(box.x())
                                 .arg(box.y())
                                 .arg(box.width())
                                 .arg(box.height());
        QVERIFY2(
            names[k]->text().startsWith(k == 0 ? QStringLiteral("λ_min") : QStringLiteral("λ_max")),
            qPrintable(name));
        QVERIFY2(area.contains(box), qPrintable(name + QStringLiteral(" leaves the plot")));
        const double x = plot->xAxis->coordToPixel(*limits[k]);
        QVERIFY2(std::min(std::abs(box.left() - x), std::abs(box.right() - x)) <= 6,
                 qPrintable(name + QStringLiteral(" is not at its line, x = %1").arg(x)));
        std::vector<double> others = {plot->xAxis->coordToPixel(*limits[1 - k])};
        for (const QCPItemStraightLine *line : plot->findChildren<QCPItemStraightLine *>())
            if (line->visible() && line->pen().style() == Qt::DotLine) // 1/τ's, the current λ's
                others.push_back(plot->xAxis->coordToPixel(line->point1->key()));
        for (const double other : others)
            QVERIFY2(other <= box.left() + 1 || other >= box.right() - 1,
                     qPrintable(name + QStringLiteral(" crosses the line at %1").arg(other)));
        for (QCPItemText *text : plot->findChildren<QCPItemText *>())
            if (text != names[k] && text->visible() && !text->text().isEmpty())
                QVERIFY2(!boxOf(text).adjusted(1, 1, -1, -1).intersects(box),
                         qPrintable(name + QStringLiteral(" covers “") + text->text() + "”"));
    }
}

int runToEnd(MaxEntPanel &view)
{
    int steps = 0;
    while (!view.animationFinished() && steps < 1000) {
        view.stepAnimation();
        ++steps;
    }
    return steps;
}

/// Every text of a plot view is whole: no elided axis name or title ("…"), every tick label of
/// the top axis inside the widget, and the legend inside the viewport.
void checkPlotTexts(PlotView *view, const QString &where)
{
    view->replot(); // the labels fit the axis lengths of the layout before
    view->replot();
    const QString name = where + QLatin1Char(' ') + view->viewName();
    for (QCPAxis *axis : view->findChildren<QCPAxis *>()) {
        if (!axis->visible())
            continue;
        QVERIFY2(!axis->label().contains(QChar(0x2026)),
                 qPrintable(name + QStringLiteral(": axis “") + axis->label() + "”"));
        const double length = axis->orientation() == Qt::Vertical ? axis->axisRect()->height()
                                                                  : axis->axisRect()->width();
        if (!axis->label().isEmpty())
            QVERIFY2(plotStyle::metrics(axis->labelFont()).horizontalAdvance(axis->label()) <=
                         length + 1,
                     qPrintable(name + QStringLiteral(": axis “") + axis->label() + "” too long"));
        // The names of λ_min/λ_max on the top axis stay inside the widget.
        if (axis->axisType() == QCPAxis::atTop) {
            auto ticker = axis->ticker().dynamicCast<QCPAxisTickerText>();
            if (!ticker)
                continue;
            const QFontMetricsF fm = plotStyle::metrics(axis->tickLabelFont());
            for (auto it = ticker->ticks().constBegin(); it != ticker->ticks().constEnd(); ++it) {
                if (!axis->range().contains(it.key()))
                    continue;
                double widest = 0;
                for (const QString &line : it.value().split(QLatin1Char('\n')))
                    widest = std::max(widest, fm.horizontalAdvance(line));
                const double x = axis->coordToPixel(it.key());
                QVERIFY2(
                    x - widest / 2 >= 0 && x + widest / 2 <= view->width(),
                    qPrintable(name + QStringLiteral(": “") + it.value() + "” leaves the plot"));
            }
        }
    }
    for (QCPTextElement *text : view->findChildren<QCPTextElement *>()) {
        if (!text->realVisibility() || text->text().isEmpty())
            continue;
        QVERIFY2(!text->text().contains(QChar(0x2026)), qPrintable(name + ": " + text->text()));
        for (const QString &line : text->text().split(QLatin1Char('\n')))
            QVERIFY2(plotStyle::metrics(text->font()).horizontalAdvance(line) <= view->width(),
                     qPrintable(name + ": title “" + line + "” wider than the plot"));
    }
    if (view->legend->visible() && view->legend->itemCount() > 0) {
        const QRect legend = view->legend->outerRect();
        QVERIFY2(view->rect().contains(legend),
                 qPrintable(name + QStringLiteral(": legend %1,%2 %3×%4 outside")
                                       .arg(legend.x())
                                       .arg(legend.y())
                                       .arg(legend.width())
                                       .arg(legend.height())));
        for (int k = 0; k < view->legend->itemCount(); ++k) {
            const QRect item = view->legend->item(k)->outerRect();
            QVERIFY2(view->rect().contains(item), qPrintable(name + ": a legend entry is cut"));
        }
    }
}

} // namespace

class TestMaxEntEntmax : public QObject
{
    Q_OBJECT

private slots:
    void cleanup();
    void curvesAreTsallisEntropyAndConstraint_data();
    void curvesAreTsallisEntropyAndConstraint();
    void softmaxCurvesAreShannon();
    void animationEndsAtTheSolvedLambda_data();
    void animationEndsAtTheSolvedLambda();
    void intervalEndHasNothingToIterate();
    void exportsNameTheEntropy();
    void helpExplainsTheTsallisCurves();
    void nothingIsCutAt1280x800_data();
    void nothingIsCutAt1280x800();
    void theWheelOverAPlotScrollsTheTab();
};

void TestMaxEntEntmax::cleanup()
{
    Appearance::instance()->setPresentation(false);
}

void TestMaxEntEntmax::curvesAreTsallisEntropyAndConstraint_data()
{
    QTest::addColumn<double>("alpha");
    QTest::addColumn<double>("expectedMu"); // the default μ of MATH.md §7.5 F
    QTest::addColumn<double>("lambdaMax");
    QTest::newRow("sparsemax, α = 2") << 2.0 << 0.83838835 << 2.0;
    QTest::newRow("1.5-entmax") << 1.5 << 0.80045697 << 4.0;
}

void TestMaxEntEntmax::curvesAreTsallisEntropyAndConstraint()
{
    QFETCH(double, alpha);
    QFETCH(double, expectedMu);
    QFETCH(double, lambdaMax);
    ScenarioDocument doc; // MATH.md §6 B: f = (1, 0.5, −1), τ = √2
    QVERIFY(!doc.setNormalizer(NormalizerKind::Entmax, alpha));
    MaxEntPanel view(&doc);
    MaxEntEntropyPlot *h = view.entropyPlot();
    MaxEntConstraintPlot *e = view.constraintPlot();
    const Eigen::VectorXd f = doc.analysis().detail(0).similarities;
    QCOMPARE(h->alpha(), alpha);
    // Every plotted point is the core's H_α(λ) and E_λ[f] of p = entmax_α(λ f).
    for (auto it = h->curveGraph()->data()->constBegin(); it != h->curveGraph()->data()->constEnd();
         ++it)
        QCOMPARE(it->value, maxent::tsallisEntropyAt(f, it->key, alpha));
    for (auto it = e->curveGraph()->data()->constBegin(); it != e->curveGraph()->data()->constEnd();
         ++it)
        QCOMPARE(it->value, maxent::tsallisExpectedFeature(f, it->key, alpha));
    // At λ = 1/τ: the attention weights w = entmax_α(s) (worked example F), so H_α(w) and the
    // default μ = E_w[f].
    const double invTau = 1 / std::sqrt(2.0);
    const Eigen::VectorXd w = doc.analysis().detail(0).weights;
    const double hAtInvTau = plottedAt(h->curveGraph(), invTau);
    QVERIFY(std::abs(hAtInvTau - tsallisEntropy(w, alpha)) <= 1e-15);
    if (alpha == 2) // Gini: ½(1 − Σ p²) with p = (½ ± 1/(4√2), 0) is exactly 7/32
        QVERIFY(std::abs(hAtInvTau - 7.0 / 32) <= 1e-15);
    QVERIFY(std::abs(plottedAt(e->curveGraph(), invTau) - expectedMu) <= 5e-9);
    QVERIFY(std::abs(*h->currentLambda() - invTau) <= 1e-15);
    // The limits: uniform H_α = (1 − 3^(1−α))/(α(α−1)) at λ = 0, 0 on the single argmax key,
    // reached at λ_max (and on the argmin at λ_min).
    QVERIFY(std::abs(h->uniformLimit() - (1 - std::pow(3.0, 1 - alpha)) / (alpha * (alpha - 1))) <=
            1e-15);
    QCOMPARE(h->argmaxLimit(), 0.0);
    QVERIFY(std::abs(*h->lambdaMax() - lambdaMax) <= 1e-14);
    QCOMPARE(*e->lambdaMax(), *h->lambdaMax());
    QVERIFY(h->xAxis->range().contains(*h->lambdaMax()));
    QVERIFY(h->xAxis->range().contains(*h->lambdaMin()));
    QCOMPARE(h->valueAt(lambdaMax), 0.0);
    QCOMPARE(h->valueAt(lambdaMax + 1), 0.0); // flat beyond λ_max
    QCOMPARE(e->valueAt(lambdaMax), 1.0);     // max f, reached at a finite λ
    QCOMPARE(e->valueAt(*h->lambdaMin() - 0.5), -1.0);
    if (alpha == 2) {
        QVERIFY(std::abs(*h->lambdaMin() + 2.0 / 3) <= 1e-15);
        // μ = 0 gives λ = −1/13 (F): there E_λ[f] = 0.
        QVERIFY(std::abs(e->valueAt(-1.0 / 13)) <= 1e-15);
    }
    // λ_min and λ_max are named in the plot, at their lines (where: nothingIsCutAt1280x800).
    for (MaxEntLambdaPlot *plot : std::initializer_list<MaxEntLambdaPlot *>{h, e}) {
        const auto &names = plot->supportLimitLabels();
        QCOMPARE(int(names.size()), 2);
        QVERIFY(names[0]->text().startsWith(QStringLiteral("λ_min")));
        QVERIFY(names[1]->text().startsWith(QStringLiteral("λ_max")));
    }
    // The axes say which entropy and its unit.
    QVERIFY(h->titleText().startsWith(QStringLiteral("Tsallis entropy H_α(λ), α = ")));
    QVERIFY2(h->yAxis->label().contains(QStringLiteral("H_α(λ)")), qPrintable(h->yAxis->label()));
    QVERIFY(!h->yAxis->label().contains(QStringLiteral("nats")));
    QVERIFY(e->yAxis->label().startsWith(QStringLiteral("E_λ[f]")));
}

void TestMaxEntEntmax::softmaxCurvesAreShannon()
{
    ScenarioDocument doc;
    MaxEntPanel view(&doc);
    view.resize(1200, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    MaxEntEntropyPlot *h = view.entropyPlot();
    QCOMPARE(h->alpha(), 1.0);
    QVERIFY(!h->lambdaMax() && !h->lambdaMin() && h->supportLimitLabels().empty());
    QCOMPARE(h->titleText(), QStringLiteral("Shannon entropy H(λ)")); // the query is beside μ
    QVERIFY2(h->yAxis->label().contains(QStringLiteral("(nats)")), qPrintable(h->yAxis->label()));
    QVERIFY(view.targetLabel()->text().startsWith(QStringLiteral("query “q”: μ = ")));
    QVERIFY(std::abs(plottedAt(h->curveGraph(), 1 / std::sqrt(2.0)) - 0.96978250) <= 5e-9);
    // GIS is offered with the softmax only.
    QVERIFY(view.methodCombo()->isVisible());
}

void TestMaxEntEntmax::animationEndsAtTheSolvedLambda_data()
{
    QTest::addColumn<double>("alpha");
    QTest::addColumn<double>("target"); // NaN: the default target
    QTest::addColumn<double>("expected");
    const double nan = std::nan("");
    QTest::newRow("α = 2, μ = 0 by hand: λ = −1/13") << 2.0 << 0.0 << -1.0 / 13;
    QTest::newRow("α = 2, default μ: λ = 1/τ") << 2.0 << nan << 1 / std::sqrt(2.0);
    QTest::newRow("α = 1.5, μ = 0.9 by hand") << 1.5 << 0.9 << nan;
    QTest::newRow("α = 3, μ = −0.5 by hand") << 3.0 << -0.5 << nan;
    QTest::newRow("α = 1 (softmax), μ = 0.8 by hand") << 1.0 << 0.8 << nan;
}

void TestMaxEntEntmax::animationEndsAtTheSolvedLambda()
{
    QFETCH(double, alpha);
    QFETCH(double, target);
    QFETCH(double, expected);
    ScenarioDocument doc;
    QVERIFY(!doc.setNormalizer(NormalizerKind::Entmax, alpha));
    if (!std::isnan(target))
        QVERIFY(!doc.setMaxEntTarget(0, target));
    MaxEntPanel view(&doc);
    view.setMethod(MaxEntPanel::Method::Newton);
    QVERIFY(view.iterates().isSolvable());
    const QueryDetail d = doc.analysis().detail(0);
    const double solved = *d.maxent.lambda;
    if (!std::isnan(expected))
        QVERIFY(std::abs(solved - expected) <= 1e-12);
    QCOMPARE(*view.currentIterate(MaxEntIterates::Method::Newton), 0.0); // starts at λ = 0
    QVERIFY(runToEnd(view) > 0);
    QVERIFY(view.animationFinished());
    // The last iterate is the solved λ, on both curves too.
    const double last = *view.currentIterate(MaxEntIterates::Method::Newton);
    QVERIFY2(std::abs(last - solved) <= 1e-12 * std::max(1.0, std::abs(solved)),
             qPrintable(QStringLiteral("last iterate %1, solved %2")
                            .arg(last, 0, 'g', 17)
                            .arg(solved, 0, 'g', 17)));
    QCOMPARE(view.entropyPlot()->newtonIterateGraph()->data()->constBegin()->key, last);
    QCOMPARE(view.constraintPlot()->newtonIterateGraph()->data()->constBegin()->key, last);
    // The iterates are the Tsallis solver's (MATH.md §7.3): the core's trace, step for step.
    std::vector<double> trace;
    maxent::solveTsallis(d.similarities, d.maxentTarget, alpha, &trace);
    QCOMPARE(view.iteration() + 1, int(trace.size()));
    // The dual falls to its minimum, the maximum entropy H_α(p*).
    const QCPGraph *dual = view.optimizerPlot()->newtonDualGraph();
    QCOMPARE(dual->dataCount(), int(trace.size()));
    QVERIFY(std::abs((dual->data()->constEnd() - 1)->value - d.maxent.tsallisEntropy) <= 1e-12);
    // GIS solves the Shannon problem only: with α > 1 it is neither offered nor animated.
    const bool tsallis = alpha > 1;
    QCOMPARE(view.currentIterate(MaxEntIterates::Method::Gis).has_value(), false);
    QCOMPARE(view.methodCombo()->isVisibleTo(&view), !tsallis);
    QCOMPARE(
        view.optimizerPlot()->legend->hasItemWithPlottable(view.optimizerPlot()->gisDualGraph()),
        false);
    if (tsallis)
        QVERIFY(view.optimizerPlot()->summaryText().contains(QStringLiteral("Newton/bisection")));
}

void TestMaxEntEntmax::intervalEndHasNothingToIterate()
{
    ScenarioDocument doc;
    QVERIFY(!doc.setNormalizer(NormalizerKind::Entmax, 2.0));
    QVERIFY(!doc.setMaxEntTarget(0, 1.0)); // max f
    MaxEntPanel view(&doc);
    QVERIFY(!view.iterates().isSolvable());
    QVERIFY(view.optimizerPlot()->summaryText().contains(QStringLiteral("λ_max = 2")));
    // The curves mark λ_max as the current λ, named as a half-line.
    QCOMPARE(*view.entropyPlot()->currentLambda(), 2.0);
    bool named = false;
    for (int k = 0; k < view.entropyPlot()->itemCount(); ++k)
        if (auto *text = qobject_cast<QCPItemText *>(view.entropyPlot()->item(k)))
            named = named || (text->visible() &&
                              text->text().startsWith(QStringLiteral("current λ = λ_max")));
    QVERIFY(named);
}

void TestMaxEntEntmax::exportsNameTheEntropy()
{
    Scenario s = defaultScenario();
    s.normalizer = NormalizerKind::Entmax;
    s.entmaxAlpha = 2;
    QTemporaryDir tmp;
    QStringList written;
    QVERIFY(!exportAllViews(s, tmp.path(), QStringLiteral("png"), QSize(1200, 800), &written));
    for (const QString &name :
         {QStringLiteral("maxent-entropy"), QStringLiteral("maxent-constraint"),
          QStringLiteral("maxent-optimizer")})
        QVERIFY2(!QImage(tmp.filePath(name + QStringLiteral(".png"))).isNull(), qPrintable(name));
    // An exported plot names the query in its title (the tab names it beside μ).
    MaxEntEntropyPlot plot;
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(s));
    plot.showAnalysis(doc.analysis(), 0);
    QCOMPARE(plot.titleText(), QStringLiteral("Tsallis entropy H_α(λ), α = 2 · query “q”"));
}

void TestMaxEntEntmax::helpExplainsTheTsallisCurves()
{
    for (const QString &name :
         {QStringLiteral("maxent-entropy"), QStringLiteral("maxent-constraint"),
          QStringLiteral("maxent-optimizer")}) {
        const QString text = QTextDocumentFragment::fromHtml(viewExplanation(name)).toPlainText();
        QVERIFY2(text.contains(QStringLiteral("α-entmax")) && text.contains(QStringLiteral("§7.3")),
                 qPrintable(name));
        QVERIFY2(text.size() < 500, qPrintable(name));
    }
    const QString entropy =
        QTextDocumentFragment::fromHtml(viewExplanation(QStringLiteral("maxent-entropy")))
            .toPlainText();
    QVERIFY(entropy.contains(QStringLiteral("Tsallis entropy Hα(λ)")));
    QVERIFY(entropy.contains(QStringLiteral("Shannon entropy H(λ) in nats")));
}

void TestMaxEntEntmax::nothingIsCutAt1280x800_data()
{
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<double>("alpha");
    for (bool presentation : {false, true})
        for (double alpha : {1.0, 1.5, 2.0})
            QTest::addRow("%s, α = %g", presentation ? "presentation" : "normal", alpha)
                << presentation << alpha;
}

void TestMaxEntEntmax::nothingIsCutAt1280x800()
{
    QFETCH(bool, presentation);
    QFETCH(double, alpha);
    Appearance::instance()->setPresentationScale(1.5);
    MainWindow window;
    QVERIFY(!window.document()->setNormalizer(NormalizerKind::Entmax, alpha));
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    if (presentation)
        window.presentationAction()->trigger(); // F5
    MaxEntPanel *panel = window.maxEntView();
    window.viewTabs()->setCurrentWidget(panel);
    QCoreApplication::processEvents();
    QTest::qWait(50); // the layout settles (no timing is asserted)
    const QString where =
        QStringLiteral("%1 α = %2").arg(presentation ? "presentation" : "normal").arg(alpha);
    QVERIFY2(window.width() <= 1280, qPrintable(QStringLiteral("window %1 wide, minimum %2")
                                                    .arg(window.width())
                                                    .arg(window.minimumSizeHint().width())));

    // The μ controls and the readout are whole and inside the tab.
    const QRect tab = panel->rect();
    for (QWidget *w :
         std::initializer_list<QWidget *>{panel->targetSlider(), panel->targetSpin(),
                                          panel->defaultTargetButton(), panel->targetLabel()}) {
        const QRect r(w->mapTo(panel, QPoint(0, 0)), w->size());
        QVERIFY2(tab.contains(r), qPrintable(where + QStringLiteral(": %1 at %2,%3 %4×%5")
                                                         .arg(w->metaObject()->className())
                                                         .arg(r.x())
                                                         .arg(r.y())
                                                         .arg(r.width())
                                                         .arg(r.height())));
    }
    QVERIFY(panel->targetSlider()->width() >= 150);
    QLabel *readout = panel->targetLabel();
    QVERIFY2(readout->height() >= readout->heightForWidth(readout->width()),
             qPrintable(where + ": the readout is cut"));
    DecimalSpinBox *spin = panel->targetSpin();
    QVERIFY2(spin->width() >= spin->minimumSizeHint().width(),
             qPrintable(where + QStringLiteral(": the μ box is %1 px").arg(spin->width())));
    // Every plot: at least a third of the window's height, nothing elided or cut.
    for (PlotView *plot : std::initializer_list<PlotView *>{
             panel->entropyPlot(), panel->constraintPlot(), panel->optimizerPlot()}) {
        QVERIFY2(
            plot->height() >= window.height() / 3,
            qPrintable(
                where +
                QStringLiteral(": %1 is %2 px tall").arg(plot->viewName()).arg(plot->height())));
        QVERIFY2(plot->width() <= panel->scrollArea()->viewport()->width(),
                 qPrintable(where + ": " + plot->viewName() + " is wider than the tab"));
        checkPlotTexts(plot, where);
    }
    // The λ curves' data areas are a third of the window too: the names of λ_min and λ_max
    // stand inside the plot, beside their lines (as the top axis's ticks they took a row above
    // the sparsemax curves presented, two above the constraint, which was 196 px of 752).
    for (MaxEntLambdaPlot *plot :
         std::initializer_list<MaxEntLambdaPlot *>{panel->entropyPlot(), panel->constraintPlot()}) {
        QTRY_VERIFY2(plot->axisRect()->height() >= window.height() / 3,
                     qPrintable(where + QStringLiteral(": %1's data area is %2 px")
                                            .arg(plot->viewName())
                                            .arg(plot->axisRect()->height())));
        checkSupportLimitNames(plot, where);
    }
    // The two curves are side by side when the tab is wide (presentation), stacked otherwise.
    const bool sideBySide =
        panel->entropyPlot()->geometry().top() == panel->constraintPlot()->geometry().top();
    QVERIFY2(sideBySide == presentation,
             qPrintable(where + QStringLiteral(": entropy at %1, constraint at %2; the tab %3×%4")
                                    .arg(panel->entropyPlot()->geometry().top())
                                    .arg(panel->constraintPlot()->geometry().top())
                                    .arg(panel->width())
                                    .arg(panel->height())));
}

void TestMaxEntEntmax::theWheelOverAPlotScrollsTheTab()
{
    // The tab is taller than 1280×800 allows: a wheel turn over a plot scrolls it (QCustomPlot
    // took every wheel event, so only the thin scroll bar scrolled).
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    MaxEntPanel *panel = window.maxEntView();
    window.viewTabs()->setCurrentWidget(panel);
    QCoreApplication::processEvents();
    QScrollBar *bar = panel->scrollArea()->verticalScrollBar();
    QVERIFY(bar->maximum() > 0);
    QCOMPARE(bar->value(), 0);
    PlotView *plot = panel->entropyPlot();
    // A wheel turn as the window system delivers it: spontaneous (only those propagate).
    const QPointF at(plot->width() / 2.0, plot->height() / 2.0);
    QWheelEvent wheel(at, plot->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QSpontaneKeyEvent::setSpontaneous(&wheel);
    qApp->notify(plot, &wheel); // as QTest sends its key events (sendEvent clears the flag)
    QVERIFY(bar->value() > 0);
}

QTEST_MAIN(TestMaxEntEntmax)
#include "tst_maxententmax.moc"
