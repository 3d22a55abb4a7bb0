#pragma once

#include <QPageLayout>
#include <QSize>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <optional>

class QIODevice;
class QSvgGenerator;

namespace sml {

/// How a plot is written to an image file (PlotView::exportImage, exportAllViews).
///
/// The export rule of scenario-format.md ("Command line: additions"): text, lines and markers are
/// sized for a 1200×800 picture and drawn k = `magnification` times larger. So a plot is laid out
/// at layoutSize() = size / k logical pixels (a pixel being 1/96 inch, what the window shows on a
/// 96-dpi screen) and that layout is drawn k times larger on the output. Then:
/// - PNG and JPEG have size × scale pixels and carry `dpi` in their metadata;
/// - PDF: with `physicalCm` unset, one page of size.width() × size.height() points; with it set,
///   one page of exactly that many centimetres;
/// - SVG: a viewBox of `size`, and a width and height of `size` at 96 dpi (or `physicalCm`).
/// pixels() sets k = max(1, min(W/1200, H/800)): a 2400×1600 export is the 1200×800 picture at
/// twice the resolution, and small sizes keep the window's sizes. centimetres() keeps k = 1, so
/// fonts keep their physical sizes. On top of k, `textScale` F (`--scale`) multiplies text, line
/// and marker sizes (Appearance::ExportScale, the presentation mode's mechanism).
///
/// Text stays text in PDF and SVG. `transparent` applies to PNG and SVG only (JPEG has no alpha;
/// a PDF page has no background of its own).
struct ImageExportOptions
{
    QString format = QStringLiteral("png"); ///< png, jpg, pdf or svg
    QSize size{1200, 800};                  ///< output size, logical pixels (16…8192 each)
    double scale = 1.0;                     ///< PNG/JPEG: output pixels per logical pixel
    int dpi = 96;                           ///< PNG/JPEG resolution metadata
    std::optional<QSizeF> physicalCm;       ///< set by centimetres(): the page/drawing size
    bool transparent = false;               ///< PNG, SVG: no background fill
    double magnification = 1.0;             ///< k: drawn k times larger than laid out (≥ 1)
    double textScale = 1.0;                 ///< F: text, lines and markers × F (0.5…4)

    /// The size text, lines and markers are sized for (k = 1 up to it).
    static constexpr QSize referenceSize{1200, 800};
    /// `--slide`: 1920×1080 at F = the default presentation scale, 1.5.
    static constexpr QSize slideSize{1920, 1080};
    static constexpr double slideTextScale = 1.5;
    static constexpr double minTextScale = 0.5;
    static constexpr double maxTextScale = 4.0;

    /// k = max(1, min(W/1200, H/800)) for an output of `size`.
    static double magnificationFor(QSize size);
    /// The size the plot is laid out at: size / magnification, rounded (at least 1×1).
    QSize layoutSize() const;

    /// `pixels` pixels (PNG/JPEG exactly that many; PDF that many points; SVG that viewBox), at
    /// k = magnificationFor(pixels) and F = `textScale`.
    static ImageExportOptions pixels(const QString &format, QSize pixels, double textScale = 1.0);
    /// `--slide`: pixels(format, slideSize, slideTextScale).
    static ImageExportOptions slide(const QString &format);
    /// `cm` centimetres at `dpi` dots per inch: PNG/JPEG get cm / 2.54 · dpi pixels (±1) and
    /// that resolution in their metadata; PDF and SVG get exactly that physical size.
    static ImageExportOptions centimetres(const QString &format, QSizeF cm, int dpi);

    /// The pixel size of a PNG/JPEG written with these options.
    QSize outputPixels() const;

    /// png, jpg, pdf, svg.
    static QStringList formats();
    /// True for png and svg.
    static bool supportsTransparency(const QString &format);
    /// "png" for "PNG", "jpg" for "jpeg"/"JPG"; empty when not a known format.
    static QString normalizedFormat(const QString &format);
    /// A message when the options cannot be written (unknown format, a size outside the limits
    /// below in logical or output pixels, dpi outside 10…2400, a scale outside (0, 16], k below
    /// 1, F outside 0.5…4), else nullopt.
    std::optional<QString> check() const;

    /// The stated export limits (docs/promises.md): each side of `size` and of the output
    /// image 16…maxSide pixels, and at most maxPixels pixels in all (scenario-format.md,
    /// "Command line, version 2": W, H ≤ 8192, W·H ≤ 4·10⁷; a 40-megapixel image is
    /// 160 MB in memory while it is drawn; 7680×4320 fits, 20000×20000 does not).
    static constexpr int minSide = 16;
    static constexpr int maxSide = 8192;
    static constexpr qint64 maxPixels = 40'000'000;
    /// Readies the options for writing (PlotView::exportImage, exportTextDocument): normalizes
    /// `format` (normalizedFormat), checks the result (check()), and turns `transparent` off for
    /// a format without alpha. Returns check()'s message, or nullopt.
    std::optional<QString> normalize();

    /// PDF: one page of exactly `physicalCm`, or of size.width() × size.height() points, with no
    /// margins; draw on it at 96 dpi with the window set to layoutSize().
    QPageLayout pdfPageLayout() const;
    /// SVG: points `generator` at `device` with a viewBox of `size` and the resolution that gives
    /// `physicalCm` (96 dpi without it, so fonts match the PNG). QSvgGenerator keeps text as text.
    void setUpSvg(QSvgGenerator &generator, QIODevice *device, const QString &title) const;
};

} // namespace sml
