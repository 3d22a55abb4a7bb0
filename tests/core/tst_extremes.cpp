// Numerical extremes end to end in core and the report (issue 6, "Numerical extremes"; MATH.md
// §2–§5): scores of ±1e300, τ = 1e-300 and 1e300, T = 1, exact ties, all similarities equal,
// σ² = 1e-300 and 1e300, d_k = 1024, and a query with no visible key (core API only). Nothing
// may be NaN or ±inf, and where the answer is known in closed form it is checked.
//
// The scenarios are the files of tests/data/extremes/ (made by make_extremes.py), which
// tests/ui/tst_extremes_export.cpp also exports view by view.

#include "Analysis.h"
#include "Attention.h"
#include "JsonChecks.h"
#include "MaxEnt.h"
#include "Report.h"
#include "ScenarioIo.h"
#include "TestHelpers.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <numbers>

using namespace sml;
using namespace sml::test;

namespace {

const QString kDir = QStringLiteral(SML_TEST_DATA_DIR "/data/extremes");
const double kLog2Pi = std::log(2 * std::numbers::pi);

Scenario load(const QString &name)
{
    const LoadResult r =
        ScenarioIo::loadFile(kDir + QLatin1Char('/') + name + QStringLiteral(".softmaxlab.json"));
    if (const auto *e = std::get_if<LoadError>(&r))
        qFatal("%s: %s", qPrintable(name), qPrintable(e->message));
    return std::get<Scenario>(r);
}

QJsonObject query(const QJsonObject &report, int i)
{
    return report[QLatin1String("queries")].toArray()[i].toObject();
}

QJsonObject mleOf(const QJsonObject &q)
{
    return q[QLatin1String("mle")].toObject();
}

QJsonObject maxentOf(const QJsonObject &q)
{
    return q[QLatin1String("maxent")].toObject();
}

QJsonArray arr(const QJsonObject &o, const char *key)
{
    return o[QLatin1String(key)].toArray();
}

bool nearRel(double a, double b, double rel)
{
    return std::abs(a - b) <= rel * std::abs(b);
}

/// Exact comparison of a JSON array with expected doubles (nan = expect null).
bool sameArray(const QJsonArray &a, std::initializer_list<double> expected, double tol = 0)
{
    if (a.size() != qsizetype(expected.size()))
        return false;
    qsizetype j = 0;
    for (const double e : expected) {
        const QJsonValue v = a.at(j++);
        if (std::isnan(e)) {
            if (!v.isNull())
                return false;
        } else if (!v.isDouble() || !(std::abs(v.toDouble() - e) <= tol)) {
            return false;
        }
    }
    return true;
}

QByteArray show(const QJsonValue &v)
{
    if (v.isObject())
        return QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact);
    if (v.isArray())
        return QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact);
    return QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
}

bool hasWarningContaining(const QJsonObject &q, const QString &text)
{
    for (const QJsonValue &w : arr(q, "warnings"))
        if (w.toString().contains(text))
            return true;
    return false;
}

const double kNull = std::numeric_limits<double>::quiet_NaN(); ///< "expect null" in sameArray

} // namespace

class TestExtremes : public QObject
{
    Q_OBJECT

private slots:
    void everythingFinite_data();
    void everythingFinite();
    void scoresPlusMinus1e300();
    void tau1eMinus300();
    void tau1e300();
    void oneKey();
    void exactTies();
    void allFeaturesEqual();
    void freeVariancesAtBothEnds();
    void freeVariancesAllTiny();
    void sigma0SquaredExtremes();
    void dk1024MatchesLongDouble();
    void noVisibleKeyAtTheCoreApi();
    void softmaxRowApiAtExtremes();
    void maxentTargetFarFromAnOppositeFeature();
};

void TestExtremes::everythingFinite_data()
{
    QTest::addColumn<QString>("name");
    const QStringList files =
        QDir(kDir).entryList({QStringLiteral("*.softmaxlab.json")}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 10);
    for (const QString &f : files) {
        const QString name = f.chopped(int(qstrlen(".softmaxlab.json")));
        QTest::newRow(qPrintable(name)) << name;
    }
}

