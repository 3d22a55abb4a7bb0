// Issue 19: the Analysis updated after one edit (Analysis's constructor from a previous one,
// updateAttentionForQuery/Key/Value) agrees with the full computation of the edited scenario to
// 1e-13 in every number it keeps, over random sequences of up to 2,000 edits at T ≤ 256, for
// the softmax and α-entmax, with and without the causal mask and the m×T weight matrix, in
// linked and free mode; and it is really taken (incrementalDepth() > 0), restarts in full after
// kMaxIncrementalDepth updates, and falls back where its output update would lose digits.
#include "Analysis.h"
#include "Attention.h"
#include "MatrixPool.h"
#include "Model.h"
#include "ModelAnalysis.h"
#include "ScenarioIo.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace sml;

namespace {

constexpr double kTol = 1e-13;

Eigen::MatrixXd normalMatrix(std::mt19937_64 &rng, int rows, int cols, double scale)
{
    std::normal_distribution<double> normal(0.0, 1.0);
    Eigen::MatrixXd m(rows, cols);
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j)
            m(i, j) = scale * normal(rng);
    return m;
}

Scenario randomScenario(std::mt19937_64 &rng, int m, int T, int dK, int dV)
{
    Scenario s = defaultScenario();
    s.queries = normalMatrix(rng, m, dK, 1.0);
    s.keys = normalMatrix(rng, T, dK, 1.0);
    s.values = normalMatrix(rng, T, dV, 1.0);
    s.queryLabels.clear();
    s.keyLabels.clear();
    s.normalizeSideArrays();
    return s;
}

double maxDiff(const Eigen::Ref<const Eigen::MatrixXd> &a, const Eigen::Ref<const Eigen::MatrixXd> &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return INFINITY;
    double worst = 0; // equal entries (also equal infinities, the softmax's water line) are 0
    for (Eigen::Index j = 0; j < a.cols(); ++j)
        for (Eigen::Index i = 0; i < a.rows(); ++i)
            if (a(i, j) != b(i, j))
                worst = std::max(worst, std::isnan(a(i, j) - b(i, j))
                                            ? INFINITY
                                            : std::abs(a(i, j) - b(i, j)));
    return worst;
}

/// The largest difference between two analyses of the same scenario over everything an
/// Analysis keeps (and the weight rows when the matrix is not kept); discrete fields must be
/// equal (returns infinity otherwise). `where` names the field of the largest difference.
double analysisDiff(const Analysis &a, const Analysis &b, QString &where)
{
    const AttentionResult &x = a.attention();
    const AttentionResult &y = b.attention();
    double worst = 0;
    auto note = [&](double d, const char *field) {
        if (std::isnan(d) || d > worst) {
            worst = std::isnan(d) ? INFINITY : d;
            where = QString::fromLatin1(field);
        }
    };
    note(maxDiff(x.similarities, y.similarities), "similarities");
    note(maxDiff(x.outputs, y.outputs), "outputs");
    note(maxDiff(x.entropy, y.entropy), "entropy");
    // N_eff = exp(H) ∈ [1, n] is compared relatively: 1e-13 of N_eff = 256 is 4e-16 of it.
    note(maxDiff(x.effectiveKeys.array().log().matrix(), y.effectiveKeys.array().log().matrix()),
         "log effectiveKeys");
    note(maxDiff(x.logPartition, y.logPartition), "logPartition");
    note(maxDiff(x.threshold, y.threshold), "threshold");
    note(maxDiff(x.similarityMin, y.similarityMin), "similarityMin");
    note(maxDiff(x.similarityMax, y.similarityMax), "similarityMax");
    note(maxDiff(a.mleOutputs(), b.mleOutputs()), "mleOutputs");
    if (x.visibleCount != y.visibleCount || x.supportSize != y.supportSize ||
        x.defined != y.defined || x.hasWeightMatrix() != y.hasWeightMatrix())
        note(INFINITY, "counts");
    const int m = a.scenario().m();
    for (int i = 0; i < m; ++i) {
        note(maxDiff(a.weightRow(i), b.weightRow(i)), "weights");
        if (a.maxentStatus(i) != b.maxentStatus(i) ||
            a.maxentLambda(i).has_value() != b.maxentLambda(i).has_value())
            note(INFINITY, "maxent status");
        else if (a.maxentLambda(i))
            note(std::abs(*a.maxentLambda(i) - *b.maxentLambda(i)), "lambda");
    }
    return worst;
}

