#include "Analysis.h"

#include "Entmax.h"
#include "MatrixPool.h"
#include "TsallisMaxEnt.h"
#include "WeightedMean.h"

#include <cmath>
#include <limits>

namespace sml {

Analysis::Analysis(const Scenario &scenario, const AnalysisOptions &options)
    : mScenario(scenario), mMask(Mask::fromKind(scenario.mask))
{
    compute(options);
}

Analysis::Analysis(Scenario &&scenario, const AnalysisOptions &options)
    : mScenario(std::move(scenario)), mMask(Mask::fromKind(mScenario.mask))
{
    compute(options);
}

Analysis::Analysis(Scenario &&scenario, const Analysis &previous, const AnalysisOptions &options)
    : mScenario(std::move(scenario)), mMask(Mask::fromKind(mScenario.mask))
{
    if (!updateFrom(previous, options))
        compute(options);
}

Analysis::~Analysis()
{
    MatrixPool::give(mAttention.similarities);
    MatrixPool::give(mAttention.weights);
}

namespace {

/// Do the two scenarios give the same numbers for the same Q, K and V (everything else that
/// Analysis reads)?
bool sameSettings(const Scenario &a, const Scenario &b)
{
    if (a.m() != b.m() || a.T() != b.T() || a.dK() != b.dK() || a.dV() != b.dV())
        return false;
    if (a.tau() != b.tau() || a.alpha() != b.alpha() || a.mask != b.mask ||
        a.varianceMode != b.varianceMode || a.sigma0Squared != b.sigma0Squared ||
        a.maxentTargets != b.maxentTargets)
        return false;
    if (a.varianceMode == VarianceMode::Free &&
        (a.freeVariances.rows() != b.freeVariances.rows() ||
         a.freeVariances.cols() != b.freeVariances.cols() || a.freeVariances != b.freeVariances))
        return false;
    return true;
}

} // namespace

std::vector<int> changedRows(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b)
{
    std::vector<int> rows;
    if (a.rows() == 0 || a.cols() == 0)
        return rows;
    const Eigen::Array<bool, Eigen::Dynamic, 1> differs =
        (a.array() != b.array()).rowwise().any();
    for (Eigen::Index i = 0; i < differs.size() && rows.size() < 2; ++i)
        if (differs[i])
            rows.push_back(int(i));
    return rows;
}

bool Analysis::updateFrom(const Analysis &previous, const AnalysisOptions &options)
{
    const Scenario &old = previous.mScenario;
    if (previous.mIncrementalDepth >= kMaxIncrementalDepth || !sameSettings(mScenario, old) ||
        options.keepWeights != previous.mAttention.hasWeightMatrix() ||
        previous.mAttention.similarities.rows() != mScenario.m())
        return false;
    const std::vector<int> q = changedRows(mScenario.queries, old.queries);
    const std::vector<int> k = changedRows(mScenario.keys, old.keys);
    const std::vector<int> v = changedRows(mScenario.values, old.values);
    if (q.size() > 1 || k.size() > 1 || v.size() > 1)
        return false;
    const size_t changed = q.size() + k.size() + v.size();

    // Copy previous's numbers into pooled buffers (no fresh pages), then update them.
    const AttentionResult &from = previous.mAttention;
    AttentionResult &r = mAttention;
    r = AttentionResult();
    r.tau = from.tau;
    r.alpha = from.alpha;
    r.similarities = MatrixPool::take(from.similarities.rows(), from.similarities.cols());
    r.similarities = from.similarities;
    if (from.hasWeightMatrix()) {
        r.weights = MatrixPool::take(from.weights.rows(), from.weights.cols());
        r.weights = from.weights;
    }
    r.outputs = from.outputs;
    r.entropy = from.entropy;
    r.effectiveKeys = from.effectiveKeys;
    r.logPartition = from.logPartition;
    r.visibleCount = from.visibleCount;
    r.supportSize = from.supportSize;
    r.threshold = from.threshold;
    r.defined = from.defined;
    r.undefinedMessage = from.undefinedMessage;
    r.similarityMin = from.similarityMin;
    r.similarityMax = from.similarityMax;

    if (changed == 0) { // a label, the title, the lesson…: the same numbers
        mFreeMleOutputs = previous.mFreeMleOutputs;
        mMaxEntLambda = previous.mMaxEntLambda;
        mMaxEntStatus = previous.mMaxEntStatus;
        mIncrementalDepth = previous.mIncrementalDepth; // no rounding added
        return true;
    }
    // At most one row of each (a token of a model scenario moves its query, key and value):
    // the value first (the weights are still the old ones), then the key (the outputs already
    // hold the new values), then the query, whose row is recomputed whole, so the entry of f
    // the key update gave it from the new query does not matter.
    const Scenario &s = mScenario;
    if (!v.empty())
        updateAttentionForValue(r, old.values.row(v.front()), s.values, mMask, v.front());
    if (!k.empty())
        updateAttentionForKey(r, s.queries, s.keys, s.values, mMask, k.front());
    if (!q.empty())
        updateAttentionForQuery(r, s.queries, s.keys, s.values, mMask, q.front());
    mIncrementalDepth = previous.mIncrementalDepth + 1;
    computeQuerySummaries();
    return true;
}

void Analysis::compute(const AnalysisOptions &options)
{
    AttentionOptions attention;
    attention.keepWeights = options.keepWeights;
    attention.alpha = mScenario.alpha();
    mAttention = computeAttention(mScenario.queries, mScenario.keys, mScenario.values,
                                  mScenario.tau(), mMask, attention);
    computeQuerySummaries();
}

void Analysis::computeQuerySummaries()
{
    const int m = mScenario.m();
    const int T = mScenario.T();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    mMaxEntLambda = Eigen::VectorXd::Constant(m, nan);
    mMaxEntStatus.assign(size_t(m), maxent::Status::Ok);
    const bool anyTarget = mScenario.maxentTargets.has_value();
    // λ_i (MATH.md §5.3–§5.5, §7.3): closed form at the default target, Newton where set by
    // hand (solveTsallis is the §5 solver at α = 1).
#pragma omp parallel for schedule(dynamic, 64) if (anyTarget && double(m) * T > 65536.0)
    for (int i = 0; i < m; ++i) {
        if (!mAttention.defined[size_t(i)]) {
            mMaxEntStatus[size_t(i)] = maxent::Status::Infeasible;
            continue;
        }
        const std::optional<double> target = mScenario.targetFor(i);
        if (!target) {
            if (mAttention.similarityMin[i] == mAttention.similarityMax[i])
                mMaxEntStatus[size_t(i)] = maxent::Status::Undetermined;
            else
                mMaxEntLambda[i] = 1.0 / tau();
            continue;
        }
        const maxent::Solution s = maxent::solveTsallis(
            gatherVisible(mAttention.similarities, i, mMask), *target, mAttention.alpha);
        mMaxEntStatus[size_t(i)] = s.status;
        if (s.status == maxent::Status::Ok && s.lambda)
            mMaxEntLambda[i] = *s.lambda;
    }

    mFreeMleOutputs.resize(0, 0);
    if (mScenario.varianceMode != VarianceMode::Free)
        return; // linked: π = w, so ô = the attention outputs (MATH.md §4.3)
    // Free: π_i = softmax(−log σ²_i) over V_i, ô = Π V, by blocks of rows (as in the attention).
    mFreeMleOutputs.setZero(m, mScenario.dV());
    const int block = 64;
    const int blocks = (m + block - 1) / block;
#pragma omp parallel if (double(m) * T > 65536.0)
    {
        RowMatrixXd pi(block, T);
#pragma omp for schedule(dynamic)
        for (int b = 0; b < blocks; ++b) {
            const int i0 = b * block;
            const int nb = std::min(block, m - i0);
            pi.setZero();
            for (int j = 0; j < nb; ++j) {
                const int i = i0 + j;
                if (!mAttention.defined[size_t(i)])
                    continue;
                const std::vector<int> keys = visibleKeys(mMask, i, T);
                Eigen::VectorXd negLogVar(Eigen::Index(keys.size()));
                for (size_t k = 0; k < keys.size(); ++k)
                    negLogVar[Eigen::Index(k)] = -std::log(mScenario.freeVariances(i, keys[k]));
                const SoftmaxRow row = softmax(negLogVar);
                for (size_t k = 0; k < keys.size(); ++k)
                    pi(j, keys[k]) = row.weights[Eigen::Index(k)];
            }
            mFreeMleOutputs.middleRows(i0, nb).noalias() = pi.topRows(nb) * mScenario.values;
            fixWeightedMeans(
                mFreeMleOutputs.middleRows(i0, nb), mScenario.values,
                [&](Eigen::Index j) { return Eigen::VectorXd(pi.row(j).transpose()); });
        }
    }
}

std::optional<double> Analysis::maxentLambda(int i) const
{
    const double lambda = mMaxEntLambda[i];
    if (std::isnan(lambda))
        return std::nullopt;
    return lambda;
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

std::shared_ptr<const QueryDetail> Analysis::sharedDetail(int i) const
{
    {
        const std::lock_guard<std::mutex> lock(mDetailMemo.mutex);
        if (mDetailMemo.last && mDetailMemo.last->query == i)
            return mDetailMemo.last;
    }
    auto computed = std::make_shared<const QueryDetail>(detail(i));
    const std::lock_guard<std::mutex> lock(mDetailMemo.mutex);
    mDetailMemo.last = computed;
    return computed;
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
    const Eigen::VectorXd wRow = mAttention.weightRow(i, mMask); // the matrix row, or recomputed
    for (Eigen::Index j = 0; j < n; ++j) {
        const int t = d.visible[size_t(j)];
        d.similarities[j] = mAttention.similarities(i, t);
        d.weights[j] = wRow[t];
    }
    d.scores = d.similarities / tau();
    d.output = mAttention.outputs.row(i).transpose();
    d.entropy = mAttention.entropy[i];
    d.effectiveKeys = mAttention.effectiveKeys[i];

    // The normalizer (MATH.md §7.2): the support by the water line, H_α, and the softmax of the
    // same scores, which the Gaussian view still gives (§7.3).
    d.alpha = mAttention.alpha;
    if (mAttention.isEntmax()) {
        const EntmaxRow row = entmax(d.scores, d.alpha); // the attention's kernel, bit for bit
        for (int j : row.support) {
            d.support.push_back(d.visible[size_t(j)]);
            if (d.weights[j] == 0)
                d.warnings << QStringLiteral("key %1 is on the support but its weight underflows "
                                             "to 0")
                                  .arg(d.visible[size_t(j)]);
        }
        d.threshold = row.threshold;
        d.tsallisEntropy = row.tsallisEntropy;
        d.softmaxWeights = softmax(d.scores).weights;
    } else {
        d.support = d.visible;
        d.tsallisEntropy = d.entropy;
        d.softmaxWeights = d.weights;
    }

    // Gaussian view (MATH.md §4).
    d.mle.emplace(gaussian(i));
    d.mleMaxAbsDiff = maxAbsDiff(d.mle->precisionWeights(), d.softmaxWeights);
    d.mleMaxAbsDiffFromAttention = maxAbsDiff(d.mle->precisionWeights(), d.weights);
    d.logLikelihoodAtMle = d.mle->logLikelihood(d.mle->mleOutput());
    for (Eigen::Index j = 0; j < n; ++j) {
        if (!d.mle->variance(int(j)))
            d.warnings << QStringLiteral("σ² of key %1 is outside the double range (log σ² = %2)")
                              .arg(d.visible[size_t(j)])
                              .arg(d.mle->logVariances()[j], 0, 'g', 6);
    }
    if (!d.logLikelihoodAtMle)
        d.warnings << QStringLiteral("log-likelihood below −1.8e308");

    // MaxEnt (MATH.md §5, §7.3): closed form at the default target, safeguarded Newton
    // otherwise; with the Shannon entropy at α = 1 and the Tsallis entropy H_α with entmax.
    const std::optional<double> userTarget = mScenario.targetFor(i);
    if (userTarget) {
        d.maxentTarget = *userTarget;
        d.maxentTargetIsDefault = false;
        d.maxent = maxent::solveTsallis(d.similarities, *userTarget, d.alpha);
    } else {
        d.maxentTarget = maxent::defaultTarget(d.similarities, d.weights);
        d.maxentTargetIsDefault = true;
        d.maxent = maxent::closedFormTsallis(d.similarities, tau(), d.alpha);
    }
    if (d.maxent.weights.size() == n) {
        d.maxentMaxAbsDiff = maxAbsDiff(d.maxent.weights, d.softmaxWeights);
        d.maxentMaxAbsDiffFromAttention = maxAbsDiff(d.maxent.weights, d.weights);
    }
    // Warnings: λ undetermined (§5.4), or the half-line of λ_max / λ_min (§7.3).
    const bool solved = d.maxent.status == maxent::Status::Ok;
    if (d.maxent.status == maxent::Status::Undetermined || (solved && !d.maxent.message.isEmpty()))
        d.warnings << d.maxent.message;
    return d;
}

} // namespace sml
