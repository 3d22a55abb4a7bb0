#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <initializer_list>

namespace sml::detail {

// The typed readers of the scenario loader (ScenarioIo, LessonIo): each returns the value of the
// wanted JSON type or throws a Refusal (Refusal.h) of category Structure whose message starts
// with the field's JSON path, as scenario-format.md ("Errors") asks, e.g.
// "keys[2].label: expected a string, got the number 3".

/// Throws Refusal{Structure, "<path>: <what>"}.
[[noreturn]] void refuseStructure(const QString &path, const QString &what);
/// "<path>: expected <expected>, got <what v is>", or "<path>: missing (expected …)".
[[noreturn]] void refuseType(const QString &path, const QJsonValue &v, const QString &expected);

QJsonObject requireObject(const QJsonValue &v, const QString &path);
QJsonArray requireArray(const QJsonValue &v, const QString &path);
QString requireString(const QJsonValue &v, const QString &path);
/// A finite number.
double requireNumber(const QJsonValue &v, const QString &path);
/// A finite number > 0.
double requirePositive(const QJsonValue &v, const QString &path);

/// Shortest round-trip form of a double, for messages.
QString num(double v);
/// "1 number", "3 numbers".
QString count(qint64 n, const char *singular, const char *plural);
/// What a JSON value is, for messages: "null", "a string", "the number 3", …
QString describe(const QJsonValue &v);

/// Everything of `object` except the listed (known) fields: the unknown fields kept on save.
QJsonObject unknownFields(QJsonObject object, std::initializer_list<const char *> known);

} // namespace sml::detail
