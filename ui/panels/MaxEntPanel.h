#pragma once

#include "MaxEntIterates.h"
#include "RoundGrid.h"

#include <QWidget>

#include <optional>

class QBoxLayout;
class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QSlider;

namespace sml {

class AnimationControls;
class DecimalSpinBox;
class EditGesture;
class MaxEntConstraintPlot;
class MaxEntEntropyPlot;
class MaxEntOptimizerPlot;
class ScenarioDocument;
struct QueryDetail;

/// The maximum-entropy derivation of the selected query, live (MATH.md §5, and §7.3 with
/// α-entmax):
/// - the entropy along the path, H(λ) or H_α(λ), with its limits, λ = 1/τ and the current λ
///   (MaxEntEntropyPlot);
/// - E_λ[f] with the constraint μ and the feasible band (MaxEntConstraintPlot);
/// - the target μ: a slider and a spin box over the feasible interval, the open (min f, max f)
///   with the softmax (MATH.md §5.4) and the closed [min f, max f] with α-entmax, α > 1 (§7.3,
///   where the ends give λ_max and λ_min with the core's half-line warning). Both move on the
///   same round grid (RoundGrid: a step 10^e with at least 1000 steps across the interval, the
///   closed interval's ends included), so a typed 0.95 is exactly 0.95 and the slider's
///   resolution follows the interval. They push SetMaxEntTarget commands through the document,
///   one gesture = one undo step (EditGesture: a drag, a held arrow or key, a typed value), so
///   λ and the weights of every view follow live; a refused target changes nothing and is shown;
/// - the solver animation from λ = 0, stepped by AnimationControls (a QTimer, never blocking),
///   shown as iterates on both curves and per iteration in MaxEntOptimizerPlot: safeguarded
///   Newton and/or GIS (MATH.md §5.5) with the softmax, the Tsallis Newton/bisection (§7.3) with
///   α-entmax. Any edit or change of query restarts it from λ = 0 (and it keeps playing if it
///   was).
/// The μ controls stay at the top; the plots and the solver scroll below them, side by side when
/// the view is wide enough for both plots' axis names and reference labels, stacked otherwise,
/// each at least a third of the window's height. When λ is undetermined (all similarities
/// equal) the plots show a note and the μ controls are off.
class MaxEntPanel : public QWidget
{
    Q_OBJECT

public:
    enum class Method
    {
        Newton,
        Gis,
        Both
    };

    explicit MaxEntPanel(ScenarioDocument *document, QWidget *parent = nullptr);

    MaxEntEntropyPlot *entropyPlot() const { return mEntropy; }
    MaxEntConstraintPlot *constraintPlot() const { return mConstraint; }
    MaxEntOptimizerPlot *optimizerPlot() const { return mOptimizer; }
    QSlider *targetSlider() const { return mSlider; }
    DecimalSpinBox *targetSpin() const { return mSpin; }
    QPushButton *defaultTargetButton() const { return mDefault; }
    /// "query “q”: μ = … → λ = …".
    QLabel *targetLabel() const { return mTargetLabel; }
    /// Notes and warnings (λ undetermined, the half-line warning, a refused target).
    QLabel *noteLabel() const { return mNote; }
    QComboBox *methodCombo() const { return mMethod; }
    AnimationControls *animationControls() const { return mControls; }
    QScrollArea *scrollArea() const { return mScroll; }
    /// The two curves stand one under the other (a narrow view), not side by side.
    bool plotsStacked() const;

    /// The grid of the μ controls over the feasible interval of the selected query; nullopt when
    /// μ cannot move (λ undetermined, no key, or an interval too narrow for a grid point).
    const std::optional<RoundGrid> &targetGrid() const { return mGrid; }
    /// μ at a slider position (clamped to the grid); nullopt without a grid.
    std::optional<double> targetAt(int position) const;
    /// The slider position closest to μ.
    int positionOf(double mu) const;

