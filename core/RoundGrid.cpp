#include "RoundGrid.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sml {

/// 10^n for |n| ≤ 308; exact for 0 ≤ n ≤ 22.
static double pow10(int n)
{
    return std::pow(10.0, double(n));
}

double RoundGrid::point(std::int64_t k) const
{
    // k / 10^−e is the correctly rounded decimal while 10^−e is exact (e ≥ −22), and close to it
    // below.
    return mExponent < 0 ? double(k) / pow10(-mExponent) : double(k) * mStep;
}

std::optional<RoundGrid> RoundGrid::over(double lo, double hi, bool closed, int minSteps)
{
    if (!(std::isfinite(lo) && std::isfinite(hi) && lo < hi))
        return std::nullopt;
    minSteps = std::max(1, minSteps);
    RoundGrid g;
    g.mLo = lo;
    g.mHi = hi;
    g.mClosed = closed;
    // The largest 10^e with (hi − lo)/10^e ≥ minSteps: e = floor(log10((hi − lo)/minSteps)).
    const double half = hi / 2 - lo / 2;
    int e = int(std::floor(std::log10(half) + std::log10(2.0 / minSteps)));
    // Neighbours must be distinct doubles: at least 8 ulps of the largest magnitude.
    const double big = std::max(std::abs(lo), std::abs(hi));
    const double ulp = std::nextafter(big, std::numeric_limits<double>::infinity()) - big;
    e = std::max(e, int(std::ceil(std::log10(8 * ulp))));
    e = std::clamp(e, -308, 308);
    g.mExponent = e;
    g.mStep = pow10(e);
    // The interior points: the k with lo < k·10^e < hi, found from an estimate and corrected
    // (the estimate can be off by one from rounding). |lo|/10^e < 2^53/8, so k fits.
    const double scaledLo = e < 0 ? lo * pow10(-e) : lo / g.mStep;
    const double scaledHi = e < 0 ? hi * pow10(-e) : hi / g.mStep;
    std::int64_t first = std::int64_t(std::ceil(scaledLo));
    std::int64_t last = std::int64_t(std::floor(scaledHi));
    while (g.point(first) <= lo)
        ++first;
    while (g.point(first - 1) > lo)
        --first;
    while (g.point(last) >= hi)
        --last;
    while (g.point(last + 1) < hi)
        ++last;
    g.mFirst = first;
    g.mLast = last;
    const std::int64_t interior = std::max<std::int64_t>(0, last - first + 1);
    g.mCount = int(interior + (closed ? 2 : 0));
    if (g.mCount == 0)
        return std::nullopt;
    return g;
}

double RoundGrid::at(int position) const
{
    position = std::clamp(position, 0, mCount - 1);
    if (mClosed) {
        if (position == 0)
            return mLo;
        if (position == mCount - 1)
            return mHi;
        return point(mFirst + position - 1);
    }
    return point(mFirst + position);
}

int RoundGrid::nearest(double x) const
{
    if (std::isnan(x))
        return mCount / 2;
    // The interior position nearest by k, then whichever neighbour is really nearer.
    const double scaled = mExponent < 0 ? x * pow10(-mExponent) : x / mStep;
    const double k = std::clamp(std::round(scaled), double(mFirst) - 1, double(mLast) + 1);
    int guess = int(k - double(mFirst)) + (mClosed ? 1 : 0);
    guess = std::clamp(guess, 0, mCount - 1);
    int best = guess;
    for (int p : {guess - 1, guess + 1})
        if (p >= 0 && p < mCount && std::abs(at(p) - x) < std::abs(at(best) - x))
            best = p;
    return best;
}

} // namespace sml
