#include "Contours.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>
#include <vector>

namespace sml::contours {

namespace {

struct Segment
{
    QPointF a, b;
    // Edge ids of the endpoints, used to join segments that share an edge crossing.
    long long ea, eb;
};

} // namespace

QVector<QPointF> isoLine(const Grid &g, double level)
{
    QVector<QPointF> out;
    if (g.nx < 2 || g.ny < 2 || g.values.size() < qsizetype(g.nx) * g.ny || !std::isfinite(level))
        return out;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    // Edge ids: horizontal edge (ix, iy)→(ix+1, iy) = 2·(iy·nx + ix); vertical (ix, iy)→(ix, iy+1)
    // = 2·(iy·nx + ix) + 1.
    auto hEdge = [&](int ix, int iy) { return 2LL * (qint64(iy) * g.nx + ix); };
    auto vEdge = [&](int ix, int iy) { return 2LL * (qint64(iy) * g.nx + ix) + 1; };
    auto point = [&](int ix0, int iy0, int ix1, int iy1) {
        const double f0 = g.at(ix0, iy0) - level;
        const double f1 = g.at(ix1, iy1) - level;
        double t = (f0 == f1) ? 0.5 : f0 / (f0 - f1);
        t = std::clamp(t, 0.0, 1.0);
        const double x = g.x0 + g.dx * (ix0 + t * (ix1 - ix0));
        const double y = g.y0 + g.dy * (iy0 + t * (iy1 - iy0));
        return QPointF(x, y);
    };

    std::vector<Segment> segments;
    for (int iy = 0; iy + 1 < g.ny; ++iy) {
        for (int ix = 0; ix + 1 < g.nx; ++ix) {
            const double a = g.at(ix, iy), b = g.at(ix + 1, iy), c = g.at(ix + 1, iy + 1),
                         d = g.at(ix, iy + 1);
            if (!std::isfinite(a) || !std::isfinite(b) || !std::isfinite(c) || !std::isfinite(d))
                continue;
            const int code = (a > level ? 1 : 0) | (b > level ? 2 : 0) | (c > level ? 4 : 0) |
                             (d > level ? 8 : 0);
            if (code == 0 || code == 15)
                continue;
            // Edges: bottom (a-b), right (b-c), top (d-c), left (a-d).
            struct E
            {
                QPointF p;
                long long id;
            };
            const auto bottom = [&] { return E{point(ix, iy, ix + 1, iy), hEdge(ix, iy)}; };
            const auto right = [&] {
                return E{point(ix + 1, iy, ix + 1, iy + 1), vEdge(ix + 1, iy)};
            };
            const auto top = [&] {
                return E{point(ix, iy + 1, ix + 1, iy + 1), hEdge(ix, iy + 1)};
            };
            const auto left = [&] { return E{point(ix, iy, ix, iy + 1), vEdge(ix, iy)}; };
            auto add = [&](E p, E q) { segments.push_back({p.p, q.p, p.id, q.id}); };
            const bool centreAbove = (a + b + c + d) / 4 > level;
            switch (code) {
            case 1:
            case 14:
                add(left(), bottom());
                break;
            case 2:
            case 13:
                add(bottom(), right());
                break;
            case 3:
            case 12:
                add(left(), right());
                break;
            case 4:
            case 11:
                add(right(), top());
                break;
            case 6:
            case 9:
                add(bottom(), top());
                break;
            case 7:
            case 8:
                add(left(), top());
                break;
            case 5: // a and c above
                if (centreAbove) {
                    add(left(), top());
                    add(bottom(), right());
                } else {
                    add(left(), bottom());
                    add(right(), top());
                }
                break;
            case 10: // b and d above
                if (centreAbove) {
                    add(left(), bottom());
                    add(right(), top());
                } else {
                    add(left(), top());
                    add(bottom(), right());
                }
                break;
            default:
                break;
            }
        }
    }

    // Join segments into polylines through shared edge crossings.
    std::multimap<long long, size_t> byEdge;
    for (size_t k = 0; k < segments.size(); ++k) {
        byEdge.emplace(segments[k].ea, k);
        byEdge.emplace(segments[k].eb, k);
    }
    std::vector<bool> used(segments.size(), false);
    auto nextFrom = [&](long long edge, size_t current) -> std::pair<size_t, bool> {
        auto [lo, hi] = byEdge.equal_range(edge);
        for (auto it = lo; it != hi; ++it)
            if (it->second != current && !used[it->second])
                return {it->second, true};
        return {0, false};
    };
    for (size_t k = 0; k < segments.size(); ++k) {
        if (used[k])
            continue;
        used[k] = true;
        std::vector<QPointF> forward{segments[k].a, segments[k].b};
        // Extend from b.
        long long edge = segments[k].eb;
        size_t current = k;
        for (;;) {
            auto [n, ok] = nextFrom(edge, current);
            if (!ok)
                break;
            used[n] = true;
            const Segment &s = segments[n];
            if (s.ea == edge) {
                forward.push_back(s.b);
                edge = s.eb;
            } else {
                forward.push_back(s.a);
                edge = s.ea;
            }
            current = n;
        }
        // A closed loop came back to where it started; otherwise extend backwards from a.
        std::vector<QPointF> backward;
        const bool closed = forward.size() > 2 && edge == segments[k].ea;
        if (closed)
            forward.push_back(segments[k].a);
        edge = segments[k].ea;
        current = k;
        while (!closed) {
            auto [n, ok] = nextFrom(edge, current);
            if (!ok)
                break;
            used[n] = true;
            const Segment &s = segments[n];
            if (s.ea == edge) {
                backward.push_back(s.b);
                edge = s.eb;
            } else {
                backward.push_back(s.a);
                edge = s.ea;
            }
            current = n;
        }
        if (!out.isEmpty())
            out.append(QPointF(nan, nan));
        for (auto it = backward.rbegin(); it != backward.rend(); ++it)
            out.append(*it);
        for (const QPointF &p : forward)
            out.append(p);
    }
    return out;
}

double niceStep(double span, int count)
{
    if (!(span > 0) || !std::isfinite(span) || count < 1)
        return 1;
    const double raw = span / count;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double r = raw / magnitude;
    double nice = 10;
    if (r <= 1)
        nice = 1;
    else if (r <= 2)
        nice = 2;
    else if (r <= 5)
        nice = 5;
    const double step = nice * magnitude;
    return std::isfinite(step) && step > 0 ? step : raw;
}

} // namespace sml::contours
