#pragma once

#include "Analysis.h"

#include <QJsonObject>

namespace sml::detail {

// The parts of the report (Report.h, scenario-format.md "Report, version 1") that the report of
// a model scenario (ModelReport.h) reuses for each head.

/// The per-query object of the report for query i of `analysis`: its label, visible keys,
/// similarities, scores, weights, output, entropy, MLE and MaxEnt (and, with entmax, support,
/// threshold and Tsallis entropy; MATH.md §2–§7).
QJsonObject queryReport(const Analysis &analysis, int i);

/// Everything of the report but the queries: format, version 1, title, m, T, d_k, d_v, τ and,
/// with an `attention` section, the normalizer.
QJsonObject reportHead(const Scenario &scenario, const Analysis &analysis);

} // namespace sml::detail
