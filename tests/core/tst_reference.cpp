// The C++ core against an independent reference implementation of MATH.md §2–§5.
//
// tests/reference/make_reference.py (NumPy, float64, written from MATH.md only) writes
// tests/reference/reference.json: a list of cases (MATH.md §6 A, B, C; random cases with and
// without a causal mask, m = T, m > T, m < T, linked and free variances; scores of large and huge
// magnitude; MaxEnt with user targets, including undetermined and infeasible rows). For every
// query it records the visible keys, f, s, w, o, H, N_eff, log Z, log σ², σ², π, ô, log Σσ⁻², the
// standard error, ℓ(ô), the default target μ and the MaxEnt solution (λ, p, H).
//
// Each case×query is one data row ("B q0", "random causal m>T q3"). All mismatches of a row are
// collected and reported together, each with the quantity, the key index and both numbers.
//
// Tolerances. The default is 1e-12 relative. Where a quantity is a sum with cancellation, its
// rounding error is proportional to the sum of the magnitudes of its terms, not to its value, so
// the tolerance is 1e-12 times that magnitude (named at each comparison). Nothing is loosened to
// make a row pass.
#include "Analysis.h"
#include "MaxEnt.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <optional>

using namespace sml;

namespace {

constexpr double kRel = 1e-12;  ///< default relative tolerance
constexpr double kEps = std::numeric_limits<double>::epsilon();
/// Probabilities below this are zero for every purpose; it absorbs the loss of relative precision
/// of subnormal results (an exp(s − M) below DBL_MIN ≈ 2.2e-308 has fewer than 53 bits).
constexpr double kTinyProb = 1e-300;
/// Absolute floor for entropies. H = log S − Σ w (s − M) is a difference of O(1) terms, so its
/// absolute error is a few ε whatever the size of H (a sharp row has H ≈ 1e-100 with an absolute,
/// not relative, accuracy). 1e-14 is about 45 ε.
constexpr double kEntropyAbs = 1e-14;

QString referencePath() { return QStringLiteral(SML_TEST_DATA_DIR "/reference/reference.json"); }

struct Reference
{
    QJsonArray cases;
    QString error;
};

const Reference &reference()
{
    static const Reference ref = [] {
        Reference r;
        QFile file(referencePath());
        if (!file.open(QIODevice::ReadOnly)) {
            r.error = QStringLiteral("cannot open %1: %2").arg(referencePath(), file.errorString());
            return r;
        }
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &pe);
        if (pe.error != QJsonParseError::NoError) {
            r.error = QStringLiteral("%1: %2 at offset %3")
                          .arg(referencePath(), pe.errorString())
                          .arg(pe.offset);
            return r;
        }
        const QJsonObject top = doc.object();
        if (top.value(QLatin1String("format")).toString() !=
                QLatin1String("softmaxlab-test-reference") ||
            top.value(QLatin1String("version")).toInt() != 1) {
            r.error = QStringLiteral("%1: not a version-1 softmaxlab-test-reference file")
                          .arg(referencePath());
            return r;
        }
        r.cases = top.value(QLatin1String("cases")).toArray();
        if (r.cases.isEmpty())
            r.error = QStringLiteral("%1: no cases").arg(referencePath());
        return r;
    }();
    return ref;
}

Eigen::MatrixXd matrixFrom(const QJsonArray &rows)
{
    const int r = int(rows.size());
    const int c = r > 0 ? int(rows.at(0).toArray().size()) : 0;
    Eigen::MatrixXd m(r, c);
    for (int i = 0; i < r; ++i) {
        const QJsonArray row = rows.at(i).toArray();
        for (int j = 0; j < c; ++j)
            m(i, j) = row.at(j).toDouble();
    }
    return m;
}

Eigen::VectorXd vectorFrom(const QJsonArray &a)
{
    Eigen::VectorXd v(a.size());
    for (int i = 0; i < int(a.size()); ++i)
        v[i] = a.at(i).toDouble();
    return v;
}

std::optional<double> optionalFrom(const QJsonValue &v)
{
    if (v.isNull() || v.isUndefined())
        return std::nullopt;
    return v.toDouble();
}

