// Export (issue 4, "Export"): every view of the window has the context menu (Export image…,
// Copy image, Export data as CSV…); every format decodes (PNG and JPEG through QImage, SVG
// through QSvgRenderer with <text> elements, PDF by its header, embedded fonts and a page count
// of 1); sizes in pixels and in centimetres at a DPI; transparent PNG/SVG; the CSV behind each
// plot; File ▸ Export all views…; and `--export --format jpg|svg` end to end.
#include "AppRunner.h"
#include "CsvMatrix.h"
#include "document/ScenarioDocument.h"
#include "export/ExportImageDialog.h"
#include "plots/PlotView.h"
#include "plots/attention/AttentionHeatmapView.h"
#include "plots/attention/EntropyView.h"
#include "plots/attention/WeightBarsView.h"
#include "window/MainWindow.h"
#include "window/ViewExport.h"

#include <QAction>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>
#include <memory>
#include <set>
#include <variant>

using namespace sml;
using namespace sml::test;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

/// Pages of a PDF: "/Type /Page" not followed by 's' ("/Type /Pages" is the page tree).
int pdfPageCount(const QByteArray &pdf)
{
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?!s)"));
    int n = 0;
    auto it = page.globalMatch(QString::fromLatin1(pdf));
    while (it.hasNext()) {
        it.next();
        ++n;
    }
    return n;
}

/// The MediaBox of the first page, in points.
QSizeF pdfMediaBox(const QByteArray &pdf)
{
    static const QRegularExpression box(
        QStringLiteral("/MediaBox\\s*\\[\\s*([-\\d.]+)\\s+([-\\d.]+)\\s+([-\\d.]+)\\s+([-\\d.]+)"));
    const QRegularExpressionMatch m = box.match(QString::fromLatin1(pdf));
    if (!m.hasMatch())
        return {};
    return QSizeF(m.captured(3).toDouble() - m.captured(1).toDouble(),
                  m.captured(4).toDouble() - m.captured(2).toDouble());
}

