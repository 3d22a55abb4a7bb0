// What the export tests check a written picture with: that a file decodes as its format, and the
// pictures' pixels, after rendering SVG with rsvg-convert (librsvg2-bin) and PDF with pdftoppm
// (poppler-utils); text sizes from pdftotext -bbox. scripts/setup.sh installs those tools: a
// missing one fails the test (it never skips). Header-only, shared by tst_export, tst_exportview
// and tst_exportscale.
#pragma once

#include "../core/TestInputs.h" // readAll
#include "AppRunner.h"
#include "export/ImageExportOptions.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QSizeF>
#include <QStandardPaths>
#include <QString>
#include <QSvgRenderer>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <set>
#include <vector>

namespace sml::test {

/// Pages of a PDF: "/Type /Page" not followed by 's' ("/Type /Pages" is the page tree).
inline int pdfPageCount(const QByteArray &pdf)
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
inline QSizeF pdfMediaBox(const QByteArray &pdf)
{
    static const QRegularExpression box(
        QStringLiteral("/MediaBox\\s*\\[\\s*([-\\d.]+)\\s+([-\\d.]+)\\s+([-\\d.]+)\\s+([-\\d.]+)"));
    const QRegularExpressionMatch m = box.match(QString::fromLatin1(pdf));
    if (!m.hasMatch())
        return {};
    return QSizeF(m.captured(3).toDouble() - m.captured(1).toDouble(),
                  m.captured(4).toDouble() - m.captured(2).toDouble());
}

inline int distinctColours(const QImage &image)
{
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

/// Checks that PATH decodes as FORMAT; returns an empty string or what is wrong.
inline QString decodeProblem(const QString &path, const ImageExportOptions &o)
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
        if (bytes.contains("font-family=\"Sans Serif\""))
            return QStringLiteral("font-family \"Sans Serif\" is not a CSS family");
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

/// The path of a tool the export tests need (rsvg-convert, pdftoppm, pdftotext), or empty.
inline QString tool(const QString &name)
{
    return QStandardPaths::findExecutable(name);
}

/// The message for a missing tool: the tests fail rather than skip.
inline QByteArray missingTool(const QString &name)
{
    return QStringLiteral("%1 is not installed: scripts/setup.sh installs it (librsvg2-bin, "
                          "poppler-utils)")
        .arg(name)
        .toUtf8();
}

/// `svg` rendered by rsvg-convert at `size` pixels (null when it failed).
inline QImage renderSvg(const QString &svg, QSize size)
{
    const QString png = svg + QStringLiteral(".rsvg.png");
    const AppRun r =
        runProcess(tool(QStringLiteral("rsvg-convert")),
                   {QStringLiteral("-w"), QString::number(size.width()), QStringLiteral("-h"),
                    QString::number(size.height()), QStringLiteral("-o"), png, svg},
                   QProcessEnvironment::systemEnvironment());
    return r.exitCode == 0 ? QImage(png) : QImage();
}

/// The first page of `pdf` rendered by pdftoppm at `dpi` (72: a point is a pixel).
inline QImage renderPdf(const QString &pdf, int dpi = 72)
{
    const QString prefix = pdf + QStringLiteral(".ppm");
    const AppRun r = runProcess(tool(QStringLiteral("pdftoppm")),
                                {QStringLiteral("-r"), QString::number(dpi), QStringLiteral("-png"),
                                 QStringLiteral("-singlefile"), pdf, prefix},
                                QProcessEnvironment::systemEnvironment());
    return r.exitCode == 0 ? QImage(prefix + QStringLiteral(".png")) : QImage();
}

/// The median height of the words on the first page of `pdf` in points (pdftotext -bbox): the
/// size of the picture's text, mostly tick labels; 0 when pdftotext failed or found no word.
inline double medianWordHeight(const QString &pdf)
{
    const AppRun r = runProcess(tool(QStringLiteral("pdftotext")),
                                {QStringLiteral("-bbox"), QStringLiteral("-l"), QStringLiteral("1"),
                                 pdf, QStringLiteral("-")},
                                QProcessEnvironment::systemEnvironment());
    static const QRegularExpression word(
        QStringLiteral("<word xMin=\"[-\\d.]+\" yMin=\"([-\\d.]+)\" xMax=\"[-\\d.]+\" "
                       "yMax=\"([-\\d.]+)\">"));
    std::vector<double> heights;
    for (auto it = word.globalMatch(QString::fromUtf8(r.out)); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        heights.push_back(m.captured(2).toDouble() - m.captured(1).toDouble());
    }
    if (r.exitCode != 0 || heights.empty())
        return 0;
    std::nth_element(heights.begin(), heights.begin() + long(heights.size() / 2), heights.end());
    return heights[heights.size() / 2];
}

/// The fraction of pixels of two same-sized images that differ by more than `threshold` (of
/// 255) in a channel; 1 when the sizes differ.
inline double fractionDiffering(const QImage &a, const QImage &b, int threshold)
{
    if (a.size() != b.size() || a.isNull())
        return 1.0;
    const QImage x = a.convertToFormat(QImage::Format_RGB32);
    const QImage y = b.convertToFormat(QImage::Format_RGB32);
    qint64 differing = 0;
    for (int row = 0; row < x.height(); ++row) {
        const auto *p = reinterpret_cast<const QRgb *>(x.constScanLine(row));
        const auto *q = reinterpret_cast<const QRgb *>(y.constScanLine(row));
        for (int col = 0; col < x.width(); ++col)
            if (std::abs(qRed(p[col]) - qRed(q[col])) > threshold ||
                std::abs(qGreen(p[col]) - qGreen(q[col])) > threshold ||
                std::abs(qBlue(p[col]) - qBlue(q[col])) > threshold)
                ++differing;
    }
    return double(differing) / (qint64(x.width()) * x.height());
}

/// The mean absolute difference of two same-sized images per channel (R, G, B; of 255); 255
/// each when the sizes differ.
inline std::array<double, 3> meanChannelDifference(const QImage &a, const QImage &b)
{
    if (a.size() != b.size() || a.isNull())
        return {255, 255, 255};
    const QImage x = a.convertToFormat(QImage::Format_RGB32);
    const QImage y = b.convertToFormat(QImage::Format_RGB32);
    std::array<double, 3> sum{0, 0, 0};
    for (int row = 0; row < x.height(); ++row) {
        const auto *p = reinterpret_cast<const QRgb *>(x.constScanLine(row));
        const auto *q = reinterpret_cast<const QRgb *>(y.constScanLine(row));
        for (int col = 0; col < x.width(); ++col) {
            sum[0] += std::abs(qRed(p[col]) - qRed(q[col]));
            sum[1] += std::abs(qGreen(p[col]) - qGreen(q[col]));
            sum[2] += std::abs(qBlue(p[col]) - qBlue(q[col]));
        }
    }
    const double n = double(x.width()) * x.height();
    return {sum[0] / n, sum[1] / n, sum[2] / n};
}

} // namespace sml::test