QString num(double x) { return QString::number(x, 'g', 17); }
QString num(const std::optional<double> &x) { return x ? num(*x) : QStringLiteral("null"); }

/// Builds the scenario of a reference case through the public Scenario fields.
Scenario scenarioFrom(const QJsonObject &c)
{
    Scenario s;
    s.title = c.value(QLatin1String("name")).toString();
    s.queries = matrixFrom(c.value(QLatin1String("Q")).toArray());
    s.keys = matrixFrom(c.value(QLatin1String("K")).toArray());
    s.values = matrixFrom(c.value(QLatin1String("V")).toArray());

    const QJsonObject temp = c.value(QLatin1String("temperature")).toObject();
    if (temp.value(QLatin1String("mode")).toString() == QLatin1String("fixed")) {
        s.temperatureMode = TemperatureMode::Fixed;
        s.fixedTau = temp.value(QLatin1String("tau")).toDouble();
    } else {
        s.temperatureMode = TemperatureMode::SqrtDk;
    }

    s.mask = c.value(QLatin1String("mask")).toString() == QLatin1String("causal") ? MaskKind::Causal
                                                                                   : MaskKind::None;

    const QJsonObject var = c.value(QLatin1String("variance")).toObject();
    if (var.value(QLatin1String("mode")).toString() == QLatin1String("free")) {
        s.varianceMode = VarianceMode::Free;
        s.freeVariances = matrixFrom(var.value(QLatin1String("variances")).toArray());
    } else {
        s.varianceMode = VarianceMode::Linked;
        s.sigma0Squared = var.value(QLatin1String("sigma0_squared")).toDouble();
    }

    const QJsonValue targets = c.value(QLatin1String("targets"));
    if (targets.isArray()) {
        std::vector<std::optional<double>> t;
        for (const QJsonValue &x : targets.toArray())
            t.push_back(optionalFrom(x));
        s.maxentTargets = t;
    }
    s.normalizeSideArrays();
    return s;
}

QString statusName(maxent::Status s)
{
    switch (s) {
    case maxent::Status::Ok: return QStringLiteral("ok");
    case maxent::Status::Undetermined: return QStringLiteral("undetermined");
    case maxent::Status::Infeasible: return QStringLiteral("infeasible");
    case maxent::Status::TooClose: return QStringLiteral("too_close");
    }
    return QStringLiteral("?");
}

/// Collects every mismatch of one data row.
class Checker
{
public:
    QStringList failures;

    /// |actual − expected| ≤ tol, where tol = rel·|expected| + abs.
    void close(const QString &what, double actual, double expected, double rel, double abs)
    {
        const double tol = rel * std::abs(expected) + abs;
        if (!(std::abs(actual - expected) <= tol) || !std::isfinite(actual))
            failures << QStringLiteral("%1: C++ %2, reference %3, |diff| %4 > tol %5")
                            .arg(what, num(actual), num(expected),
                                 num(std::abs(actual - expected)), num(tol));
    }

    /// Relative comparison at the default tolerance.
    void rel(const QString &what, double actual, double expected, double relTol = kRel)
    {
        close(what, actual, expected, relTol, 0.0);
    }

    /// Both null, or both numbers and close.
    void optional(const QString &what, const std::optional<double> &actual,
                  const QJsonValue &expected, double rel, double abs)
    {
        const std::optional<double> e = optionalFrom(expected);
        if (bool(actual) != bool(e)) {
            failures << QStringLiteral("%1: C++ %2, reference %3").arg(what, num(actual), num(e));
            return;
        }
        if (e)
            close(what, *actual, *e, rel, abs);
    }

    bool sameSize(const QString &what, Eigen::Index actual, Eigen::Index expected)
    {
        if (actual == expected)
            return true;
        failures << QStringLiteral("%1: C++ has %2 entries, reference %3")
                        .arg(what)
                        .arg(actual)
                        .arg(expected);
        return false;
    }

    /// Probability vectors (weights): 1e-12 relative, with kTinyProb as the absolute floor.
    void probabilities(const QString &what, const Eigen::VectorXd &actual, const QJsonArray &exp)
    {
        if (!sameSize(what, actual.size(), exp.size()))
            return;
        for (int t = 0; t < int(exp.size()); ++t)
            close(QStringLiteral("%1[%2]").arg(what).arg(t), actual[t], exp.at(t).toDouble(), kRel,
                  kTinyProb);
    }

