// bench_window: edit → every visible view replotted, on the real MainWindow, offscreen
// (issue 5). For each view tab made current in turn: the time from a one-cell edit (key 0,
// coordinate 0) to the end of the document's changed() handlers, which replot every visible
// view (the window's slot is connected before ours), and then of the window's paint. Large
// scenarios are analysed off the GUI thread; then the time runs until the newest Analysis has
// been shown and painted.
//
// Then a simulated drag: 60 edits of one gesture, one every 16 ms, while a 1 ms heartbeat
// timer records the longest time the GUI thread did not get back to its event loop.
//
// With --model HxD_MODELxT the scenario is a model (MATH.md §8, issue 19): H heads on T tokens
// with d_model-wide embeddings, and the edit is one cell of the embeddings X, which changes
// every head's queries, keys and values.
//
//   QT_QPA_PLATFORM=offscreen bench_window --size 512x64 [--min-ms 600] [--drag]
//   QT_QPA_PLATFORM=offscreen bench_window --model 8x512x512

#include "BenchCommon.h"
#include "document/AnalysisWorker.h"
#include "document/ScenarioDocument.h"
#include "panels/MaxEntPanel.h"
#include "plots/attention/AttentionHeatmapView.h"
#include "plots/attention/EntropyView.h"
#include "plots/attention/WeightBarsView.h"
#include "plots/maxent/MaxEntConstraintPlot.h"
#include "plots/maxent/MaxEntEntropyPlot.h"
#include "window/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QTabWidget>
#include <QTimer>

using namespace smlbench;

namespace {

void waitUntil(const std::function<bool()> &done, int timeoutMs = 60000)
{
    QElapsedTimer timer;
    timer.start();
    while (!done() && timer.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 5);
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("SoftmaxLabBench"));
    QApplication::setOrganizationName(QStringLiteral("SoftmaxLabBench"));
    QCommandLineParser parser;
    const QCommandLineOption sizeOption(QStringLiteral("size"), QStringLiteral("TxD"),
                                        QStringLiteral("size"), QStringLiteral("64x16"));
    const QCommandLineOption minMsOption(QStringLiteral("min-ms"), QStringLiteral("ms per tab"),
                                         QStringLiteral("ms"), QStringLiteral("600"));
    const QCommandLineOption dragOption(QStringLiteral("drag"),
                                        QStringLiteral("also measure the longest stall in a drag"));
    const QCommandLineOption tabOption(QStringLiteral("tab"),
                                       QStringLiteral("measure only this view tab (0-based)"),
                                       QStringLiteral("index"), QStringLiteral("-1"));
    const QCommandLineOption modelOption(QStringLiteral("model"),
                                         QStringLiteral("a model scenario of H heads, d_model "
                                                        "and T tokens; edits change X"),
                                         QStringLiteral("HxD_MODELxT"));
    parser.addOptions({sizeOption, minMsOption, dragOption, tabOption, modelOption});
    parser.process(app);
    Size size = parseSizes(parser.value(sizeOption)).front();
    int modelH = 0;
    int modelDModel = 0;
    if (parser.isSet(modelOption)) {
        const QStringList parts = parser.value(modelOption).split(QLatin1Char('x'));
        if (parts.size() != 3) {
            std::fprintf(stderr, "--model wants HxD_MODELxT, e.g. 8x512x512\n");
            return 64;
        }
        bool okH = false, okD = false, okT = false;
        modelH = parts[0].toInt(&okH);
        modelDModel = parts[1].toInt(&okD);
        size.T = parts[2].toInt(&okT);
        if (!okH || !okD || !okT || modelH <= 0 || modelDModel <= 0 || size.T <= 0) {
            std::fprintf(stderr, "--model wants three positive integers HxD_MODELxT, e.g. "
                                 "8x512x512\n");
            return 64;
        }
        size.dK = std::max(1, modelDModel / std::max(1, modelH));
    }
    const double minMs = parser.value(minMsOption).toDouble();

    sml::MainWindow window;
    window.resize(1440, 900);
    window.show();
    sml::ScenarioDocument *doc = window.document();
    const auto loadStart = Clock::now();
    const sml::Scenario scenario = modelH > 0 ? benchModelScenario(modelH, modelDModel, size.T)
                                              : benchScenario(size.T, size.dK);
    if (const auto error = doc->resetTo(scenario, QStringLiteral("bench"))) {
        std::fprintf(stderr, "%s\n", qPrintable(*error));
        return 1;
    }
    waitUntil([doc] { return doc->isAnalysisCurrent(); });
    const double loadMs = msSince(loadStart);
    QCoreApplication::processEvents();

