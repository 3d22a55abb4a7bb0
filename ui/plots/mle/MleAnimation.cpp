#include "plots/mle/MleAnimation.h"

#include "Analysis.h"
#include "document/ScenarioDocument.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sml {

MleAnimation::MleAnimation(QObject *parent) : QObject(parent) {}

void MleAnimation::setDocument(ScenarioDocument *document)
{
    if (mDocument)
        mDocument->disconnect(this);
    mDocument = document;
    if (!document)
        return;
    connect(document, &ScenarioDocument::changed, this, &MleAnimation::refreshFromDocument);
    connect(document, &ScenarioDocument::selectedQueryChanged, this,
            &MleAnimation::refreshFromDocument);
    refreshFromDocument();
}

void MleAnimation::refreshFromDocument()
{
    if (mDocument)
        setAnalysis(mDocument->analysis(), mDocument->selectedQuery());
}

void MleAnimation::setAnalysis(const Analysis &analysis, int query)
{
    const Scenario &s = analysis.scenario();
    mQuery = std::clamp(query, 0, std::max(0, s.m() - 1));
    mDv = s.dV();
    mMle.reset();
    const bool defined = s.m() > 0 && size_t(mQuery) < analysis.attention().defined.size() &&
                         analysis.attention().defined[size_t(mQuery)];
    mDefaultStart = Eigen::VectorXd::Zero(mDv);
    if (defined) {
        mMle.emplace(analysis.gaussian(mQuery));
        // The visible value farthest from ô (the least trusted among equals): the path then
        // crosses the plot towards ô.
        const std::vector<int> visible = visibleKeys(analysis.mask(), mQuery, s.T());
        const Eigen::VectorXd &hat = mMle->mleOutput();
        const Eigen::VectorXd &pi = mMle->precisionWeights();
        size_t at = 0;
        double farthest = -1;
        for (size_t j = 0; j < visible.size(); ++j) {
            const double d = (s.values.row(visible[j]).transpose() - hat).norm();
            if (d > farthest || (d == farthest && pi[Eigen::Index(j)] < pi[Eigen::Index(at)])) {
                farthest = d;
                at = j;
            }
        }
        mDefaultStart = s.values.row(visible[at]).transpose();
        if ((mDefaultStart - hat).norm() <= 1e-12 * std::max(1.0, hat.norm())) {
            const double spread = std::max(1.0, s.values.cwiseAbs().maxCoeff());
            mDefaultStart = hat + Eigen::VectorXd::Constant(mDv, 0.5 * spread);
            if (!mDefaultStart.allFinite())
                mDefaultStart = hat - Eigen::VectorXd::Constant(mDv, 0.5 * spread);
        }
    }
    if (mUserStart && mUserStart->size() != mDv)
        mUserStart.reset();
    restart();
}

Eigen::VectorXd MleAnimation::start() const
{
    return mUserStart ? *mUserStart : mDefaultStart;
}

void MleAnimation::clearStart()
{
    if (!mUserStart)
        return;
    mUserStart.reset();
    restart();
}

void MleAnimation::setStart(const Eigen::VectorXd &start)
{
    if (start.size() != mDv || !start.allFinite())
        return;
    mUserStart = start;
    restart();
}

void MleAnimation::setAlpha(double alpha)
{
    if (!std::isfinite(alpha))
        return;
    alpha = std::clamp(alpha, 0.001, 1.999);
    if (alpha == mAlpha)
        return;
    mAlpha = alpha;
    restart();
}

void MleAnimation::setFixedStep(bool fixed)
{
    if (fixed == mFixedStep)
        return;
    mFixedStep = fixed;
    if (fixed && !(mEta > 0))
        mEta = scaledEta();
    restart();
}

void MleAnimation::setEta(double eta)
{
    if (!std::isfinite(eta) || !(eta > 0) || eta == mEta)
        return;
    mEta = eta;
    restart();
}

double MleAnimation::scaledEta() const
{
    if (!mMle)
        return 1;
    // η = α / Σσ⁻² = α exp(−log Σσ⁻²)  (MATH.md §4.4)
    const double eta = mAlpha * std::exp(-mMle->logTotalPrecision());
    return std::isfinite(eta) ? std::max(eta, 1e-300) : 1e300;
}

void MleAnimation::record(const Eigen::VectorXd &o)
{
    mPath.push_back(o);
    const std::optional<double> l = mMle->logLikelihood(o);
    mLogLik.push_back(l ? *l : std::numeric_limits<double>::quiet_NaN());
    mDistance.push_back((o - mMle->mleOutput()).norm());
}

void MleAnimation::setFinished(bool finished, const QString &status)
{
    mStatus = status;
    if (finished == mFinished)
        return;
    mFinished = finished;
    emit finishedChanged(finished);
}

void MleAnimation::restart()
{
    mPath.clear();
    mLogLik.clear();
    mDistance.clear();
    if (!mMle) {
        setFinished(true, tr("this query sees no key: there is no likelihood"));
        emit restarted();
        emit changed();
        return;
    }
    record(start());
    setFinished(false, tr("ready: press Play or Step"));
    if (mDistance.back() == 0)
        setFinished(true, tr("the start is ô itself"));
    emit restarted();
    emit changed();
}

bool MleAnimation::step()
{
    if (mFinished || !mMle || mPath.empty())
        return false;
    const Eigen::VectorXd o = mPath.back(); // a copy: record() grows mPath
    // MATH.md §4.4: both rules through GaussianMle, one iteration from the current iterate.
    const std::vector<Eigen::VectorXd> next =
        mFixedStep ? mMle->fixedStepAscent(o, mEta, 1) : mMle->gradientAscent(o, mAlpha, 1);
    if (next.size() < 2 || !next.back().allFinite()) {
        setFinished(true, tr("diverged: the next iterate is not a finite number"));
        emit changed();
        return false;
    }
    record(next.back());
    const double d = mDistance.back();
    const double d0 = mDistance.front();
    const Eigen::VectorXd &hat = mMle->mleOutput();
    // "At ô": within a few ulps of the coordinates involved, or no longer moving.
    const double scale = std::max(
        {hat.cwiseAbs().maxCoeff(), o.cwiseAbs().maxCoeff(), std::numeric_limits<double>::min()});
    const double tol = 8 * std::numeric_limits<double>::epsilon() * scale * std::sqrt(double(mDv));
    const int n = iteration();
    if (d <= tol || next.back() == o) {
        setFinished(true, tr("converged to ô after %n iteration(s)", nullptr, n));
    } else if (d > 1e6 * std::max(d0, tol) || !std::isfinite(d)) {
        setFinished(true, tr("diverging: the step is too large (η·Σσ⁻² ≥ 2)"));
    } else if (n >= maxIterations) {
        setFinished(true, tr("stopped after %1 iterations").arg(n));
    } else {
        setFinished(false, tr("iteration %1").arg(n));
    }
    emit changed();
    return !mFinished;
}

} // namespace sml
