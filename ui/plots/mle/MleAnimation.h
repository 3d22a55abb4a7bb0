#pragma once

#include "GaussianMle.h"

#include <Eigen/Core>
#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>
#include <vector>

namespace sml {

class Analysis;
class ScenarioDocument;

/// The state of the MLE gradient-ascent animation of MATH.md §4.4 for the selected query: a start
/// point o⁽⁰⁾ ∈ R^{d_v}, the step rule and the iterates so far, with ℓ(o⁽ⁿ⁾) (§4.2) and the
/// distance ‖o⁽ⁿ⁾ − ô‖ to the closed form ô = Σ π_t v_t (§4.3) of each iterate.
///
/// - Scaled step (default): η = α / Σσ⁻², computed through π, so o⁽ⁿ⁺¹⁾ = (1 − α) o⁽ⁿ⁾ + α ô and
///   ‖o⁽ⁿ⁾ − ô‖ = |1 − α|ⁿ ‖o⁽⁰⁾ − ô‖: α = 1 jumps there, α near 2 oscillates.
/// - Fixed step η (not scaled by the total precision): o ← o + η∇ℓ(o). Since ∇ℓ = Σσ⁻² (ô − o),
///   this is the scaled rule with α = η·Σσ⁻², so it converges only while η·Σσ⁻² < 2, and an edit
///   that sharpens the weights can make a fixed η diverge.
///
/// It only computes: a timer elsewhere (AnimationControls) calls step(). Any change of the
/// analysis, the start or the step rule restarts it at o⁽⁰⁾ (restarted()). With a document it
/// follows changed() and selectedQueryChanged() itself.
class MleAnimation : public QObject
{
    Q_OBJECT

public:
    explicit MleAnimation(QObject *parent = nullptr);

    void setDocument(ScenarioDocument *document);
    /// Takes the Gaussian view of `query` (nothing when the query sees no key) and restarts.
    void setAnalysis(const Analysis &analysis, int query);

    /// The user's start point (d_v numbers, finite); restarts. Ignored when d_v differs.
    void setStart(const Eigen::VectorXd &start);
    /// Back to the default start: the visible value farthest from ô (among equals the one with
    /// the smallest precision weight), or a point beside ô when every value is ô itself.
    void clearStart();
    bool hasUserStart() const { return mUserStart.has_value(); }
    Eigen::VectorXd start() const;

    /// 0 < α < 2 (clamped into [0.001, 1.999]); restarts.
    void setAlpha(double alpha);
    double alpha() const { return mAlpha; }
    /// Switches between the scaled step (false) and the fixed step η (true); restarts. Turning
    /// the fixed step on without a positive η first sets η = α/Σσ⁻², the current scaled step.
    void setFixedStep(bool fixed);
    bool fixedStep() const { return mFixedStep; }
    /// η > 0; restarts.
    void setEta(double eta);
    double eta() const { return mEta; }
    /// α / Σσ⁻² for the current analysis (the η of the scaled rule), at least 1e-300.
    double scaledEta() const;

    bool isDefined() const { return mMle.has_value(); }
    const std::optional<GaussianMle> &mle() const { return mMle; }
    int query() const { return mQuery; }
    int iteration() const { return int(mPath.size()) - 1; }
    const std::vector<Eigen::VectorXd> &path() const { return mPath; }
    /// ℓ(o⁽ⁿ⁾) per iterate; NaN where ℓ is below −1.8e308.
    const std::vector<double> &logLikelihoods() const { return mLogLik; }
    /// ‖o⁽ⁿ⁾ − ô‖ per iterate.
    const std::vector<double> &distances() const { return mDistance; }
    /// Converged (within a few ulps of ô), diverged, or out of iterations: step() does nothing.
    bool isFinished() const { return mFinished; }
    /// One line for the panel: "converged after 37 iterations", "diverging: α·… > 2", …
    QString status() const { return mStatus; }

    /// The largest number of iterations a run may take.
    static constexpr int maxIterations = 5000;

public slots:
    /// One iteration. Returns false (and does nothing) once finished.
    bool step();
    /// Back to o⁽⁰⁾ with the current analysis.
    void restart();

signals:
    /// The path or the setup changed (redraw).
    void changed();
    /// The run went back to o⁽⁰⁾ (an edit, a new start, a new step rule, or restart()).
    void restarted();
    /// isFinished() changed.
    void finishedChanged(bool finished);

private:
    void refreshFromDocument();
    void setFinished(bool finished, const QString &status);
    void record(const Eigen::VectorXd &o);

    QPointer<ScenarioDocument> mDocument;
    std::optional<GaussianMle> mMle;
    int mQuery = 0;
    int mDv = 0;
    std::optional<Eigen::VectorXd> mUserStart;
    Eigen::VectorXd mDefaultStart;
    double mAlpha = 0.5;
    bool mFixedStep = false;
    double mEta = 0;
    std::vector<Eigen::VectorXd> mPath;
    std::vector<double> mLogLik;
    std::vector<double> mDistance;
    bool mFinished = false;
    QString mStatus;
};

} // namespace sml
