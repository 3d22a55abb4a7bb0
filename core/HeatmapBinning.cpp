#include "HeatmapBinning.h"

#include "Analysis.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sml {

void heatmapFactors(int m, int T, int maxRows, int maxCols, int *rowFactor, int *colFactor)
{
    maxRows = std::max(1, maxRows);
    maxCols = std::max(1, maxCols);
    *rowFactor = std::max(1, (m + maxRows - 1) / maxRows);
    *colFactor = std::max(1, (T + maxCols - 1) / maxCols);
}

HeatmapGrid binWeightsByMax(const Analysis &analysis, int rowFactor, int colFactor)
{
    const AttentionResult &att = analysis.attention();
    const Mask &mask = analysis.mask();
    const int m = int(att.similarities.rows());
    const int T = int(att.similarities.cols());
    HeatmapGrid g;
    g.rowFactor = std::max(1, rowFactor);
    g.colFactor = std::max(1, colFactor);
    g.rows = (m + g.rowFactor - 1) / g.rowFactor;
    g.cols = (T + g.colFactor - 1) / g.colFactor;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    g.maxWeight.assign(size_t(g.rows) * size_t(g.cols), nan);
    const bool matrix = att.hasWeightMatrix();
    const double tau = att.tau;

#pragma omp parallel for schedule(dynamic, 4) if (double(m) * T > 262144.0)
    for (int rb = 0; rb < g.rows; ++rb) {
        double *out = g.maxWeight.data() + size_t(rb) * size_t(g.cols);
        const int i1 = std::min(m, (rb + 1) * g.rowFactor);
        for (int i = rb * g.rowFactor; i < i1; ++i) {
            if (!att.defined[size_t(i)])
                continue;
            // Without the matrix, a softmax row's block maximum is exp(max s − log Z); an
            // entmax row has no log Z, so its row is recomputed (O(T), MATH.md §7.2).
            if (!mask.isPrefix() || (!matrix && att.isEntmax())) {
                const Eigen::VectorXd w = att.weightRow(i, mask);
                for (int t = 0; t < T; ++t)
                    if (mask.visible(i, t)) {
                        double &cell = out[t / g.colFactor];
                        cell = std::isnan(cell) ? w[t] : std::max(cell, w[t]);
                    }
                continue;
            }
            const int n = mask.visibleCount(i, T); // visible keys are 0 … n−1
            const double logZ = att.logPartition[i];
            for (int cb = 0; cb < g.cols; ++cb) {
                const int c0 = cb * g.colFactor;
                const int c1 = std::min(n, c0 + g.colFactor);
                if (c0 >= c1)
                    break; // the rest of the row is masked
                double v;
                if (matrix) {
                    v = att.weights.row(i).segment(c0, c1 - c0).maxCoeff();
                } else {
                    const double fMax = att.similarities.row(i).segment(c0, c1 - c0).maxCoeff();
                    v = std::exp(fMax / tau - logZ);
                }
                double &cell = out[cb];
                cell = std::isnan(cell) ? v : std::max(cell, v);
            }
        }
    }
    return g;
}

HeatmapGrid coarsen(const HeatmapGrid &grid, int m, int T, int kr, int kc)
{
    HeatmapGrid g;
    kr = std::max(1, kr);
    kc = std::max(1, kc);
    g.rowFactor = grid.rowFactor * kr;
    g.colFactor = grid.colFactor * kc;
    g.rows = (m + g.rowFactor - 1) / g.rowFactor;
    g.cols = (T + g.colFactor - 1) / g.colFactor;
    g.maxWeight.assign(size_t(g.rows) * size_t(g.cols), std::numeric_limits<double>::quiet_NaN());
    for (int r = 0; r < grid.rows; ++r)
        for (int c = 0; c < grid.cols; ++c) {
            const double v = grid.at(r, c);
            if (std::isnan(v))
                continue;
            double &cell = g.maxWeight[size_t(r / kr) * size_t(g.cols) + size_t(c / kc)];
            cell = std::isnan(cell) ? v : std::max(cell, v);
        }
    return g;
}

} // namespace sml
