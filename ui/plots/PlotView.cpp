#include "plots/PlotView.h"

#include "AtomicFile.h"
#include "document/ScenarioDocument.h"
#include "export/ExportImageDialog.h"
#include "export/ImageFile.h"
#include "plots/AxisLabelVariants.h"
#include "plots/PlaneFit.h"
#include "plots/PlotInteraction.h"
#include "style/Appearance.h"
#include "style/PlotStyle.h"
#include "style/ViewHelp.h"
#include "widgets/DocumentBinding.h"

#include <QAbstractScrollArea>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHelpEvent>
#include <QLocale>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QToolTip>
#include <QWhatsThis>

#include <cmath>
#include <limits>

namespace sml {

namespace {

PlotView::DialogRunner &dialogRunner()
{
    static PlotView::DialogRunner runner = [](QDialog &dialog) {
        return dialog.exec() == QDialog::Accepted;
    };
    return runner;
}

PlotView::SaveFileNamePrompt &saveFileNamePrompt()
{
    static PlotView::SaveFileNamePrompt prompt =
        [](const QString &caption, const QString &suggested, const QString &filter) {
            return QFileDialog::getSaveFileName(QApplication::activeWindow(), caption, suggested,
                                                filter);
        };
    return prompt;
}

PlotView::ErrorReporter &errorReporter()
{
    static PlotView::ErrorReporter reporter = [](const QString &title, const QString &message) {
        warningBox(QApplication::activeWindow(), title, message);
    };
    return reporter;
}

const QString lastDirKey = QStringLiteral("export/lastDir");

} // namespace

PlotView::PlotView(QWidget *parent) : QCustomPlot(parent)
{
    setBackground(Qt::white);
    setMinimumSize(320, 240);
    setAntialiasedElements(QCP::aeAll);
    setNotAntialiasedElements(QCP::aeNone);
    setMouseTracking(true);
    legend->setFont(plotStyle::legendFont());
    // Theme and presentation mode (issue 7): every replot and export is restyled first; a
    // change of style re-lays out the ticks (new font metrics) and replots.
    connect(this, &QCustomPlot::beforeReplot, this, &PlotView::prepareToDraw);
    connect(Appearance::instance(), &Appearance::aboutToChange, this,
            [this] { Appearance::instance()->recordOriginals(this); });
    connect(Appearance::instance(), &Appearance::changed, this, [this] {
        updateTicks();
        replot(rpQueuedReplot);
    });

    // One context menu for every view (the "every plot has a context menu").
    mExportImageAction = new QAction(tr("Export image…"), this);
    mExportImageAction->setObjectName(QStringLiteral("exportImageAction"));
    mExportImageAction->setToolTip(tr("Write this plot as PNG, JPEG, PDF or SVG"));
    connect(mExportImageAction, &QAction::triggered, this, &PlotView::exportImageInteractive);
    mCopyImageAction = new QAction(tr("Copy image"), this);
    mCopyImageAction->setObjectName(QStringLiteral("copyImageAction"));
    connect(mCopyImageAction, &QAction::triggered, this, &PlotView::copyImageToClipboard);
    mExportDataAction = new QAction(tr("Export data as CSV…"), this);
    mExportDataAction->setObjectName(QStringLiteral("exportDataAction"));
    mExportDataAction->setToolTip(tr("Write the numbers behind this plot as CSV"));
    connect(mExportDataAction, &QAction::triggered, this, &PlotView::exportDataInteractive);
    auto *separator = new QAction(this);
    separator->setSeparator(true);
    mExplainAction = new QAction(tr("What am I seeing?"), this);
    mExplainAction->setObjectName(QStringLiteral("explainAction"));
    mExplainAction->setToolTip(tr("What this plot shows, and which derivation step it is"));
    connect(mExplainAction, &QAction::triggered, this,
            [this] { QWhatsThis::showText(mapToGlobal(rect().center()), explanation(), this); });
    addActions(
        {mExportImageAction, mCopyImageAction, mExportDataAction, separator, mExplainAction});
    setContextMenuPolicy(Qt::ActionsContextMenu);
}

void PlotView::bindToDocument(ScenarioDocument *document)
{
    mDocument = document;
    sml::bindToDocument(this, document, [this] { refreshFromDocument(); });
}

ScenarioDocument *PlotView::document() const
{
    return mDocument;
}

void PlotView::refreshFromDocument()
{
    if (mDocument)
        showAnalysis(mDocument->analysis(), mDocument->selectedQuery());
}

void PlotView::setInteraction(PlotInteraction *interaction)
{
    mInteraction = interaction;
}

void PlotView::mousePressEvent(QMouseEvent *event)
{
    if (!mInteraction || !mInteraction->mousePress(event))
        QCustomPlot::mousePressEvent(event);
}

void PlotView::wheelEvent(QWheelEvent *event)
{
    // QCustomPlot sets Qt::WA_NoMousePropagation, so an ignored wheel event would stop here:
    // hand it to the scroll area the view sits in, if any.
    for (QWidget *w = parentWidget(); w; w = w->parentWidget())
        if (auto *area = qobject_cast<QAbstractScrollArea *>(w)) {
            QWidget *viewport = area->viewport();
            QWheelEvent forwarded(viewport->mapFromGlobal(event->globalPosition()),
                                  event->globalPosition(), event->pixelDelta(), event->angleDelta(),
                                  event->buttons(), event->modifiers(), event->phase(),
                                  event->inverted(), event->source(), event->pointingDevice());
            QCoreApplication::sendEvent(viewport, &forwarded);
            event->setAccepted(forwarded.isAccepted());
            return;
        }
    event->ignore();
}

void PlotView::mouseMoveEvent(QMouseEvent *event)
{
    if (!mInteraction || !mInteraction->mouseMove(event))
        QCustomPlot::mouseMoveEvent(event);
}

void PlotView::mouseReleaseEvent(QMouseEvent *event)
{
    if (mInteraction && mInteraction->mouseRelease(event))
        interactionFinished();
    else
        QCustomPlot::mouseReleaseEvent(event);
}

QString PlotView::explanation() const
{
    return viewExplanation(viewName());
}

void PlotView::setDialogRunner(DialogRunner runner)
{
    dialogRunner() = std::move(runner);
}

void PlotView::setSaveFileNamePrompt(SaveFileNamePrompt prompt)
{
    saveFileNamePrompt() = std::move(prompt);
}

void PlotView::setErrorReporter(ErrorReporter reporter)
{
    errorReporter() = std::move(reporter);
}

// --- CSV -------------------------------------------------------------------------------------

QString PlotView::csvField(const QString &text)
{
    const bool quote = text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"')) ||
                       text.contains(QLatin1Char('\n')) || text.contains(QLatin1Char('\r')) ||
                       text != text.trimmed();
    if (!quote)
        return text;
    QString escaped = text;
    escaped.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

QString PlotView::csvNumber(double value)
{
    if (!std::isfinite(value))
        return QString();
    if (value == 0)
        value = 0; // −0 → 0
    return QLocale::c().toString(value, 'g', QLocale::FloatingPointShortest);
}

QString PlotView::csvLine(const QStringList &fields)
{
    QStringList quoted;
    quoted.reserve(fields.size());
    for (const QString &f : fields)
        quoted << csvField(f);
    return quoted.join(QLatin1Char(',')) + QLatin1Char('\n');
}

namespace {

/// The category name at `coord` when the axis shows text ticks there, else empty.
QString tickLabelAt(const QCPAxis *axis, double coord)
{
    if (!axis)
        return {};
    const auto text = axis->ticker().dynamicCast<QCPAxisTickerText>();
    if (!text)
        return {};
    const QMap<double, QString> &ticks = text->ticks();
    auto it = ticks.lowerBound(coord - 1e-9);
    if (it != ticks.end() && std::abs(it.key() - coord) <= 1e-9)
        return it.value();
    return {};
}

QString plottableKind(QCPAbstractPlottable *p)
{
    if (qobject_cast<QCPGraph *>(p))
        return QStringLiteral("graph");
    if (qobject_cast<QCPCurve *>(p))
        return QStringLiteral("curve");
    if (qobject_cast<QCPBars *>(p))
        return QStringLiteral("bars");
    if (qobject_cast<QCPColorMap *>(p))
        return QStringLiteral("colormap");
    if (qobject_cast<QCPStatisticalBox *>(p))
        return QStringLiteral("box");
    if (qobject_cast<QCPFinancial *>(p))
        return QStringLiteral("financial");
    if (qobject_cast<QCPErrorBars *>(p))
        return QStringLiteral("errorbars");
    return QString::fromLatin1(p->metaObject()->className());
}

} // namespace

QString PlotView::dataCsv() const
{
    auto *self = const_cast<PlotView *>(this); // QCustomPlot's accessors are not const
    QString out = csvLine({QStringLiteral("series"), QStringLiteral("kind"), QStringLiteral("key"),
                           QStringLiteral("key_label"), QStringLiteral("value"),
                           QStringLiteral("value_label"), QStringLiteral("z")});
    for (int n = 0; n < self->plottableCount(); ++n) {
        QCPAbstractPlottable *p = self->plottable(n);
        if (!p || !p->visible())
            continue;
        const QString series = p->name().isEmpty() ? tr("series %1").arg(n + 1) : p->name();
        const QString kind = plottableKind(p);
        const QCPAxis *keyAxis = p->keyAxis();
        const QCPAxis *valueAxis = p->valueAxis();
        if (auto *map = qobject_cast<QCPColorMap *>(p)) {
            QCPColorMapData *data = map->data();
            for (int v = 0; v < data->valueSize(); ++v)
                for (int k = 0; k < data->keySize(); ++k) {
                    double key = 0;
                    double value = 0;
                    data->cellToCoord(k, v, &key, &value);
                    out += csvLine({series, kind, csvNumber(key), tickLabelAt(keyAxis, key),
                                    csvNumber(value), tickLabelAt(valueAxis, value),
                                    csvNumber(data->cell(k, v))});
                }
        } else if (QCPPlottableInterface1D *data = p->interface1D()) {
            for (int i = 0; i < data->dataCount(); ++i) {
                const double key = data->dataMainKey(i);
                const double value = data->dataMainValue(i);
                out += csvLine({series, kind, csvNumber(key), tickLabelAt(keyAxis, key),
                                csvNumber(value), QString(), QString()});
            }
        }
    }
    return out;
}

// --- images ----------------------------------------------------------------------------------

void PlotView::drawForExport(const ImageExportOptions &options, const std::function<void()> &draw)
{
    // F (options.textScale): the presentation mode's mechanism, for this view only. Fonts, pens
    // and markers are recorded at the scale in force, the scale changes, the view rebuilds what
    // it measured in its fonts, and applyTo() (prepareToDraw) resizes the rest; the same in
    // reverse afterwards. Views built inside an Appearance::ExportScale (exportAllViews) are at
    // the scale already.
    Appearance *look = Appearance::instance();
    const bool rescale = options.textScale != look->exportScale();
    std::optional<Appearance::ExportScale> scale;
    if (rescale) {
        look->recordOriginals(this);
        scale.emplace(options.textScale);
        refreshFromDocument();
        updateTicks();
    }
    const QSize layout = options.layoutSize();
    const QSize oldLayout = mLayoutSize;
    const QBrush oldBackground = mBackgroundBrush;
    setLayoutSize(layout);
    prepareToDrawAt(layout);
    if (options.transparent)
        setBackground(QBrush(Qt::NoBrush));
    draw();
    setBackground(oldBackground);
    if (rescale) {
        look->recordOriginals(this);
        scale.reset();
        refreshFromDocument();
        updateTicks();
    }
    setLayoutSize(oldLayout);
    replot(rpQueuedReplot);
}

QImage PlotView::paintImage(const ImageExportOptions &options)
{
    // What QCustomPlot::toPixmap does, on an image of exactly options.outputPixels() with the
    // layout mapped onto it (k and the PNG scale in one).
    QImage image(options.outputPixels(), QImage::Format_ARGB32_Premultiplied);
    image.fill(mBackgroundBrush.style() == Qt::SolidPattern ? mBackgroundBrush.color()
                                                            : QColor(Qt::transparent));
    QCPPainter painter;
    if (!painter.begin(&image))
        return QImage();
    painter.setMode(QCPPainter::pmNoCaching);
    if (options.magnification * options.scale > 1)
        painter.setMode(QCPPainter::pmNonCosmetic); // lines grow with the picture
    mapLayoutToDevice(painter, options);
    const QSize layout = options.layoutSize();
    toPainter(&painter, layout.width(), layout.height());
    painter.end();
    return image;
}

QImage PlotView::renderImage(const ImageExportOptions &options)
{
    QImage image;
    drawForExport(options, [&] { image = paintImage(options); });
    return image;
}

void PlotView::drawOnto(QCPPainter &painter, const ImageExportOptions &options)
{
    drawForExport(options, [&] {
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        painter.setMode(QCPPainter::pmNonCosmetic);
        const QSize layout = options.layoutSize();
        painter.save();
        toPainter(&painter, layout.width(), layout.height());
        painter.restore();
    });
}

std::optional<QString> PlotView::exportImage(const QString &path, const ImageExportOptions &options,
                                             const QString &title)
{
    ImageExportOptions o = options;
    if (auto error = o.normalize())
        return error;
    const QString docTitle = title.isEmpty() ? viewName() : title;
    std::optional<QString> error;
    drawForExport(o, [&] {
        if (o.format == QLatin1String("png") || o.format == QLatin1String("jpg")) {
            QImage image = paintImage(o);
            if (o.dpi > 0) {
                image.setDotsPerMeterX(int(o.dpi / 0.0254)); // as QCustomPlot's saveRastered
                image.setDotsPerMeterY(int(o.dpi / 0.0254));
            }
            error = writeRasterImage(path, image, o.format);
            return;
        }
        // PDF: a page of the requested size (points, or exactly the requested centimetres), at
        // 96 dpi; SVG: a viewBox of the size, clipped. The layout is mapped onto either, and
        // text stays text.
        const QSize layout = o.layoutSize();
        error = writeVectorImage(path, o, docTitle, tr("SoftmaxLab view %1").arg(viewName()),
                                 [&](QPaintDevice &device, VectorFormat format) {
                                     QCPPainter painter;
                                     if (!painter.begin(&device))
                                         return false;
                                     if (format == VectorFormat::Pdf) {
                                         painter.setMode(QCPPainter::pmVectorized);
                                         painter.setMode(QCPPainter::pmNoCaching);
                                         painter.setMode(QCPPainter::pmNonCosmetic);
                                     } else if (o.magnification > 1) {
                                         painter.setMode(QCPPainter::pmNonCosmetic);
                                     }
                                     mapLayoutToDevice(painter, o);
                                     toPainter(&painter, layout.width(), layout.height());
                                     return painter.end();
                                 });
    });
    return error;
}

// --- context menu ----------------------------------------------------------------------------

QString PlotView::suggestedPath(const QString &ext) const
{
    QString dir = QSettings().value(lastDirKey).toString();
    if (dir.isEmpty() || !QFileInfo(dir).isDir())
        dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (dir.isEmpty())
        dir = QDir::homePath();
    return QDir(dir).filePath(viewName() + QLatin1Char('.') + ext);
}

void PlotView::reportError(const QString &title, const QString &message)
{
    emit exportMessage(message);
    errorReporter()(title, message);
}

void PlotView::exportImageInteractive()
{
    ExportImageDialog dialog(ExportImageDialog::Mode::File, this);
    dialog.setPath(suggestedPath(dialog.options().format));
    if (!dialogRunner()(dialog))
        return;
    const QString path = dialog.path();
    if (auto error = exportImage(path, dialog.options())) {
        reportError(tr("Cannot export image"), *error);
        return;
    }
    dialog.saveSettings();
    QSettings().setValue(lastDirKey, QFileInfo(path).absolutePath());
    emit exportMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)));
}

