// Scenarios that several tests/ui tests start from, built in code so that each test shows what it
// relies on.
#pragma once

#include "Scenario.h"

namespace sml::test {

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

} // namespace sml::test
