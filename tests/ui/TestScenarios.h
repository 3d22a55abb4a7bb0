// Scenarios that several tests/ui tests start from, built in code so that each test shows what it
// relies on.
#pragma once

#include "Scenario.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sml::test {

/// The shipped two-heads scenario (MATH.md §8 D) with the lesson whose steps are `stepsJson` (a
/// JSON array), as file text; empty when the shipped file cannot be read.
inline QByteArray twoHeadsWithLesson(const char *stepsJson)
{
    QFile file(QStringLiteral(SML_SOURCE_DIR "/resources/scenarios/two-heads.softmaxlab.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QJsonObject top = QJsonDocument::fromJson(file.readAll()).object();
    top.insert(QLatin1String("lesson"),
               QJsonObject{{QLatin1String("steps"), QJsonDocument::fromJson(stepsJson).array()}});
    return QJsonDocument(top).toJson();
}

/// Three queries a, b, c and four keys k1…k4, d_k = d_v = 2, titled `title`; the rest is
/// defaultScenario()'s. Side arrays are not normalized: the caller changes what it needs, then
/// calls normalizeSideArrays().
inline Scenario threeQueriesFourKeys(const QString &title)
{
    Scenario s = defaultScenario();
    s.title = title;
    s.queryLabels = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    s.queries.resize(3, 2);
    s.queries << 1.0, 0.5, 0.5, -1.0, -0.3, 0.8;
    s.keyLabels = {QStringLiteral("k1"), QStringLiteral("k2"), QStringLiteral("k3"),
                   QStringLiteral("k4")};
    s.keys.resize(4, 2);
    s.keys << 1.0, 0.0, 0.0, 1.0, -1.0, 0.0, 0.5, 0.5;
    s.values.resize(4, 2);
    s.values << 1.0, 0.0, 0.0, 1.0, -1.0, -1.0, 0.25, 0.75;
    return s;
}

/// The default figure with three queries a, "b, c" (a label CSV must quote) and d under a causal
/// mask: query 1 sees k1, query 2 sees k1 and k2, query 3 all three keys.
inline Scenario causalThreeQueries()
{
    Scenario s = defaultScenario();
    s.queryLabels = {QStringLiteral("a"), QStringLiteral("b, c"), QStringLiteral("d")};
    s.queries.resize(3, 2);
    s.queries << 1.0, 0.5, 0.5, -1.0, -0.3, 0.8;
    s.mask = MaskKind::Causal;
    s.normalizeSideArrays();
    return s;
}

/// The default figure (MATH.md §6 B) with free variances σ² = (9, 16, 25): every σ circle of the
/// likelihood landscape is larger than the plot, so a picture without clipping spills them over
/// the title, the margins and the colour bar (issue 14 #5).
inline Scenario bigCircles()
{
    Scenario s = defaultScenario();
    s.title = QStringLiteral("Circles larger than the plot");
    s.varianceMode = VarianceMode::Free;
    s.freeVariances.resize(1, 3);
    s.freeVariances << 9.0, 16.0, 25.0;
    s.normalizeSideArrays();
    return s;
}

} // namespace sml::test
