#pragma once

#include "Scenario.h"

#include <Eigen/Core>

namespace sml {

/// The plane (or line) in which the key-space view draws the queries and keys (MATH.md §4.5).
///
/// A point x ∈ R^{d_k} is drawn at p = Bᵀx, where B (d_k×c, orthonormal columns, c = 1 for a
/// line and 2 for a plane) is the basis. No mean is subtracted, so the origin stays at the origin
/// and an arrow from it to Bᵀq is the query's direction in the plane. A drag by δ (in the plane)
/// moves the full vector to x + Bδ; its score changes by q·Bδ/τ = (Bᵀq)·δ/τ, so the equal-score
/// lines of in-plane moves are perpendicular to Bᵀq whatever the projection.
struct KeyPlane
{
    enum class Kind
    {
        Line,       ///< d_k = 1: B = [1]
        Dimensions, ///< two chosen coordinates (d_k = 2: the whole space)
        Pca,        ///< the two leading principal directions of queries + keys (d_k > 2)
    };

    Kind kind = Kind::Dimensions;
    Eigen::MatrixXd basis; ///< d_k×c, orthonormal columns
    int dimX = 0;          ///< Dimensions: the coordinate drawn on x (0-based)
    int dimY = 1;          ///< Dimensions: the coordinate drawn on y
    /// Pca: share of the total variance of the (centred) queries and keys that the plane holds,
    /// in [0, 1]. 1 for the other kinds when they hold the whole space.
    double explainedVariance = 1;
    /// Pca: the points coincide (zero variance), so the plane is an arbitrary one.
    bool degenerate = false;

    int dK() const { return int(basis.rows()); }
    int columns() const { return int(basis.cols()); }
    /// True when the plane holds the whole key space (d_k ≤ 2), so that in-plane scores are the
    /// real scores.
    bool isExact() const { return dK() == columns(); }

    /// (Bᵀx) as a 2-vector, with y = 0 for a line.
    Eigen::Vector2d project(const Eigen::Ref<const Eigen::VectorXd> &x) const;
    /// x + B δ: the full vector after an in-plane displacement δ (δ.y ignored on a line).
    Eigen::VectorXd displaced(const Eigen::Ref<const Eigen::VectorXd> &x,
                              const Eigen::Vector2d &delta) const;

    /// d_k = 1.
    static KeyPlane line();
    /// Coordinates a and b of d_k (0 ≤ a, b < d_k, a ≠ b; clamped into range otherwise).
    static KeyPlane dimensions(int dK, int a, int b);
    /// PCA of the m + T rows of queries and keys (Eigen::SelfAdjointEigenSolver on the
    /// covariance, or on the Gram matrix when there are fewer rows than d_k). The rows are scaled
    /// by their largest magnitude first, so that entries near 1e300 do not overflow. Each basis
    /// column is signed so that its largest-magnitude entry is positive (a stable orientation).
    /// At most 4000 rows are used (evenly spaced) for very large scenarios.
    static KeyPlane pca(const Scenario &scenario);
};

} // namespace sml
