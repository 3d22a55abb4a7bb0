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
/// pixels or in centimetres at a DPI, a transparent background (PNG and SVG only), and the file
/// (Mode::File) or the folder (Mode::Folder). The choices are kept in QSettings ("export/…") for
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

    QComboBox *formatBox() const { return mFormat; }
    QCheckBox *transparentCheck() const { return mTransparent; }
    QLabel *resultLabel() const { return mResult; }
    QDialogButtonBox *buttons() const { return mButtons; }

    void saveSettings() const;

private:
    void loadSettings();
    void formatChanged();
    void updateState();
    void browse();
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
    QLabel *mResult;
    QCheckBox *mTransparent;
    QLineEdit *mPath;
    QDialogButtonBox *mButtons;
};

} // namespace sml
