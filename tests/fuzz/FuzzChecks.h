// Shared by the libFuzzer targets (fuzz_*.cpp) and the corpus replay (replay_main.cpp): the
// invariants every input must keep, whatever its bytes (docs: issue 6, "Fuzzing").
//
// A refused input must come back as a LoadError with a non-empty message; an accepted one must be
// a scenario (or matrix) that validates, survives a save→load round trip, and gives a report with
// no NaN or ±inf in it. A broken invariant aborts, which libFuzzer and ctest both report.
#pragma once

#include "../core/JsonChecks.h"
#include "Analysis.h"
#include "MatrixImport.h"
#include "Report.h"
#include "ScenarioIo.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <variant>
#include <vector>

namespace sml::fuzz {

/// Aborts with a message (and the input's problem) when `ok` is false.
inline void require(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
        std::fflush(stderr);
        std::abort();
    }
}

/// The input bytes, without a copy: ASan then sees any read past the end in our code.
inline QByteArray bytesOf(const uint8_t *data, size_t size)
{
    return QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
}

/// True when no double anywhere in a JSON value is NaN or ±inf (shared with tests/core).
using test::allFinite;

/// Every weight of the report in [0, 1] (null only where the format allows it).
inline bool weightsInRange(const QJsonObject &report)
{
    for (const QJsonValue &qv : report.value(QLatin1String("queries")).toArray()) {
        const QJsonValue weights = qv.toObject().value(QLatin1String("weights"));
        if (weights.isNull())
            continue;
        double sum = 0;
        for (const QJsonValue &w : weights.toArray()) {
            if (!w.isDouble() || !(w.toDouble() >= 0 && w.toDouble() <= 1))
                return false;
            sum += w.toDouble();
        }
        if (!(std::abs(sum - 1) <= 1e-9))
            return false;
    }
    return true;
}

/// A probability vector: n finite entries in [0, 1] summing to 1.
inline bool isDistribution(const Eigen::VectorXd &p, Eigen::Index n)
{
    return p.size() == n && p.allFinite() && (p.array() >= 0).all() && (p.array() <= 1).all() &&
           std::abs(p.sum() - 1) <= 1e-12 * double(std::max<Eigen::Index>(n, 1));
}

/// Everything the views show about one query is finite where it is defined (MATH.md §2–§5).
/// The report turns a non-finite number into null, so this checks the analysis itself.
inline void checkDetail(const Scenario &s, const QueryDetail &d)
{
    const Eigen::Index n = Eigen::Index(d.visible.size());
    if (!d.defined) {
        require(n == 0 && !d.warnings.isEmpty(), "an undefined query without a message");
        return;
    }
    require(d.similarities.size() == n && d.similarities.allFinite(), "similarity not finite");
    require(d.scores.size() == n && d.scores.allFinite(), "score not finite");
    require(isDistribution(d.weights, n), "attention weights are not a distribution");
    // Sparse attention (MATH.md §7.2): exactly 0 off the support, every key tied for the
    // maximum on it.
    {
        std::vector<char> on(size_t(s.T()), 0);
        for (int t : d.support)
            on[size_t(t)] = 1;
        const double top = d.scores.size() ? d.scores.maxCoeff() : 0.0;
        for (Eigen::Index j = 0; j < n; ++j) {
            const int t = d.visible[size_t(j)];
            require(on[size_t(t)] || d.weights[j] == 0, "a weight off the support is not 0");
            require(!(d.scores[j] == top) || on[size_t(t)], "a key tied for the max is off the "
                                                            "support");
        }
    }
    require(d.output.size() == s.dV() && d.output.allFinite(), "attention output not finite");
    require(std::isfinite(d.entropy) && d.entropy >= 0 && d.entropy <= std::log(double(n)) + 1e-12,
            "entropy outside [0, log n]");
    require(std::isfinite(d.effectiveKeys) && d.effectiveKeys >= 1 - 1e-12 &&
                d.effectiveKeys <= double(n) * (1 + 1e-12),
            "effective number of keys outside [1, n]");

    require(d.mle.has_value(), "a defined query without its Gaussian view");
    require(d.mle->logVariances().size() == n && d.mle->logVariances().allFinite(),
            "log-variance not finite");
    require(isDistribution(d.mle->precisionWeights(), n), "precision weights not a distribution");
    require(d.mle->mleOutput().size() == s.dV() && d.mle->mleOutput().allFinite(),
            "MLE output not finite");
    require(std::isfinite(d.mleMaxAbsDiff), "max |π − w| not finite");
    require(!d.logLikelihoodAtMle || std::isfinite(*d.logLikelihoodAtMle),
            "log-likelihood not finite");
    if (s.varianceMode == VarianceMode::Linked)
        require(d.mleMaxAbsDiff <= 1e-12, "linked mode: precision weights differ from softmax");

    const maxent::Solution &me = d.maxent;
    require(std::isfinite(d.maxentTarget), "MaxEnt target not finite");
    switch (me.status) {
    case maxent::Status::Ok:
    case maxent::Status::Undetermined:
        require(isDistribution(me.weights, n), "MaxEnt weights are not a distribution");
        require(std::isfinite(me.entropy) && me.entropy >= 0 &&
                    me.entropy <= std::log(double(n)) + 1e-12,
                "MaxEnt entropy outside [0, log n]");
        require(!me.lambda || std::isfinite(*me.lambda), "λ not finite");
        require((me.status == maxent::Status::Ok) == me.lambda.has_value(),
                "λ set for an undetermined row, or missing for a solved one");
        require(!d.maxentMaxAbsDiff || std::isfinite(*d.maxentMaxAbsDiff),
                "max |p − softmax| not finite");
        // At the default target p is the attention's own weights, softmax or entmax (§5.3, §7.3).
        if (d.maxentTargetIsDefault)
            require(d.maxentMaxAbsDiffFromAttention && *d.maxentMaxAbsDiffFromAttention <= 1e-12,
                    "default target: MaxEnt weights differ from the attention weights");
        break;
    case maxent::Status::Infeasible:
    case maxent::Status::TooClose:
        require(!me.message.isEmpty() && me.weights.size() == 0 && !me.lambda,
                "a MaxEnt error without a message, or with a solution");
        require(!d.maxentTargetIsDefault, "the default target reported infeasible");
        break;
    }
}

