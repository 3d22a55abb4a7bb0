#include "KeyPlane.h"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>

namespace sml {

Eigen::Vector2d KeyPlane::project(const Eigen::Ref<const Eigen::VectorXd> &x) const
{
    Eigen::Vector2d p = Eigen::Vector2d::Zero();
    for (int c = 0; c < columns(); ++c)
        p[c] = basis.col(c).dot(x);
    return p;
}

Eigen::VectorXd KeyPlane::displaced(const Eigen::Ref<const Eigen::VectorXd> &x,
                                    const Eigen::Vector2d &delta) const
{
    Eigen::VectorXd out = x;
    for (int c = 0; c < columns(); ++c)
        out += delta[c] * basis.col(c);
    return out;
}

KeyPlane KeyPlane::line()
{
    KeyPlane plane;
    plane.kind = Kind::Line;
    plane.basis = Eigen::MatrixXd::Ones(1, 1);
    plane.dimX = 0;
    plane.dimY = 0;
    return plane;
}

KeyPlane KeyPlane::dimensions(int dK, int a, int b)
{
    if (dK <= 1)
        return line();
    a = std::clamp(a, 0, dK - 1);
    b = std::clamp(b, 0, dK - 1);
    if (a == b)
        b = (a + 1) % dK;
    KeyPlane plane;
    plane.kind = Kind::Dimensions;
    plane.basis = Eigen::MatrixXd::Zero(dK, 2);
    plane.basis(a, 0) = 1;
    plane.basis(b, 1) = 1;
    plane.dimX = a;
    plane.dimY = b;
    plane.explainedVariance = dK == 2 ? 1.0 : 0.0; // not a PCA: the share is not computed
    return plane;
}

KeyPlane KeyPlane::pca(const Scenario &s)
{
    const int dK = s.dK();
    if (dK <= 2)
        return dK <= 1 ? line() : dimensions(dK, 0, 1);

    // Rows: every query and key, at most maxRows of them, evenly spaced.
    constexpr Eigen::Index maxRows = 4000;
    const Eigen::Index total = s.queries.rows() + s.keys.rows();
    const Eigen::Index step = std::max<Eigen::Index>(1, (total + maxRows - 1) / maxRows);
    const Eigen::Index rows = (total + step - 1) / step;
    Eigen::MatrixXd X(rows, dK);
    for (Eigen::Index r = 0; r < rows; ++r) {
        const Eigen::Index k = r * step;
        X.row(r) = k < s.queries.rows() ? s.queries.row(k) : s.keys.row(k - s.queries.rows());
    }
    // Scale first (the eigenvectors do not change), then centre.
    const double scale = X.size() > 0 ? X.cwiseAbs().maxCoeff() : 0.0;
    KeyPlane plane;
    plane.kind = Kind::Pca;
    plane.basis = Eigen::MatrixXd::Zero(dK, 2);
    if (!(scale > 0) || !std::isfinite(scale) || rows < 2) {
        plane.basis(0, 0) = 1;
        plane.basis(1, 1) = 1;
        plane.degenerate = true;
        return plane;
    }
    X /= scale;
    const Eigen::RowVectorXd mean = X.colwise().mean();
    X.rowwise() -= mean;

    Eigen::VectorXd eigenvalues;
    Eigen::MatrixXd vectors; // d_k × k, ascending eigenvalues
    if (rows < dK) {
        // Gram trick: X Xᵀ u = λ u  ⇒  Xᵀu is an eigenvector of XᵀX with the same λ.
        const Eigen::MatrixXd gram = X * X.transpose();
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(gram);
        eigenvalues = solver.eigenvalues();
        vectors = X.transpose() * solver.eigenvectors();
        for (Eigen::Index c = 0; c < vectors.cols(); ++c) {
            const double norm = vectors.col(c).norm();
            if (norm > 0)
                vectors.col(c) /= norm;
        }
    } else {
        const Eigen::MatrixXd cov = X.transpose() * X;
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(cov);
        eigenvalues = solver.eigenvalues();
        vectors = solver.eigenvectors();
    }
    const Eigen::Index k = eigenvalues.size();
    const double sum = eigenvalues.cwiseMax(0.0).sum();
    const double top =
        std::max(0.0, eigenvalues[k - 1]) + (k >= 2 ? std::max(0.0, eigenvalues[k - 2]) : 0.0);
    if (!(sum > 0)) {
        plane.basis(0, 0) = 1;
        plane.basis(1, 1) = 1;
        plane.degenerate = true;
        return plane;
    }
    plane.explainedVariance = std::clamp(top / sum, 0.0, 1.0);
    plane.basis.col(0) = vectors.col(k - 1);
    if (k >= 2 && vectors.col(k - 2).norm() > 0.5) {
        plane.basis.col(1) = vectors.col(k - 2);
    } else {
        // Rank one: complete with any unit vector orthogonal to the first column.
        Eigen::VectorXd e = Eigen::VectorXd::Zero(dK);
        Eigen::Index smallest = 0;
        plane.basis.col(0).cwiseAbs().minCoeff(&smallest);
        e[smallest] = 1;
        e -= e.dot(plane.basis.col(0)) * plane.basis.col(0);
        plane.basis.col(1) = e.normalized();
    }
    // Gram–Schmidt once more (the Gram route is only orthogonal up to rounding).
    plane.basis.col(1) -= plane.basis.col(1).dot(plane.basis.col(0)) * plane.basis.col(0);
    plane.basis.col(1).normalize();
    for (int c = 0; c < 2; ++c) {
        Eigen::Index at = 0;
        plane.basis.col(c).cwiseAbs().maxCoeff(&at);
        if (plane.basis(at, c) < 0)
            plane.basis.col(c) *= -1;
    }
    return plane;
}

} // namespace sml