int distinctColours(const QImage &image)
{
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

/// Checks that PATH decodes as FORMAT; returns an empty string or what is wrong.
QString decodeProblem(const QString &path, const ImageExportOptions &o)
{
    const QByteArray bytes = readAll(path);
    if (bytes.size() < 100)
        return QStringLiteral("%1: %2 bytes").arg(path).arg(bytes.size());
    if (o.format == QLatin1String("png") || o.format == QLatin1String("jpg")) {
        QImage image;
        if (!image.loadFromData(bytes, o.format == QLatin1String("png") ? "PNG" : "JPEG"))
            return QStringLiteral("QImage cannot decode %1").arg(path);
        if (image.size() != o.outputPixels())
            return QStringLiteral("size %1x%2, expected %3x%4")
                .arg(image.width())
                .arg(image.height())
                .arg(o.outputPixels().width())
                .arg(o.outputPixels().height());
        if (distinctColours(image) < 3)
            return QStringLiteral("blank image");
        const int dpm = int(std::lround(o.dpi / 0.0254));
        if (std::abs(image.dotsPerMeterX() - dpm) > 2)
            return QStringLiteral("%1 dots per metre, expected %2")
                .arg(image.dotsPerMeterX())
                .arg(dpm);
        const bool cornerTransparent = qAlpha(image.pixel(0, 0)) == 0;
        if (cornerTransparent != o.transparent)
            return QStringLiteral("corner alpha %1").arg(qAlpha(image.pixel(0, 0)));
        return {};
    }
    if (o.format == QLatin1String("svg")) {
        QSvgRenderer renderer(bytes);
        if (!renderer.isValid())
            return QStringLiteral("QSvgRenderer: invalid SVG");
        if (!bytes.contains("<text"))
            return QStringLiteral("no <text> element: text was not kept as text");
        if (renderer.viewBox() != QRect(QPoint(0, 0), o.size))
            return QStringLiteral("viewBox %1x%2")
                .arg(renderer.viewBox().width())
                .arg(renderer.viewBox().height());
        return {};
    }
    if (!bytes.startsWith("%PDF-"))
        return QStringLiteral("no %PDF header");
    if (pdfPageCount(bytes) != 1)
        return QStringLiteral("%1 pages").arg(pdfPageCount(bytes));
    if (!bytes.contains("/Font"))
        return QStringLiteral("no font: text was not kept as text");
    const QSizeF box = pdfMediaBox(bytes);
    const QSizeF expected = o.physicalCm ? *o.physicalCm / 2.54 * 72.0 : QSizeF(o.size);
    if (std::abs(box.width() - expected.width()) > 1.5 ||
        std::abs(box.height() - expected.height()) > 1.5)
        return QStringLiteral("MediaBox %1 x %2, expected %3 x %4")
            .arg(box.width())
            .arg(box.height())
            .arg(expected.width())
            .arg(expected.height());
    return {};
}

/// A view that does not override dataCsv(): the generic default must describe its plottables.
class PlainView : public PlotView
{
public:
    PlainView()
    {
        auto *graph = addGraph();
        graph->setName(QStringLiteral("a curve"));
        graph->setData({0.0, 0.5, 1.0}, {1.0, std::numeric_limits<double>::quiet_NaN(), -0.25});
        auto *bars = new QCPBars(xAxis, yAxis);
        bars->setName(QStringLiteral("bars, with a comma"));
        bars->setData({0.0, 1.0}, {0.75, 2e-300});
        QSharedPointer<QCPAxisTickerText> text(new QCPAxisTickerText);
        text->addTick(0, QStringLiteral("the"));
        text->addTick(1, QStringLiteral("say \"hi\""));
        xAxis->setTicker(text);
        auto *map = new QCPColorMap(xAxis2, yAxis2);
        map->setName(QStringLiteral("map"));
        map->data()->setSize(2, 2);
        map->data()->setRange(QCPRange(0, 1), QCPRange(0, 1));
        map->data()->setCell(0, 0, 0.1);
        map->data()->setCell(1, 0, -0.0);
        map->data()->setCell(0, 1, 1.0);
        map->data()->setCell(1, 1, 2.5);
    }
    QString viewName() const override { return QStringLiteral("plain"); }
    void showAnalysis(const Analysis &, int) override {}
    QString toolTipAt(const QPointF &) const override { return {}; }

protected:
    void updateTicks() override {}
};

/// The options of one data row: "png px", "pdf cm 300", "svg px transparent"…
ImageExportOptions optionsFor(const QString &format, bool cm, bool transparent)
{
    ImageExportOptions o = cm ? ImageExportOptions::centimetres(format, QSizeF(12, 7.5), 150)
                              : ImageExportOptions::pixels(format, QSize(640, 400));
    o.transparent = transparent;
    return o;
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void optionsFromCentimetres();
    void everyViewHasTheContextMenu();
    void everyFormatDecodes_data();
    void everyFormatDecodes();
    void exportRestoresTheView();
    void exportRefusesBadOptions();
    void exportImageActionUsesTheDialog();
    void exportDialogFollowsTheFormat();
    void copyImagePutsAnImageOnTheClipboard();
    void heatmapCsvIsTheWeightMatrix();
    void weightBarsCsv();
    void entropyCsv();
    void everyViewGivesCsv();
    void defaultCsvDescribesThePlottables();
    void exportDataActionWritesTheFile();
    void exportAllViewsFromTheMenu();
    void commandLineExportDecodes_data();
    void commandLineExportDecodes();

private:
    Scenario causal() const;
};

Scenario TestExport::causal() const
{
    Scenario s = defaultScenario();
    s.queryLabels = {QStringLiteral("a"), QStringLiteral("b, c"), QStringLiteral("d")};
    s.queries.resize(3, 2);
    s.queries << 1.0, 0.5, 0.5, -1.0, -0.3, 0.8;
    s.mask = MaskKind::Causal;
    s.normalizeSideArrays();
    return s;
}

void TestExport::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestExport::cleanup()
{
    PlotView::setDialogRunner([](QDialog &d) { return d.exec() == QDialog::Accepted; });
    PlotView::setErrorReporter([](const QString &, const QString &m) { QFAIL(qPrintable(m)); });
}

void TestExport::optionsFromCentimetres()
{
    const ImageExportOptions o = ImageExportOptions::centimetres("PNG", QSizeF(10, 5), 300);
    QCOMPARE(o.format, QStringLiteral("png"));
    QCOMPARE(o.size, QSize(378, 189));            // at 96 dpi, so fonts keep their size
    QCOMPARE(o.outputPixels(), QSize(1181, 591)); // 10 cm at 300 dpi = 1181.1 px
    QCOMPARE(o.dpi, 300);
    QVERIFY(!o.check());
    QCOMPARE(ImageExportOptions::normalizedFormat("JPEG"), QStringLiteral("jpg"));
    QVERIFY(ImageExportOptions::normalizedFormat("gif").isEmpty());
    QVERIFY(ImageExportOptions::supportsTransparency("svg"));
    QVERIFY(!ImageExportOptions::supportsTransparency("jpg"));
    QVERIFY(!ImageExportOptions::supportsTransparency("pdf"));
    QVERIFY(ImageExportOptions::centimetres("png", QSizeF(200, 200), 2400).check()); // too big
}

void TestExport::everyViewHasTheContextMenu()
{
    MainWindow w;
    const QList<PlotView *> views = w.plotViews();
    // Every plot of the window: the exported views but the derivation panel, which is text.
    QStringList names;
    for (PlotView *view : views)
        names << view->viewName();
    QStringList expected = exportViewNames();
    expected.removeAll(QStringLiteral("derivation"));
    names.sort();
    expected.sort();
    QCOMPARE(names, expected);
    for (PlotView *view : views) {
        const QString name = view->viewName();
        QCOMPARE(view->contextMenuPolicy(), Qt::ActionsContextMenu);
        QStringList texts;
        for (QAction *a : view->actions())
            texts << a->text();
        QVERIFY2(texts.contains(QStringLiteral("Export image…")), qPrintable(name));
        QVERIFY2(texts.contains(QStringLiteral("Copy image")), qPrintable(name));
        QVERIFY2(texts.contains(QStringLiteral("Export data as CSV…")), qPrintable(name));
        QVERIFY(view->actions().contains(view->exportImageAction()));
        QVERIFY(view->actions().contains(view->copyImageAction()));
        QVERIFY(view->actions().contains(view->exportDataAction()));
    }
}

void TestExport::everyFormatDecodes_data()
{
    QTest::addColumn<int>("view");
    QTest::addColumn<QString>("format");
    QTest::addColumn<bool>("cm");
    QTest::addColumn<bool>("transparent");
    MainWindow w;
    const QList<PlotView *> views = w.plotViews();
    for (int v = 0; v < views.size(); ++v)
        for (const QString &format : ImageExportOptions::formats())
            for (bool cm : {false, true}) {
                const bool transparent = ImageExportOptions::supportsTransparency(format) && cm;
                QTest::addRow("%s %s %s%s", qPrintable(views[v]->viewName()), qPrintable(format),
                              cm ? "12x7.5 cm at 150 dpi" : "640x400 px",
                              transparent ? " transparent" : "")
                    << v << format << cm << transparent;
            }
}

void TestExport::everyFormatDecodes()
{
    QFETCH(int, view);
    QFETCH(QString, format);
    QFETCH(bool, cm);
    QFETCH(bool, transparent);
    MainWindow w;
    QVERIFY(!w.document()->resetTo(causal()));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    PlotView *plot = w.plotViews().at(view);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("out.") + format);
    const ImageExportOptions o = optionsFor(format, cm, transparent);
    const auto error = plot->exportImage(path, o, QStringLiteral("a title"));
    QVERIFY2(!error, qPrintable(error.value_or(QString())));
    const QString problem = decodeProblem(path, o);
    QVERIFY2(problem.isEmpty(), qPrintable(plot->viewName() + QStringLiteral(": ") + problem));
    if (format == QLatin1String("svg") && transparent) {
        // No white page behind the plot: the renderer leaves the corner transparent.
        QImage image(o.size, QImage::Format_ARGB32);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        QSvgRenderer(path).render(&painter);
        painter.end();
        QCOMPARE(qAlpha(image.pixel(1, 1)), 0);
    }
}

