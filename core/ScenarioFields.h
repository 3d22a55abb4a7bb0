#pragma once

#include "Refusal.h"

#include <Eigen/Core>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <cmath>
#include <initializer_list>
#include <optional>
#include <vector>

namespace sml::detail {

// The small JSON readers and checks shared by the loaders of the scenario sections
// (ScenarioIo.cpp for version 1 and `attention`, ModelIo.cpp for `model`). Each refuses by
// throwing a Refusal (Refusal.h) with the JSON path of the offending field
// (scenario-format.md, "Errors").

/// A label is at most this many Unicode code points (scenario-format.md, version 1).
constexpr int kMaxLabelCodePoints = 200;

/// Refuses (Structure) with "PATH: WHAT".
[[noreturn]] void refuseStructure(const QString &path, const QString &what);
/// Shortest round-trip form of a double, for messages.
QString num(double v);
/// "1 number", "3 numbers".
QString count(qint64 n, const char *singular, const char *plural);
/// "null", "a boolean", "the number 3", "a string", …
QString describe(const QJsonValue &v);
/// "PATH: expected X, got Y", or "PATH: missing (expected X)" when the field is absent.
[[noreturn]] void refuseType(const QString &path, const QJsonValue &v, const QString &expected);
QJsonObject requireObject(const QJsonValue &v, const QString &path);
QJsonArray requireArray(const QJsonValue &v, const QString &path);
QString requireString(const QJsonValue &v, const QString &path);
/// A finite number.
double requireNumber(const QJsonValue &v, const QString &path);
/// A finite number > 0.
double requirePositive(const QJsonValue &v, const QString &path);
/// −0 → +0 (scenario-format.md, "Writing"); every other double unchanged.
double plusZero(double v);
/// The number of Unicode code points of `s` (a surrogate pair counts once).
qint64 codePointCount(const QString &s);
/// Refuses a label of more than kMaxLabelCodePoints code points, naming PATH.
void checkLabel(const QString &label, const QString &path);
/// Everything of `object` except the listed (known) fields.
QJsonObject unknownFields(QJsonObject object, std::initializer_list<const char *> known);
/// Length of the non-empty numeric array at `v` (for d_k and d_v), refusing anything else.
qint64 dimensionOf(const QJsonValue &v, const QString &path, const char *symbol);
/// The free variances at PATH: m rows of T positive numbers (scenario-format.md, `variance`).
Eigen::MatrixXd readVarianceRows(const QJsonValue &v, const QString &path, qint64 m, qint64 T);
/// MaxEnt targets at PATH: null (nullopt) or m entries, each a finite number or null.
std::optional<std::vector<std::optional<double>>> readTargets(const QJsonValue &v,
                                                              const QString &path, qint64 m);
/// Refuses free variances (in memory) that are not m×T positive finite numbers, naming
/// PATH[i][t].
void checkVarianceMatrix(const Eigen::MatrixXd &variances, const QString &path, qint64 m, qint64 T);
/// Refuses targets (in memory) that are not m entries, each finite or null, naming PATH[i].
void checkTargets(const std::vector<std::optional<double>> &targets, const QString &path, qint64 m);
/// A row of numbers as a JSON array (−0 written as 0).
QJsonArray numbers(const Eigen::Ref<const Eigen::RowVectorXd> &row);

/// Reads a JSON array of exactly `expected` finite numbers into `row` (an Eigen row or vector).
template <typename Row>
void readNumbers(const QJsonValue &v, const QString &path, qint64 expected, const QString &why,
                 Row &&row)
{
    const QJsonArray a = requireArray(v, path);
    if (a.size() != expected)
        refuseStructure(path, QStringLiteral("expected %1 (%2), got %3")
                                  .arg(count(expected, "number", "numbers"), why)
                                  .arg(a.size()));
    // The element's path is formatted only on error: this loop runs up to 5·10⁷ times.
    for (qsizetype j = 0; j < a.size(); ++j) {
        const QJsonValue e = a.at(j);
        const double d = e.toDouble();
        if (!e.isDouble() || !std::isfinite(d))
            requireNumber(e, QStringLiteral("%1[%2]").arg(path).arg(j)); // throws
        row(Eigen::Index(j)) = plusZero(d);
    }
}

} // namespace sml::detail
