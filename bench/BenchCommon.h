#pragma once
// Shared helpers of the bench/ programs (issue 5): the benchmark scenarios, medians, and JSON
// lines on stdout. Not part of the app; not run as tests.

#include "Scenario.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <functional>
#include <random>
#include <vector>

namespace smlbench {

using Clock = std::chrono::steady_clock;

inline double msSince(Clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

/// Development aid on a busy machine: SML_BENCH_CLOCK=cpu makes repeat() measure the CPU time
/// of the whole process (all threads) instead of wall time. The table always uses wall time.
inline bool useCpuClock()
{
    static const bool cpu = qEnvironmentVariable("SML_BENCH_CLOCK") == QLatin1String("cpu");
    return cpu;
}
inline double nowMs()
{
    if (useCpuClock()) {
        timespec ts{};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
    }
    return std::chrono::duration<double, std::milli>(Clock::now().time_since_epoch()).count();
}

inline double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/// The sizes of issue 5: (T, d_k), with m = T and d_v = d_k.
struct Size
{
    int T;
    int dK;
};
inline std::vector<Size> defaultSizes()
{
    return {{3, 2}, {64, 16}, {512, 64}, {2048, 64}, {4096, 64}};
}

/// Parses "--sizes 3x2,64x16" style lists; returns the defaults when empty.
inline std::vector<Size> parseSizes(const QString &text)
{
    if (text.isEmpty())
        return defaultSizes();
    std::vector<Size> out;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QStringList td = part.split(QLatin1Char('x'));
        if (td.size() == 2)
            out.push_back({td[0].toInt(), td[1].toInt()});
    }
    return out;
}

/// A self-attention scenario: m = T queries, T keys, d_v = d_k, entries N(0, 1) from a fixed
/// seed (so f/τ is about N(0, 1): neither uniform nor one-hot). T = 3, d_k = 2 is the default
/// scenario's size.
inline sml::Scenario benchScenario(int T, int dK, unsigned seed = 5)
{
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    auto fill = [&](Eigen::MatrixXd &mat, int rows, int cols) {
        mat.resize(rows, cols);
        for (int i = 0; i < rows; ++i)
            for (int j = 0; j < cols; ++j)
                mat(i, j) = normal(rng);
    };
    sml::Scenario s;
    s.title = QStringLiteral("bench T=%1 d_k=%2").arg(T).arg(dK);
    fill(s.queries, T, dK);
    fill(s.keys, T, dK);
    fill(s.values, T, dK);
    for (int i = 0; i < T; ++i) {
        s.queryLabels << QStringLiteral("q%1").arg(i + 1);
        s.keyLabels << QStringLiteral("k%1").arg(i + 1);
    }
    s.normalizeSideArrays();
    return s;
}

/// A model scenario of the size issue 19 names (MATH.md §8): T tokens with random embeddings X
/// (T×d_model, N(0, 1)), H heads with W_Q, W_K, W_V of d_model×d_k (d_k = d_model/H, entries
/// N(0, 1/d_model) so that Q, K and V have unit scale) and W_O ((H·d_k)×d_model), causal mask.
inline sml::Scenario benchModelScenario(int H, int dModel, int T, unsigned seed = 7)
{
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    const int dK = std::max(1, dModel / H);
    auto fill = [&](int rows, int cols, double scale) {
        Eigen::MatrixXd mat(rows, cols);
        for (int i = 0; i < rows; ++i)
            for (int j = 0; j < cols; ++j)
                mat(i, j) = scale * normal(rng);
        return mat;
    };
    sml::Model model;
    model.embeddings = fill(T, dModel, 1.0);
    for (int i = 0; i < T; ++i)
        model.tokenLabels << QStringLiteral("t%1").arg(i + 1);
    const double w = 1.0 / std::sqrt(double(dModel));
    for (int h = 0; h < H; ++h) {
        sml::ModelHead head;
        head.label = QStringLiteral("head %1").arg(h + 1);
        head.wQ = fill(dModel, dK, w);
        head.wK = fill(dModel, dK, w);
        head.wV = fill(dModel, dK, w);
        model.heads.push_back(head);
    }
    model.wO = fill(H * dK, dModel, 1.0 / std::sqrt(double(H * dK)));
    sml::Scenario s;
    s.title = QStringLiteral("bench model H=%1 d_model=%2 T=%3").arg(H).arg(dModel).arg(T);
    s.mask = sml::MaskKind::Causal;
    model.normalizeSideArrays(false);
    s.model = std::move(model);
    s.normalizeSideArrays();
    return s;
}

/// Runs `body` until at least minReps runs and minMs milliseconds (at most maxReps runs),
/// after `warmup` unmeasured runs; returns the times in ms.
inline std::vector<double> repeat(const std::function<void()> &body, int minReps = 5,
                                  double minMs = 600, int maxReps = 200, int warmup = 1)
{
    for (int i = 0; i < warmup; ++i)
        body();
    std::vector<double> times;
    const auto start = Clock::now();
    while (int(times.size()) < maxReps && (int(times.size()) < minReps || msSince(start) < minMs)) {
        const double t0 = nowMs();
        body();
        times.push_back(nowMs() - t0);
    }
    return times;
}

/// One JSON object per line on stdout.
inline void emitJson(const QJsonObject &o)
{
    const QByteArray line = QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
    std::fwrite(line.constData(), 1, size_t(line.size()), stdout);
    std::fflush(stdout);
}

/// Peak resident set size of this process so far, in MB (VmHWM), or −1.
inline double peakRssMb()
{
    FILE *f = std::fopen("/proc/self/status", "r");
    if (!f)
        return -1;
    char line[256];
    double kb = -1;
    while (std::fgets(line, sizeof line, f))
        if (std::sscanf(line, "VmHWM: %lf kB", &kb) == 1)
            break;
    std::fclose(f);
    return kb < 0 ? -1 : kb / 1024.0;
}

} // namespace smlbench
