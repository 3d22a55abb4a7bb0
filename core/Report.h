#pragma once

#include "Scenario.h"

#include <QByteArray>
#include <QJsonObject>

#include <functional>

namespace sml {

/// The report of scenario-format.md ("Report, version 1"): every quantity of MATH.md §2–§5 for
/// every query, as one JSON object. Numbers print in shortest round-trip form; quantities outside
/// the double range print null with a warning; NaN and Infinity never appear. A scenario with an
/// `attention` section adds the top-level `normalizer`, and with entmax the per-query `support`,
/// `threshold`, `tsallis_entropy` and `max_abs_diff_from_attention` of "Report: additions for
/// version-2 scenarios" (MATH.md §7); without the section the report is unchanged.
/// Precondition: the scenario passed validateScenario().
QJsonObject buildReport(const Scenario &scenario);

/// buildReport() as indented UTF-8 JSON text, ending in a newline.
QByteArray reportJson(const Scenario &scenario);

/// The same text as reportJson(), handed to `write` piece by piece as each query is computed,
/// so that memory stays at the analysis plus one query (a report of m = T = 4096 in free mode
/// is gigabytes of text; issue 5). The analysis keeps no m×T weight matrix.
void writeReport(const Scenario &scenario, const std::function<void(const QByteArray &)> &write);

} // namespace sml