    if (qEnvironmentVariableIsSet("SML_BENCH_PROFILE")) {
        // Development aid: the cost of each part of a publish, for the current Analysis.
        const int q = doc->selectedQuery();
        auto time = [&](const char *what, const std::function<void()> &f) {
            const std::vector<double> t = repeat(f, 3, 300, 50, 1);
            std::fprintf(stderr, "%-34s %9.2f ms\n", what, median(t));
        };
        time("changed() (all handlers)", [&] { emit doc->changed(); });
        time("heatmap showAnalysis",
             [&] { window.heatmapView()->showAnalysis(doc->analysis(), q); });
        time("weight bars showAnalysis",
             [&] { window.weightBarsView()->showAnalysis(doc->analysis(), q); });
        time("entropy showAnalysis",
             [&] { window.entropyView()->showAnalysis(doc->analysis(), q); });
        time("detail(q)", [&] { (void)doc->analysis().detail(q); });
        time("heatmap replot", [&] { window.heatmapView()->replot(); });
    }

    // The end of one edit's replots: our slot runs after the window's (connected earlier).
    bool shown = false;
    QObject::connect(doc, &sml::ScenarioDocument::changed, &window, [&shown] { shown = true; });

    // The edited cell: key 0's first coordinate, or in a model token 0's first embedding entry.
    const double base =
        modelH > 0 ? doc->fileScenario().model->embeddings(0, 0) : doc->scenario().keys(0, 0);
    auto edit = [&](double value, int gesture) {
        return modelH > 0 ? doc->setModelCell(sml::ModelMatrix::Embeddings, 0, 0, 0, value, gesture)
                          : doc->setCell(sml::CellTable::Key, 0, 0, value, gesture);
    };
    int flip = 0;
    auto editOnce = [&]() -> double {
        shown = false;
        const double value = base + ((++flip % 2) ? 1e-3 : -1e-3);
        const auto t0 = Clock::now();
        if (const auto error = edit(value, 0)) {
            std::fprintf(stderr, "%s\n", qPrintable(*error));
            std::exit(1);
        }
        while (!shown)
            QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents,
                                            5);
        // Until the window has painted: the paints the views and tables asked for with
        // update() (one pass for all of them) count too.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::UpdateRequest);
        QCoreApplication::processEvents();
        return msSince(t0);
    };

    QTabWidget *tabs = window.viewTabs();
    QJsonArray perTab;
    double worst = 0;
    double first = 0;
    const int onlyTab = parser.value(tabOption).toInt();
    for (int tab = 0; tab < tabs->count(); ++tab) {
        if (onlyTab >= 0 && tab != onlyTab)
            continue;
        tabs->setCurrentIndex(tab);
        QCoreApplication::processEvents();
        const std::vector<double> times = repeat([&] { editOnce(); }, 5, minMs, 100, 1);
        const double med = median(times);
        QJsonObject t;
        t[QStringLiteral("tab")] = tabs->tabText(tab).remove(QLatin1Char('&'));
        t[QStringLiteral("edit_to_replot_ms")] = med;
        t[QStringLiteral("reps")] = int(times.size());
        perTab.append(t);
        worst = std::max(worst, med);
        if (tab == 0)
            first = med;
    }
    tabs->setCurrentIndex(0);
    QCoreApplication::processEvents();

    QJsonObject o;
    o[QStringLiteral("bench")] =
        modelH > 0 ? QStringLiteral("window-model") : QStringLiteral("window");
    o[QStringLiteral("T")] = size.T;
    o[QStringLiteral("d_k")] = size.dK;
    if (modelH > 0) {
        o[QStringLiteral("model_H")] = modelH;
        o[QStringLiteral("d_model")] = modelDModel;
    }
    o[QStringLiteral("async")] = sml::AnalysisWorker::runsAsync(doc->scenario());
    o[QStringLiteral("lean")] = !sml::AnalysisWorker::keepsWeights(doc->scenario());
    o[QStringLiteral("open_ms")] = loadMs;
    o[QStringLiteral("tabs")] = perTab;
    o[QStringLiteral("heatmap_tab_ms")] = first;
    o[QStringLiteral("worst_tab_ms")] = worst;

    // The Maximum entropy tab's two λ plots, one replot each while the solvers step, with the
    // solver legend in its row and inside the plot (presented under a lesson's step caption).
    // Inside, every layout looks for the legend's place (MaxEntLambdaPlot::placeSolverLegend).
    if (sml::MaxEntPanel *maxEnt = window.maxEntView()) {
        tabs->setCurrentIndex(tabs->indexOf(maxEnt));
        QCoreApplication::processEvents();
        maxEnt->resetAnimation();
        for (int k = 0; k < 3; ++k)
            maxEnt->stepAnimation();
        QCoreApplication::processEvents();
        const QList<sml::MaxEntLambdaPlot *> plots = {maxEnt->entropyPlot(),
                                                      maxEnt->constraintPlot()};
        for (const bool inside : {false, true}) {
            for (sml::MaxEntLambdaPlot *plot : plots)
                plot->setSolverLegendInside(inside);
            const std::vector<double> t = repeat(
                [&] {
                    maxEnt->stepAnimation();
                    for (sml::MaxEntLambdaPlot *plot : plots)
                        plot->replot(QCustomPlot::rpImmediateRefresh);
                },
                3, 300, 50, 1);
            o[inside ? QStringLiteral("maxent_step_legend_inside_ms")
                     : QStringLiteral("maxent_step_legend_row_ms")] = median(t);
        }
        for (sml::MaxEntLambdaPlot *plot : plots)
            plot->setSolverLegendInside(false);
        tabs->setCurrentIndex(0);
    }

    if (parser.isSet(dragOption)) {
        // A drag: 60 edits of one gesture, 16 ms apart; a 1 ms heartbeat measures stalls.
        QElapsedTimer clock;
        clock.start();
        qint64 lastBeat = clock.elapsed();
        qint64 longest = 0;
        QTimer heartbeat;
        heartbeat.setTimerType(Qt::PreciseTimer);
        QObject::connect(&heartbeat, &QTimer::timeout, [&] {
            const qint64 now = clock.elapsed();
            longest = std::max(longest, now - lastBeat);
            lastBeat = now;
        });
        heartbeat.start(1);
        // Where the GUI thread goes: each edit call, and each publish of a finished Analysis
        // (from the worker's queued call to the end of the document's changed() handlers).
        double longestEdit = 0;
        double longestPublish = 0;
        auto publishStart = Clock::now();
        struct MetaCallClock : QObject
        {
            Clock::time_point *start = nullptr;
            bool eventFilter(QObject *, QEvent *event) override
            {
                if (event->type() == QEvent::MetaCall)
                    *start = Clock::now();
                return false;
            }
        } metaCallClock;
        metaCallClock.start = &publishStart;
        doc->analysisWorker()->installEventFilter(&metaCallClock);
        QObject::connect(doc->analysisWorker(), &sml::AnalysisWorker::finished, &window,
                         [&] { longestPublish = std::max(longestPublish, msSince(publishStart)); });
        const int gesture = doc->beginGesture();
        int step = 0;
        QTimer drag;
        drag.setTimerType(Qt::PreciseTimer);
        const auto dragStart = Clock::now();
        QObject::connect(&drag, &QTimer::timeout, [&] {
            if (step >= 60) {
                drag.stop();
                return;
            }
            ++step;
            const double value = base + 0.01 * step;
            // Measured from here: the edit call and whatever the event loop runs after it.
            const qint64 before = clock.elapsed();
            longest = std::max(longest, before - lastBeat);
            lastBeat = before;
            const auto t0 = Clock::now();
            edit(value, gesture);
            longestEdit = std::max(longestEdit, msSince(t0));
        });
        drag.start(16);
        waitUntil([&] { return step >= 60 && doc->isAnalysisCurrent(); });
        const double dragMs = msSince(dragStart);
        longest = std::max(longest, clock.elapsed() - lastBeat); // a stall just before the end
        heartbeat.stop();
        doc->analysisWorker()->removeEventFilter(&metaCallClock);
        o[QStringLiteral("drag_longest_stall_ms")] = double(longest);
        o[QStringLiteral("drag_longest_edit_call_ms")] = longestEdit;
        o[QStringLiteral("drag_longest_publish_ms")] = longestPublish;
        o[QStringLiteral("drag_total_ms")] = dragMs;
        o[QStringLiteral("drag_dropped_results")] = double(doc->analysisWorker()->droppedCount());
    }
    o[QStringLiteral("peak_rss_mb")] = peakRssMb();
    emitJson(o);
    return 0;
}
