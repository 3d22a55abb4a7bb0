// Issue 5's faster paths give the same answers as the plain ones: the overflow check without
// Q Kᵀ, the lean Analysis (no weight matrix), and the per-query MLE outputs and MaxEnt λ that
// the Analysis now computes for every query.
#include "Analysis.h"
#include "Attention.h"
#include "ScenarioIo.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace sml;

namespace {

Eigen::MatrixXd randomMatrix(int rows, int cols, double scale, unsigned seed)
{
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    Eigen::MatrixXd m(rows, cols);
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j)
            m(i, j) = scale * normal(rng);
    return m;
}

Scenario randomScenario(int m, int T, int dK, int dV, unsigned seed)
{
    Scenario s = defaultScenario();
    s.queries = randomMatrix(m, dK, 1.0, seed);
    s.keys = randomMatrix(T, dK, 1.0, seed + 1);
    s.values = randomMatrix(T, dV, 1.0, seed + 2);
    s.queryLabels.clear();
    s.keyLabels.clear();
    s.normalizeSideArrays();
    return s;
}

/// What checkSimilarities did before issue 5: always form f = Q Kᵀ.
std::optional<OverflowError> exactCheck(const Eigen::MatrixXd &Q, const Eigen::MatrixXd &K,
                                        double tau)
{
    const Eigen::MatrixXd f = Q * K.transpose();
    return checkFinite(f, tau);
}

} // namespace

class TestFastPaths : public QObject
{
    Q_OBJECT

private slots:
    void overflowCheckAgreesWithTheProduct_data();
    void overflowCheckAgreesWithTheProduct();
    void leanAnalysisIsBitForBitTheFullOne_data();
    void leanAnalysisIsBitForBitTheFullOne();
    void perQueryLambdaAndMleMatchTheDetail();
    void similarityRangeIsTheVisibleMinMax();
    void sharedDetailIsTheDetailComputedOnce();
};

void TestFastPaths::overflowCheckAgreesWithTheProduct_data()
{
    QTest::addColumn<double>("qScale");
    QTest::addColumn<double>("kScale");
    QTest::addColumn<double>("tau");
    QTest::newRow("ordinary numbers") << 1.0 << 1.0 << 1.0;
    QTest::newRow("bound just below 1e300") << 1e149 << 1e149 << 1.0;
    QTest::newRow("bound above 1e300, products still finite") << 1e152 << 1e152 << 1.0;
    QTest::newRow("similarity overflows") << 1e200 << 1e200 << 1.0;
    QTest::newRow("score overflows (tiny τ)") << 1e100 << 1e100 << 1e-300;
    QTest::newRow("large τ keeps scores small") << 1e150 << 1e150 << 1e10;
    QTest::newRow("all zero") << 0.0 << 0.0 << 1.0;
}

void TestFastPaths::overflowCheckAgreesWithTheProduct()
{
    QFETCH(double, qScale);
    QFETCH(double, kScale);
    QFETCH(double, tau);
    const Eigen::MatrixXd Q = randomMatrix(7, 5, qScale, 11);
    const Eigen::MatrixXd K = randomMatrix(9, 5, kScale, 12);
    const auto fast = checkSimilarities(Q, K, tau);
    const auto exact = exactCheck(Q, K, tau);
    QCOMPARE(fast.has_value(), exact.has_value());
    if (fast) {
        QCOMPARE(fast->query, exact->query);
        QCOMPARE(fast->key, exact->key);
    }
}

void TestFastPaths::leanAnalysisIsBitForBitTheFullOne_data()
{
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("T");
    QTest::addColumn<int>("mask");
    // Sizes that are not multiples of the row blocks or of 8 (the alignment offsets differ).
    QTest::newRow("3×5, no mask") << 3 << 5 << int(MaskKind::None);
    QTest::newRow("37×53, causal") << 37 << 53 << int(MaskKind::Causal);
    QTest::newRow("301×123, no mask (several blocks, in parallel)") << 301 << 123 << 0;
    QTest::newRow("300×301, causal (several blocks)") << 300 << 301 << int(MaskKind::Causal);
}

void TestFastPaths::leanAnalysisIsBitForBitTheFullOne()
{
    QFETCH(int, m);
    QFETCH(int, T);
    QFETCH(int, mask);
    Scenario s = randomScenario(m, T, 6, 4, 21);
    s.mask = MaskKind(mask);
    const Analysis full(s);
    AnalysisOptions options;
    options.keepWeights = false;
    const Analysis lean(s, options);
    QVERIFY(!lean.attention().hasWeightMatrix());
    const AttentionResult &a = full.attention();
    const AttentionResult &b = lean.attention();
    QVERIFY(a.similarities == b.similarities);
    QVERIFY(a.entropy == b.entropy);
    QVERIFY(a.logPartition == b.logPartition);
    QVERIFY(a.visibleCount == b.visibleCount);
    QVERIFY(a.defined == b.defined);
    QVERIFY((a.outputs - b.outputs).cwiseAbs().maxCoeff() <= 1e-14);
    for (int i = 0; i < m; ++i) {
        const Eigen::VectorXd wa = a.weights.row(i).transpose();
        const Eigen::VectorXd wb = lean.weightRow(i);
        QVERIFY2(wa == wb, qPrintable(QStringLiteral("row %1").arg(i)));
        // Rows sum to 1 and masked keys are exactly 0 (MATH.md §2).
        QVERIFY(std::abs(wb.sum() - 1.0) <= 1e-15 * T);
        for (int t = a.visibleCount[i]; t < T; ++t)
            QCOMPARE(wb[t], 0.0);
    }
    const QueryDetail da = full.detail(m / 2);
    const QueryDetail db = lean.detail(m / 2);
    QVERIFY(da.weights == db.weights);
    QCOMPARE(da.maxent.lambda, db.maxent.lambda);
}

