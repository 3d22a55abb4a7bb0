#pragma once

#include "Scenario.h"

#include <Eigen/Core>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace sml {

/// Everything a scenario stores about one query, so that removing it and inserting it back
/// restores the scenario exactly (used by the add, remove and reorder commands).
struct QueryRow
{
    QString label;
    Eigen::RowVectorXd vector;        ///< d_k
    Eigen::RowVectorXd freeVariances; ///< T (row i of the m×T free-variance table)
    std::optional<double> target;     ///< MaxEnt target μ_i (nullopt = default)
    UnknownFields extra;              ///< unknown JSON fields of queries[i]
};

/// Everything a scenario stores about one key (used by the add, remove and reorder commands).
struct KeyRow
{
    QString label;
    Eigen::RowVectorXd vector;     ///< d_k
    Eigen::RowVectorXd value;      ///< d_v
    Eigen::VectorXd freeVariances; ///< m (column t of the m×T free-variance table)
    UnknownFields extra;           ///< unknown JSON fields of keys[t]
};

/// Copies query i out of the scenario. Precondition: 0 ≤ i < m.
QueryRow queryRowAt(const Scenario &scenario, int i);
/// Inserts a query before index i (0 ≤ i ≤ m). The row's free variances must have T entries.
void insertQueryRow(Scenario &scenario, int i, const QueryRow &row);
/// Removes query i. Precondition: 0 ≤ i < m.
void removeQueryRow(Scenario &scenario, int i);

/// Copies key t out of the scenario. Precondition: 0 ≤ t < T.
KeyRow keyRowAt(const Scenario &scenario, int t);
/// Inserts a key before index t (0 ≤ t ≤ T). The row's free variances must have m entries.
void insertKeyRow(Scenario &scenario, int t, const KeyRow &row);
/// Removes key t. Precondition: 0 ≤ t < T.
void removeKeyRow(Scenario &scenario, int t);

/// The functions above by row type, for code written once for queries and keys (the undo
/// commands): RowsOf<QueryRow>::at, insert and remove are queryRowAt, insertQueryRow and
/// removeQueryRow; RowsOf<KeyRow> are the key functions.
template <class Row> struct RowsOf;

template <> struct RowsOf<QueryRow>
{
    static QueryRow at(const Scenario &s, int i) { return queryRowAt(s, i); }
    static void insert(Scenario &s, int i, const QueryRow &row) { insertQueryRow(s, i, row); }
    static void remove(Scenario &s, int i) { removeQueryRow(s, i); }
};

template <> struct RowsOf<KeyRow>
{
    static KeyRow at(const Scenario &s, int t) { return keyRowAt(s, t); }
    static void insert(Scenario &s, int t, const KeyRow &row) { insertKeyRow(s, t, row); }
    static void remove(Scenario &s, int t) { removeKeyRow(s, t); }
};

} // namespace sml
