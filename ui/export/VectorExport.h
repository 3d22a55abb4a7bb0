#pragma once

#include "export/ImageExportOptions.h"

#include <QString>

#include <functional>

class QPaintDevice;

namespace sml {

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

/// The one PDF/SVG writer of PlotView::exportImage (a PDF of a physical size, and SVG) and
/// exportTextDocument: writes `path` as a PDF (options.format "pdf") or an SVG (anything else)
/// with creator "SoftmaxLab" (PDF), `title` (both) and `description` (SVG; empty keeps
/// QSvgGenerator's "Generated with Qt"), drawn by `paint`. The file is written in place, as
/// QPdfWriter and QSvgGenerator write it. `options` must have passed ImageExportOptions::check().
/// Returns what `paint` returned: its painter's end(), or false when the painter could not begin.
bool writeVectorImage(const QString &path, const ImageExportOptions &options, const QString &title,
                      const QString &description, const VectorPaint &paint);

} // namespace sml
