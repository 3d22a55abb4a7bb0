#include "Attention.h"

#include "Entmax.h"
#include "MatrixPool.h"
#include "WeightedMean.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

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
    return effectiveKeyCount(entropy, int(weights.size()));
}

double effectiveKeyCount(double entropy, int n)
{
    // exp(log n) rounds above n for 1701 of the n ≤ 4096: N_eff is kept in its bounds [1, n]
    // (MATH.md §3), and a one-hot row (H = 0) gives exactly 1.
    return std::clamp(std::exp(entropy), 1.0, std::max(1.0, double(n)));
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
    // s_t − M, computed once (it is used twice; the values are the same IEEE results as
    // computing it twice, so nothing changes but the time).
    thread_local std::vector<double> shiftedBuffer;
    if (Eigen::Index(shiftedBuffer.size()) < n)
        shiftedBuffer.resize(size_t(n));
    Eigen::Map<Eigen::ArrayXd> d(shiftedBuffer.data(), n);
    d = fa / tau - M;
    // e_t = exp(s_t − M) ∈ (0, 1]; s_t − M may overflow to −inf (−1e308 − 1e308), and then
    // exp gives exactly 0, which is the right weight.
    w = d.exp();
    // Eigen's vectorized exp clamps very negative arguments instead of underflowing (it gives
    // ~5e-309 for exp(−2e300)); redo those few entries with std::exp.
    if (w.minCoeff() < 1e-300) {
        for (Eigen::Index t = 0; t < n; ++t)
            if (w[t] < 1e-300)
                w[t] = std::exp(d[t]);
    }
    const double S = w.sum(); // ∈ [1, n]
    w /= S;
    r.logSumShifted = std::log(S);
    // Skip w_t = 0: its s_t − M may be −inf, and 0·(−inf) is NaN.
    const double acc = (w > 0).select(w * d, 0.0).sum();
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

/// 6 significant digits, exponent without '+' or leading zeros, as in the format's examples
/// ("1e200", "2e8", "1e-5"; Qt writes "2e+08" and "1e-05").
static QString shortNumber(double x)
{
    return QString::number(x, 'g', 6)
        .replace(QLatin1String("e+0"), QLatin1String("e"))
        .replace(QLatin1String("e+"), QLatin1String("e"))
        .replace(QLatin1String("e-0"), QLatin1String("e-"));
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
    // Fast proof of finiteness (see the header): |f_it| ≤ d_k·max|Q|·max|K|, and every partial
    // sum of the d_k products is bounded by that too (times 1 + d_k·ε from rounding), so when
    // the bound and the bound over τ stay below 1e300 nothing can reach DBL_MAX ≈ 1.8e308.
    // Non-finite inputs, an overflowing bound or a NaN τ all fall through to the exact check.
    if (Q.allFinite() && K.allFinite()) {
        const double maxQ = Q.size() ? Q.cwiseAbs().maxCoeff() : 0.0;
        const double maxK = K.size() ? K.cwiseAbs().maxCoeff() : 0.0;
        const double bound = double(Q.cols()) * maxQ * maxK;
        if (bound <= 1e300 && bound / tau <= 1e300)
            return std::nullopt;
    }
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

Eigen::VectorXd gatherVisible(const Eigen::Ref<const RowMatrixXd> &mat, int i, const Mask &mask)
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

namespace {

/// A buffer for one row of T weights placed at the same address offset (mod 64 bytes) as row i
/// of a row-major m×T matrix. Eigen peels scalar iterations until its destination is aligned
/// and reduces sums in an alignment-dependent order, so the softmax kernel gives bit-identical
/// results only at the same offset; this lets weightRow() reproduce the matrix exactly.
struct AlignedRow
{
    Eigen::VectorXd storage;
    double *data;
    int T;
    AlignedRow(int i, int T) : storage(Eigen::VectorXd::Zero(Eigen::Index(T) + 8)), T(T)
    {
        place(i);
    }
    /// Moves `data` to row i's offset (the incremental updates reuse one buffer for many rows).
    double *place(int i)
    {
        const auto base = reinterpret_cast<std::uintptr_t>(storage.data());
        const std::uintptr_t misalign = (base % 64) / sizeof(double); // 0 when 64-aligned
        const std::uintptr_t want = (std::uintptr_t(i) * std::uintptr_t(T)) % 8;
        data = storage.data() + (want + 8 - misalign) % 8;
        return data;
    }
};

/// What one query's row contributes besides its weights.
struct RowResult
{
    int visible = 0;                                             ///< |V_i|
    bool defined = true;                                         ///< false when V_i is empty
    double entropy = 0;                                          ///< H_i (nats)
    double logZ = 0;                                             ///< M_i + log S_i
    double minF = 0;                                             ///< min f over V_i
    double maxF = 0;                                             ///< max f over V_i
    int support = 0;                                             ///< |supp w_i|
    double threshold = -std::numeric_limits<double>::infinity(); ///< water line (score units)
};

/// The normalizer of one row of n contiguous similarities into w (MATH.md §2, §7.2): the softmax
/// kernel at α = 1, the entmax kernel otherwise. Fills the row's H, log Z, support and water line.
void normalizeRow(const double *f, Eigen::Index n, double tau, double alpha, double *w,
                  RowResult &out)
{
    if (alpha == 1) {
        const RowStats st = softmaxKernel(f, n, tau, w);
        out.entropy = st.entropy;
        out.logZ = st.shift + st.logSumShifted;
        out.support = int(n);
        return;
    }
    const detail::EntmaxStats st = detail::entmaxKernel(f, n, tau, alpha, w);
    out.entropy = st.entropy;
    out.logZ = 0;
    out.support = st.supportSize;
    out.threshold = st.threshold;
}

/// One query's row (MATH.md §2–§3): writes its T weights into wRow (masked keys exactly 0) from
/// row i of f. The same code fills the weight matrix, the row blocks of a lean computation and
/// weightRow(), so all three agree bit for bit. Reads only `similarities` and `tau`.
RowResult attentionRow(const AttentionResult &r, const Mask &mask, int i, double *wRow)
{
    RowResult out;
    const int T = int(r.similarities.cols());
    const double tau = r.tau;
    if (mask.isPrefix()) {
        const int n = mask.visibleCount(i, T);
        out.visible = n;
        std::fill(wRow + n, wRow + T, 0.0);
        if (n == 0) {
            out.defined = false; // (not reachable with a prefix mask and T ≥ 1)
            return out;
        }
        const double *fRow = r.similarities.row(i).data();
        normalizeRow(fRow, n, tau, r.alpha, wRow, out);
        const Eigen::Map<const Eigen::ArrayXd> fa(fRow, n);
        out.minF = fa.minCoeff();
        out.maxF = fa.maxCoeff();
        return out;
    }
    // Explicit mask: gather the visible scores, then scatter the weights.
    std::fill(wRow, wRow + T, 0.0);
    const std::vector<int> keys = visibleKeys(mask, i, T);
    const int n = int(keys.size());
    out.visible = n;
    if (n == 0) {
        out.defined = false;
        return out;
    }
    Eigen::VectorXd f(n), w(n);
    for (int j = 0; j < n; ++j)
        f[j] = r.similarities(i, keys[size_t(j)]);
    normalizeRow(f.data(), n, tau, r.alpha, w.data(), out);
    for (int j = 0; j < n; ++j)
        wRow[keys[size_t(j)]] = w[j];
    out.minF = f.minCoeff();
    out.maxF = f.maxCoeff();
    return out;
}

/// Stores a row's statistics in the result. `defined` is a byte per query: rows run in parallel,
/// and neighbouring bits of a std::vector<bool> must not be written from different threads.
void storeRow(AttentionResult &r, std::vector<char> &defined, int i, const RowResult &row)
{
    r.visibleCount[i] = row.visible;
    defined[size_t(i)] = row.defined ? 1 : 0;
    r.entropy[i] = row.entropy;
    r.logPartition[i] = row.logZ;
    r.similarityMin[i] = row.minF;
    r.similarityMax[i] = row.maxF;
    r.supportSize[i] = row.support;
    r.threshold[i] = row.visible > 0 ? row.threshold : 0.0;
}

} // namespace

Eigen::VectorXd AttentionResult::weightRow(int i, const Mask &mask) const
{
    if (hasWeightMatrix())
        return weights.row(i).transpose();
    const int T = int(similarities.cols());
    if (i < 0 || i >= similarities.rows() || !defined[size_t(i)])
        return Eigen::VectorXd::Zero(T);
    AlignedRow row(i, T);
    attentionRow(*this, mask, i, row.data);
    return Eigen::Map<const Eigen::VectorXd>(row.data, T);
}

std::optional<double> AttentionResult::thresholdOf(int i) const
{
    if (!isEntmax() || i < 0 || i >= threshold.size() || !defined[size_t(i)])
        return std::nullopt;
    return threshold[i];
}

AttentionResult computeAttention(const Eigen::Ref<const Eigen::MatrixXd> &Q,
                                 const Eigen::Ref<const Eigen::MatrixXd> &K,
                                 const Eigen::Ref<const Eigen::MatrixXd> &V, double tau,
                                 const Mask &mask, const AttentionOptions &options)
{
    AttentionResult r;
    const int m = int(Q.rows());
    const int T = int(K.rows());
    r.tau = tau;
    r.alpha = options.alpha;
    r.similarities = MatrixPool::take(m, T); // pages already mapped (issue 19)
    if (options.keepWeights)
        r.weights = MatrixPool::take(m, T);
    r.outputs.resize(m, V.cols());
    r.entropy.resize(m);
    r.effectiveKeys.resize(m);
    r.logPartition.resize(m);
    r.visibleCount.resize(m);
    r.supportSize.setZero(m);
    r.threshold.setZero(m);
    r.similarityMin.setZero(m);
    r.similarityMax.setZero(m);
    r.defined.assign(size_t(m), true);
    r.undefinedMessage.assign(size_t(m), QString());

    // Blocks of rows, each done start to end by one thread: f = Q Kᵀ for the block (stored
    // row-major, so each query's row is contiguous for the kernel), the softmax of its rows
    // (while f is still in cache), then o = W V for the block. Threads take blocks as they
    // come (dynamic), so a thread the OS preempts does not hold the others up, and Eigen's own
    // parallel products (which busy-wait on each other) are never used. A block is a multiple
    // of 8 rows, so that a row of a lean scratch block sits at the offset it would have in the
    // full weight matrix (see AlignedRow). Memory when lean: f plus a scratch block per thread.
    const int block = std::clamp(int(std::ceil(double(m) / 16.0 / 8.0)) * 8, 16, 128);
    const int blocks = (m + block - 1) / block;
    std::vector<char> defined(size_t(m), 1);
    auto doBlock = [&](int b, RowMatrixXd &scratch) {
        const int i0 = b * block;
        const int nb = std::min(block, m - i0);
        r.similarities.middleRows(i0, nb).noalias() = Q.middleRows(i0, nb) * K.transpose();
        if (options.keepWeights) {
            for (int i = i0; i < i0 + nb; ++i)
                storeRow(r, defined, i, attentionRow(r, mask, i, r.weights.row(i).data()));
            r.outputs.middleRows(i0, nb).noalias() = r.weights.middleRows(i0, nb) * V;
            fixWeightedMeans(r.outputs.middleRows(i0, nb), V, [&](Eigen::Index j) {
                return Eigen::VectorXd(r.weights.row(i0 + j).transpose());
            });
        } else {
            for (int j = 0; j < nb; ++j)
                storeRow(r, defined, i0 + j, attentionRow(r, mask, i0 + j, scratch.row(j).data()));
            r.outputs.middleRows(i0, nb).noalias() = scratch.topRows(nb) * V;
            fixWeightedMeans(r.outputs.middleRows(i0, nb), V, [&](Eigen::Index j) {
                return Eigen::VectorXd(scratch.row(j).transpose());
            });
        }
    };
    const bool parallel = double(m) * T * double(Q.cols() + V.cols() + 20) > 4e6;
    if (!parallel) { // small: no thread team at all (starting one costs microseconds)
        RowMatrixXd scratch;
        if (!options.keepWeights)
            scratch.resize(std::min(block, m), T);
        for (int b = 0; b < blocks; ++b)
            doBlock(b, scratch);
    } else {
#pragma omp parallel
        {
            RowMatrixXd scratch;
            if (!options.keepWeights)
                scratch.resize(std::min(block, m), T);
#pragma omp for schedule(dynamic)
            for (int b = 0; b < blocks; ++b)
                doBlock(b, scratch);
        }
    }
    for (int i = 0; i < m; ++i) {
        r.defined[size_t(i)] = defined[size_t(i)] != 0;
        if (!r.defined[size_t(i)]) {
            r.entropy[i] = 0;
            r.logPartition[i] = 0;
            r.undefinedMessage[size_t(i)] =
                QStringLiteral("query %1 sees no key: its weights, output and entropy are "
                               "undefined")
                    .arg(i);
        }
    }
    for (int i = 0; i < m; ++i)
        r.effectiveKeys[i] = effectiveKeyCount(r.entropy[i], r.visibleCount[i]);
    return r;
}

// --- incremental updates (issue 19) ---------------------------------------------------------

namespace {

/// Is every entry of V small enough that the output updates below lose nothing to overflow
/// (o − w_t v_t and c·(…) stay far from DBL_MAX)? Otherwise rows are recomputed in full.
bool tameValues(const Eigen::Ref<const Eigen::MatrixXd> &V)
{
    return V.size() == 0 || (V.allFinite() && V.cwiseAbs().maxCoeff() <= 1e150);
}

/// o_i = Σ_t w_t v_t for one row of weights (T entries, 0 off the support), summing only the
/// keys with w_t > 0 (entmax rows are sparse), repaired like the blocked product when a plain
/// sum overflows.
void outputRow(const double *wRow, int T, const Eigen::Ref<const Eigen::MatrixXd> &V,
               Eigen::Ref<Eigen::RowVectorXd, 0, Eigen::InnerStride<>> out)
{
    out.setZero();
    for (int t = 0; t < T; ++t)
        if (wRow[t] != 0)
            out.noalias() += wRow[t] * V.row(t);
    if (!out.allFinite()) {
        const Eigen::Map<const Eigen::VectorXd> w(wRow, T);
        for (Eigen::Index j = 0; j < out.size(); ++j)
            if (!std::isfinite(out[j]))
                out[j] = fixWeightedMean(w, V, j);
    }
}

/// Recomputes row i's weights from row i of f with the kernel of the full computation (into the
/// matrix, or into `scratch` when the matrix is not kept) and stores its statistics. Returns the
/// row of weights.
const double *renormalizeRow(AttentionResult &r, const Mask &mask, int i, AlignedRow &scratch)
{
    // Into the matrix, or at the offset of row i, as weightRow() computes it (bit for bit).
    double *w = r.hasWeightMatrix() ? r.weights.row(i).data() : scratch.place(i);
    const RowResult row = attentionRow(r, mask, i, w);
    r.visibleCount[i] = row.visible;
    r.entropy[i] = row.defined ? row.entropy : 0.0;
    r.logPartition[i] = row.defined ? row.logZ : 0.0;
    r.similarityMin[i] = row.minF;
    r.similarityMax[i] = row.maxF;
    r.supportSize[i] = row.support;
    r.threshold[i] = row.visible > 0 ? row.threshold : 0.0;
    r.effectiveKeys[i] = effectiveKeyCount(r.entropy[i], r.visibleCount[i]);
    return w;
}

/// w_it of the result as it stands (before an update changes row i).
double weightAt(const AttentionResult &r, const Mask &mask, int i, int t)
{
    if (r.hasWeightMatrix())
        return r.weights(i, t);
    if (!r.isEntmax()) // the softmax: w = exp(s − log Z), O(1)
        return std::exp(r.score(i, t) - r.logPartition[i]);
    return r.weightRow(i, mask)[t];
}

} // namespace

void updateAttentionForQuery(AttentionResult &r, const Eigen::Ref<const Eigen::MatrixXd> &Q,
                             const Eigen::Ref<const Eigen::MatrixXd> &K,
                             const Eigen::Ref<const Eigen::MatrixXd> &V, const Mask &mask, int i)
{
    const int T = int(K.rows());
    r.similarities.row(i).noalias() = Q.row(i) * K.transpose();
    if (!r.defined[size_t(i)])
        return;
    AlignedRow scratch(i, r.hasWeightMatrix() ? 0 : T);
    const double *w = renormalizeRow(r, mask, i, scratch);
    outputRow(w, T, V, r.outputs.row(i));
}

namespace {

/// The softmax row of query i after its score of key t moved from s to s' = f'/τ, without the
/// kernel's T exponentials (issue 19): with a = exp(s' − log Z) and c = 1/(1 − w_t + a), the
/// other weights scale by c, w'_t = a·c, log Z' = log Z + log1p(a − w_t), and with
/// E = Σ w s = log Z − H, E' = c·(E − w_t s) + w'_t s' and H' = log Z' − E'. Taken only where
/// nothing cancels: w_t ≤ 1/2 (so 1 − w_t + a ≥ 1/2), a ≤ 1e300, and |s|, |s'|, |log Z| ≤ 32
/// (H' is then within a few ulps of 32 of the kernel's); returns false otherwise, changing
/// nothing. Updates the row's weights (when the matrix is kept), H, N_eff, log Z, min and max f
/// and the output; `r.similarities(i, t)` must already hold f'.
bool softmaxKeyRatioUpdate(AttentionResult &r, const Mask &mask, int i, int t, double oldF,
                           double oldW, const Eigen::Ref<const Eigen::MatrixXd> &V, bool tame)
{
    constexpr double kScoreBound = 32;
    const double s = oldF / r.tau;
    const double s1 = r.similarities(i, t) / r.tau;
    const double logZ = r.logPartition[i];
    if (!tame || !(oldW <= 0.5) || !(std::abs(s) <= kScoreBound) ||
        !(std::abs(s1) <= kScoreBound) || !(std::abs(logZ) <= kScoreBound))
        return false;
    const double a = std::exp(s1 - logZ);
    if (!(a <= 1e300))
        return false;
    const double c = 1.0 / (1.0 - oldW + a);
    const double newW = a * c;
    auto o = r.outputs.row(i);
    const Eigen::RowVectorXd o1 = c * (o - oldW * V.row(t)) + newW * V.row(t);
    if (!o1.allFinite())
        return false;
    o = o1;
    const double e = logZ - r.entropy[i];
    const double logZ1 = logZ + std::log1p(a - oldW);
    const double h1 = logZ1 - (c * (e - oldW * s) + newW * s1);
    const int n = r.visibleCount[i];
    r.logPartition[i] = logZ1;
    r.entropy[i] = std::clamp(h1, 0.0, std::log(double(n)));
    r.effectiveKeys[i] = effectiveKeyCount(r.entropy[i], n);
    if (r.hasWeightMatrix()) {
        auto w = r.weights.row(i);
        w *= c; // masked entries stay exactly 0
        w[t] = newW;
    }
    // min and max of f over V_i: the new entry may extend them; if the old entry was one of them
    // and the new one is inside, the row is scanned again (O(T), no exponentials).
    const double f1 = r.similarities(i, t);
    if (oldF == r.similarityMin[i] || oldF == r.similarityMax[i]) {
        const Eigen::VectorXd f = gatherVisible(r.similarities, i, mask);
        r.similarityMin[i] = f.minCoeff();
        r.similarityMax[i] = f.maxCoeff();
    } else {
        r.similarityMin[i] = std::min(r.similarityMin[i], f1);
        r.similarityMax[i] = std::max(r.similarityMax[i], f1);
    }
    return true;
}

} // namespace

int updateAttentionForKey(AttentionResult &r, const Eigen::Ref<const Eigen::MatrixXd> &Q,
                          const Eigen::Ref<const Eigen::MatrixXd> &K,
                          const Eigen::Ref<const Eigen::MatrixXd> &V, const Mask &mask, int t)
{
    const int m = int(Q.rows());
    const int T = int(K.rows());
    const Eigen::VectorXd column = Q * K.row(t).transpose(); // f_·t, O(m·d_k)
    const bool tame = tameValues(V);
    const auto vt = V.row(t);
    int fullRows = 0;
    AlignedRow scratch(0, r.hasWeightMatrix() ? 0 : T);
    for (int i = 0; i < m; ++i) {
        if (!r.defined[size_t(i)] || !mask.visible(i, t)) {
            r.similarities(i, t) = column[i]; // kept as computed, never used (masked)
            continue;
        }
        const double oldF = r.similarities(i, t);
        const double oldW = r.isEntmax() ? 1.0 : weightAt(r, mask, i, t); // entmax: unused
        r.similarities(i, t) = column[i];
        if (!r.isEntmax() && softmaxKeyRatioUpdate(r, mask, i, t, oldF, oldW, V, tame))
            continue;
        const double *w = renormalizeRow(r, mask, i, scratch);
        const double newW = w[t];
        auto o = r.outputs.row(i);
        // The softmax keeps the ratios of the other weights: w'_u = c·w_u for u ≠ t with
        // c = (1 − w'_t)/(1 − w_t), so o' = c·(o − w_t v_t) + w'_t v_t in O(d_v). Only while
        // 1 − w_t keeps its digits (w_t ≤ 1/2) and the values are tame; entmax moves its water
        // line, so its rows (sparse) are summed again, as are the others.
        if (!r.isEntmax() && tame && oldW <= 0.5) {
            const double c = (1.0 - newW) / (1.0 - oldW);
            o = c * (o - oldW * vt) + newW * vt;
            if (o.allFinite())
                continue;
        }
        outputRow(w, T, V, o);
        ++fullRows;
    }
    return fullRows;
}

void updateAttentionForValue(AttentionResult &r, const Eigen::Ref<const Eigen::RowVectorXd> &oldValue,
                             const Eigen::Ref<const Eigen::MatrixXd> &V, const Mask &mask, int t)
{
    const int m = int(r.similarities.rows());
    const int T = int(r.similarities.cols());
    const Eigen::RowVectorXd delta = V.row(t) - oldValue;
    const bool tame = tameValues(V) && tameValues(oldValue) && delta.allFinite();
    for (int i = 0; i < m; ++i) {
        if (!r.defined[size_t(i)] || !mask.visible(i, t))
            continue;
        auto o = r.outputs.row(i);
        if (tame) {
            o.noalias() += weightAt(r, mask, i, t) * delta; // o' = o + w_t (v'_t − v_t)
            if (o.allFinite())
                continue;
        }
        const Eigen::VectorXd w = r.weightRow(i, mask);
        outputRow(w.data(), T, V, o);
    }
}

} // namespace sml