struct Settings
{
    int m, T, dK, dV;
    MaskKind mask;
    double alpha; // 1 = softmax
    bool keepWeights;
    bool free;
    bool targets;
    int edits;
    unsigned seed;
};

/// The edit sequences: m, T, d_k, d_v, mask, α, keep w, free, targets, edits, seed.
const Settings kSequences[] = {
    {64, 256, 8, 4, MaskKind::None, 1.0, true, false, false, 2000, 1},
    {40, 200, 6, 3, MaskKind::Causal, 1.0, true, false, false, 600, 2},
    {30, 128, 5, 3, MaskKind::None, 1.0, false, false, false, 600, 3},
    {48, 96, 4, 2, MaskKind::Causal, 1.5, true, false, false, 600, 4},
    {32, 64, 4, 2, MaskKind::None, 2.0, false, false, false, 400, 5},
    {24, 80, 3, 2, MaskKind::None, 1.25, true, false, true, 300, 6},
    {20, 60, 3, 3, MaskKind::Causal, 1.0, true, true, true, 300, 7},
    {256, 256, 4, 2, MaskKind::Causal, 1.0, true, false, false, 300, 8},
};

/// One random edit of `s`: a query, a key or a value (a new draw, or a drag-sized step), a whole
/// token (its query, key and value, as a model scenario's embedding edit does), or a label.
void randomEdit(std::mt19937_64 &rng, Scenario &s)
{
    std::uniform_int_distribution<int> kind(0, 9);
    std::normal_distribution<double> normal(0.0, 1.0);
    const int k = kind(rng);
    const bool drag = (rng() & 1) != 0;
    auto change = [&](Eigen::MatrixXd &mat, int row) {
        for (Eigen::Index j = 0; j < mat.cols(); ++j)
            mat(row, j) = drag ? mat(row, j) + 0.01 * normal(rng) : normal(rng);
    };
    const int i = int(rng() % std::uint64_t(s.m()));
    const int t = int(rng() % std::uint64_t(s.T()));
    if (k <= 2) {
        change(s.queries, i);
    } else if (k <= 5) {
        change(s.keys, t);
    } else if (k <= 7) {
        change(s.values, t);
    } else if (k == 8) {
        const int token = std::min(i, t);
        change(s.queries, token);
        change(s.keys, token);
        change(s.values, token);
    } else {
        s.keyLabels[t] = QStringLiteral("edited %1").arg(rng() % 1000);
    }
}

/// A model scenario (MATH.md §8) of T tokens with N(0, 1) embeddings and H heads with
/// N(0, scale²) W_Q, W_K, W_V (d_model×d_k), and an N(0, scale²) W_O when `withWO`.
Scenario randomModelScenario(std::mt19937_64 &rng, int T, int dModel, int H, int dK, double scale,
                             bool withWO)
{
    Model model;
    model.embeddings = normalMatrix(rng, T, dModel, 1.0);
    for (int h = 0; h < H; ++h) {
        ModelHead head;
        head.label = QStringLiteral("head %1").arg(h + 1);
        head.wQ = normalMatrix(rng, dModel, dK, scale);
        head.wK = normalMatrix(rng, dModel, dK, scale);
        head.wV = normalMatrix(rng, dModel, dK, scale);
        model.heads.push_back(head);
    }
    if (withWO)
        model.wO = normalMatrix(rng, H * dK, dModel, scale);
    Scenario s;
    s.title = QStringLiteral("model");
    model.normalizeSideArrays(false);
    s.model = std::move(model);
    s.normalizeSideArrays();
    return s;
}

} // namespace

class TestIncremental : public QObject
{
    Q_OBJECT

private slots:
    void agreesWithTheFullComputation_data();
    void agreesWithTheFullComputation();
    void restartsInFullAfterTheMaximumDepth();
    void settingsChangesAreComputedInFull();
    void dominantKeyAndHugeValuesFallBack();
    void poolReusesBuffers();
    void modelEditsAgreeWithTheFullAnalysis();
    void modelValidationFromThePreviousAnalysisAgrees();
};