void TestExport::exportRestoresTheView()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    PlotView *plot = w.heatmapView();
    const QSize layout = plot->layoutSize();
    QTemporaryDir dir;
    QVERIFY(!plot->exportImage(dir.filePath(QStringLiteral("a.png")),
                               ImageExportOptions::pixels("png", QSize(300, 200))));
    QCOMPARE(plot->layoutSize(), layout);
    // The background is white again after a transparent export.
    ImageExportOptions transparent = ImageExportOptions::pixels("png", QSize(300, 200));
    transparent.transparent = true;
    QVERIFY(!plot->exportImage(dir.filePath(QStringLiteral("b.png")), transparent));
    const QImage after = plot->renderImage(ImageExportOptions::pixels("png", QSize(300, 200)));
    QCOMPARE(qAlpha(after.pixel(0, 0)), 255);
}

void TestExport::exportRefusesBadOptions()
{
    AttentionHeatmapView view;
    QTemporaryDir dir;
    QVERIFY(view.exportImage(dir.filePath(QStringLiteral("x.gif")),
                             ImageExportOptions::pixels("gif", QSize(300, 200))));
    QVERIFY(view.exportImage(dir.filePath(QStringLiteral("x.png")),
                             ImageExportOptions::pixels("png", QSize(8, 200))));
    const auto error = view.exportImage(dir.filePath(QStringLiteral("no/such/dir/x.png")),
                                        ImageExportOptions::pixels("png", QSize(300, 200)));
    QVERIFY(error.has_value());
    QVERIFY(error->contains(QStringLiteral("x.png")));

    // The stated limits (docs/promises.md): a side above 8192, more than 40 megapixels (also
    // when a scale makes them), a scale above 16. Refused before drawing; nothing is written.
    const auto refusal = [&](const ImageExportOptions &o) {
        const QString path = dir.filePath(QStringLiteral("big.") + o.format);
        const auto e = view.exportImage(path, o);
        return e && !QFileInfo::exists(path) ? *e : QString();
    };
    QVERIFY(refusal(ImageExportOptions::pixels("png", QSize(8193, 100)))
                .contains(QStringLiteral("8192")));
    QVERIFY(refusal(ImageExportOptions::pixels("svg", QSize(8000, 8000)))
                .contains(QStringLiteral("40 megapixels")));
    ImageExportOptions scaled = ImageExportOptions::pixels("png", QSize(4000, 3000));
    scaled.scale = 2; // 8000 × 6000 pixels out: 48 megapixels
    QVERIFY(refusal(scaled).contains(QStringLiteral("40 megapixels")));
    scaled.scale = 1e12;
    QVERIFY(refusal(scaled).contains(QStringLiteral("scale")));
    QVERIFY(!ImageExportOptions::pixels("png", QSize(7680, 4320)).check()); // 8K fits
}

