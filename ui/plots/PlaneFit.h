#pragma once

#include "Contours.h"
#include "LabelPlacement.h"

#include <QHash>
#include <QList>
#include <QRectF>

#include <vector>

class QCPAbstractItem;
class QCPAxis;
class QCPItemText;
class QCPTextElement;
class QString;

namespace sml::planeFit {

/// Sets the ranges of a horizontal and a vertical axis so that `bounds` (in plot coordinates) is
/// centred and fully visible, with one unit as many pixels on x as on y ("equal aspect"): circles
/// stay circles and perpendicular lines stay perpendicular (MATH.md §4.2 isotropic Gaussians,
/// §4.5 iso-score lines ⟂ q). `pixels` is the axis rect's size. Degenerate or non-finite bounds
/// fall back to ±1; ranges are kept within QCPRange's limits.
void fitEqualAspect(QCPAxis *xAxis, QCPAxis *yAxis, QRectF bounds, QSizeF pixels);

/// contours::niceStep(): a "nice" step (1, 2 or 5 × 10^k) so that `span` holds about `count`
/// steps (it is in core/ so that the key-space fields can use it).
using contours::niceStep;

/// Largest power of ten ≤ |x| when |x| ≥ 1e100, else 1: a display unit that keeps plotted
/// coordinates inside QCPRange's limits (±1e250) for vectors near the double range.
double displayUnit(double largestMagnitude);

/// Fits like fitEqualAspect(), then widens the region on the right (by at most 35% of its width)
/// so that a label of `labelPixels` pixels beside the right-most point still fits.
void fitEqualAspectWithLabels(QCPAxis *xAxis, QCPAxis *yAxis, QRectF bounds, QSizeF pixels,
                              double labelPixels);

/// A short number for point labels: 3 significant digits.
QString labelNumber(double value);

/// What placeLabels() did: the boxes (widget pixels) of the labels it showed, and the labels it
/// hid because there was no room (their text is in the hover tooltip of their point).
struct PlacedLabels
{
    QList<QRectF> boxes;
    QList<QCPItemText *> dropped;
};

/// Places the text labels among `items` that hang off an anchor (a point) by
/// labelPlacement::place() (core/LabelPlacement.h): in the order they come in `items` (the
/// first has the highest priority: the caller lists the heaviest first), each nearest its own
/// point, inside `rect`, on no disc, no other label and none of `obstacles` (pixel boxes:
/// markers, earlier labels); a label with no room is hidden and reported as dropped. The
/// discs are every visible tracer in `items` (radius half its size; a tracer drawn as nothing,
/// an anchor of a point drawn elsewhere, counts with `anchorRadius`) and `extraDiscs`.
PlacedLabels placeLabels(const QList<QCPAbstractItem *> &items, const QRect &rect,
                         const QList<QRectF> &obstacles = {}, double anchorRadius = 5,
                         const std::vector<labelPlacement::Disc> &extraDiscs = {});

/// The places (labelPlacement candidate indices) that placeLabels() gave the labels among `items`
/// that have an id (setLabelId()), by id. A view that makes its label items anew on every
/// edit takes them before it deletes the old items and hands them to setLabelId() for the new
/// ones: placeLabels() then keeps each label where it stood while that place still keeps the
/// rules (labelPlacement::Label::preferred). Labels that jumped after an unrelated edit were a
/// fresh reader's find (issue 14).
QHash<QString, int> labelSpots(const QList<QCPAbstractItem *> &items);

/// Names `label` by `id` (stable across rebuilds: "key 3", not its text) and gives it the place
/// it had under that id in `spots` (labelSpots() of the items it replaces), if any.
void setLabelId(QCPItemText *label, const QString &id, const QHash<QString, int> &spots);

/// How much farther than its own point every other disc must be from `label`
/// (labelPlacement::Label::clearance; 8 px unless set). A label whose colour and weight tie it
/// to its point (the selected query's bold "q" in the query's colour) can take 0, so that it
/// still has a place when its point lies on a key's disc (presented in the dock at 1280×800,
/// the query went unlabelled: a fresh reader's find).
void setLabelClearance(QCPItemText *label, double pixels);
/// The clearance placeLabels() gives `label`, in pixels: setLabelClearance()'s, else 8.
double labelClearance(const QCPItemText *label);

/// The places placeLabels() last gave the labels among `items`, in their order (an invalid
/// QVariant for an item it never placed), for restoreLabelPlaces(): a view that tries another
/// label form and does not keep it gives the labels back their places (issue 14).
QList<QVariant> saveLabelPlaces(const QList<QCPAbstractItem *> &items);

/// Gives `items` the places `saved` holds (saveLabelPlaces() of the same items, same order).
void restoreLabelPlaces(const QList<QCPAbstractItem *> &items, const QList<QVariant> &saved);

/// The pixel box of a text item as drawn (its text, font, padding and alignment).
QRectF labelBox(const QCPItemText *label);

/// Sets `text` on a title element, in its font shrunk from `points` down to `minPoints` until it
/// fits `width` pixels, and then broken into lines at spaces (so that a title never forces the
/// plot wider than its dock). The sizes are for scale 1; presentation mode multiplies them by
/// Appearance::fontScale().
void fitTitle(QCPTextElement *element, const QString &text, double width, double points,
              double minPoints, bool bold);

/// The subtitle of a plane view: fitTitle(…, 14, 12, regular) for `viewport`'s width, unless its
/// lines would take more than a tenth of the viewport's height (a short plot: presentation mode
/// on a 1280×800 projector). Then it is left out, so the plot keeps the height; the view's help
/// ("What am I seeing?") says the same.
void fitSubtitle(QCPTextElement *element, const QString &text, const QRect &viewport);

} // namespace sml::planeFit
