#include "ScenarioFields.h"

#include <QLocale>

namespace sml::detail {

[[noreturn]] void refuseStructure(const QString &path, const QString &what)
{
    refuse(ErrorCategory::Structure, QStringLiteral("%1: %2").arg(path, what));
}

/// Shortest round-trip form of a double, for messages.
QString num(double v)
{
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

/// "1 number", "3 numbers".
QString count(qint64 n, const char *singular, const char *plural)
{
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? singular : plural));
}

QString describe(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("the number %1").arg(num(v.toDouble()));
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

/// "expected X, got Y", or "missing (expected X)" when the field is absent.
[[noreturn]] void refuseType(const QString &path, const QJsonValue &v, const QString &expected)
{
    if (v.isUndefined())
        refuseStructure(path, QStringLiteral("missing (expected %1)").arg(expected));
    refuseStructure(path, QStringLiteral("expected %1, got %2").arg(expected, describe(v)));
}

QJsonObject requireObject(const QJsonValue &v, const QString &path)
{
    if (!v.isObject())
        refuseType(path, v, QStringLiteral("an object"));
    return v.toObject();
}

QJsonArray requireArray(const QJsonValue &v, const QString &path)
{
    if (!v.isArray())
        refuseType(path, v, QStringLiteral("an array"));
    return v.toArray();
}

QString requireString(const QJsonValue &v, const QString &path)
{
    if (!v.isString())
        refuseType(path, v, QStringLiteral("a string"));
    return v.toString();
}

double requireNumber(const QJsonValue &v, const QString &path)
{
    if (!v.isDouble())
        refuseType(path, v, QStringLiteral("a number"));
    const double d = v.toDouble();
    if (!std::isfinite(d))
        refuseStructure(path, QStringLiteral("expected a finite number, got %1").arg(num(d)));
    return d;
}

double requirePositive(const QJsonValue &v, const QString &path)
{
    if (!v.isDouble())
        refuseType(path, v, QStringLiteral("a positive number"));
    const double d = v.toDouble();
    if (!(d > 0) || !std::isfinite(d))
        refuseStructure(path, QStringLiteral("expected a positive number, got %1").arg(num(d)));
    return d;
}

/// −0 → +0 (scenario-format.md, "Writing"); every other double unchanged.
double plusZero(double v)
{
    return v == 0 ? 0.0 : v;
}

qint64 codePointCount(const QString &s)
{
    qint64 n = 0;
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (s.at(i).isHighSurrogate() && i + 1 < s.size() && s.at(i + 1).isLowSurrogate())
            ++i;
        ++n;
    }
    return n;
}

void checkLabel(const QString &label, const QString &path)
{
    const qint64 n = codePointCount(label);
    if (n > kMaxLabelCodePoints)
        refuseStructure(path, QStringLiteral("%1 characters, more than the limit of %2")
                                  .arg(n)
                                  .arg(kMaxLabelCodePoints));
}

/// Everything of `object` except the listed (known) fields.
QJsonObject unknownFields(QJsonObject object, std::initializer_list<const char *> known)
{
    for (const char *k : known)
        object.remove(QLatin1String(k));
    return object;
}

/// Length of the non-empty numeric array at `v` (for d_k and d_v), refusing anything else.
qint64 dimensionOf(const QJsonValue &v, const QString &path, const char *symbol)
{
    const QJsonArray a = requireArray(v, path);
    if (a.isEmpty())
        refuseStructure(path, QStringLiteral("expected at least one number (%1 ≥ 1), got 0")
                                  .arg(QLatin1String(symbol)));
    return a.size();
}

QJsonArray numbers(const Eigen::Ref<const Eigen::RowVectorXd> &row)
{
    QJsonArray a;
    for (Eigen::Index j = 0; j < row.size(); ++j)
        a.append(plusZero(row(j)));
    return a;
}

