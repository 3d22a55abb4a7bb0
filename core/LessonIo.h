#pragma once

#include "Lesson.h"

#include <QJsonObject>
#include <QJsonValue>

namespace sml {

/// The JSON of a `lesson` section, for ScenarioIo::serialize (members as LessonStep keeps them;
/// unknown fields written back).
QJsonObject lessonJson(const Lesson &lesson);

namespace detail {

/// Reads a version-2 `lesson` section (scenario-format.md, `lesson`): the JSON types of every
/// member. The rules that need the scenario (counts, view names, index ranges, the `set`
/// values) are validateLesson's. Throws Refusal (Structure) naming the path, e.g.
/// `lesson.steps[3].title: missing (expected a string)`; more than 200 steps are refused before
/// any step is read.
Lesson readLesson(const QJsonValue &v);

/// Checks `s.lesson` (present) against `s`, which passed every other rule: 1 ≤ n ≤ 200 steps,
/// titles of at most 200 code points, known view names, `query` < m and `head` < H, only the
/// five `set` fields, each value by the rules of its top-level field (messages prefixed with
/// the step's path: `lesson.steps[3].set.temperature.tau: expected a positive number, got 0`),
/// and no score q·k/τ that overflows at a step's τ (Overflow). Throws Refusal.
void validateLesson(const Scenario &s);

/// Reads the setting `name` (one of lessonSettingNames()) from `v` into `s` by the rules of the
/// top-level field, for a scenario of m queries and T keys; throws a Refusal whose message starts
/// with the top-level path ("temperature.tau: …"). Defined in ScenarioIo.cpp, where the
/// top-level readers are.
void readSetting(const QString &name, const QJsonValue &v, qint64 m, qint64 T, Scenario &s);

/// Refuses `text` longer than 200 code points (the label rule), naming `path`. ScenarioIo.cpp.
void checkTextLength(const QString &text, const QString &path);

} // namespace detail

} // namespace sml
