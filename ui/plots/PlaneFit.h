#pragma once

#include "Contours.h"

#include <QList>
#include <QRectF>

class QCPAbstractItem;
class QCPAxis;
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

/// Places the text labels among `items` that hang off an anchor (a point), in order: each takes
/// the first of upper right, lower right, upper left, lower left of its point (at the same pixel
/// distance as its current offset) that stays inside `rect` and overlaps no label placed before
/// it; when none is free, the one that overlaps least. So labels never pile up on each other
/// when there is room, and never leave the plot. `obstacles` (pixel boxes, e.g. markers) are
/// avoided like placed labels. Returns the boxes (pixels) of the placed labels.
QList<QRectF> placeLabels(const QList<QCPAbstractItem *> &items, const QRect &rect,
                          const QList<QRectF> &obstacles = {});

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
