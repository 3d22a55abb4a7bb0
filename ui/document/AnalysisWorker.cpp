#include "document/AnalysisWorker.h"

#include <QMetaObject>
#include <QMutex>

#include <atomic>

namespace sml {

namespace {

constexpr double kDefaultAsyncThreshold = 1e8;
constexpr double kLeanCells = 8.0 * 1024 * 1024;

std::atomic<double> gAsyncThreshold{kDefaultAsyncThreshold};

QMutex gHookMutex;
AnalysisWorker::ComputeHook gHook;

AnalysisWorker::ComputeHook computeHook()
{
    QMutexLocker lock(&gHookMutex);
    return gHook;
}

} // namespace

AnalysisWorker::AnalysisWorker(QObject *parent) : QObject(parent)
{
    mPool.setMaxThreadCount(1);
    mPool.setObjectName(QStringLiteral("AnalysisWorker"));
}

AnalysisWorker::~AnalysisWorker()
{
    mWaiting.reset();
    mPool.waitForDone();
}

double AnalysisWorker::workOf(const Scenario &s)
{
    return double(s.m()) * double(s.T()) * double(s.dK() + s.dV() + 20);
}

bool AnalysisWorker::runsAsync(const Scenario &scenario)
{
    return workOf(scenario) >= asyncThreshold();
}

double AnalysisWorker::asyncThreshold()
{
    return gAsyncThreshold.load();
}

void AnalysisWorker::setAsyncThreshold(double work)
{
    gAsyncThreshold.store(work < 0 ? kDefaultAsyncThreshold : work);
}

bool AnalysisWorker::keepsWeights(const Scenario &s)
{
    return double(s.m()) * double(s.T()) < kLeanCells;
}

AnalysisOptions AnalysisWorker::optionsFor(const Scenario &scenario)
{
    AnalysisOptions options;
    options.keepWeights = keepsWeights(scenario);
    return options;
}

Scenario AnalysisWorker::snapshot(const Scenario &scenario)
{
    if (scenario.varianceMode == VarianceMode::Free)
        return scenario;
    // Copy everything but the free variances (shared labels and JSON extras are cheap).
    Scenario s;
    s.title = scenario.title;
    s.description = scenario.description;
    s.queryLabels = scenario.queryLabels;
    s.queries = scenario.queries;
    s.keyLabels = scenario.keyLabels;
    s.keys = scenario.keys;
    s.values = scenario.values;
    s.temperatureMode = scenario.temperatureMode;
    s.fixedTau = scenario.fixedTau;
    s.mask = scenario.mask;
    s.varianceMode = scenario.varianceMode;
    s.sigma0Squared = scenario.sigma0Squared;
    s.maxentTargets = scenario.maxentTargets;
    s.normalizer = scenario.normalizer;
    s.entmaxAlpha = scenario.entmaxAlpha;
    s.attentionSection = scenario.attentionSection;
    s.loadWarnings = scenario.loadWarnings;
    s.extraTop = scenario.extraTop;
    s.extraTemperature = scenario.extraTemperature;
    s.extraVariance = scenario.extraVariance;
    s.extraMaxent = scenario.extraMaxent;
    s.extraAttention = scenario.extraAttention;
    s.extraQueries = scenario.extraQueries;
    s.extraKeys = scenario.extraKeys;
    return s;
}

void AnalysisWorker::setComputeHook(ComputeHook hook)
{
    QMutexLocker lock(&gHookMutex);
    gHook = std::move(hook);
}

quint64 AnalysisWorker::request(Scenario scenario, std::shared_ptr<const Analysis> previous)
{
    // Replaces (drops) an older waiting one.
    mWaiting = Job{std::move(scenario), ++mLatest, std::move(previous)};
    startNext();
    return mLatest;
}

void AnalysisWorker::cancelAll()
{
    mWaiting.reset();
    ++mLatest; // a running computation is now stale; no request has this generation
}

void AnalysisWorker::startNext()
{
    if (mRunning || !mWaiting)
        return;
    auto job = std::make_shared<Job>(std::move(*mWaiting));
    mWaiting.reset();
    mRunning = true;
    const ComputeHook hook = computeHook();
    // The worker outlives the computation (its destructor waits for the pool), so posting the
    // result to it is safe; a result posted during destruction is discarded with the object.
    mPool.start([this, job, hook] {
        if (hook)
            hook(job->generation);
        const AnalysisOptions options = optionsFor(job->scenario);
        auto analysis =
            job->previous
                ? std::make_shared<const Analysis>(std::move(job->scenario), *job->previous,
                                                   options)
                : std::make_shared<const Analysis>(std::move(job->scenario), options);
        job->previous.reset(); // off the GUI thread if it was the last reference
        const quint64 generation = job->generation;
        QMetaObject::invokeMethod(
            this,
            [this, analysis = std::move(analysis), generation]() mutable {
                deliver(std::move(analysis), generation);
            },
            Qt::QueuedConnection);
    });
}

void AnalysisWorker::releaseElsewhere(std::shared_ptr<const Analysis> analysis)
{
    if (analysis && analysis.use_count() == 1 && runsAsync(analysis->scenario()))
        QThreadPool::globalInstance()->start(
            [released = std::move(analysis)]() mutable { released.reset(); });
}

void AnalysisWorker::deliver(std::shared_ptr<const Analysis> analysis, quint64 generation)
{
    mRunning = false;
    if (generation == mLatest) {
        emit finished(std::move(analysis), generation);
    } else {
        ++mDropped;
        releaseElsewhere(std::move(analysis));
        emit dropped(generation);
    }
    startNext();
}

} // namespace sml