void TestFastPaths::perQueryLambdaAndMleMatchTheDetail()
{
    for (const VarianceMode mode : {VarianceMode::Linked, VarianceMode::Free}) {
        Scenario s = randomScenario(12, 9, 3, 2, 31);
        s.mask = MaskKind::Causal;
        s.varianceMode = mode;
        if (mode == VarianceMode::Free)
            s.freeVariances = randomMatrix(12, 9, 1.0, 41).cwiseAbs().array() + 0.1;
        // A target set by hand on some queries (feasible), default on the others; query 0 sees
        // one key, so its λ is undetermined.
        const Analysis plain(s);
        std::vector<std::optional<double>> targets(12);
        for (int i = 2; i < 12; i += 3) {
            const auto &att = plain.attention();
            targets[size_t(i)] = 0.3 * att.similarityMin[i] + 0.7 * att.similarityMax[i];
        }
        s.maxentTargets = targets;
        const Analysis analysis(s);
        for (int i = 0; i < 12; ++i) {
            const QueryDetail d = analysis.detail(i);
            QCOMPARE(analysis.maxentStatus(i), d.maxent.status);
            QCOMPARE(analysis.maxentLambda(i).has_value(), d.maxent.lambda.has_value());
            if (d.maxent.lambda)
                QCOMPARE(*analysis.maxentLambda(i), *d.maxent.lambda);
            const Eigen::VectorXd mle = analysis.mleOutputs().row(i).transpose();
            QVERIFY2((mle - d.mle->mleOutput()).cwiseAbs().maxCoeff() <= 1e-13,
                     qPrintable(QStringLiteral("query %1").arg(i)));
        }
        QCOMPARE(analysis.maxentStatus(0), maxent::Status::Undetermined);
    }
}

void TestFastPaths::similarityRangeIsTheVisibleMinMax()
{
    Scenario s = randomScenario(6, 8, 3, 2, 51);
    s.mask = MaskKind::Causal;
    const Analysis analysis(s);
    const AttentionResult &att = analysis.attention();
    for (int i = 0; i < 6; ++i) {
        const Eigen::VectorXd f = gatherVisible(att.similarities, i, analysis.mask());
        QCOMPARE(att.similarityMin[i], f.minCoeff());
        QCOMPARE(att.similarityMax[i], f.maxCoeff());
    }
    // And validation no longer forms Q Kᵀ for ordinary scenarios, yet refuses overflow.
    QVERIFY(!validateScenario(s));
    s.queries(2, 1) = 1e200;
    s.keys(1, 1) = 1e200;
    const auto refused = validateScenario(s);
    QVERIFY(refused);
    QCOMPARE(refused->category, ErrorCategory::Overflow);
    QVERIFY2(refused->message.startsWith(QStringLiteral("queries[2]·keys[1]")),
             qPrintable(refused->message));
}

QTEST_MAIN(TestFastPaths)
void TestFastPaths::sharedDetailIsTheDetailComputedOnce()
{
    Scenario s = randomScenario(6, 9, 3, 2, 77);
    s.mask = MaskKind::Causal;
    const Analysis analysis(s);
    for (int i : {0, 4, 5}) {
        const QueryDetail direct = analysis.detail(i);
        const std::shared_ptr<const QueryDetail> shared = analysis.sharedDetail(i);
        QCOMPARE(shared->query, i);
        QCOMPARE(shared->visible, direct.visible);
        QVERIFY(shared->weights == direct.weights); // bit for bit: the same computation
        QCOMPARE(shared->entropy, direct.entropy);
        QVERIFY(shared->mle && shared->mle->mleOutput() == direct.mle->mleOutput());
        QVERIFY(shared->maxent.lambda == direct.maxent.lambda); // nullopt for query 0 (one key)
        QCOMPARE(analysis.sharedDetail(i).get(), shared.get()); // asked again: not recomputed
    }
    const std::shared_ptr<const QueryDetail> last = analysis.sharedDetail(5);
    QVERIFY(analysis.sharedDetail(2).get() != last.get()); // another query: computed
    QCOMPARE(analysis.sharedDetail(2)->query, 2);
    const Analysis copy = analysis; // a copy computes its own
    QVERIFY(copy.sharedDetail(2).get() != analysis.sharedDetail(2).get());
}

#include "tst_fastpaths.moc"
