// Export (issue 4, "Export"; issue 14 #5, #6): every view of the window has the context menu
// (Export image…, Copy image, Export data as CSV…); the export rule (k from the size, the text
// scale F, "Slide 16:9" in the dialog) and its limits; SVG keeps the axis rect's clip and names a
// real font family; a live view exported at another F comes back as it was; the CSV behind each
// plot; File ▸ Export all views…; and `--export --format …` end to end. Each view's pictures in
// every format are checked one view at a time by tst_exportview, the command line's --scale and
// --slide by tst_exportscale.
#include "AppRunner.h"
#include "CsvMatrix.h"
#include "ExportChecks.h"
#include "TestScenarios.h"
#include "document/ScenarioDocument.h"
#include "export/ExportImageDialog.h"
#include "plots/PlotView.h"
#include "plots/attention/AttentionHeatmapView.h"
#include "plots/attention/EntropyView.h"
#include "plots/attention/WeightBarsView.h"
#include "style/Appearance.h"
#include "window/MainWindow.h"
#include "window/ViewExport.h"

#include <QAction>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFontInfo>
#include <QImage>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <cmath>
#include <limits>
#include <memory>
#include <set>
#include <variant>

using namespace sml;
using namespace sml::test;

namespace {

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

} // namespace

class TestExport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void optionsFromCentimetres();
    void everyViewHasTheContextMenu();
    void pixelSizesFollowTheScaleRule();
    void textScaleHasLimits();
    void exportViewsAreRegisteredOneByOne();
    void everyExportViewHasItsName();
    void svgKeepsTheAxisRectClip();
    void textScaleExportRestoresTheLiveView();
    void exportDialogSlidePreset();
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
};

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

void TestExport::pixelSizesFollowTheScaleRule()
{
    // k = max(1, min(W/1200, H/800)) (scenario-format.md, "Command line: additions"): the layout
    // is W×H / k, so text, lines and markers sized for 1200×800 are drawn k times larger.
    struct Row
    {
        QSize size;
        double k;
        QSize layout;
    };
    const Row rows[] = {
        {{1200, 800}, 1.0, {1200, 800}},   {{2400, 1600}, 2.0, {1200, 800}},
        {{1920, 1080}, 1.35, {1422, 800}}, {{640, 400}, 1.0, {640, 400}},
        {{3600, 800}, 1.0, {3600, 800}},   {{1200, 1600}, 1.0, {1200, 1600}},
        {{8000, 5000}, 6.25, {1280, 800}},
    };
    for (const Row &row : rows) {
        const ImageExportOptions o = ImageExportOptions::pixels("png", row.size);
        const QString name = QStringLiteral("%1x%2").arg(row.size.width()).arg(row.size.height());
        QVERIFY2(std::abs(o.magnification - row.k) < 1e-12, qPrintable(name));
        QVERIFY2(o.layoutSize() == row.layout, qPrintable(name));
        QVERIFY2(o.outputPixels() == row.size, qPrintable(name)); // exactly the size asked
        QCOMPARE(o.textScale, 1.0);
        QVERIFY(!o.check());
    }
    // --slide: 1920×1080 at the default presentation scale.
    const ImageExportOptions slide = ImageExportOptions::slide("svg");
    QCOMPARE(slide.size, QSize(1920, 1080));
    QCOMPARE(slide.textScale, 1.5);
    QCOMPARE(slide.textScale, Appearance::defaultPresentationScale);
    QCOMPARE(slide.magnification, 1.35);
    // Centimetres keep their physical font sizes: k = 1 however large the page.
    const ImageExportOptions poster = ImageExportOptions::centimetres("pdf", QSizeF(60, 40), 300);
    QCOMPARE(poster.magnification, 1.0);
    QCOMPARE(poster.layoutSize(), poster.size);
}

