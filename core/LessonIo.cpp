#include "LessonIo.h"

#include "Attention.h"
#include "Refusal.h"
#include "Scenario.h"
#include "ScenarioFields.h"
#include "TextInput.h"

#include <QJsonArray>

#include <cmath>
#include <map>

namespace sml {

namespace detail {

namespace {

void checkStepCount(qint64 n)
{
    if (n < 1 || n > kMaxLessonSteps)
        refuseStructure(
            QStringLiteral("lesson.steps"),
            QStringLiteral("expected 1 to %1 steps, got %2").arg(kMaxLessonSteps).arg(n));
}

/// An optional 0-based index (`query`, `head`): an integer ≥ 0.
std::optional<int> readIndex(const QJsonObject &step, const char *name, const QString &path)
{
    const QJsonValue v = step.value(QLatin1String(name));
    if (v.isUndefined())
        return std::nullopt;
    const double d = v.toDouble(-1);
    if (!v.isDouble() || !(d >= 0) || d != std::floor(d) || d > 1e9)
        refuseType(path, v, QStringLiteral("a 0-based index (an integer ≥ 0)"));
    return int(d);
}

/// `v` with every −0 replaced by +0 (scenario-format.md, "Writing"), recursively.
QJsonValue plusZeros(const QJsonValue &v)
{
    if (v.isDouble() && v.toDouble() == 0)
        return 0.0;
    if (v.isArray()) {
        QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            a.replace(i, plusZeros(a.at(i)));
        return a;
    }
    if (v.isObject()) {
        QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            *it = plusZeros(it.value());
        return o;
    }
    return v;
}

LessonStep readStep(const QJsonValue &v, const QString &path)
{
    const QJsonObject o = requireObject(v, path);
    LessonStep step;
    step.title = requireString(o.value(QLatin1String("title")), path + QStringLiteral(".title"));
    const QJsonValue caption = o.value(QLatin1String("caption"));
    if (!caption.isUndefined())
        step.caption = requireString(caption, path + QStringLiteral(".caption"));
    step.view = requireString(o.value(QLatin1String("view")), path + QStringLiteral(".view"));
    step.query = readIndex(o, "query", path + QStringLiteral(".query"));
    step.head = readIndex(o, "head", path + QStringLiteral(".head"));
    const QJsonValue set = o.value(QLatin1String("set"));
    if (!set.isUndefined())
        step.set = plusZeros(requireObject(set, path + QStringLiteral(".set"))).toObject();
    step.extra = unknownFields(o, {"title", "caption", "view", "query", "head", "set"});
    return step;
}

/// The τ a step's `set.temperature` gives (`temperature` as read by readSetting), or the base τ.
double stepTau(const Scenario &base, const Scenario &settings, bool setsTemperature)
{
    if (!setsTemperature)
        return base.tau();
    return settings.temperatureMode == TemperatureMode::Fixed ? settings.fixedTau
                                                              : std::sqrt(double(base.dK()));
}

} // namespace

Lesson readLesson(const QJsonValue &v)
{
    const QJsonObject o = requireObject(v, QStringLiteral("lesson"));
    const QJsonArray steps =
        requireArray(o.value(QLatin1String("steps")), QStringLiteral("lesson.steps"));
    checkStepCount(steps.size()); // before reading any step
    Lesson lesson;
    lesson.steps.reserve(size_t(steps.size()));
    for (qsizetype k = 0; k < steps.size(); ++k)
        lesson.steps.push_back(readStep(steps.at(k), QStringLiteral("lesson.steps[%1]").arg(k)));
    lesson.extra = unknownFields(o, {"steps"});
    return lesson;
}

void validateLesson(const Scenario &s)
{
    const Lesson &lesson = *s.lesson;
    checkStepCount(qint64(lesson.steps.size()));
    // A model scenario (MATH.md §8) has no queries of its own: each token is a query and a key,
    // and it has H heads and the model views (scenario-format.md, "View names").
    const int m = s.model ? s.model->T() : s.m();
    const int T = s.model ? s.model->T() : s.T();
    const int heads = s.model ? s.model->H() : 1;
    QStringList views = lessonViewNames();
    if (s.model)
        views << QStringLiteral("projections") << QStringLiteral("heads");
    std::map<double, bool> checkedTaus; // τ → checked; the base τ passed validate()
    checkedTaus[s.tau()] = true;
    for (size_t k = 0; k < lesson.steps.size(); ++k) {
        const LessonStep &step = lesson.steps[k];
        const QString path = QStringLiteral("lesson.steps[%1]").arg(k);
        checkTextLength(step.title, path + QStringLiteral(".title"));
        if (!views.contains(step.view))
            refuseStructure(
                path + QStringLiteral(".view"),
                QStringLiteral("expected a view name (%1), got \"%2\"")
                    .arg(views.join(QStringLiteral(", ")), escapedForMessage(step.view, 100)));
        if (step.queryIndex() < 0 || step.queryIndex() >= m)
            refuseStructure(path + QStringLiteral(".query"),
                            QStringLiteral("expected a query index from 0 to %1 (m = %2), got %3")
                                .arg(m - 1)
                                .arg(m)
                                .arg(step.queryIndex()));
        if (step.headIndex() < 0 || step.headIndex() >= heads)
            refuseStructure(path + QStringLiteral(".head"),
                            QStringLiteral("expected a head index from 0 to %1 (H = %2), got %3")
                                .arg(heads - 1)
                                .arg(heads)
                                .arg(step.headIndex()));
        if (!step.set)
            continue;
        const QString setPath = path + QStringLiteral(".set");
        Scenario settings; // receives the step's settings only; no vectors are copied
        for (auto it = step.set->constBegin(); it != step.set->constEnd(); ++it) {
            if (!lessonSettingNames().contains(it.key()))
                refuseStructure(setPath + QLatin1Char('.') + escapedForMessage(it.key(), 100),
                                QStringLiteral("a step may set only temperature, mask, variance, "
                                               "maxent and attention"));
            try {
                readSetting(it.key(), it.value(), m, T, settings);
            } catch (Refusal &r) {
                r.error.message = setPath + QLatin1Char('.') + r.error.message;
                throw;
            }
        }
        // A smaller τ than any checked may make a score f/τ overflow (MATH.md §2, "Numerics").
        const double tau = stepTau(s, settings, step.set->contains(QLatin1String("temperature")));
        if (checkedTaus.count(tau))
            continue;
        checkedTaus[tau] = true;
        if (const auto overflow = checkSimilarities(s.queries, s.keys, tau))
            refuse(ErrorCategory::Overflow,
                   QStringLiteral("%1.temperature: %2").arg(setPath, overflow->message));
    }
}

} // namespace detail

QJsonObject lessonJson(const Lesson &lesson)
{
    QJsonObject out = lesson.extra;
    QJsonArray steps;
    for (const LessonStep &step : lesson.steps) {
        QJsonObject o = step.extra;
        o.insert(QLatin1String("title"), step.title);
        if (step.caption)
            o.insert(QLatin1String("caption"), *step.caption);
        o.insert(QLatin1String("view"), step.view);
        if (step.query)
            o.insert(QLatin1String("query"), *step.query);
        if (step.head)
            o.insert(QLatin1String("head"), *step.head);
        if (step.set)
            o.insert(QLatin1String("set"), *step.set);
        steps.append(o);
    }
    out.insert(QLatin1String("steps"), steps);
    return out;
}

} // namespace sml
