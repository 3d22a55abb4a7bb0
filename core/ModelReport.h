#pragma once

#include "Scenario.h"

#include <QJsonObject>

namespace sml {

/// The report of a model scenario (scenario-format.md, "Report: additions for version-2
/// scenarios"; MATH.md §8): `"version": 2`, the top level of the version-1 report for the heads'
/// shapes (m = T, d_k, d_v, τ, the normalizer) plus `"d_model"`, `"H"`, `"heads"`: [{"label",
/// "queries": [the per-query objects of version 1, labelled with the token]}] instead of
/// `"queries"`, and `"output"`: Y = [O¹ … O^H] W_O as T rows of d_model numbers when W_O is given.
/// Non-finite numbers print null. Precondition: the scenario has a model and passed
/// validateScenario(). buildReport() and writeReport() give this for a model scenario.
QJsonObject buildModelReport(const Scenario &scenario);

} // namespace sml
