#include "plots/attention/SweepParts.h"

#include "style/Appearance.h"
#include "style/PlotStyle.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace sml::sweepParts {

/// The plot's property holding its legend row's strip (addLegend).
static constexpr const char *stripProperty = "_sml_legendStrip";
/// The legend column's right margin and its spacing from the axis rect (pixels).
static constexpr int besideMargin = 16;
static constexpr int besideSpacing = 12;

Marker::Marker(QCustomPlot *plot)
{
    line = new QCPItemStraightLine(plot);
    line->setPen(QPen(plotStyle::highlightColor(), 3));
    dots = new QCPGraph(plot->xAxis, plot->yAxis);
    dots->setLineStyle(QCPGraph::lsNone);
    dots->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCircle, QPen(plotStyle::highlightColor(), 2), QBrush(Qt::white), 10));
    dots->removeFromLegend();
    label = new QCPItemText(plot);
    label->setFont(plotStyle::subtitleFont());
    label->setColor(plotStyle::highlightColor().darker(120));
    label->setBrush(QBrush(QColor(255, 255, 255, 215)));
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->setPadding(QMargins(8, 2, 8, 2));
}

void Marker::place(double x, const Eigen::VectorXd &w)
{
    line->point1->setCoords(x, 0);
    line->point2->setCoords(x, 1);
    QVector<double> keys, values;
    for (Eigen::Index j = 0; j < w.size(); ++j) {
        keys << x;
        values << w[j];
    }
    dots->setData(keys, values);
    dots->setLayer(QStringLiteral("legend")); // drawn on top of the lines
}

QCPItemText *makeNote(QCustomPlot *plot)
{
    auto *note = new QCPItemText(plot);
    note->setFont(plotStyle::textFont());
    note->setColor(plotStyle::errorColor());
    note->position->setType(QCPItemPosition::ptAxisRectRatio);
    note->position->setCoords(0.5, 0.5);
    note->setVisible(false);
    return note;
}

void addLegend(QCustomPlot *plot)
{
    plotStyle::addLegendRow(plot, 1);
    plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot->legend->setWrap(2);
    // The row's strip, where the legend goes back from beside the curves (placeLegend).
    plot->setProperty(stripProperty, QVariant::fromValue<QObject *>(plot->legend->layout()));
}

namespace {

/// The widest legend entry: its name in the legend font, icon and padding.
double widestEntry(const QCPLegend *legend)
{
    double widest = 0;
    const QFontMetricsF fm = plotStyle::metrics(plotStyle::legendFont());
    for (int k = 0; k < legend->itemCount(); ++k)
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(k)))
            widest = std::max(widest, fm.horizontalAdvance(item->plottable()->name()) + 45);
    return widest;
}

/// The legend in its row under the title, or in a column beside the curves, one entry a row.
/// Returns whether it is beside them.
bool placeLegend(QCustomPlot *plot, bool beside)
{
    QCPLegend *legend = plot->legend;
    auto *strip = qobject_cast<QCPLayoutGrid *>(plot->property(stripProperty).value<QObject *>());
    QCPLayoutGrid *layout = plot->plotLayout();
    if (!strip)
        return false;
    if (beside == (legend->layout() != strip))
        return beside;
    if (beside) {
        int row = 0;
        while (row < layout->rowCount() && layout->element(row, 0) != plot->axisRect())
            ++row;
        if (row == layout->rowCount() || layout->columnCount() != 1)
            return false;
        strip->take(legend);
        // (Filled before it joins the layout: QCustomPlot 2.1 dereferences an empty cell.)
        auto *column = new QCPLayoutGrid;
        column->addElement(0, 0, legend);
        column->addElement(1, 0, new QCPLayoutElement(plot));
        column->setRowStretchFactors({0.001, 1.0});
        // Clear of the right edge: an SVG's substituted font draws a little wider than the PNG's.
        column->setMargins(QMargins(0, 0, besideMargin, 0));
        layout->addElement(row, 1, column);
        layout->setColumnStretchFactors({1.0, 0.001});
        layout->setColumnSpacing(besideSpacing);
        legend->setWrap(1);
        legend->setFillOrder(QCPLegend::foColumnsFirst, true);
        legend->setProperty("_sml_oneColumn", true); // (PlotView::fitLegends keeps it so)
        return true;
    }
    auto *column = qobject_cast<QCPLayoutGrid *>(legend->layout());
    if (!column || column->layout() != layout)
        return true; // (not a column of ours: left as it is)
    column->take(legend);
    layout->remove(column); // and its spacer
    layout->simplify();     // its column, now empty (the title, strip and axis rect rows are not)
    strip->addElement(0, 1, legend);
    legend->setProperty("_sml_oneColumn", false);
    return false;
}