void TestExtremes::everythingFinite()
{
    QFETCH(QString, name);
    const Scenario s = load(name);
    const Analysis a(s);
    const AttentionResult &att = a.attention();
    QVERIFY(att.similarities.allFinite());
    QVERIFY(att.weights.allFinite());
    QVERIFY(att.outputs.allFinite());
    QVERIFY(att.entropy.allFinite());
    QVERIFY(att.effectiveKeys.allFinite());
    QVERIFY(att.logPartition.allFinite());
    for (int i = 0; i < s.m(); ++i) {
        const int n = att.visibleCount[i];
        QVERIFY(att.defined[size_t(i)]);
        // Each row sums to 1 within 1e-15·|V_i| (MATH.md §2), weights in [0, 1].
        QVERIFY2(std::abs(att.weights.row(i).sum() - 1) <= 1e-15 * n,
                 qPrintable(QString::number(att.weights.row(i).sum() - 1)));
        QVERIFY((att.weights.row(i).array() >= 0).all());
        QVERIFY(att.entropy[i] >= 0 && att.entropy[i] <= std::log(double(n)) + 1e-15);
        QVERIFY(att.effectiveKeys[i] >= 1 && att.effectiveKeys[i] <= n * (1 + 1e-15));

        const QueryDetail d = a.detail(i);
        QVERIFY(d.mle);
        QVERIFY(d.mle->logVariances().allFinite());
        QVERIFY(d.mle->precisionWeights().allFinite());
        QVERIFY(d.mle->mleOutput().allFinite());
        QVERIFY(!d.logLikelihoodAtMle || std::isfinite(*d.logLikelihoodAtMle));
        QVERIFY(d.maxent.weights.allFinite());
        QVERIFY(!d.maxent.lambda || std::isfinite(*d.maxent.lambda));
        QVERIFY(std::isfinite(d.maxent.entropy));
    }

    // The report: no NaN or Infinity anywhere, in the values or in the text.
    const QJsonObject report = buildReport(s);
    QVERIFY(allFinite(report));
    const QByteArray text = reportJson(s);
    QJsonParseError perr;
    const QJsonDocument reread = QJsonDocument::fromJson(text, &perr);
    QCOMPARE(perr.error, QJsonParseError::NoError); // Qt would refuse NaN/Infinity tokens
    QCOMPARE(reread.object(), report);
    for (const char *bad : {"nan", "NaN", "Infinity", "inf,", "inf\n"})
        QVERIFY2(!text.contains(bad), bad);
}