void TestIncremental::agreesWithTheFullComputation_data()
{
    QTest::addColumn<int>("index");
    for (int r = 0; r < int(std::size(kSequences)); ++r) {
        const Settings &x = kSequences[r];
        QTest::addRow("m%d-T%d-%s-alpha%g-%s%s%s-%d-edits", x.m, x.T,
                      x.mask == MaskKind::Causal ? "causal" : "nomask", x.alpha,
                      x.keepWeights ? "kept" : "lean", x.free ? "-free" : "",
                      x.targets ? "-targets" : "", x.edits)
            << r;
    }
}

void TestIncremental::agreesWithTheFullComputation()
{
    QFETCH(int, index);
    const Settings &x = kSequences[index];
    std::mt19937_64 rng(x.seed);
    Scenario s = randomScenario(rng, x.m, x.T, x.dK, x.dV);
    s.mask = x.mask;
    if (x.alpha != 1) {
        s.normalizer = NormalizerKind::Entmax;
        s.entmaxAlpha = x.alpha;
    }
    if (x.free) {
        s.varianceMode = VarianceMode::Free;
        s.freeVariances = (normalMatrix(rng, x.m, x.T, 0.5).array().exp()).matrix();
    }
    if (x.targets) {
        std::vector<std::optional<double>> targets(size_t(x.m));
        for (int i = 0; i < x.m; i += 3)
            targets[size_t(i)] = 0.0; // inside every row's feasible interval (f spans 0)
        s.maxentTargets = targets;
    }
    AnalysisOptions options;
    options.keepWeights = x.keepWeights;
    auto previous = std::make_shared<const Analysis>(s, options);
    double worst = 0;
    int incremental = 0;
    for (int e = 0; e < x.edits; ++e) {
        randomEdit(rng, s);
        QVERIFY(!validateScenario(s));
        auto updated = std::make_shared<const Analysis>(Scenario(s), *previous, options);
        const Analysis full(s, options);
        QString where;
        const double d = analysisDiff(*updated, full, where);
        if (!(d <= kTol))
            QFAIL(qPrintable(QStringLiteral("edit %1: %2 differs by %3 (depth %4)")
                                 .arg(e)
                                 .arg(where)
                                 .arg(d, 0, 'g', 3)
                                 .arg(updated->incrementalDepth())));
        worst = std::max(worst, d);
        incremental += updated->incrementalDepth() > 0 ? 1 : 0;
        previous = std::move(updated);
    }
    // Most edits went the incremental way (a label edit keeps the depth; every 33rd restarts).
    QVERIFY2(incremental > x.edits / 2, qPrintable(QString::number(incremental)));
    qInfo("%d of %d edits updated incrementally; largest difference from the full computation: "
          "%.3g",
          incremental, x.edits, worst);
}

void TestIncremental::restartsInFullAfterTheMaximumDepth()
{
    std::mt19937_64 rng(11);
    Scenario s = randomScenario(rng, 8, 16, 3, 2);
    auto a = std::make_shared<const Analysis>(s);
    QCOMPARE(a->incrementalDepth(), 0);
    for (int e = 1; e <= Analysis::kMaxIncrementalDepth + 1; ++e) {
        s.keys(e % 16, 0) += 0.1;
        a = std::make_shared<const Analysis>(Scenario(s), *a);
        QCOMPARE(a->incrementalDepth(), e <= Analysis::kMaxIncrementalDepth ? e : 0);
    }
    // A label edit copies the numbers and adds no rounding.
    s.keyLabels[0] = QStringLiteral("renamed");
    const auto b = std::make_shared<const Analysis>(Scenario(s), *a);
    QCOMPARE(b->incrementalDepth(), a->incrementalDepth());
    QCOMPARE(b->scenario().keyLabels[0], QStringLiteral("renamed"));
    QVERIFY(b->attention().weights == a->attention().weights);
}

