#include "Attention.h"

#include <algorithm>
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

namespace {

struct RowStats
{
    double shift = 0;         ///< M = max s
    double logSumShifted = 0; ///< log S
    double entropy = 0;       ///< H (nats)
};

/// The one softmax kernel (MATH.md §2–§3): w_t = exp(s_t − M)/S with s_t = f_t/τ, for n ≥ 1
/// contiguous entries; returns M, log S and H = log S − Σ w_t (s_t − M). Both softmax() and
/// computeAttention() use it, so the attention weights and the row API agree bit for bit.
RowStats softmaxKernel(const double *f, Eigen::Index n, double tau, double *out)
{
    const Eigen::Map<const Eigen::ArrayXd> fa(f, n);
    Eigen::Map<Eigen::ArrayXd> w(out, n);
    RowStats r;
    // max(f/τ) = (max f)/τ exactly, since division by τ > 0 is monotone under rounding.
    r.shift = fa.maxCoeff() / tau;
    const double M = r.shift;
    // e_t = exp(s_t − M) ∈ (0, 1]; s_t − M may overflow to −inf (−1e308 − 1e308), and then
    // exp gives exactly 0, which is the right weight.
    w = (fa / tau - M).exp();
    // Eigen's vectorized exp clamps very negative arguments instead of underflowing (it gives
    // ~5e-309 for exp(−2e300)); redo those few entries with std::exp.
    if (w.minCoeff() < 1e-300) {
        for (Eigen::Index t = 0; t < n; ++t)
            if (w[t] < 1e-300)
                w[t] = std::exp(f[t] / tau - M);
    }
    const double S = w.sum(); // ∈ [1, n]
    w /= S;
    r.logSumShifted = std::log(S);
    // Skip w_t = 0: its s_t − M may be −inf, and 0·(−inf) is NaN.
    const double acc = (w > 0).select(w * (fa / tau - M), 0.0).sum();
    r.entropy = std::clamp(r.logSumShifted - acc, 0.0, std::log(double(n)));
    return r;
}

} // namespace

SoftmaxRow softmax(const Eigen::Ref<const Eigen::VectorXd> &scores)
{
    SoftmaxRow r;
    const Eigen::Index n = scores.size();
    if (n == 0)
        return r;
    const Eigen::VectorXd s = scores; // contiguous copy
    r.weights.resize(n);
    const RowStats st = softmaxKernel(s.data(), n, 1.0, r.weights.data());
    r.shift = st.shift;
    r.logSumShifted = st.logSumShifted;
    r.entropy = st.entropy;
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

Eigen::VectorXd gatherVisible(const Eigen::Ref<const RowMatrixXd> &mat, int i,
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
    // f = Q Kᵀ, stored row-major so each query's row is contiguous for the kernel.
    r.similarities.noalias() = Q * K.transpose();
    r.weights.resize(m, T);
    r.entropy.resize(m);
    r.effectiveKeys.resize(m);
    r.logPartition.resize(m);
    r.visibleCount.resize(m);
    r.defined.assign(size_t(m), true);
    r.undefinedMessage.assign(size_t(m), QString());

    const bool prefix = mask.isPrefix();
#pragma omp parallel for schedule(static) if (double(m) * T > 65536.0)
    for (int i = 0; i < m; ++i) {
        double *wRow = r.weights.row(i).data();
        if (prefix) {
            const int n = mask.visibleCount(i, T);
            r.visibleCount[i] = n;
            std::fill(wRow + n, wRow + T, 0.0);
            if (n == 0) {
                r.defined[size_t(i)] = false; // (not reachable with a prefix mask and T ≥ 1)
                continue;
            }
            const RowStats st = softmaxKernel(r.similarities.row(i).data(), n, tau, wRow);
            r.entropy[i] = st.entropy;
            r.logPartition[i] = st.shift + st.logSumShifted;
            continue;
        }
        // Explicit mask: gather the visible scores, then scatter the weights.
        std::fill(wRow, wRow + T, 0.0);
        const std::vector<int> keys = visibleKeys(mask, i, T);
        const int n = int(keys.size());
        r.visibleCount[i] = n;
        if (n == 0) {
            r.defined[size_t(i)] = false;
            continue;
        }
        Eigen::VectorXd f(n), w(n);
        for (int j = 0; j < n; ++j)
            f[j] = r.similarities(i, keys[size_t(j)]);
        const RowStats st = softmaxKernel(f.data(), n, tau, w.data());
        for (int j = 0; j < n; ++j)
            wRow[keys[size_t(j)]] = w[j];
        r.entropy[i] = st.entropy;
        r.logPartition[i] = st.shift + st.logSumShifted;
    }
    for (int i = 0; i < m; ++i) {
        if (!r.defined[size_t(i)]) {
            r.entropy[i] = 0;
            r.logPartition[i] = 0;
            r.undefinedMessage[size_t(i)] =
                QStringLiteral("query %1 sees no key: its weights, output and entropy are "
                               "undefined")
                    .arg(i);
        }
    }
    r.effectiveKeys = r.entropy.array().exp().matrix();
    r.outputs.noalias() = r.weights * V;
    return r;
}

} // namespace sml
