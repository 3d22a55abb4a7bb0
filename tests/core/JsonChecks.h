// Checks of JSON values shared by tests/core (tst_badinputs, tst_extremes) and the fuzz
// invariants (tests/fuzz/FuzzChecks.h). Qt Core only: the libFuzzer build of tests/fuzz/run.sh
// has no Qt Test.
#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

#include <cmath>

namespace sml::test {

/// True when no double anywhere in `v` (recursively through arrays and objects) is NaN or ±inf.
inline bool allFinite(const QJsonValue &v)
{
    if (v.isDouble())
        return std::isfinite(v.toDouble());
    if (v.isArray()) {
        for (const QJsonValue &e : v.toArray())
            if (!allFinite(e))
                return false;
    } else if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            if (!allFinite(it.value()))
                return false;
    }
    return true;
}

} // namespace sml::test
