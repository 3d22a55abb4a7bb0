// The version-2 `model` section (issue 17; MATH.md §8; scenario-format.md `model`): worked
// example D at the core API, the file round trip, headScenario, the multi-head output and the
// report of a model scenario.

#include "Analysis.h"
#include "ModelAnalysis.h"
#include "Report.h"
#include "ScenarioIo.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace sml;

namespace {

const QString kExampleD =
    QStringLiteral(SML_TEST_DATA_DIR "/data/model/worked-example-d.softmaxlab.json");

Scenario load(const QString &path)
{
    LoadResult r = ScenarioIo::loadFile(path);
    if (const auto *e = std::get_if<LoadError>(&r))
        qFatal("%s", qPrintable(e->message));
    return std::get<Scenario>(std::move(r));
}

Eigen::MatrixXd mat(int rows, int cols, std::initializer_list<double> xs)
{
    Eigen::MatrixXd m(rows, cols);
    int k = 0;
    for (double x : xs)
        m(k / cols, k % cols) = x, ++k;
    return m;
}

/// The largest |a − b| over all entries (shapes must agree, else +∞).
double maxDiff(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return INFINITY;
    return (a - b).cwiseAbs().maxCoeff();
}

Eigen::MatrixXd weightsOf(const Analysis &a)
{
    Eigen::MatrixXd w(a.scenario().m(), a.scenario().T());
    for (int i = 0; i < a.scenario().m(); ++i)
        w.row(i) = a.weightRow(i).transpose();
    return w;
}

// MATH.md §8 D, to the 8 decimals printed there.
const Eigen::MatrixXd kW1 = mat(3, 3,
                                {0.57597535, 0.14002925, 0.28399541, 0.25985918, 0.37007041,
                                 0.37007041, 0.48818217, 0.16902193, 0.34279590});
const Eigen::MatrixXd kO1 =
    mat(3, 2, {0.85997075, 0.42402465, 0.62992959, 0.74014082, 0.83097807, 0.51181783});
const Eigen::MatrixXd kW2 = mat(3, 3,
                                {0.24825508, 0.24825508, 0.50348984, 0.40111209, 0.19777581,
                                 0.40111209, 0.28399541, 0.14002925, 0.57597535});
const Eigen::MatrixXd kY =
    mat(3, 2, {1.23584322, 0.79989712, 0.92937355, 1.14125291, 1.18898037, 0.94180321});
constexpr double kPrinted = 6e-9; // half a unit in the 8th decimal, and some

} // namespace

class TestModel : public QObject
{
    Q_OBJECT

private slots:
    void workedExampleDAtTheCoreApi();
    void headScenarioIsAPlainScenario();
    void workedExampleDReport();
    void roundTripKeepsEverything();
    void fileWithoutModelIsUnchanged();
    void versionOneModelIsAnUnknownField();
    void perHeadVariancesAndTargets();
    void multiHeadOutputIsTheConcatenationTimesWo();
};

void TestModel::workedExampleDAtTheCoreApi()
{
    const Scenario s = load(kExampleD);
    QVERIFY(s.model);
    QCOMPARE(s.model->H(), 2);
    QCOMPARE(s.model->T(), 3);
    QCOMPARE(s.model->dModel(), 2);
    QCOMPARE(s.tau(), std::sqrt(2.0));

    const HeadProjections p = projectHead(*s.model, 0);
    QCOMPARE(maxDiff(p.queries, mat(3, 2, {1, 0, 0, 0.5, 1, 0.5})), 0.0);
    QCOMPARE(maxDiff(p.keys, mat(3, 2, {1, 0, -1, 1, 0, 1})), 0.0);

    const ModelAnalysis a = analyzeModel(s);
    QCOMPARE(int(a.heads.size()), 2);
    QVERIFY2(maxDiff(weightsOf(*a.heads[0]), kW1) < kPrinted, "head 1 weights");
    QVERIFY2(maxDiff(a.heads[0]->attention().outputs, kO1) < kPrinted, "head 1 output O");
    QVERIFY2(maxDiff(weightsOf(*a.heads[1]), kW2) < kPrinted, "head 2 weights");
    QVERIFY(a.output());
    QVERIFY2(maxDiff(*a.output(), kY) < kPrinted, "Y = [O1 O2] W_O");
}

