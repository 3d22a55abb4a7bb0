#pragma once

#include "Scenario.h"

#include <QByteArray>
#include <QJsonObject>

#include <functional>

namespace sml {

/// The report of scenario-format.md ("Report, version 1"): every quantity of MATH.md §2–§5 for
/// every query, as one JSON object. Numbers print in shortest round-trip form; quantities outside
/// the double range print null with a warning; NaN and Infinity never appear.
/// Precondition: the scenario passed validateScenario().
QJsonObject buildReport(const Scenario &scenario);

/// buildReport() as indented UTF-8 JSON text, ending in a newline.
QByteArray reportJson(const Scenario &scenario);

/// The same text as reportJson(), handed to `write` piece by piece as each query is computed,
/// so that memory stays at the analysis plus one query (a report of m = T = 4096 in free mode
/// is gigabytes of text; issue 5). The analysis keeps no m×T weight matrix.
void writeReport(const Scenario &scenario, const std::function<void(const QByteArray &)> &write);

} // namespace sml
