#include "ModelAnalysis.h"

#include "Model.h"

namespace sml {

namespace {

bool sameProjections(const ModelHead &a, const ModelHead &b)
{
    auto same = [](const Eigen::MatrixXd &x, const Eigen::MatrixXd &y) {
        return x.rows() == y.rows() && x.cols() == y.cols() && x == y;
    };
    return same(a.wQ, b.wQ) && same(a.wK, b.wK) && same(a.wV, b.wV);
}

} // namespace

std::vector<int> changedTokens(const Model &model, const ModelAnalysis *previous)
{
    const bool comparable = previous && previous->model &&
                            previous->model->H() == model.H() &&
                            int(previous->heads.size()) == model.H() &&
                            previous->model->embeddings.rows() == model.embeddings.rows() &&
                            previous->model->embeddings.cols() == model.embeddings.cols();
    return comparable ? changedRows(model.embeddings, previous->model->embeddings)
                      : std::vector<int>{-1, -1};
}

std::optional<HeadProjections> updatedProjections(const Model &model, int h,
                                                  const ModelAnalysis *previous,
                                                  const std::vector<int> &changed)
{
    if (!previous || !previous->model || changed.size() > 1 || h >= previous->model->H() ||
        h >= int(previous->heads.size()))
        return std::nullopt;
    const ModelHead &head = model.heads[size_t(h)];
    if (!sameProjections(head, previous->model->heads[size_t(h)]))
        return std::nullopt;
    const Scenario &before = previous->heads[size_t(h)]->scenario();
    HeadProjections p{before.queries, before.keys, before.values};
    for (int t : changed) {
        const auto x = model.embeddings.row(t);
        p.queries.row(t).noalias() = x * head.wQ;
        p.keys.row(t).noalias() = x * head.wK;
        p.values.row(t).noalias() = x * head.wV;
    }
    return p;
}

ModelAnalysis analyzeModel(const Scenario &scenario, const AnalysisOptions &options,
                           const ModelAnalysis *previous)
{
    ModelAnalysis result;
    // One copy of the model, kept for the next edit; the heads copy the rest of the scenario.
    Scenario base = scenario;
    auto model = std::make_shared<const Model>(std::move(*base.model));
    base.model.reset();
    // The token rows an edit changed: at most one keeps each head's projections.
    const std::vector<int> changed = changedTokens(*model, previous);
    for (int h = 0; h < model->H(); ++h) {
        std::shared_ptr<const Analysis> analysis;
        if (auto p = updatedProjections(*model, h, previous, changed)) {
            analysis = std::make_shared<const Analysis>(
                headScenarioFrom(base, *model, h, std::move(*p)), *previous->heads[size_t(h)],
                options);
        } else {
            analysis = std::make_shared<const Analysis>(
                headScenarioFrom(base, *model, h, projectHead(*model, h)), options);
        }
        result.heads.push_back(std::move(analysis));
    }
    result.model = std::move(model);
    return result;
}

const std::optional<Eigen::MatrixXd> &ModelAnalysis::output() const
{
    std::call_once(lazyOutput->once, [this] {
        if (!model || !model->wO)
            return;
        std::vector<Eigen::MatrixXd> headOutputs;
        for (const auto &head : heads)
            headOutputs.push_back(head->attention().outputs);
        lazyOutput->y = multiHeadOutput(headOutputs, *model->wO);
    });
    return lazyOutput->y;
}

} // namespace sml
