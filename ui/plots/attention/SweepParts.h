#pragma once

#include <qcustomplot.h>

#include <Eigen/Core>
#include <QStringList>

#include <functional>
#include <vector>

namespace sml::sweepParts {

// The parts the temperature sweep and the α sweep share: one line per visible key of the
// selected query against a swept parameter, the current value marked by a vertical line, dots
// and a label, a note for an undefined query, and a legend that wraps to the width.

/// The marker of the current value: a thick highlight-coloured vertical line, the weights there
/// as dots (not in the legend) and a label at the bottom of the axis rect.
struct Marker
{
    QCPItemStraightLine *line;
    QCPGraph *dots;
    QCPItemText *label;

    explicit Marker(QCustomPlot *plot);
    /// Moves the line and the dots to x, with the weights `w`.
    void place(double x, const Eigen::VectorXd &w);
};

/// The centred red note of an undefined query (hidden until set).
QCPItemText *makeNote(QCustomPlot *plot);

/// The legend in its own row under the title, filled in columns.
void addLegend(QCustomPlot *plot);
/// As many legend columns as fit `width` (the legend must not set a minimum width).
void fitLegend(QCustomPlot *plot, int width);

/// Whether the legend stands in a column beside the curves (fitToSize), not in its row.
bool legendBeside(const QCustomPlot *plot);

/// After a resize: the y tick count for the height; the legend beside the curves in a view
/// shaped like a banner when it would take two rows or more above them, else its columns for
/// the width; and the title `full`, or `brief` when that is too wide, elided to its room.
/// Returns the width in pixels the legend takes beside the curves (0 in its row).
int fitToSize(QCustomPlot *plot, QCPTextElement *title, const QString &full, const QString &brief,
               QSize size);

/// One graph per key (row of `sweep`, sampled at `xs`): all coloured when there are at most
/// eight, else the seven heaviest by `weights` coloured and in the legend and the rest thin and
/// grey, with one legend entry "the N other keys". `keep(thin, k)` says whether sample k is
/// drawn; `thin` is true for a grey curve when there are more than 16 keys (the thinning of the
/// many grey curves; past 64 keys they are also drawn without antialiasing).
std::vector<QCPGraph *> addKeyLines(QCustomPlot *plot,
                                    const Eigen::Ref<const Eigen::MatrixXd> &sweep,
                                    const std::vector<double> &xs, const Eigen::VectorXd &weights,
                                    const QStringList &labels,
                                    const std::function<bool(bool grey, Eigen::Index k)> &keep);

/// The key whose weight in `w` is nearest, in pixels, to the widget y coordinate `pixelY`.
int nearestKey(const QCPAxis *yAxis, const Eigen::VectorXd &w, double pixelY);

/// The tooltip of a sweep at one sample: the key nearest `pixelY` (its index in `w` in `*best`),
/// as "key N “label”" where N is its number among all keys (`visible` maps the curves to keys),
/// then "\n<x> = <weight>" with `x` the swept parameter's text ("τ = 0.5").
QString keyTip(const QCPAxis *yAxis, const Eigen::VectorXd &w, double pixelY,
               const std::vector<int> &visible, const QStringList &labels, const QString &x,
               int *best);

} // namespace sml::sweepParts
