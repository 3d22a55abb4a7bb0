#include "LabelPlacement.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace sml::labelPlacement {

namespace {

constexpr double eps = 1e-9;
/// candidatesAround(): 8 directions on each of 5 rings.
constexpr int candidatesPerRing = 8;
constexpr int rings = 5;
/// The rings on which place() first looks for a position clear of other discs' rows and columns.
constexpr int strictRings = 3;

bool finite(const QRectF &r)
{
    return std::isfinite(r.x()) && std::isfinite(r.y()) && std::isfinite(r.width()) &&
           std::isfinite(r.height()) && r.width() >= 0 && r.height() >= 0;
}

bool finite(const Disc &d)
{
    return std::isfinite(d.centre.x()) && std::isfinite(d.centre.y()) && std::isfinite(d.radius);
}

bool inside(const QRectF &box, const QRectF &plot)
{
    return box.left() >= plot.left() - eps && box.top() >= plot.top() - eps &&
           box.right() <= plot.right() + eps && box.bottom() <= plot.bottom() + eps;
}

} // namespace

double distanceToEdge(const QRectF &box, const Disc &disc)
{
    const double cx = disc.centre.x(), cy = disc.centre.y();
    const double dx = std::max({box.left() - cx, 0.0, cx - box.right()});
    const double dy = std::max({box.top() - cy, 0.0, cy - box.bottom()});
    if (dx > 0 || dy > 0)
        return std::hypot(dx, dy) - disc.radius;
    // The centre is inside the box: the box covers the disc's centre.
    const double depth =
        std::min({cx - box.left(), box.right() - cx, cy - box.top(), box.bottom() - cy});
    return -(disc.radius + depth);
}

bool overlaps(const QRectF &a, const QRectF &b)
{
    return a.left() < b.right() - eps && b.left() < a.right() - eps && a.top() < b.bottom() - eps &&
           b.top() < a.bottom() - eps;
}

std::vector<QRectF> candidatesAround(const Disc &disc, QSizeF size, double gap)
{
    const double w = size.width(), h = size.height();
    const double c45 = std::sqrt(0.5);
    const double cx = disc.centre.x(), cy = disc.centre.y();
    // Direction (x right, y down) and which corner or edge of the box faces the disc.
    struct Direction
    {
        double ux, uy;
    };
    const Direction directions[] = {{c45, -c45}, {c45, c45}, {-c45, -c45}, {-c45, c45},
                                    {1, 0},      {-1, 0},    {0, -1},      {0, 1}};
    const double step = std::max(4.0, 0.75 * h);
    std::vector<QRectF> out;
    out.reserve(rings * candidatesPerRing);
    // Five rings half a step apart (three a whole step apart left a crowded label only places
    // a label height and a half out: presented in the narrow dock, k1's two lines stood 120 px
    // below its disc while a place half as far was free).
    for (int ring = 0; ring < rings; ++ring) {
        const double d = std::max(0.0, disc.radius) + std::max(0.0, gap) + ring * step / 2;
        for (const Direction &u : directions) {
            // The point of the box nearest the centre sits at distance d along u.
            const double px = cx + d * u.ux, py = cy + d * u.uy;
            double left = u.ux > 0 ? px : u.ux < 0 ? px - w : px - w / 2;
            double top = u.uy > 0 ? py : u.uy < 0 ? py - h : py - h / 2;
            out.emplace_back(left, top, w, h);
        }
    }
    return out;
}

