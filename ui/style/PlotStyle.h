#pragma once

#include <vector>

#include <qcustomplot.h>

#include <QColor>
#include <QFont>
#include <QFontMetricsF>
#include <QSharedPointer>
#include <QString>
#include <QStringList>

namespace sml::plotStyle {

/// Fonts sized for a projector in a lecture hall: tick labels 13 pt, axis labels 15 pt,
/// titles 18 pt bold, subtitles 14 pt, text panels 15 pt, legends 14 pt, all multiplied by
/// Appearance::fontScale() (presentation mode, issue 7).
QFont tickFont();
QFont axisLabelFont();
QFont titleFont();
QFont textFont();
QFont legendFont();
QFont subtitleFont();

/// Okabe–Ito colours (colour-blind safe): softmax w, MLE π, MaxEnt p.
QColor softmaxColor();
QColor mleColor();
QColor maxentColor();
/// The entropy ceiling log |V_i| and the highlight of the selected query.
QColor ceilingColor();
QColor highlightColor();
QColor errorColor();
/// The colour of the k-th line of a sweep (one line per key): Okabe–Ito (colour-blind safe)
/// without its yellow, which vanishes on white, plus a brown; k mod 8.
QColor keyColor(int k);
/// The line style of the k-th line of a sweep: dashed for the sky blue (k mod 8 = 5), which the
/// dark theme and presentation mode's darker hues bring to within a shade of key 0's blue (a
/// fresh reader could not tell k1 from k6 in the presented √d_k lesson); solid otherwise.
Qt::PenStyle keyPenStyle(int k);

/// The name of the attention's normalizer (MATH.md §7.2): "softmax" (α = 1), "sparsemax"
/// (α = 2), else "1.5-entmax", "2.7-entmax"…
QString normalizerName(double alpha);

/// A viridis-like gradient (QCustomPlot 2.1 has no viridis preset), eleven stops.
QCPColorGradient viridis();
/// A pale diverging gradient for signed quantities (scores s = q·k/τ), blue below 0, neutral at
/// the centre, orange-red above: the light ends of ColorBrewer's RdBu (colour-blind safe), pale
/// enough for markers on top. Use with a range symmetric about 0. Dark in the dark theme.
QCPColorGradient diverging();

/// A number as text on screen and in exported pictures: the user's locale (the one of the axes
/// and the tables), no group separators; `format` and `precision` as QLocale::toString. Data
/// files (CSV, JSON) use the C locale instead (PlotView::csvNumber, ScenarioIo).
QString screenNumber(double value, char format = 'g', int precision = 6);

/// Shortest text that reads back to the same double, for tooltips ("exact").
QString exact(double value);
/// A compact number for labels: 4 significant digits.
QString compact(double value);

/// Font metrics on the kind of device the plots are painted on (a pixmap buffer), which can
/// have another DPI than the screen.
QFontMetricsF metrics(const QFont &font);

/// Label thinning: show every `step`-th of `count` labels so that each shown label has at least
/// `pixelsPerLabel` pixels on an axis `axisPixels` long.
int labelStep(int count, double axisPixels, double pixelsPerLabel);

/// Elides a token label to at most `maxPixels` in `font` (labels may have 200 code points).
QString elide(const QString &label, const QFont &font, int maxPixels);

/// A text ticker with labels[k] at position k for k = 0, step, 2·step, … (labels elided).
QSharedPointer<QCPAxisTickerText> labelTicker(const QStringList &labels, int step,
                                              const QFont &font, int maxPixels);

/// The spacing (pixels) turned category labels in `font` need side by side: the height of
/// their ink (capitals, digits, "#", "…") and a 3 px gap.
double turnedLabelPitch(const QFont &font);

/// Sets up a category axis (token labels) of `count` entries on an axis about `axisPixels`
/// long: thins the labels, and turns them 90° when they would collide horizontally (unless a
/// label's share of the axis is as wide as a turned label may be long: then it stays upright,
/// elided to its share).
/// `labelRoom` (pixels, 0 = no limit beyond ~10 characters) is what a label may take across the
/// axis: the height of a turned key label, the width of a query label. Pass a share of the
/// plot's other side (crossLabelRoom), so that long labels are elided in the middle before they
/// squeeze the plot to a strip (issue 14: the iris lesson's turned labels took 200 of a 450 px
/// heatmap in presentation mode, its 6 rows were 100 px together).
void setCategoryTicks(QCPAxis *axis, const QStringList &labels, double axisPixels,
                      double labelRoom = 0);

/// The room a category label may take across its axis in a plot whose other side is
/// `crossPixels` long: a quarter of it, never under four characters of the tick font.
double crossLabelRoom(double crossPixels);

/// Moves the plot's legend out of the axis rect into its own row `row` of the plot layout,
/// centred and laid out horizontally, so that it never hides data.
void addLegendRow(QCustomPlot *plot, int row);

/// `text` with each of its lines broken at spaces so that no line is wider than `width` pixels
/// in `font` (a single word wider than that stays whole), never beside a binary operator: the
/// operands of " = ", " − ", " / " … stay on one line with it.
QString wrapText(const QString &text, const QFont &font, double width);

/// `parts` as lines no wider than `width` pixels in `font`: as many parts a line as fit, joined
/// by `separator`, a part too wide for a line of its own wrapped by wrapText(). Empty for no
/// parts. (A subtitle of short items: "τ = 1.414 · no mask" on one line rather than two.)
QString packParts(const QStringList &parts, const QString &separator, const QFont &font,
                  double width);

/// Each plottable entry's width in pixels: its name in the legend's font, icon and padding.
std::vector<double> legendEntryWidths(const QCPLegend *legend);
/// How many columns fitLegendColumns would give the legend in `width` pixels (at least one),
/// without laying it out.
int legendColumnsThatFit(const QCPLegend *legend, double width);

/// Lays the legend's entries out in as many columns as fit `width` pixels side by side (measured
/// in the legend's font, so larger presentation text gives fewer columns), at least one; the
/// entries are rearranged when the count changes. Returns whether the count changed.
bool fitLegendColumns(QCPLegend *legend, double width);
/// Sets the legend's column spacing to 28 px, or to 12 px when that puts its entries in fewer
/// rows at `width` pixels (closer together before they wrap: at 1280×800 beside both docks a
/// second legend row left the iris bars and the temperature extremes' entropy under a third
/// of the window). Returns the rows at the spacing set (0 with no entries).
int tightenLegendSpacing(QCPLegend *legend, double width);
/// tightenLegendSpacing, then `entry`'s name `brief` instead of `full` only when that puts the
/// legend in fewer rows at `width` pixels (the tooltip of what `entry` draws keeps what `brief`
/// leaves out). Returns the rows at the name and spacing set.
int fitLegendName(QCPLegend *legend, QCPAbstractPlottable *entry, const QString &full,
                  const QString &brief, double width);

/// Applies the fonts and pens used by every view to an axis.
void styleAxis(QCPAxis *axis, const QString &label);

} // namespace sml::plotStyle
