#include "panels/ControlPanel.h"

#include "document/ScenarioDocument.h"
#include "style/PlotStyle.h"
#include "widgets/DocumentBinding.h"
#include "widgets/GestureSlider.h"
#include "widgets/NumberLineEdit.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalBlocker>
#include <QSlider>
#include <QTimer>

#include <cmath>

namespace sml {

static constexpr double tauMin = 0.05;
static constexpr double tauMax = 50;
static constexpr int sliderSteps = 1000;

double ControlPanel::sliderToTau(int position)
{
    return tauMin * std::pow(tauMax / tauMin, double(position) / sliderSteps);
}

int ControlPanel::tauToSlider(double tau)
{
    const double p = std::log(tau / tauMin) / std::log(tauMax / tauMin) * sliderSteps;
    return int(std::lround(std::clamp(p, 0.0, double(sliderSteps))));
}

static constexpr double alphaMin = 1;
static constexpr double alphaMax = 4;
static constexpr int alphaSteps = 300;

double ControlPanel::sliderToAlpha(int position)
{
    return alphaMin + (alphaMax - alphaMin) * double(position) / alphaSteps;
}

int ControlPanel::alphaToSlider(double alpha)
{
    const double p = (alpha - alphaMin) / (alphaMax - alphaMin) * alphaSteps;
    return int(std::lround(std::clamp(p, 0.0, double(alphaSteps))));
}

/// The presets of the normalizer combo: the softmax, α = 1.5, α = 2; and the last entry, "α-entmax"
/// with any other α (its text names the α).
enum NormalizerPreset
{
    SoftmaxPreset,
    EntmaxOneAndAHalf,
    Sparsemax,
    CustomEntmax
};

namespace {

/// A frame in the highlight colour around a control, over it (clicks go through), following
/// its geometry; gone after ControlPanel::markDurationMs.
class ChangeMark : public QWidget
{
public:
    explicit ChangeMark(QWidget *target) : QWidget(target->parentWidget()), mTarget(target)
    {
        setObjectName(QStringLiteral("changeMark"));
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setAttribute(Qt::WA_NoSystemBackground);
        target->installEventFilter(this);
        follow();
        show();
        raise();
        QTimer::singleShot(ControlPanel::markDurationMs, this, &QObject::deleteLater);
    }
    QWidget *target() const { return mTarget; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == mTarget &&
            (event->type() == QEvent::Move || event->type() == QEvent::Resize ||
             event->type() == QEvent::Show || event->type() == QEvent::Hide))
            follow();
        return false;
    }
    void paintEvent(QPaintEvent *) override
    {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(QPen(palette().color(QPalette::Highlight), 3));
        painter.drawRoundedRect(QRectF(rect()).adjusted(1.5, 1.5, -1.5, -1.5), 4, 4);
    }

private:
    void follow()
    {
        if (!mTarget)
            return;
        setGeometry(mTarget->geometry().adjusted(-3, -3, 3, 3));
        setVisible(mTarget->isVisible());
        raise();
    }
    QPointer<QWidget> mTarget;
};

/// Gives a word-wrapped label the height of its lines at the width it has, as a minimum: the
/// dock's layout does not ask a label its height for a width, so squeezed by presentation
/// text (the Scenario dock brought back while presenting), "All similarities equal 0: λ is
/// undetermined." was drawn in the height of one line, its two lines over each other (a
/// fresh reader). The tables under the panel give up the height instead.
class WrappedHeight : public QObject
{
public:
    explicit WrappedHeight(QLabel *label) : QObject(label), mLabel(label)
    {
        label->installEventFilter(this);
    }
    void fit()
    {
        if (!mLabel->isVisible())
            return; // (a hidden dock's label is resized to nothing: its height means nothing)
        const int need = mLabel->text().isEmpty() ? 0 : mLabel->heightForWidth(mLabel->width());
        if (need != mLabel->minimumHeight())
            mLabel->setMinimumHeight(need);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == mLabel &&
            (event->type() == QEvent::Resize || event->type() == QEvent::FontChange))
            fit();
        return false;
    }

private:
    QLabel *mLabel;
};

} // namespace

