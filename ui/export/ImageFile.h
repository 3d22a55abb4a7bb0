#pragma once

#include "export/ImageExportOptions.h"

#include <QString>

#include <functional>
#include <optional>

class QImage;
class QPaintDevice;
class QPainter;

namespace sml {

/// The image, PDF and SVG file writers of PlotView::exportImage and exportTextDocument. Each
/// draws the whole file in memory first and then writes it with writeFileAtomically
/// (core/AtomicFile.h): a failed export (disk full, no permission, a file-size limit) leaves a
/// file already at the path as it was, and its message names the file (docs/promises.md).

/// Which vector file writeVectorImage is writing.
enum class VectorFormat
{
    Pdf, ///< one page of ImageExportOptions::pdfPageLayout(), drawn at 96 dpi
    Svg  ///< ImageExportOptions::setUpSvg(): a viewBox of `size`, clipped (SvgClipping.h)
};

/// What draws one picture on a vector device: it begins a painter on `device` and draws the
/// layout of options.layoutSize() logical pixels on the whole device (a PDF page of
/// options.pdfPageLayout() at 96 dpi, or an SVG of viewBox options.size) with
/// mapLayoutToDevice(), and returns the painter's end(). Text drawn stays text in both formats;
/// the painter's clip is kept in the SVG as clip-path groups.
using VectorPaint = std::function<bool(QPaintDevice &device, VectorFormat format)>;

/// Sets `painter`'s window to (0, 0)–options.layoutSize(), so that the layout fills the whole
/// device it paints on (a PDF page, an SVG's viewBox, an image of options.outputPixels()): the
/// export rule's "drawn k times larger" (ImageExportOptions).
void mapLayoutToDevice(QPainter &painter, const ImageExportOptions &options);

/// The message of a failed write of `path`: `cannot write "P"`, then `: reason` when known.
QString cannotWriteMessage(const QString &path, const QString &reason = QString());

/// Writes `path` as a PDF (options.format "pdf") or an SVG (anything else) with creator
/// "SoftmaxLab" (PDF), `title` (both) and `description` (SVG; empty keeps QSvgGenerator's
/// "Generated with Qt"), drawn by `paint`. `options` must have passed
/// ImageExportOptions::check(). Returns std::nullopt, or cannotWriteMessage() when `paint`
/// failed (its painter could not begin or end) or the file could not be written.
std::optional<QString> writeVectorImage(const QString &path, const ImageExportOptions &options,
                                        const QString &title, const QString &description,
                                        const VectorPaint &paint);

/// Writes `image` to `path` as "png" (lossless) or "jpg" (quality 95), with the image's own dots
/// per metre. Returns std::nullopt or cannotWriteMessage().
std::optional<QString> writeRasterImage(const QString &path, const QImage &image,
                                        const QString &format);

} // namespace sml
