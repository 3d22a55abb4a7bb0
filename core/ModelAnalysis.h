#pragma once

#include "Analysis.h"

#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace sml {

/// The analysis of every head of a model scenario (MATH.md §8): each head's Analysis of
/// headScenario(scenario, h) (every quantity of §2–§7 for that head), and the multi-head output
/// Y = [O¹ … O^H] W_O (T×d_model) when the model has W_O.
struct ModelAnalysis
{
    std::vector<std::shared_ptr<const Analysis>> heads; ///< H entries
    /// Y = [O¹ … O^H] W_O (T×d_model), when the model has W_O; nullopt otherwise. Computed on
    /// first use (T·H·d_v·d_model products: 13 ms at H = 8, T = d_model = 512, which an edit
    /// in a tab that does not show Y should not pay, issue 19); thread-safe.
    const std::optional<Eigen::MatrixXd> &output() const;
    /// The model these numbers are of (X and every head's W), which the next analysis compares
    /// with its own to update instead of recomputing (issue 19).
    std::shared_ptr<const Model> model;

    /// The lazily computed Y, shared by copies of this analysis (they hold the same heads).
    struct LazyOutput
    {
        std::once_flag once;
        std::optional<Eigen::MatrixXd> y;
    };
    std::shared_ptr<LazyOutput> lazyOutput = std::make_shared<LazyOutput>();
};

/// The token rows of `model`'s embeddings X that differ from those of `previous->model`, as
/// changedRows() gives them ({} none, {t} one, two entries: more), or {-1, -1} when there is no
/// previous analysis of a model of the same shape to compare with. O(T·d_model).
std::vector<int> changedTokens(const Model &model, const ModelAnalysis *previous);

/// Head h's projections (MATH.md §8: Q = X W_Q, K = X W_K, V = X W_V) updated from `previous`,
/// the analysis of the model before an edit, when `changed` (changedTokens()) has at most one
/// token and the head's W_Q, W_K and W_V are the previous ones: that token's rows are
/// recomputed, x_t W, O(d_model·(2d_k + d_v)) instead of T times that (issue 19). nullopt when
/// they cannot be updated (then projectHead()). Precondition: 0 ≤ h < H of both models.
std::optional<HeadProjections> updatedProjections(const Model &model, int h,
                                                  const ModelAnalysis *previous,
                                                  const std::vector<int> &changed);

/// Analyses every head of a model scenario. Precondition: the scenario has a model and passed
/// validateScenario(). O^h is each head's attention output (T×d_v, MATH.md §2).
/// `previous`, the analysis of the scenario before an edit, makes an edit cheap (issue 19): a
/// head whose W_Q, W_K and W_V did not change, when at most one token's embedding row changed,
/// keeps its previous Q, K, V and recomputes that token's row (x_t W, O(d_model·(2d_k + d_v))
/// instead of T times that); its Analysis is then updated from the previous one (Analysis's
/// constructor from a previous one: one row each of Q, K and V).
ModelAnalysis analyzeModel(const Scenario &scenario, const AnalysisOptions &options = {},
                           const ModelAnalysis *previous = nullptr);

} // namespace sml