void TestExtremes::scoresPlusMinus1e300()
{
    // τ = 1, f = (1e300, −1e300, 0) for q1 and the reverse for q2: one-hot weights.
    const QJsonObject r = buildReport(load(QStringLiteral("scores-pm1e300")));
    const QJsonObject q1 = query(r, 0);
    QVERIFY(sameArray(arr(q1, "similarities"), {1e300, -1e300, 0}));
    QVERIFY(sameArray(arr(q1, "scores"), {1e300, -1e300, 0}));
    QVERIFY2(sameArray(arr(q1, "weights"), {1, 0, 0}), show(q1["weights"]));
    QVERIFY(sameArray(arr(q1, "output"), {1, 0}));
    QCOMPARE(q1["entropy"].toDouble(), 0.0);
    QCOMPARE(q1["effective_keys"].toDouble(), 1.0);
    const QJsonObject m1 = mleOf(q1);
    QVERIFY(sameArray(arr(m1, "log_variances"), {-1e300, 1e300, 0}));
    // σ² = e^∓1e300 is outside the double range: null, with a warning naming each key.
    QVERIFY2(sameArray(arr(m1, "variances"), {kNull, kNull, 1}), show(m1["variances"]));
    QVERIFY(hasWarningContaining(q1, QStringLiteral("σ² of key 0")));
    QVERIFY(hasWarningContaining(q1, QStringLiteral("σ² of key 1")));
    QVERIFY(sameArray(arr(m1, "weights"), {1, 0, 0}));
    // ℓ(ô) = −(d_v/2)(3 log 2π + Σ log σ²) − ‖ô − v3‖²/2, with Σ log σ² = 0 and ô = v1.
    const double ell = -(3 * kLog2Pi + 0) - 5.0 / 2;
    QVERIFY2(near(m1["log_likelihood"].toDouble(), ell, 1e-12), show(m1["log_likelihood"]));
    const QJsonObject e1 = maxentOf(q1);
    QCOMPARE(e1["lambda"].toDouble(), 1.0); // 1/τ
    QVERIFY(sameArray(arr(e1, "weights"), {1, 0, 0}));
    QCOMPARE(e1["target"].toDouble(), 1e300);

    const QJsonObject q2 = query(r, 1);
    QVERIFY(sameArray(arr(q2, "weights"), {0, 1, 0}));
    QVERIFY(sameArray(arr(q2, "output"), {0, 1}));
    // ô = v2; the key with σ² = e^1e300 adds nothing, v3 adds ‖(1, 2)‖²/2.
    QVERIFY(near(mleOf(q2)["log_likelihood"].toDouble(), -(3 * kLog2Pi) - 5.0 / 2, 1e-12));
}

void TestExtremes::tau1eMinus300()
{
    // τ = 1e-300, f = (1, 0.5, −1): scores of ±1e300, a frozen (one-hot) softmax.
    const Scenario s = load(QStringLiteral("tau-1e-300"));
    QCOMPARE(s.tau(), 1e-300);
    const QJsonObject r = buildReport(s);
    const QJsonObject q1 = query(r, 0);
    QVERIFY(sameArray(arr(q1, "scores"), {1 / 1e-300, 0.5 / 1e-300, -1 / 1e-300}));
    QVERIFY(sameArray(arr(q1, "weights"), {1, 0, 0}));
    QVERIFY(sameArray(arr(q1, "output"), {1, 0}));
    QCOMPARE(q1["entropy"].toDouble(), 0.0);
    QCOMPARE(maxentOf(q1)["lambda"].toDouble(), 1 / 1e-300);
    // ‖ô − v2‖²/(2σ²) with σ² = e^−5e299: ℓ is truly below −1.8e308: null with a warning.
    QVERIFY(mleOf(q1)["log_likelihood"].isNull());
    QVERIFY(hasWarningContaining(q1, QStringLiteral("log-likelihood below")));
    // q2 = (0, 1): f = (0, 0.5, 0), ô = v2, ℓ = 5e299 − 3 log 2π − 1 − 5/2 = 5e299 in double.
    const QJsonObject q2 = query(r, 1);
    QVERIFY(sameArray(arr(q2, "weights"), {0, 1, 0}));
    QVERIFY(nearRel(mleOf(q2)["log_likelihood"].toDouble(), 0.5 / 1e-300, 1e-15));
    QVERIFY(sameArray(arr(mleOf(q2), "variances"), {1, kNull, 1}));
}

void TestExtremes::tau1e300()
{
    // τ = 1e300: scores of about 1e-300, a molten (uniform) softmax.
    const QJsonObject r = buildReport(load(QStringLiteral("tau-1e300")));
    for (int i = 0; i < 2; ++i) {
        const QJsonObject q = query(r, i);
        QVERIFY2(sameArray(arr(q, "weights"), {1.0 / 3, 1.0 / 3, 1.0 / 3}, 1e-16),
                 show(q["weights"]));
        QVERIFY(near(q["entropy"].toDouble(), std::log(3.0), 1e-15));
        QVERIFY(near(q["effective_keys"].toDouble(), 3, 1e-14));
        QVERIFY(sameArray(arr(q, "output"), {0, 0}, 1e-16)); // mean of the values
        QCOMPARE(maxentOf(q)["lambda"].toDouble(), 1e-300);
        QVERIFY(sameArray(arr(maxentOf(q), "weights"), {1.0 / 3, 1.0 / 3, 1.0 / 3}, 1e-16));
        QVERIFY(sameArray(arr(mleOf(q), "variances"), {1, 1, 1}, 1e-15));
        // ℓ = −3 log 2π − (1 + 1 + 2)/2 at ô = 0.
        QVERIFY(near(mleOf(q)["log_likelihood"].toDouble(), -3 * kLog2Pi - 2, 1e-12));
    }
}

