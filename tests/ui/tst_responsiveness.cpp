// Issue 5, without timing: heavy recomputes run off the GUI thread, a result superseded by a
// newer edit is never shown, waiting edits are coalesced, views in hidden tabs cost nothing
// until shown, and a heatmap with more cells than pixels aggregates by max and says so.
#include "HeatmapBinning.h"
#include "document/AnalysisWorker.h"
#include "document/ScenarioDocument.h"
#include "plots/attention/AttentionHeatmapView.h"
#include "plots/attention/EntropyView.h"
#include "window/MainWindow.h"

#include <QMutex>
#include <QSemaphore>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QThread>

#include <atomic>
#include <cmath>
#include <vector>

using namespace sml;

namespace {

/// m queries, T keys, d_k = d_v = 2, deterministic entries.
Scenario gridScenario(int m, int T)
{
    Scenario s = defaultScenario();
    s.title = QStringLiteral("grid");
    s.queries.resize(m, 2);
    s.keys.resize(T, 2);
    s.values.resize(T, 2);
    for (int i = 0; i < m; ++i)
        s.queries.row(i) << std::sin(0.7 * i), std::cos(1.3 * i);
    for (int t = 0; t < T; ++t) {
        s.keys.row(t) << std::cos(0.9 * t), std::sin(0.4 * t);
        s.values.row(t) << t % 3, 1.0 - t % 2;
    }
    s.queryLabels.clear();
    s.keyLabels.clear();
    s.normalizeSideArrays();
    return s;
}

/// Records the thread of every computation, and can hold the first one back on a latch.
struct ComputeProbe
{
    QMutex mutex;
    std::vector<QThread *> threads;
    std::vector<quint64> generations;
    QSemaphore latch;
    std::atomic<bool> holdFirst{false};
    std::atomic<int> seen{0};

    void install()
    {
        AnalysisWorker::setComputeHook([this](quint64 generation) {
            {
                QMutexLocker lock(&mutex);
                threads.push_back(QThread::currentThread());
                generations.push_back(generation);
            }
            if (seen.fetch_add(1) == 0 && holdFirst)
                latch.acquire(); // the test releases it
        });
    }
};

} // namespace

class TestResponsiveness : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void cleanup()
    {
        AnalysisWorker::setComputeHook({});
        AnalysisWorker::setAsyncThreshold(-1);
    }
    void heavyRecomputesRunOffTheGuiThread();
    void supersededResultIsNeverShown();
    void waitingEditsAreCoalesced();
    void smallScenariosStaySynchronous();
    void hiddenViewsAreRefreshedWhenShown();
    void largeHeatmapAggregatesByMaxWithANote();
    void leanAnalysisMatchesTheFullOne();
};

void TestResponsiveness::heavyRecomputesRunOffTheGuiThread()
{
    ComputeProbe probe;
    probe.install();
    AnalysisWorker::setAsyncThreshold(0); // every scenario is "heavy"
    ScenarioDocument doc;
    QVERIFY(doc.isAnalysisCurrent()); // the first Analysis is synchronous
    QVERIFY(!doc.resetTo(gridScenario(5, 7)));
    QVERIFY(!doc.isAnalysisCurrent());
    QTRY_VERIFY(doc.isAnalysisCurrent());
    QVERIFY(!doc.setCell(CellTable::Key, 2, 1, 0.25));
    QTRY_VERIFY(doc.isAnalysisCurrent());
    QCOMPARE(doc.analysis().scenario().keys(2, 1), 0.25);

    QMutexLocker lock(&probe.mutex);
    QCOMPARE(int(probe.threads.size()), 2);
    for (QThread *thread : probe.threads) {
        QVERIFY(thread != nullptr);
        QVERIFY(thread != QThread::currentThread()); // this test runs on the GUI thread
        QVERIFY(thread != qApp->thread());
    }
}

