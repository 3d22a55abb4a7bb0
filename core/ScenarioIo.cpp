#include "ScenarioIo.h"

#include "AtomicFile.h"
#include "Attention.h"
#include "BoundedFile.h"
#include "JsonDuplicateKeys.h"
#include "LessonIo.h"
#include "ModelIo.h"
#include "Refusal.h"
#include "ScenarioFields.h"
#include "TextInput.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>
#include <QLocale>
#include <QSet>

#include <cctype>
#include <cmath>
#include <cstring>
#include <initializer_list>

namespace sml {

namespace {

// ---------------------------------------------------------------------------------------------
// Small helpers shared by the loader and validateScenario.

const QString kFormatName = QStringLiteral("softmaxlab-scenario");
/// The newest version this build reads. Version 2 adds the `attention` section; a file that
/// does not use it is still written as version 1 (scenario-format.md, "Scenario, version 2").
constexpr int kVersion = 2;
constexpr const char *kVersions = "1 or 2";
/// serialize() indents files with at most this many numbers (about 40 MB indented).
constexpr qint64 kIndentedNumbers = 1'000'000;

using namespace detail; // Refusal, refuse and the readers of ScenarioFields.h

/// The size limits of scenario-format.md ("Limits"), from counts alone (nothing allocated).
void checkLimits(qint64 m, qint64 T, qint64 dK, qint64 dV)
{
    using namespace limits;
    if (m > maxTokens)
        refuse(
            ErrorCategory::Limit,
            QStringLiteral("queries: m = %1 queries exceed the limit of %2").arg(m).arg(maxTokens));
    if (T > maxTokens)
        refuse(ErrorCategory::Limit,
               QStringLiteral("keys: T = %1 keys exceed the limit of %2").arg(T).arg(maxTokens));
    if (m * T > maxCells)
        refuse(ErrorCategory::Limit,
               QStringLiteral("queries, keys: m·T = %1·%2 = %3 exceeds the limit of %4")
                   .arg(m)
                   .arg(T)
                   .arg(m * T)
                   .arg(maxCells));
    if (dK > maxDim)
        refuse(ErrorCategory::Limit,
               QStringLiteral("queries[0].vector: d_k = %1 exceeds the limit of %2")
                   .arg(dK)
                   .arg(maxDim));
    if (dV > maxDim)
        refuse(
            ErrorCategory::Limit,
            QStringLiteral("keys[0].value: d_v = %1 exceeds the limit of %2").arg(dV).arg(maxDim));
    const qint64 entries = (m + T) * dK + T * dV;
    if (entries > maxVectorEntries)
        refuse(
            ErrorCategory::Limit,
            QStringLiteral("queries, keys: (m + T)·d_k + T·d_v = %1 numbers exceed the limit of %2")
                .arg(entries)
                .arg(maxVectorEntries));
}

// ---------------------------------------------------------------------------------------------
// Loading.

void checkFormatAndVersion(const QJsonObject &top)
{
    const QJsonValue format = top.value(QLatin1String("format"));
    if (format.isUndefined())
        refuse(
            ErrorCategory::Format,
            QStringLiteral("format: missing (expected \"%1\"); this is not a SoftmaxLab scenario")
                .arg(kFormatName));
    if (!format.isString() || format.toString() != kFormatName) {
        const QString got =
            format.isString()
                ? QStringLiteral("\"%1\"").arg(escapedForMessage(format.toString(), 100))
                : describe(format);
        refuse(ErrorCategory::Format,
               QStringLiteral("format: expected \"%1\", got %2").arg(kFormatName, got));
    }

    const QJsonValue version = top.value(QLatin1String("version"));
    if (version.isUndefined())
        refuse(ErrorCategory::Version, QStringLiteral("version: missing (expected the integer %1)")
                                           .arg(QLatin1String(kVersions)));
    if (!version.isDouble())
        refuse(ErrorCategory::Version, QStringLiteral("version: expected the integer %1, got %2")
                                           .arg(QLatin1String(kVersions), describe(version)));
    const double v = version.toDouble();
    if (!(v >= 1) || v != std::floor(v))
        refuse(ErrorCategory::Version, QStringLiteral("version: expected the integer %1, got %2")
                                           .arg(QLatin1String(kVersions), num(v)));
    if (v > kVersion)
        refuse(ErrorCategory::Version,
               QStringLiteral("version %1 is newer than this SoftmaxLab reads (version %2)")
                   .arg(num(v))
                   .arg(kVersion));
}

/// Every UnknownFields of `s` with the path of its object (memberTexts steps), in file order.
template <class Visit> void forEachUnknownFields(Scenario &s, Visit visit)
{
    visit(s.extraTop, QString());
    for (size_t i = 0; i < s.extraQueries.size(); ++i)
        visit(s.extraQueries[i], QStringLiteral("queries%1#%2").arg(memberPathSep).arg(i));
    for (size_t t = 0; t < s.extraKeys.size(); ++t)
        visit(s.extraKeys[t], QStringLiteral("keys%1#%2").arg(memberPathSep).arg(t));
    visit(s.extraTemperature, QStringLiteral("temperature"));
    visit(s.extraVariance, QStringLiteral("variance"));
    visit(s.extraMaxent, QStringLiteral("maxent"));
    visit(s.extraAttention, QStringLiteral("attention"));
}

/// Gives each unknown member of `s` its text in `json`, the document it was read from, so that
/// serialize() writes it back byte for byte (issue 15 #6). Costs nothing without unknown fields.
void keepOriginalText(Scenario &s, const QByteArray &json)
{
    const auto pathOf = [](const QString &object, const QString &key) {
        return object.isEmpty() ? key : object + memberPathSep + key;
    };
    QSet<QString> wanted;
    forEachUnknownFields(s, [&](UnknownFields &fields, const QString &object) {
        for (auto it = fields.constBegin(); it != fields.constEnd(); ++it)
            wanted.insert(pathOf(object, it.key()));
    });
    if (wanted.isEmpty())
        return;
    const QHash<QString, QByteArray> texts = memberTexts(json, wanted);
    forEachUnknownFields(s, [&](UnknownFields &fields, const QString &object) {
        for (auto it = fields.constBegin(); it != fields.constEnd(); ++it)
            if (const auto text = texts.constFind(pathOf(object, it.key())); text != texts.cend())
                fields.originalText.insert(it.key(), *text);
    });
}

/// Writes unknown members back as the text they were read from (UnknownFields): serialize()
/// puts a placeholder string in the document for each, and splice() swaps the placeholders'
/// JSON for the texts.
class OriginalTextSplicer
{
public:
    /// `fields` as a QJsonObject to write, with a placeholder for each member whose value is
    /// still the one parsed from its original text.
    QJsonObject prepare(const UnknownFields &fields)
    {
        QJsonObject out = fields;
        for (auto it = fields.originalText.constBegin(); it != fields.originalText.constEnd();
             ++it) {
            const QJsonValue now = fields.value(it.key());
            const QJsonValue parsed = QJsonDocument::fromJson("[" + it.value() + "]").array().at(0);
            if (now.isUndefined() || now != parsed)
                continue; // changed since it was read: its value is written
            out.insert(it.key(), QStringLiteral("\x01sml-original-text:%1").arg(mTexts.size()));
            mTexts.append(it.value());
        }
        return out;
    }

