#pragma once

#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QPushButton;
class QScrollArea;
class QSpinBox;

namespace sml {

class AnimationControls;
class MleAnimation;
class NumberLineEdit;
class ScenarioDocument;
class ValueSpaceView;

/// The likelihood landscape (ValueSpaceView, MATH.md §4) with its controls:
/// - the start of the MLE gradient ascent (§4.4): pick it on the plane, or the default;
/// - its step: α of η = α/Σσ⁻² (0 < α < 2, default 0.5), or a fixed η;
/// - play / pause / step / reset / speed (AnimationControls: a timer, never blocking);
/// - the two value dimensions shown when d_v > 2.
/// The iterate is drawn on the plane; the per-iteration plots are MleOptimizerView's.
class ValueSpacePanel : public QWidget
{
    Q_OBJECT

public:
    ValueSpacePanel(ScenarioDocument *document, MleAnimation *animation, QWidget *parent = nullptr);

    ValueSpaceView *view() const { return mView; }
    QSpinBox *dimensionXSpin() const { return mDimX; }
    QSpinBox *dimensionYSpin() const { return mDimY; }
    QPushButton *pickStartButton() const { return mPick; }
    QPushButton *defaultStartButton() const { return mDefaultStart; }
    AnimationControls *controls() const { return mControls; }
    QDoubleSpinBox *alphaSpin() const { return mAlpha; }
    QCheckBox *fixedStepCheck() const { return mFixed; }
    NumberLineEdit *etaEdit() const { return mEta; }

    /// The scroll area the controls and the plane share (the plane keeps a third of the
    /// window's height for its data area, a scroll away when the window is short).
    QScrollArea *scrollArea() const { return mScroll; }

    /// Scrolls the page so that the plane and its legend are in view, now and after the next
    /// layout: what a lesson step on the landscape shows (tour step 3 speaks of ⊗ and "ô = o",
    /// which a fresh reader found under the fold of a window beside both docks). The view's
    /// top (title) stays in view when the whole view fits; else its bottom is shown.
    void showPlane();

protected:
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    /// The plane's widget height less its data area (title, axes, legend), once laid out for the
    /// widget; -1 before, or while an export lays it out at another size.
    int aroundPlane() const;
    /// Sets the scroll area's least width (the controls' plus a scroll bar) and the plane's least
    /// height: its labels and legend plus a third of the window.
    void adaptHeight();
    void syncDimensions();
    void syncOptimizer();

    ValueSpaceView *mView;
    MleAnimation *mAnimation;
    QSpinBox *mDimX;
    QSpinBox *mDimY;
    QPushButton *mPick;
    QPushButton *mDefaultStart;
    AnimationControls *mControls;
    QDoubleSpinBox *mAlpha;
    QCheckBox *mFixed;
    NumberLineEdit *mEta;
    QWidget *mSettingsRow; ///< start, step α and η: hidden in presentation mode
    QWidget *mDimsRow;
    QScrollArea *mScroll;
    int mAround = -1; ///< aroundPlane() when adaptHeight last ran
};

} // namespace sml