/// The width a column of the legend's entries, one a row, takes beside the curves: the widest
/// entry (icon, padding, name), the items' and the legend's margins, the column's margin and its
/// spacing from the axis rect.
double besideWidth(const QCPLegend *legend)
{
    const std::vector<double> entries = plotStyle::legendEntryWidths(legend);
    if (entries.empty())
        return 0;
    const double widest = *std::max_element(entries.begin(), entries.end());
    return widest + 16 + legend->margins().left() + legend->margins().right() + besideMargin +
           besideSpacing;
}

} // namespace

bool legendBeside(const QCustomPlot *plot)
{
    const auto *strip =
        qobject_cast<QCPLayoutGrid *>(plot->property(stripProperty).value<QObject *>());
    return strip && plot->legend->layout() != strip;
}

namespace {

/// How many equal columns of the widest entry fit `width` (at least one).
int columnsFor(const QCPLegend *legend, int width)
{
    const double widest = widestEntry(legend);
    const double spacing = legend->columnSpacing();
    return widest > 0 ? std::max(1, int((width - 40 + spacing) / (widest + spacing))) : 1;
}

} // namespace

void fitLegend(QCustomPlot *plot, int width)
{
    QCPLegend *legend = plot->legend;
    const int columns = columnsFor(legend, width);
    if (columns != legend->wrap()) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLegend::foColumnsFirst, true); // rearrange the entries
    }
}

int fitToSize(QCustomPlot *plot, QCPTextElement *title, const QString &full, const QString &brief,
              QSize size)
{
    plot->yAxis->ticker()->setTickCount(std::clamp(size.height() / 90, 3, 6));
    // A view shaped like a banner (more than 2.1 times as wide as tall: presented at 1280×800)
    // stands a legend of two rows or more beside the curves, one entry a row, when that column
    // is at most a third of the width and as tall as the height less the title's line: above
    // them, the iris query's nine entries took three rows, and its α sweep 226 px of the 752 px
    // window.
    QCPLegend *legend = plot->legend;
    const int columns = columnsFor(legend, size.width());
    // (The entries, not legend->itemCount(): that counts the empty cells of its grid too.)
    const int items = int(plotStyle::legendEntryWidths(legend).size());
    const double column = besideWidth(legend);
    const double columnHeight = items * (plotStyle::metrics(legend->font()).lineSpacing() + 4) +
                                std::max(0, items - 1) * legend->rowSpacing() +
                                legend->margins().top() + legend->margins().bottom();
    const double titleLine = plotStyle::metrics(plotStyle::titleFont()).lineSpacing();
    const bool beside = placeLegend(plot, size.width() > 2.1 * size.height() && items > columns &&
                                              column <= size.width() / 3.0 &&
                                              columnHeight <= size.height() - titleLine - 24);
    if (!beside)
        fitLegend(plot, size.width());
    const int taken = beside ? int(std::ceil(column)) : 0;
    const int room = size.width() - 24 - taken;
    const bool fits = plotStyle::metrics(plotStyle::titleFont()).horizontalAdvance(full) <= room;
    title->setText(plotStyle::elide(fits ? full : brief, plotStyle::titleFont(), room));
    return taken;
}

