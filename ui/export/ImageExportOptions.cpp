#include "export/ImageExportOptions.h"

#include <QCoreApplication>
#include <QPageSize>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>

namespace sml {

namespace {
constexpr double cmPerInch = 2.54;
constexpr double logicalDpi = 96.0;
} // namespace

double ImageExportOptions::magnificationFor(QSize size)
{
    return std::max(1.0, std::min(double(size.width()) / referenceSize.width(),
                                  double(size.height()) / referenceSize.height()));
}

QSize ImageExportOptions::layoutSize() const
{
    const double k = magnification >= 1 && std::isfinite(magnification) ? magnification : 1.0;
    return QSize(std::max(1, int(std::lround(size.width() / k))),
                 std::max(1, int(std::lround(size.height() / k))));
}

ImageExportOptions ImageExportOptions::pixels(const QString &format, QSize pixels, double textScale)
{
    ImageExportOptions o;
    o.format = normalizedFormat(format);
    o.size = pixels;
    o.magnification = magnificationFor(pixels);
    o.textScale = textScale;
    return o;
}

ImageExportOptions ImageExportOptions::slide(const QString &format)
{
    return pixels(format, slideSize, slideTextScale);
}

ImageExportOptions ImageExportOptions::centimetres(const QString &format, QSizeF cm, int dpi)
{
    ImageExportOptions o;
    o.format = normalizedFormat(format);
    o.size = QSize(int(std::lround(cm.width() / cmPerInch * logicalDpi)),
                   int(std::lround(cm.height() / cmPerInch * logicalDpi)));
    o.dpi = dpi;
    o.scale = double(dpi) / logicalDpi;
    o.physicalCm = cm;
    return o;
}

QSize ImageExportOptions::outputPixels() const
{
    return QSize(int(std::lround(size.width() * scale)), int(std::lround(size.height() * scale)));
}

QStringList ImageExportOptions::formats()
{
    return {QStringLiteral("png"), QStringLiteral("jpg"), QStringLiteral("pdf"),
            QStringLiteral("svg")};
}

bool ImageExportOptions::supportsTransparency(const QString &format)
{
    const QString f = normalizedFormat(format);
    return f == QLatin1String("png") || f == QLatin1String("svg");
}

QString ImageExportOptions::normalizedFormat(const QString &format)
{
    QString f = format.trimmed().toLower();
    if (f == QLatin1String("jpeg"))
        f = QStringLiteral("jpg");
    return formats().contains(f) ? f : QString();
}

std::optional<QString> ImageExportOptions::check() const
{
    const QString f = normalizedFormat(format);
    if (f.isEmpty())
        return QCoreApplication::translate("ImageExport", "unknown export format “%1” (use %2)")
            .arg(format, formats().join(QStringLiteral(", ")));
    const auto outside = [](QSize s) -> std::optional<QString> {
        if (s.width() < minSide || s.height() < minSide || s.width() > maxSide ||
            s.height() > maxSide)
            return QCoreApplication::translate("ImageExport", "each side %1…%2 pixels")
                .arg(minSide)
                .arg(maxSide);
        if (qint64(s.width()) * s.height() > maxPixels)
            return QCoreApplication::translate("ImageExport", "%1 megapixels at most")
                .arg(maxPixels / 1000000);
        return std::nullopt;
    };
    if (auto limit = outside(size))
        return QCoreApplication::translate("ImageExport", "export size %1x%2 is too large (%3)")
            .arg(size.width())
            .arg(size.height())
            .arg(*limit);
    if (!(dpi >= 10 && dpi <= 2400))
        return QCoreApplication::translate("ImageExport", "resolution %1 dpi is outside 10…2400")
            .arg(dpi);
    if (!(scale > 0 && scale <= 16))
        return QCoreApplication::translate("ImageExport", "scale %1 is outside (0, 16]").arg(scale);
    if (!(std::isfinite(magnification) && magnification >= 1))
        return QCoreApplication::translate("ImageExport", "magnification %1 is below 1")
            .arg(magnification);
    if (!(textScale >= minTextScale && textScale <= maxTextScale))
        return QCoreApplication::translate("ImageExport", "text scale %1 is outside %2…%3")
            .arg(textScale)
            .arg(minTextScale)
            .arg(maxTextScale);
    if (f != QLatin1String("pdf") && f != QLatin1String("svg"))
        if (auto limit = outside(outputPixels()))
            return QCoreApplication::translate("ImageExport", "image size %1x%2 is too large (%3)")
                .arg(outputPixels().width())
                .arg(outputPixels().height())
                .arg(*limit);
    return std::nullopt;
}

std::optional<QString> ImageExportOptions::normalize()
{
    format = normalizedFormat(format);
    if (auto error = check())
        return error;
    transparent = transparent && supportsTransparency(format);
    return std::nullopt;
}

QPageLayout ImageExportOptions::pdfPageLayout() const
{
    const QPageSize page =
        physicalCm
            ? QPageSize(*physicalCm * 10.0, QPageSize::Millimeter, QString(), QPageSize::ExactMatch)
            : QPageSize(QSizeF(size), QPageSize::Point, QString(), QPageSize::ExactMatch);
    return QPageLayout(page, QPageLayout::Portrait, QMarginsF(0, 0, 0, 0));
}

void ImageExportOptions::setUpSvg(QSvgGenerator &generator, QIODevice *device,
                                  const QString &title) const
{
    generator.setOutputDevice(device);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(
        physicalCm ? int(std::lround(size.width() / (physicalCm->width() / 2.54))) : 96);
    generator.setTitle(title);
}

} // namespace sml
