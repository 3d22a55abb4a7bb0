#pragma once

#include "export/ImageExportOptions.h"

#include <QString>

#include <functional>
#include <optional>

class QImage;
class QPaintDevice;

namespace sml {

/// The image, PDF and SVG file writers of PlotView::exportImage and exportTextDocument. Each
/// draws the whole file in memory first and then writes it with writeFileAtomically
/// (core/AtomicFile.h): a failed export (disk full, no permission, a file-size limit) leaves a
/// file already at the path as it was, and its message names the file (docs/promises.md).

/// Which vector file writeVectorImage is writing.
enum class VectorFormat
{
    Pdf, ///< one page of ImageExportOptions::pdfPageLayout(), drawn at 96 dpi
    Svg  ///< ImageExportOptions::setUpSvg(): a viewBox of `size`
};

/// What draws one picture on a vector device: it begins a painter on `device`, draws in logical
/// pixels (0, 0)–options.size (on a PDF page it sets the painter's window to that rectangle, the
/// page being options.pdfPageLayout() at 96 dpi), and returns the painter's end(). Text drawn
/// stays text in both formats.
using VectorPaint = std::function<bool(QPaintDevice &device, VectorFormat format)>;

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
