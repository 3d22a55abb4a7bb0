#include "Entmax.h"

#include "Attention.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sml {

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

/// Compensated (Neumaier) running sum: the sort rules compare partial sums with 1, and the
/// weights of the last keys on the support are differences of such sums.
struct Sum
{
    double s = 0, c = 0;
    void add(double x)
    {
        const double t = s + x;
        c += std::abs(s) >= std::abs(x) ? (s - t) + x : (x - t) + s;
        s = t;
    }
    double value() const { return s + c; }
};

/// One candidate key: its shifted score u = z − max z and its index.
struct Candidate
{
    double u;
    int index;
};

/// The order of the sort rules: u descending, ties in key order (so tied keys stay together).
inline bool before(const Candidate &a, const Candidate &b)
{
    return a.u > b.u || (a.u == b.u && a.index < b.index);
}

/// Scratch of one thread: the candidates, and the first of them in sorted order, taken one by
/// one off a heap. The sort rules of α = 2 and 1.5 stop at the first key off the support, so
/// only the support and one more key are ever ordered: O(n + k log n) a row instead of the
/// O(n log n) of a full sort, which made 1.5-entmax 3× the softmax at T = 64 (issue 19).
struct Scratch
{
    std::vector<Candidate> heap; ///< candidates not yet taken, a heap with the first on top
    std::vector<double> u;       ///< u of the candidates taken so far, sorted
    std::vector<int> index;      ///< their key indices

    void start()
    {
        std::make_heap(heap.begin(), heap.end(),
                       [](const Candidate &a, const Candidate &b) { return before(b, a); });
        u.clear();
        index.clear();
    }
    /// Makes u[j] (the j-th largest candidate) available; false when there are only j.
    bool take(size_t j)
    {
        while (u.size() <= j) {
            if (heap.empty())
                return false;
            std::pop_heap(heap.begin(), heap.end(),
                          [](const Candidate &a, const Candidate &b) { return before(b, a); });
            u.push_back(heap.back().u);
            index.push_back(heap.back().index);
            heap.pop_back();
        }
        return true;
    }
};

Scratch &scratch()
{
    thread_local Scratch s;
    return s;
}

/// Sparsemax on the candidates in sorted order (MATH.md §7.2, α = 2): k is the largest j with
/// 1 + j u_(j) > Σ_{i≤j} u_(i), i.e. D_j = Σ_{i≤j} (u_(i) − u_(j)) < 1. D grows by
/// j·(u_(j) − u_(j+1)) ≥ 0, exactly 0 at a tie, so tied keys are never split. θ' = (Σ_{i≤k} u −
/// 1)/k. Writes p_(i) = u_(i) − θ' for i < k into w; returns (k, θ').
std::pair<int, double> sparsemaxSorted(Scratch &s, std::vector<double> &w)
{
    s.take(0);
    Sum sum;
    sum.add(s.u[0]);
    double d = 0;
    int k = 1;
    for (size_t j = 1; s.take(j); ++j) {
        d += double(j) * (s.u[j - 1] - s.u[j]);
        if (!(d < 1))
            break;
        sum.add(s.u[j]);
        k = int(j) + 1;
    }
    const double theta = (sum.value() - 1) / double(k);
    w.resize(size_t(k));
    for (int j = 0; j < k; ++j)
        w[size_t(j)] = std::max(0.0, s.u[size_t(j)] - theta);
    return {k, theta};
}