void TestExport::textScaleHasLimits()
{
    // --scale F: 0.5 ≤ F ≤ 4 (scenario-format.md); outside, nothing is drawn or written.
    for (double f : {0.5, 1.0, 2.5, 4.0})
        QVERIFY2(!ImageExportOptions::pixels("png", QSize(600, 400), f).check(),
                 qPrintable(QString::number(f)));
    for (double f : {0.49, 4.01, 0.0, -1.0, std::numeric_limits<double>::quiet_NaN(),
                     std::numeric_limits<double>::infinity()}) {
        const auto error = ImageExportOptions::pixels("png", QSize(600, 400), f).check();
        QVERIFY2(error && error->contains(QStringLiteral("text scale")),
                 qPrintable(QString::number(f)));
    }
    AttentionHeatmapView view;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("x.png"));
    QVERIFY(view.exportImage(path, ImageExportOptions::pixels("png", QSize(600, 400), 5)));
    QVERIFY(!QFileInfo::exists(path));
    QCOMPARE(Appearance::instance()->exportScale(), 1.0);
}

void TestExport::exportViewsAreRegisteredOneByOne()
{
    // tests/ui/CMakeLists.txt registers tst_exportview once per view from its own list: it must
    // be exportViewNames(), or a view would go untested.
    QCOMPARE(QStringLiteral(SML_EXPORT_VIEW_LIST).split(QLatin1Char(',')), exportViewNames());
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("views"));
    const auto error =
        exportViews(defaultScenario(), out, ImageExportOptions::pixels("png", QSize(300, 200)),
                    {QStringLiteral("entropy"), QStringLiteral("no-such-view")});
    QVERIFY(error && error->contains(QStringLiteral("no-such-view")));
    QVERIFY(!QFileInfo::exists(QDir(out).filePath(QStringLiteral("entropy.png"))));
    QStringList written;
    QVERIFY(!exportViews(defaultScenario(), out, ImageExportOptions::pixels("png", QSize(300, 200)),
                         {QStringLiteral("entropy"), QStringLiteral("derivation")}, 0, &written));
    QCOMPARE(written, (QStringList{QDir(out).filePath(QStringLiteral("entropy.png")),
                                   QDir(out).filePath(QStringLiteral("derivation.png"))}));
}

void TestExport::everyExportViewHasItsName()
{
    // makeExportView(n) builds the view named n (in Release too, where no Q_ASSERT checks it):
    // a name paired with the wrong class would export another view under that name.
    for (const QString &name : exportViewNames()) {
        const std::unique_ptr<PlotView> view = makeExportView(name);
        if (name == QLatin1String("derivation")) { // text, not a plot view
            QVERIFY(!view);
            continue;
        }
        QVERIFY2(view, qPrintable(name));
        QCOMPARE(view->viewName(), name);
    }
    QVERIFY(!makeExportView(QStringLiteral("no-such-view")));
}