void TestIncremental::settingsChangesAreComputedInFull()
{
    std::mt19937_64 rng(12);
    Scenario s = randomScenario(rng, 6, 10, 3, 2);
    const Analysis base(s);
    s.keys(2, 1) += 0.5;
    const Analysis edited(Scenario(s), base);
    QCOMPARE(edited.incrementalDepth(), 1);

    struct Change
    {
        const char *name;
        std::function<void(Scenario &)> apply;
    };
    const Change changes[] = {
        {"tau", [](Scenario &x) { x.temperatureMode = TemperatureMode::Fixed; x.fixedTau = 0.7; }},
        {"mask", [](Scenario &x) { x.mask = MaskKind::Causal; }},
        {"entmax", [](Scenario &x) { x.normalizer = NormalizerKind::Entmax; }},
        {"two keys", [](Scenario &x) { x.keys(0, 0) += 1; x.keys(1, 0) += 1; }},
        {"two queries", [](Scenario &x) { x.queries(0, 0) += 1; x.queries(5, 2) += 1; }},
        {"target", [](Scenario &x) { x.maxentTargets = std::vector<std::optional<double>>(6); (*x.maxentTargets)[1] = 0.1; }},
        {"a key more", [](Scenario &x) {
             x.keys.conservativeResize(11, Eigen::NoChange);
             x.keys.row(10).setOnes();
             x.values.conservativeResize(11, Eigen::NoChange);
             x.values.row(10).setOnes();
             x.keyLabels << QStringLiteral("k11");
             x.normalizeSideArrays();
         }},
    };
    for (const Change &c : changes) {
        Scenario t = s;
        c.apply(t);
        QVERIFY2(!validateScenario(t), c.name);
        const Analysis after(Scenario(t), edited);
        QVERIFY2(after.incrementalDepth() == 0, c.name);
        QString where;
        QVERIFY2(analysisDiff(after, Analysis(t), where) == 0, c.name);
    }
}

void TestIncremental::dominantKeyAndHugeValuesFallBack()
{
    // Key 0 takes almost all the weight of every query (w_0 > 1/2), so the O(d_v) output update
    // would divide by 1 − w_0: the rows are summed again, and still agree.
    std::mt19937_64 rng(13);
    Scenario s = randomScenario(rng, 5, 12, 2, 2);
    s.queries.col(0).setConstant(3.0);
    s.keys.row(0) << 4.0, 0.0;
    auto a = std::make_shared<const Analysis>(s);
    for (int i = 0; i < 5; ++i)
        QVERIFY(a->weightRow(i)[0] > 0.5);
    Eigen::MatrixXd K = s.keys;
    K(0, 0) = 3.0;
    AttentionResult r = a->attention();
    const int summed = updateAttentionForKey(r, s.queries, K, s.values, Mask::none(), 0);
    QCOMPARE(summed, 5);
    s.keys = K;
    const Analysis full(s);
    QVERIFY(maxDiff(r.outputs, full.attention().outputs) <= kTol);

    // Values near DBL_MAX: o − w_t v_t could overflow; rows are summed again (and repaired).
    Scenario h = randomScenario(rng, 4, 6, 2, 1);
    h.values.setConstant(1.5e308);
    a = std::make_shared<const Analysis>(h);
    h.values(2, 0) = 1.7e308;
    const Analysis updated(Scenario(h), *a);
    QCOMPARE(updated.incrementalDepth(), 1);
    QVERIFY(updated.attention().outputs.allFinite());
    const Analysis fullH(h);
    for (int i = 0; i < 4; ++i)
        QVERIFY(std::abs(updated.attention().outputs(i, 0) - fullH.attention().outputs(i, 0)) <=
                1e-13 * 1.7e308);
}

void TestIncremental::poolReusesBuffers()
{
    MatrixPool::clear();
    std::mt19937_64 rng(14);
    Scenario s = randomScenario(rng, 256, 256, 4, 2); // 512 KB a matrix: pooled
    const double *f = nullptr;
    {
        const Analysis a(s);
        f = a.attention().similarities.data();
    }
    QVERIFY(MatrixPool::heldBytes() >= 2 * 256 * 256 * sizeof(double));
    const Analysis b(s);
    // The next Analysis of the same size takes a buffer the first one gave back.
    QVERIFY(b.attention().similarities.data() == f || b.attention().weights.data() == f);
    MatrixPool::clear();
    QCOMPARE(MatrixPool::heldBytes(), size_t(0));
}

