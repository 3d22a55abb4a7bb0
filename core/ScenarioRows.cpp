#include "ScenarioRows.h"

namespace sml {

namespace {

Eigen::MatrixXd insertRow(const Eigen::MatrixXd &mat, int at, const Eigen::RowVectorXd &row)
{
    Eigen::MatrixXd out(mat.rows() + 1, row.size());
    if (at > 0)
        out.topRows(at) = mat.topRows(at);
    out.row(at) = row;
    const Eigen::Index below = mat.rows() - at;
    if (below > 0)
        out.bottomRows(below) = mat.bottomRows(below);
    return out;
}

Eigen::MatrixXd removeRow(const Eigen::MatrixXd &mat, int at)
{
    Eigen::MatrixXd out(mat.rows() - 1, mat.cols());
    if (at > 0)
        out.topRows(at) = mat.topRows(at);
    const Eigen::Index below = mat.rows() - at - 1;
    if (below > 0)
        out.bottomRows(below) = mat.bottomRows(below);
    return out;
}

Eigen::MatrixXd insertColumn(const Eigen::MatrixXd &mat, int at, const Eigen::VectorXd &col)
{
    Eigen::MatrixXd out(col.size(), mat.cols() + 1);
    if (at > 0)
        out.leftCols(at) = mat.leftCols(at);
    out.col(at) = col;
    const Eigen::Index right = mat.cols() - at;
    if (right > 0)
        out.rightCols(right) = mat.rightCols(right);
    return out;
}

Eigen::MatrixXd removeColumn(const Eigen::MatrixXd &mat, int at)
{
    Eigen::MatrixXd out(mat.rows(), mat.cols() - 1);
    if (at > 0)
        out.leftCols(at) = mat.leftCols(at);
    const Eigen::Index right = mat.cols() - at - 1;
    if (right > 0)
        out.rightCols(right) = mat.rightCols(right);
    return out;
}

} // namespace

QueryRow queryRowAt(const Scenario &s, int i)
{
    QueryRow row;
    row.label = s.queryLabels.value(i);
    row.vector = s.queries.row(i);
    if (s.freeVariances.rows() == s.m() && s.freeVariances.cols() == s.T())
        row.freeVariances = s.freeVariances.row(i);
    else
        row.freeVariances = Eigen::RowVectorXd::Ones(s.T());
    row.target = s.targetFor(i);
    if (size_t(i) < s.extraQueries.size())
        row.extra = s.extraQueries[size_t(i)];
    return row;
}

void insertQueryRow(Scenario &s, int i, const QueryRow &row)
{
    s.normalizeSideArrays();
    s.queries = insertRow(s.queries, i, row.vector);
    if (s.varianceMode == VarianceMode::Free)
        s.freeVariances = insertRow(s.freeVariances, i, row.freeVariances);
    s.queryLabels.insert(i, row.label);
    s.extraQueries.insert(s.extraQueries.begin() + i, row.extra);
    if (s.maxentTargets)
        s.maxentTargets->insert(s.maxentTargets->begin() + i, row.target);
    else if (row.target) {
        s.maxentTargets.emplace(size_t(s.m()), std::nullopt);
        (*s.maxentTargets)[size_t(i)] = row.target;
    }
}

void removeQueryRow(Scenario &s, int i)
{
    s.normalizeSideArrays();
    s.queries = removeRow(s.queries, i);
    if (s.varianceMode == VarianceMode::Free)
        s.freeVariances = removeRow(s.freeVariances, i);
    s.queryLabels.removeAt(i);
    s.extraQueries.erase(s.extraQueries.begin() + i);
    if (s.maxentTargets)
        s.maxentTargets->erase(s.maxentTargets->begin() + i);
}

KeyRow keyRowAt(const Scenario &s, int t)
{
    KeyRow row;
    row.label = s.keyLabels.value(t);
    row.vector = s.keys.row(t);
    row.value = s.values.row(t);
    if (s.freeVariances.rows() == s.m() && s.freeVariances.cols() == s.T())
        row.freeVariances = s.freeVariances.col(t);
    else
        row.freeVariances = Eigen::VectorXd::Ones(s.m());
    if (size_t(t) < s.extraKeys.size())
        row.extra = s.extraKeys[size_t(t)];
    return row;
}

void insertKeyRow(Scenario &s, int t, const KeyRow &row)
{
    s.normalizeSideArrays();
    s.keys = insertRow(s.keys, t, row.vector);
    s.values = insertRow(s.values, t, row.value);
    if (s.varianceMode == VarianceMode::Free)
        s.freeVariances = insertColumn(s.freeVariances, t, row.freeVariances);
    s.keyLabels.insert(t, row.label);
    s.extraKeys.insert(s.extraKeys.begin() + t, row.extra);
}

void removeKeyRow(Scenario &s, int t)
{
    s.normalizeSideArrays();
    s.keys = removeRow(s.keys, t);
    s.values = removeRow(s.values, t);
    if (s.varianceMode == VarianceMode::Free)
        s.freeVariances = removeColumn(s.freeVariances, t);
    s.keyLabels.removeAt(t);
    s.extraKeys.erase(s.extraKeys.begin() + t);
}

} // namespace sml
