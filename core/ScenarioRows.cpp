#include "ScenarioRows.h"

#include <algorithm>

namespace sml {

namespace {

/// Copies the rows of `from` into `to` around row `at`, where `to` has one row more (an insertion:
/// its row `at` is left to the caller) or one row fewer (a removal: row `at` of `from` is left
/// out). Called on transposes, it does the same for columns.
template <class To, class From> void copyAround(To &&to, const From &from, int at)
{
    if (at > 0)
        to.topRows(at) = from.topRows(at);
    const Eigen::Index below = std::min(to.rows(), from.rows()) - at;
    if (below > 0)
        to.bottomRows(below) = from.bottomRows(below);
}

Eigen::MatrixXd insertRow(const Eigen::MatrixXd &mat, int at, const Eigen::RowVectorXd &row)
{
    Eigen::MatrixXd out(mat.rows() + 1, row.size());
    copyAround(out, mat, at);
    out.row(at) = row;
    return out;
}

Eigen::MatrixXd removeRow(const Eigen::MatrixXd &mat, int at)
{
    Eigen::MatrixXd out(mat.rows() - 1, mat.cols());
    copyAround(out, mat, at);
    return out;
}

Eigen::MatrixXd insertColumn(const Eigen::MatrixXd &mat, int at, const Eigen::VectorXd &col)
{
    Eigen::MatrixXd out(col.size(), mat.cols() + 1);
    copyAround(out.transpose(), mat.transpose(), at);
    out.col(at) = col;
    return out;
}

Eigen::MatrixXd removeColumn(const Eigen::MatrixXd &mat, int at)
{
    Eigen::MatrixXd out(mat.rows(), mat.cols() - 1);
    copyAround(out.transpose(), mat.transpose(), at);
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