void TestIncremental::modelEditsAgreeWithTheFullAnalysis()
{
    // A model scenario (MATH.md §8): an edit of one embedding entry moves one row of every
    // head's Q, K and V; an edit of one head's W_Q moves all of that head's queries (computed
    // in full) and none of the others'. Every head agrees with the analysis from scratch.
    std::mt19937_64 rng(15);
    std::normal_distribution<double> normal(0.0, 1.0);
    const int T = 40, dModel = 12, H = 3, dK = 4;
    Scenario s = randomModelScenario(rng, T, dModel, H, dK, 0.3, true);
    s.mask = MaskKind::Causal;
    QVERIFY(!validateScenario(s));

    ModelAnalysis previous = analyzeModel(s);
    int updatedHeads = 0;
    for (int e = 0; e < 300; ++e) {
        const bool weightEdit = e % 10 == 9;
        const int h = int(rng() % H);
        if (weightEdit)
            s.model->heads[size_t(h)].wQ(int(rng() % dModel), int(rng() % dK)) = normal(rng);
        else
            s.model->embeddings(int(rng() % T), int(rng() % dModel)) += 0.1 * normal(rng);
        const ModelAnalysis updated = analyzeModel(s, {}, &previous);
        const ModelAnalysis full = analyzeModel(s);
        for (int k = 0; k < H; ++k) {
            QString where;
            const double d = analysisDiff(*updated.heads[size_t(k)], *full.heads[size_t(k)], where);
            QVERIFY2(d <= kTol, qPrintable(QStringLiteral("edit %1 head %2: %3 differs by %4")
                                               .arg(e)
                                               .arg(k)
                                               .arg(where)
                                               .arg(d)));
            const bool incremental = updated.heads[size_t(k)]->incrementalDepth() > 0;
            if (weightEdit && k == h)
                QVERIFY(!incremental); // its Q changed in every row
            updatedHeads += incremental ? 1 : 0;
        }
        QVERIFY(maxDiff(*updated.output(), *full.output()) <= kTol);
        previous = updated;
    }
    QVERIFY2(updatedHeads > 300 * H / 2, qPrintable(QString::number(updatedHeads)));
}

void TestIncremental::modelValidationFromThePreviousAnalysisAgrees()
{
    // validateScenario(s, &previous) checks the heads on projections updated from the previous
    // analysis (one token's embedding changed): the same verdict and message as from scratch,
    // including the overflows an edit of one entry can cause (a projection x·W_Q, a similarity,
    // a score f/τ), which an update that missed the edited row would not see.
    std::mt19937_64 rng(16);
    const int T = 12, dModel = 6, dK = 3;
    const Scenario s = randomModelScenario(rng, T, dModel, 2, dK, 0.5, false);
    QVERIFY(!validateScenario(s));
    const ModelAnalysis previous = analyzeModel(s);
    QCOMPARE(changedTokens(*s.model, &previous), std::vector<int>{});
    int refused = 0;
    // 1e155: similarities of ~1e310 overflow; 1e300 · W: the projection itself overflows.
    for (double value : {0.5, -3.0, 1e100, 1e155, -1e155, 1e300, 1e308}) {
        for (int t : {0, 5, T - 1}) {
            Scenario edited = s;
            edited.model->embeddings(t, int(rng() % dModel)) = value;
            QCOMPARE(changedTokens(*edited.model, &previous), std::vector<int>{t});
            QVERIFY(updatedProjections(*edited.model, 1, &previous, {t}));
            const auto fromPrevious = validateScenario(edited, &previous);
            const auto full = validateScenario(edited);
            QCOMPARE(bool(fromPrevious), bool(full));
            if (full) {
                ++refused;
                QCOMPARE(fromPrevious->message, full->message);
                QCOMPARE(fromPrevious->category, ErrorCategory::Overflow);
            }
        }
    }
    QVERIFY2(refused >= 9, qPrintable(QString::number(refused))); // 1e155 and larger
    // Two tokens changed, or a head's W: that head is projected in full.
    Scenario two = s;
    two.model->embeddings(1, 0) = 2;
    two.model->embeddings(2, 0) = 2;
    QCOMPARE(changedTokens(*two.model, &previous).size(), size_t(2));
    QVERIFY(!updatedProjections(*two.model, 0, &previous, changedTokens(*two.model, &previous)));
    Scenario weight = s; // q·k of ~1e160 · 1e160: the similarities overflow
    weight.model->heads[1].wQ(0, 0) = 1e160;
    weight.model->heads[1].wK(0, 0) = 1e160;
    QVERIFY(updatedProjections(*weight.model, 0, &previous, {}));
    QVERIFY(!updatedProjections(*weight.model, 1, &previous, {}));
    QVERIFY(validateScenario(weight, &previous));
}

QTEST_GUILESS_MAIN(TestIncremental)
#include "tst_incremental.moc"
