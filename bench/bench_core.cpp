// bench_core: the core recompute after one edit, per size (issue 5). Prints one JSON object per
// line: the validation the document runs on every edit, the Analysis (attention for all queries,
// plus ô and λ for every query), and their sum as the document does it at that size: updated
// from the Analysis shown (issue 19: one key changed) as `recompute_ms`, and computed in full as
// before as `recompute_full_ms`. Beside
// them, the normalizer alone (issue 16): computeAttention (lean: f, weights, outputs) with the
// softmax and with α-entmax at α = 2 and 1.5 (the sort rules, O(T log T) a row) and at α = 1.25
// (the log1p bisection, a bounded number of O(T) passes a row; MATH.md §7.2).
//
//   bench_core [--sizes 3x2,64x16,...] [--min-ms 600]

#include "Analysis.h"
#include "Attention.h"
#include "BenchCommon.h"
#include "ScenarioIo.h"
#include "document/AnalysisWorker.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#ifdef _OPENMP
#include <omp.h>
#endif

using namespace smlbench;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption sizesOption(QStringLiteral("sizes"), QStringLiteral("TxD,..."),
                                         QStringLiteral("list"));
    const QCommandLineOption minMsOption(QStringLiteral("min-ms"),
                                         QStringLiteral("time per measurement"),
                                         QStringLiteral("ms"), QStringLiteral("600"));
    parser.addOptions({sizesOption, minMsOption});
    parser.process(app);
    const double minMs = parser.value(minMsOption).toDouble();

    int threads = 1;
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif

    for (const Size &size : parseSizes(parser.value(sizesOption))) {
        sml::Scenario s = benchScenario(size.T, size.dK);
        const bool lean = !sml::AnalysisWorker::keepsWeights(s);
        sml::AnalysisOptions docOptions;
        docOptions.keepWeights = !lean;
        double edit = 1e-3;
        auto touch = [&] { // one edit: key 0, coordinate 0
            s.keys(0, 0) += edit;
            edit = -edit;
        };

        const auto validate = repeat(
            [&] {
                touch();
                if (sml::validateScenario(s))
                    std::abort();
            },
            5, minMs);
        // What validation cost before issue 5: it formed Q Kᵀ to look for overflow.
        const auto validateGemm = repeat(
            [&] {
                touch();
                const Eigen::MatrixXd f = s.queries * s.keys.transpose();
                if (sml::checkFinite(f, s.tau()))
                    std::abort();
            },
            5, minMs);
        const auto full = repeat(
            [&] {
                touch();
                const sml::Analysis a(s);
            },
            5, minMs);
        const auto leanTimes = repeat(
            [&] {
                touch();
                sml::AnalysisOptions o;
                o.keepWeights = false;
                const sml::Analysis a(s, o);
            },
            5, minMs);
        // Before issue 19, the document's path for this size: validate, then the full Analysis
        // of a snapshot.
        const auto documentFull = repeat(
            [&] {
                touch();
                if (sml::validateScenario(s))
                    std::abort();
                const sml::Analysis a(sml::AnalysisWorker::snapshot(s), docOptions);
            },
            5, minMs);
        // The document's path now: validate, then the Analysis of a snapshot updated from the
        // one shown (one key changed; every kMaxIncrementalDepth + 1-th edit is computed in
        // full, and the median is over all of them).
        auto shown = std::make_shared<const sml::Analysis>(sml::AnalysisWorker::snapshot(s),
                                                           docOptions);
        const auto document = repeat(
            [&] {
                touch();
                if (sml::validateScenario(s))
                    std::abort();
                shown = std::make_shared<const sml::Analysis>(sml::AnalysisWorker::snapshot(s),
                                                              *shown, docOptions);
            },
            5, minMs);
        const bool updated = shown->incrementalDepth() > 0 || document.size() % 33 == 0;
        shown.reset();

        // The normalizer alone, lean as the large document is (no m×T weight matrix kept).
        const sml::Mask mask = sml::Mask::fromKind(s.mask);
        auto attentionTimes = [&](double alpha) {
            sml::AttentionOptions o;
            o.keepWeights = false;
            o.alpha = alpha;
            return median(repeat(
                [&] {
                    touch();
                    const sml::AttentionResult r =
                        sml::computeAttention(s.queries, s.keys, s.values, s.tau(), mask, o);
                    if (r.entropy.size() != s.m())
                        std::abort();
                },
                5, minMs));
        };

        QJsonObject o;
        o[QStringLiteral("bench")] = QStringLiteral("core");
        o[QStringLiteral("T")] = size.T;
        o[QStringLiteral("d_k")] = size.dK;
        o[QStringLiteral("threads")] = threads;
        o[QStringLiteral("validate_ms")] = median(validate);
        o[QStringLiteral("validate_with_gemm_ms")] = median(validateGemm);
        o[QStringLiteral("analysis_full_ms")] = median(full);
        o[QStringLiteral("analysis_lean_ms")] = median(leanTimes);
        o[QStringLiteral("document_lean")] = lean;
        o[QStringLiteral("recompute_ms")] = median(document);
        o[QStringLiteral("recompute_full_ms")] = median(documentFull);
        o[QStringLiteral("recompute_incremental")] = updated;
        o[QStringLiteral("reps")] = int(document.size());
        o[QStringLiteral("attention_softmax_ms")] = attentionTimes(1.0);
        o[QStringLiteral("attention_sparsemax_ms")] = attentionTimes(2.0);
        o[QStringLiteral("attention_entmax15_ms")] = attentionTimes(1.5);
        o[QStringLiteral("attention_entmax_bisect_ms")] = attentionTimes(1.25);
        o[QStringLiteral("peak_rss_mb")] = peakRssMb();
        emitJson(o);
    }
    return 0;
}
