#include "ModelAnalysis.h"

#include "Model.h"

namespace sml {

ModelAnalysis analyzeModel(const Scenario &scenario, const AnalysisOptions &options)
{
    ModelAnalysis result;
    const Model &model = *scenario.model;
    std::vector<Eigen::MatrixXd> headOutputs;
    for (int h = 0; h < model.H(); ++h) {
        auto analysis = std::make_shared<const Analysis>(headScenario(scenario, h), options);
        headOutputs.push_back(analysis->attention().outputs);
        result.heads.push_back(std::move(analysis));
    }
    if (model.wO)
        result.output = multiHeadOutput(headOutputs, *model.wO);
    return result;
}

} // namespace sml
