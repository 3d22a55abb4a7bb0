#include "ModelIo.h"

#include "Attention.h"
#include "ModelAnalysis.h"
#include "ScenarioFields.h"
#include "ScenarioIo.h"
#include "TextInput.h"

#include <cmath>

namespace sml::detail {

namespace {

QString headPath(qint64 h)
{
    return QStringLiteral("model.heads[%1]").arg(h);
}

/// `token "sat"` for messages.
QString tokenName(const Model &model, qint64 t)
{
    return QStringLiteral("token \"%1\"").arg(escapedForMessage(model.tokenLabels.value(t)));
}

/// The limits of scenario-format.md (`model`), from counts alone (nothing allocated). The
/// per-head limits of version 1 follow from the totals, as H ≥ 1 and m = T.
void checkModelLimits(qint64 T, qint64 dModel, qint64 H, qint64 dK, qint64 dV)
{
    using namespace limits;
    if (T > maxTokens)
        refuse(ErrorCategory::Limit,
               QStringLiteral("model.tokens: T = %1 tokens exceed the limit of %2")
                   .arg(T)
                   .arg(maxTokens));
    if (dModel > maxModelDim)
        refuse(ErrorCategory::Limit,
               QStringLiteral("model.tokens[0].embedding: d_model = %1 exceeds the limit of %2")
                   .arg(dModel)
                   .arg(maxModelDim));
    if (H > maxHeads)
        refuse(ErrorCategory::Limit,
               QStringLiteral("model.heads: H = %1 heads exceed the limit of %2")
                   .arg(H)
                   .arg(maxHeads));
    if (dK > maxDim)
        refuse(ErrorCategory::Limit,
               QStringLiteral("model.heads[0].w_q[0]: d_k = %1 exceeds the limit of %2")
                   .arg(dK)
                   .arg(maxDim));
    if (dV > maxDim)
        refuse(ErrorCategory::Limit,
               QStringLiteral("model.heads[0].w_v[0]: d_v = %1 exceeds the limit of %2")
                   .arg(dV)
                   .arg(maxDim));
    if (H * T * T > maxModelCells)
        refuse(ErrorCategory::Limit,
               QStringLiteral("model: H·m·T = %1·%2·%2 = %3 exceeds the limit of %4")
                   .arg(H)
                   .arg(T)
                   .arg(H * T * T)
                   .arg(maxModelCells));
    const qint64 entries = H * (2 * T * dK + T * dV);
    if (entries > maxModelEntries)
        refuse(ErrorCategory::Limit,
               QStringLiteral("model: H·((m + T)·d_k + T·d_v) = %1 numbers exceed the limit of %2")
                   .arg(entries)
                   .arg(maxModelEntries));
}

/// A JSON array of `rows` rows of `cols` numbers at PATH into a rows×cols matrix.
Eigen::MatrixXd readRows(const QJsonValue &v, const QString &path, qint64 rows,
                         const QString &rowsWhy, qint64 cols, const QString &colsWhy)
{
    const QJsonArray a = requireArray(v, path);
    if (a.size() != rows)
        refuseStructure(path, QStringLiteral("expected %1 (%2), got %3")
                                  .arg(count(rows, "row", "rows"), rowsWhy)
                                  .arg(a.size()));
    Eigen::MatrixXd m(rows, cols);
    for (qint64 r = 0; r < rows; ++r)
        readNumbers(a.at(r), QStringLiteral("%1[%2]").arg(path).arg(r), cols, colsWhy, m.row(r));
    return m;
}

/// The length of the first row of the matrix at PATH (d_k of w_q, d_v of w_v).
qint64 firstRowLength(const QJsonObject &head, const char *field, const QString &path,
                      const char *symbol)
{
    const QString fieldPath = QStringLiteral("%1.%2").arg(path, QLatin1String(field));
    const QJsonArray rows = requireArray(head.value(QLatin1String(field)), fieldPath);
    if (rows.isEmpty())
        refuseStructure(fieldPath, QStringLiteral("expected d_model rows, got an empty array"));
    return dimensionOf(rows.at(0), fieldPath + QStringLiteral("[0]"), symbol);
}

QJsonArray rowsJson(const Eigen::MatrixXd &m)
{
    QJsonArray rows;
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        rows.append(numbers(m.row(r)));
    return rows;
}

/// Refuses a matrix in memory that is not rows×cols, or has a non-finite entry.
void checkMatrix(const Eigen::MatrixXd &m, const QString &path, qint64 rows, const QString &rowsWhy,
                 qint64 cols, const QString &colsWhy)
{
    if (m.rows() != rows)
        refuseStructure(path, QStringLiteral("expected %1 (%2), got %3")
                                  .arg(count(rows, "row", "rows"), rowsWhy)
                                  .arg(m.rows()));
    if (m.cols() != cols)
        refuseStructure(path + QStringLiteral("[0]"),
                        QStringLiteral("expected %1 (%2), got %3")
                            .arg(count(cols, "number", "numbers"), colsWhy)
                            .arg(m.cols()));
    if (m.allFinite())
        return;
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            if (!std::isfinite(m(r, c)))
                refuseStructure(
                    QStringLiteral("%1[%2][%3]").arg(path).arg(r).arg(c),
                    QStringLiteral("expected a finite number, got %1").arg(num(m(r, c))));
}

/// Refuses a projection X W (T rows) with a non-finite entry, naming the head and the token.
void checkProjection(const Model &model, qint64 h, const Eigen::MatrixXd &product, const char *role,
                     const char *matrix)
{
    if (product.allFinite())
        return;
    for (Eigen::Index t = 0; t < product.rows(); ++t)
        if (!product.row(t).allFinite())
            refuse(ErrorCategory::Overflow,
                   QStringLiteral("%1: %2 %3 (%4): projection x·%5 overflows a double")
                       .arg(headPath(h), QLatin1String(role))
                       .arg(t)
                       .arg(tokenName(model, t), QLatin1String(matrix)));
}

} // namespace

void readModel(const QJsonObject &top, Scenario &s)
{
    for (const char *field : {"queries", "keys"})
        if (top.contains(QLatin1String(field)))
            refuseStructure(QLatin1String(field),
                            QStringLiteral("not allowed with \"model\" (the queries, keys and "
                                           "values of a model scenario are X W_Q, X W_K and "
                                           "X W_V)"));
    const QJsonObject o = requireObject(top.value(QLatin1String("model")), QStringLiteral("model"));

    // Counts and dimensions first, so that the limits are checked before anything is allocated.
    const QJsonArray tokens =
        requireArray(o.value(QLatin1String("tokens")), QStringLiteral("model.tokens"));
    if (tokens.isEmpty())
        refuseStructure(QStringLiteral("model.tokens"),
                        QStringLiteral("expected at least one token, got an empty array"));
    const QJsonArray heads =
        requireArray(o.value(QLatin1String("heads")), QStringLiteral("model.heads"));
    if (heads.isEmpty())
        refuseStructure(QStringLiteral("model.heads"),
                        QStringLiteral("expected at least one head (H ≥ 1), got an empty array"));
    const qint64 T = tokens.size();
    const qint64 H = heads.size();
    checkModelLimits(T, 0, H, 0, 0);
    const QJsonObject token0 = requireObject(tokens.at(0), QStringLiteral("model.tokens[0]"));
    const qint64 dModel = dimensionOf(token0.value(QLatin1String("embedding")),
                                      QStringLiteral("model.tokens[0].embedding"), "d_model");
    checkModelLimits(T, dModel, H, 0, 0);
    const QJsonObject head0 = requireObject(heads.at(0), headPath(0));
    const qint64 dK = firstRowLength(head0, "w_q", headPath(0), "d_k");
    const qint64 dV = firstRowLength(head0, "w_v", headPath(0), "d_v");
    checkModelLimits(T, dModel, H, dK, dV);

    Model model;
    model.embeddings.resize(T, dModel);
    model.tokenLabels.reserve(T);
    model.extraTokens.reserve(size_t(T));
    const QString dModelWhy = QStringLiteral("d_model from model.tokens[0].embedding");
    for (qint64 t = 0; t < T; ++t) {
        const QString path = QStringLiteral("model.tokens[%1]").arg(t);
        const QJsonObject token = requireObject(tokens.at(t), path);
        const QString label =
            requireString(token.value(QLatin1String("label")), path + QStringLiteral(".label"));
        checkLabel(label, path + QStringLiteral(".label"));
        model.tokenLabels.append(label);
        readNumbers(token.value(QLatin1String("embedding")), path + QStringLiteral(".embedding"),
                    dModel, dModelWhy, model.embeddings.row(t));
        model.extraTokens.push_back(unknownFields(token, {"label", "embedding"}));
    }

    const QString dKWhy = QStringLiteral("d_k from model.heads[0].w_q[0]");
    const QString dVWhy = QStringLiteral("d_v from model.heads[0].w_v[0]");
    model.heads.reserve(size_t(H));
    for (qint64 h = 0; h < H; ++h) {
        const QString path = headPath(h);
        const QJsonObject head = requireObject(heads.at(h), path);
        ModelHead mh;
        mh.label =
            requireString(head.value(QLatin1String("label")), path + QStringLiteral(".label"));
        checkLabel(mh.label, path + QStringLiteral(".label"));
        mh.wQ = readRows(head.value(QLatin1String("w_q")), path + QStringLiteral(".w_q"), dModel,
                         dModelWhy, dK, dKWhy);
        mh.wK = readRows(head.value(QLatin1String("w_k")), path + QStringLiteral(".w_k"), dModel,
                         dModelWhy, dK, dKWhy);
        mh.wV = readRows(head.value(QLatin1String("w_v")), path + QStringLiteral(".w_v"), dModel,
                         dModelWhy, dV, dVWhy);
        mh.extra = unknownFields(head, {"label", "w_q", "w_k", "w_v"});
        model.heads.push_back(std::move(mh));
    }

    const QJsonValue wO = o.value(QLatin1String("w_o"));
    if (!wO.isUndefined())
        model.wO = readRows(wO, QStringLiteral("model.w_o"), H * dV,
                            QStringLiteral("H·d_v = %1·%2").arg(H).arg(dV), dModel, dModelWhy);
    model.extra = unknownFields(o, {"tokens", "heads", "w_o"});
    s.model = std::move(model);
}

void readModelVariances(const QJsonValue &variances, Model &model)
{
    const QString path = QStringLiteral("variance.variances");
    const QJsonArray a = requireArray(variances, path);
    if (a.size() != model.H())
        refuseStructure(path, QStringLiteral("expected %1 (one per head, each an m×T array), "
                                             "got %2")
                                  .arg(count(model.H(), "entry", "entries"))
                                  .arg(a.size()));
    model.freeVariances.clear();
    for (int h = 0; h < model.H(); ++h)
        model.freeVariances.push_back(readVarianceRows(
            a.at(h), QStringLiteral("%1[%2]").arg(path).arg(h), model.T(), model.T()));
}

void readModelTargets(const QJsonValue &targets, Model &model)
{
    const QString path = QStringLiteral("maxent.targets");
    model.maxentTargets.reset();
    if (targets.isNull())
        return;
    if (!targets.isArray())
        refuseType(path, targets, QStringLiteral("null or an array of one entry per head"));
    const QJsonArray a = targets.toArray();
    if (a.size() != model.H())
        refuseStructure(path, QStringLiteral("expected %1 (one per head, each null or one per "
                                             "query), got %2")
                                  .arg(count(model.H(), "entry", "entries"))
                                  .arg(a.size()));
    std::vector<std::optional<HeadTargets>> perHead;
    for (int h = 0; h < model.H(); ++h)
        perHead.push_back(
            readTargets(a.at(h), QStringLiteral("%1[%2]").arg(path).arg(h), model.T()));
    model.maxentTargets = std::move(perHead);
}

void validateModel(const Scenario &s, const ModelAnalysis *previous)
{
    const Model &model = *s.model;
    const qint64 T = model.T();
    const qint64 dModel = model.dModel();
    const qint64 H = model.H();
    if (T < 1)
        refuseStructure(QStringLiteral("model.tokens"),
                        QStringLiteral("expected at least one token, got 0"));
    if (dModel < 1)
        refuseStructure(QStringLiteral("model.tokens[0].embedding"),
                        QStringLiteral("expected at least one number (d_model ≥ 1), got 0"));
    if (H < 1)
        refuseStructure(QStringLiteral("model.heads"),
                        QStringLiteral("expected at least one head (H ≥ 1), got 0"));
    const qint64 dK = model.dK();
    const qint64 dV = model.dV();
    if (dK < 1)
        refuseStructure(QStringLiteral("model.heads[0].w_q[0]"),
                        QStringLiteral("expected at least one number (d_k ≥ 1), got 0"));
    if (dV < 1)
        refuseStructure(QStringLiteral("model.heads[0].w_v[0]"),
                        QStringLiteral("expected at least one number (d_v ≥ 1), got 0"));
    checkModelLimits(T, dModel, H, dK, dV);
    if (model.tokenLabels.size() != T)
        refuseStructure(QStringLiteral("model.tokens"),
                        QStringLiteral("%1 for %2")
                            .arg(count(model.tokenLabels.size(), "label", "labels"),
                                 count(T, "token", "tokens")));
    for (qint64 t = 0; t < T; ++t)
        if (model.tokenLabels.at(t).size() > kMaxLabelCodePoints)
            checkLabel(model.tokenLabels.at(t), QStringLiteral("model.tokens[%1].label").arg(t));
    if (!model.embeddings.allFinite())
        checkMatrix(model.embeddings, QStringLiteral("model.tokens (embeddings)"), T,
                    QStringLiteral("one per token"), dModel, QStringLiteral("d_model"));

    const QString dModelWhy = QStringLiteral("d_model from model.tokens[0].embedding");
    const QString dKWhy = QStringLiteral("d_k from model.heads[0].w_q[0]");
    const QString dVWhy = QStringLiteral("d_v from model.heads[0].w_v[0]");
    for (qint64 h = 0; h < H; ++h) {
        const ModelHead &head = model.heads[size_t(h)];
        const QString path = headPath(h);
        if (head.label.size() > kMaxLabelCodePoints)
            checkLabel(head.label, path + QStringLiteral(".label"));
        checkMatrix(head.wQ, path + QStringLiteral(".w_q"), dModel, dModelWhy, dK, dKWhy);
        checkMatrix(head.wK, path + QStringLiteral(".w_k"), dModel, dModelWhy, dK, dKWhy);
        checkMatrix(head.wV, path + QStringLiteral(".w_v"), dModel, dModelWhy, dV, dVWhy);
    }
    if (model.wO)
        checkMatrix(*model.wO, QStringLiteral("model.w_o"), H * dV,
                    QStringLiteral("H·d_v = %1·%2").arg(H).arg(dV), dModel, dModelWhy);

    if (s.varianceMode == VarianceMode::Free) {
        const QString path = QStringLiteral("variance.variances");
        if (qint64(model.freeVariances.size()) != H)
            refuseStructure(path, QStringLiteral("expected %1 (one per head), got %2")
                                      .arg(count(H, "entry", "entries"))
                                      .arg(model.freeVariances.size()));
        for (qint64 h = 0; h < H; ++h)
            checkVarianceMatrix(model.freeVariances[size_t(h)],
                                QStringLiteral("%1[%2]").arg(path).arg(h), T, T);
    }
    if (model.maxentTargets) {
        const QString path = QStringLiteral("maxent.targets");
        if (qint64(model.maxentTargets->size()) != H)
            refuseStructure(path, QStringLiteral("expected %1 (one per head), got %2")
                                      .arg(count(H, "entry", "entries"))
                                      .arg(model.maxentTargets->size()));
        for (qint64 h = 0; h < H; ++h)
            if (const auto &targets = (*model.maxentTargets)[size_t(h)])
                checkTargets(*targets, QStringLiteral("%1[%2]").arg(path).arg(h), T);
    }

    // Every projection, similarity and score of every head is finite (MATH.md §2, §8); the
    // projections updated from the previous analysis where one token's embedding changed.
    const double tau = s.tau();
    const std::vector<int> changed = changedTokens(model, previous);
    for (qint64 h = 0; h < H; ++h) {
        std::optional<HeadProjections> updated = updatedProjections(model, int(h), previous, changed);
        const HeadProjections p = updated ? std::move(*updated) : projectHead(model, int(h));
        checkProjection(model, h, p.queries, "query", "W_Q");
        checkProjection(model, h, p.keys, "key", "W_K");
        checkProjection(model, h, p.values, "value", "W_V");
        if (const auto overflow = checkSimilarities(p.queries, p.keys, tau)) {
            const double f = p.queries.row(overflow->query).dot(p.keys.row(overflow->key));
            refuse(ErrorCategory::Overflow,
                   QStringLiteral("%1: query %2 (%3): %4 overflows a double (key %5, %6)")
                       .arg(headPath(h))
                       .arg(overflow->query)
                       .arg(tokenName(model, overflow->query), std::isfinite(f)
                                                                   ? QStringLiteral("score f/τ")
                                                                   : QStringLiteral("similarity"))
                       .arg(overflow->key)
                       .arg(tokenName(model, overflow->key)));
        }
    }
}

QJsonObject modelJson(const Model &model)
{
    QJsonObject o = model.extra;
    QJsonArray tokens;
    for (int t = 0; t < model.T(); ++t) {
        QJsonObject token = size_t(t) < model.extraTokens.size()
                                ? QJsonObject(model.extraTokens[size_t(t)])
                                : QJsonObject();
        token.insert(QLatin1String("label"), model.tokenLabels.value(t));
        token.insert(QLatin1String("embedding"), numbers(model.embeddings.row(t)));
        tokens.append(token);
    }
    o.insert(QLatin1String("tokens"), tokens);
    QJsonArray heads;
    for (const ModelHead &head : model.heads) {
        QJsonObject jh = head.extra;
        jh.insert(QLatin1String("label"), head.label);
        jh.insert(QLatin1String("w_q"), rowsJson(head.wQ));
        jh.insert(QLatin1String("w_k"), rowsJson(head.wK));
        jh.insert(QLatin1String("w_v"), rowsJson(head.wV));
        heads.append(jh);
    }
    o.insert(QLatin1String("heads"), heads);
    if (model.wO)
        o.insert(QLatin1String("w_o"), rowsJson(*model.wO));
    else
        o.remove(QLatin1String("w_o"));
    return o;
}

QJsonArray modelVariancesJson(const Model &model)
{
    QJsonArray perHead;
    for (const Eigen::MatrixXd &variances : model.freeVariances)
        perHead.append(rowsJson(variances));
    return perHead;
}

QJsonValue modelTargetsJson(const Model &model)
{
    if (!model.maxentTargets)
        return QJsonValue(QJsonValue::Null);
    QJsonArray perHead;
    for (const auto &targets : *model.maxentTargets) {
        if (!targets) {
            perHead.append(QJsonValue(QJsonValue::Null));
            continue;
        }
        QJsonArray a;
        for (const auto &target : *targets)
            a.append(target ? QJsonValue(plusZero(*target)) : QJsonValue(QJsonValue::Null));
        perHead.append(a);
    }
    return perHead;
}

qint64 modelNumberCount(const Model &model)
{
    qint64 n = model.embeddings.size() + (model.wO ? model.wO->size() : 0);
    for (const ModelHead &head : model.heads)
        n += head.wQ.size() + head.wK.size() + head.wV.size();
    for (const Eigen::MatrixXd &variances : model.freeVariances)
        n += variances.size();
    return n;
}

} // namespace sml::detail
