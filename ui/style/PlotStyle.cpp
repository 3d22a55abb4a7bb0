#include "style/PlotStyle.h"

#include <QCoreApplication>

#include "style/Appearance.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPixmap>

#include <algorithm>
#include <cmath>
#include <vector>

namespace sml::plotStyle {

static QFont sized(double points, bool bold = false)
{
    QFont f;
    f.setPointSizeF(points * Appearance::instance()->fontScale());
    f.setBold(bold);
    return f;
}

QFont tickFont()
{
    return sized(13);
}
QFont axisLabelFont()
{
    return sized(15);
}
QFont titleFont()
{
    return sized(18, true);
}
QFont textFont()
{
    return sized(15);
}
QFont subtitleFont()
{
    return sized(14);
}
QFont legendFont()
{
    return sized(14);
}

QColor softmaxColor()
{
    return QColor(0, 114, 178);
} // blue
QColor mleColor()
{
    return QColor(230, 159, 0);
} // orange
QColor maxentColor()
{
    return QColor(0, 158, 115);
} // bluish green
QColor ceilingColor()
{
    return QColor(213, 94, 0);
} // vermilion
QColor highlightColor()
{
    return QColor(230, 20, 60);
} // crimson, visible on viridis
QColor keyColor(int k)
{
    static const QColor colors[] = {
        QColor(0, 114, 178), QColor(230, 159, 0),  QColor(0, 158, 115), QColor(204, 121, 167),
        QColor(213, 94, 0),  QColor(86, 180, 233), QColor(0, 0, 0),     QColor(140, 90, 40)};
    return colors[((k % 8) + 8) % 8];
}
Qt::PenStyle keyPenStyle(int k)
{
    return ((k % 8) + 8) % 8 == 5 ? Qt::DashLine : Qt::SolidLine;
}
QString normalizerName(double alpha)
{
    if (alpha == 1)
        return QCoreApplication::translate("plotStyle", "softmax");
    if (alpha == 2)
        return QCoreApplication::translate("plotStyle", "sparsemax");
    return QCoreApplication::translate("plotStyle", "%1-entmax").arg(compact(alpha));
}
QColor errorColor()
{
    return QColor(200, 0, 0);
}

QCPColorGradient viridis()
{
    QCPColorGradient g;
    g.clearColorStops();
    const char *stops[] = {"#440154", "#482475", "#414487", "#355f8d", "#2a788e", "#21918c",
                           "#22a884", "#44bf70", "#7ad151", "#bddf26", "#fde725"};
    for (int k = 0; k <= 10; ++k)
        g.setColorStopAt(k / 10.0, QColor(stops[k]));
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setLevelCount(350);
    return g;
}

QCPColorGradient diverging()
{
    const Appearance *look = Appearance::instance();
    QCPColorGradient g;
    g.clearColorStops();
    const QColor stops[] = {QColor(103, 169, 207), QColor(209, 229, 240), QColor(247, 247, 247),
                            QColor(253, 219, 199), QColor(239, 138, 98)};
    for (int k = 0; k <= 4; ++k)
        g.setColorStopAt(k / 4.0, look->paper(stops[k]));
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setLevelCount(256);
    return g;
}

QString screenNumber(double value, char format, int precision)
{
    // The user's locale, as the axes (QCustomPlot uses QLocale() too) and the tables show their
    // numbers: "0,39" beside "0,8" under German, never one of each (issue 14). No group
    // separators, so that "1234.5" is not read as two numbers. Files use the C locale.
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale.toString(value, format, precision);
}

QString exact(double value)
{
    return screenNumber(value, 'g', QLocale::FloatingPointShortest);
}

QString compact(double value)
{
    if (value == 0)
        return QStringLiteral("0");
    return screenNumber(value, 'g', 4);
}

QFontMetricsF metrics(const QFont &font)
{
    // QCustomPlot paints through a pixmap buffer (and exports through images and printers),
    // whose DPI can differ from the screen's: measure on the same kind of device.
    static const QPixmap probe(1, 1);
    return QFontMetricsF(font, &probe);
}

int labelStep(int count, double axisPixels, double pixelsPerLabel)
{
    if (count <= 1 || axisPixels <= 0)
        return 1;
    const double fits = std::max(1.0, std::floor(axisPixels / std::max(1.0, pixelsPerLabel)));
    return std::max(1, int(std::ceil(count / fits)));
}

QString elide(const QString &label, const QFont &font, int maxPixels)
{
    // Elide in the middle: token labels often differ only at the end ("token 41", "token 42").
    return metrics(font).elidedText(label, Qt::ElideMiddle, maxPixels);
}

QSharedPointer<QCPAxisTickerText> labelTicker(const QStringList &labels, int step,
                                              const QFont &font, int maxPixels)
{
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int k = 0; k < labels.size(); k += std::max(1, step))
        ticker->addTick(k, elide(labels[k], font, maxPixels));
    return ticker;
}

