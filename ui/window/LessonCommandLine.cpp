#include "window/LessonCommandLine.h"

#include "Lesson.h"

namespace sml::cli {

std::optional<int> parseStepNumber(const QString &text)
{
    bool ok = false;
    const int n = text.trimmed().toInt(&ok);
    if (!ok)
        return std::nullopt;
    return n;
}

std::optional<QString> applyStepOption(Scenario &scenario, int step)
{
    if (!scenario.lesson)
        return QStringLiteral("--step %1: the scenario has no lesson (its steps are in the "
                              "version-2 \"lesson\" section)")
            .arg(step);
    const int n = int(scenario.lesson->steps.size());
    if (step < 1 || step > n)
        return QStringLiteral("--step %1: out of range; the lesson has %2 (1 to %3)")
            .arg(step)
            .arg(n == 1 ? QStringLiteral("1 step") : QStringLiteral("%1 steps").arg(n))
            .arg(n);
    scenario = applyStep(scenario, step - 1);
    return std::nullopt;
}

} // namespace sml::cli
