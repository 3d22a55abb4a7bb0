// The export rule of the command line (scenario-format.md, "Command line: additions"; issue 14
// #6), end to end with the real executable: text, lines and markers are sized for 1200×800 and
// drawn k = max(1, min(W/1200, H/800)) times larger; `--scale F` multiplies on top of k; `--slide`
// is `--size 1920x1080 --scale 1.5`. Text sizes are read back from the PDF (pdftotext -bbox: the
// median word height, mostly tick labels) and from the PNG (the height of the title's ink). The
// usage errors (exit 64) are rows of tst_cli_badinputs.
#include "AppRunner.h"
#include "ExportChecks.h"

#include <QDir>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

using namespace sml;
using namespace sml::test;

namespace {

const QString kLesson =
    QStringLiteral(SML_SOURCE_DIR "/resources/scenarios/default.softmaxlab.json");

/// Runs `softmaxlab --export DIR` with `args` on the default lesson; returns DIR, or empty when
/// the run failed (the reason goes to the log).
QString exportTo(const QTemporaryDir &dir, const QString &name, const QStringList &args)
{
    const QString out = dir.filePath(name);
    const AppRun r =
        runApp(QStringList{QStringLiteral("--export"), out} + args + QStringList{kLesson});
    if (r.status != QProcess::NormalExit || r.exitCode != 0) {
        qWarning("%s", qPrintable(describe(r)));
        return {};
    }
    return out;
}

/// The height in pixels of the first band of dark rows from the top: the title's ink.
int titleInkHeight(const QImage &image)
{
    const auto inked = [&](int y) {
        for (int x = 0; x < image.width(); ++x)
            if (qGray(image.pixel(x, y)) < 100)
                return true;
        return false;
    };
    int y = 0;
    while (y < image.height() && !inked(y))
        ++y;
    const int top = y;
    while (y < image.height() && inked(y))
        ++y;
    return y - top;
}

/// Word height of `view`'s PDF in `b` over that in `a`.
double wordHeightRatio(const QString &a, const QString &b, const QString &view = "weight-bars")
{
    const double base = medianWordHeight(QDir(a).filePath(view + QStringLiteral(".pdf")));
    const double scaled = medianWordHeight(QDir(b).filePath(view + QStringLiteral(".pdf")));
    return base > 0 ? scaled / base : 0;
}

} // namespace

class TestExportScale : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void sizeMagnifiesText();
    void scaleMultipliesOnTopOfK();
    void slideIsFullHdAtThePresentationScale();

private:
    QTemporaryDir mDir;
    QString mReferencePdf; ///< --format pdf --size 1200x800
};

void TestExportScale::initTestCase()
{
    QVERIFY2(!tool(QStringLiteral("pdftotext")).isEmpty(), missingTool("pdftotext").constData());
    mReferencePdf = exportTo(mDir, QStringLiteral("reference-pdf"),
                             {QStringLiteral("--format"), QStringLiteral("pdf")});
    QVERIFY(!mReferencePdf.isEmpty());
    QVERIFY(medianWordHeight(QDir(mReferencePdf).filePath(QStringLiteral("weight-bars.pdf"))) > 5);
}

void TestExportScale::sizeMagnifiesText()
{
    // 2400×1600 is the 1200×800 picture at twice the resolution: text twice as tall.
    const QString pdf = exportTo(mDir, QStringLiteral("pdf-2400"),
                                 {QStringLiteral("--format"), QStringLiteral("pdf"),
                                  QStringLiteral("--size"), QStringLiteral("2400x1600")});
    QVERIFY(!pdf.isEmpty());
    QCOMPARE(pdfMediaBox(readAll(QDir(pdf).filePath(QStringLiteral("weight-bars.pdf")))),
             QSizeF(2400, 1600));
    for (const QString &view : {QStringLiteral("weight-bars"), QStringLiteral("value-space"),
                                QStringLiteral("derivation")}) {
        const double ratio = wordHeightRatio(mReferencePdf, pdf, view);
        QVERIFY2(std::abs(ratio - 2) < 0.1, qPrintable(view + QStringLiteral(": %1").arg(ratio)));
    }

    const QString small = exportTo(mDir, QStringLiteral("png-1200"), {});
    const QString large = exportTo(mDir, QStringLiteral("png-2400"),
                                   {QStringLiteral("--size"), QStringLiteral("2400x1600")});
    QVERIFY(!small.isEmpty() && !large.isEmpty());
    const QImage a(QDir(small).filePath(QStringLiteral("weight-bars.png")));
    const QImage b(QDir(large).filePath(QStringLiteral("weight-bars.png")));
    QCOMPARE(a.size(), QSize(1200, 800));
    QCOMPARE(b.size(), QSize(2400, 1600));
    const int h1 = titleInkHeight(a);
    const int h2 = titleInkHeight(b);
    QVERIFY2(h1 >= 12, qPrintable(QString::number(h1)));
    QVERIFY2(std::abs(double(h2) / h1 - 2) < 0.12,
             qPrintable(QStringLiteral("%1 → %2").arg(h1).arg(h2)));
}

