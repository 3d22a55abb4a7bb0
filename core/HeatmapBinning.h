#pragma once

#include <cstddef>
#include <vector>

namespace sml {

class Analysis;

/// The attention weights of an m×T heatmap reduced to at most maxRows × maxCols cells, each
/// the MAXIMUM weight of the block of queries × keys it covers (issue 5: a heatmap larger than
/// the screen stays honest: no weight is silently skipped, and a single sharp weight still
/// shows). Blocks are rowFactor queries × colFactor keys (the last ones may be shorter).
/// With factors 1 every cell is its own weight.
struct HeatmapGrid
{
    int rows = 0;      ///< number of row blocks, ceil(m / rowFactor)
    int cols = 0;      ///< number of column blocks, ceil(T / colFactor)
    int rowFactor = 1; ///< queries per block
    int colFactor = 1; ///< keys per block
    /// rows × cols, row-major: max w over the visible cells of the block; NaN when the block
    /// has no visible cell (all masked, or queries with no key).
    std::vector<double> maxWeight;

    bool isAggregated() const { return rowFactor > 1 || colFactor > 1; }
    double at(int row, int col) const
    {
        return maxWeight[std::size_t(row) * std::size_t(cols) + std::size_t(col)];
    }
};

/// The block factors for an m×T map drawn on maxRows × maxCols pixels: ceil(m / maxRows) and
/// ceil(T / maxCols), at least 1.
void heatmapFactors(int m, int T, int maxRows, int maxCols, int *rowFactor, int *colFactor);

/// Bins the analysis' weights (from the weight matrix, or from f when the Analysis is lean:
/// max_t w_it = exp(max_t f_it/τ − log Z_i), as w is increasing in f within a row).
HeatmapGrid binWeightsByMax(const Analysis &analysis, int rowFactor, int colFactor);

/// A coarser grid from a finer one (factors multiplied by kr, kc), for when the weights
/// themselves are gone: the max of maxima is the max of the union.
HeatmapGrid coarsen(const HeatmapGrid &grid, int m, int T, int kr, int kc);

} // namespace sml