void TestExport::exportImageActionUsesTheDialog()
{
    MainWindow w;
    QTemporaryDir dir;
    const QString target = dir.filePath(QStringLiteral("heatmap")); // no extension
    int shown = 0;
    PlotView::setDialogRunner([&](QDialog &d) {
        ++shown;
        auto &dialog = static_cast<ExportImageDialog &>(d);
        if (dialog.mode() != ExportImageDialog::Mode::File)
            return false;
        dialog.setPath(target);
        dialog.setFormat(QStringLiteral("svg"));
        dialog.setPixelSize(QSize(500, 300));
        dialog.setTransparent(true);
        return true;
    });
    QSignalSpy messages(w.heatmapView(), &PlotView::exportMessage);
    w.heatmapView()->exportImageAction()->trigger();
    QCOMPARE(shown, 1);
    const QString written = target + QStringLiteral(".svg"); // the extension follows the format
    QVERIFY(QFile::exists(written));
    ImageExportOptions expected = ImageExportOptions::pixels("svg", QSize(500, 300));
    expected.transparent = true;
    const QString problem = decodeProblem(written, expected);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(messages.count(), 1);
    QVERIFY(messages.first().first().toString().contains(QStringLiteral("heatmap.svg")));

    // Cancel writes nothing.
    PlotView::setDialogRunner([](QDialog &) { return false; });
    QFile::remove(written);
    w.heatmapView()->exportImageAction()->trigger();
    QVERIFY(!QFile::exists(written));
}