std::vector<QCPGraph *> addKeyLines(QCustomPlot *plot,
                                    const Eigen::Ref<const Eigen::MatrixXd> &sweep,
                                    const std::vector<double> &xs, const Eigen::VectorXd &weights,
                                    const QStringList &labels,
                                    const std::function<bool(bool grey, Eigen::Index k)> &keep)
{
    const int n = int(weights.size());
    // Past 16 keys the grey curves keep only the samples `keep` allows (every fifth): 16 to 64
    // keys' full 300-point curves were 30 % of a T = 64 edit in the temperature sweep, mapped
    // point by point onto its log τ axis (perf, issue 19); the coloured curves stay whole.
    constexpr int thinGreyCurves = 16;
    constexpr int manyGreyCurves = 64; // and past 64, without antialiasing
    // Colours: all keys when there are at most eight; else the seven heaviest at the current x.
    std::vector<int> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return weights[a] > weights[b]; });
    const int coloured = n <= 8 ? n : 7;
    std::vector<int> rank(static_cast<size_t>(n));
    for (int r = 0; r < n; ++r)
        rank[size_t(order[size_t(r)])] = r;
    const QFont font = plotStyle::legendFont();
    QCPGraph *firstGrey = nullptr;
    std::vector<QCPGraph *> graphs;
    const Eigen::Index samples = Eigen::Index(xs.size());
    for (int j = 0; j < n; ++j) {
        auto *g = new QCPGraph(plot->xAxis, plot->yAxis);
        const int r = rank[size_t(j)];
        const bool grey = r >= coloured;
        QVector<QCPGraphData> data;
        data.reserve(samples);
        for (Eigen::Index k = 0; k < samples; ++k)
            if (keep(grey && n > thinGreyCurves, k))
                data.append(QCPGraphData(xs[size_t(k)], sweep(j, k)));
        g->data()->set(data, true);
        g->removeFromLegend();
        if (!grey) {
            const int colour = n <= 8 ? j : r;
            g->setPen(QPen(plotStyle::keyColor(colour), 3, plotStyle::keyPenStyle(colour)));
            // 200 px of the 13-pt legend text, in the text size drawn (a fixed 200 px cut the
            // iris lesson's names to "versi…r #55" when presented at 1.5×).
            g->setName(
                plotStyle::elide(labels.value(j), font,
                                 int(std::lround(200 * Appearance::instance()->fontScale()))));
        } else {
            // 1 px: drawn directly by Qt; wider pens go through threaded span fills, which
            // made dozens of grey curves most of the replot (issue 5).
            g->setPen(QPen(QColor(150, 150, 150, 150), 1));
            g->setLayer(QStringLiteral("grid"));
            // Hundreds of them (self-attention over a long sequence): without antialiasing,
            // which made their 300-point polylines most of the replot at T = 512 (issue 5).
            if (n > manyGreyCurves)
                g->setAntialiased(false);
            if (!firstGrey)
                firstGrey = g;
        }
        graphs.push_back(g);
    }
    // Legend in key order, the grey "others" entry last.
    for (int j = 0; j < n; ++j)
        if (rank[size_t(j)] < coloured)
            graphs[size_t(j)]->addToLegend();
    if (firstGrey) {
        firstGrey->setName(
            QCoreApplication::translate("sweepParts", "the %1 other keys").arg(n - coloured));
        firstGrey->addToLegend();
    }
    return graphs;
}

int nearestKey(const QCPAxis *yAxis, const Eigen::VectorXd &w, double pixelY)
{
    int best = 0;
    double bestDistance = 1e300;
    for (int j = 0; j < int(w.size()); ++j) {
        const double distance = std::abs(yAxis->coordToPixel(w[j]) - pixelY);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = j;
        }
    }
    return best;
}

QString keyTip(const QCPAxis *yAxis, const Eigen::VectorXd &w, double pixelY,
               const std::vector<int> &visible, const QStringList &labels, const QString &x,
               int *best)
{
    *best = nearestKey(yAxis, w, pixelY);
    const double weight = w[*best];
    return QCoreApplication::translate("sml::sweepParts", "key %1 “%2”\n%3:  w = %4")
        .arg(visible[size_t(*best)] + 1)
        .arg(labels.value(*best))
        .arg(x, weight == 0 ? QCoreApplication::translate("sml::sweepParts",
                                                          "0 exactly: below the threshold")
                            : plotStyle::exact(weight));
}

} // namespace sml::sweepParts
