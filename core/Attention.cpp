#include "Attention.h"

#include <cmath>
#include <limits>

namespace sml {

Mask Mask::explicitMask(Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic> visible)
{
    Mask m(Kind::Explicit);
    m.mVisible = std::move(visible);
    return m;
}

Mask Mask::fromKind(MaskKind kind)
{
    return kind == MaskKind::Causal ? causal() : none();
}

bool Mask::visible(int i, int t) const
{
    switch (mKind) {
    case Kind::None:
        return true;
    case Kind::Causal:
        return t <= i;
    case Kind::Explicit:
        return i < mVisible.rows() && t < mVisible.cols() && mVisible(i, t);
    }
    return false;
}

int Mask::visibleCount(int i, int T) const
{
    switch (mKind) {
    case Kind::None:
        return T;
    case Kind::Causal:
        return std::min(i + 1, T);
    case Kind::Explicit: {
        int n = 0;
        for (int t = 0; t < T; ++t)
            n += visible(i, t) ? 1 : 0;
        return n;
    }
    }
    return 0;
}

double SoftmaxRow::effectiveKeys() const
{
    return std::exp(entropy);
}

SoftmaxRow softmax(const Eigen::Ref<const Eigen::VectorXd> &scores)
{
    SoftmaxRow r;
    const Eigen::Index n = scores.size();
    if (n == 0)
        return r;
    r.shift = scores.maxCoeff();
    // e_t = exp(s_t − M) ∈ (0, 1]; the difference of two finite doubles can overflow to −inf
    // (e.g. −1e308 − 1e308), and exp(−inf) = 0 exactly, which is the right weight.
    Eigen::VectorXd shifted = scores.array() - r.shift;
    Eigen::VectorXd e = shifted.array().exp();
    // Eigen's vectorized exp clamps very negative arguments instead of returning 0 (it gives
    // ~5e-309 for exp(−2e300)); redo those few entries with std::exp, which underflows to 0.
    for (Eigen::Index t = 0; t < n; ++t) {
        if (shifted[t] < -700.0)
            e[t] = std::exp(shifted[t]);
    }
    const double S = e.sum(); // ∈ [1, n]
    r.weights = e / S;
    r.logSumShifted = std::log(S);
    // H = log S − Σ w_t (s_t − M); skip w_t = 0 (its s_t − M may be −inf, and 0·(−inf) = NaN).
    double acc = 0;
    for (Eigen::Index t = 0; t < n; ++t) {
        if (r.weights[t] > 0)
            acc += r.weights[t] * shifted[t];
    }
    r.entropy = std::max(0.0, r.logSumShifted - acc);
    const double ceiling = std::log(double(n));
    r.entropy = std::min(r.entropy, ceiling);
    return r;
}

Eigen::VectorXd logSoftmax(const Eigen::Ref<const Eigen::VectorXd> &scores)
{
    if (scores.size() == 0)
        return {};
    const double M = scores.maxCoeff();
    Eigen::VectorXd shifted = scores.array() - M;
    const double logS = std::log(shifted.array().exp().sum());
    return shifted.array() - logS;
}

double klDivergenceFromScores(const Eigen::Ref<const Eigen::VectorXd> &scoresP,
                              const Eigen::Ref<const Eigen::VectorXd> &scoresR)
{
    const Eigen::VectorXd logP = logSoftmax(scoresP);
    const Eigen::VectorXd logR = logSoftmax(scoresR);
    double kl = 0;
    for (Eigen::Index t = 0; t < logP.size(); ++t) {
        const double p = std::exp(logP[t]);
        if (p > 0)
            kl += p * (logP[t] - logR[t]);
    }
    return std::max(0.0, kl);
}

double maxAbsDiff(const Eigen::Ref<const Eigen::VectorXd> &p,
                  const Eigen::Ref<const Eigen::VectorXd> &r)
{
    if (p.size() == 0)
        return 0;
    return (p - r).cwiseAbs().maxCoeff();
}

/// 6 significant digits, exponent without '+', as in the format's examples ("1e200").
static QString shortNumber(double x)
{
    return QString::number(x, 'g', 6).replace(QLatin1String("e+"), QLatin1String("e"));
}

std::optional<OverflowError> checkFinite(const Eigen::Ref<const Eigen::MatrixXd> &similarities,
                                         double tau)
{
    for (Eigen::Index i = 0; i < similarities.rows(); ++i) {
        for (Eigen::Index t = 0; t < similarities.cols(); ++t) {
            const double f = similarities(i, t);
            if (!std::isfinite(f)) {
                return OverflowError{int(i), int(t),
                                     QStringLiteral("queries[%1]·keys[%2]: similarity overflows "
                                                    "a double")
                                         .arg(i)
                                         .arg(t)};
            }
            const double s = f / tau;
            if (!std::isfinite(s)) {
                return OverflowError{int(i), int(t),
                                     QStringLiteral("queries[%1]·keys[%2]: score %3/τ with τ = %4 "
                                                    "overflows a double")
                                         .arg(i)
                                         .arg(t)
                                         .arg(shortNumber(f), shortNumber(tau))};
            }
        }
    }
    return std::nullopt;
}

std::optional<OverflowError> checkSimilarities(const Eigen::Ref<const Eigen::MatrixXd> &Q,
                                               const Eigen::Ref<const Eigen::MatrixXd> &K,
                                               double tau)
{
    const Eigen::MatrixXd f = Q * K.transpose();
    std::optional<OverflowError> err = checkFinite(f, tau);
    if (!err || std::isfinite(f(err->query, err->key)))
        return err; // nothing wrong, or only the score f/τ overflowed (already named)
    // Name the product term of largest magnitude (or the first non-finite one).
    const auto q = Q.row(err->query);
    const auto k = K.row(err->key);
    Eigen::Index best = 0;
    double bestMag = -1;
    for (Eigen::Index j = 0; j < q.size(); ++j) {
        const double mag = std::abs(q[j] * k[j]);
        if (!(mag <= bestMag)) { // also picks inf/NaN
            best = j;
            bestMag = mag;
            if (!std::isfinite(mag))
                break;
        }
    }
    err->message = QStringLiteral("queries[%1]·keys[%2]: similarity %3·%4 overflows a double")
                       .arg(err->query)
                       .arg(err->key)
                       .arg(shortNumber(q[best]), shortNumber(k[best]));
    return err;
}

std::vector<int> visibleKeys(const Mask &mask, int i, int T)
{
    std::vector<int> v;
    if (mask.isPrefix()) {
        const int n = mask.visibleCount(i, T);
        v.resize(size_t(n));
        for (int t = 0; t < n; ++t)
            v[size_t(t)] = t;
        return v;
    }
    for (int t = 0; t < T; ++t)
        if (mask.visible(i, t))
            v.push_back(t);
    return v;
}

Eigen::VectorXd gatherVisible(const Eigen::Ref<const Eigen::MatrixXd> &mat, int i,
                              const Mask &mask)
{
    const int T = int(mat.cols());
    if (mask.isPrefix()) {
        const int n = mask.visibleCount(i, T);
        return mat.row(i).head(n).transpose();
    }
    const std::vector<int> keys = visibleKeys(mask, i, T);
    Eigen::VectorXd out(Eigen::Index(keys.size()));
    for (size_t j = 0; j < keys.size(); ++j)
        out[Eigen::Index(j)] = mat(i, keys[j]);
    return out;
}

AttentionResult computeAttention(const Eigen::Ref<const Eigen::MatrixXd> &Q,
                                 const Eigen::Ref<const Eigen::MatrixXd> &K,
                                 const Eigen::Ref<const Eigen::MatrixXd> &V, double tau,
                                 const Mask &mask)
{
    AttentionResult r;
    const int m = int(Q.rows());
    const int T = int(K.rows());
    r.tau = tau;
    r.similarities.noalias() = Q * K.transpose();
    r.weights = Eigen::MatrixXd::Zero(m, T);
    r.entropy = Eigen::VectorXd::Zero(m);
    r.effectiveKeys = Eigen::VectorXd::Ones(m);
    r.logPartition = Eigen::VectorXd::Zero(m);
    r.visibleCount = Eigen::VectorXi::Zero(m);
    r.defined.assign(size_t(m), true);
    r.undefinedMessage.assign(size_t(m), QString());

    for (int i = 0; i < m; ++i) {
        const std::vector<int> keys = visibleKeys(mask, i, T);
        const int n = int(keys.size());
        r.visibleCount[i] = n;
        if (n == 0) {
            r.defined[size_t(i)] = false;
            r.undefinedMessage[size_t(i)] =
                QStringLiteral("query %1 sees no key: its weights, output and entropy are "
                               "undefined")
                    .arg(i);
            continue;
        }
        Eigen::VectorXd s(n);
        for (int j = 0; j < n; ++j)
            s[j] = r.similarities(i, keys[size_t(j)]) / tau;
        const SoftmaxRow row = softmax(s);
        for (int j = 0; j < n; ++j)
            r.weights(i, keys[size_t(j)]) = row.weights[j];
        r.entropy[i] = row.entropy;
        r.effectiveKeys[i] = row.effectiveKeys();
        r.logPartition[i] = row.logPartition();
    }
    r.outputs.noalias() = r.weights * V;
    return r;
}

} // namespace sml