void TestExtremes::oneKey()
{
    // T = 1: weight 1, entropy 0, one effective key; λ undetermined (null) with a warning.
    const QJsonObject r = buildReport(load(QStringLiteral("one-key")));
    for (int i = 0; i < 2; ++i) {
        const QJsonObject q = query(r, i);
        QVERIFY(sameArray(arr(q, "weights"), {1}));
        QVERIFY(sameArray(arr(q, "output"), {0.25, -0.5}));
        QCOMPARE(q["entropy"].toDouble(), 0.0);
        QCOMPARE(q["effective_keys"].toDouble(), 1.0);
        const QJsonObject e = maxentOf(q);
        QVERIFY(e["lambda"].isNull());
        QVERIFY(sameArray(arr(e, "weights"), {1}));
        QVERIFY(hasWarningContaining(q, QStringLiteral("λ undetermined")));
        QVERIFY(sameArray(arr(mleOf(q), "output"), {0.25, -0.5}));
    }
}

void TestExtremes::exactTies()
{
    // f = (1, 1, 0, 1), τ = 0.5: keys 1, 2 and 4 tie exactly, key 3 is e² times less likely.
    const Scenario s = load(QStringLiteral("exact-ties"));
    const Analysis a(s);
    const auto w = a.attention().weights.row(0);
    QCOMPARE(w[0], w[1]); // bit for bit
    QCOMPARE(w[0], w[3]);
    const double e = std::exp(-2.0);
    QVERIFY(near(w[0], 1 / (3 + e), 1e-16));
    QVERIFY(near(w[2], e / (3 + e), 1e-16));
    const QueryDetail d = a.detail(0);
    QCOMPARE(d.maxent.status, maxent::Status::Ok);
    QCOMPARE(*d.maxent.lambda, 2.0); // 1/τ
    QCOMPARE(d.maxent.weights[0], d.maxent.weights[1]);
    QVERIFY(near(d.entropy, std::log(3 + e) + 2 * e / (3 + e), 1e-15));
}

void TestExtremes::allFeaturesEqual()
{
    // Every similarity is 2: uniform weights; MaxEnt λ undetermined (null), uniform, a warning.
    const QJsonObject q = query(buildReport(load(QStringLiteral("all-features-equal"))), 0);
    QVERIFY(sameArray(arr(q, "similarities"), {2, 2, 2}));
    QVERIFY(sameArray(arr(q, "weights"), {1.0 / 3, 1.0 / 3, 1.0 / 3}));
    QVERIFY(near(q["entropy"].toDouble(), std::log(3.0), 1e-15));
    const QJsonObject e = maxentOf(q);
    QVERIFY(e["lambda"].isNull());
    QVERIFY(sameArray(arr(e, "weights"), {1.0 / 3, 1.0 / 3, 1.0 / 3}));
    QVERIFY(near(e["entropy"].toDouble(), std::log(3.0), 1e-15));
    QVERIFY(hasWarningContaining(q, QStringLiteral("all similarities equal; λ undetermined")));
    QCOMPARE(e["target"].toDouble(), 2.0);
}