void TestExport::exportDialogFollowsTheFormat()
{
    ExportImageDialog dialog(ExportImageDialog::Mode::File);
    dialog.setPath(QStringLiteral("/tmp/plot.png"));
    dialog.setFormat(QStringLiteral("jpg"));
    QCOMPARE(dialog.path(), QStringLiteral("/tmp/plot.jpg"));
    QVERIFY(!dialog.transparentCheck()->isEnabled()); // JPEG has no alpha
    dialog.setTransparent(true);
    QVERIFY(!dialog.options().transparent);
    dialog.setFormat(QStringLiteral("png"));
    QVERIFY(dialog.transparentCheck()->isEnabled());
    QVERIFY(dialog.options().transparent);
    dialog.setFormat(QStringLiteral("pdf"));
    QVERIFY(!dialog.transparentCheck()->isEnabled());

    dialog.setFormat(QStringLiteral("png"));
    dialog.setCentimetres(QSizeF(10, 5), 300);
    const ImageExportOptions o = dialog.options();
    QCOMPARE(o.outputPixels(), QSize(1181, 591));
    QVERIFY(dialog.resultLabel()->text().contains(QStringLiteral("1181")));
    QVERIFY(dialog.buttons()->button(QDialogButtonBox::Ok)->isEnabled());
    dialog.setPath(QString());
    QVERIFY(!dialog.buttons()->button(QDialogButtonBox::Ok)->isEnabled());

    dialog.setPixelSize(QSize(800, 600));
    QCOMPARE(dialog.options().size, QSize(800, 600));
    QCOMPARE(dialog.options().outputPixels(), QSize(800, 600));
    QVERIFY(!dialog.options().physicalCm);
}

void TestExport::copyImagePutsAnImageOnTheClipboard()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QClipboard *clipboard = QGuiApplication::clipboard();
    clipboard->clear();
    PlotView *view = w.weightBarsView();
    view->copyImageAction()->trigger();
    const QImage image = clipboard->image();
    QVERIFY(!image.isNull());
    QSize expected = view->size();
    if (!view->isVisible() || expected.width() < 16 || expected.height() < 16)
        expected = view->layoutSize();
    QCOMPARE(image.size(), expected);
    QVERIFY(distinctColours(image) > 3);
}

