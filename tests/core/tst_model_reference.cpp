// Model scenarios (MATH.md §8) against the independent NumPy reference of
// tests/reference/make_model_reference.py (model_reference.json): worked example D and random
// models with H up to 4, causal and not, with and without W_O, softmax, 1.5-entmax and
// sparsemax. Q, K, V, the weights, each head's O and Y = [O¹ … O^H] W_O agree to 1e-12, at the
// core API and in the report.

#include "ModelAnalysis.h"
#include "ReferenceJson.h"
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

constexpr double kTolerance = 1e-12;

QJsonObject referenceDocument()
{
    return test::referenceJson("model_reference.json", "tests/reference/make_model_reference.py");
}

/// max |m(i, j) − rows[i][j]|, or +∞ when the shapes differ.
double maxDiff(const Eigen::MatrixXd &m, const QJsonArray &rows)
{
    if (m.rows() != rows.size())
        return INFINITY;
    double worst = 0;
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        const QJsonArray row = rows.at(i).toArray();
        if (m.cols() != row.size())
            return INFINITY;
        for (Eigen::Index j = 0; j < m.cols(); ++j)
            worst = std::max(worst, std::abs(m(i, j) - row.at(j).toDouble()));
    }
    return worst;
}

} // namespace

class TestModelReference : public QObject
{
    Q_OBJECT

private slots:
    void agreesWithNumPy_data();
    void agreesWithNumPy();
    void coversTheCasesOfTheIssue();
};

void TestModelReference::agreesWithNumPy_data()
{
    QTest::addColumn<QJsonObject>("reference");
    for (const QJsonValue &c : referenceDocument().value("cases").toArray())
        QTest::newRow(qPrintable(c["name"].toString())) << c.toObject();
}

void TestModelReference::agreesWithNumPy()
{
    QFETCH(QJsonObject, reference);
    LoadResult loaded = ScenarioIo::parse(QJsonDocument(reference["scenario"].toObject()).toJson());
    QVERIFY2(std::holds_alternative<Scenario>(loaded),
             qPrintable(std::holds_alternative<LoadError>(loaded)
                            ? std::get<LoadError>(loaded).message
                            : QString()));
    const Scenario s = std::get<Scenario>(std::move(loaded));
    const ModelAnalysis analysis = analyzeModel(s);
    const QJsonArray heads = reference["heads"].toArray();
    QCOMPARE(int(analysis.heads.size()), int(heads.size()));
    const QJsonObject report = buildReport(s);
    for (int h = 0; h < heads.size(); ++h) {
        const QJsonObject expected = heads.at(h).toObject();
        const HeadProjections p = projectHead(*s.model, h);
        QVERIFY(maxDiff(p.queries, expected["Q"].toArray()) <= kTolerance);
        QVERIFY(maxDiff(p.keys, expected["K"].toArray()) <= kTolerance);
        QVERIFY(maxDiff(p.values, expected["V"].toArray()) <= kTolerance);
        const Analysis &a = *analysis.heads[size_t(h)];
        Eigen::MatrixXd w(a.scenario().m(), a.scenario().T());
        for (int i = 0; i < w.rows(); ++i)
            w.row(i) = a.weightRow(i).transpose();
        const double dw = maxDiff(w, expected["weights"].toArray());
        QVERIFY2(dw <= kTolerance,
                 qPrintable(QStringLiteral("head %1: weights differ by %2").arg(h).arg(dw)));
        const double dO = maxDiff(a.attention().outputs, expected["O"].toArray());
        QVERIFY2(dO <= kTolerance,
                 qPrintable(QStringLiteral("head %1: O differs by %2").arg(h).arg(dO)));
        // The report prints the same weights.
        const QJsonArray queries = report["heads"][h]["queries"].toArray();
        QCOMPARE(queries.size(), int(w.rows()));
        Eigen::MatrixXd reported(w.rows(), w.cols());
        for (int i = 0; i < w.rows(); ++i)
            for (int t = 0; t < w.cols(); ++t)
                reported(i, t) = queries.at(i)["weights"][t].toDouble();
        QVERIFY(maxDiff(reported, expected["weights"].toArray()) <= kTolerance);
    }
    if (reference["output"].isNull()) {
        QVERIFY(!analysis.output());
        QVERIFY(!report.contains("output"));
    } else {
        QVERIFY(analysis.output());
        const double dy = maxDiff(*analysis.output(), reference["output"].toArray());
        QVERIFY2(dy <= kTolerance, qPrintable(QStringLiteral("Y differs by %1").arg(dy)));
        QCOMPARE(report["output"].toArray().size(), int(analysis.output()->rows()));
    }
}

void TestModelReference::coversTheCasesOfTheIssue()
{
    // issue 17: at least 5 random models, H up to 4, causal and not, with and without W_O,
    // softmax and entmax.
    int random = 0, maxH = 0, causal = 0, withWo = 0, withoutWo = 0, entmax = 0, softmax = 0;
    for (const QJsonValue &c : referenceDocument().value("cases").toArray()) {
        const QJsonObject s = c["scenario"].toObject();
        if (!c["name"].toString().startsWith(QLatin1String("worked")))
            ++random;
        maxH = std::max(maxH, int(s["model"]["heads"].toArray().size()));
        causal += s["mask"].toString() == QLatin1String("causal");
        (s["model"].toObject().contains("w_o") ? withWo : withoutWo) += 1;
        (s.contains("attention") ? entmax : softmax) += 1;
    }
    QVERIFY(random >= 5);
    QCOMPARE(maxH, 4);
    QVERIFY(causal >= 1);
    QVERIFY(withWo >= 1 && withoutWo >= 1);
    QVERIFY(entmax >= 1 && softmax >= 1);
}

QTEST_GUILESS_MAIN(TestModelReference)
#include "tst_model_reference.moc"