void TestExtremes::freeVariancesAtBothEnds()
{
    // Free mode, q1: σ² = (1e-300, 1e300, 1). π ∝ 1/σ² = (1, 1e-600 → 0, 1e-300).
    const Scenario s = load(QStringLiteral("free-variances-extreme"));
    const QJsonObject r = buildReport(s);
    const QJsonObject m1 = mleOf(query(r, 0));
    QVERIFY2(sameArray(arr(m1, "weights"), {1, 0, 1e-300}, 1e-310), show(m1["weights"]));
    QVERIFY2(sameArray(arr(m1, "output"), {1, -1e-300}, 1e-310), show(m1["output"]));
    QVERIFY(sameArray(arr(m1, "log_variances"), {std::log(1e-300), std::log(1e300), 0}, 1e-12));
    const QJsonArray var1 = arr(m1, "variances");
    QVERIFY(nearRel(var1[0].toDouble(), 1e-300, 1e-13));
    QVERIFY(nearRel(var1[1].toDouble(), 1e300, 1e-13));
    QCOMPARE(var1[2].toDouble(), 1.0);
    // ℓ = −(3 log 2π + log 1e-300 + log 1e300 + 0) − ‖ô − v3‖²/2, the other terms below 1e-300.
    QVERIFY2(near(m1["log_likelihood"].toDouble(), -3 * kLog2Pi - 5.0 / 2, 1e-12),
             show(m1["log_likelihood"]));
    // The softmax does not depend on the free variances.
    QVERIFY(std::abs(query(r, 0)["weights"].toArray()[0].toDouble() - 0.575975345215362) <= 1e-14);

    // q2: σ² = 1e300 for every key: uniform π, ô = mean of the values = 0.
    const QJsonObject m2 = mleOf(query(r, 1));
    QVERIFY(sameArray(arr(m2, "weights"), {1.0 / 3, 1.0 / 3, 1.0 / 3}, 1e-16));
    QVERIFY(sameArray(arr(m2, "output"), {0, 0}, 1e-16));
    QVERIFY(nearRel(m2["log_likelihood"].toDouble(), -3 * (kLog2Pi + std::log(1e300)), 1e-14));
}

void TestExtremes::freeVariancesAllTiny()
{
    // σ² = 1e-300 for values of size 1e5: ‖ô − v‖²/(2σ²) ≈ 1e310, so ℓ < −1.8e308: null + warning.
    const QJsonObject q = query(buildReport(load(QStringLiteral("free-variances-all-tiny"))), 0);
    const QJsonObject m = mleOf(q);
    QVERIFY(m["log_likelihood"].isNull());
    QVERIFY(hasWarningContaining(q, QStringLiteral("log-likelihood below −1.8e308")));
    QVERIFY(sameArray(arr(m, "weights"), {1.0 / 3, 1.0 / 3, 1.0 / 3}, 1e-16));
    QVERIFY(sameArray(arr(m, "output"), {0, 0}, 1e-10));
}

void TestExtremes::sigma0SquaredExtremes()
{
    // σ0² cancels from the weights (MATH.md §4.1) but shifts ℓ by −(d_v/2)·n·log σ0².
    const Scenario tiny = load(QStringLiteral("sigma0-squared-1e-300"));
    const Scenario huge = load(QStringLiteral("sigma0-squared-1e300"));
    Scenario one = tiny;
    one.sigma0Squared = 1;
    const QueryDetail dOne = Analysis(one).detail(0);
    for (const Scenario *s : {&tiny, &huge}) {
        const QueryDetail d = Analysis(*s).detail(0);
        QCOMPARE(d.weights, dOne.weights);
        QCOMPARE(d.mle->precisionWeights(), dOne.mle->precisionWeights());
        QVERIFY(d.logLikelihoodAtMle);
        // At ô the quadratic term is Σ π‖ô − v‖²·Z/σ0²-ish; check against the definition.
        const double logS0 = std::log(s->sigma0Squared);
        double ell = 0;
        for (int t = 0; t < 3; ++t) {
            const double logVar = logS0 - d.scores[t];
            const double dist2 = (d.mle->mleOutput() - s->values.row(t).transpose()).squaredNorm();
            ell += -(kLog2Pi + logVar) - dist2 / (2 * std::exp(logVar));
        }
        QVERIFY2(nearRel(*d.logLikelihoodAtMle, ell, 1e-12),
                 qPrintable(QStringLiteral("%1 vs %2").arg(*d.logLikelihoodAtMle).arg(ell)));
        QVERIFY(d.mle->variance(0)); // 1e300·e^−0.9 and 1e-300·e^−0.9 are in range
    }
}