void TestExport::heatmapCsvIsTheWeightMatrix()
{
    AttentionHeatmapView view;
    // Shared, as the window holds it: the view may keep only a weak reference.
    const auto shared = std::make_shared<Analysis>(causal());
    const Analysis &analysis = *shared;
    view.showAnalysis(analysis, 1);
    const QString csv = view.dataCsv();
    QVERIFY(csv.startsWith(QStringLiteral("query,k1,k2,k3\n")));
    QVERIFY(csv.contains(QStringLiteral("\n\"b, c\",")));
    // Our own strict CSV reader reads it back: labels, header, the m×T weights exactly.
    MatrixResult parsed = CsvMatrix::parse(csv.toUtf8());
    QVERIFY(std::holds_alternative<ImportedMatrix>(parsed));
    const ImportedMatrix &m = std::get<ImportedMatrix>(parsed);
    QCOMPARE(m.rowLabels, analysis.scenario().queryLabels);
    QCOMPARE(m.columnNames, analysis.scenario().keyLabels);
    QCOMPARE(m.data.rows(), 3);
    QCOMPARE(m.data.cols(), 3);
    for (int i = 0; i < 3; ++i)
        for (int t = 0; t < 3; ++t)
            QCOMPARE(m.data(i, t), analysis.attention().weights(i, t)); // shortest round trip
    QCOMPARE(m.data(0, 1), 0.0);                                        // masked
}

void TestExport::weightBarsCsv()
{
    WeightBarsView view;
    const Analysis analysis(causal());
    view.showAnalysis(analysis, 1); // query "b, c" sees k1, k2
    const QString csv = view.dataCsv();
    QVERIFY(csv.startsWith(QStringLiteral("key,w,pi,p\n")));
    MatrixResult parsed = CsvMatrix::parse(csv.toUtf8());
    QVERIFY(std::holds_alternative<ImportedMatrix>(parsed));
    const ImportedMatrix &m = std::get<ImportedMatrix>(parsed);
    QCOMPARE(m.rowLabels, (QStringList{QStringLiteral("k1"), QStringLiteral("k2")}));
    QCOMPARE(m.data.cols(), 3);
    const QueryDetail d = analysis.detail(1);
    for (int j = 0; j < 2; ++j) {
        QCOMPARE(m.data(j, 0), d.weights[j]);
        QVERIFY(std::abs(m.data(j, 1) - d.weights[j]) < 1e-12); // π = w
        QVERIFY(std::abs(m.data(j, 2) - d.weights[j]) < 1e-9);  // p = w
    }
}

void TestExport::entropyCsv()
{
    EntropyView view;
    const Analysis analysis(causal());
    view.showAnalysis(analysis, 0);
    const QString csv = view.dataCsv();
    QVERIFY(csv.startsWith(QStringLiteral("query,H,log|V|\n")));
    MatrixResult parsed = CsvMatrix::parse(csv.toUtf8());
    QVERIFY(std::holds_alternative<ImportedMatrix>(parsed));
    const ImportedMatrix &m = std::get<ImportedMatrix>(parsed);
    QCOMPARE(m.data.rows(), 3);
    QCOMPARE(m.data(0, 0), 0.0); // query 1 sees one key
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(m.data(i, 0), analysis.attention().entropy[i]);
        QVERIFY(std::abs(m.data(i, 1) - std::log(double(i + 1))) < 1e-15);
    }
}

void TestExport::everyViewGivesCsv()
{
    MainWindow w;
    for (PlotView *view : w.plotViews()) {
        const QString csv = view->dataCsv();
        QVERIFY2(csv.endsWith(QLatin1Char('\n')), qPrintable(view->viewName()));
        QVERIFY2(csv.count(QLatin1Char('\n')) >= 2, qPrintable(view->viewName() + ": " + csv));
        static const QRegularExpression notFinite(QStringLiteral("(^|,)(-?nan|-?inf)(,|$)"),
                                                  QRegularExpression::MultilineOption |
                                                      QRegularExpression::CaseInsensitiveOption);
        QVERIFY2(!notFinite.match(csv).hasMatch(), qPrintable(view->viewName()));
    }
}

