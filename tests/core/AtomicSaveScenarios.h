// Shared by tests/core/tst_atomicsave.cpp and its helper tests/core/savechild.cpp: the two
// large scenarios that the child saves over each other, built the same way in both processes so
// that the test can tell which one a file holds, bit for bit.
#pragma once

#include "Scenario.h"

#include <QString>

#include <cstdint>

namespace sml::atomicsave {

/// About 3.5 MB of JSON: m = 64 queries and T = 2000 keys with d_k = 32 and d_v = 8, every number
/// with 17 significant digits, so that a save takes long enough to be interrupted mid-write.
/// `which` ('A' or 'B') picks the title and the numbers.
inline Scenario build(char which)
{
    const int m = 64, T = 2000, dK = 32, dV = 8;
    std::uint64_t x = which == 'A' ? 0x9E3779B97F4A7C15ULL : 0xD1B54A32D192ED03ULL;
    const auto next = [&x] {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        return double(x >> 11) / double(1ULL << 53) * 2 - 1; // [-1, 1)
    };
    Scenario s;
    s.title = QStringLiteral("Atomic save %1").arg(QLatin1Char(which));
    s.description = QStringLiteral("Written again and again by savechild; killed mid-save.");
    s.queries.resize(m, dK);
    s.keys.resize(T, dK);
    s.values.resize(T, dV);
    for (Eigen::Index i = 0; i < s.queries.size(); ++i)
        s.queries.data()[i] = next();
    for (Eigen::Index i = 0; i < s.keys.size(); ++i)
        s.keys.data()[i] = next();
    for (Eigen::Index i = 0; i < s.values.size(); ++i)
        s.values.data()[i] = next();
    for (int i = 0; i < m; ++i)
        s.queryLabels << QStringLiteral("q%1").arg(i);
    for (int t = 0; t < T; ++t)
        s.keyLabels << QStringLiteral("k%1").arg(t);
    s.mask = which == 'A' ? MaskKind::None : MaskKind::Causal;
    s.normalizeSideArrays();
    return s;
}

} // namespace sml::atomicsave