void TestExport::svgKeepsTheAxisRectClip()
{
    // Qt 6.4's QSvgGenerator writes no clip: a curve beyond its axes was drawn over the margins.
    // The curve must sit in a clip-path group whose rectangle is the axis rect, and the text
    // must name the family it is drawn with, with a generic fallback.
    PlainView view;
    QCPGraph *curve = view.graph(0);
    curve->setPen(QPen(QColor(0x12, 0x34, 0x56), 3));
    curve->setData({-5.0, 0.5, 5.0}, {-5.0, 0.25, 5.0}); // far beyond the ranges below
    view.xAxis->setRange(0, 1);
    view.yAxis->setRange(0, 1);
    view.resize(600, 400);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("clip.svg"));
    QVERIFY(!view.exportImage(path, ImageExportOptions::pixels("svg", QSize(600, 400))));
    const QRect axisRect = view.axisRect()->rect(); // laid out at 600×400 as exported
    const QByteArray svg = readAll(path);

    QHash<QString, QRectF> clipRects;
    QString clipId;
    QXmlStreamReader xml(svg);
    std::vector<QString> clipStack; // the clip in force at each open <g>
    QString curveClip;
    bool curveSeen = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const QXmlStreamAttributes a = xml.attributes();
            if (xml.name() == QLatin1String("clipPath"))
                clipId = a.value(QLatin1String("id")).toString();
            else if (xml.name() == QLatin1String("rect") && !clipId.isEmpty())
                clipRects.insert(clipId, QRectF(a.value(QLatin1String("x")).toDouble(),
                                                a.value(QLatin1String("y")).toDouble(),
                                                a.value(QLatin1String("width")).toDouble(),
                                                a.value(QLatin1String("height")).toDouble()));
            if (xml.name() == QLatin1String("g")) {
                QString clip = clipStack.empty() ? QString() : clipStack.back();
                const QString ref = a.value(QLatin1String("clip-path")).toString();
                if (ref.startsWith(QLatin1String("url(#")))
                    clip = ref.mid(5).chopped(1);
                clipStack.push_back(clip);
                if (a.value(QLatin1String("stroke")) == QLatin1String("#123456")) {
                    curveSeen = true;
                    curveClip = clip;
                }
            }
        } else if (xml.isEndElement()) {
            if (xml.name() == QLatin1String("g"))
                clipStack.pop_back();
            if (xml.name() == QLatin1String("clipPath"))
                clipId.clear();
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(curveSeen);
    QVERIFY2(clipRects.contains(curveClip),
             qPrintable(QStringLiteral("curve clip '%1'").arg(curveClip)));
    const QRectF clip = clipRects.value(curveClip);
    QVERIFY2(std::abs(clip.left() - axisRect.left()) < 1.5 &&
                 std::abs(clip.top() - axisRect.top()) < 1.5 &&
                 std::abs(clip.right() - axisRect.right()) < 1.5 &&
                 std::abs(clip.bottom() - axisRect.bottom()) < 1.5,
             qPrintable(QStringLiteral("clip %1,%2 %3x%4, axis rect %5,%6 %7x%8")
                            .arg(clip.x())
                            .arg(clip.y())
                            .arg(clip.width())
                            .arg(clip.height())
                            .arg(axisRect.x())
                            .arg(axisRect.y())
                            .arg(axisRect.width())
                            .arg(axisRect.height())));
    QVERIFY(!svg.contains("smlclip")); // no marker left
    QVERIFY(!svg.contains("font-family=\"Sans Serif\""));
    const QString family = QFontInfo(QFont()).family();
    QVERIFY2(svg.contains(QStringLiteral("font-family=\"%1, sans-serif\"").arg(family).toUtf8()),
             qPrintable(family));
}

void TestExport::textScaleExportRestoresTheLiveView()
{
    // A view of the window exported at F = 2 draws its text twice as large (the presentation
    // mode's mechanism) and is as it was afterwards.
    QVERIFY2(!tool(QStringLiteral("pdftotext")).isEmpty(), missingTool("pdftotext").constData());
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    PlotView *plot = w.weightBarsView();
    plot->replot();
    const double tickPoints = plot->yAxis->tickLabelFont().pointSizeF();
    const double labelPoints = plot->yAxis->labelFont().pointSizeF();
    const double axisPen = plot->yAxis->basePen().widthF();
    QTemporaryDir dir;
    const QString one = dir.filePath(QStringLiteral("one.pdf"));
    const QString two = dir.filePath(QStringLiteral("two.pdf"));
    QVERIFY(!plot->exportImage(one, ImageExportOptions::pixels("pdf", QSize(1200, 800))));
    QVERIFY(!plot->exportImage(two, ImageExportOptions::pixels("pdf", QSize(1200, 800), 2)));
    const double ratio = medianWordHeight(two) / medianWordHeight(one);
    QVERIFY2(std::abs(ratio - 2) < 0.1, qPrintable(QString::number(ratio)));
    QCOMPARE(Appearance::instance()->exportScale(), 1.0);
    plot->replot();
    QCOMPARE(plot->yAxis->tickLabelFont().pointSizeF(), tickPoints);
    QCOMPARE(plot->yAxis->labelFont().pointSizeF(), labelPoints);
    QCOMPARE(plot->yAxis->basePen().widthF(), axisPen);
}