void TestExportScale::scaleMultipliesOnTopOfK()
{
    const QString doubled = exportTo(mDir, QStringLiteral("scale-2"),
                                     {QStringLiteral("--format"), QStringLiteral("pdf"),
                                      QStringLiteral("--scale"), QStringLiteral("2")});
    QVERIFY(!doubled.isEmpty());
    QCOMPARE(pdfMediaBox(readAll(QDir(doubled).filePath(QStringLiteral("weight-bars.pdf")))),
             QSizeF(1200, 800)); // the same page, larger text
    const double f = wordHeightRatio(mReferencePdf, doubled);
    QVERIFY2(std::abs(f - 2) < 0.1, qPrintable(QString::number(f)));

    const QString both =
        exportTo(mDir, QStringLiteral("scale-1.5-size-2400"),
                 {QStringLiteral("--format"), QStringLiteral("pdf"), QStringLiteral("--size"),
                  QStringLiteral("2400x1600"), QStringLiteral("--scale"), QStringLiteral("1.5")});
    QVERIFY(!both.isEmpty());
    const double kf = wordHeightRatio(mReferencePdf, both); // k = 2, F = 1.5
    QVERIFY2(std::abs(kf - 3) < 0.15, qPrintable(QString::number(kf)));
}

void TestExportScale::slideIsFullHdAtThePresentationScale()
{
    // --slide = --size 1920x1080 --scale 1.5: k = min(1.6, 1.35) = 1.35, text 1.35 × 1.5 larger.
    const QString pdf =
        exportTo(mDir, QStringLiteral("slide-pdf"),
                 {QStringLiteral("--format"), QStringLiteral("pdf"), QStringLiteral("--slide")});
    QVERIFY(!pdf.isEmpty());
    QCOMPARE(pdfMediaBox(readAll(QDir(pdf).filePath(QStringLiteral("weight-bars.pdf")))),
             QSizeF(1920, 1080));
    const double slide = wordHeightRatio(mReferencePdf, pdf);
    QVERIFY2(std::abs(slide - 1.35 * 1.5) < 0.1, qPrintable(QString::number(slide)));

    // A --scale given with --slide replaces its 1.5.
    const QString plain =
        exportTo(mDir, QStringLiteral("slide-scale-1"),
                 {QStringLiteral("--format"), QStringLiteral("pdf"), QStringLiteral("--slide"),
                  QStringLiteral("--scale"), QStringLiteral("1")});
    QVERIFY(!plain.isEmpty());
    const double k = wordHeightRatio(mReferencePdf, plain);
    QVERIFY2(std::abs(k - 1.35) < 0.07, qPrintable(QString::number(k)));

    const QString png = exportTo(mDir, QStringLiteral("slide-png"), {QStringLiteral("--slide")});
    QVERIFY(!png.isEmpty());
    const QStringList files = QDir(png).entryList({QStringLiteral("*.png")}, QDir::Files);
    QCOMPARE(files.size(), 12);
    for (const QString &file : files)
        QCOMPARE(QImage(QDir(png).filePath(file)).size(), QSize(1920, 1080));
}

QTEST_GUILESS_MAIN(TestExportScale)
#include "tst_exportscale.moc"
