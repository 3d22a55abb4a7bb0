#include "export/TextExport.h"

#include "export/ImageFile.h"
#include "style/Appearance.h"

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QTextDocument>

#include <algorithm>
#include <cmath>

namespace sml {

namespace {

/// Lays `document` out to fill w × h logical pixels and returns the scale it is drawn at: larger
/// than 1 when the text would leave most of the page empty (the exported derivation fills its
/// slide, at most 3× its size on screen), smaller when it does not fit (with a wider text width,
/// so that a smaller drawing still fills the width). Both the height and the width count: tables
/// with unbreakable cells can be wider than the text width.
double fit(QTextDocument &document, int w, int h)
{
    constexpr double largest = 3.0;
    auto needed = [&](double scale) {
        document.setTextWidth(w / scale);
        // idealWidth: the widest unbreakable content (a table), not the text width itself.
        return std::max(document.size().height() * scale / h, document.idealWidth() * scale / w);
    };
    // Grow while the drawing still fits (a larger scale narrows the text and lengthens it, so
    // step up by the room left, then back off to the last scale that fitted).
    double scale = 1.0;
    double fits = needed(scale) <= 1.0 + 1e-3 ? 1.0 : 0.0;
    for (int round = 0; fits > 0 && round < 12 && scale < largest; ++round) {
        const double room = needed(scale);
        const double next = std::min(largest, scale * std::max(1.02, 0.5 * (1 + 1 / room)));
        if (needed(next) > 1.0 + 1e-3)
            break;
        scale = fits = next;
    }
    if (fits > 0) {
        document.setTextWidth(w / scale);
        return scale;
    }
    for (int round = 0; round < 8; ++round) {
        const double over = needed(scale);
        if (over <= 1.0 + 1e-3)
            break;
        scale = std::max(0.05, scale / over);
    }
    return scale;
}

} // namespace

void paintTextDocument(QPainter &painter, QTextDocument &document, QSize size, bool transparent)
{
    const int w = size.width();
    const int h = size.height();
    if (!transparent)
        painter.fillRect(QRect(0, 0, w, h), Appearance::instance()->background());
    const double scale = fit(document, w, h);
    painter.save();
    painter.scale(scale, scale);
    QAbstractTextDocumentLayout::PaintContext context;
    context.palette.setColor(QPalette::Text, Appearance::instance()->foreground());
    document.documentLayout()->draw(&painter, context);
    painter.restore();
}

std::optional<QString> exportTextDocument(QTextDocument &document, const QString &path,
                                          const ImageExportOptions &options, const QString &title)
{
    ImageExportOptions o = options;
    if (auto error = o.normalize())
        return error;
    const int w = o.layoutSize().width();
    const int h = o.layoutSize().height();

    if (o.format == QLatin1String("png") || o.format == QLatin1String("jpg")) {
        const QSize pixels = o.outputPixels();
        QImage image(pixels,
                     o.transparent ? QImage::Format_ARGB32_Premultiplied : QImage::Format_RGB32);
        image.fill(o.transparent ? QColor(Qt::transparent) : Appearance::instance()->background());
        const int dotsPerMeter = int(std::lround(o.dpi / 0.0254));
        image.setDotsPerMeterX(dotsPerMeter);
        image.setDotsPerMeterY(dotsPerMeter);
        {
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setRenderHint(QPainter::TextAntialiasing);
            mapLayoutToDevice(painter, o);
            paintTextDocument(painter, document, QSize(w, h), o.transparent);
        }
        return writeRasterImage(path, image, o.format);
    }
    return writeVectorImage(path, o, title, QString(), [&](QPaintDevice &device, VectorFormat) {
        QPainter painter;
        if (!painter.begin(&device))
            return false;
        mapLayoutToDevice(painter, o);
        paintTextDocument(painter, document, QSize(w, h), o.transparent);
        return painter.end();
    });
}

} // namespace sml