Placement place(const Problem &problem)
{
    const int L = int(problem.labels.size());
    Placement result;
    result.boxes.assign(size_t(L), std::nullopt);
    result.chosen.assign(size_t(L), -1);

    std::vector<int> order(static_cast<size_t>(L));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return problem.labels[size_t(a)].priority > problem.labels[size_t(b)].priority;
    });

    std::vector<QRectF> taken; // obstacles and the labels placed so far
    for (const QRectF &o : problem.obstacles)
        if (finite(o))
            taken.push_back(o);
    const int D = int(problem.discs.size());

    auto fits = [&](const QRectF &box, int anchor, double clearance) {
        if (!finite(box) || !inside(box, problem.plot))
            return false;
        for (const QRectF &other : taken)
            if (overlaps(box, other))
                return false;
        const double own = anchor >= 0 ? distanceToEdge(box, problem.discs[size_t(anchor)]) : 0.0;
        if (anchor >= 0 && own < -eps)
            return false;
        for (int j = 0; j < D; ++j) {
            if (j == anchor || !finite(problem.discs[size_t(j)]))
                continue;
            const double d = distanceToEdge(box, problem.discs[size_t(j)]);
            if (d < -eps)
                return false; // on another disc
            if (anchor >= 0 && !(own + std::max(0.0, clearance) <= d + eps && own < d))
                return false; // about as near to another disc: it would name the wrong one
        }
        return true;
    };

    // No other disc's centre in line with the box (its column or its row) within two label
    // heights: the text would sit right over, under or beside that disc.
    auto clearOfOthers = [&](const QRectF &box, int anchor) {
        const double reach = 2 * box.height();
        for (int j = 0; j < D; ++j) {
            const Disc &disc = problem.discs[size_t(j)];
            if (j == anchor || !finite(disc))
                continue;
            const QPointF c = disc.centre;
            const double dy = std::max(box.top() - c.y(), c.y() - box.bottom()) - disc.radius;
            const double dx = std::max(box.left() - c.x(), c.x() - box.right()) - disc.radius;
            if (c.x() >= box.left() && c.x() <= box.right() && dy < reach)
                return false;
            if (c.y() >= box.top() && c.y() <= box.bottom() && dx < reach)
                return false;
        }
        return true;
    };

    for (const int i : order) {
        const Label &label = problem.labels[size_t(i)];
        const bool anchored =
            label.anchor >= 0 && label.anchor < D && finite(problem.discs[size_t(label.anchor)]);
        if (label.anchor >= D || (label.anchor >= 0 && !anchored) ||
            !(label.size.width() >= 0 && label.size.height() >= 0) ||
            !std::isfinite(label.size.width()) || !std::isfinite(label.size.height()))
            continue;
        const std::vector<QRectF> candidates =
            !label.candidates.empty() ? label.candidates
            : anchored
                ? candidatesAround(problem.discs[size_t(label.anchor)], label.size, label.gap)
                : std::vector<QRectF>{};
        // The order tried: the kept place first among its ring (Label::preferred).
        std::vector<int> indices(candidates.size());
        std::iota(indices.begin(), indices.end(), 0);
        if (label.preferred >= 0 && label.preferred < int(candidates.size())) {
            const int ringStart = label.candidates.empty()
                                      ? label.preferred / candidatesPerRing * candidatesPerRing
                                      : 0;
            std::rotate(indices.begin() + ringStart, indices.begin() + label.preferred,
                        indices.begin() + label.preferred + 1);
        }
        // A candidate that leaves the plot is also tried slid back inside it (by at most half
        // its size): a disc at the plot's edge had every box centred on it or beside it cut
        // off (k3 at the left edge of the narrow key-space dock at 1280×800 lost its label).
        std::vector<std::pair<QRectF, int>> tries; // the box and its candidate's index
        tries.reserve(2 * candidates.size());
        const QRectF &plot = problem.plot;
        for (const int c : indices) {
            const QRectF &box = candidates[size_t(c)];
            tries.emplace_back(box, c);
            if (!finite(box) || inside(box, plot) || box.width() > plot.width() ||
                box.height() > plot.height())
                continue;
            QRectF slid = box;
            if (slid.left() < plot.left())
                slid.moveLeft(plot.left());
            if (slid.right() > plot.right())
                slid.moveRight(plot.right());
            if (slid.top() < plot.top())
                slid.moveTop(plot.top());
            if (slid.bottom() > plot.bottom())
                slid.moveBottom(plot.bottom());
            if (std::abs(slid.left() - box.left()) <= box.width() / 2 &&
                std::abs(slid.top() - box.top()) <= box.height() / 2)
                tries.emplace_back(slid, c);
        }
        // A box a label's height or two from another disc still reads as that disc's name when
        // it stands right over it, under it or beside it (a reader took "the  w = 0.206", up
        // and to the right of its disc, for the name of the disc under it): positions clear of
        // that are tried first, on the nearer rings (out to 0.75 label heights), then every
        // position the rules allow, nearest first. (Strict on every ring, a two-line label
        // presented in the narrow dock stood 1.5 label heights, over 100 px, from its disc.)
        for (const bool strict : {true, false}) {
            if (strict && !anchored)
                continue;
            for (const auto &[box, c] : tries) {
                if (strict && label.candidates.empty() && c >= strictRings * candidatesPerRing)
                    continue;
                if (fits(box, anchored ? label.anchor : -1, label.clearance) &&
                    (!strict || clearOfOthers(box, label.anchor))) {
                    result.boxes[size_t(i)] = box;
                    result.chosen[size_t(i)] = c;
                    break;
                }
            }
            if (result.boxes[size_t(i)]) {
                taken.push_back(*result.boxes[size_t(i)]);
                break;
            }
        }
    }
    for (int i = 0; i < L; ++i)
        if (!result.boxes[size_t(i)])
            result.dropped.push_back(i);
    return result;
}

} // namespace sml::labelPlacement
