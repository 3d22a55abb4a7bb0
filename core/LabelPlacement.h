#pragma once

#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include <optional>
#include <vector>

/// Where the text labels of a plane view go (the key space, the likelihood landscape, their
/// score and contour lines), computed without pixels of a real widget: plain geometry in pixel
/// coordinates (y down), so that a test can check every rule exactly (issue 14, item 4).
///
/// The rules, for every label that is shown:
/// - its box lies inside the plot rectangle;
/// - it overlaps no disc (its own included), no obstacle box and no other shown label;
/// - a label that names a disc (`anchor` ≥ 0) is clearly nearer to that disc than to any other
///   disc: the distance from its box to every other disc's edge is at least the distance to its
///   own disc's edge plus `clearance`, so a reader never pairs it with a neighbour.
/// Labels are placed greedily in priority order (the largest `priority` first; equal priorities
/// in input order), each at the first candidate position that keeps the rules; a label with no
/// such position is dropped (the view shows its text in a hover tooltip instead). The result
/// depends on the input alone (deterministic).
namespace sml::labelPlacement {

/// A round mark: a key's disc, a value point, the query's handle (pixels).
struct Disc
{
    QPointF centre;
    double radius = 0; ///< ≥ 0
};

struct Label
{
    /// Index into Problem::discs of the disc this label names, or -1 for a label that names no
    /// disc (a contour's or a score line's value).
    int anchor = -1;
    QSizeF size;         ///< the label's box (pixels, with its padding)
    double priority = 0; ///< larger is placed first (e.g. the key's weight w)
    double gap = 2;      ///< pixels between the disc's edge and the nearest candidate box
    /// How much farther (pixels) every other disc must be than the label's own: a label 3 px
    /// from its disc and 6 px from a neighbour reads as the neighbour's.
    double clearance = 8;
    /// Explicit candidate boxes, tried in order (e.g. where a score line leaves the plot). When
    /// empty, candidates are generated around the anchor disc: 8 directions (upper right,
    /// lower right, upper left, lower left, right, left, above, below) on 5 rings, from the gap
    /// out to 1.5 label heights in steps of 0.375 label heights, the nearest ring first. A label
    /// with no anchor and no candidates is dropped.
    std::vector<QRectF> candidates;
    /// Index into the candidates (generated or explicit) of the place to keep, or -1: where the
    /// label stood at the last layout (Placement::chosen), so that it stays put while the scene
    /// changes elsewhere (labels that jumped after an unrelated edit were a fresh reader's
    /// find). It is tried first among the generated candidates of its ring (a nearer ring with
    /// room still wins: the label moves closer to its disc), first of all among explicit ones;
    /// it must keep the rules like any other candidate. Out of range: ignored.
    int preferred = -1;
};

struct Problem
{
    QRectF plot;                   ///< every shown label lies inside it
    std::vector<Disc> discs;       ///< every disc, named by a label or not
    std::vector<QRectF> obstacles; ///< other boxes to avoid (markers, legends, earlier labels)
    std::vector<Label> labels;
};

struct Placement
{
    /// One entry per Problem::labels (same order): the box, or nullopt when dropped.
    std::vector<std::optional<QRectF>> boxes;
    /// The indices of the dropped labels, ascending.
    std::vector<int> dropped;
    /// One entry per Problem::labels: the index of the candidate taken (also when it was slid
    /// back inside the plot), for Label::preferred at the next layout; -1 when dropped.
    std::vector<int> chosen;
};

/// Places `problem`'s labels by the rules above. A non-finite size, disc or candidate only
/// drops the label concerned. O(L · C · (D + L + O)) for L labels, C candidates, D discs,
/// O obstacles.
Placement place(const Problem &problem);

/// The candidate boxes generated for a label of `size` around `disc` with `gap` (the order in
/// which place() tries them). Exposed for the tests.
std::vector<QRectF> candidatesAround(const Disc &disc, QSizeF size, double gap);

/// Distance (pixels) from the box to the disc's edge: 0 when they touch, negative when the box
/// reaches into the disc (then −(how deep)). Exposed for the tests and the views' checks.
double distanceToEdge(const QRectF &box, const Disc &disc);

/// True when the open interiors of the two boxes intersect (touching edges do not overlap).
bool overlaps(const QRectF &a, const QRectF &b);

} // namespace sml::labelPlacement