void TestModel::headScenarioIsAPlainScenario()
{
    const Scenario s = load(kExampleD);
    const Scenario head = headScenario(s, 1);
    QVERIFY(!head.model);
    QVERIFY(!validateScenario(head));
    QCOMPARE(head.queryLabels, (QStringList{"x1", "x2", "x3"}));
    QCOMPARE(head.keyLabels, head.queryLabels);
    // Head 2: Q = X W_Q = ((0, 1), (1, 0), (1, 1)), V = X W_V = ((0, 1), (1, 0), (1, 1)).
    QCOMPARE(maxDiff(head.queries, mat(3, 2, {0, 1, 1, 0, 1, 1})), 0.0);
    QCOMPARE(maxDiff(head.values, mat(3, 2, {0, 1, 1, 0, 1, 1})), 0.0);
    QVERIFY(head.title.contains(QStringLiteral("head 2")));
    // Baked, it saves and loads as a plain (version-1) scenario.
    const QByteArray json = ScenarioIo::serialize(head);
    QVERIFY(json.contains("\"version\": 1"));
    LoadResult back = ScenarioIo::parse(json);
    QVERIFY(std::holds_alternative<Scenario>(back));
    QVERIFY(std::get<Scenario>(back) == head);
    // And every existing analysis runs on it: the weights are §8 D's.
    QVERIFY(maxDiff(weightsOf(Analysis(head)), kW2) < kPrinted);
}

void TestModel::workedExampleDReport()
{
    const Scenario s = load(kExampleD);
    const QJsonObject r = QJsonDocument::fromJson(reportJson(s)).object();
    QCOMPARE(r.value("version").toInt(), 2);
    QCOMPARE(r.value("d_model").toInt(), 2);
    QCOMPARE(r.value("H").toInt(), 2);
    QCOMPARE(r.value("m").toInt(), 3);
    QCOMPARE(r.value("T").toInt(), 3);
    QCOMPARE(r.value("tau").toDouble(), std::sqrt(2.0));
    QVERIFY(!r.contains("queries"));
    const QJsonArray heads = r.value("heads").toArray();
    QCOMPARE(heads.size(), 2);
    QCOMPARE(heads.at(0)["label"].toString(), QStringLiteral("head 1"));
    for (int h = 0; h < 2; ++h) {
        const Eigen::MatrixXd &expected = h == 0 ? kW1 : kW2;
        const QJsonArray queries = heads.at(h)["queries"].toArray();
        QCOMPARE(queries.size(), 3);
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(queries.at(i)["label"].toString(), QStringLiteral("x%1").arg(i + 1));
            const QJsonArray w = queries.at(i)["weights"].toArray();
            for (int t = 0; t < 3; ++t)
                QVERIFY(std::abs(w.at(t).toDouble() - expected(i, t)) < kPrinted);
            QVERIFY(queries.at(i)["mle"].isObject());
            QVERIFY(queries.at(i)["maxent"].isObject());
        }
    }
    const QJsonArray y = r.value("output").toArray();
    QCOMPARE(y.size(), 3);
    for (int t = 0; t < 3; ++t)
        for (int j = 0; j < 2; ++j)
            QVERIFY(std::abs(y.at(t)[j].toDouble() - kY(t, j)) < kPrinted);
    // buildReport and the streamed text agree.
    QCOMPARE(QJsonDocument(buildReport(s)).toJson(), reportJson(s));
}

void TestModel::roundTripKeepsEverything()
{
    Scenario s = load(kExampleD);
    s.model->extra.insert(QStringLiteral("grader"), 7);
    s.model->heads[1].extra.insert(QStringLiteral("note"), QStringLiteral("swap"));
    s.model->extraTokens[2].insert(QStringLiteral("pos"), 2);
    const QByteArray json = ScenarioIo::serialize(s);
    QVERIFY(json.contains("\"version\": 2"));
    QVERIFY(!json.contains("\"queries\""));
    QVERIFY(!json.contains("\"keys\""));
    LoadResult back = ScenarioIo::parse(json);
    QVERIFY2(std::holds_alternative<Scenario>(back),
             qPrintable(std::holds_alternative<LoadError>(back) ? std::get<LoadError>(back).message
                                                                : QString()));
    QVERIFY(std::get<Scenario>(back) == s);
    QCOMPARE(ScenarioIo::serialize(std::get<Scenario>(back)), json);
    // Without w_o there is no "w_o" and no output in the report.
    s.model->wO.reset();
    QVERIFY(!ScenarioIo::serialize(s).contains("w_o"));
    QVERIFY(!buildReport(s).contains("output"));
}