/// 1.5-entmax on the candidates in sorted order (Peters, Niculae & Martins 2019, Algorithm 2),
/// on x = (α−1) u = u/2: for each j, τ_j = mean_j − sqrt((1 − ss_j)/j) with ss_j = Σ_{i≤j}
/// (x_(i) − mean_j)² (Welford, no cancellation); k is the largest j with τ_j < x_(j). Then two
/// Newton steps on Σ_{i≤k} (x_(i) − τ)² = 1 polish τ to the last bit. p_(i) = (x_(i) − τ)².
/// Returns (k, threshold in u units = 2τ).
std::pair<int, double> entmax15Sorted(Scratch &s, std::vector<double> &w)
{
    double mean = 0, ss = 0, tau = 0;
    int k = 0;
    for (size_t j = 0; s.take(j); ++j) {
        const double x = s.u[j] / 2;
        const double newMean = mean + (x - mean) / double(j + 1);
        const double newSs = ss + (x - mean) * (x - newMean);
        const double delta = (1 - newSs) / double(j + 1);
        const double t = newMean - std::sqrt(std::max(0.0, delta));
        if (!(t < x))
            break;
        mean = newMean;
        ss = newSs;
        tau = t;
        k = int(j) + 1;
    }
    for (int step = 0; step < 2; ++step) {
        Sum h, dh;
        for (int j = 0; j < k; ++j) {
            const double d = s.u[size_t(j)] / 2 - tau;
            h.add(d * d);
            dh.add(d);
        }
        // h(τ) = Σ (x − τ)² − 1, h′(τ) = −2 Σ (x − τ) < 0 (the max key has x − τ > 0).
        if (dh.value() > 0)
            tau += (h.value() - 1) / (2 * dh.value());
    }
    w.resize(size_t(k));
    for (int j = 0; j < k; ++j) {
        const double d = std::max(0.0, s.u[size_t(j)] / 2 - tau);
        w[size_t(j)] = d * d;
    }
    return {k, 2 * tau};
}

/// p(v) = [1 + (α−1) v]₊^(1/(α−1)) in the log1p form of MATH.md §7.2, and r = p^(2−α) = −dp/dc.
struct Power
{
    double p = 0, r = 0;
    bool onSupport = false;
};

inline Power power(double am1, double v)
{
    const double a = am1 * v;
    Power out;
    if (!(a > -1))
        return out;
    out.onSupport = true;
    out.p = std::exp(std::log1p(a) / am1);
    out.r = out.p / (1 + a); // p^(2−α) = p · p^(1−α) = p / (1 + (α−1) v): no second exp
    return out;
}

/// General α (MATH.md §7.2): c with Σ p(u_t − c) = 1, c ∈ [0, −expm1(−(α−1) ln n)/(α−1)].
/// F(c) = Σ p − 1 is decreasing; Newton steps (F′ = −Σ p^(2−α)) are taken while they stay inside
/// the bracket, bisection otherwise; stop when a step or the bracket is at the rounding floor.
/// Returns c.
double entmaxGeneralC(const Scratch &s, double am1, int n)
{
    double lo = 0;
    double hi = -std::expm1(-am1 * std::log(double(n))) / am1;
    double c = lo / 2 + hi / 2;
    for (int iteration = 0; iteration < 200; ++iteration) {
        Sum f, df;
        for (const Candidate &cand : s.heap) {
            const Power pw = power(am1, cand.u - c);
            f.add(pw.p);
            df.add(pw.r);
        }
        const double F = f.value() - 1;
        if (F > 0)
            lo = c;
        else if (F < 0)
            hi = c;
        else
            break;
        const double tol = 2 * kEps * std::max(1.0, std::abs(c));
        double next = lo / 2 + hi / 2;
        if (df.value() > 0) {
            const double d = F / df.value();
            // A Newton step at the rounding floor: c is the root as well as a double can tell.
            // (Taken as a bisection instead, it would throw c back to the middle of the bracket,
            // since c is now one of its ends.)
            if (std::abs(d) <= tol)
                break;
            if (c + d > lo && c + d < hi)
                next = c + d;
        }
        const double step = std::abs(next - c);
        c = next;
        if (step <= tol || hi - lo <= tol)
            break;
    }
    return c;
}

} // namespace