double crossLabelRoom(double crossPixels)
{
    const double fourChars = metrics(tickFont()).horizontalAdvance(QStringLiteral("MMMM"));
    return std::max(fourChars, crossPixels / 4);
}

double turnedLabelPitch(const QFont &font)
{
    return metrics(font).tightBoundingRect(QStringLiteral("M#0…")).height() + 3;
}

void setCategoryTicks(QCPAxis *axis, const QStringList &labels, double axisPixels, double labelRoom)
{
    const QFont font = tickFont();
    const QFontMetricsF fm = metrics(font);
    int maxLabelPixels = int(fm.horizontalAdvance(QStringLiteral("MMMMMMMMMM"))); // ~10 chars
    const int count = int(labels.size());
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    // The widest label only matters for upright labels side by side, which need
    // count·(widest + 10) ≤ axisPixels; measuring thousands of labels takes milliseconds, so
    // skip it when even labels of width 0 would not fit (issue 5).
    double widest = 0;
    if (horizontal && count * 10.0 <= axisPixels)
        for (const QString &l : labels)
            widest = std::max(widest, std::min<double>(maxLabelPixels, fm.horizontalAdvance(l)));
    // Every label while each has one text line of room (issue 14: the heatmap dropped every
    // other token at 12 tokens with cells 1.1 lines high); thinned only below that.
    double perLabel = fm.height() * 1.05;
    double rotation = 0;
    if (horizontal) {
        // Upright labels while they fit side by side; otherwise turn them to read bottom-up.
        const double upright = widest + 10;
        // Upright but elided to its slot when the slot is as wide as a turned label could be
        // long: as readable, one line high instead of a quarter of the plot (issue 14: six iris
        // queries turned, "ver…#87", over bars 171 px tall in a 489 px plot, 190 px a slot).
        const double slot = count > 0 ? axisPixels / count - 10 : 0;
        const double turnedRoom =
            labelRoom > 0 ? std::min<double>(maxLabelPixels, labelRoom) : maxLabelPixels;
        if (count * upright <= axisPixels) {
            perLabel = upright;
        } else if (widest > 0 && slot >= turnedRoom) {
            // (Whole pixels: slot + 10 could make axisPixels / perLabel a hair under count,
            // and labelStep then showed every other label.)
            perLabel = std::floor(axisPixels / count);
            maxLabelPixels = int(perLabel) - 10;
        } else {
            // Turned, a label takes the height of its ink across the axis (capitals, digits,
            // "#" and "…", and a gap), not the line's leading: thirty iris keys presented, 24 px
            // of axis each, read whole, where a 30 px line dropped every other one.
            rotation = -90;
            perLabel = std::min(perLabel, turnedLabelPitch(font));
        }
    }
    // Upright key labels take one line across the axis whatever their length; turned key labels
    // and query labels take their length, within the room given.
    if (labelRoom > 0 && (!horizontal || rotation != 0))
        maxLabelPixels = std::min(maxLabelPixels, int(labelRoom));
    axis->setTickLabelRotation(rotation);
    axis->setTicker(
        labelTicker(labels, labelStep(count, axisPixels, perLabel), font, maxLabelPixels));
    axis->setSubTicks(false);
}

void addLegendRow(QCustomPlot *plot, int row)
{
    QCPLegend *legend = plot->legend;
    legend->setVisible(true);
    legend->setFont(legendFont());
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setColumnSpacing(28);
    plot->axisRect()->insetLayout()->take(legend);
    // Centre the legend: spacer | legend | spacer, the legend column at its minimum width.
    plot->plotLayout()->insertRow(row);
    auto *strip = new QCPLayoutGrid;
    plot->plotLayout()->addElement(row, 0, strip);
    strip->addElement(0, 0, new QCPLayoutElement(plot));
    strip->addElement(0, 1, legend);
    strip->addElement(0, 2, new QCPLayoutElement(plot));
    strip->setColumnStretchFactors({1.0, 0.001, 1.0});
    plot->plotLayout()->setRowStretchFactor(row, 0.001);
}

QString packParts(const QStringList &parts, const QString &separator, const QFont &font,
                  double width)
{
    const QFontMetricsF fm = metrics(font);
    QStringList lines;
    QString line;
    for (const QString &part : parts) {
        const QString joined = line.isEmpty() ? part : line + separator + part;
        if (line.isEmpty() || fm.horizontalAdvance(joined) <= width) {
            line = joined;
            continue;
        }
        lines << wrapText(line, font, width);
        line = part;
    }
    if (!line.isEmpty())
        lines << wrapText(line, font, width);
    return lines.join(QLatin1Char('\n'));
}

