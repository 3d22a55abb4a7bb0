// Tests of the row edits behind the add, remove and reorder commands (core/ScenarioRows.h): a
// query or key inserted at the front, in the middle or at the end lands exactly there with its
// vector, value and free variances, the other entries keep their places, and removing what was
// inserted gives the scenario back exactly.
#include "ScenarioRows.h"

#include <QtTest>

#include <algorithm>

using namespace sml;

namespace {

/// A rows×cols matrix whose entry (i, j) is base + 10·i + j.
Eigen::MatrixXd numbered(Eigen::Index rows, Eigen::Index cols, double base)
{
    Eigen::MatrixXd m(rows, cols);
    for (Eigen::Index i = 0; i < rows; ++i)
        for (Eigen::Index j = 0; j < cols; ++j)
            m(i, j) = base + 10.0 * double(i) + double(j);
    return m;
}

/// 3 queries, 4 keys, d_k = 2, d_v = 3, free variances; every entry distinct.
Scenario numberedScenario()
{
    Scenario s;
    s.queries = numbered(3, 2, 100);
    s.keys = numbered(4, 2, 200);
    s.values = numbered(4, 3, 300);
    s.varianceMode = VarianceMode::Free;
    s.freeVariances = numbered(3, 4, 400);
    s.normalizeSideArrays();
    return s;
}

/// `before` with `row` inserted before row `at`, built row by row.
Eigen::MatrixXd withRow(const Eigen::MatrixXd &before, int at, const Eigen::RowVectorXd &row)
{
    Eigen::MatrixXd out(before.rows() + 1, before.cols());
    for (int i = 0; i < out.rows(); ++i) {
        if (i == at)
            out.row(i) = row;
        else
            out.row(i) = before.row(i < at ? i : i - 1);
    }
    return out;
}

/// Data rows "front", "middle" and "end" of an insertion into `n` rows.
void insertionPoints(int n)
{
    QTest::addColumn<int>("at");
    QTest::newRow("front") << 0;
    QTest::newRow("middle") << n / 2;
    QTest::newRow("end") << n;
}

} // namespace

class TestScenarioRows : public QObject
{
    Q_OBJECT

private slots:
    void insertsAndRemovesAQuery_data();
    void insertsAndRemovesAQuery();
    void insertsAndRemovesAKey_data();
    void insertsAndRemovesAKey();
    void rowsOfMovesRowsAndBack();
};

void TestScenarioRows::insertsAndRemovesAQuery_data()
{
    insertionPoints(3);
}

void TestScenarioRows::insertsAndRemovesAQuery()
{
    QFETCH(int, at);
    const Scenario before = numberedScenario();
    const QueryRow row{QStringLiteral("new"), Eigen::RowVectorXd::Constant(2, -1.0),
                       Eigen::RowVectorXd::Constant(4, -2.0), 0.25, QJsonObject()};

    Scenario s = before;
    insertQueryRow(s, at, row);
    QVERIFY(s.queries == withRow(before.queries, at, row.vector));
    QVERIFY(s.freeVariances == withRow(before.freeVariances, at, row.freeVariances));
    QCOMPARE(s.queryLabels.at(at), QStringLiteral("new"));
    QCOMPARE(s.targetFor(at), std::optional<double>(0.25));
    QVERIFY(queryRowAt(s, at).vector == row.vector);

    removeQueryRow(s, at);
    // Only the removed query had a target: the array stays, every entry the default.
    QVERIFY(s.maxentTargets && s.maxentTargets->size() == 3);
    QVERIFY(std::none_of(s.maxentTargets->begin(), s.maxentTargets->end(),
                         [](const std::optional<double> &mu) { return mu.has_value(); }));
    s.maxentTargets.reset();
    QVERIFY(s == before);
}

void TestScenarioRows::insertsAndRemovesAKey_data()
{
    insertionPoints(4);
}

void TestScenarioRows::insertsAndRemovesAKey()
{
    QFETCH(int, at);
    const Scenario before = numberedScenario();
    const KeyRow row{QStringLiteral("new"), Eigen::RowVectorXd::Constant(2, -1.0),
                     Eigen::RowVectorXd::Constant(3, -3.0), Eigen::VectorXd::Constant(3, -2.0),
                     QJsonObject()};

    Scenario s = before;
    insertKeyRow(s, at, row);
    QVERIFY(s.keys == withRow(before.keys, at, row.vector));
    QVERIFY(s.values == withRow(before.values, at, row.value));
    // The free variances gain a column.
    const Eigen::MatrixXd expected =
        withRow(before.freeVariances.transpose(), at, row.freeVariances.transpose()).transpose();
    QVERIFY(s.freeVariances == expected);
    QCOMPARE(s.keyLabels.at(at), QStringLiteral("new"));
    QVERIFY(keyRowAt(s, at).freeVariances == row.freeVariances);

    removeKeyRow(s, at);
    QVERIFY(s == before);
}

void TestScenarioRows::rowsOfMovesRowsAndBack()
{
    // Query 0 to the end and key 3 to the front through RowsOf, as the reorder commands do.
    const Scenario before = numberedScenario();
    Scenario s = before;
    const QueryRow q = RowsOf<QueryRow>::at(s, 0);
    RowsOf<QueryRow>::remove(s, 0);
    RowsOf<QueryRow>::insert(s, 2, q);
    const KeyRow k = RowsOf<KeyRow>::at(s, 3);
    RowsOf<KeyRow>::remove(s, 3);
    RowsOf<KeyRow>::insert(s, 0, k);
    QCOMPARE(s.queries(2, 1), 101.0);       // old query 0
    QCOMPARE(s.queries(0, 0), 110.0);       // old query 1
    QCOMPARE(s.values(0, 2), 332.0);        // old key 3
    QCOMPARE(s.freeVariances(2, 3), 402.0); // old query 0, old key 2
    QCOMPARE(s.freeVariances(0, 0), 413.0); // old query 1, old key 3

    const KeyRow k0 = RowsOf<KeyRow>::at(s, 0);
    RowsOf<KeyRow>::remove(s, 0);
    RowsOf<KeyRow>::insert(s, 3, k0);
    const QueryRow q2 = RowsOf<QueryRow>::at(s, 2);
    RowsOf<QueryRow>::remove(s, 2);
    RowsOf<QueryRow>::insert(s, 0, q2);
    QVERIFY(s == before);
}

QTEST_APPLESS_MAIN(TestScenarioRows)
#include "tst_scenariorows.moc"