/// The invariants of an accepted scenario. The analysis and the report run only for small
/// scenarios, so that a 64 KiB input cannot ask for a 10⁷-cell report and stall the fuzzer.
inline void checkAcceptedScenario(const Scenario &s)
{
    require(!validateScenario(s), "an accepted scenario fails validateScenario");
    const QByteArray text = ScenarioIo::serialize(s);
    const LoadResult again = ScenarioIo::parse(text);
    require(std::holds_alternative<Scenario>(again), "a serialized scenario does not load again");
    require(std::get<Scenario>(again) == s, "save→load changes the scenario");
    if (qint64(s.m()) * s.T() * (s.dK() + s.dV()) <= 20000) {
        const Analysis analysis(s);
        for (int i = 0; i < s.m(); ++i)
            checkDetail(s, analysis.detail(i));
        const QJsonObject report = buildReport(s);
        require(allFinite(report), "the report holds NaN or ±inf");
        require(weightsInRange(report), "report weights outside [0, 1] or not summing to 1");
    }
}

/// The invariants of an accepted matrix: the documented shapes, finite entries, and (when small)
/// a scenario built from it that passes checkAcceptedScenario.
inline void checkAcceptedMatrix(const ImportedMatrix &m)
{
    const qint64 rows = m.data.rows();
    const qint64 cols = m.data.cols();
    require(rows >= 1 && rows <= limits::maxTokens, "matrix rows outside 1..100000");
    require(cols >= 1 && cols <= limits::maxDim, "matrix columns outside 1..4096");
    require(m.data.allFinite(), "a matrix entry is not finite");
    require(m.rowLabels.isEmpty() || m.rowLabels.size() == rows, "row labels do not match rows");
    require(m.columnNames.isEmpty() || m.columnNames.size() == cols,
            "column names do not match columns");
    if (rows * cols > 4096)
        return;
    // The matrix as queries, keys and values at once, as `--queries F --keys F --values F`.
    const LoadResult built = scenarioFromMatrices(m, m, &m);
    if (const auto *s = std::get_if<Scenario>(&built)) {
        checkAcceptedScenario(*s);
    } else {
        const LoadError &e = std::get<LoadError>(built);
        require(!e.message.isEmpty(), "an import refusal without a message");
        // Only an overflowing similarity or score may refuse a matrix the reader accepted.
        require(e.category == ErrorCategory::Overflow || e.category == ErrorCategory::Structure,
                "an accepted matrix is refused for an unexpected reason");
    }
}

/// One reader's result (a LoadResult or a MatrixResult): a refusal must carry a message, and an
/// accepted scenario or matrix must keep the invariants of checkAcceptedScenario or
/// checkAcceptedMatrix. Returns 0, what an entry point returns.
template <typename Accepted> int checkResult(const std::variant<Accepted, LoadError> &r)
{
    if (const auto *e = std::get_if<LoadError>(&r)) {
        require(!e->message.isEmpty(), "a refusal without a message");
        return 0;
    }
    if constexpr (std::is_same_v<Accepted, Scenario>)
        checkAcceptedScenario(std::get<Scenario>(r));
    else
        checkAcceptedMatrix(std::get<ImportedMatrix>(r));
    return 0;
}

/// The three entry points (one per file, fuzz_<name>.cpp). Always return 0.
int scenarioOne(const uint8_t *data, size_t size);
int csvOne(const uint8_t *data, size_t size);
int npyOne(const uint8_t *data, size_t size);

} // namespace sml::fuzz

/// Defines libFuzzer's entry point as sml::fuzz::`one` in the libFuzzer builds of run.sh; nothing
/// in the corpus replay (SML_FUZZ_REPLAY), whose main() calls all three entry points.
#ifdef SML_FUZZ_REPLAY
#define SML_FUZZ_TARGET(one)
#else
#define SML_FUZZ_TARGET(one)                                                                       \
    extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)                        \
    {                                                                                              \
        return sml::fuzz::one(data, size);                                                         \
    }
#endif
