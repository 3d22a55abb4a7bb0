#pragma once

#include <cstdint>
#include <optional>

namespace sml {

/// The positions of a control over an interval of real numbers at a round step (a power of ten),
/// for the MaxEnt target μ over the feasible interval of MATH.md §5.4 and §7.3: every position
/// is a round number (0.57, 0.571, …) that a spin box at the same step shows exactly, and the
/// resolution follows the interval (at least `minSteps` steps across it).
///
/// Positions 0 … count() − 1 ascend. The interior points are k·10^e for the integers k with
/// lo < k·10^e < hi, each the double nearest to that decimal (k / 10^−e when e < 0, so that
/// typing "0.95" and sliding to it give the same double). A closed grid adds lo itself as
/// position 0 and hi as the last position (the ends of MATH.md §7.3's closed interval, which
/// need not be round numbers); an open grid has the interior points only (§5.4).
///
/// The step never goes below 8 ulps of max(|lo|, |hi|), so that neighbouring positions are
/// distinct doubles; on an interval only a few ulps wide there may then be no interior point.
/// Works on halved values, so hi − lo never overflows for finite ends.
class RoundGrid
{
public:
    /// The grid over (lo, hi) (open) or [lo, hi] (closed), lo < hi finite, with the largest step
    /// 10^e such that (hi − lo)/10^e ≥ minSteps (≥ 1); so there are fewer than 10·minSteps + 2
    /// positions. nullopt when lo < hi does not hold, an end is not finite, or the grid would have
    /// no position (an open interval too narrow for one round interior point).
    static std::optional<RoundGrid> over(double lo, double hi, bool closed, int minSteps = 1000);

    int count() const { return mCount; }
    /// The value at a position, clamped into 0 … count() − 1.
    double at(int position) const;
    /// The position whose value is nearest to x (the first or last one beyond the ends).
    int nearest(double x) const;
    /// 10^e.
    double step() const { return mStep; }
    /// e, the decimal exponent of the step (−3 for 0.001).
    int exponent() const { return mExponent; }
    bool closed() const { return mClosed; }
    double lo() const { return mLo; }
    double hi() const { return mHi; }

private:
    RoundGrid() = default;
    /// k·10^e, the double nearest to that decimal.
    double point(std::int64_t k) const;

    double mLo = 0, mHi = 0;
    bool mClosed = false;
    int mExponent = 0;
    double mStep = 1;
    std::int64_t mFirst = 0; ///< the k of the first interior point
    std::int64_t mLast = -1; ///< the k of the last interior point
    int mCount = 0;
};

} // namespace sml
