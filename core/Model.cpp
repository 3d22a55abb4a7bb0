#include "Model.h"

#include "Scenario.h"

#include <QJsonDocument>

namespace sml {

namespace {

bool sameMatrix(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b)
{
    // == on doubles: −0 and +0 are equal (the format writes −0 as 0).
    return a.rows() == b.rows() && a.cols() == b.cols() && (a.array() == b.array()).all();
}

bool sameJson(const QJsonObject &a, const QJsonObject &b)
{
    return a == b || QJsonDocument(a).toJson(QJsonDocument::Compact) ==
                         QJsonDocument(b).toJson(QJsonDocument::Compact);
}

} // namespace

bool ModelHead::operator==(const ModelHead &o) const
{
    return label == o.label && sameMatrix(wQ, o.wQ) && sameMatrix(wK, o.wK) &&
           sameMatrix(wV, o.wV) && sameJson(extra, o.extra);
}

std::optional<HeadTargets> Model::targetsOf(int h) const
{
    if (!maxentTargets || h < 0 || h >= int(maxentTargets->size()))
        return std::nullopt;
    return (*maxentTargets)[size_t(h)];
}

void Model::normalizeSideArrays(bool freeVarianceMode)
{
    const int t = T();
    while (tokenLabels.size() < t)
        tokenLabels.append(QStringLiteral("t%1").arg(tokenLabels.size() + 1));
    while (tokenLabels.size() > t)
        tokenLabels.removeLast();
    extraTokens.resize(size_t(t));
    if (!freeVarianceMode) {
        freeVariances.clear();
    } else {
        freeVariances.resize(heads.size());
        for (Eigen::MatrixXd &v : freeVariances) {
            if (v.rows() == t && v.cols() == t)
                continue;
            Eigen::MatrixXd fresh = Eigen::MatrixXd::Ones(t, t);
            const Eigen::Index r = std::min<Eigen::Index>(t, v.rows());
            const Eigen::Index c = std::min<Eigen::Index>(t, v.cols());
            if (r > 0 && c > 0)
                fresh.topLeftCorner(r, c) = v.topLeftCorner(r, c);
            v = fresh;
        }
    }
    if (maxentTargets) {
        maxentTargets->resize(heads.size());
        for (auto &targets : *maxentTargets)
            if (targets)
                targets->resize(size_t(t));
    }
}

bool Model::operator==(const Model &o) const
{
    if (!(tokenLabels == o.tokenLabels && sameMatrix(embeddings, o.embeddings) &&
          heads == o.heads && wO.has_value() == o.wO.has_value() &&
          (!wO || sameMatrix(*wO, *o.wO)) && maxentTargets == o.maxentTargets &&
          freeVariances.size() == o.freeVariances.size() && sameJson(extra, o.extra) &&
          extraTokens.size() == o.extraTokens.size()))
        return false;
    for (size_t h = 0; h < freeVariances.size(); ++h)
        if (!sameMatrix(freeVariances[h], o.freeVariances[h]))
            return false;
    for (size_t t = 0; t < extraTokens.size(); ++t)
        if (!sameJson(extraTokens[t], o.extraTokens[t]))
            return false;
    return true;
}

HeadProjections projectHead(const Model &model, int h)
{
    const ModelHead &head = model.heads[size_t(h)];
    HeadProjections p;
    p.queries.noalias() = model.embeddings * head.wQ;
    p.keys.noalias() = model.embeddings * head.wK;
    p.values.noalias() = model.embeddings * head.wV;
    return p;
}

Scenario headScenario(const Scenario &s, int h)
{
    if (!s.model)
        return s;
    const Model &model = *s.model;
    Scenario base = s;
    base.model.reset();
    return headScenarioFrom(base, model, h, projectHead(model, h));
}

Scenario headScenarioFrom(const Scenario &base, const Model &model, int h, HeadProjections p)
{
    Scenario head = base;
    head.title = QStringLiteral("%1 — %2").arg(base.title, model.heads[size_t(h)].label);
    head.queries = std::move(p.queries);
    head.keys = std::move(p.keys);
    head.values = std::move(p.values);
    head.queryLabels = model.tokenLabels;
    head.keyLabels = model.tokenLabels;
    head.extraQueries.assign(size_t(model.T()), UnknownFields());
    head.extraKeys.assign(size_t(model.T()), UnknownFields());
    if (base.varianceMode == VarianceMode::Free && size_t(h) < model.freeVariances.size())
        head.freeVariances = model.freeVariances[size_t(h)];
    else
        head.freeVariances.resize(0, 0);
    head.maxentTargets = model.targetsOf(h);
    head.normalizeSideArrays();
    return head;
}

Eigen::MatrixXd multiHeadOutput(const std::vector<Eigen::MatrixXd> &headOutputs,
                                const Eigen::Ref<const Eigen::MatrixXd> &wO)
{
    if (headOutputs.empty())
        return Eigen::MatrixXd::Zero(0, wO.cols());
    const Eigen::Index T = headOutputs.front().rows();
    const Eigen::Index dV = headOutputs.front().cols();
    // Y = Σ_h O^h · W_O[h·d_v .. (h+1)·d_v): the concatenation is never built.
    Eigen::MatrixXd y = Eigen::MatrixXd::Zero(T, wO.cols());
    for (size_t h = 0; h < headOutputs.size(); ++h)
        y.noalias() += headOutputs[h] * wO.middleRows(Eigen::Index(h) * dV, dV);
    return y;
}

} // namespace sml
