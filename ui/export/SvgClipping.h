#pragma once

#include <QByteArray>
#include <QPaintDevice>
#include <QRectF>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

class QSvgGenerator;

namespace sml {

class ClipMarkingEngine;

/// A paint device for writing SVG with Qt 6.4's QSvgGenerator, which writes no clip at all
/// (ARCHITECTURE.md, "Debian 12 facts"): the σ circles of the likelihood landscape spilled over
/// its title and margins. Paint on this device instead of the generator: it forwards every
/// drawing call and state change to `generator` and, whenever the painter's clip changes, puts a
/// marker into the SVG (a <text> element whose content is a token no picture contains). finish()
/// then turns the generator's output into the file: each run of drawing between two markers is
/// wrapped in a group with `clip-path` (a <clipPath> of the clip's bounding rectangle in the
/// viewBox's coordinates; rsvg-convert, browsers, Inkscape and LibreOffice honour it), and each
/// `font-family` names the family actually drawn with a generic fallback
/// ("DejaVu Sans, sans-serif", not Qt's alias "Sans Serif", which browsers replace).
///
/// The generator must have its size, viewBox and output device set; its metrics are this
/// device's. One painter at a time; finish() after that painter ended.
class ClipMarkingSvgDevice : public QPaintDevice
{
public:
    explicit ClipMarkingSvgDevice(QSvgGenerator *generator);
    ~ClipMarkingSvgDevice() override;

    QPaintEngine *paintEngine() const override;

    /// The generator's output `svg` (UTF-8) with the markers of the last painting replaced by
    /// clip-path groups, font families resolved, and `version="1.1"` instead of SVG Tiny 1.2
    /// (which has no clipPath). Returns `svg` unchanged when it has no marker and no font.
    QByteArray finish(const QByteArray &svg) const;

    /// The clips recorded while painting, in device (viewBox) coordinates, one per marker;
    /// nullopt for "no clip".
    const std::vector<std::optional<QRectF>> &clips() const;

protected:
    int metric(PaintDeviceMetric metric) const override;

private:
    QSvgGenerator *mGenerator;
    std::unique_ptr<ClipMarkingEngine> mEngine;
};

/// `svg` with every `font-family="F"` replaced by the family Qt draws F with and a generic
/// fallback: "DejaVu Sans, sans-serif" for "Sans Serif", "…, monospace" for a fixed-pitch
/// family. Needs a QGuiApplication (font matching).
QByteArray withRealFontFamilies(const QByteArray &svg);

} // namespace sml
