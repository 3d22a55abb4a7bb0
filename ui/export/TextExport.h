#pragma once

#include "export/ImageExportOptions.h"

#include <QSize>
#include <QString>

#include <optional>

class QPainter;
class QTextDocument;

namespace sml {

/// Writes a rich-text document (the derivation panel) as an image the way PlotView::exportImage
/// writes a plot: laid out on options.layoutSize() logical pixels (1/96 inch) and drawn
/// options.magnification times larger: PNG/JPEG at size × scale pixels with `dpi` metadata, PDF
/// as one page (size in points, or physicalCm), SVG with a viewBox of `size`. The document's
/// fonts are the caller's (at options.textScale). Text stays text in PDF and SVG. A document taller
/// than the page is scaled down, as a whole, until it fits (it is never cut off). The background is
/// white unless `options.transparent` (PNG and SVG only). `document` is re-laid out.
/// Returns nullopt, or a message when the options are invalid or the file cannot be written.
std::optional<QString> exportTextDocument(QTextDocument &document, const QString &path,
                                          const ImageExportOptions &options, const QString &title);

/// Draws `document` as exportTextDocument() draws a page, onto `painter` (active) in the
/// rectangle (0, 0)–`size` of its current coordinates: the background (unless `transparent`),
/// then the text, scaled as a whole to fill the rectangle without being cut off. `document` is
/// re-laid out.
void paintTextDocument(QPainter &painter, QTextDocument &document, QSize size, bool transparent);

} // namespace sml
