#include "export/ImageFile.h"

#include "AtomicFile.h"
#include "export/SvgClipping.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

namespace sml {

QString cannotWriteMessage(const QString &path, const QString &reason)
{
    const QString shown = QDir::toNativeSeparators(path);
    return reason.isEmpty()
               ? QCoreApplication::translate("ImageFile", "cannot write \"%1\"").arg(shown)
               : QCoreApplication::translate("ImageFile", "cannot write \"%1\": %2")
                     .arg(shown, reason);
}

void mapLayoutToDevice(QPainter &painter, const ImageExportOptions &options)
{
    painter.setWindow(QRect(QPoint(0, 0), options.layoutSize()));
}

namespace {

std::optional<QString> writeBytes(const QString &path, const QByteArray &bytes)
{
    if (auto reason = writeFileAtomically(path, bytes))
        return cannotWriteMessage(path, *reason);
    return std::nullopt;
}

} // namespace

std::optional<QString> writeVectorImage(const QString &path, const ImageExportOptions &options,
                                        const QString &title, const QString &description,
                                        const VectorPaint &paint)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    bool painted = false;
    if (options.format == QLatin1String("pdf")) {
        QPdfWriter writer(&buffer);
        writer.setCreator(QStringLiteral("SoftmaxLab"));
        writer.setTitle(title);
        writer.setResolution(96);
        writer.setPageLayout(options.pdfPageLayout());
        painted = paint(writer, VectorFormat::Pdf);
    } else {
        // Through the clip-marking device: the generator itself writes no clip (SvgClipping.h).
        QSvgGenerator generator;
        options.setUpSvg(generator, &buffer, title);
        if (!description.isEmpty())
            generator.setDescription(description);
        ClipMarkingSvgDevice device(&generator);
        painted = paint(device, VectorFormat::Svg);
        bytes = device.finish(bytes);
    }
    buffer.close();
    if (!painted || bytes.isEmpty())
        return cannotWriteMessage(
            path, QCoreApplication::translate("ImageFile", "the picture could not be drawn"));
    return writeBytes(path, bytes);
}

std::optional<QString> writeRasterImage(const QString &path, const QImage &image,
                                        const QString &format)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    const bool png = format == QLatin1String("png");
    if (image.isNull() || !image.save(&buffer, png ? "PNG" : "JPEG", png ? -1 : 95))
        return cannotWriteMessage(
            path, QCoreApplication::translate("ImageFile", "the picture could not be drawn"));
    return writeBytes(path, bytes);
}

} // namespace sml
