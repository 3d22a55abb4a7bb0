#include "panels/PresentationControls.h"

#include "document/ScenarioDocument.h"
#include "panels/ControlPanel.h"
#include "widgets/DocumentBinding.h"
#include "widgets/GestureSlider.h"
#include "widgets/NumberLineEdit.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QSlider>
#include <QToolButton>

#include <functional>
#include <utility>

namespace sml {

namespace {

/// The slider of the bar: wide enough to aim at from a lectern, no keyboard focus (the
/// presentation keys stay with the window).
QSlider *barSlider(int maximum, QWidget *parent)
{
    auto *slider = new QSlider(Qt::Horizontal, parent);
    slider->setRange(0, maximum);
    slider->setFocusPolicy(Qt::NoFocus);
    slider->setMinimumWidth(150);
    // A large round handle in the highlight colour on a thick groove, in both themes: the
    // style's own, a 12 px dark square, was all but invisible in the dark theme from the back
    // of the room (a fresh reader).
    slider->setStyleSheet(QStringLiteral(
        "QSlider { min-height: 26px; }"
        "QSlider::groove:horizontal { height: 6px; border-radius: 3px; background: #8c8c8c; }"
        "QSlider::sub-page:horizontal { border-radius: 3px; background: palette(highlight); }"
        "QSlider::handle:horizontal { width: 20px; margin: -9px 0; border-radius: 11px;"
        " background: palette(highlight); border: 2px solid palette(window-text); }"));
    slider->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    return slider;
}

/// A value label that does not change width as its digits change, in whatever font it is given
/// (presentation mode scales the bar's font after it is built: a width measured once, in the
/// small font, cut "= 0.103" to "= 0.10").
class ValueLabel : public QLabel
{
public:
    /// `texts`: every form the label can show; it is as wide as the widest in its font.
    ValueLabel(const QStringList &texts, QWidget *parent) : QLabel(parent), mTexts(texts)
    {
        fitWidest();
    }

protected:
    void changeEvent(QEvent *event) override
    {
        QLabel::changeEvent(event);
        if (event->type() == QEvent::FontChange)
            fitWidest();
    }

private:
    void fitWidest()
    {
        int widest = 0;
        for (const QString &text : mTexts)
            widest = std::max(widest, fontMetrics().horizontalAdvance(text));
        setMinimumWidth(widest + contentsMargins().left() + contentsMargins().right() +
                        2 * margin() + 2);
    }
    QStringList mTexts;
};

/// α as the bar shows it: "= 1 softmax", "= 2 sparsemax", "= 1.25".
QString alphaText(double alpha)
{
    const QString name = alpha == 1   ? PresentationControls::tr("softmax")
                         : alpha == 2 ? PresentationControls::tr("sparsemax")
                                      : QString();
    return PresentationControls::tr("= %1 %2")
        .arg(QLocale().toString(alpha, 'g', 3), name)
        .trimmed();
}

/// The typed τ: a number field as wide as "0.00000" in whatever font it is given, showing four
/// significant digits. Enter commits it and Esc drops the typing; both give the keyboard back to
/// the window, so that the clicker's PageDown and the arrows step the lesson again (a field keeps
/// them while it has the focus).
class TauField : public NumberLineEdit
{
public:
    TauField(std::function<void()> onEscape, QWidget *parent)
        : NumberLineEdit(parent), mOnEscape(std::move(onEscape))
    {
        setShownDigits(4);
        setAlignment(Qt::AlignRight);
        // Only a click gives it the keyboard: Tab cycles the views, and a field focused on its
        // own (the first in the window once the title hides) would keep the clicker's keys.
        setFocusPolicy(Qt::ClickFocus);
        fitWidest();
        connect(this, &QLineEdit::returnPressed, this, [this] { clearFocus(); });
    }

protected:
    bool event(QEvent *event) override
    {
        // Esc is the field's while it has the focus, not the window's "leave presentation".
        if (event->type() == QEvent::ShortcutOverride &&
            static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape) {
            event->accept();
            return true;
        }
        return NumberLineEdit::event(event);
    }
    void changeEvent(QEvent *event) override
    {
        NumberLineEdit::changeEvent(event);
        if (event->type() == QEvent::FontChange)
            fitWidest();
    }
    void keyPressEvent(QKeyEvent *event) override
    {
        if (event->key() != Qt::Key_Escape) {
            NumberLineEdit::keyPressEvent(event);
            return;
        }
        setModified(false);
        clearFocus();
        mOnEscape(); // shows the document's τ again
    }

private:
    void fitWidest()
    {
        setFixedWidth(fontMetrics().horizontalAdvance(QStringLiteral("0.00000")) + 18);
    }
    std::function<void()> mOnEscape;
};

} // namespace

PresentationControls::PresentationControls(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent), mDocument(document)
{
    setObjectName(QStringLiteral("presentationControls"));
    // 14 pt at scale 1; MainWindow scales explicitly set fonts with the presentation scale.
    QFont big = font();
    big.setPointSizeF(14);
    big.setBold(true);
    setFont(big);

    // τ's row and α's row, side by side, or α under τ in a narrow bar (minimumSizeHint).
    mRows = new QBoxLayout(QBoxLayout::LeftToRight, this);
    mRows->setContentsMargins(0, 0, 0, 0);
    mRows->setSpacing(24);
    // Each name sits close to its own controls, and the two groups stand apart: the default
    // spacing (about 24 px presented) made the bar so wide at 1280×800 that "One query, three
    // keys" wrapped to two lines beside it.
    mTauRow = new QHBoxLayout;
    mTauRow->setSpacing(10);
    mAlphaRow = new QHBoxLayout;
    mAlphaRow->setSpacing(10);
    // Width to spare goes to τ's slider first: its drag spans three decades.
    mRows->addLayout(mTauRow, 3);
    mRows->addLayout(mAlphaRow, 1);
    auto *tauName = new QLabel(tr("τ"), this);
    tauName->setToolTip(tr("Temperature τ: the scores are s = q·k / τ"));
    mSqrtDk = new QToolButton(this);
    mSqrtDk->setText(tr("√d_k"));
    mSqrtDk->setCheckable(true);
    mSqrtDk->setFocusPolicy(Qt::NoFocus);
    // On or off must be plain from the back of the room, in both themes.
    mSqrtDk->setStyleSheet(QStringLiteral(
        "QToolButton { padding: 2px 8px; border: 2px solid palette(mid); border-radius: 4px; }"
        "QToolButton:checked { background: palette(highlight); color: palette(highlighted-text);"
        " border-color: palette(highlight); }"));
    mSqrtDk->setToolTip(
        tr("τ = √d_k, the scaled dot product; a drag of the slider sets τ by hand"));
    mTauSlider = barSlider(1000, this);
    mTauSlider->setObjectName(QStringLiteral("presentationTauSlider"));
    mTauSlider->setToolTip(tr("Drag to change τ (log scale, 0.05 to 50): small τ sharpens the "
                              "weights, large τ flattens them. The mouse wheel over the slider "
                              "steps τ finely; the box beside it takes an exact τ"));
    // One wheel notch (three steps of 10 of the 1000) multiplies τ by about 1.23: the drag spans
    // three decades in 150 px, too coarse to land on a τ (a fresh reader).
    mTauSlider->setSingleStep(10);
    mTauSlider->setPageStep(100);
    auto *tauField = new TauField([this] { refresh(); }, this);
    tauField->setObjectName(QStringLiteral("presentationTauField"));
    tauField->setToolTip(tr("Type τ and press Enter (or drag the slider)"));
    mTauValue = tauField;
    auto *alphaName = new QLabel(tr("α"), this);
    alphaName->setToolTip(tr("α of α-entmax: 1 is the softmax, 2 sparsemax (MATH.md §7)"));
    mAlphaSlider = barSlider(300, this);
    mAlphaSlider->setObjectName(QStringLiteral("presentationAlphaSlider"));
    mAlphaSlider->setToolTip(tr("Drag to change α (1 … 4): α = 1 is the softmax; larger α sets "
                                "the weights of low-scoring keys to exactly 0"));
    // Only α = 1 and α = 2 are named; others read "= 1.25" (three digits at most).
    mAlphaValue = new ValueLabel({alphaText(1), alphaText(2), alphaText(3.75)}, this);
    mTauRow->addWidget(tauName);
    mTauRow->addWidget(mSqrtDk);
    mTauRow->addWidget(mTauSlider, 1);
    mTauRow->addWidget(mTauValue);
    mAlphaRow->addWidget(alphaName);
    mAlphaRow->addWidget(mAlphaSlider, 1);
    mAlphaRow->addWidget(mAlphaValue);

    connect(tauField, &NumberLineEdit::committed, this,
            [this](double tau) { report(mDocument->setTemperature(TemperatureMode::Fixed, tau)); });
    connect(tauField, &NumberLineEdit::refused, this, &PresentationControls::message);
    connect(mSqrtDk, &QToolButton::toggled, this, [this](bool on) {
        report(mDocument->setTemperature(on ? TemperatureMode::SqrtDk : TemperatureMode::Fixed));
    });
    bindGestureSlider(
        mTauSlider, mDocument,
        [this](int position, int gesture) {
            return mDocument->setTemperature(TemperatureMode::Fixed,
                                             ControlPanel::sliderToTau(position), gesture);
        },
        [this](const std::optional<QString> &error) { report(error); });
    bindGestureSlider(
        mAlphaSlider, mDocument,
        [this](int position, int gesture) {
            return mDocument->setNormalizer(NormalizerKind::Entmax,
                                            ControlPanel::sliderToAlpha(position), gesture);
        },
        [this](const std::optional<QString> &error) { report(error); });

    bindToDocument(this, mDocument, [this] { refresh(); });
}

int PresentationControls::oneRowWidth() const
{
    return mTauRow->minimumSize().width() + mRows->spacing() + mAlphaRow->minimumSize().width();
}

QSize PresentationControls::minimumSizeHint() const
{
    // As narrow as the wider of the two rows: with both docks opened while presenting at
    // 1280×800, the bar's one row had made the window 1586 px wide (a fresh reader).
    return {std::max(mTauRow->minimumSize().width(), mAlphaRow->minimumSize().width()),
            QWidget::minimumSizeHint().height()};
}

void PresentationControls::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    const auto direction =
        width() >= oneRowWidth() ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (mRows->direction() != direction) {
        mRows->setDirection(direction);
        // Spare width goes to τ's slider; spare height, stacked, to neither row.
        const bool oneRow = direction == QBoxLayout::LeftToRight;
        mRows->setStretch(0, oneRow ? 3 : 0);
        mRows->setStretch(1, oneRow ? 1 : 0);
    }
}

void PresentationControls::report(const std::optional<QString> &error)
{
    if (!error)
        return;
    refresh();
    emit message(*error);
}

void PresentationControls::refresh()
{
    const Scenario &s = mDocument->scenario();
    const QSignalBlocker b1(mSqrtDk), b2(mTauSlider), b3(mAlphaSlider);
    mSqrtDk->setChecked(s.temperatureMode == TemperatureMode::SqrtDk);
    if (!mTauSlider->isSliderDown())
        mTauSlider->setValue(ControlPanel::tauToSlider(s.tau()));
    mTauValue->setValue(s.tau());
    const double alpha = s.alpha();
    if (!mAlphaSlider->isSliderDown())
        mAlphaSlider->setValue(ControlPanel::alphaToSlider(alpha));
    mAlphaValue->setText(alphaText(alpha));
}

} // namespace sml