void TestModel::fileWithoutModelIsUnchanged()
{
    const Scenario s = defaultScenario();
    const QByteArray json = ScenarioIo::serialize(s);
    QVERIFY(json.contains("\"version\": 1"));
    QVERIFY(!json.contains("model"));
    LoadResult back = ScenarioIo::parse(json);
    QCOMPARE(ScenarioIo::serialize(std::get<Scenario>(back)), json);
}

void TestModel::versionOneModelIsAnUnknownField()
{
    QFile f(kExampleD);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray json = f.readAll();
    json.replace("\"version\": 2", "\"version\": 1");
    json.replace("\"model\": {", "\"queries\": [{\"label\": \"q\", \"vector\": [1]}], "
                                 "\"keys\": [{\"label\": \"k\", \"vector\": [1], \"value\": [1]}], "
                                 "\"model\": {");
    LoadResult r = ScenarioIo::parse(json);
    QVERIFY2(std::holds_alternative<Scenario>(r),
             qPrintable(std::holds_alternative<LoadError>(r) ? std::get<LoadError>(r).message
                                                             : QString()));
    const Scenario s = std::get<Scenario>(r);
    QVERIFY(!s.model);
    QVERIFY(s.extraTop.contains(QStringLiteral("model")));
    QCOMPARE(s.loadWarnings.size(), 1);
    QVERIFY(s.loadWarnings.first().startsWith(QStringLiteral("model: kept as an unknown field")));
    const QByteArray saved = ScenarioIo::serialize(s);
    QVERIFY(saved.contains("\"version\": 1"));
    QVERIFY(saved.contains("\"w_o\""));
}

void TestModel::perHeadVariancesAndTargets()
{
    Scenario s = load(kExampleD);
    s.varianceMode = VarianceMode::Free;
    Eigen::MatrixXd v0 = Eigen::MatrixXd::Constant(3, 3, 2.0);
    Eigen::MatrixXd v1 = Eigen::MatrixXd::Constant(3, 3, 0.5);
    s.model->freeVariances = {v0, v1};
    s.model->maxentTargets =
        std::vector<std::optional<HeadTargets>>{std::nullopt, HeadTargets{0.1, std::nullopt, -0.2}};
    QVERIFY(!validateScenario(s));
    const QByteArray json = ScenarioIo::serialize(s);
    LoadResult back = ScenarioIo::parse(json);
    QVERIFY(std::holds_alternative<Scenario>(back));
    QVERIFY(std::get<Scenario>(back) == s);

    const Scenario h0 = headScenario(s, 0);
    const Scenario h1 = headScenario(s, 1);
    QCOMPARE(h0.freeVariances(2, 1), 2.0);
    QCOMPARE(h1.freeVariances(0, 0), 0.5);
    QVERIFY(!h0.maxentTargets);
    QCOMPARE(h1.targetFor(0), std::optional<double>(0.1));
    QCOMPARE(h1.targetFor(1), std::optional<double>());
    // The report uses them: head 2's query 1 has target 0.1.
    const QJsonObject r = buildReport(s);
    const QJsonObject q = r["heads"][1]["queries"][0].toObject();
    QCOMPARE(q["maxent"]["target"].toDouble(), 0.1);
    QCOMPARE(q["mle"]["variances"][0].toDouble(), 0.5);
}

void TestModel::multiHeadOutputIsTheConcatenationTimesWo()
{
    const Eigen::MatrixXd o1 = mat(2, 1, {1, 2});
    const Eigen::MatrixXd o2 = mat(2, 1, {3, 4});
    const Eigen::MatrixXd wO = mat(2, 3, {1, 0, 2, 0, 1, -1});
    Eigen::MatrixXd concat(2, 2);
    concat << o1, o2;
    QCOMPARE(maxDiff(multiHeadOutput({o1, o2}, wO), concat * wO), 0.0);
}

QTEST_GUILESS_MAIN(TestModel)
#include "tst_model.moc"