void TestExtremes::dk1024MatchesLongDouble()
{
    // d_k = 1024, τ = 32, causal: the weights against a direct long-double computation.
    const Scenario s = load(QStringLiteral("dk-1024"));
    QCOMPARE(s.dK(), 1024);
    QCOMPARE(s.tau(), 32.0);
    const Analysis a(s);
    for (int i = 0; i < s.m(); ++i) {
        const int n = std::min(i + 1, s.T());
        std::vector<long double> score(static_cast<size_t>(n));
        long double top = -1e4000L;
        for (int t = 0; t < n; ++t) {
            long double f = 0;
            for (int j = 0; j < 1024; ++j)
                f += (long double)s.queries(i, j) * s.keys(t, j);
            score[size_t(t)] = f / 32;
            top = std::max(top, score[size_t(t)]);
        }
        long double sum = 0;
        for (int t = 0; t < n; ++t)
            sum += std::exp(score[size_t(t)] - top);
        for (int t = 0; t < s.T(); ++t) {
            const double expected = t < n ? double(std::exp(score[size_t(t)] - top) / sum) : 0.0;
            QVERIFY2(near(a.attention().weights(i, t), expected, 1e-14),
                     qPrintable(QStringLiteral("w[%1][%2] = %3, expected %4")
                                    .arg(i)
                                    .arg(t)
                                    .arg(a.attention().weights(i, t), 0, 'g', 17)
                                    .arg(expected, 0, 'g', 17)));
        }
        const QueryDetail d = a.detail(i);
        QVERIFY(d.maxentMaxAbsDiff && *d.maxentMaxAbsDiff <= 1e-15);
        QVERIFY(d.mleMaxAbsDiff <= 1e-15);
    }
}

void TestExtremes::noVisibleKeyAtTheCoreApi()
{
    // MATH.md §2, "An empty V_i": undefined with a message, never NaN, never quietly uniform.
    Eigen::MatrixXd Q(2, 2), K(3, 2), V(3, 2);
    Q << 1, 0.5, -1, 2;
    K << 1, 0, 0, 1, -1, 0;
    V << 1, 0, 0, 1, -1, -1;
    Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic> visible(2, 3);
    visible << false, false, false, true, false, true;
    const Mask mask = Mask::explicitMask(visible);
    QCOMPARE(mask.visibleCount(0, 3), 0);
    QVERIFY(visibleKeys(mask, 0, 3).empty());

    const AttentionResult r = computeAttention(Q, K, V, std::sqrt(2.0), mask);
    QVERIFY(!r.defined[0]);
    QVERIFY(!r.undefinedMessage[0].isEmpty());
    QCOMPARE(r.visibleCount[0], 0);
    QVERIFY(r.weights.allFinite() && r.outputs.allFinite() && r.entropy.allFinite() &&
            r.effectiveKeys.allFinite() && r.logPartition.allFinite());
    // Query 2 sees keys 1 and 3 and is unaffected.
    QVERIFY(r.defined[1]);
    QCOMPARE(r.weights(1, 1), 0.0);
    QVERIFY(near(r.weights(1, 0) + r.weights(1, 2), 1, 1e-15));
    const double s0 = -1 / std::sqrt(2.0), s2 = 1 / std::sqrt(2.0);
    QVERIFY(near(r.weights(1, 0), 1 / (1 + std::exp(s2 - s0)), 1e-15));

    // The row-level APIs on an empty row: empty results or an error, never NaN.
    const Eigen::VectorXd none(0);
    QCOMPARE(softmax(none).weights.size(), 0);
    QVERIFY(gatherVisible(r.weights, 0, mask).size() == 0);
    const maxent::Solution me = maxent::solve(none, 0.5);
    QCOMPARE(me.status, maxent::Status::Infeasible);
    QVERIFY(!me.message.isEmpty());
    QCOMPARE(maxent::closedForm(none, 1.0).status, maxent::Status::Infeasible);
    QVERIFY(maxent::gisIterates(none, 0.5, 10).empty());
}