void ControlPanel::markChanged(const QStringList &fields)
{
    for (const QPointer<QWidget> &mark : std::as_const(mMarks))
        delete mark.data();
    mMarks.clear();
    QList<QWidget *> targets;
    for (const QString &field : fields) {
        if (field == QLatin1String("temperature"))
            targets << mSqrtDk << mTauEdit;
        else if (field == QLatin1String("mask"))
            targets << mMask;
        else if (field == QLatin1String("variance"))
            targets << mVarianceMode << mSigma0Edit;
        else if (field == QLatin1String("maxent"))
            targets << mTargetEdit;
        else if (field == QLatin1String("attention"))
            targets << mNormalizer;
    }
    for (QWidget *target : std::as_const(targets))
        if (target->isEnabled()) // (σ0² is greyed out with free variances: not what changed)
            mMarks << new ChangeMark(target);
}

QList<QWidget *> ControlPanel::markedControls() const
{
    QList<QWidget *> out;
    for (const QPointer<QWidget> &mark : mMarks)
        if (mark)
            out << static_cast<ChangeMark *>(mark.data())->target();
    return out;
}

ControlPanel::ControlPanel(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent), mDocument(document)
{
    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    // τ
    mSqrtDk = new QCheckBox(tr("τ = √d_k"), this);
    mSqrtDk->setToolTip(tr("Scaled dot product: divide the similarities by √d_k.\n"
                           "Untick to set τ by hand."));
    mTauEdit = new NumberLineEdit(this);
    mTauEdit->setToolTip(tr("Temperature τ > 0: the scores are s = q·k / τ"));
    form->addRow(tr("Temperature τ"), mSqrtDk);
    mTauSlider = new QSlider(Qt::Horizontal, this);
    mTauSlider->setRange(0, sliderSteps);
    mTauSlider->setToolTip(tr("Drag to change τ (log scale, %1 … %2): small τ sharpens the "
                              "weights, large τ flattens them")
                               .arg(tauMin)
                               .arg(tauMax));
    // The field beside the slider, under the checkbox: "τ = √d_k = √256" and "1.41421" in one
    // row did not fit the panel's width (the field read "1.4142").
    auto *tauRow = new QHBoxLayout;
    tauRow->addWidget(mTauSlider, 1);
    mTauEdit->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    tauRow->addWidget(mTauEdit);
    form->addRow(QString(), tauRow);

    // normalizer (MATH.md §7)
    mNormalizer = new QComboBox(this);
    mNormalizer->addItem(tr("softmax (α = 1)"));
    mNormalizer->addItem(tr("1.5-entmax"));
    mNormalizer->addItem(tr("sparsemax (α = 2)"));
    mNormalizer->addItem(tr("α-entmax"));
    mNormalizer->setItemData(SoftmaxPreset,
                             tr("w = softmax(s): the maximum of the Shannon entropy. "
                                "Every key keeps a weight > 0."),
                             Qt::ToolTipRole);
    mNormalizer->setItemData(EntmaxOneAndAHalf,
                             tr("α = 1.5: the maximum of the Tsallis entropy H_1.5. Keys below "
                                "a water line get exactly 0."),
                             Qt::ToolTipRole);
    mNormalizer->setItemData(Sparsemax,
                             tr("α = 2: the Euclidean projection of s onto the simplex, "
                                "w = [s − θ]₊ (Gini entropy). Many keys get exactly 0."),
                             Qt::ToolTipRole);
    mNormalizer->setItemData(CustomEntmax, tr("α-entmax with the α of the slider (1 ≤ α ≤ 4)"),
                             Qt::ToolTipRole);
    mNormalizer->setToolTip(tr("The entropy the attention maximizes decides the normalizer:\n"
                               "Shannon gives the softmax, Tsallis α gives α-entmax,\n"
                               "which sets the weights of low-scoring keys to exactly 0."));
    mNormalizer->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    mNormalizer->setMinimumContentsLength(17); // "sparsemax (α = 2)" whole
    form->addRow(tr("Normalizer"), mNormalizer);
    mAlphaSlider = new QSlider(Qt::Horizontal, this);
    mAlphaSlider->setRange(0, alphaSteps);
    mAlphaSlider->setToolTip(tr("Drag to change α of α-entmax (1 … 4): α = 1 is the softmax, "
                                "larger α gives more exact zeros"));
    mAlphaSpin = new QDoubleSpinBox(this);
    mAlphaSpin->setRange(alphaMin, alphaMax);
    mAlphaSpin->setDecimals(2);
    mAlphaSpin->setSingleStep(0.05);
    mAlphaSpin->setKeyboardTracking(false);
    mAlphaSpin->setToolTip(tr("α of α-entmax, 1 ≤ α ≤ 4 (α = 1: softmax, α = 2: sparsemax)"));
    auto *alphaRow = new QHBoxLayout;
    alphaRow->addWidget(mAlphaSlider, 1);
    alphaRow->addWidget(mAlphaSpin);
    form->addRow(tr("α"), alphaRow);

    // mask
    mMask = new QComboBox(this);
    // Short texts that fit the panel at 1280×800 (and in presentation mode); the sentence is
    // the item's tooltip.
    mMask->addItem(tr("none"), int(MaskKind::None));
    mMask->addItem(tr("causal (keys 1…i)"), int(MaskKind::Causal));
    mMask->setItemData(0, tr("none: every query sees every key"), Qt::ToolTipRole);
    mMask->setItemData(1, tr("causal: query i sees keys 1…i"), Qt::ToolTipRole);
    form->addRow(tr("Mask"), mMask);

    // variance model
    mVarianceMode = new QComboBox(this);
    mVarianceMode->addItem(tr("linked: σ0²·e⁻ˢ"), int(VarianceMode::Linked));
    mVarianceMode->addItem(tr("free (by hand)"), int(VarianceMode::Free));
    mVarianceMode->setItemData(0, tr("linked: σ² = σ0² · exp(−s)"), Qt::ToolTipRole);
    mVarianceMode->setItemData(1, tr("free: set every σ² by hand"), Qt::ToolTipRole);
    form->addRow(tr("Variances"), mVarianceMode);
    // The combos never widen the panel (and the window, past a 1280-pixel projector): short
    // item texts, sized to their longest.
    for (QComboBox *combo : {mMask, mVarianceMode})
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    mSigma0Edit = new NumberLineEdit(this);
    mSigma0Edit->setToolTip(tr("σ0² > 0 cancels from the weights but moves the variances and "
                               "the log-likelihood"));
    form->addRow(tr("σ0²"), mSigma0Edit);

    // selected query and its MaxEnt target
    mQuery = new QComboBox(this);
    mQuery->setToolTip(tr("The query shown in the weight bars and highlighted elsewhere"));
    form->addRow(tr("Query"), mQuery);
    mTargetEdit = new NumberLineEdit(this);
    mTargetEdit->setToolTip(tr("MaxEnt constraint: the expected similarity E_p[q·k] = μ"));
    mTargetDefault = new QPushButton(tr("Default"), this);
    mTargetDefault->setToolTip(tr("Use the default target μ = E_w[q·k], whose MaxEnt solution "
                                  "is the softmax itself (λ = 1/τ)"));
    auto *targetRow = new QHBoxLayout;
    targetRow->addWidget(mTargetEdit, 1);
    targetRow->addWidget(mTargetDefault);
    form->addRow(tr("MaxEnt μ"), targetRow);
    // The notes under μ span the panel (fewer wrapped lines) and never get less than the
    // height of their wrapped text: squeezed by a dock of large presentation text, two wrapped
    // lines were drawn on top of each other.
    mTargetState = new QLabel(this);
    mFeasible = new QLabel(this);
    for (QLabel *note : {mTargetState, mFeasible}) {
        note->setWordWrap(true);
        // (Minimum, not Fixed: a reader saw the second wrapped line cut in half once; a
        // Minimum label is never given less than its size hint, and the form still gives
        // it the height for its width.)
        note->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
        form->addRow(note);
        auto *height = new WrappedHeight(note);
        // (refresh(): after its text, once the layout has given it its width.)
        mFitNotes.push_back([height] { QTimer::singleShot(0, height, &WrappedHeight::fit); });
    }
    // Six significant digits: "1.41421" and "-0.0598500" whole in the panel's narrow fields
    // (eight were cut to "1.4142" and "-0.0598500" at 1280×800, a reader's find).
    for (NumberLineEdit *field : {mTauEdit, mSigma0Edit, mTargetEdit}) {
        field->setShownDigits(6);
        field->setKeepsShownDigitsWhole(true);
    }

    // edits
    connect(mSqrtDk, &QCheckBox::toggled, this, [this](bool on) {
        report(mDocument->setTemperature(on ? TemperatureMode::SqrtDk : TemperatureMode::Fixed));
    });
    connect(mTauEdit, &NumberLineEdit::committed, this, [this](double tau) {
        report(mDocument->setTemperature(TemperatureMode::Fixed, tau), mTauEdit);
    });
    bindGestureSlider(
        mTauSlider, mDocument,
        [this](int position, int gesture) {
            return mDocument->setTemperature(TemperatureMode::Fixed, sliderToTau(position),
                                             gesture);
        },
        [this](const std::optional<QString> &error) { report(error); });
    connect(mNormalizer, &QComboBox::activated, this, [this](int index) {
        switch (index) {
        case SoftmaxPreset:
            report(mDocument->setNormalizer(NormalizerKind::Softmax));
            break;
        case EntmaxOneAndAHalf:
            report(mDocument->setNormalizer(NormalizerKind::Entmax, 1.5));
            break;
        case Sparsemax:
            report(mDocument->setNormalizer(NormalizerKind::Entmax, 2.0));
            break;
        default:
            report(mDocument->setNormalizer(NormalizerKind::Entmax));
        }
    });
    bindGestureSlider(
        mAlphaSlider, mDocument,
        [this](int position, int gesture) {
            return mDocument->setNormalizer(NormalizerKind::Entmax, sliderToAlpha(position),
                                            gesture);
        },
        [this](const std::optional<QString> &error) { report(error); });
    connect(mAlphaSpin, &QDoubleSpinBox::valueChanged, this, [this](double alpha) {
        report(mDocument->setNormalizer(NormalizerKind::Entmax, alpha));
    });
    connect(mMask, &QComboBox::activated, this, [this](int index) {
        report(mDocument->setMask(MaskKind(mMask->itemData(index).toInt())));
    });
    connect(mVarianceMode, &QComboBox::activated, this, [this](int index) {
        report(mDocument->setVarianceMode(VarianceMode(mVarianceMode->itemData(index).toInt())));
    });
    connect(mSigma0Edit, &NumberLineEdit::committed, this,
            [this](double v) { report(mDocument->setSigma0Squared(v), mSigma0Edit); });
    connect(mQuery, &QComboBox::activated, this,
            [this](int index) { mDocument->setSelectedQuery(index); });
    connect(mTargetEdit, &NumberLineEdit::committed, this, [this](double mu) {
        report(mDocument->setMaxEntTarget(mDocument->selectedQuery(), mu), mTargetEdit);
    });
    connect(mTargetDefault, &QPushButton::clicked, this, [this] {
        report(mDocument->setMaxEntTarget(mDocument->selectedQuery(), std::nullopt));
    });
    for (NumberLineEdit *field : {mTauEdit, mSigma0Edit, mTargetEdit})
        connect(field, &NumberLineEdit::refused, this, &ControlPanel::message);

    bindToDocument(this, mDocument, [this] { refresh(); });
}

