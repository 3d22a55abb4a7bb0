#include "JsonRead.h"

#include "Refusal.h"

#include <QLocale>

#include <cmath>

namespace sml::detail {

void refuseStructure(const QString &path, const QString &what)
{
    refuse(ErrorCategory::Structure, QStringLiteral("%1: %2").arg(path, what));
}

QString num(double v)
{
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

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

void refuseType(const QString &path, const QJsonValue &v, const QString &expected)
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

QJsonObject unknownFields(QJsonObject object, std::initializer_list<const char *> known)
{
    for (const char *k : known)
        object.remove(QLatin1String(k));
    return object;
}

} // namespace sml::detail