namespace detail {

EntmaxStats entmaxKernel(const double *f, Eigen::Index n, double tau, double alpha, double *out,
                         char *onSupport)
{
    EntmaxStats st;
    // max(f/τ) = (max f)/τ exactly (division by τ > 0 is monotone under rounding). Eigen's
    // maxCoeff vectorizes: a scalar max chain was a sixth of a T = 64 row (issue 19).
    const double maxF = Eigen::Map<const Eigen::VectorXd>(f, n).maxCoeff();
    st.shift = maxF / tau;
    const double M = st.shift;
    const double am1 = alpha - 1;
    // Keys with u ≤ −1/(α−1) are never on the support: the max key alone would have p ≥ 1.
    const double floorU = -1 / am1;
    Scratch &s = scratch();
    // Every key's weight starts at 0; the keys that can be on the support are the candidates.
    s.heap.clear();
    for (Eigen::Index t = 0; t < n; ++t) {
        out[t] = 0;
        if (onSupport)
            onSupport[t] = 0;
        // u = s − M ≤ 0; it may overflow to −inf (−1e308 − 1e308): never a candidate.
        const double u = f[t] / tau - M;
        if (u > floorU)
            s.heap.push_back({u, int(t)});
    }
    // The support: its keys (s.index for the sort rules; `support` otherwise) and weights w.
    thread_local std::vector<double> w;
    thread_local std::vector<int> support;
    const std::vector<int> *keys = &s.index;
    double thresholdU = 0; // the water line in units of u
    if (alpha == 2 || alpha == 1.5) {
        s.start();
        thresholdU = (alpha == 2 ? sparsemaxSorted(s, w) : entmax15Sorted(s, w)).second;
    } else {
        const double c = entmaxGeneralC(s, am1, int(n));
        thresholdU = c + floorU; // u > c − 1/(α−1) ⇔ 1 + (α−1)(u − c) > 0
        w.clear();
        support.clear();
        for (const Candidate &cand : s.heap) { // in key order: no heap was made
            const Power pw = power(am1, cand.u - c);
            if (!pw.onSupport)
                continue;
            w.push_back(pw.p);
            support.push_back(cand.index);
        }
        keys = &support;
    }
    const int k = int(w.size());
    // Renormalize (the support's weights already sum to 1 up to rounding), then H: over the
    // support only, where the weights are not 0.
    Sum total;
    for (int j = 0; j < k; ++j)
        total.add(w[size_t(j)]);
    const double S = total.value();
    double h = 0;
    for (int j = 0; j < k; ++j) {
        const double p = w[size_t(j)] / S;
        const int t = (*keys)[size_t(j)];
        out[t] = p;
        if (p > 0)
            h -= p * std::log(p);
        if (onSupport)
            onSupport[t] = 1;
    }
    st.supportSize = k;
    st.threshold = M + thresholdU;
    st.entropy = std::clamp(h, 0.0, std::log(double(std::max(1, k))));
    return st;
}

} // namespace detail

EntmaxRow entmax(const Eigen::Ref<const Eigen::VectorXd> &scores, double alpha)
{
    EntmaxRow r;
    r.alpha = alpha;
    const Eigen::Index n = scores.size();
    if (n == 0)
        return r;
    if (alpha == 1) { // the softmax itself (MATH.md §7.2)
        const SoftmaxRow row = softmax(scores);
        r.weights = row.weights;
        r.shift = row.shift;
        r.support.resize(size_t(n));
        for (Eigen::Index t = 0; t < n; ++t)
            r.support[size_t(t)] = int(t);
        r.entropy = row.entropy;
        r.tsallisEntropy = row.entropy;
        return r;
    }
    const Eigen::VectorXd z = scores; // contiguous copy
    r.weights.resize(n);
    std::vector<char> on(size_t(n), 0);
    const detail::EntmaxStats st =
        detail::entmaxKernel(z.data(), n, 1.0, alpha, r.weights.data(), on.data());
    r.shift = st.shift;
    r.threshold = st.threshold;
    r.support.reserve(size_t(st.supportSize));
    for (Eigen::Index t = 0; t < n; ++t)
        if (on[size_t(t)])
            r.support.push_back(int(t));
    r.entropy = st.entropy;
    r.tsallisEntropy = tsallisEntropy(r.weights, alpha);
    return r;
}

double shannonEntropy(const Eigen::Ref<const Eigen::VectorXd> &p)
{
    double h = 0;
    for (Eigen::Index t = 0; t < p.size(); ++t)
        if (p[t] > 0)
            h -= p[t] * std::log(p[t]);
    return std::max(0.0, h);
}

double tsallisEntropy(const Eigen::Ref<const Eigen::VectorXd> &p, double alpha)
{
    if (alpha == 1)
        return shannonEntropy(p);
    const double am1 = alpha - 1;
    Sum h;
    for (Eigen::Index t = 0; t < p.size(); ++t)
        if (p[t] > 0) // p − p^α = −p·expm1((α−1) log p)
            h.add(-p[t] * std::expm1(am1 * std::log(p[t])));
    return std::max(0.0, h.value() / (alpha * am1));
}

} // namespace sml
