// Export, one view at a time (issue 14 #5, #6): tests/ui/CMakeLists.txt registers this test once
// per exported view with SML_EXPORT_VIEW=<view-name>, so that no ctest test nears the timeout in
// the sanitizer build; without the variable every view runs. For the view:
// - every format decodes (PNG and JPEG through QImage, SVG through QSvgRenderer with <text>
//   elements and a CSS font family, PDF by its header, fonts and one page), in pixels and in
//   centimetres, from the window's own view;
// - its SVG, rendered by rsvg-convert at 1920×1080 for a scenario whose σ circles are larger
//   than the plot, looks like its PNG: fewer than 4 % of the pixels differ by more than 24/255
//   in a channel (Qt 6.4's QSvgGenerator writes no clip: the circles covered the title);
// - the export rule k = max(1, min(W/1200, H/800)): its 2400×1600 export, scaled down to
//   1200×800, is its 1200×800 export (mean difference at most 8/255 per channel), as PNG, as PDF
//   rendered by pdftoppm and as SVG rendered by rsvg-convert.
#include "AppRunner.h"
#include "ExportChecks.h"
#include "TestScenarios.h"
#include "document/ScenarioDocument.h"
#include "plots/PlotView.h"
#include "window/MainWindow.h"
#include "window/ViewExport.h"

#include <QPainter>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

using namespace sml;
using namespace sml::test;

namespace {

/// The views this run covers: SML_EXPORT_VIEW, or every view.
QStringList viewsUnderTest()
{
    const QString only = qEnvironmentVariable("SML_EXPORT_VIEW");
    return only.isEmpty() ? exportViewNames() : QStringList{only};
}

/// Writes `view` of `scenario` with `options` into `dir` and returns the file's path (empty
/// when the export failed; the message goes to the test log).
QString exportOne(const Scenario &scenario, const QString &view, const ImageExportOptions &options,
                  const QTemporaryDir &dir, const QString &subdir)
{
    const QString out = dir.filePath(subdir);
    if (auto error = exportViews(scenario, out, options, {view})) {
        qWarning("%s", qPrintable(*error));
        return {};
    }
    return QDir(out).filePath(view + QLatin1Char('.') + options.format);
}

/// The picture of an exported file as pixels: PNG as it is, PDF by pdftoppm at 72 dpi (a point
/// is a pixel), SVG by rsvg-convert at its viewBox size.
QImage pixelsOf(const QString &path, const ImageExportOptions &options)
{
    if (options.format == QLatin1String("pdf"))
        return renderPdf(path);
    if (options.format == QLatin1String("svg"))
        return renderSvg(path, options.size);
    return QImage(path);
}

} // namespace

class TestExportView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyFormatDecodes_data();
    void everyFormatDecodes();
    void svgLooksLikeItsPng_data();
    void svgLooksLikeItsPng();
    void doubleSizeIsTheSamePicture_data();
    void doubleSizeIsTheSamePicture();
};

void TestExportView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    for (const QString &view : viewsUnderTest())
        QVERIFY2(
            exportViewNames().contains(view),
            qPrintable(QStringLiteral("SML_EXPORT_VIEW=%1 is not an exported view").arg(view)));
    for (const char *name : {"rsvg-convert", "pdftoppm"})
        QVERIFY2(!tool(QString::fromLatin1(name)).isEmpty(),
                 missingTool(QString::fromLatin1(name)).constData());
}

void TestExportView::everyFormatDecodes_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("format");
    QTest::addColumn<bool>("cm");
    QTest::addColumn<bool>("transparent");
    for (const QString &view : viewsUnderTest())
        for (const QString &format : ImageExportOptions::formats())
            for (bool cm : {false, true}) {
                const bool transparent = ImageExportOptions::supportsTransparency(format) && cm;
                QTest::addRow("%s %s %s%s", qPrintable(view), qPrintable(format),
                              cm ? "12x7.5 cm at 150 dpi" : "640x400 px",
                              transparent ? " transparent" : "")
                    << view << format << cm << transparent;
            }
}