QString wrapText(const QString &text, const QFont &font, double width)
{
    const QFontMetricsF fm = metrics(font);
    QStringList out;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (fm.horizontalAdvance(line) <= width) {
            out << line;
            continue;
        }
        // Words, with the operands of a binary operator kept on one line: "‖o − ô‖" and
        // "η = 0.5/Σσ⁻²" are never broken around their "−" or "=" (a title in the narrow MLE
        // optimizer dock read "‖o" at the end of one line and "− ô‖" at the start of the next).
        static const QStringList operators = {
            QStringLiteral("="), QStringLiteral("−"), QStringLiteral("+"), QStringLiteral("-"),
            QStringLiteral("/"), QStringLiteral("×"), QStringLiteral("←"), QStringLiteral("→"),
            QStringLiteral("≈"), QStringLiteral("≤"), QStringLiteral("≥"), QStringLiteral("<"),
            QStringLiteral(">"), QStringLiteral("≠")};
        QStringList words;
        bool glue = false;
        for (const QString &word : line.split(QLatin1Char(' '))) {
            const bool op = operators.contains(word);
            if (!words.isEmpty() && !word.isEmpty() && (op || glue))
                words.last() += QLatin1Char(' ') + word;
            else
                words << word;
            glue = op;
        }
        QString current;
        for (const QString &word : std::as_const(words)) {
            const QString candidate = current.isEmpty() ? word : current + QLatin1Char(' ') + word;
            if (!current.isEmpty() && fm.horizontalAdvance(candidate) > width) {
                out << current;
                current = word;
            } else {
                current = candidate;
            }
        }
        out << current;
    }
    return out.join(QLatin1Char('\n'));
}

std::vector<double> legendEntryWidths(const QCPLegend *legend)
{
    const QFontMetricsF fm = metrics(legend->font());
    std::vector<double> entries;
    for (int k = 0; k < legend->itemCount(); ++k)
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(k)))
            entries.push_back(fm.horizontalAdvance(item->plottable()->name()) +
                              legend->iconSize().width() + legend->iconTextPadding());
    return entries;
}

int legendColumnsThatFit(const QCPLegend *legend, double width)
{
    const std::vector<double> entries = legendEntryWidths(legend);
    // The most columns whose widths (each its widest entry, filled row by row) fit.
    const double room = width - 30;
    for (int c = int(entries.size()); c > 1; --c) {
        double need = legend->columnSpacing() * (c - 1);
        for (int j = 0; j < c; ++j) {
            double column = 0;
            for (std::size_t k = std::size_t(j); k < entries.size(); k += std::size_t(c))
                column = std::max(column, entries[k]);
            need += column;
        }
        if (need <= room)
            return c;
    }
    return 1;
}

bool fitLegendColumns(QCPLegend *legend, double width)
{
    const int columns = legendColumnsThatFit(legend, width);
    if (legend->wrap() == columns)
        return false;
    legend->setWrap(columns);
    legend->setFillOrder(QCPLegend::foColumnsFirst, true); // rearrange the entries
    return true;
}

int tightenLegendSpacing(QCPLegend *legend, double width)
{
    const int entries = int(legendEntryWidths(legend).size());
    const auto rows = [&](int spacing) {
        legend->setColumnSpacing(spacing);
        const int columns = legendColumnsThatFit(legend, width);
        return (entries + columns - 1) / columns;
    };
    const int wide = rows(28);
    const int close = rows(12);
    if (close < wide)
        return close;
    legend->setColumnSpacing(28);
    return wide;
}

int fitLegendName(QCPLegend *legend, QCPAbstractPlottable *entry, const QString &full,
                  const QString &brief, double width)
{
    entry->setName(brief);
    const int briefRows = tightenLegendSpacing(legend, width);
    entry->setName(full);
    const int fullRows = tightenLegendSpacing(legend, width);
    if (fullRows <= briefRows)
        return fullRows;
    entry->setName(brief);
    return tightenLegendSpacing(legend, width);
}

void styleAxis(QCPAxis *axis, const QString &label)
{
    axis->setProperty("_sml_styledAxis", true); // PlotView fits its label to the axis length
    axis->setLabel(label);
    axis->setLabelFont(axisLabelFont());
    axis->setTickLabelFont(tickFont());
    axis->setBasePen(QPen(Qt::black, 1.5));
    axis->setTickPen(QPen(Qt::black, 1.5));
    axis->setSubTickPen(QPen(Qt::black, 1));
    axis->grid()->setPen(QPen(QColor(200, 200, 200), 1, Qt::DotLine));
}

} // namespace sml::plotStyle