void TestResponsiveness::supersededResultIsNeverShown()
{
    ComputeProbe probe;
    probe.install();
    AnalysisWorker::setAsyncThreshold(0);
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ScenarioDocument *doc = window.document();
    QVERIFY(!doc->resetTo(gridScenario(4, 6)));
    QTRY_VERIFY(doc->isAnalysisCurrent());

    // What the views must end up showing: the second edit's weights.
    Scenario second = doc->scenario();
    second.keys(0, 1) = -3.0; // query 0 is (0, 1): its similarity to key 0 is keys(0, 1)
    const Analysis expected(second);
    Scenario first = doc->scenario();
    first.keys(0, 1) = 5.0;
    const Analysis firstAnalysis(first);
    QVERIFY(std::abs(firstAnalysis.attention().weights(0, 0) - expected.attention().weights(0, 0)) >
            1e-3); // they are distinguishable

    // Everything the views are given from now on, and what the heatmap draws at each replot.
    std::vector<double> published;
    connect(doc, &ScenarioDocument::changed, this,
            [&] { published.push_back(doc->analysis().scenario().keys(0, 1)); });
    std::vector<double> drawn;
    AttentionHeatmapView *heatmap = window.heatmapView();
    connect(heatmap, &QCustomPlot::afterReplot, this,
            [&] { drawn.push_back(heatmap->colorMap()->data()->cell(0, 0)); });
    const double before = heatmap->colorMap()->data()->cell(0, 0);

    probe.seen = 0;
    probe.holdFirst = true;
    QVERIFY(!doc->setCell(CellTable::Key, 0, 1, 5.0));  // computed first, held on the latch
    QTRY_COMPARE(probe.seen.load(), 1);                 // it is running now
    QVERIFY(!doc->setCell(CellTable::Key, 0, 1, -3.0)); // supersedes it while it runs
    QCOMPARE(doc->scenario().keys(0, 1), -3.0);         // the scenario itself is current
    QVERIFY(!doc->isAnalysisCurrent());
    QTest::qWait(50);
    QVERIFY(published.empty()); // nothing shown while the first computation is held
    QCOMPARE(heatmap->colorMap()->data()->cell(0, 0), before);

    probe.latch.release();
    QTRY_VERIFY(doc->isAnalysisCurrent());
    QTest::qWait(50); // anything late would show up now

    QCOMPARE(int(published.size()), 1);
    QCOMPARE(published.front(), -3.0);
    QCOMPARE(doc->analysis().scenario().keys(0, 1), -3.0);
    QCOMPARE(doc->analysisWorker()->droppedCount(), quint64(1));
    QVERIFY(!drawn.empty());
    for (double w : drawn)
        QCOMPARE(w, expected.attention().weights(0, 0));
    QCPColorMapData *data = heatmap->colorMap()->data();
    for (int i = 0; i < 4; ++i)
        for (int t = 0; t < 6; ++t)
            QCOMPARE(data->cell(t, i), expected.attention().weights(i, t));
    QMutexLocker lock(&probe.mutex);
    QCOMPARE(int(probe.generations.size()), 3); // the reset, the held edit, the newest edit
}

void TestResponsiveness::waitingEditsAreCoalesced()
{
    ComputeProbe probe;
    probe.install();
    AnalysisWorker::setAsyncThreshold(0);
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(gridScenario(3, 5)));
    QTRY_VERIFY(doc.isAnalysisCurrent());
    probe.seen = 0;
    {
        QMutexLocker lock(&probe.mutex);
        probe.generations.clear();
    }
    int changes = 0;
    connect(&doc, &ScenarioDocument::changed, this, [&] { ++changes; });

    probe.holdFirst = true;
    const int gesture = doc.beginGesture();
    QVERIFY(!doc.setCell(CellTable::Query, 0, 0, 0.1, gesture));
    QTRY_COMPARE(probe.seen.load(), 1);
    for (int k = 2; k <= 10; ++k) // a drag: nine more edits while the first is held
        QVERIFY(!doc.setCell(CellTable::Query, 0, 0, 0.1 * k, gesture));
    probe.latch.release();
    QTRY_VERIFY(doc.isAnalysisCurrent());
    QTest::qWait(50);

    QCOMPARE(changes, 1);
    QCOMPARE(doc.analysis().scenario().queries(0, 0), 0.1 * 10);
    QMutexLocker lock(&probe.mutex);
    QCOMPARE(int(probe.generations.size()), 2); // the held one and the newest only
    QCOMPARE(probe.generations.back(), doc.analysisWorker()->latestRequest());
}

void TestResponsiveness::smallScenariosStaySynchronous()
{
    ComputeProbe probe;
    probe.install();
    ScenarioDocument doc; // default threshold: the default scenario is tiny
    int changes = 0;
    connect(&doc, &ScenarioDocument::changed, this, [&] { ++changes; });
    QVERIFY(!doc.setCell(CellTable::Key, 0, 0, 0.5));
    QCOMPARE(changes, 1); // shown before setCell returned
    QVERIFY(doc.isAnalysisCurrent());
    QCOMPARE(doc.analysis().scenario().keys(0, 0), 0.5);
    QMutexLocker lock(&probe.mutex);
    QVERIFY(probe.threads.empty()); // the worker never ran
}

void TestResponsiveness::hiddenViewsAreRefreshedWhenShown()
{
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ScenarioDocument *doc = window.document();
    window.viewTabs()->setCurrentWidget(window.heatmapView());
    QCoreApplication::processEvents();
    EntropyView *entropy = window.entropyView();
    int entropyReplots = 0;
    connect(entropy, &QCustomPlot::afterReplot, this, [&] { ++entropyReplots; });

    QVERIFY(!doc->resetTo(gridScenario(3, 4)));
    QVERIFY(!doc->setCell(CellTable::Query, 1, 0, 2.0));
    QCOMPARE(entropyReplots, 0); // hidden: not replotted per edit

    window.viewTabs()->setCurrentWidget(entropy);
    QTRY_VERIFY(entropyReplots > 0);
    const Analysis expected(doc->scenario());
    QCOMPARE(entropy->dataCsv().count(QLatin1Char('\n')), 4); // header + 3 queries
    QVERIFY(entropy->dataCsv().contains(PlotView::csvNumber(expected.attention().entropy[1])));
}