void TestExportView::everyFormatDecodes()
{
    QFETCH(QString, view);
    QFETCH(QString, format);
    QFETCH(bool, cm);
    QFETCH(bool, transparent);
    ImageExportOptions o = cm ? ImageExportOptions::centimetres(format, QSizeF(12, 7.5), 150)
                              : ImageExportOptions::pixels(format, QSize(640, 400));
    o.transparent = transparent;
    QTemporaryDir dir;
    QString path = dir.filePath(QStringLiteral("out.") + format);
    // The window's own view where it has one (the derivation is text: the export builds it).
    MainWindow w;
    QVERIFY(!w.document()->resetTo(causalThreeQueries()));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    PlotView *plot = nullptr;
    for (PlotView *candidate : w.plotViews())
        if (candidate->viewName() == view)
            plot = candidate;
    if (plot) {
        const auto error = plot->exportImage(path, o, QStringLiteral("a title"));
        QVERIFY2(!error, qPrintable(error.value_or(QString())));
    } else {
        QCOMPARE(view, QStringLiteral("derivation"));
        path = exportOne(causalThreeQueries(), view, o, dir, QStringLiteral("views"));
        QVERIFY(!path.isEmpty());
    }
    const QString problem = decodeProblem(path, o);
    QVERIFY2(problem.isEmpty(), qPrintable(view + QStringLiteral(": ") + problem));
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

void TestExportView::svgLooksLikeItsPng_data()
{
    QTest::addColumn<QString>("view");
    for (const QString &view : viewsUnderTest())
        QTest::newRow(qPrintable(view)) << view;
}

void TestExportView::svgLooksLikeItsPng()
{
    QFETCH(QString, view);
    const Scenario scenario = bigCircles();
    QTemporaryDir dir;
    const QSize size(1920, 1080);
    const QString png =
        exportOne(scenario, view, ImageExportOptions::pixels(QStringLiteral("png"), size), dir,
                  QStringLiteral("png"));
    const QString svg =
        exportOne(scenario, view, ImageExportOptions::pixels(QStringLiteral("svg"), size), dir,
                  QStringLiteral("svg"));
    QVERIFY(!png.isEmpty() && !svg.isEmpty());
    const QImage raster(png);
    const QImage rendered = renderSvg(svg, size);
    QCOMPARE(rendered.size(), size);
    QCOMPARE(raster.size(), size);
    const double differing = fractionDiffering(raster, rendered, 24);
    QVERIFY2(differing < 0.04, qPrintable(QStringLiteral("%1: %2 % of the pixels differ by more "
                                                         "than 24/255 (at most 4 %)")
                                              .arg(view)
                                              .arg(100 * differing, 0, 'f', 2)));
}

void TestExportView::doubleSizeIsTheSamePicture_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("format");
    for (const QString &view : viewsUnderTest())
        for (const char *format : {"png", "pdf", "svg"})
            QTest::addRow("%s %s", qPrintable(view), format) << view << QString::fromLatin1(format);
}

void TestExportView::doubleSizeIsTheSamePicture()
{
    QFETCH(QString, view);
    QFETCH(QString, format);
    const Scenario scenario = defaultScenario();
    QTemporaryDir dir;
    const ImageExportOptions small = ImageExportOptions::pixels(format, QSize(1200, 800));
    const ImageExportOptions large = ImageExportOptions::pixels(format, QSize(2400, 1600));
    QCOMPARE(large.magnification, 2.0);
    QCOMPARE(large.layoutSize(), QSize(1200, 800));
    const QImage reference =
        pixelsOf(exportOne(scenario, view, small, dir, QStringLiteral("small")), small);
    const QImage sharper =
        pixelsOf(exportOne(scenario, view, large, dir, QStringLiteral("large")), large);
    QCOMPARE(reference.size(), QSize(1200, 800));
    QCOMPARE(sharper.size(), QSize(2400, 1600));
    const QImage scaled =
        sharper.scaled(reference.size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    const std::array<double, 3> mean = meanChannelDifference(reference, scaled);
    for (double channel : mean)
        QVERIFY2(channel <= 8.0,
                 qPrintable(QStringLiteral("%1 %2: mean differences (%3, %4, %5)/255 per channel, "
                                           "at most 8")
                                .arg(view, format)
                                .arg(mean[0], 0, 'f', 2)
                                .arg(mean[1], 0, 'f', 2)
                                .arg(mean[2], 0, 'f', 2)));
}

QTEST_MAIN(TestExportView)
#include "tst_exportview.moc"
