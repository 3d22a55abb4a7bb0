#pragma once

#include "Analysis.h"
#include "Scenario.h"

#include <QObject>
#include <QThreadPool>

#include <functional>
#include <memory>
#include <optional>

namespace sml {

/// Computes Analyses off the GUI thread for large scenarios (issue 5: "heavy work off the GUI
/// thread, stale results dropped, edits coalesced").
///
/// - One computation runs at a time, on a private one-thread pool (inside it, OpenMP and Eigen
///   still use every core).
/// - request() returns a generation number that only grows. While a computation runs, further
///   requests wait as one: each replaces the waiting one (coalescing).
/// - When a computation ends, its Analysis is delivered by finished() on the thread that owns
///   the worker, but only if no newer request was made meanwhile; otherwise it is dropped.
///   A dropped or replaced large Analysis is freed on another thread (releaseElsewhere()), so
///   for a moment three can exist: the one shown, the one being computed and the one being
///   freed (issue 5 measures the peak).
///
/// The size policy (which scenarios go to the worker, and which keep the m×T weight matrix) is
/// here too, as static functions, so that the document, the benchmarks and the tests agree.
class AnalysisWorker : public QObject
{
    Q_OBJECT

public:
    explicit AnalysisWorker(QObject *parent = nullptr);
    /// Waits for a running computation (its result is discarded).
    ~AnalysisWorker() override;

    // --- size policy ------------------------------------------------------------------------
    /// Work estimate of one Analysis: m·T·(d_k + d_v + 20) (two products and ~20 flops of
    /// softmax and entropy per cell).
    static double workOf(const Scenario &scenario);
    /// True when a scenario is computed by the worker rather than synchronously: workOf() at or
    /// above asyncThreshold(). The default, 1e8, is about 10 ms of computation here (T ≈ 800
    /// at d_k = d_v = 64); below it an edit is computed and shown before the edit call returns,
    /// which keeps small scenarios (and the tests) simple.
    static bool runsAsync(const Scenario &scenario);
    static double asyncThreshold();
    /// Test hook: 0 sends every scenario to the worker; a negative value restores the default.
    static void setAsyncThreshold(double work);
    /// False for very large scenarios (m·T ≥ 8 M cells, 64 MB per matrix): their Analysis keeps
    /// f but not the weight matrix (AnalysisOptions::keepWeights), to bound memory.
    static bool keepsWeights(const Scenario &scenario);
    static AnalysisOptions optionsFor(const Scenario &scenario);
    /// The copy handed to a computation: the scenario without its free variances in linked mode
    /// (an m×T matrix the Analysis does not read there, and operator== ignores).
    static Scenario snapshot(const Scenario &scenario);
    /// Drops a reference to an Analysis. If it was the last one and the Analysis is large
    /// (runsAsync()), it is freed on the global thread pool: unmapping f alone (134 MB at
    /// T = 4096) takes about 10 ms, a stall in the middle of a drag (issue 5).
    static void releaseElsewhere(std::shared_ptr<const Analysis> analysis);

    // --- requests ---------------------------------------------------------------------------
    /// Schedules an Analysis of `scenario` (computed with optionsFor()); returns its generation.
    /// `previous`, the Analysis shown now, lets the computation update it instead of starting
    /// over when the scenario differs from its own in one row (Analysis's constructor from a
    /// previous one, issue 19). (While requests are pending the document shows the same Analysis:
    /// a result is shown only when no newer request exists.)
    quint64 request(Scenario scenario, std::shared_ptr<const Analysis> previous = {});
    /// The generation of the newest request (0 before the first).
    quint64 latestRequest() const { return mLatest; }
    /// True while a computation runs or waits.
    bool isBusy() const { return mRunning || mWaiting.has_value(); }
    /// Makes every request so far stale (a running computation's result will be dropped) and
    /// forgets the waiting one. The document calls it when it computes synchronously again.
    void cancelAll();
    /// How many finished computations were dropped because a newer request existed.
    quint64 droppedCount() const { return mDropped; }

    /// Test hook, run on the computing thread just before each computation with its generation
    /// (tests record the thread, or block on a latch to hold a computation back).
    using ComputeHook = std::function<void(quint64 generation)>;
    static void setComputeHook(ComputeHook hook);

signals:
    /// The newest request's Analysis is ready. Never emitted for a superseded request.
    void finished(std::shared_ptr<const sml::Analysis> analysis, quint64 generation);
    /// A computation finished after a newer request had been made; its result was dropped.
    void dropped(quint64 generation);

private:
    struct Job
    {
        Scenario scenario;
        quint64 generation = 0;
        std::shared_ptr<const Analysis> previous; ///< the base of an incremental update, or null
    };
    void startNext();
    void deliver(std::shared_ptr<const Analysis> analysis, quint64 generation);

    QThreadPool mPool;
    std::optional<Job> mWaiting;
    quint64 mLatest = 0;
    quint64 mDropped = 0;
    bool mRunning = false;
};

} // namespace sml
