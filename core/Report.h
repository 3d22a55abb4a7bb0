#pragma once

#include "Scenario.h"

#include <QByteArray>
#include <QJsonObject>

namespace sml {

/// The report of scenario-format.md ("Report, version 1"): every quantity of MATH.md §2–§5 for
/// every query, as one JSON object. Numbers print in shortest round-trip form; quantities outside
/// the double range print null with a warning; NaN and Infinity never appear.
/// Precondition: the scenario passed validateScenario().
QJsonObject buildReport(const Scenario &scenario);

/// buildReport() as indented UTF-8 JSON text, ending in a newline.
QByteArray reportJson(const Scenario &scenario);

} // namespace sml
