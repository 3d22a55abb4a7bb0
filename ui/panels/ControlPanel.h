#pragma once

#include <QPointer>
#include <QWidget>

#include <functional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;

namespace sml {

class NumberLineEdit;
class ScenarioDocument;

/// The scenario's scalar settings: temperature τ (√d_k or fixed, with a log-scale slider whose
/// drag is one undo step), the normalizer (softmax or α-entmax, with an α slider and spin box and
/// the presets softmax / 1.5-entmax / sparsemax, MATH.md §7.2), mask, variance model and σ0², the
/// selected query, and that query's MaxEnt target μ with its feasible interval (min f, max f) and a
/// "Default" reset. Every change goes through the document's edit functions; refusals are shown on
/// the field and reported through message().
class ControlPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ControlPanel(ScenarioDocument *document, QWidget *parent = nullptr);

    QCheckBox *sqrtDkCheck() const { return mSqrtDk; }
    NumberLineEdit *tauEdit() const { return mTauEdit; }
    QSlider *tauSlider() const { return mTauSlider; }
    QComboBox *normalizerCombo() const { return mNormalizer; }
    QSlider *alphaSlider() const { return mAlphaSlider; }
    QDoubleSpinBox *alphaSpin() const { return mAlphaSpin; }
    QComboBox *maskCombo() const { return mMask; }
    QComboBox *varianceModeCombo() const { return mVarianceMode; }
    NumberLineEdit *sigma0Edit() const { return mSigma0Edit; }
    QComboBox *queryCombo() const { return mQuery; }
    NumberLineEdit *targetEdit() const { return mTargetEdit; }
    QPushButton *targetDefaultButton() const { return mTargetDefault; }
    QLabel *feasibleLabel() const { return mFeasible; }

    /// Slider position (0…1000) ↔ τ on a log scale from 0.05 to 50.
    static double sliderToTau(int position);
    static int tauToSlider(double tau);
    /// Slider position (0…300) ↔ α from 1 to 4, in steps of 0.01.
    static double sliderToAlpha(int position);
    static int alphaToSlider(double alpha);

    /// Marks the controls of the settings `fields` (a lesson step's `set`: "temperature",
    /// "mask", "variance", "maxent", "attention") with a frame in the highlight colour for
    /// markDurationMs, so that a reader sees what the step changed; a new call replaces the marks.
    void markChanged(const QStringList &fields);
    /// The controls marked now (markChanged).
    QList<QWidget *> markedControls() const;
    static constexpr int markDurationMs = 4000;

signals:
    /// A status message (usually a refusal) for the status bar.
    void message(const QString &text);

private:
    void refresh();
    void report(const std::optional<QString> &error, NumberLineEdit *field = nullptr);

    ScenarioDocument *mDocument;
    QCheckBox *mSqrtDk;
    NumberLineEdit *mTauEdit;
    QSlider *mTauSlider;
    QComboBox *mNormalizer;
    QSlider *mAlphaSlider;
    QDoubleSpinBox *mAlphaSpin;
    QComboBox *mMask;
    QComboBox *mVarianceMode;
    NumberLineEdit *mSigma0Edit;
    QComboBox *mQuery;
    NumberLineEdit *mTargetEdit;
    QPushButton *mTargetDefault;
    QLabel *mFeasible;
    QLabel *mTargetState;
    /// Give the notes under μ the height of their wrapped lines (after refresh() sets them).
    std::vector<std::function<void()>> mFitNotes;
    QList<QPointer<QWidget>> mMarks; ///< the frames of markChanged()
};

} // namespace sml
