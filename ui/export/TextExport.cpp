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
    constexpr double largest = 3.0, smallest = 0.05;
    auto fits = [&](double scale) {
        document.setTextWidth(w / scale);
        // idealWidth: the widest unbreakable content (a table), not the text width itself.
        return std::max(document.size().height() * scale / h,
                        document.idealWidth() * scale / w) <= 1.0 + 1e-3;
    };
    // The largest scale that fits, by bisection on a log scale (a larger scale narrows the
    // text and lengthens it). Stepping down by how much the drawing was too tall overshot: a
    // derivation 12 times too tall at its first width was drawn at 1/12 of it, though the
    // narrower text was then only a fifth of the page.
    double lo = smallest, hi = largest;
    if (fits(hi)) {
        lo = hi;
    } else if (fits(lo)) {
        for (int round = 0; round < 24 && hi / lo > 1.002; ++round) {
            const double mid = std::sqrt(lo * hi);
            (fits(mid) ? lo : hi) = mid;
        }
    }
    document.setTextWidth(w / lo);
    return lo;
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
