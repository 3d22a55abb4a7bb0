#include "Analysis.h"

#include <cmath>

namespace sml {

Analysis::Analysis(const Scenario &scenario)
    : mScenario(scenario), mMask(Mask::fromKind(scenario.mask))
{
    mAttention = computeAttention(scenario.queries, scenario.keys, scenario.values,
                                  scenario.tau(), mMask);
}

GaussianMle Analysis::gaussian(int i) const
{
    const std::vector<int> keys = visibleKeys(mMask, i, mScenario.T());
    const Eigen::Index n = Eigen::Index(keys.size());
    Eigen::MatrixXd values(n, mScenario.dV());
    Eigen::VectorXd perKey(n);
    const bool linked = mScenario.varianceMode == VarianceMode::Linked;
    for (Eigen::Index j = 0; j < n; ++j) {
        const int t = keys[size_t(j)];
        values.row(j) = mScenario.values.row(t);
        perKey[j] = linked ? mAttention.score(i, t) : mScenario.freeVariances(i, t);
    }
    if (linked)
        return GaussianMle::linked(perKey, mScenario.sigma0Squared, std::move(values));
    return GaussianMle::free(perKey, std::move(values));
}

QueryDetail Analysis::detail(int i) const
{
    QueryDetail d;
    d.query = i;
    d.visible = visibleKeys(mMask, i, mScenario.T());
    const Eigen::Index n = Eigen::Index(d.visible.size());
    if (n == 0) {
        d.defined = false;
        d.warnings << mAttention.undefinedMessage[size_t(i)];
        d.maxent.status = maxent::Status::Infeasible;
        d.maxent.message = mAttention.undefinedMessage[size_t(i)];
        return d;
    }
    d.similarities.resize(n);
    d.weights.resize(n);
    for (Eigen::Index j = 0; j < n; ++j) {
        const int t = d.visible[size_t(j)];
        d.similarities[j] = mAttention.similarities(i, t);
        d.weights[j] = mAttention.weights(i, t);
    }
    d.scores = d.similarities / tau();
    d.output = mAttention.outputs.row(i).transpose();
    d.entropy = mAttention.entropy[i];
    d.effectiveKeys = mAttention.effectiveKeys[i];

    // Gaussian view (MATH.md §4).
    d.mle.emplace(gaussian(i));
    d.mleMaxAbsDiff = maxAbsDiff(d.mle->precisionWeights(), d.weights);
    d.logLikelihoodAtMle = d.mle->logLikelihood(d.mle->mleOutput());
    for (Eigen::Index j = 0; j < n; ++j) {
        if (!d.mle->variance(int(j)))
            d.warnings << QStringLiteral("σ² of key %1 is outside the double range (log σ² = %2)")
                              .arg(d.visible[size_t(j)])
                              .arg(d.mle->logVariances()[j], 0, 'g', 6);
    }
    if (!d.logLikelihoodAtMle)
        d.warnings << QStringLiteral("log-likelihood below −1.8e308");

    // MaxEnt (MATH.md §5): closed form at the default target, safeguarded Newton otherwise.
    const std::optional<double> userTarget = mScenario.targetFor(i);
    if (userTarget) {
        d.maxentTarget = *userTarget;
        d.maxentTargetIsDefault = false;
        d.maxent = maxent::solve(d.similarities, *userTarget);
    } else {
        d.maxentTarget = maxent::defaultTarget(d.similarities, d.weights);
        d.maxentTargetIsDefault = true;
        d.maxent = maxent::closedForm(d.similarities, tau());
    }
    if (d.maxent.weights.size() == n) {
        d.maxentMaxAbsDiff = maxAbsDiff(d.maxent.weights, d.weights);
    }
    if (d.maxent.status == maxent::Status::Undetermined)
        d.warnings << d.maxent.message;
    return d;
}

} // namespace sml
