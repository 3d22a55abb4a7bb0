#include "Scenario.h"

#include <QJsonDocument>

#include <cmath>

namespace sml {

double Scenario::tau() const
{
    if (temperatureMode == TemperatureMode::Fixed)
        return fixedTau;
    return std::sqrt(double(model ? model->dK() : dK()));
}

std::optional<double> Scenario::targetFor(int i) const
{
    if (!maxentTargets || i < 0 || i >= int(maxentTargets->size()))
        return std::nullopt;
    return (*maxentTargets)[size_t(i)];
}

void Scenario::normalizeSideArrays()
{
    const int mm = m();
    const int tt = T();
    while (queryLabels.size() < mm)
        queryLabels.append(QStringLiteral("q%1").arg(queryLabels.size() + 1));
    while (queryLabels.size() > mm)
        queryLabels.removeLast();
    while (keyLabels.size() < tt)
        keyLabels.append(QStringLiteral("k%1").arg(keyLabels.size() + 1));
    while (keyLabels.size() > tt)
        keyLabels.removeLast();
    extraQueries.resize(size_t(mm));
    extraKeys.resize(size_t(tt));
    if (varianceMode == VarianceMode::Linked) {
        freeVariances.resize(0, 0);
    } else if (freeVariances.rows() != mm || freeVariances.cols() != tt) {
        Eigen::MatrixXd fresh = Eigen::MatrixXd::Ones(mm, tt);
        const int r = int(std::min<Eigen::Index>(mm, freeVariances.rows()));
        const int c = int(std::min<Eigen::Index>(tt, freeVariances.cols()));
        if (r > 0 && c > 0)
            fresh.topLeftCorner(r, c) = freeVariances.topLeftCorner(r, c);
        freeVariances = fresh;
    }
    if (maxentTargets)
        maxentTargets->resize(size_t(mm));
    if (model)
        model->normalizeSideArrays(varianceMode == VarianceMode::Free);
}

static bool sameMatrix(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return false;
    for (Eigen::Index i = 0; i < a.size(); ++i) {
        // Bitwise-equal semantics for round trips, but treat −0 and +0 as equal (the format
        // normalizes −0 to +0).
        if (!(a.data()[i] == b.data()[i]))
            return false;
    }
    return true;
}

/// Unknown JSON fields compared by content. QJsonObject::operator== in Qt 6.4 compares the
/// stored encoding of strings, so an object parsed from a string that began with U+FEFF (which
/// the parser drops) differs from the same object parsed from its own output (found by
/// tests/fuzz; kept in tests/fuzz/crashes/). Equal JSON writes equal compact text.
static bool sameJson(const QJsonObject &a, const QJsonObject &b)
{
    return a == b || QJsonDocument(a).toJson(QJsonDocument::Compact) ==
                         QJsonDocument(b).toJson(QJsonDocument::Compact);
}

static bool sameJson(const std::vector<UnknownFields> &a, const std::vector<UnknownFields> &b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (!sameJson(a[i], b[i]))
            return false;
    return true;
}

bool Scenario::operator==(const Scenario &o) const
{
    return title == o.title && description == o.description && queryLabels == o.queryLabels &&
           sameMatrix(queries, o.queries) && keyLabels == o.keyLabels && sameMatrix(keys, o.keys) &&
           sameMatrix(values, o.values) && temperatureMode == o.temperatureMode &&
           (temperatureMode == TemperatureMode::SqrtDk || fixedTau == o.fixedTau) &&
           mask == o.mask && varianceMode == o.varianceMode &&
           (varianceMode == VarianceMode::Free || sigma0Squared == o.sigma0Squared) &&
           (varianceMode == VarianceMode::Linked || sameMatrix(freeVariances, o.freeVariances)) &&
           maxentTargets == o.maxentTargets && normalizer == o.normalizer &&
           (normalizer == NormalizerKind::Softmax || entmaxAlpha == o.entmaxAlpha) &&
           writesAttention() == o.writesAttention() && sameJson(extraAttention, o.extraAttention) &&
           sameJson(extraTop, o.extraTop) && sameJson(extraTemperature, o.extraTemperature) &&
           sameJson(extraVariance, o.extraVariance) && sameJson(extraMaxent, o.extraMaxent) &&
           sameJson(extraQueries, o.extraQueries) && sameJson(extraKeys, o.extraKeys) &&
           lesson == o.lesson && model == o.model;
}

Scenario defaultScenario()
{
    // MATH.md §6 B: q = (1, 0.5); k1 = (1,0), k2 = (0,1), k3 = (−1,0);
    // v1 = (1,0), v2 = (0,1), v3 = (−1,−1); τ = √2; linked, σ0² = 1.
    Scenario s;
    s.title = QStringLiteral("One query, three keys");
    s.description = QStringLiteral(
        "The default figure, in a plane. One query q = (1, 0.5) looks at three keys. k1 points "
        "the same way as q, so its score is highest and its value gets the most weight. Drag or "
        "edit the vectors and watch three derivations agree: the softmax of the scores, the "
        "precision weights of the Gaussian maximum-likelihood estimate, and the maximum-entropy "
        "distribution at the default constraint.");
    s.queryLabels = {QStringLiteral("q")};
    s.queries.resize(1, 2);
    s.queries << 1.0, 0.5;
    s.keyLabels = {QStringLiteral("k1"), QStringLiteral("k2"), QStringLiteral("k3")};
    s.keys.resize(3, 2);
    s.keys << 1.0, 0.0, 0.0, 1.0, -1.0, 0.0;
    s.values.resize(3, 2);
    s.values << 1.0, 0.0, 0.0, 1.0, -1.0, -1.0;
    s.temperatureMode = TemperatureMode::SqrtDk;
    s.mask = MaskKind::None;
    s.varianceMode = VarianceMode::Linked;
    s.sigma0Squared = 1.0;
    s.normalizeSideArrays();
    return s;
}

} // namespace sml