void TestExport::defaultCsvDescribesThePlottables()
{
    PlainView view;
    QCOMPARE(view.dataCsv(),
             QStringLiteral("series,kind,key,key_label,value,value_label,z\n"
                            "a curve,graph,0,the,1,,\n"
                            "a curve,graph,0.5,,,,\n"
                            "a curve,graph,1,\"say \"\"hi\"\"\",-0.25,,\n"
                            "\"bars, with a comma\",bars,0,the,0.75,,\n"
                            "\"bars, with a comma\",bars,1,\"say \"\"hi\"\"\",2e-300,,\n"
                            "map,colormap,0,,0,,0.1\n"
                            "map,colormap,1,,0,,0\n"
                            "map,colormap,0,,1,,1\n"
                            "map,colormap,1,,1,,2.5\n"));
}

void TestExport::exportDataActionWritesTheFile()
{
    MainWindow w;
    QTemporaryDir dir;
    QString suggested;
    PlotView::setSaveFileNamePrompt([&](const QString &, const QString &s, const QString &) {
        suggested = s;
        return dir.filePath(QStringLiteral("weights")); // ".csv" is appended
    });
    w.heatmapView()->exportDataAction()->trigger();
    QVERIFY(suggested.endsWith(QStringLiteral("attention-heatmap.csv")));
    QCOMPARE(QString::fromUtf8(readAll(dir.filePath(QStringLiteral("weights.csv")))),
             w.heatmapView()->dataCsv());
    PlotView::setSaveFileNamePrompt(
        [](const QString &, const QString &, const QString &) { return QString(); });
}

void TestExport::exportAllViewsFromTheMenu()
{
    MainWindow w;
    w.setErrorReporter([](const QString &, const QString &m) { QFAIL(qPrintable(m)); });
    QVERIFY(!w.document()->resetTo(causal()));
    w.document()->setSelectedQuery(2);
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("lesson views"));
    w.setDialogRunner([&](QDialog &d) {
        auto &dialog = static_cast<ExportImageDialog &>(d);
        if (dialog.mode() != ExportImageDialog::Mode::Folder)
            return false;
        dialog.setPath(folder);
        dialog.setFormat(QStringLiteral("jpg"));
        dialog.setCentimetres(QSizeF(8, 5), 100);
        return true;
    });
    QAction *action = w.findChild<QAction *>(QStringLiteral("exportAllViewsAction"));
    QVERIFY(action);
    action->trigger();
    const ImageExportOptions o = ImageExportOptions::centimetres("jpg", QSizeF(8, 5), 100);
    for (const QString &name : exportViewNames()) {
        const QString path = QDir(folder).filePath(name + QStringLiteral(".jpg"));
        QVERIFY2(QFile::exists(path), qPrintable(path));
        const QString problem = decodeProblem(path, o);
        QVERIFY2(problem.isEmpty(), qPrintable(name + QStringLiteral(": ") + problem));
    }
}

void TestExport::commandLineExportDecodes_data()
{
    QTest::addColumn<QString>("format");
    for (const QString &f : ImageExportOptions::formats())
        QTest::newRow(qPrintable(f)) << f;
    QTest::newRow("jpeg spelled out") << QStringLiteral("jpeg");
}

void TestExport::commandLineExportDecodes()
{
    QFETCH(QString, format);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("views"));
    const AppRun r = runApp(
        {QStringLiteral("--export"), out, QStringLiteral("--format"), format,
         QStringLiteral("--size"), QStringLiteral("700x450"),
         QStringLiteral(SML_SOURCE_DIR "/resources/scenarios/causal-sentence.softmaxlab.json")});
    QVERIFY2(r.status == QProcess::NormalExit, r.err.constData());
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const ImageExportOptions o = ImageExportOptions::pixels(format, QSize(700, 450));
    for (const QString &name : exportViewNames()) {
        const QString path = QDir(out).filePath(name + QLatin1Char('.') + o.format);
        QVERIFY2(QFile::exists(path), qPrintable(path));
        const QString problem = decodeProblem(path, o);
        QVERIFY2(problem.isEmpty(), qPrintable(name + QStringLiteral(": ") + problem));
    }
}

QTEST_MAIN(TestExport)
#include "tst_export.moc"