    void check(const QString &what, bool ok, const QString &detail = QString())
    {
        if (!ok)
            failures << QStringLiteral("%1 %2").arg(what, detail);
    }
};

/// Σ_t w_t |v_tj|: the scale of the rounding error of the weighted mean o_j = Σ_t w_t v_tj.
Eigen::VectorXd weightedAbsScale(const Eigen::VectorXd &w, const Eigen::MatrixXd &V,
                                 const std::vector<int> &visible)
{
    Eigen::VectorXd scale = Eigen::VectorXd::Zero(V.cols());
    for (size_t n = 0; n < visible.size(); ++n)
        scale += w[Eigen::Index(n)] * V.row(visible[n]).transpose().cwiseAbs();
    return scale;
}

/// Compares a maxent::Solution with the reference "maxent" object.
void checkMaxEnt(Checker &c, const QString &prefix, const maxent::Solution &sol,
                 const QJsonObject &me)
{
    const QString status = me.value(QLatin1String("status")).toString();
    if (statusName(sol.status) != status) {
        c.failures << QStringLiteral("%1 status: C++ %2 (%3), reference %4")
                          .arg(prefix, statusName(sol.status), sol.message, status);
        return;
    }
    if (status == QLatin1String("infeasible")) {
        c.check(prefix + QStringLiteral(" lambda"), !sol.lambda, QStringLiteral("should be null"));
        c.check(prefix + QStringLiteral(" p"), sol.weights.size() == 0,
                QStringLiteral("should be empty on an infeasible target"));
        c.check(prefix + QStringLiteral(" message"), sol.message.contains(QLatin1String("outside")),
                QStringLiteral("should state the interval, got \"%1\"").arg(sol.message));
        return;
    }
    if (status == QLatin1String("undetermined")) {
        c.check(prefix + QStringLiteral(" lambda"), !sol.lambda,
                QStringLiteral("should be null, got %1").arg(num(sol.lambda)));
        c.check(prefix + QStringLiteral(" message"), !sol.message.isEmpty(),
                QStringLiteral("should carry a warning"));
    } else {
        // λ: 1e-12 relative. The reference λ is the 50-digit solution rounded once (for the
        // default target, 1/τ), so this measures the C++ solver alone.
        if (!sol.lambda)
            c.failures << prefix + QStringLiteral(" lambda: C++ null, reference %1")
                                       .arg(num(me.value(QLatin1String("lambda")).toDouble()));
        else
            c.rel(prefix + QStringLiteral(" lambda"), *sol.lambda,
                  me.value(QLatin1String("lambda")).toDouble());
    }
    c.probabilities(prefix + QStringLiteral(" p"), sol.weights,
                    me.value(QLatin1String("weights")).toArray());
    c.close(prefix + QStringLiteral(" H"), sol.entropy, me.value(QLatin1String("entropy")).toDouble(),
            kRel, kEntropyAbs);
}

} // namespace

class TstReference : public QObject
{
    Q_OBJECT

private slots:
    void loads();
    void query_data();
    void query();
};

void TstReference::loads()
{
    const Reference &ref = reference();
    QVERIFY2(ref.error.isEmpty(), qPrintable(ref.error));
    // The file must hold the worked examples of MATH.md §6.
    QStringList names;
    for (const QJsonValue &c : ref.cases)
        names << c.toObject().value(QLatin1String("name")).toString();
    for (const char *needed : {"A", "B", "C"})
        QVERIFY2(names.contains(QLatin1String(needed)), needed);
}

void TstReference::query_data()
{
    QTest::addColumn<int>("caseIndex");
    QTest::addColumn<int>("queryIndex");
    const Reference &ref = reference();
    if (!ref.error.isEmpty()) {
        QTest::newRow("reference.json") << -1 << -1;
        return;
    }
    for (int c = 0; c < int(ref.cases.size()); ++c) {
        const QJsonObject obj = ref.cases.at(c).toObject();
        const QByteArray name = obj.value(QLatin1String("name")).toString().toUtf8();
        const int m = int(obj.value(QLatin1String("queries")).toArray().size());
        for (int i = 0; i < m; ++i)
            QTest::addRow("%s q%d", name.constData(), i) << c << i;
    }
}

