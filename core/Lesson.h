#pragma once

#include "UnknownFields.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace sml {

struct Scenario;

/// At most this many steps in `lesson.steps` (scenario-format.md, `lesson`).
inline constexpr int kMaxLessonSteps = 200;

/// The view names a step may show, in the order of scenario-format.md ("View names"); the same
/// names are the file names of `--export`. The model views `projections` and `heads` are not in
/// this list: a step may show them only in a scenario with a `model` section (validateLesson).
const QStringList &lessonViewNames();

/// The top-level fields a step's `set` may replace: temperature, mask, variance, maxent and
/// attention (scenario-format.md, `lesson`).
const QStringList &lessonSettingNames();

/// One step of a lesson (scenario-format.md, `lesson`): what is shown (a view, a query, a head)
/// with which settings. `set` holds the JSON of the overridden top-level fields exactly as they
/// are written in the file (only the names of lessonSettingNames(); each value follows the rules
/// of the top-level field of that name, checked by validateScenario). Keeping the JSON keeps the
/// unknown fields inside a set value and follows whatever the top-level parsers accept.
struct LessonStep
{
    QString title;                  ///< required, at most 200 code points
    std::optional<QString> caption; ///< plain text
    QString view;                   ///< one of lessonViewNames()
    std::optional<int> query;       ///< 0-based, absent = 0; kept absent on save
    std::optional<int> head;        ///< 0-based, absent = 0
    std::optional<QJsonObject> set; ///< the overrides, absent = none
    UnknownFields extra;            ///< unknown members of the step, written back

    int queryIndex() const { return query.value_or(0); }
    int headIndex() const { return head.value_or(0); }
    bool operator==(const LessonStep &other) const;
};

/// The version-2 `lesson` section: 1 ≤ steps ≤ 200.
struct Lesson
{
    std::vector<LessonStep> steps;
    UnknownFields extra; ///< unknown members of `lesson`, written back

    bool operator==(const Lesson &other) const;
};

/// Step `step` (0-based) of `base.lesson`: `base` with the step's `set` fields in place of its own
/// (each step is applied to the base, never to the previous step, so any step stands on its own;
/// scenario-format.md, `lesson`). The result keeps the lesson. Precondition:
/// validateScenario(base) passed and 0 ≤ step < the number of steps; a `set` that does not fit
/// `base` (the precondition broken) gives `base` unchanged.
Scenario applyStep(const Scenario &base, int step);

/// The five settings of `s` (lessonSettingNames()) as the file writes them: an object with
/// `temperature`, `mask`, `variance`, `maxent` and `attention` (that one {"normalizer":
/// "softmax"} where the file would leave it out). Precondition: validateScenario(s) passed.
QJsonObject lessonSettingsJson(const Scenario &s);

/// The `set` of a step that shows `shown`'s five settings on a base whose lessonSettingsJson()
/// is `baseSettings`: each setting of `shown` whose JSON differs from the base's; nullopt when
/// none differs. So applyStep() of a step with this `set` on that base has `shown`'s settings:
/// "Add step from what I see", and a setting changed while a step is shown (scenario-format.md,
/// `lesson`). Precondition: `shown` passed validateScenario() and has the base's m and T.
std::optional<QJsonObject> settingOverrides(const QJsonObject &baseSettings, const Scenario &shown);

/// A change of shape of a scenario (a query or key added or removed), for adaptLesson().
enum class RowChange
{
    QueryInserted, ///< a query was inserted at index `at`
    QueryRemoved,  ///< the query at index `at` was removed
    KeyInserted,   ///< a key was inserted at index `at`
    KeyRemoved     ///< the key at index `at` was removed
};

/// Updates every step of `scenario.lesson` after `change` was made to the scenario's matrices
/// (scenario-format.md, `lesson`: "An edit that changes the shape … updates every step"), so
/// that the scenario validates again:
/// - a free `set.variance` gains a column of σ² = 1 for a new key (a row of T ones for a new
///   query), or loses the removed key's column (query's row);
/// - `set.maxent.targets` gains a `null` target for a new query, or loses the removed query's;
/// - a step's `query` keeps pointing at the same query when one is inserted or removed before
///   it, and is clamped to 0 … m−1 when its own query is removed.
/// `at` is the index of the change (0 ≤ at ≤ m or T before the change). Nothing happens without
/// a lesson. The undo of an edit restores the previous Lesson (a removed key's σ² are lost
/// here).
void adaptLesson(Scenario &scenario, RowChange change, int at);

} // namespace sml
