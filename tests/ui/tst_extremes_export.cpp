// Numerical extremes through every export (issue 6, "Numerical extremes"): `softmaxlab --export`
// on each scenario of tests/data/extremes/ (scores of ±1e300, τ = 1e-300 and 1e300, T = 1, ties,
// all similarities equal, σ² = 1e-300 and 1e300, d_k = 1024) writes every view, and no image is
// blank: each PNG has more than 8 distinct colours. tests/core/tst_extremes.cpp checks the numbers.
#include "AppRunner.h"

#include <QtTest>

#include <QDir>
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>

using namespace sml::test;

namespace {

const QString kDir = QStringLiteral(SML_TEST_DATA_DIR "/data/extremes");

/// Distinct colours on a 7-pixel grid, as tests/ui/tst_cli.cpp counts them.
int distinctColours(const QImage &img)
{
    QSet<QRgb> colours;
    for (int y = 0; y < img.height(); y += 7)
        for (int x = 0; x < img.width(); x += 7)
            colours.insert(img.pixel(x, y));
    return int(colours.size());
}

} // namespace

class TestExtremesExport : public QObject
{
    Q_OBJECT

private slots:
    void everyViewIsDrawn_data();
    void everyViewIsDrawn();
};

void TestExtremesExport::everyViewIsDrawn_data()
{
    QTest::addColumn<QString>("file");
    const QStringList files =
        QDir(kDir).entryList({QStringLiteral("*.softmaxlab.json")}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 10);
    for (const QString &f : files)
        QTest::newRow(qPrintable(f.chopped(int(qstrlen(".softmaxlab.json")))))
            << kDir + QLatin1Char('/') + f;
}

void TestExtremesExport::everyViewIsDrawn()
{
    QFETCH(QString, file);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("views"));
    const AppRun r = runApp({QStringLiteral("--export"), out, QStringLiteral("--size"),
                             QStringLiteral("900x600"), file},
                            180000);
    QVERIFY2(r.status == QProcess::NormalExit, r.err.constData());
    QVERIFY2(r.exitCode == 0, r.err.constData());

    const QStringList pngs = QDir(out).entryList({QStringLiteral("*.png")}, QDir::Files);
    QVERIFY2(pngs.size() >= 3, qPrintable(pngs.join(QLatin1Char(' '))));
    for (const QString &name : pngs) {
        const QImage img(out + QLatin1Char('/') + name);
        QVERIFY2(!img.isNull(), qPrintable(name));
        QCOMPARE(img.size(), QSize(900, 600));
        const int colours = distinctColours(img);
        QVERIFY2(colours > 8, qPrintable(QStringLiteral("%1: %2 colours").arg(name).arg(colours)));
    }
}

QTEST_GUILESS_MAIN(TestExtremesExport)
#include "tst_extremes_export.moc"