Eigen::MatrixXd readVarianceRows(const QJsonValue &v, const QString &path, qint64 m, qint64 T)
{
    const QJsonArray rows = requireArray(v, path);
    if (rows.size() != m)
        refuseStructure(path, QStringLiteral("expected %1 (one per query), got %2")
                                  .arg(count(m, "row", "rows"))
                                  .arg(rows.size()));
    Eigen::MatrixXd variances(m, T);
    for (qint64 i = 0; i < m; ++i) {
        const QString rowPath = QStringLiteral("%1[%2]").arg(path).arg(i);
        const QJsonArray row = requireArray(rows.at(i), rowPath);
        if (row.size() != T)
            refuseStructure(rowPath, QStringLiteral("expected %1 (one per key), got %2")
                                         .arg(count(T, "number", "numbers"))
                                         .arg(row.size()));
        for (qint64 t = 0; t < T; ++t) {
            const QJsonValue e = row.at(t);
            const double d = e.toDouble();
            if (!e.isDouble() || !(d > 0) || !std::isfinite(d))
                requirePositive(e, QStringLiteral("%1[%2]").arg(rowPath).arg(t)); // refuses
            variances(i, t) = d;
        }
    }
    return variances;
}

std::optional<std::vector<std::optional<double>>> readTargets(const QJsonValue &targets,
                                                              const QString &path, qint64 m)
{
    if (targets.isNull())
        return std::nullopt;
    if (!targets.isArray())
        refuseType(path, targets, QStringLiteral("null or an array"));
    const QJsonArray a = targets.toArray();
    if (a.size() != m)
        refuseStructure(path, QStringLiteral("expected %1 (one per query), got %2")
                                  .arg(count(m, "entry", "entries"))
                                  .arg(a.size()));
    std::vector<std::optional<double>> values;
    values.reserve(size_t(m));
    for (qint64 i = 0; i < m; ++i) {
        const QJsonValue e = a.at(i);
        const QString entryPath = QStringLiteral("%1[%2]").arg(path).arg(i);
        if (e.isNull())
            values.emplace_back(std::nullopt);
        else if (e.isDouble())
            values.emplace_back(plusZero(requireNumber(e, entryPath)));
        else
            refuseType(entryPath, e, QStringLiteral("a number or null"));
    }
    return values;
}

void checkVarianceMatrix(const Eigen::MatrixXd &variances, const QString &path, qint64 m, qint64 T)
{
    if (variances.rows() != m)
        refuseStructure(path, QStringLiteral("expected %1 (one per query), got %2")
                                  .arg(count(m, "row", "rows"))
                                  .arg(variances.rows()));
    if (variances.cols() != T)
        refuseStructure(path + QStringLiteral("[0]"),
                        QStringLiteral("expected %1 (one per key), got %2")
                            .arg(count(T, "number", "numbers"))
                            .arg(variances.cols()));
    // Vectorized test first (m×T can be 16 M entries); the loop names the first offender.
    const bool allPositiveFinite = variances.allFinite() && (variances.array() > 0).all();
    for (qint64 i = 0; i < m && !allPositiveFinite; ++i)
        for (qint64 t = 0; t < T; ++t) {
            const double v = variances(i, t);
            if (!(v > 0 && std::isfinite(v)))
                refuseStructure(QStringLiteral("%1[%2][%3]").arg(path).arg(i).arg(t),
                                QStringLiteral("expected a positive number, got %1").arg(num(v)));
        }
}

void checkTargets(const std::vector<std::optional<double>> &targets, const QString &path, qint64 m)
{
    if (qint64(targets.size()) != m)
        refuseStructure(path, QStringLiteral("expected %1 (one per query), got %2")
                                  .arg(count(m, "entry", "entries"))
                                  .arg(targets.size()));
    for (qint64 i = 0; i < m; ++i) {
        const auto &target = targets[size_t(i)];
        if (target && !std::isfinite(*target))
            refuseStructure(
                QStringLiteral("%1[%2]").arg(path).arg(i),
                QStringLiteral("expected a finite number or null, got %1").arg(num(*target)));
    }
}

} // namespace sml::detail