    Method method() const;
    void setMethod(Method method);
    int iteration() const { return mIteration; }
    bool animationFinished() const { return mFinished; }
    /// λ⁽ⁿ⁾ of a method at the current iteration; nullopt when nothing is solvable or the method
    /// is not being animated (GIS with α-entmax).
    std::optional<double> currentIterate(MaxEntIterates::Method method);
    const MaxEntIterates &iterates() const { return mIterates; }

    /// Scrolls the page so that the plot of `view` (exportViewNames(): "maxent-entropy",
    /// "maxent-constraint", "maxent-optimizer") is at its top, now and after the next layout:
    /// what a lesson step on that view shows, wherever the page was scrolled before (a fresh
    /// reader's step 6, on H(λ), showed the constraint plot).
    void showPlot(const QString &view);

public slots:
    /// One iteration forward (what a timer tick or the Step button does).
    void stepAnimation();
    /// Back to λ = 0, paused.
    void resetAnimation();

signals:
    /// A refusal or note for the status bar.
    void message(const QString &text);

protected:
    /// A hidden view (another tab) is not recomputed on every edit; it catches up when shown,
    /// and its animation pauses while hidden.
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    /// The scroll area's height, once laid out, sets the plots' (adaptRows).
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    QWidget *buildTargetControls();
    QWidget *buildSolverControls();
    void refresh();
    void refreshTargetControls(const QueryDetail &detail);
    void refreshTexts(const QueryDetail &detail);
    /// Pushes μ (from the slider or the spin box); a refusal is shown and the controls go back.
    void commitTarget(double mu);
    void showNote(const QString &text, bool error);
    /// The note shown unless presented and said on the curves already (an undetermined λ).
    void showNoteIfNeeded();
    /// Side by side or stacked control rows and plots, and the plots' heights, by the size.
    void adaptRows();
    /// The taller of the two curves' titles, legends and axes (widget less data area) as last
    /// laid out for the widgets; 0 before, or while an export lays them out at another size.
    int lambdaAround() const;
    /// The readout (mTargetText) in its label, on two lines when mTargetTwoLines.
    void showTargetText();
    void restartAnimation(const QueryDetail &detail);
    void showIterates();
    bool methodOn(MaxEntIterates::Method method) const;

    ScenarioDocument *mDocument;
    MaxEntEntropyPlot *mEntropy;
    MaxEntConstraintPlot *mConstraint;
    MaxEntOptimizerPlot *mOptimizer;
    QWidget *mTop = nullptr;
    QSlider *mSlider = nullptr;
    DecimalSpinBox *mSpin = nullptr;
    EditGesture *mGesture = nullptr;
    QLabel *mMinLabel = nullptr;
    QLabel *mMaxLabel = nullptr;
    QLabel *mTargetLabel = nullptr;
    QString mTargetText;          ///< the readout "query “q”: μ = … → λ = …" on one line
    bool mTargetTwoLines = false; ///< shown broken before its "→", beside the slider (adaptRows)
    int mOptimizerAround = 0; ///< what the solver's labels and legend took when last measured
    int mLambdaAround = 0; ///< lambdaAround() when adaptRows last ran
    QPushButton *mDefault = nullptr;
    QLabel *mNote = nullptr;
    QScrollArea *mScroll = nullptr;
    QBoxLayout *mPlotsRow = nullptr;
    QBoxLayout *mTargetRow = nullptr;
    QBoxLayout *mSliderPart = nullptr;
    QBoxLayout *mAnimationRow = nullptr;
    QComboBox *mMethod = nullptr;
    QLabel *mSolverName = nullptr; ///< replaces the method choice with α-entmax
    AnimationControls *mControls = nullptr;

    std::optional<RoundGrid> mGrid;
    MaxEntIterates mIterates;
    int mIteration = 0;
    bool mFinished = false;
    QString mQueryLabel;
    bool mStale = false;
    bool mNoteIsError = false;        ///< the note is a refusal (always shown)
    bool mNoteSaidOnThePlots = false; ///< the note says what both curves say (undetermined λ)
};

} // namespace sml
