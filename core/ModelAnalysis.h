#pragma once

#include "Analysis.h"

#include <memory>
#include <optional>
#include <vector>

namespace sml {

/// The analysis of every head of a model scenario (MATH.md §8): each head's Analysis of
/// headScenario(scenario, h) (every quantity of §2–§7 for that head), and the multi-head output
/// Y = [O¹ … O^H] W_O (T×d_model) when the model has W_O.
struct ModelAnalysis
{
    std::vector<std::shared_ptr<const Analysis>> heads; ///< H entries
    std::optional<Eigen::MatrixXd> output;              ///< Y, T×d_model, when W_O is given
};

/// Analyses every head of a model scenario. Precondition: the scenario has a model and passed
/// validateScenario(). O^h is each head's attention output (T×d_v, MATH.md §2).
ModelAnalysis analyzeModel(const Scenario &scenario, const AnalysisOptions &options = {});

} // namespace sml