    /// `json` with every placeholder replaced by its text; nullopt if the placeholders are not
    /// found exactly once each (a string of the file that looks like one): write values then.
    std::optional<QByteArray> splice(const QByteArray &json) const
    {
        if (mTexts.isEmpty())
            return json;
        QByteArray out;
        out.reserve(json.size());
        qsizetype from = 0;
        const QByteArray marker = "\"\\u0001sml-original-text:";
        for (qsizetype n = 0; n < mTexts.size(); ++n) {
            const qsizetype at = json.indexOf(marker, from);
            if (at < 0)
                return std::nullopt;
            const qsizetype close = json.indexOf('"', at + marker.size());
            bool ok = false;
            const qsizetype k =
                json.mid(at + marker.size(), close - at - marker.size()).toLongLong(&ok);
            if (!ok || k < 0 || k >= mTexts.size())
                return std::nullopt;
            out += json.mid(from, at - from);
            out += mTexts.at(k);
            from = close + 1;
        }
        if (json.indexOf(marker, from) >= 0)
            return std::nullopt;
        out += json.mid(from);
        return out;
    }

    bool isEmpty() const { return mTexts.isEmpty(); }

private:
    QList<QByteArray> mTexts;
};

/// α of `entmax` (scenario-format.md, `attention`): a number with 1 ≤ α ≤ 4.
bool isAlpha(double alpha)
{
    return alpha >= 1 && alpha <= 4;
}

[[noreturn]] void refuseAlpha(const QJsonValue &v)
{
    refuseType(QStringLiteral("attention.alpha"), v, QStringLiteral("a number with 1 ≤ α ≤ 4"));
}

/// The version-2 `attention` section, if present (scenario-format.md; MATH.md §7.2).
void readAttention(const QJsonValue &v, Scenario &s)
{
    if (v.isUndefined())
        return;
    const QJsonObject o = requireObject(v, QStringLiteral("attention"));
    const QString path = QStringLiteral("attention.normalizer");
    const QJsonValue kind = o.value(QLatin1String("normalizer"));
    if (!kind.isString())
        refuseType(path, kind, QStringLiteral("\"softmax\" or \"entmax\""));
    const QJsonValue alpha = o.value(QLatin1String("alpha"));
    if (kind.toString() == QLatin1String("softmax")) {
        s.normalizer = NormalizerKind::Softmax;
        // Like "tau" in sqrt_dk mode: an "alpha" here is kept as an unknown field and, if
        // usable, seeds α for a later switch to entmax.
        if (alpha.isDouble() && isAlpha(alpha.toDouble()))
            s.entmaxAlpha = alpha.toDouble();
        s.extraAttention = unknownFields(o, {"normalizer"});
    } else if (kind.toString() == QLatin1String("entmax")) {
        s.normalizer = NormalizerKind::Entmax;
        if (!alpha.isDouble() || !isAlpha(alpha.toDouble()))
            refuseAlpha(alpha);
        s.entmaxAlpha = alpha.toDouble();
        s.extraAttention = unknownFields(o, {"normalizer", "alpha"});
    } else {
        refuseStructure(path, QStringLiteral("expected \"softmax\" or \"entmax\", got \"%1\"")
                                  .arg(escapedForMessage(kind.toString(), 100)));
    }
    s.attentionSection = true;
}

/// `temperature` (scenario-format.md): `{"mode":"sqrt_dk"}` or `{"mode":"fixed","tau":τ}`.
void readTemperature(const QJsonValue &v, Scenario &s)
{
    const QJsonObject o = requireObject(v, QStringLiteral("temperature"));
    const QString mode =
        requireString(o.value(QLatin1String("mode")), QStringLiteral("temperature.mode"));
    if (mode == QLatin1String("sqrt_dk")) {
        s.temperatureMode = TemperatureMode::SqrtDk;
        // A "tau" here means nothing in this mode: it is kept as an unknown field. If it is a
        // usable τ, it also seeds fixedTau for a later switch to fixed mode.
        const QJsonValue tau = o.value(QLatin1String("tau"));
        if (tau.isDouble() && tau.toDouble() > 0 && std::isfinite(tau.toDouble()))
            s.fixedTau = tau.toDouble();
        s.extraTemperature = unknownFields(o, {"mode"});
    } else if (mode == QLatin1String("fixed")) {
        s.temperatureMode = TemperatureMode::Fixed;
        s.fixedTau =
            requirePositive(o.value(QLatin1String("tau")), QStringLiteral("temperature.tau"));
        s.extraTemperature = unknownFields(o, {"mode", "tau"});
    } else {
        refuseStructure(QStringLiteral("temperature.mode"),
                        QStringLiteral("expected \"sqrt_dk\" or \"fixed\", got \"%1\"")
                            .arg(escapedForMessage(mode, 100)));
    }
}

/// `mask`: "none" or "causal".
void readMask(const QJsonValue &v, Scenario &s)
{
    const QString mask = requireString(v, QStringLiteral("mask"));
    if (mask == QLatin1String("none"))
        s.mask = MaskKind::None;
    else if (mask == QLatin1String("causal"))
        s.mask = MaskKind::Causal;
    else
        refuseStructure(QStringLiteral("mask"),
                        QStringLiteral("expected \"none\" or \"causal\", got \"%1\"")
                            .arg(escapedForMessage(mask, 100)));
}

/// `variance`: linked with σ0² > 0, or free with m×T positive σ²_it.
void readVariance(const QJsonValue &v, qint64 m, qint64 T, Scenario &s)
{
    const QJsonObject o = requireObject(v, QStringLiteral("variance"));
    const QString mode =
        requireString(o.value(QLatin1String("mode")), QStringLiteral("variance.mode"));
    if (mode == QLatin1String("linked")) {
        s.varianceMode = VarianceMode::Linked;
        s.sigma0Squared = requirePositive(o.value(QLatin1String("sigma0_squared")),
                                          QStringLiteral("variance.sigma0_squared"));
        s.freeVariances.resize(0, 0); // a lesson step may set linked over a free base
        s.extraVariance = unknownFields(o, {"mode", "sigma0_squared"});
    } else if (mode == QLatin1String("free")) {
        s.varianceMode = VarianceMode::Free;
        const QJsonValue variances = o.value(QLatin1String("variances"));
        const QString path = QStringLiteral("variance.variances");
        if (s.model) // H entries of m×T (scenario-format.md, `model`)
            readModelVariances(variances, *s.model);
        else // m·T is within the limits checked above
            s.freeVariances = readVarianceRows(variances, path, m, T);
        // Like "tau" in sqrt_dk mode: a "sigma0_squared" here is kept as an unknown field
        // and, if usable, seeds σ0² for a later switch back to linked mode.
        const QJsonValue sigma0 = o.value(QLatin1String("sigma0_squared"));
        if (sigma0.isDouble() && sigma0.toDouble() > 0 && std::isfinite(sigma0.toDouble()))
            s.sigma0Squared = sigma0.toDouble();
        s.extraVariance = unknownFields(o, {"mode", "variances"});
    } else {
        refuseStructure(QStringLiteral("variance.mode"),
                        QStringLiteral("expected \"linked\" or \"free\", got \"%1\"")
                            .arg(escapedForMessage(mode, 100)));
    }
}

/// `maxent`: `"targets"` null, or m entries of number or null.
void readMaxent(const QJsonValue &v, qint64 m, Scenario &s)
{
    const QJsonObject o = requireObject(v, QStringLiteral("maxent"));
    const QString path = QStringLiteral("maxent.targets");
    const QJsonValue targets = o.value(QLatin1String("targets"));
    if (s.model) // null or H entries (scenario-format.md, `model`)
        readModelTargets(targets, *s.model);
    else
        s.maxentTargets = readTargets(targets, path, m);
    s.extraMaxent = unknownFields(o, {"targets"});
}

/// The version-1 `queries` and `keys` arrays.
void readQueriesAndKeys(const QJsonObject &top, Scenario &s)
{
    // Counts and dimensions first, so that the limits are checked before anything is allocated.
    const QJsonArray queries =
        requireArray(top.value(QLatin1String("queries")), QStringLiteral("queries"));
    if (queries.isEmpty())
        refuseStructure(QStringLiteral("queries"),
                        QStringLiteral("expected at least one query, got an empty array"));
    const QJsonArray keys = requireArray(top.value(QLatin1String("keys")), QStringLiteral("keys"));
    if (keys.isEmpty())
        refuseStructure(QStringLiteral("keys"),
                        QStringLiteral("expected at least one key, got an empty array"));
    const qint64 m = queries.size();
    const qint64 T = keys.size();
    checkLimits(m, T, 0, 0);

    const QJsonObject query0 = requireObject(queries.at(0), QStringLiteral("queries[0]"));
    const qint64 dK = dimensionOf(query0.value(QLatin1String("vector")),
                                  QStringLiteral("queries[0].vector"), "d_k");
    const QJsonObject key0 = requireObject(keys.at(0), QStringLiteral("keys[0]"));
    const qint64 dV =
        dimensionOf(key0.value(QLatin1String("value")), QStringLiteral("keys[0].value"), "d_v");
    checkLimits(m, T, dK, dV);

    s.queries.resize(m, dK);
    s.keys.resize(T, dK);
    s.values.resize(T, dV);
    s.queryLabels.reserve(m);
    s.keyLabels.reserve(T);
    s.extraQueries.reserve(size_t(m));
    s.extraKeys.reserve(size_t(T));

    const QString dKWhy = QStringLiteral("d_k from queries[0]");
    const QString dVWhy = QStringLiteral("d_v from keys[0]");
    for (qint64 i = 0; i < m; ++i) {
        const QString path = QStringLiteral("queries[%1]").arg(i);
        const QJsonObject q = requireObject(queries.at(i), path);
        const QString label =
            requireString(q.value(QLatin1String("label")), path + QStringLiteral(".label"));
        checkLabel(label, path + QStringLiteral(".label"));
        s.queryLabels.append(label);
        readNumbers(q.value(QLatin1String("vector")), path + QStringLiteral(".vector"), dK, dKWhy,
                    s.queries.row(i));
        s.extraQueries.push_back(unknownFields(q, {"label", "vector"}));
    }
    for (qint64 t = 0; t < T; ++t) {
        const QString path = QStringLiteral("keys[%1]").arg(t);
        const QJsonObject k = requireObject(keys.at(t), path);
        const QString label =
            requireString(k.value(QLatin1String("label")), path + QStringLiteral(".label"));
        checkLabel(label, path + QStringLiteral(".label"));
        s.keyLabels.append(label);
        readNumbers(k.value(QLatin1String("vector")), path + QStringLiteral(".vector"), dK, dKWhy,
                    s.keys.row(t));
        readNumbers(k.value(QLatin1String("value")), path + QStringLiteral(".value"), dV, dVWhy,
                    s.values.row(t));
        s.extraKeys.push_back(unknownFields(k, {"label", "vector", "value"}));
    }
}

Scenario readScenario(const QJsonObject &top)
{
    checkFormatAndVersion(top);

    Scenario s;
    s.title = requireString(top.value(QLatin1String("title")), QStringLiteral("title"));
    const QJsonValue description = top.value(QLatin1String("description"));
    if (!description.isUndefined())
        s.description = requireString(description, QStringLiteral("description"));

    // A version-2 `model` replaces the queries and keys (ModelIo.h; MATH.md §8).
    const bool version2 = top.value(QLatin1String("version")).toDouble() >= 2;
    if (version2 && top.contains(QLatin1String("model")))
        readModel(top, s);
    else
        readQueriesAndKeys(top, s);
    const qint64 m = s.model ? s.model->T() : s.m();
    const qint64 T = s.model ? s.model->T() : s.T();

    readTemperature(top.value(QLatin1String("temperature")), s);
    readMask(top.value(QLatin1String("mask")), s);
    readVariance(top.value(QLatin1String("variance")), m, T, s);
    readMaxent(top.value(QLatin1String("maxent")), m, s);

    // attention (version 2; MATH.md §7). In a version-1 file it is an unknown field, as are
    // `model` and `lesson`: kept and written back, with a warning.
    if (version2) {
        readAttention(top.value(QLatin1String("attention")), s);
        if (top.contains(QLatin1String("lesson")))
            s.lesson = readLesson(top.value(QLatin1String("lesson")));
    } else {
        for (const char *section : {"attention", "model", "lesson"})
            if (top.contains(QLatin1String(section)))
                s.loadWarnings << QStringLiteral("%1: kept as an unknown field; this section "
                                                 "needs \"version\": 2")
                                      .arg(QLatin1String(section));
    }

    s.extraTop = unknownFields(top, {"format", "version", "title", "description", "queries", "keys",
                                     "temperature", "mask", "variance", "maxent"});
    if (version2)
        for (const char *section : {"attention", "lesson", "model"})
            s.extraTop.remove(QLatin1String(section));
    return s;
}

// ---------------------------------------------------------------------------------------------
// Validation of an in-memory scenario.

void checkFiniteMatrix(const Eigen::MatrixXd &mat, const char *rowName, const char *field)
{
    if (mat.allFinite())
        return; // the common case, vectorized; the loop below names the first offender
    for (Eigen::Index i = 0; i < mat.rows(); ++i)
        for (Eigen::Index j = 0; j < mat.cols(); ++j)
            if (!std::isfinite(mat(i, j)))
                refuseStructure(
                    QStringLiteral("%1[%2].%3[%4]")
                        .arg(QLatin1String(rowName))
                        .arg(i)
                        .arg(QLatin1String(field))
                        .arg(j),
                    QStringLiteral("expected a finite number, got %1").arg(num(mat(i, j))));
}

/// τ, σ0² (linked mode) and α: the settings every head of a model shares.
void checkSettings(const Scenario &s)
{
    if (s.temperatureMode == TemperatureMode::Fixed &&
        !(s.fixedTau > 0 && std::isfinite(s.fixedTau)))
        refuseStructure(QStringLiteral("temperature.tau"),
                        QStringLiteral("expected a positive number, got %1").arg(num(s.fixedTau)));
    if (s.varianceMode == VarianceMode::Linked &&
        !(s.sigma0Squared > 0 && std::isfinite(s.sigma0Squared)))
        refuseStructure(
            QStringLiteral("variance.sigma0_squared"),
            QStringLiteral("expected a positive number, got %1").arg(num(s.sigma0Squared)));
    if (s.normalizer == NormalizerKind::Entmax && !isAlpha(s.entmaxAlpha))
        refuseAlpha(QJsonValue(s.entmaxAlpha));
}

void validate(const Scenario &s, const ModelAnalysis *previous = nullptr)
{
    if (s.model) { // the model section and its per-head settings (ModelIo.h)
        checkSettings(s);
        validateModel(s, previous);
        if (s.lesson) // (it was accepted unchecked in a model scenario)
            validateLesson(s);
        return;
    }
    const qint64 m = s.queries.rows();
    const qint64 T = s.keys.rows();
    const qint64 dK = s.queries.cols();
    const qint64 dV = s.values.cols();
    if (m < 1)
        refuseStructure(QStringLiteral("queries"),
                        QStringLiteral("expected at least one query, got 0"));
    if (T < 1)
        refuseStructure(QStringLiteral("keys"), QStringLiteral("expected at least one key, got 0"));
    if (dK < 1)
        refuseStructure(QStringLiteral("queries[0].vector"),
                        QStringLiteral("expected at least one number (d_k ≥ 1), got 0"));
    if (s.values.rows() != T)
        refuseStructure(
            QStringLiteral("keys"),
            QStringLiteral("%1 but %2")
                .arg(count(T, "key", "keys"), count(s.values.rows(), "value", "values")));
    if (dV < 1)
        refuseStructure(QStringLiteral("keys[0].value"),
                        QStringLiteral("expected at least one number (d_v ≥ 1), got 0"));
    checkLimits(m, T, dK, dV);
    if (s.keys.cols() != dK)
        refuseStructure(QStringLiteral("keys[0].vector"),
                        QStringLiteral("expected %1 (d_k from queries[0]), got %2")
                            .arg(count(dK, "number", "numbers"))
                            .arg(s.keys.cols()));
    if (s.queryLabels.size() != m)
        refuseStructure(
            QStringLiteral("queries"),
            QStringLiteral("%1 for %2")
                .arg(count(s.queryLabels.size(), "label", "labels"), count(m, "query", "queries")));
    if (s.keyLabels.size() != T)
        refuseStructure(
            QStringLiteral("keys"),
            QStringLiteral("%1 for %2")
                .arg(count(s.keyLabels.size(), "label", "labels"), count(T, "key", "keys")));
    // A label of at most kMaxLabelCodePoints UTF-16 units has at most that many code points:
    // only longer ones need counting (and a JSON path for the message).
    for (qint64 i = 0; i < m; ++i)
        if (s.queryLabels.at(i).size() > kMaxLabelCodePoints)
            checkLabel(s.queryLabels.at(i), QStringLiteral("queries[%1].label").arg(i));
    for (qint64 t = 0; t < T; ++t)
        if (s.keyLabels.at(t).size() > kMaxLabelCodePoints)
            checkLabel(s.keyLabels.at(t), QStringLiteral("keys[%1].label").arg(t));

    checkFiniteMatrix(s.queries, "queries", "vector");
    checkFiniteMatrix(s.keys, "keys", "vector");
    checkFiniteMatrix(s.values, "keys", "value");

    checkSettings(s);
    if (s.varianceMode == VarianceMode::Free)
        checkVarianceMatrix(s.freeVariances, QStringLiteral("variance.variances"), m, T);
    if (s.maxentTargets)
        checkTargets(*s.maxentTargets, QStringLiteral("maxent.targets"), m);

    // Every similarity f = q_i·k_t and score f/τ must be finite (MATH.md §2, "Numerics").
    // checkSimilarities computes f = Q Kᵀ and runs checkFinite on it, naming the product term.
    if (const auto overflow = checkSimilarities(s.queries, s.keys, s.tau()))
        refuse(ErrorCategory::Overflow, overflow->message);

    if (s.lesson)
        validateLesson(s);
}

} // namespace

QString categoryName(ErrorCategory c)
{
    switch (c) {
    case ErrorCategory::Io:
        return QStringLiteral("io");
    case ErrorCategory::Encoding:
        return QStringLiteral("encoding");
    case ErrorCategory::Syntax:
        return QStringLiteral("syntax");
    case ErrorCategory::Duplicate:
        return QStringLiteral("duplicate");
    case ErrorCategory::Format:
        return QStringLiteral("format");
    case ErrorCategory::Version:
        return QStringLiteral("version");
    case ErrorCategory::Structure:
        return QStringLiteral("structure");
    case ErrorCategory::Limit:
        return QStringLiteral("limit");
    case ErrorCategory::Overflow:
        return QStringLiteral("overflow");
    }
    return QStringLiteral("unknown");
}

QString lineColumnAt(const QByteArray &text, qint64 offset)
{
    offset = qBound<qint64>(0, offset, text.size());
    const char *p = text.constData();
    qint64 line = 1;
    qint64 column = 1;
    for (qint64 i = 0; i < offset; ++i) {
        const unsigned char c = static_cast<unsigned char>(p[i]);
        if (c == '\n') {
            ++line;
            column = 1;
        } else if ((c & 0xC0) != 0x80) { // count code points: skip UTF-8 continuation bytes
            ++column;
        }
    }
    return QStringLiteral("line %1, column %2").arg(line).arg(column);
}

LoadResult ScenarioIo::loadFile(const QString &path)
{
    const FileBytes bytes = readBoundedFile(path, QStringLiteral("scenario file"));
    if (const auto *error = std::get_if<LoadError>(&bytes))
        return *error;
    return parse(std::get<QByteArray>(bytes));
}

namespace {

/// Where a JSON string holds something the JSON grammar forbids but Qt's parser lets through:
/// an escape other than \" \\ \/ \b \f \n \r \t \uXXXX (Qt reads "\c" as "c"), or a raw control
/// character below U+0020. Such a file is not JSON, and it would not survive save → load
/// unchanged (found by tests/fuzz: a title holding U+FEFF and "\c"). `json` is text Qt parsed.
/// Returns the offset and a description, or nothing.
std::optional<std::pair<qint64, QString>> firstStringProblem(const QByteArray &json)
{
    bool inString = false;
    for (qint64 i = 0; i < json.size(); ++i) {
        const auto c = static_cast<unsigned char>(json.at(i));
        if (!inString) {
            inString = c == '"';
            continue;
        }
        if (c == '"') {
            inString = false;
        } else if (c < 0x20) {
            return std::pair{i, QStringLiteral("control character U+%1 inside a string (write it "
                                               "as an escape, such as \\n for a line break)")
                                    .arg(QString::number(c, 16).toUpper(), 4, QLatin1Char('0'))};
        } else if (c == '\\') {
            const char e = i + 1 < json.size() ? json.at(i + 1) : '\0';
            if (e != '\0' && std::strchr("\"\\/bfnrt", e)) {
                ++i;
            } else if (e == 'u') {
                for (int k = 2; k < 6; ++k) {
                    const char h = i + k < json.size() ? json.at(i + k) : '\0';
                    if (!std::isxdigit(static_cast<unsigned char>(h)))
                        return std::pair{i, QStringLiteral("invalid escape \\u%1 inside a string "
                                                           "(\\u takes four hex digits)")
                                                .arg(QString::fromUtf8(json.mid(i + 2, 4)))};
                }
                i += 5;
            } else {
                return std::pair{i,
                                 QStringLiteral("invalid escape \\%1 inside a string (JSON "
                                                "allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
                                     .arg(QString::fromUtf8(QByteArray(1, e)))};
            }
        }
    }
    return std::nullopt;
}

} // namespace

LoadResult ScenarioIo::parse(const QByteArray &input)
{
    // A UTF-8 byte-order mark is accepted; positions are then counted after it, as editors do.
    QByteArray json = input;
    if (json.startsWith("\xEF\xBB\xBF"))
        json = QByteArray::fromRawData(input.constData() + 3, input.size() - 3);

    if (const qsizetype bad = firstInvalidUtf8(json); bad >= 0)
        return LoadError{ErrorCategory::Encoding,
                         notUtf8Message(lineColumnAt(json, bad), json.at(bad))};

    if (json.trimmed().isEmpty())
        return LoadError{
            ErrorCategory::Syntax,
            QStringLiteral("%1: the file is empty").arg(lineColumnAt(json, json.size()))};

    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return LoadError{ErrorCategory::Syntax,
                         QStringLiteral("%1: %2").arg(lineColumnAt(json, parseError.offset),
                                                      parseError.errorString())};

    if (const auto problem = firstStringProblem(json))
        return LoadError{
            ErrorCategory::Syntax,
            QStringLiteral("%1: %2").arg(lineColumnAt(json, problem->first), problem->second)};

    if (const auto duplicate = findDuplicateKey(json))
        return LoadError{ErrorCategory::Duplicate,
                         QStringLiteral("%1 (%2)").arg(duplicate->message(),
                                                       lineColumnAt(json, duplicate->offset))};

    if (!doc.isObject())
        return LoadError{ErrorCategory::Format,
                         QStringLiteral("expected a JSON object with \"format\": \"%1\", got an "
                                        "array; this is not a SoftmaxLab scenario")
                             .arg(kFormatName)};

    try {
        Scenario s = readScenario(doc.object());
        validate(s);
        keepOriginalText(s, json);
        return s;
    } catch (const Refusal &r) {
        return r.error;
    }
}

/// Writes the five settings of `s` (temperature, mask, variance, maxent and, when the file uses
/// it or `alwaysAttention`, attention) into `top`, each member's unknown fields through
/// `prepare` (serialize()'s placeholders for original number text, or the fields as they are).
template <class Prepare>
void writeSettings(const Scenario &s, QJsonObject &top, Prepare prepare, bool alwaysAttention)
{
    QJsonObject temperature = prepare(s.extraTemperature);
    if (s.temperatureMode == TemperatureMode::Fixed) {
        temperature.insert(QLatin1String("mode"), QStringLiteral("fixed"));
        temperature.insert(QLatin1String("tau"), plusZero(s.fixedTau));
    } else {
        temperature.insert(QLatin1String("mode"), QStringLiteral("sqrt_dk"));
    }
    top.insert(QLatin1String("temperature"), temperature);

    top.insert(QLatin1String("mask"),
               s.mask == MaskKind::Causal ? QStringLiteral("causal") : QStringLiteral("none"));

    QJsonObject variance = prepare(s.extraVariance);
    if (s.varianceMode == VarianceMode::Linked) {
        variance.insert(QLatin1String("mode"), QStringLiteral("linked"));
        variance.insert(QLatin1String("sigma0_squared"), plusZero(s.sigma0Squared));
    } else {
        variance.insert(QLatin1String("mode"), QStringLiteral("free"));
        QJsonArray rows;
        for (Eigen::Index i = 0; i < s.freeVariances.rows(); ++i)
            rows.append(numbers(s.freeVariances.row(i)));
        variance.insert(QLatin1String("variances"), s.model ? modelVariancesJson(*s.model) : rows);
    }
    top.insert(QLatin1String("variance"), variance);

    QJsonObject maxent = prepare(s.extraMaxent);
    if (s.model) {
        maxent.insert(QLatin1String("targets"), modelTargetsJson(*s.model));
    } else if (s.maxentTargets) {
        QJsonArray targets;
        for (const auto &target : *s.maxentTargets)
            targets.append(target ? QJsonValue(plusZero(*target)) : QJsonValue(QJsonValue::Null));
        maxent.insert(QLatin1String("targets"), targets);
    } else {
        maxent.insert(QLatin1String("targets"), QJsonValue(QJsonValue::Null));
    }
    top.insert(QLatin1String("maxent"), maxent);

    // Version 2 only when the file uses `attention`; it then replaces a version-1 file's
    // unknown `attention` member (scenario-format.md, "Scenario, version 2").
    if (s.writesAttention() || alwaysAttention) {
        QJsonObject attention = prepare(s.extraAttention);
        if (s.normalizer == NormalizerKind::Entmax) {
            attention.insert(QLatin1String("normalizer"), QStringLiteral("entmax"));
            attention.insert(QLatin1String("alpha"), plusZero(s.entmaxAlpha));
        } else {
            attention.insert(QLatin1String("normalizer"), QStringLiteral("softmax"));
        }
        top.insert(QLatin1String("attention"), attention);
    }
}

QByteArray ScenarioIo::serialize(const Scenario &s)
{
    OriginalTextSplicer splicer;
    QJsonObject top = splicer.prepare(s.extraTop);
    top.insert(QLatin1String("format"), kFormatName);
    top.insert(QLatin1String("version"), s.writesVersion2() ? 2 : 1);
    top.insert(QLatin1String("title"), s.title);
    if (s.description)
        top.insert(QLatin1String("description"), *s.description);
    else
        top.remove(QLatin1String("description"));

    QJsonArray queries; // (a model scenario has none: ModelIo.h)
    for (Eigen::Index i = 0; i < s.queries.rows() && !s.model; ++i) {
        QJsonObject q = size_t(i) < s.extraQueries.size()
                            ? splicer.prepare(s.extraQueries[size_t(i)])
                            : QJsonObject();
        q.insert(QLatin1String("label"),
                 i < s.queryLabels.size() ? s.queryLabels.at(i) : QString());
        q.insert(QLatin1String("vector"), numbers(s.queries.row(i)));
        queries.append(q);
    }
    if (!s.model)
        top.insert(QLatin1String("queries"), queries);

    QJsonArray keys;
    for (Eigen::Index t = 0; t < s.keys.rows() && !s.model; ++t) {
        QJsonObject k = size_t(t) < s.extraKeys.size() ? splicer.prepare(s.extraKeys[size_t(t)])
                                                       : QJsonObject();
        k.insert(QLatin1String("label"), t < s.keyLabels.size() ? s.keyLabels.at(t) : QString());
        k.insert(QLatin1String("vector"), numbers(s.keys.row(t)));
        if (t < s.values.rows())
            k.insert(QLatin1String("value"), numbers(s.values.row(t)));
        keys.append(k);
    }
    if (!s.model)
        top.insert(QLatin1String("keys"), keys);

    writeSettings(
        s, top, [&splicer](const UnknownFields &f) { return splicer.prepare(f); }, false);

    if (s.lesson) // replaces a version-1 file's unknown `lesson`, like `attention`
        top.insert(QLatin1String("lesson"), lessonJson(*s.lesson));

    if (s.model) // version 2 (ModelIo.h); replaces a version-1 file's unknown `model` member
        top.insert(QLatin1String("model"), modelJson(*s.model));

    // Indented (one number per line) for the files people read; without indentation once there
    // are many numbers: a 4096×4096 free-variance matrix is 600 MB indented, 330 MB compact.
    const QByteArray json = QJsonDocument(top).toJson(
        numberCount(s) > kIndentedNumbers ? QJsonDocument::Compact : QJsonDocument::Indented);
    if (splicer.isEmpty())
        return json;
    if (auto spliced = splicer.splice(json))
        return *spliced;
    // A string of the scenario looks like a placeholder: write the values Qt parsed instead.
    Scenario valuesOnly = s;
    forEachUnknownFields(
        valuesOnly, [](UnknownFields &fields, const QString &) { fields.originalText.clear(); });
    return serialize(valuesOnly);
}

QJsonObject ScenarioIo::settingsJson(const Scenario &s)
{
    QJsonObject top;
    writeSettings(
        s, top, [](const UnknownFields &f) { return QJsonObject(f); }, true);
    return top;
}

qint64 ScenarioIo::numberCount(const Scenario &s)
{
    return qint64(s.m()) * s.dK() + qint64(s.T()) * (s.dK() + s.dV()) +
           (s.varianceMode == VarianceMode::Free ? qint64(s.m()) * s.T() : 0) +
           (s.model ? modelNumberCount(*s.model) : 0);
}

std::optional<LoadError> ScenarioIo::saveFile(const Scenario &scenario, const QString &path,
                                              qint64 maxBytes)
{
    // Never write a file that would not load again.
    if (auto invalid = validateScenario(scenario))
        return invalid;

    const QString shown = QDir::toNativeSeparators(path);
    const QByteArray bytes = serialize(scenario);
    if (bytes.size() > maxBytes) // the loader would refuse it (scenario-format.md)
        return LoadError{ErrorCategory::Limit,
                         QStringLiteral("cannot save \"%1\": the scenario is %2 bytes as a file, "
                                        "more than the limit of %3 bytes a scenario file may "
                                        "have; free variances of every query and key take the "
                                        "most room (linked variances take none)")
                             .arg(shown)
                             .arg(bytes.size())
                             .arg(maxBytes)};
    if (auto reason = writeFileAtomically(path, bytes))
        return LoadError{ErrorCategory::Io,
                         QStringLiteral("cannot save \"%1\": %2").arg(shown, *reason)};
    return std::nullopt;
}

void detail::readSetting(const QString &name, const QJsonValue &v, qint64 m, qint64 T, Scenario &s)
{
    if (name == QLatin1String("temperature"))
        readTemperature(v, s);
    else if (name == QLatin1String("mask"))
        readMask(v, s);
    else if (name == QLatin1String("variance"))
        readVariance(v, m, T, s);
    else if (name == QLatin1String("maxent"))
        readMaxent(v, m, s);
    else if (name == QLatin1String("attention"))
        readAttention(v, s);
    else
        refuseStructure(name, QStringLiteral("not a setting"));
}

void detail::checkTextLength(const QString &text, const QString &path)
{
    checkLabel(text, path);
}

std::optional<LoadError> validateScenario(const Scenario &scenario,
                                          const ModelAnalysis *previous)
{
    try {
        validate(scenario, previous);
    } catch (const Refusal &r) {
        return r.error;
    }
    return std::nullopt;
}

} // namespace sml
