#include "WeightedMean.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sml {

Eigen::VectorXd weightedMean(const Eigen::Ref<const Eigen::VectorXd> &w,
                             const Eigen::Ref<const Eigen::MatrixXd> &V)
{
    Eigen::VectorXd o = V.transpose() * w;
    for (Eigen::Index j = 0; j < o.size(); ++j)
        if (!std::isfinite(o[j]))
            o[j] = fixWeightedMean(w, V, j);
    return o;
}

double fixWeightedMean(const Eigen::Ref<const Eigen::VectorXd> &w,
                       const Eigen::Ref<const Eigen::MatrixXd> &V, Eigen::Index j)
{
    double largest = 0;
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (Eigen::Index t = 0; t < V.rows(); ++t) {
        if (!(w[t] > 0))
            continue;
        const double v = V(t, j);
        largest = std::max(largest, std::fabs(v));
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    if (!(largest > 0))
        return 0; // no weight, or every weighted value is 0
    int e = 0;
    std::frexp(largest, &e); // largest = f · 2^e, f ∈ [0.5, 1)
    long double sum = 0;
    for (Eigen::Index t = 0; t < V.rows(); ++t)
        if (w[t] > 0)
            sum += (long double)(w[t]) * std::ldexp(V(t, j), -e);
    const double mean = std::ldexp(double(sum), e);
    return std::clamp(std::isfinite(mean) ? mean : (mean > 0 ? hi : lo), lo, hi);
}

} // namespace sml
