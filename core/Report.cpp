#include "Report.h"

#include "Analysis.h"
#include "ModelReport.h"
#include "ReportParts.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>
#include <functional>

namespace sml {

namespace {

/// A finite double, or null (the caller adds the warning). Never NaN or Infinity.
QJsonValue number(double x)
{
    return std::isfinite(x) ? QJsonValue(x) : QJsonValue(QJsonValue::Null);
}

QJsonValue number(const std::optional<double> &x)
{
    return x ? number(*x) : QJsonValue(QJsonValue::Null);
}

QJsonArray vector(const Eigen::Ref<const Eigen::VectorXd> &v)
{
    QJsonArray a;
    for (Eigen::Index j = 0; j < v.size(); ++j)
        a.append(number(v[j]));
    return a;
}

/// Spreads n visible entries over T key cells; masked cells get `masked`.
QJsonArray perKey(const std::vector<int> &visible, int T, const QJsonValue &masked,
                  const std::function<QJsonValue(int)> &visibleValue)
{
    QJsonArray a;
    std::vector<QJsonValue> cells(size_t(T), masked);
    for (size_t j = 0; j < visible.size(); ++j)
        cells[size_t(visible[j])] = visibleValue(int(j));
    for (const QJsonValue &v : cells)
        a.append(v);
    return a;
}

} // namespace

QJsonObject detail::queryReport(const Analysis &analysis, int i)
{
    const Scenario &sc = analysis.scenario();
    const int T = sc.T();
    const QueryDetail d = analysis.detail(i);
    const QJsonValue null(QJsonValue::Null);

    QJsonObject q;
    q[QStringLiteral("label")] = sc.queryLabels.value(i);
    QJsonArray visible;
    for (int t : d.visible)
        visible.append(t);
    q[QStringLiteral("visible")] = visible;
    QStringList warnings = d.warnings;

    if (!d.defined) {
        q[QStringLiteral("similarities")] =
            perKey(d.visible, T, null, [](int) { return QJsonValue(); });
        q[QStringLiteral("scores")] = q[QStringLiteral("similarities")];
        for (const char *k : {"weights", "output", "entropy", "effective_keys", "mle", "maxent"})
            q[QLatin1String(k)] = null;
        q[QStringLiteral("warnings")] = QJsonArray::fromStringList(warnings);
        return q;
    }

    q[QStringLiteral("similarities")] =
        perKey(d.visible, T, null, [&](int j) { return number(d.similarities[j]); });
    q[QStringLiteral("scores")] =
        perKey(d.visible, T, null, [&](int j) { return number(d.scores[j]); });
    q[QStringLiteral("weights")] =
        perKey(d.visible, T, QJsonValue(0), [&](int j) { return number(d.weights[j]); });
    q[QStringLiteral("output")] = vector(d.output);
    q[QStringLiteral("entropy")] = number(d.entropy);
    q[QStringLiteral("effective_keys")] = number(d.effectiveKeys);
    // With entmax (scenario-format.md, "Report: additions"; MATH.md §7.2, §7.4).
    const bool entmax = sc.normalizer == NormalizerKind::Entmax;
    if (entmax) {
        QJsonArray support;
        for (int t : d.support)
            support.append(t);
        q[QStringLiteral("support")] = support;
        q[QStringLiteral("threshold")] = number(d.threshold);
        q[QStringLiteral("tsallis_entropy")] = number(d.tsallisEntropy);
    }

    const GaussianMle &mle = *d.mle;
    QJsonObject jm;
    jm[QStringLiteral("log_variances")] =
        perKey(d.visible, T, null, [&](int j) { return number(mle.logVariances()[j]); });
    jm[QStringLiteral("variances")] =
        perKey(d.visible, T, null, [&](int j) { return number(mle.variance(j)); });
    jm[QStringLiteral("weights")] = perKey(
        d.visible, T, QJsonValue(0), [&](int j) { return number(mle.precisionWeights()[j]); });
    jm[QStringLiteral("output")] = vector(mle.mleOutput());
    jm[QStringLiteral("log_likelihood")] = number(d.logLikelihoodAtMle);
    jm[QStringLiteral("max_abs_diff_from_softmax")] = number(d.mleMaxAbsDiff);
    if (entmax)
        jm[QStringLiteral("max_abs_diff_from_attention")] = number(d.mleMaxAbsDiffFromAttention);
    q[QStringLiteral("mle")] = jm;

    QJsonObject je;
    je[QStringLiteral("target")] = number(d.maxentTarget);
    switch (d.maxent.status) {
    case maxent::Status::Ok:
    case maxent::Status::Undetermined:
        je[QStringLiteral("lambda")] = number(d.maxent.lambda);
        je[QStringLiteral("weights")] =
            perKey(d.visible, T, QJsonValue(0), [&](int j) { return number(d.maxent.weights[j]); });
        je[QStringLiteral("entropy")] = number(d.maxent.entropy);
        je[QStringLiteral("newton_iterations")] = d.maxent.iterations;
        je[QStringLiteral("max_abs_diff_from_softmax")] = number(d.maxentMaxAbsDiff);
        if (entmax) {
            je[QStringLiteral("tsallis_entropy")] = number(d.maxent.tsallisEntropy);
            je[QStringLiteral("max_abs_diff_from_attention")] =
                number(d.maxentMaxAbsDiffFromAttention);
        }
        break;
    case maxent::Status::Infeasible:
    case maxent::Status::TooClose:
        je[QStringLiteral("error")] = d.maxent.message;
        break;
    }
    q[QStringLiteral("maxent")] = je;
    q[QStringLiteral("warnings")] = QJsonArray::fromStringList(warnings);
    return q;
}

QJsonObject detail::reportHead(const Scenario &scenario, const Analysis &analysis)
{
    QJsonObject r;
    r[QStringLiteral("format")] = QStringLiteral("softmaxlab-report");
    r[QStringLiteral("version")] = 1;
    r[QStringLiteral("title")] = scenario.title;
    r[QStringLiteral("m")] = scenario.m();
    r[QStringLiteral("T")] = scenario.T();
    r[QStringLiteral("d_k")] = scenario.dK();
    r[QStringLiteral("d_v")] = scenario.dV();
    r[QStringLiteral("tau")] = number(analysis.tau());
    // A scenario with an `attention` section: still a version-1 report, with the normalizer.
    if (scenario.writesAttention()) {
        QJsonObject normalizer;
        const bool entmax = scenario.normalizer == NormalizerKind::Entmax;
        normalizer[QStringLiteral("kind")] =
            entmax ? QStringLiteral("entmax") : QStringLiteral("softmax");
        if (entmax)
            normalizer[QStringLiteral("alpha")] = scenario.entmaxAlpha;
        r[QStringLiteral("normalizer")] = normalizer;
    }
    return r;
}

using detail::queryReport;
using detail::reportHead;

QJsonObject buildReport(const Scenario &scenario)
{
    if (scenario.model) // version 2: every head (ModelReport.h)
        return buildModelReport(scenario);
    const Analysis analysis(scenario);
    QJsonObject r = reportHead(scenario, analysis);
    QJsonArray queries;
    for (int i = 0; i < scenario.m(); ++i)
        queries.append(queryReport(analysis, i));
    r[QStringLiteral("queries")] = queries;
    return r;
}

QByteArray reportJson(const Scenario &scenario)
{
    QByteArray text;
    writeReport(scenario, [&text](const QByteArray &piece) { text += piece; });
    return text;
}

void writeReport(const Scenario &scenario, const std::function<void(const QByteArray &)> &write)
{
    if (scenario.model) { // (H·m·T ≤ 5·10⁷: written at once)
        write(QJsonDocument(buildModelReport(scenario)).toJson(QJsonDocument::Indented));
        return;
    }
    AnalysisOptions options;
    options.keepWeights = false; // detail() gives each row, bit for bit the same
    const Analysis analysis(scenario, options);
    // QJsonDocument's indented text of the head with an empty "queries" array, which it writes
    // as `"queries": [\n    ]`: the queries go in between, each one's own indented text moved
    // two levels in, so the whole is what QJsonDocument would write for the full object.
    QJsonObject head = reportHead(scenario, analysis);
    head[QStringLiteral("queries")] = QJsonArray();
    const QByteArray headText = QJsonDocument(head).toJson(QJsonDocument::Indented);
    const QByteArray open = "\n    \"queries\": [\n";
    const qsizetype at = headText.indexOf(open);
    if (at < 0) { // (not Qt's layout of an empty array: the whole object at once)
        write(QJsonDocument(buildReport(scenario)).toJson(QJsonDocument::Indented));
        return;
    }
    const qsizetype split = at + open.size();
    write(headText.left(split));
    for (int i = 0; i < scenario.m(); ++i) {
        const QByteArray query =
            QJsonDocument(queryReport(analysis, i)).toJson(QJsonDocument::Indented);
        QByteArray moved;
        moved.reserve(query.size() + query.size() / 8);
        qsizetype start = 0;
        while (start < query.size()) {
            qsizetype end = query.indexOf('\n', start);
            if (end < 0)
                end = query.size();
            if (end > start) // (the text ends with a newline)
                moved += QByteArray(8, ' ') + query.mid(start, end - start);
            start = end + 1;
            if (start < query.size())
                moved += '\n';
        }
        moved += i + 1 < scenario.m() ? ",\n" : "\n";
        write(moved);
    }
    write(headText.mid(split));
}

} // namespace sml