void PlotView::copyImageToClipboard()
{
    QSize s = size();
    if (!isVisible() || s.width() < 16 || s.height() < 16)
        s = mLayoutSize;
    // As on screen: laid out at the view's size, not magnified.
    ImageExportOptions options = ImageExportOptions::pixels(QStringLiteral("png"), s);
    options.magnification = 1;
    const QImage image = renderImage(options);
    QGuiApplication::clipboard()->setImage(image);
    emit exportMessage(
        tr("Copied the plot (%1 × %2 pixels)").arg(image.width()).arg(image.height()));
}

void PlotView::exportDataInteractive()
{
    QString path =
        saveFileNamePrompt()(tr("Export data as CSV"), suggestedPath(QStringLiteral("csv")),
                             tr("CSV files (*.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    if (!QFileInfo(path).fileName().contains(QLatin1Char('.')))
        path += QStringLiteral(".csv");
    if (auto reason = writeFileAtomically(path, dataCsv().toUtf8())) {
        reportError(tr("Cannot export data"), cannotWriteMessage(path, *reason));
        return;
    }
    QSettings().setValue(lastDirKey, QFileInfo(path).absolutePath());
    emit exportMessage(tr("Exported the data to %1").arg(QDir::toNativeSeparators(path)));
}

void PlotView::setLayoutSize(const QSize &size)
{
    if (size.isEmpty() || size == mLayoutSize)
        return;
    mLayoutSize = size;
    updateTicks();
}

bool PlotView::event(QEvent *event)
{
    // Help ▸ What's This? (Shift+F1) and the context menu's "What am I seeing?" (set here: the
    // view's name is not known in the constructor).
    if (event->type() == QEvent::Polish && whatsThis().isEmpty())
        setWhatsThis(explanation());
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QCustomPlot::event(event);
}

void PlotView::resizeEvent(QResizeEvent *event)
{
    setLayoutSize(event->size());
    QCustomPlot::resizeEvent(event);
}

void PlotView::prepareToDrawAt(const QSize &size)
{
    // Titles and axis labels are fitted to the axis lengths of the last layout: lay out at the
    // export's size first (QCustomPlot lays out again, the same way, when it draws).
    const QRect old = viewport();
    setViewport(QRect(QPoint(0, 0), size));
    updateLayout();
    prepareToDraw();
    updateLayout();
    setViewport(old);
}

void PlotView::prepareToDraw()
{
    // QCustomPlot 2.1's margin group takes each member's current margin as that member's wish,
    // so a colour scale in a group kept the largest margin it was ever given and never gave it
    // back (the heatmap after the iris lesson's turned labels: 243 px of blank under 3 keys).
    // Every layout starts such a scale from zero; the group then follows its axis rect.
    for (QCPColorScale *scale : findChildren<QCPColorScale *>())
        if (!scale->marginGroups().isEmpty() && scale->margins() != QMargins())
            scale->setMargins(QMargins());
    fitTitles();
    Appearance::instance()->applyTo(this);
}

void PlotView::updateLayout()
{
    QCustomPlot::updateLayout();
    // The tick counts, axis labels, legend columns and whatever the view fits itself (a plane's
    // ranges and labels) are fitted to the lengths of a layout, and a fit changes the margins
    // and with them the lengths: lay out again until the axis rects hold. (Fitted before the
    // layout, the colour bar's caption of a landscape whose legend had just moved beside the
    // plane kept the bar of the layout before and ran up into the title, 534 px on 120 px; the
    // d_k = 256 lesson placed its π labels in a rect the next layout narrowed, and the frame
    // cut them.)
    const auto rects = [this] {
        QList<QRect> all;
        for (const QCPAxisRect *r : findChildren<QCPAxisRect *>())
            all << r->rect();
        return all;
    };
    for (int pass = 0; pass < 4; ++pass) {
        const QList<QRect> before = rects();
        // The view's own first: it may set an axis label (the landscape's colour bar names its
        // scale) that the fits below then fit.
        bool changed = fitToLayout();
        changed |= fitTickCounts();
        changed |= fitAxisLabels();
        changed |= fitLegends();
        if (!changed)
            break;
        QCustomPlot::updateLayout();
        if (rects() == before)
            break;
    }
}

bool PlotView::fitTickCounts()
{
    bool changed = false;
    // A short vertical axis gets fewer ticks than its view asked for, so that its numbers never
    // print over each other (issue 14: the iris lesson's bars were 25 px tall under five
    // labels, the heatmap's colour bar read "0.8" over "1"): the most, up to the view's wish,
    // whose ticks as QCustomPlot places them (its nice steps can give twice the count asked,
    // or half) stand 1.3 label heights apart. (A cap of 2.5 label heights per tick asked gave
    // the tour's MaxEnt constraint presented, 191 px over [−1.7, 1.7], a step of 2: only its 0.)
    // The view's own count (set in its updateTicks) is kept as its wish and given back when the
    // axis grows.
    // A horizontal axis the same way, with its labels' widths: the causal sentence's landscape,
    // presented, read "-0.75-0.5-0.25 0 0.25" over a 470 px axis (a fresh reader): its ticks
    // stand at least half a label height farther apart than their labels' half-widths.
    for (QCPAxis *axis : findChildren<QCPAxis *>()) {
        const bool vertical = axis->orientation() == Qt::Vertical;
        if (!axis->visible() || !axis->tickLabels() || !axis->ticker() ||
            axis->ticker().dynamicCast<QCPAxisTickerText>() ||
            axis->ticker().dynamicCast<QCPAxisTickerFixed>() ||
            (!vertical && axis->tickLabelRotation() != 0))
            continue;
        const int length = !axis->axisRect() ? 0
                           : vertical        ? axis->axisRect()->rect().height()
                                             : axis->axisRect()->rect().width();
        if (length <= 0)
            continue;
        QCPAxisTicker *ticker = axis->ticker().data();
        const QVariant applied = axis->property("_sml_tickCount");
        int wish = axis->property("_sml_tickWish").toInt();
        if (!applied.isValid() || ticker->tickCount() != applied.toInt())
            wish = ticker->tickCount(); // set by the view since
        const QFontMetricsF metrics = plotStyle::metrics(axis->tickLabelFont());
        const double line = metrics.height();
        const int before = ticker->tickCount();
        const QString format = axis->numberFormat();
        int count = 1;
        for (int c = std::max(1, wish); c >= 1; --c) {
            ticker->setTickCount(c);
            QVector<double> ticks;
            QVector<QString> labels;
            ticker->generate(axis->range(), locale(),
                             format.isEmpty() ? QLatin1Char('g') : format[0],
                             axis->numberPrecision(), ticks, nullptr, vertical ? nullptr : &labels);
            bool apart = true;
            for (int k = 1; k < ticks.size() && apart; ++k) {
                const double gap =
                    std::abs(axis->coordToPixel(ticks[k]) - axis->coordToPixel(ticks[k - 1]));
                const double need = vertical ? 1.3 * line
                                             : (metrics.horizontalAdvance(labels.value(k)) +
                                                metrics.horizontalAdvance(labels.value(k - 1))) /
                                                       2 +
                                                   0.5 * line;
                apart = gap >= need;
            }
            if (apart) {
                count = c;
                break;
            }
        }
        ticker->setTickCount(count);
        axis->setProperty("_sml_tickWish", wish);
        axis->setProperty("_sml_tickCount", count);
        if (before != count)
            changed = true;
    }
    return changed;
}

bool PlotView::fitLegends()
{
    bool changed = false;
    // A legend gets the width of the layout it sits in: a row of the view's grid spans the view,
    // an inset legend its axis rect. Entries that do not fit in one row wrap to more rows,
    // never off the edge.
    // The icons grow with the text (QCustomPlot's 32×18 at scale 1): a presentation marker
    // fits its icon whole (MarkerGraph shrinks a larger one as a whole).
    const double scale = Appearance::instance()->fontScale();
    const QSize icon(int(std::lround(32 * scale)), int(std::lround(18 * scale)));
    for (QCPLegend *legend : findChildren<QCPLegend *>()) {
        if (legend->iconSize() != icon) {
            legend->setIconSize(icon);
            changed = true;
        }
        if (!legend->visible() || legend->itemCount() == 0)
            continue;
        const QCPLayout *layout = legend->layout();
        double width = layout && layout->rect().width() > 0 ? layout->rect().width()
                                                            : double(viewport().width());
        if (legend->property("_sml_oneColumn").toBool())
            width = 0; // a legend stacked over other text in a side column (WeightBarsView)
        changed |= plotStyle::fitLegendColumns(legend, width);
    }
    return changed;
}

void PlotView::fitTitles()
{
    // Titles from addTitle() that the view does not fit itself: the text it set last, shrunk
    // from 18 pt to 13 pt (× the presentation scale) and then broken at spaces to the width.
    for (QCPTextElement *title : findChildren<QCPTextElement *>()) {
        if (!title->property("_sml_title").toBool() ||
            (title->property("_sml_fitted").toBool() && !title->property("_sml_auto").toBool()))
            continue;
        QString text = title->property("_sml_fullText").toString();
        if (title->text() != title->property("_sml_fittedText").toString())
            text = title->text(); // set anew by the view
        // Measured once per text, width and scale (this runs before every replot).
        const QString key = QStringLiteral("%1|%2|%3")
                                .arg(text)
                                .arg(mLayoutSize.width())
                                .arg(Appearance::instance()->fontScale());
        if (title->property("_sml_fitKey").toString() == key &&
            title->text() == title->property("_sml_fittedText").toString())
            continue;
        title->setProperty("_sml_fitKey", key);
        planeFit::fitTitle(title, text, mLayoutSize.width(), 18, 13, true);
        title->setProperty("_sml_auto", true);
        title->setProperty("_sml_fullText", text);
        title->setProperty("_sml_fittedText", title->text());
    }
}

bool PlotView::fitAxisLabels()
{
    bool changed = false;
    // A label longer than its axis (a short plot, large text) would be cut at both ends: the
    // label font shrinks to 70 %, then the text is elided in the middle. Axes styled by
    // plotStyle::styleAxis only (their font is plotStyle::axisLabelFont()); lengths from the
    // last layout.
    for (QCPAxis *axis : findChildren<QCPAxis *>()) {
        if (!axis->property("_sml_styledAxis").toBool() || !axis->visible())
            continue;
        QString text = axis->property("_sml_fullLabel").toString();
        if (axis->label() != axis->property("_sml_shownLabel").toString())
            text = axis->label(); // set anew by the view
        if (text.isEmpty())
            continue;
        const QCPAxisRect *rect = axis->axisRect();
        const double length = axis->orientation() == Qt::Vertical ? rect->height() : rect->width();
        // Measured once per text, length and scale (this runs before every replot).
        const QString key = QStringLiteral("%1|%2|%3")
                                .arg(text)
                                .arg(length)
                                .arg(Appearance::instance()->fontScale());
        if (axis->property("_sml_fitKey").toString() == key &&
            axis->label() == axis->property("_sml_shownLabel").toString())
            continue;
        axis->setProperty("_sml_fitKey", key);
        const QFont full = plotStyle::axisLabelFont();
        QFont font = full;
        QString shown = text;
        if (length > 40) {
            const double room = length - 8;
            // A view's shorter whole forms of the label first (axisLabelVariants), or the label
            // cut at its clauses.
            QStringList variants = axis->property(axisLabelVariants::property).toStringList();
            if (variants.isEmpty() || variants.first() != text)
                variants = axisLabelVariants::derived(text);
            shown = variants.last();
            for (const QString &variant : std::as_const(variants))
                if (plotStyle::metrics(full).horizontalAdvance(variant) <= room) {
                    shown = variant;
                    break;
                }
            const double width = plotStyle::metrics(full).horizontalAdvance(shown);
            if (width > room) {
                font.setPointSizeF(full.pointSizeF() * std::max(0.7, room / width));
                shown = plotStyle::metrics(font).elidedText(shown, Qt::ElideMiddle, int(room));
            }
        }
        if (axis->labelFont() != font) {
            axis->setLabelFont(font);
            changed = true;
        }
        if (axis->label() != shown) {
            axis->setLabel(shown);
            changed = true;
        }
        axis->setProperty("_sml_fullLabel", text);
        axis->setProperty("_sml_shownLabel", shown);
    }
    return changed;
}

QCPTextElement *PlotView::addTitle()
{
    plotLayout()->insertRow(0);
    auto *title = new QCPTextElement(this, QString(), plotStyle::titleFont());
    title->setProperty("_sml_title", true);
    plotLayout()->addElement(0, 0, title);
    return title;
}

QSize PlotView::sizeHint() const
{
    return mSizeHint.isValid() ? mSizeHint : QCustomPlot::sizeHint();
}

void PlotView::setFixedSizeHints(const QSize &hint, const QSize &minimum)
{
    mSizeHint = hint;
    mMinimumSizeHint = minimum;
    updateGeometry();
}

} // namespace sml
