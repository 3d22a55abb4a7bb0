#include "MaxEntIterates.h"

#include "MaxEnt.h"
#include "TsallisMaxEnt.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace sml {

static QString tr(const char *text)
{
    return QCoreApplication::translate("MaxEntIterates", text);
}

MaxEntIterates::MaxEntIterates(const QueryDetail &d)
{
    if (!d.defined) {
        mProblem = d.warnings.isEmpty() ? tr("This query sees no key.") : d.warnings.first();
        return;
    }
    mF = d.similarities;
    mMu = d.maxentTarget;
    switch (d.maxent.status) {
    case maxent::Status::Undetermined:
        mProblem = tr("All similarities are equal: λ is undetermined and p is uniform "
                      "(MATH.md §5.4). There is nothing to solve.");
        return;
    case maxent::Status::Infeasible:
    case maxent::Status::TooClose:
        mProblem = d.maxent.message;
        return;
    case maxent::Status::Ok:
        break;
    }
    mAlpha = d.alpha;
    mLambdaStar = d.maxent.lambda.value_or(0);
    mClosedForm = d.maxentTargetIsDefault;
    const maxent::Solution newton = maxent::solveTsallis(mF, mMu, mAlpha, &mNewton);
    if (newton.atBoundary) { // α > 1 and μ = max f or min f: a half-line of λ (§7.3)
        mNewton.clear();
        mProblem = tr("The target is an end of [min f, max f]: %1 (MATH.md §7.3). There is "
                      "nothing to solve.")
                       .arg(newton.message);
        return;
    }
    if (newton.status != maxent::Status::Ok || mNewton.empty()) {
        mNewton.clear();
        mProblem =
            tr("The default target μ = E_w[f] equals max f in floating point (the softmax is "
               "numerically one-hot), so no solver can start from λ = 0. The closed form λ = 1/τ "
               "is exact (MATH.md §5.3). Move μ below max f to watch the solvers.");
        return;
    }
    if (!mClosedForm)
        mLambdaStar = *newton.lambda;
    mDualStar = maxent::tsallisDualObjective(mF, mMu, mLambdaStar, mAlpha);
    mSolvable = true;
    extendGis(0);
}

void MaxEntIterates::extendGis(int n)
{
    // Known up to index n + 1 (to tell whether n is the last iterate), or finished.
    if (mGisDone || int(mGis.size()) > n + 1)
        return;
    if (!hasGis()) { // the Tsallis problem: GIS stays at its start, λ = 0
        mGis.assign(1, 0.0);
        mGisDone = true;
        return;
    }
    const int count = std::min(gisCap, std::max({64, 2 * int(mGis.size()), n + 2}));
    mGis = maxent::gisIterates(mF, mMu, count);
    if (mGis.empty()) { // cannot happen for a solvable target; stay defined anyway
        mGis.push_back(0.0);
        mGisDone = true;
        return;
    }
    constexpr double eps = std::numeric_limits<double>::epsilon();
    for (size_t k = 1; k < mGis.size(); ++k) {
        const double tol = 4 * eps * std::max(1.0, std::abs(mGis[k]));
        if (!std::isfinite(mGis[k]) || std::abs(mGis[k] - mGis[k - 1]) <= tol) {
            mGis.resize(std::isfinite(mGis[k]) ? k + 1 : k);
            mGisDone = true;
            break;
        }
    }
    if (!mGisDone && count >= gisCap) {
        mGisDone = true;
        mGisHitCap = true;
    }
    if (mGisDual.size() > mGis.size())
        mGisDual.resize(mGis.size());
}

int MaxEntIterates::iterateIndex(Method method, int n)
{
    n = std::max(0, n);
    if (method == Method::Gis)
        extendGis(n);
    return std::min<int>(n, int(path(method).size()) - 1);
}

double MaxEntIterates::lambdaAt(Method method, int n)
{
    const int k = iterateIndex(method, n);
    return k < 0 ? 0 : path(method)[size_t(k)];
}

double MaxEntIterates::dualAt(Method method, int n)
{
    const int k = iterateIndex(method, n);
    if (k < 0)
        return 0;
    const std::vector<double> &p = path(method);
    std::vector<double> &g = duals(method);
    while (int(g.size()) <= k)
        g.push_back(maxent::tsallisDualObjective(mF, mMu, p[g.size()], mAlpha));
    return g[size_t(k)];
}

double MaxEntIterates::distanceAt(Method method, int n)
{
    return std::abs(lambdaAt(method, n) - mLambdaStar);
}

bool MaxEntIterates::finishedAt(Method method, int n)
{
    if (!mSolvable)
        return true;
    if (method == Method::Newton)
        return n >= int(mNewton.size()) - 1;
    extendGis(n);
    return mGisDone && n >= int(mGis.size()) - 1;
}

int MaxEntIterates::lastIteration(Method method)
{
    if (!mSolvable)
        return 0;
    if (method == Method::Gis)
        while (!mGisDone)
            extendGis(int(mGis.size()));
    return std::max(0, int(path(method).size()) - 1);
}

} // namespace sml
