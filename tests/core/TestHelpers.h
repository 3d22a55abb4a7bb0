// Numeric helpers shared by the tests/core tests of the math (tst_attention, tst_maxent,
// tst_maxent_dual, tst_gaussianmle, tst_extremes): building vectors from literals or from a
// seeded random stream, and comparing doubles with an explicit tolerance.
#pragma once

#include <Eigen/Core>
#include <QString>
#include <QTest>

#include <cmath>
#include <initializer_list>
#include <random>

Q_DECLARE_METATYPE(Eigen::VectorXd)

namespace sml::test {

/// The column vector of `xs`, in order (length xs.size()).
inline Eigen::VectorXd vec(std::initializer_list<double> xs)
{
    Eigen::VectorXd v(Eigen::Index(xs.size()));
    Eigen::Index i = 0;
    for (double x : xs)
        v[i++] = x;
    return v;
}

/// Standard normal draws from a fixed seed: one std::mt19937 and one
/// std::normal_distribution<double> for the whole stream, so a seed always gives the same numbers
/// in the same order.
class NormalDraws
{
public:
    explicit NormalDraws(unsigned seed) : mRng(seed) {}

    /// The next draw.
    double operator()() { return mNormal(mRng); }

    /// The next n draws, each times `scale`, in order.
    Eigen::VectorXd vector(Eigen::Index n, double scale = 1.0)
    {
        Eigen::VectorXd v(n);
        for (Eigen::Index t = 0; t < n; ++t)
            v[t] = (*this)() * scale;
        return v;
    }

    /// A rows × cols matrix of the next draws, filled in storage (column-major) order.
    Eigen::MatrixXd matrix(Eigen::Index rows, Eigen::Index cols)
    {
        Eigen::MatrixXd m(rows, cols);
        for (Eigen::Index k = 0; k < m.size(); ++k)
            m.data()[k] = (*this)();
        return m;
    }

private:
    std::mt19937 mRng;
    std::normal_distribution<double> mNormal;
};

/// |a − b| ≤ tol; false when either is NaN.
inline bool near(double a, double b, double tol)
{
    return std::abs(a - b) <= tol;
}

/// Fails the running test unless `actual` has the size of `expected` and every entry is within
/// `tol` of it (absolute); the message names the first entry that is not.
inline void compareVec(const Eigen::VectorXd &actual, const Eigen::VectorXd &expected, double tol)
{
    QCOMPARE(actual.size(), expected.size());
    for (Eigen::Index i = 0; i < actual.size(); ++i) {
        if (!(std::abs(actual[i] - expected[i]) <= tol))
            QFAIL(qPrintable(QStringLiteral("entry %1: got %2, expected %3 (tol %4)")
                                 .arg(i)
                                 .arg(actual[i], 0, 'g', 17)
                                 .arg(expected[i], 0, 'g', 17)
                                 .arg(tol)));
    }
}

} // namespace sml::test
