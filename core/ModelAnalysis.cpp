#include "ModelAnalysis.h"

#include "Model.h"

namespace sml {

namespace {

/// The rows of `a` that differ from `b`, or {-1} when more than one does or the shapes differ.
std::vector<int> changedEmbeddingRows(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return {-1};
    std::vector<int> rows;
    const Eigen::Array<bool, Eigen::Dynamic, 1> differs =
        (a.array() != b.array()).rowwise().any();
    for (Eigen::Index t = 0; t < differs.size(); ++t)
        if (differs[t]) {
            if (!rows.empty())
                return {-1};
            rows.push_back(int(t));
        }
    return rows;
}

bool sameProjections(const ModelHead &a, const ModelHead &b)
{
    auto same = [](const Eigen::MatrixXd &x, const Eigen::MatrixXd &y) {
        return x.rows() == y.rows() && x.cols() == y.cols() && x == y;
    };
    return same(a.wQ, b.wQ) && same(a.wK, b.wK) && same(a.wV, b.wV);
}

} // namespace

ModelAnalysis analyzeModel(const Scenario &scenario, const AnalysisOptions &options,
                           const ModelAnalysis *previous)
{
    ModelAnalysis result;
    // One copy of the model, kept for the next edit; the heads copy the rest of the scenario.
    Scenario base = scenario;
    auto model = std::make_shared<const Model>(std::move(*base.model));
    base.model.reset();
    const bool comparable = previous && previous->model &&
                            previous->model->H() == model->H() &&
                            int(previous->heads.size()) == model->H();
    const std::vector<int> changed =
        comparable ? changedEmbeddingRows(model->embeddings, previous->model->embeddings)
                   : std::vector<int>{-1};
    for (int h = 0; h < model->H(); ++h) {
        const ModelHead &head = model->heads[size_t(h)];
        std::shared_ptr<const Analysis> analysis;
        if (comparable && (changed.empty() || changed.front() >= 0) &&
            sameProjections(head, previous->model->heads[size_t(h)])) {
            const Analysis &before = *previous->heads[size_t(h)];
            HeadProjections p{before.scenario().queries, before.scenario().keys,
                              before.scenario().values};
            for (int t : changed) {
                const auto x = model->embeddings.row(t);
                p.queries.row(t).noalias() = x * head.wQ;
                p.keys.row(t).noalias() = x * head.wK;
                p.values.row(t).noalias() = x * head.wV;
            }
            analysis = std::make_shared<const Analysis>(
                headScenarioFrom(base, *model, h, std::move(p)), before, options);
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