void TestResponsiveness::largeHeatmapAggregatesByMaxWithANote()
{
    // 900 queries × 1500 keys on a small plot: more cells than pixels both ways. One key is
    // made to dominate one query, so that a single sharp weight must survive the aggregation.
    Scenario s = gridScenario(900, 1500);
    s.keys.row(777) << 40.0, 0.0;
    s.queries.row(433) << 1.0, 0.0;
    const auto analysis = std::make_shared<const Analysis>(s);
    AttentionHeatmapView view;
    view.resize(700, 500);
    view.showAnalysis(*analysis, 0);
    view.replot();
    // Each new Analysis is binned once, for the rect with the note's line (binned before the
    // note and again after it, the max over every block was half of a T = 4096 publish).
    const int binned = view.binCount();
    view.showAnalysis(*analysis, 1);
    view.replot();
    QCOMPARE(view.binCount(), binned + 1);

    const HeatmapGrid &g = view.grid();
    QVERIFY(g.isAggregated());
    const QRect rect = view.axisRect()->rect();
    QVERIFY2(g.rows <= rect.height() && g.cols <= rect.width(),
             qPrintable(QStringLiteral("%1×%2 blocks in %3×%4 px")
                            .arg(g.rows)
                            .arg(g.cols)
                            .arg(rect.height())
                            .arg(rect.width())));
    QCOMPARE(view.colorMap()->data()->keySize(), g.cols);
    QCOMPARE(view.colorMap()->data()->valueSize(), g.rows);

    // Every block is the max of its cells.
    const Eigen::MatrixXd &w = analysis->attention().weights;
    for (int r = 0; r < g.rows; r += 7)
        for (int c = 0; c < g.cols; c += 5) {
            const int i0 = r * g.rowFactor, t0 = c * g.colFactor;
            const int ni = std::min(g.rowFactor, 900 - i0), nt = std::min(g.colFactor, 1500 - t0);
            QCOMPARE(view.colorMap()->data()->cell(c, r), w.block(i0, t0, ni, nt).maxCoeff());
        }
    const double sharp = w(433, 777);
    QVERIFY(sharp > 0.99);
    QCOMPARE(view.colorMap()->data()->cell(777 / g.colFactor, 433 / g.rowFactor), sharp);

    // The visible note, and an exact tooltip under the mouse.
    QString subtitle;
    for (int k = 0; k < view.plotLayout()->elementCount(); ++k)
        if (auto *text = qobject_cast<QCPTextElement *>(view.plotLayout()->elementAt(k)))
            subtitle += text->text();
    QVERIFY2(subtitle.contains(QStringLiteral("max of %1 × %2").arg(g.rowFactor).arg(g.colFactor)),
             qPrintable(subtitle));
    const QPointF at(view.xAxis->coordToPixel(777), view.yAxis->coordToPixel(433));
    int qi = -1, kt = -1;
    QVERIFY(view.cellAt(at, &qi, &kt));
    const QString tip = view.toolTipAt(at);
    QVERIFY2(tip.contains(QString::number(w(qi, kt), 'g', QLocale::FloatingPointShortest)),
             qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("max w")), qPrintable(tip));

    // Exported larger, finer blocks fit; smaller, coarser ones: always within the pixels.
    for (const QSize size : {QSize(2400, 1800), QSize(400, 300)}) {
        const QPixmap pixmap = view.toPixmap(size.width(), size.height());
        QVERIFY(!pixmap.isNull());
        const QRect r = view.axisRect()->rect();
        QVERIFY(view.grid().rows <= std::max(1, r.height()));
        QVERIFY(view.grid().cols <= std::max(1, r.width()));
    }
}

void TestResponsiveness::leanAnalysisMatchesTheFullOne()
{
    // The lean Analysis (no weight matrix; used for very large scenarios) gives the same rows,
    // bit for bit, and the same per-query numbers.
    for (const MaskKind mask : {MaskKind::None, MaskKind::Causal}) {
        Scenario s = gridScenario(37, 53);
        s.mask = mask;
        const Analysis full(s);
        AnalysisOptions options;
        options.keepWeights = false;
        const Analysis lean(s, options);
        QVERIFY(full.attention().hasWeightMatrix());
        QVERIFY(!lean.attention().hasWeightMatrix());
        QCOMPARE(lean.attention().weights.size(), Eigen::Index(0));
        for (int i = 0; i < s.m(); ++i) {
            const Eigen::VectorXd a = full.weightRow(i);
            const Eigen::VectorXd b = lean.weightRow(i);
            for (int t = 0; t < s.T(); ++t)
                QCOMPARE(b[t], a[t]);
            QCOMPARE(lean.attention().entropy[i], full.attention().entropy[i]);
            QCOMPARE(lean.attention().logPartition[i], full.attention().logPartition[i]);
            QCOMPARE(lean.detail(i).weights, full.detail(i).weights);
            QCOMPARE(lean.maxentLambda(i), full.maxentLambda(i));
        }
        QVERIFY((lean.attention().outputs - full.attention().outputs).cwiseAbs().maxCoeff() <=
                1e-14);
    }
}

QTEST_MAIN(TestResponsiveness)
#include "tst_responsiveness.moc"
