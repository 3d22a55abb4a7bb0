#include "Lesson.h"

#include "LessonIo.h"
#include "Refusal.h"
#include "Scenario.h"
#include "ScenarioIo.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace sml {

const QStringList &lessonViewNames()
{
    static const QStringList names = {
        QStringLiteral("attention-heatmap"), QStringLiteral("weight-bars"),
        QStringLiteral("entropy"),           QStringLiteral("key-space"),
        QStringLiteral("value-space"),       QStringLiteral("mle-optimizer"),
        QStringLiteral("maxent-entropy"),    QStringLiteral("maxent-constraint"),
        QStringLiteral("maxent-optimizer"),  QStringLiteral("temperature-sweep"),
        QStringLiteral("derivation"),        QStringLiteral("alpha-sweep")};
    return names;
}

const QStringList &lessonSettingNames()
{
    static const QStringList names = {QStringLiteral("temperature"), QStringLiteral("mask"),
                                      QStringLiteral("variance"), QStringLiteral("maxent"),
                                      QStringLiteral("attention")};
    return names;
}

namespace {

/// JSON objects compared by content (as Scenario's unknown fields are: QJsonObject's == in
/// Qt 6.4 compares the stored encoding of strings).
bool sameJson(const QJsonObject &a, const QJsonObject &b)
{
    return a == b || QJsonDocument(a).toJson(QJsonDocument::Compact) ==
                         QJsonDocument(b).toJson(QJsonDocument::Compact);
}

} // namespace

bool LessonStep::operator==(const LessonStep &o) const
{
    return title == o.title && caption == o.caption && view == o.view && query == o.query &&
           head == o.head && set.has_value() == o.set.has_value() &&
           (!set || sameJson(*set, *o.set)) && sameJson(extra, o.extra);
}

bool Lesson::operator==(const Lesson &o) const
{
    return steps == o.steps && sameJson(extra, o.extra);
}

Scenario applyStep(const Scenario &base, int step)
{
    if (!base.lesson || step < 0 || step >= int(base.lesson->steps.size()))
        return base;
    const LessonStep &s = base.lesson->steps[size_t(step)];
    if (!s.set)
        return base;
    Scenario out = base;
    try {
        for (auto it = s.set->constBegin(); it != s.set->constEnd(); ++it)
            detail::readSetting(it.key(), it.value(), base.m(), base.T(), out);
    } catch (const detail::Refusal &) {
        return base; // the precondition was broken: the step does not fit the base
    }
    return out;
}

QJsonObject lessonSettingsJson(const Scenario &s)
{
    return ScenarioIo::settingsJson(s);
}

std::optional<QJsonObject> settingOverrides(const QJsonObject &a, const Scenario &shown)
{
    const QJsonObject b = lessonSettingsJson(shown);
    QJsonObject set;
    for (const QString &name : lessonSettingNames())
        if (a.value(name) != b.value(name))
            set.insert(name, b.value(name));
    if (set.isEmpty())
        return std::nullopt;
    return set;
}

namespace {

/// `array` with `value` inserted at `at` (appended past the end).
void insertAt(QJsonArray &array, qsizetype at, const QJsonValue &value)
{
    array.insert(std::clamp<qsizetype>(at, 0, array.size()), value);
}

void removeAt(QJsonArray &array, qsizetype at)
{
    if (at >= 0 && at < array.size())
        array.removeAt(at);
}

/// The free `variances` of a step's `set.variance` after `change`.
void adaptVariances(QJsonObject &set, RowChange change, int at, int T)
{
    QJsonObject variance = set.value(QLatin1String("variance")).toObject();
    if (variance.value(QLatin1String("mode")).toString() != QLatin1String("free"))
        return;
    QJsonArray rows = variance.value(QLatin1String("variances")).toArray();
    switch (change) {
    case RowChange::QueryInserted: {
        QJsonArray ones;
        for (int t = 0; t < T; ++t)
            ones.append(1.0);
        insertAt(rows, at, ones);
        break;
    }
    case RowChange::QueryRemoved:
        removeAt(rows, at);
        break;
    case RowChange::KeyInserted:
    case RowChange::KeyRemoved:
        for (qsizetype i = 0; i < rows.size(); ++i) {
            QJsonArray row = rows.at(i).toArray();
            if (change == RowChange::KeyInserted)
                insertAt(row, at, 1.0);
            else
                removeAt(row, at);
            rows.replace(i, row);
        }
        break;
    }
    variance.insert(QLatin1String("variances"), rows);
    set.insert(QLatin1String("variance"), variance);
}

/// The `targets` of a step's `set.maxent` after a query was inserted or removed.
void adaptTargets(QJsonObject &set, RowChange change, int at)
{
    QJsonObject maxent = set.value(QLatin1String("maxent")).toObject();
    if (!maxent.value(QLatin1String("targets")).isArray())
        return;
    QJsonArray targets = maxent.value(QLatin1String("targets")).toArray();
    if (change == RowChange::QueryInserted)
        insertAt(targets, at, QJsonValue(QJsonValue::Null));
    else if (change == RowChange::QueryRemoved)
        removeAt(targets, at);
    else
        return;
    maxent.insert(QLatin1String("targets"), targets);
    set.insert(QLatin1String("maxent"), maxent);
}

} // namespace

void adaptLesson(Scenario &scenario, RowChange change, int at)
{
    if (!scenario.lesson)
        return;
    const int m = scenario.m();
    for (LessonStep &step : scenario.lesson->steps) {
        if (step.set) {
            adaptVariances(*step.set, change, at, scenario.T());
            adaptTargets(*step.set, change, at);
        }
        if (step.query) {
            int &q = *step.query;
            if (change == RowChange::QueryInserted && q >= at)
                ++q;
            else if (change == RowChange::QueryRemoved && q > at)
                --q;
            q = std::clamp(q, 0, std::max(0, m - 1));
        }
    }
}

} // namespace sml