void TestExport::exportDialogSlidePreset()
{
    QSettings().remove(QStringLiteral("export"));
    ExportImageDialog dialog(ExportImageDialog::Mode::File);
    dialog.setPath(QStringLiteral("/tmp/plot.png"));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QComboBox *preset = dialog.presetBox();
    QCOMPARE(preset->currentIndex(), int(ExportImageDialog::Preset::Screen)); // 1200 × 800
    preset->setFocus();
    QTest::keyClick(preset, Qt::Key_Down);
    QCOMPARE(preset->currentIndex(), int(ExportImageDialog::Preset::FullHd));
    QCOMPARE(dialog.options().size, QSize(1920, 1080));
    QCOMPARE(dialog.options().textScale, 1.0);
    QCOMPARE(dialog.options().magnification, 1.35); // pixel sizes follow --size's rule
    QTest::keyClick(preset, Qt::Key_Down);
    QCOMPARE(preset->currentIndex(), int(ExportImageDialog::Preset::Slide));
    ImageExportOptions o = dialog.options();
    QCOMPARE(o.size, QSize(1920, 1080));
    QCOMPARE(o.textScale, ImageExportOptions::slideTextScale); // what --slide writes
    QCOMPARE(o.magnification, 1.35);
    QVERIFY2(dialog.resultLabel()->text().contains(QLocale().toString(1.35 * 1.5, 'g', 3)),
             qPrintable(dialog.resultLabel()->text()));
    // Another size is no preset any more; the text scale stays.
    dialog.setPixelSize(QSize(1600, 900));
    QCOMPARE(preset->currentIndex(), int(ExportImageDialog::Preset::Custom));
    QCOMPARE(dialog.options().textScale, 1.5);
    QCOMPARE(dialog.options().magnification, 1.125);
    // Centimetres keep their physical font sizes.
    dialog.setCentimetres(QSizeF(60, 40), 300);
    QCOMPARE(dialog.options().magnification, 1.0);
    QCOMPARE(dialog.options().textScale, 1.5);
    dialog.saveSettings();
    ExportImageDialog again(ExportImageDialog::Mode::File);
    QCOMPARE(again.textScaleBox()->value(), 1.5);

    // While presenting at 2×, the slide's text is still 1.5 times the normal size.
    Appearance *look = Appearance::instance();
    look->setScreenScaleCap(Appearance::maxScale); // (a screen with room for 2×)
    look->setPresentationScale(2.0);
    look->setPresentation(true);
    ExportImageDialog presenting(ExportImageDialog::Mode::File);
    presenting.setPreset(ExportImageDialog::Preset::Slide);
    QCOMPARE(presenting.options().textScale, 0.75);
    QCOMPARE(presenting.presetBox()->currentIndex(), int(ExportImageDialog::Preset::Slide));
    // Presenting at 1.5×, the slide's text scale is 1, the same as Full HD's: the box keeps
    // the preset chosen with the keyboard, both ways.
    look->setPresentationScale(1.5);
    QSettings().remove(QStringLiteral("export")); // starts at 1200 × 800
    ExportImageDialog at15(ExportImageDialog::Mode::File);
    at15.setPath(QStringLiteral("/tmp/plot.png"));
    at15.show();
    QVERIFY(QTest::qWaitForWindowExposed(&at15));
    at15.presetBox()->setFocus();
    QTest::keyClick(at15.presetBox(), Qt::Key_Down); // Screen → Full HD
    QTest::keyClick(at15.presetBox(), Qt::Key_Down); // → Slide
    QCOMPARE(at15.options().textScale, 1.0);
    QCOMPARE(at15.presetBox()->currentIndex(), int(ExportImageDialog::Preset::Slide));
    QVERIFY2(at15.resultLabel()->text().contains(QLocale().toString(1.35 * 1.5, 'g', 3)),
             qPrintable(at15.resultLabel()->text()));
    QTest::keyClick(at15.presetBox(), Qt::Key_Up);
    QCOMPARE(at15.presetBox()->currentIndex(), int(ExportImageDialog::Preset::FullHd));
    look->setPresentation(false);
    look->setPresentationScale(Appearance::defaultPresentationScale);
    QSettings().remove(QStringLiteral("export"));
}

void TestExport::everyViewHasTheContextMenu()
{
    MainWindow w;
    const QList<PlotView *> views = w.plotViews();
    // Every plot of the window: the exported views but the derivation panel, which is text, and
    // the model views (their tabs are there for every scenario).
    QStringList names;
    for (PlotView *view : views)
        names << view->viewName();
    QStringList expected = exportViewNames() + modelExportViewNames();
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
    const auto shared = std::make_shared<Analysis>(causalThreeQueries());
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
    const Analysis analysis(causalThreeQueries());
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
    const Analysis analysis(causalThreeQueries());
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
    QVERIFY(!w.document()->resetTo(causalThreeQueries()));
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