void TestExtremes::softmaxRowApiAtExtremes()
{
    Eigen::VectorXd s(4);
    s << 1e300, -1e300, 0, 1e300;
    const SoftmaxRow row = softmax(s);
    QCOMPARE(row.weights[0], 0.5);
    QCOMPARE(row.weights[1], 0.0);
    QCOMPARE(row.weights[2], 0.0);
    QCOMPARE(row.weights[3], 0.5);
    QVERIFY(near(row.entropy, std::log(2.0), 1e-15));
    QCOMPARE(row.logPartition(), 1e300); // M + log 2, and log 2 is below 1e300's ulp
    const Eigen::VectorXd logW = logSoftmax(s);
    QVERIFY(logW.allFinite());
    QVERIFY(near(logW[0], -std::log(2.0), 1e-15));
    QCOMPARE(logW[1], -2e300);
    Eigen::VectorXd r(4);
    r << 0, 0, 0, 0;
    const double kl = klDivergenceFromScores(s, r);
    QVERIFY(std::isfinite(kl));
    QVERIFY(near(kl, std::log(2.0), 1e-15)); // Σ p log(p/(1/4)) = log 2
    // The largest finite scores: still one-hot and finite.
    Eigen::VectorXd big(2);
    big << std::numeric_limits<double>::max(), -std::numeric_limits<double>::max();
    QCOMPARE(softmax(big).weights[0], 1.0);
    QCOMPARE(softmax(big).weights[1], 0.0);
    QCOMPARE(softmax(big).entropy, 0.0);
}

void TestExtremes::maxentTargetFarFromAnOppositeFeature()
{
    // f = (1.7e308, −1.7e308, 0) and μ = 1e308: f − μ overflows for the second key. Found while
    // building this test (it gave NaN weights, shown as null); kept in tests/fuzz/crashes/.
    Eigen::VectorXd f(3);
    f << 1.7e308, -1.7e308, 0;
    const maxent::Solution me = maxent::solve(f, 1e308);
    QCOMPARE(me.status, maxent::Status::Ok);
    QVERIFY(me.lambda && std::isfinite(*me.lambda) && *me.lambda > 0);
    QVERIFY(me.weights.allFinite());
    QVERIFY(near(me.weights.sum(), 1, 1e-15));
    // The constraint holds: E_p[f] = μ, computed without overflow as Σ p (f/2) · 2.
    const double mean = me.weights.dot(f / 2) * 2;
    QVERIFY2(nearRel(mean, 1e308, 1e-12), qPrintable(QString::number(mean)));
    // The mirror image: the same distribution, with λ of the opposite sign.
    const maxent::Solution mirror = maxent::solve(-f, -1e308);
    QCOMPARE(mirror.status, maxent::Status::Ok);
    QVERIFY(mirror.weights.allFinite());
    QVERIFY(nearRel(*mirror.lambda, -*me.lambda, 1e-12));
    QVERIFY((mirror.weights - me.weights).cwiseAbs().maxCoeff() <= 1e-15);

    // Subnormal features differ, so they are not "all equal" (their half-range rounds to 0).
    Eigen::VectorXd tiny(2);
    tiny << 5e-324, 0;
    const maxent::Solution t = maxent::solve(tiny, 0);
    QCOMPARE(t.status, maxent::Status::Infeasible); // 0 = min f is outside the open interval
    QVERIFY2(t.message.contains(QStringLiteral("(0, 5e-324)")), qPrintable(t.message));
}

QTEST_GUILESS_MAIN(TestExtremes)
#include "tst_extremes.moc"
