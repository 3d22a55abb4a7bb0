#include "export/ExportImageDialog.h"

#include "style/Appearance.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>
#include <cmath>

namespace sml {

namespace {
const QString formatKey = QStringLiteral("export/format");
const QString unitKey = QStringLiteral("export/unit");
const QString widthPxKey = QStringLiteral("export/widthPx");
const QString heightPxKey = QStringLiteral("export/heightPx");
const QString widthCmKey = QStringLiteral("export/widthCm");
const QString heightCmKey = QStringLiteral("export/heightCm");
const QString dpiKey = QStringLiteral("export/dpi");
const QString transparentKey = QStringLiteral("export/transparent");
const QString textScaleKey = QStringLiteral("export/textScale");

struct PresetValues
{
    QSize pixels;
    double textScale;
};

PresetValues presetValues(ExportImageDialog::Preset preset)
{
    switch (preset) {
    case ExportImageDialog::Preset::Screen:
        return {ImageExportOptions::referenceSize, 1.0};
    case ExportImageDialog::Preset::FullHd:
        return {ImageExportOptions::slideSize, 1.0};
    case ExportImageDialog::Preset::Slide:
        return {ImageExportOptions::slideSize, ExportImageDialog::slideTextScale()};
    case ExportImageDialog::Preset::Custom:
        break;
    }
    return {QSize(), 0.0};
}

/// The window's plot text scale without any export's: 1, or the presentation scale.
double screenTextScale()
{
    const Appearance *look = Appearance::instance();
    return look->fontScale() / look->exportScale();
}
} // namespace

double ExportImageDialog::slideTextScale()
{
    return std::clamp(ImageExportOptions::slideTextScale / screenTextScale(),
                      ImageExportOptions::minTextScale, ImageExportOptions::maxTextScale);
}

ExportImageDialog::ExportImageDialog(Mode mode, QWidget *parent) : QDialog(parent), mMode(mode)
{
    setWindowTitle(mode == Mode::File ? tr("Export image") : tr("Export all views"));
    auto *form = new QFormLayout(this);

    mFormat = new QComboBox(this);
    mFormat->addItem(tr("PNG image"), QStringLiteral("png"));
    mFormat->addItem(tr("JPEG image"), QStringLiteral("jpg"));
    mFormat->addItem(tr("PDF (vector, text stays text)"), QStringLiteral("pdf"));
    mFormat->addItem(tr("SVG (vector, text stays text)"), QStringLiteral("svg"));
    form->addRow(tr("&Format"), mFormat);

    auto *sizeBox = new QWidget(this);
    auto *grid = new QGridLayout(sizeBox);
    grid->setContentsMargins(0, 0, 0, 0);
    mPixels = new QRadioButton(tr("&Pixels"), sizeBox);
    mCentimetres = new QRadioButton(tr("&Centimetres"), sizeBox);
    mWidthPx = new QSpinBox(sizeBox);
    mHeightPx = new QSpinBox(sizeBox);
    for (QSpinBox *box : {mWidthPx, mHeightPx}) {
        box->setRange(ImageExportOptions::minSide, ImageExportOptions::maxSide);
        box->setSuffix(tr(" px"));
    }
    mWidthCm = new QDoubleSpinBox(sizeBox);
    mHeightCm = new QDoubleSpinBox(sizeBox);
    for (QDoubleSpinBox *box : {mWidthCm, mHeightCm}) {
        box->setRange(0.5, 500);
        box->setDecimals(1);
        box->setSingleStep(0.5);
        box->setSuffix(tr(" cm"));
    }
    mDpi = new QSpinBox(sizeBox);
    mDpi->setRange(10, 2400);
    mDpi->setSuffix(tr(" dpi"));
    grid->addWidget(mPixels, 0, 0);
    grid->addWidget(mWidthPx, 0, 1);
    grid->addWidget(new QLabel(QStringLiteral("×"), sizeBox), 0, 2);
    grid->addWidget(mHeightPx, 0, 3);
    grid->addWidget(mCentimetres, 1, 0);
    grid->addWidget(mWidthCm, 1, 1);
    grid->addWidget(new QLabel(QStringLiteral("×"), sizeBox), 1, 2);
    grid->addWidget(mHeightCm, 1, 3);
    grid->addWidget(new QLabel(tr("at"), sizeBox), 1, 4);
    grid->addWidget(mDpi, 1, 5);
    mPreset = new QComboBox(this);
    mPreset->addItem(tr("Custom"));
    mPreset->addItem(tr("1200 × 800"));
    mPreset->addItem(tr("Full HD 1920 × 1080"));
    mPreset->addItem(tr("Slide 16:9 (1920 × 1080, presentation text)"));
    mPreset->setToolTip(tr("Slide 16:9: 1920 × 1080 pixels with the plots' text at the "
                           "presentation scale (%1×), as softmaxlab --slide writes it")
                            .arg(QLocale().toString(ImageExportOptions::slideTextScale)));
    form->addRow(tr("Pre&set"), mPreset);
    form->addRow(tr("Size"), sizeBox);
    mTextScale = new QDoubleSpinBox(this);
    mTextScale->setRange(ImageExportOptions::minTextScale, ImageExportOptions::maxTextScale);
    mTextScale->setDecimals(2);
    mTextScale->setSingleStep(0.25);
    mTextScale->setSuffix(tr(" ×"));
    mTextScale->setToolTip(tr("Text, lines and markers × this, on top of the window's style "
                              "(softmaxlab --scale)"));
    form->addRow(tr("Te&xt and lines (× the window’s)"), mTextScale);
    mResult = new QLabel(this);
    mResult->setWordWrap(true);
    form->addRow(QString(), mResult);

    mTransparent = new QCheckBox(tr("&Transparent background (PNG and SVG)"), this);
    form->addRow(QString(), mTransparent);

    auto *pathRow = new QWidget(this);
    auto *pathLayout = new QHBoxLayout(pathRow);
    pathLayout->setContentsMargins(0, 0, 0, 0);
    mPath = new QLineEdit(pathRow);
    mPath->setMinimumWidth(360);
    auto *browse = new QPushButton(tr("&Browse…"), pathRow);
    pathLayout->addWidget(mPath, 1);
    pathLayout->addWidget(browse);
    form->addRow(mode == Mode::File ? tr("F&ile") : tr("F&older"), pathRow);

    mButtons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    mButtons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    form->addRow(mButtons);

    loadSettings();

    connect(mFormat, &QComboBox::currentIndexChanged, this, &ExportImageDialog::formatChanged);
    for (QRadioButton *radio : {mPixels, mCentimetres})
        connect(radio, &QRadioButton::toggled, this, &ExportImageDialog::updateState);
    for (QSpinBox *box : {mWidthPx, mHeightPx, mDpi})
        connect(box, &QSpinBox::valueChanged, this, &ExportImageDialog::updateState);
    for (QDoubleSpinBox *box : {mWidthCm, mHeightCm})
        connect(box, &QDoubleSpinBox::valueChanged, this, &ExportImageDialog::updateState);
    connect(mTextScale, &QDoubleSpinBox::valueChanged, this, &ExportImageDialog::updateState);
    connect(mPreset, &QComboBox::activated, this, &ExportImageDialog::presetChosen);
    connect(mTransparent, &QCheckBox::toggled, this, &ExportImageDialog::updateState);
    connect(mPath, &QLineEdit::textChanged, this, &ExportImageDialog::updateState);
    connect(browse, &QPushButton::clicked, this, &ExportImageDialog::browse);
    connect(mButtons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(mButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateState();
}

void ExportImageDialog::loadSettings()
{
    QSettings s;
    const QString f = ImageExportOptions::normalizedFormat(s.value(formatKey).toString());
    const int index = mFormat->findData(f.isEmpty() ? QStringLiteral("png") : f);
    mFormat->setCurrentIndex(std::max(0, index));
    const bool cm = s.value(unitKey).toString() == QLatin1String("cm");
    mCentimetres->setChecked(cm);
    mPixels->setChecked(!cm);
    mWidthPx->setValue(s.value(widthPxKey, 1200).toInt());
    mHeightPx->setValue(s.value(heightPxKey, 800).toInt());
    mWidthCm->setValue(s.value(widthCmKey, 16.0).toDouble());
    mHeightCm->setValue(s.value(heightCmKey, 10.0).toDouble());
    mDpi->setValue(s.value(dpiKey, 300).toInt());
    mTransparent->setChecked(s.value(transparentKey, false).toBool());
    mTextScale->setValue(s.value(textScaleKey, 1.0).toDouble());
}

void ExportImageDialog::saveSettings() const
{
    QSettings s;
    s.setValue(formatKey, format());
    s.setValue(unitKey, mCentimetres->isChecked() ? QStringLiteral("cm") : QStringLiteral("px"));
    s.setValue(widthPxKey, mWidthPx->value());
    s.setValue(heightPxKey, mHeightPx->value());
    s.setValue(widthCmKey, mWidthCm->value());
    s.setValue(heightCmKey, mHeightCm->value());
    s.setValue(dpiKey, mDpi->value());
    s.setValue(transparentKey, mTransparent->isChecked());
    s.setValue(textScaleKey, mTextScale->value());
}

QString ExportImageDialog::format() const
{
    return mFormat->currentData().toString();
}

ImageExportOptions ExportImageDialog::options() const
{
    ImageExportOptions o =
        mCentimetres->isChecked()
            ? ImageExportOptions::centimetres(
                  format(), QSizeF(mWidthCm->value(), mHeightCm->value()), mDpi->value())
            : ImageExportOptions::pixels(format(), QSize(mWidthPx->value(), mHeightPx->value()));
    o.transparent = mTransparent->isChecked() && ImageExportOptions::supportsTransparency(format());
    o.textScale = mTextScale->value();
    return o;
}

QString ExportImageDialog::path() const
{
    QString p = mPath->text().trimmed();
    if (mMode == Mode::File && !p.isEmpty() && QFileInfo(p).suffix().isEmpty())
        p += QLatin1Char('.') + format();
    return p;
}

void ExportImageDialog::setPath(const QString &path)
{
    mPath->setText(QDir::toNativeSeparators(path));
    if (mMode == Mode::File)
        formatChanged(); // give the file the format's extension
}

void ExportImageDialog::setFormat(const QString &f)
{
    const int index = mFormat->findData(ImageExportOptions::normalizedFormat(f));
    if (index >= 0)
        mFormat->setCurrentIndex(index);
}

void ExportImageDialog::setPixelSize(QSize pixels)
{
    mPixels->setChecked(true);
    mWidthPx->setValue(pixels.width());
    mHeightPx->setValue(pixels.height());
}

void ExportImageDialog::setCentimetres(QSizeF cm, int dpi)
{
    mCentimetres->setChecked(true);
    mWidthCm->setValue(cm.width());
    mHeightCm->setValue(cm.height());
    mDpi->setValue(dpi);
}

void ExportImageDialog::setTransparent(bool transparent)
{
    mTransparent->setChecked(transparent);
}

void ExportImageDialog::setTextScale(double scale)
{
    mTextScale->setValue(scale);
}

void ExportImageDialog::setPreset(Preset preset)
{
    const PresetValues values = presetValues(preset);
    if (values.pixels.isEmpty())
        return;
    mChosen = preset;
    setPixelSize(values.pixels);
    setTextScale(values.textScale);
}

ExportImageDialog::Preset ExportImageDialog::preset() const
{
    auto matches = [this](Preset p) {
        const PresetValues values = presetValues(p);
        return QSize(mWidthPx->value(), mHeightPx->value()) == values.pixels &&
               std::abs(mTextScale->value() - values.textScale) < 0.005;
    };
    // Two presets can hold the same values (presenting at 1.5×, the slide's text scale is 1,
    // as Full HD's): the one the user chose is what the box shows.
    if (mPixels->isChecked() && mChosen != Preset::Custom && matches(mChosen))
        return mChosen;
    if (mPixels->isChecked())
        for (Preset p : {Preset::Screen, Preset::FullHd, Preset::Slide}) {
            if (matches(p))
                return p;
        }
    return Preset::Custom;
}

void ExportImageDialog::presetChosen()
{
    setPreset(Preset(mPreset->currentIndex()));
    updateState();
}

void ExportImageDialog::formatChanged()
{
    if (mMode == Mode::File) {
        // Follow the format in the file name: lesson.png → lesson.svg.
        const QString text = mPath->text().trimmed();
        const QFileInfo info(text);
        if (!text.isEmpty() && (info.suffix().isEmpty() ||
                                !ImageExportOptions::normalizedFormat(info.suffix()).isEmpty())) {
            const QString base =
                info.suffix().isEmpty() ? text : text.left(text.size() - info.suffix().size() - 1);
            const QSignalBlocker block(mPath);
            mPath->setText(base + QLatin1Char('.') + format());
        }
    }
    updateState();
}

void ExportImageDialog::updateState()
{
    const bool cm = mCentimetres->isChecked();
    mWidthPx->setEnabled(!cm);
    mHeightPx->setEnabled(!cm);
    mWidthCm->setEnabled(cm);
    mHeightCm->setEnabled(cm);
    mDpi->setEnabled(cm);
    const bool alpha = ImageExportOptions::supportsTransparency(format());
    mTransparent->setEnabled(alpha);
    mTransparent->setToolTip(alpha ? QString()
                                   : tr("JPEG and PDF have no transparent background."));

    const ImageExportOptions o = options();
    const QString f = format();
    QString text;
    if (f == QLatin1String("pdf"))
        text = cm ? tr("One PDF page of %1 × %2 cm.")
                        .arg(QLocale().toString(mWidthCm->value(), 'f', 1),
                             QLocale().toString(mHeightCm->value(), 'f', 1))
                  : tr("One PDF page of %1 × %2 points.").arg(o.size.width()).arg(o.size.height());
    else if (f == QLatin1String("svg"))
        text =
            cm ? tr("An SVG drawing of %1 × %2 cm.")
                     .arg(QLocale().toString(mWidthCm->value(), 'f', 1),
                          QLocale().toString(mHeightCm->value(), 'f', 1))
               : tr("An SVG drawing of %1 × %2 pixels.").arg(o.size.width()).arg(o.size.height());
    else
        text = tr("An image of %1 × %2 pixels at %3 dpi.")
                   .arg(o.outputPixels().width())
                   .arg(o.outputPixels().height())
                   .arg(o.dpi);
    // The export rule: what the plots' text is drawn at, against the window's normal size.
    const double textSize = o.magnification * o.textScale * screenTextScale();
    text += QLatin1Char(' ') + tr("Plot text and lines at %1× their normal size.")
                                   .arg(QLocale().toString(textSize, 'g', 3));
    const std::optional<QString> problem = o.check();
    if (problem)
        text = *problem;
    {
        const QSignalBlocker block(mPreset);
        mPreset->setCurrentIndex(int(preset()));
    }
    mResult->setText(text);
    mButtons->button(QDialogButtonBox::Ok)
        ->setEnabled(!problem && !mPath->text().trimmed().isEmpty());
}

void ExportImageDialog::browse()
{
    QString chosen;
    if (mMode == Mode::File) {
        const QString f = format();
        chosen =
            QFileDialog::getSaveFileName(this, tr("Export image"), path(),
                                         tr("%1 files (*.%2);;All files (*)").arg(f.toUpper(), f));
    } else {
        chosen = QFileDialog::getExistingDirectory(this, tr("Export all views into"), path());
    }
    if (!chosen.isEmpty())
        setPath(chosen);
}

} // namespace sml