void ControlPanel::report(const std::optional<QString> &error, NumberLineEdit *field)
{
    if (!error)
        return;
    // Put the widgets back to the document's state, but keep the refused text in its field so
    // the user sees what was refused, in red, with the reason in the tooltip.
    const QString typed = field ? field->text() : QString();
    refresh();
    if (field) {
        field->setText(typed);
        field->showRefused(*error); // emits refused → message
    } else {
        emit message(*error);
    }
}

void ControlPanel::refresh()
{
    // (Also when refresh() runs as the panel is shown again: the text changed while hidden.)
    const auto fitNotes = qScopeGuard([this] {
        for (const auto &fit : mFitNotes)
            fit();
    });
    const Scenario &s = mDocument->scenario();
    const bool sqrtDk = s.temperatureMode == TemperatureMode::SqrtDk;
    {
        const QSignalBlocker b1(mSqrtDk), b2(mTauSlider), b3(mMask), b4(mVarianceMode), b5(mQuery);
        mSqrtDk->setChecked(sqrtDk);
        mSqrtDk->setText(tr("τ = √d_k = √%1").arg(s.dK()));
        mTauEdit->setValue(s.tau());
        mTauEdit->setEnabled(!sqrtDk);
        if (!mTauSlider->isSliderDown())
            mTauSlider->setValue(tauToSlider(s.tau()));
        const QSignalBlocker b6(mNormalizer), b7(mAlphaSlider), b8(mAlphaSpin);
        const double alpha = s.alpha();
        const bool entmax = s.normalizer == NormalizerKind::Entmax;
        mNormalizer->setItemText(CustomEntmax,
                                 entmax && alpha != 1.5 && alpha != 2
                                     ? tr("α-entmax, α = %1").arg(QLocale().toString(alpha, 'g', 6))
                                     : tr("α-entmax"));
        mNormalizer->setCurrentIndex(!entmax        ? SoftmaxPreset
                                     : alpha == 1.5 ? EntmaxOneAndAHalf
                                     : alpha == 2   ? Sparsemax
                                                    : CustomEntmax);
        if (!mAlphaSlider->isSliderDown())
            mAlphaSlider->setValue(alphaToSlider(alpha));
        mAlphaSpin->setValue(alpha);
        mMask->setCurrentIndex(mMask->findData(int(s.mask)));
        mVarianceMode->setCurrentIndex(mVarianceMode->findData(int(s.varianceMode)));
        mSigma0Edit->setValue(s.sigma0Squared);
        mSigma0Edit->setEnabled(s.varianceMode == VarianceMode::Linked);

        QStringList labels;
        for (int i = 0; i < s.m(); ++i)
            labels << tr("%1: %2").arg(i + 1).arg(s.queryLabels.value(i));
        QStringList current;
        for (int i = 0; i < mQuery->count(); ++i)
            current << mQuery->itemText(i);
        if (labels != current) {
            mQuery->clear();
            mQuery->addItems(labels);
        }
        mQuery->setCurrentIndex(mDocument->selectedQuery());
    }

    const int i = mDocument->selectedQuery();
    const auto shared = mDocument->analysis().sharedDetail(i);
    const QueryDetail &d = *shared;
    if (!d.defined) {
        mTargetEdit->setText(QString());
        mTargetEdit->setEnabled(false);
        mTargetDefault->setEnabled(false);
        mTargetState->setText(QString());
        mFeasible->setText(tr("This query sees no key."));
        return;
    }
    mTargetEdit->setEnabled(true);
    mTargetEdit->setValue(d.maxentTarget);
    mTargetDefault->setEnabled(!d.maxentTargetIsDefault);
    mTargetState->setText(d.maxentTargetIsDefault ? tr("default: μ = E_w[q·k], so p = w")
                                                  : tr("set by hand"));
    // ("\u00a0": the interval's ends never wrap apart, "(min f, max" / "f)".)
    if (const auto range = mDocument->similarityRange(i)) {
        if (range->first == range->second)
            mFeasible->setText(tr("All similarities equal %1: λ is undetermined.")
                                   .arg(QLocale().toString(range->first, 'g', 6)));
        else if (s.alpha() > 1) // Tsallis MaxEnt: the ends are reached (MATH.md §7.3)
            mFeasible->setText(tr("feasible: %1 ≤ μ ≤ %2   [min\u00a0f, max\u00a0f]")
                                   .arg(QLocale().toString(range->first, 'g', 6),
                                        QLocale().toString(range->second, 'g', 6)));
        else
            mFeasible->setText((mDocument->maxEntTargetsIncludeEnds()
                                    ? tr("feasible: %1 ≤ μ ≤ %2   [min\u00a0f, max\u00a0f]")
                                    : tr("feasible: %1 < μ < %2   (min\u00a0f, max\u00a0f)"))
                                   .arg(QLocale().toString(range->first, 'g', 6),
                                        QLocale().toString(range->second, 'g', 6)));
    }
}

} // namespace sml
