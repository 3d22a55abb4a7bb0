#pragma once

#include "MaxEntIterates.h"

#include <QWidget>

#include <optional>
#include <utility>

class QBoxLayout;
class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QSlider;

namespace sml {

class AnimationControls;
class MaxEntConstraintPlot;
class MaxEntEntropyPlot;
class MaxEntOptimizerPlot;
class ScenarioDocument;
struct QueryDetail;

/// The maximum-entropy derivation of the selected query, live (MATH.md §5):
/// - H(λ) with its uniform and argmax limits, λ = 1/τ and the current λ (MaxEntEntropyPlot);
/// - E_λ[f] with the constraint μ and the feasible band (MaxEntConstraintPlot);
/// - a slider for μ, confined to the open feasible interval (min f, max f) (MATH.md §5.4): moving
///   it pushes SetMaxEntTarget commands through the document, one drag = one undo step (the
///   commands of one gesture merge), so λ and the weights of every view follow live;
/// - the solver animation: safeguarded Newton and/or GIS from λ = 0 (MATH.md §5.5), stepped by
///   AnimationControls (a QTimer, never blocking), shown as iterates on both curves and per
///   iteration in MaxEntOptimizerPlot. Any edit or change of query restarts it from λ = 0 (and
///   it keeps playing if it was).
/// When λ is undetermined (all similarities equal) the plots show a note and the slider is off.
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
    /// The slider runs over positions 1 … sliderSteps − 1 of (min f, max f): never an end.
    static constexpr int sliderSteps = 10000;

    explicit MaxEntPanel(ScenarioDocument *document, QWidget *parent = nullptr);

    MaxEntEntropyPlot *entropyPlot() const { return mEntropy; }
    MaxEntConstraintPlot *constraintPlot() const { return mConstraint; }
    MaxEntOptimizerPlot *optimizerPlot() const { return mOptimizer; }
    QSlider *targetSlider() const { return mSlider; }
    QPushButton *defaultTargetButton() const { return mDefault; }
    QLabel *targetLabel() const { return mTargetLabel; }
    QLabel *noteLabel() const { return mNote; }
    QComboBox *methodCombo() const { return mMethod; }
    AnimationControls *animationControls() const { return mControls; }

    /// μ at a slider position, strictly inside (min f, max f) of the selected query; nullopt
    /// when there is no such interval (λ undetermined, or no key).
    std::optional<double> targetAt(int position) const;
    /// The slider position closest to μ (1 … sliderSteps − 1).
    int positionOf(double mu) const;

    Method method() const;
    void setMethod(Method method);
    int iteration() const { return mIteration; }
    bool animationFinished() const { return mFinished; }
    /// λ⁽ⁿ⁾ of a method at the current iteration; nullopt when nothing is solvable or the method
    /// is not being animated.
    std::optional<double> currentIterate(MaxEntIterates::Method method);
    const MaxEntIterates &iterates() const { return mIterates; }

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
    void resizeEvent(QResizeEvent *event) override;

private:
    void refresh();
    /// Side by side or stacked control rows and plots, by the width available.
    void adaptRows();
    void restartAnimation(const QueryDetail &detail);
    void showIterates();
    bool methodOn(MaxEntIterates::Method method) const;

    ScenarioDocument *mDocument;
    MaxEntEntropyPlot *mEntropy;
    MaxEntConstraintPlot *mConstraint;
    MaxEntOptimizerPlot *mOptimizer;
    QSlider *mSlider;
    QLabel *mMinLabel;
    QLabel *mMaxLabel;
    QLabel *mTargetLabel;
    QPushButton *mDefault;
    QLabel *mNote;
    QScrollArea *mScroll;
    QBoxLayout *mPlotsRow;
    QBoxLayout *mSliderRow;
    QBoxLayout *mAnimationRow;
    QComboBox *mMethod;
    AnimationControls *mControls;

    std::optional<std::pair<double, double>> mRange; ///< (min f, max f) when μ can move
    int mGesture = 0;
    MaxEntIterates mIterates;
    int mIteration = 0;
    bool mFinished = false;
    QString mQueryLabel;
    bool mStale = false;
};

} // namespace sml
