#pragma once

#include <QWidget>

#include <optional>

class QBoxLayout;
class QHBoxLayout;
class QLabel;
class QSlider;
class QToolButton;

namespace sml {

class NumberLineEdit;
class ScenarioDocument;

/// The large τ and α controls shown on the view in presentation mode (issue 14 item 10, issue 16),
/// where the Scenario panel is closed: the temperature τ on the log-scale slider of the panel,
/// with a field to type it in (Enter) and a "√d_k" toggle, and the α of α-entmax (1 = the
/// softmax, 2 = sparsemax, up to 4, MATH.md §7.2) with its value and the normalizer's name. The
/// same document edits as the panel's: one drag or typed value is one undo step. The sliders
/// take no keyboard focus, and the field gives it back after Enter or Esc, so the presentation
/// keys (← →, PageUp/PageDown, Space, Tab) keep stepping the query, the lesson, the animation
/// and the views.
class PresentationControls : public QWidget
{
    Q_OBJECT

public:
    explicit PresentationControls(ScenarioDocument *document, QWidget *parent = nullptr);

    QSlider *tauSlider() const { return mTauSlider; }
    QSlider *alphaSlider() const { return mAlphaSlider; }
    QToolButton *sqrtDkButton() const { return mSqrtDk; }
    /// The typed τ (Enter commits it, one undo step).
    NumberLineEdit *tauValue() const { return mTauValue; }
    QLabel *alphaValue() const { return mAlphaValue; }
    /// The width τ's and α's controls need side by side; narrower, α goes under τ.
    int oneRowWidth() const;
    /// The narrower of the two arrangements (α under τ), so that the bar never widens the
    /// window past the screen (both docks open while presenting).
    QSize minimumSizeHint() const override;

signals:
    /// A refusal, for the status bar.
    void message(const QString &text);

protected:
    /// τ and α side by side when they fit (oneRowWidth()), else α under τ.
    void resizeEvent(QResizeEvent *event) override;

private:
    void refresh();
    void report(const std::optional<QString> &error);

    ScenarioDocument *mDocument;
    QBoxLayout *mRows;
    QHBoxLayout *mTauRow;
    QHBoxLayout *mAlphaRow;
    QToolButton *mSqrtDk;
    QSlider *mTauSlider;
    NumberLineEdit *mTauValue;
    QSlider *mAlphaSlider;
    QLabel *mAlphaValue;
};

} // namespace sml
