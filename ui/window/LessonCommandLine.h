#pragma once

#include "Scenario.h"

#include <QString>

#include <optional>

namespace sml::cli {

/// The number N of `--step N` (1-based, scenario-format.md "Command line: additions"), or
/// nullopt when `text` is not an integer (a usage error, exit 64). Range is checked later.
std::optional<int> parseStepNumber(const QString &text);

/// Replaces `scenario` by lesson step `step` (1-based) applied to it (applyStep): the step's
/// settings, for `--report` and `--export`. Returns the message of an exit 2 when the scenario
/// has no lesson or `step` is out of range (1 … number of steps); `scenario` is then unchanged.
std::optional<QString> applyStepOption(Scenario &scenario, int step);

} // namespace sml::cli
