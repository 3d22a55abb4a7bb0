#include "ModelReport.h"

#include "ModelAnalysis.h"
#include "ReportParts.h"

#include <QJsonArray>

#include <cmath>

namespace sml {

QJsonObject buildModelReport(const Scenario &scenario)
{
    AnalysisOptions options;
    options.keepWeights = false; // detail() gives each row, bit for bit the same
    const ModelAnalysis analysis = analyzeModel(scenario, options);
    const Model &model = *scenario.model;

    QJsonObject r = detail::reportHead(analysis.heads.front()->scenario(), *analysis.heads.front());
    r[QStringLiteral("version")] = 2;
    r[QStringLiteral("title")] = scenario.title;
    r[QStringLiteral("d_model")] = model.dModel();
    r[QStringLiteral("H")] = model.H();
    QJsonArray heads;
    for (int h = 0; h < model.H(); ++h) {
        const Analysis &head = *analysis.heads[size_t(h)];
        QJsonArray queries;
        for (int i = 0; i < head.scenario().m(); ++i)
            queries.append(detail::queryReport(head, i));
        QJsonObject jh;
        jh[QStringLiteral("label")] = model.heads[size_t(h)].label;
        jh[QStringLiteral("queries")] = queries;
        heads.append(jh);
    }
    r[QStringLiteral("heads")] = heads;
    if (analysis.output()) {
        const Eigen::MatrixXd &y = *analysis.output();
        QJsonArray rows;
        for (Eigen::Index t = 0; t < y.rows(); ++t) {
            QJsonArray row;
            for (Eigen::Index j = 0; j < y.cols(); ++j)
                row.append(std::isfinite(y(t, j)) ? QJsonValue(y(t, j))
                                                  : QJsonValue(QJsonValue::Null));
            rows.append(row);
        }
        r[QStringLiteral("output")] = rows;
    }
    return r;
}

} // namespace sml
