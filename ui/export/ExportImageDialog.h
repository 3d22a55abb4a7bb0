#pragma once

#include "export/ImageExportOptions.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace sml {

/// Asks how to export a plot (or every view): the format (PNG, JPEG, PDF, SVG), the size in
/// pixels or in centimetres at a DPI, the text and line scale F, a transparent background (PNG
/// and SVG only), and the file (Mode::File) or the folder (Mode::Folder). Pixel sizes follow the
/// export rule of `--size` (ImageExportOptions::pixels: text sized for 1200 × 800, drawn
/// k times larger); centimetres keep their physical font sizes (k = 1). The presets give
/// 1200 × 800, Full HD, and "Slide 16:9": 1920 × 1080 with F chosen so that the plots' text is
/// at the default presentation scale, as `--slide` writes it, whether or not the window is in
/// presentation mode. The choices are kept in QSettings ("export/…") for
/// the next time; saveSettings() stores them after a successful export.
///
/// It only collects options(); the caller writes the file (PlotView::exportImage,
/// exportAllViews). Tests set the fields through the setters and call accept().
class ExportImageDialog : public QDialog
{
    Q_OBJECT

public:
    enum class Mode
    {
        File,   ///< one plot into one file; the extension follows the format
        Folder, ///< every view into a folder, as <view-name>.<ext>
    };

    explicit ExportImageDialog(Mode mode, QWidget *parent = nullptr);

    Mode mode() const { return mMode; }
    ImageExportOptions options() const;
    QString path() const;

    void setPath(const QString &path);
    void setFormat(const QString &format);
    void setPixelSize(QSize pixels);
    void setCentimetres(QSizeF cm, int dpi);
    void setTransparent(bool transparent);
    /// F, clamped to 0.5…4 (ImageExportOptions::textScale).
    void setTextScale(double scale);

    /// The presets of presetBox(), in its order after "Custom".
    enum class Preset
    {
        Custom,
        Screen, ///< 1200 × 800, F = 1
        FullHd, ///< 1920 × 1080, F = 1
        Slide,  ///< 1920 × 1080, F = slideTextScale()
    };
    void setPreset(Preset preset);
    Preset preset() const;
    /// The F of the Slide preset: 1.5 / the window's plot text scale (1, or the presentation
    /// scale while presenting), so that the slide's text is 1.5 times the window's normal size.
    static double slideTextScale();

    QComboBox *formatBox() const { return mFormat; }
    QComboBox *presetBox() const { return mPreset; }
    QDoubleSpinBox *textScaleBox() const { return mTextScale; }
    QCheckBox *transparentCheck() const { return mTransparent; }
    QLabel *resultLabel() const { return mResult; }
    QDialogButtonBox *buttons() const { return mButtons; }

    void saveSettings() const;

private:
    void loadSettings();
    void formatChanged();
    void updateState();
    void browse();
    void presetChosen();
    QString format() const;

    Mode mMode;
    QComboBox *mFormat;
    QRadioButton *mPixels;
    QRadioButton *mCentimetres;
    QSpinBox *mWidthPx;
    QSpinBox *mHeightPx;
    QDoubleSpinBox *mWidthCm;
    QDoubleSpinBox *mHeightCm;
    QSpinBox *mDpi;
    QComboBox *mPreset;
    Preset mChosen = Preset::Custom; ///< the preset last chosen, shown while its values hold
    QDoubleSpinBox *mTextScale;
    QLabel *mResult;
    QCheckBox *mTransparent;
    QLineEdit *mPath;
    QDialogButtonBox *mButtons;
};

} // namespace sml