void TstReference::query()
{
    QFETCH(int, caseIndex);
    QFETCH(int, queryIndex);
    const Reference &ref = reference();
    QVERIFY2(caseIndex >= 0, qPrintable(ref.error));

    const QJsonObject cobj = ref.cases.at(caseIndex).toObject();
    const QJsonObject q =
        cobj.value(QLatin1String("queries")).toArray().at(queryIndex).toObject();
    QCOMPARE(q.value(QLatin1String("index")).toInt(), queryIndex);

    const Scenario scenario = scenarioFrom(cobj);
    QCOMPARE(scenario.m(), cobj.value(QLatin1String("m")).toInt());
    QCOMPARE(scenario.T(), cobj.value(QLatin1String("T")).toInt());

    const Analysis analysis(scenario);
    Checker c;
    const double tau = cobj.value(QLatin1String("tau")).toDouble();
    c.rel(QStringLiteral("tau"), analysis.tau(), tau);

    const QueryDetail d = analysis.detail(queryIndex);
    QVERIFY2(d.defined, qPrintable(d.warnings.join(QLatin1String("; "))));
    QCOMPARE(d.query, queryIndex);

    // V_i (MATH.md §2, masks).
    std::vector<int> visible;
    for (const QJsonValue &v : q.value(QLatin1String("visible")).toArray())
        visible.push_back(v.toInt());
    if (d.visible != visible) {
        QStringList a, e;
        for (int t : d.visible)
            a << QString::number(t);
        for (int t : visible)
            e << QString::number(t);
        QFAIL(qPrintable(QStringLiteral("visible keys: C++ [%1], reference [%2]")
                             .arg(a.join(QLatin1String(", ")), e.join(QLatin1String(", ")))));
    }
    const Eigen::Index n = Eigen::Index(visible.size());
    const AttentionResult &att = analysis.attention();
    c.check(QStringLiteral("attention().visibleCount"), att.visibleCount[queryIndex] == n,
            QStringLiteral("is %1, expected %2").arg(att.visibleCount[queryIndex]).arg(n));
    for (int t = 0; t < scenario.T(); ++t)
        if (std::find(visible.begin(), visible.end(), t) == visible.end())
            c.check(QStringLiteral("attention().weights(%1, %2) of a masked key").arg(queryIndex).arg(t),
                    att.weights(queryIndex, t) == 0.0,
                    QStringLiteral("is %1, must be exactly 0").arg(num(att.weights(queryIndex, t))));

    // Similarities and scores (MATH.md §2). A dot product's rounding error is relative to
    // Σ_j |q_j k_j| (recorded as similarity_scale), not to its value, which may cancel to ~0.
    const QJsonArray fRef = q.value(QLatin1String("similarities")).toArray();
    const QJsonArray fScale = q.value(QLatin1String("similarity_scale")).toArray();
    const QJsonArray sRef = q.value(QLatin1String("scores")).toArray();
    if (c.sameSize(QStringLiteral("similarities"), d.similarities.size(), n) &&
        c.sameSize(QStringLiteral("scores"), d.scores.size(), n)) {
        for (int t = 0; t < int(n); ++t) {
            const double scale = fScale.at(t).toDouble();
            c.close(QStringLiteral("f[%1]").arg(t), d.similarities[t], fRef.at(t).toDouble(), 0,
                    kRel * scale);
            c.close(QStringLiteral("s[%1]").arg(t), d.scores[t], sRef.at(t).toDouble(), 0,
                    kRel * scale / tau);
        }
    }

    // Weights, output, entropy (MATH.md §2–§3).
    const QJsonArray wRef = q.value(QLatin1String("weights")).toArray();
    c.probabilities(QStringLiteral("w"), d.weights, wRef);
    if (d.weights.size() == n) {
        // MATH.md §2: each row sums to 1 within 1e-15·|V_i|.
        const double sum = d.weights.sum();
        c.close(QStringLiteral("sum of w"), sum, 1.0, 0, 1e-15 * double(n));
        c.check(QStringLiteral("w"), (d.weights.array() >= 0).all(),
                QStringLiteral("has a negative entry"));
    }
    const Eigen::MatrixXd V = scenario.values;
    const Eigen::VectorXd wr = vectorFrom(wRef);
    {
        // o_j = Σ w_t v_tj: error relative to Σ w_t |v_tj|.
        const Eigen::VectorXd scale = weightedAbsScale(wr, V, visible);
        const QJsonArray oRef = q.value(QLatin1String("output")).toArray();
        if (c.sameSize(QStringLiteral("o"), d.output.size(), V.cols()))
            for (int j = 0; j < int(V.cols()); ++j)
                c.close(QStringLiteral("o[%1]").arg(j), d.output[j], oRef.at(j).toDouble(), kRel,
                        kRel * scale[j]);
        for (int j = 0; j < int(V.cols()); ++j)
            c.close(QStringLiteral("attention().outputs(%1, %2)").arg(queryIndex).arg(j),
                    att.outputs(queryIndex, j), oRef.at(j).toDouble(), kRel, kRel * scale[j]);
    }
    const double H = q.value(QLatin1String("entropy")).toDouble();
    c.close(QStringLiteral("H"), d.entropy, H, kRel, kEntropyAbs);
    // N_eff = exp(H): its relative error is H's absolute error.
    c.close(QStringLiteral("N_eff"), d.effectiveKeys,
            q.value(QLatin1String("effective_keys")).toDouble(), kRel + kEntropyAbs, 0);
    // log Z = M + log S: the error of the sum is relative to |M| + log S ≤ |log Z| + 2 log|V_i|.
    {
        const double lz = q.value(QLatin1String("log_partition")).toDouble();
        c.close(QStringLiteral("log Z"), att.logPartition[queryIndex], lz, kRel,
                kRel * (1 + 2 * std::log(double(n))));
    }

    // Gaussian view (MATH.md §4).
    const QJsonObject mle = q.value(QLatin1String("mle")).toObject();
    if (!d.mle) {
        c.failures << QStringLiteral("mle: missing for a defined query");
    } else {
        const GaussianMle &g = *d.mle;
        const QJsonArray lvRef = mle.value(QLatin1String("log_variances")).toArray();
        const QJsonArray varRef = mle.value(QLatin1String("variances")).toArray();
        const double logSigma0 =
            scenario.varianceMode == VarianceMode::Linked ? std::log(scenario.sigma0Squared) : 0;
        if (c.sameSize(QStringLiteral("log σ²"), g.logVariances().size(), n)) {
            for (int t = 0; t < int(n); ++t) {
                // log σ² = log σ0² − s (linked): error relative to |log σ0²| + |s|.
                const double lv = lvRef.at(t).toDouble();
                const double scale = scenario.varianceMode == VarianceMode::Linked
                                         ? std::abs(logSigma0) + std::abs(sRef.at(t).toDouble())
                                         : std::abs(lv);
                c.close(QStringLiteral("log σ²[%1]").arg(t), g.logVariances()[t], lv, 0,
                        kRel * scale + kRel * kEps);
                // σ² = exp(log σ²): the absolute error δ of log σ² becomes a relative error δ,
                // about 4ε·|log σ²|.
                c.optional(QStringLiteral("σ²[%1]").arg(t), g.variance(t), varRef.at(t),
                           kRel + 4 * kEps * std::abs(lv), 0);
            }
        }
        const QJsonArray piRef = mle.value(QLatin1String("precision_weights")).toArray();
        c.probabilities(QStringLiteral("π"), g.precisionWeights(), piRef);
        const Eigen::VectorXd scale = weightedAbsScale(vectorFrom(piRef), V, visible);
        const QJsonArray mleRef = mle.value(QLatin1String("output")).toArray();
        if (c.sameSize(QStringLiteral("ô"), g.mleOutput().size(), V.cols()))
            for (int j = 0; j < int(V.cols()); ++j)
                c.close(QStringLiteral("ô[%1]").arg(j), g.mleOutput()[j], mleRef.at(j).toDouble(),
                        kRel, kRel * scale[j]);
        const double ltp = mle.value(QLatin1String("log_total_precision")).toDouble();
        c.close(QStringLiteral("log Σσ⁻²"), g.logTotalPrecision(), ltp, kRel, kRel);
        c.optional(QStringLiteral("standard error"), g.standardError(),
                   mle.value(QLatin1String("standard_error")), kRel + 4 * kEps * std::abs(ltp), 0);
        // ℓ(ô) is a sum of terms of both signs: its error is relative to Σ|terms|, which the
        // reference records as log_likelihood_scale. Null = below −1.8e308 (MATH.md §4.1).
        const QJsonValue llRef = mle.value(QLatin1String("log_likelihood"));
        const double llScale = mle.value(QLatin1String("log_likelihood_scale")).toDouble();
        c.optional(QStringLiteral("ℓ(ô) (detail)"), d.logLikelihoodAtMle, llRef, 0,
                   kRel * llScale);
        c.optional(QStringLiteral("ℓ(ô) (GaussianMle)"), g.logLikelihood(g.mleOutput()), llRef, 0,
                   kRel * llScale);
        // max |π − w|: 0 up to rounding in linked mode (MATH.md §4.3); a real difference in free mode.
        c.close(QStringLiteral("max |π − w|"), d.mleMaxAbsDiff,
                mle.value(QLatin1String("max_abs_diff_from_softmax")).toDouble(), kRel, kRel);
    }

    // Maximum entropy (MATH.md §5).
    const QJsonObject me = q.value(QLatin1String("maxent")).toObject();
    const bool isDefault = me.value(QLatin1String("is_default")).toBool();
    c.check(QStringLiteral("maxentTargetIsDefault"), d.maxentTargetIsDefault == isDefault,
            QStringLiteral("is %1").arg(d.maxentTargetIsDefault));
    const Eigen::VectorXd fr = vectorFrom(fRef);
    {
        // μ = Σ w f: error relative to Σ w |f|.
        const double target = me.value(QLatin1String("target")).toDouble();
        const double scale = isDefault
                                 ? q.value(QLatin1String("default_target_scale")).toDouble()
                                 : 0.0;
        c.close(QStringLiteral("μ"), d.maxentTarget, target, kRel, kRel * scale);
        if (isDefault)
            c.close(QStringLiteral("maxent::defaultTarget"), maxent::defaultTarget(fr, wr),
                    q.value(QLatin1String("default_target")).toDouble(), kRel, kRel * scale);
    }
    checkMaxEnt(c, QStringLiteral("maxent (detail)"), d.maxent, me);
    if (me.value(QLatin1String("status")).toString() == QLatin1String("infeasible"))
        c.check(QStringLiteral("max |p − w|"), !d.maxentMaxAbsDiff,
                QStringLiteral("should be null when the target is infeasible, got %1")
                    .arg(num(d.maxentMaxAbsDiff)));
    if (me.value(QLatin1String("weights")).isArray()) {
        const QJsonValue diff = me.value(QLatin1String("max_abs_diff_from_softmax"));
        if (diff.isDouble())
            c.optional(QStringLiteral("max |p − w|"), d.maxentMaxAbsDiff, diff, kRel, kRel);
    }
    if (!isDefault) {
        // The same target through the public solver, on the reference similarities.
        const maxent::Solution direct =
            maxent::solve(fr, me.value(QLatin1String("target")).toDouble());
        checkMaxEnt(c, QStringLiteral("maxent::solve"), direct, me);
    } else if (me.value(QLatin1String("status")).toString() != QLatin1String("undetermined")) {
        // Closed form at the default target (MATH.md §5.3): λ = 1/τ, p = w.
        const maxent::Solution closed = maxent::closedForm(fr, tau);
        checkMaxEnt(c, QStringLiteral("maxent::closedForm"), closed, me);
    }

    QVERIFY2(c.failures.isEmpty(), qPrintable(QLatin1String("\n  ") +
                                              c.failures.join(QLatin1String("\n  "))));
}

QTEST_GUILESS_MAIN(TstReference)
#include "tst_reference.moc"
