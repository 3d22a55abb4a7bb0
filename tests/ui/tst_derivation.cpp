// Tests of the derivation panel: both derivations as numbered steps with the current numbers
// (MATH.md §4, §5, worked example §6 B), live on every edit, and never "nan" or "inf" at the
// extremes (MATH.md §4.1).
#include "document/ScenarioDocument.h"
#include "panels/DerivationPanel.h"

#include <QCheckBox>
#include <QRegularExpression>
#include <QTest>
#include <QTextBrowser>

#include <cmath>

using namespace sml;

namespace {

/// "nan" or "inf" as a word of its own (so "infeasible" does not count).
bool hasNanOrInf(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("(?<![a-z])(nan|inf|infinity)(?![a-z])"),
                                       QRegularExpression::CaseInsensitiveOption);
    return re.match(text).hasMatch();
}

} // namespace

class TestDerivation : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }
    void workedExampleBNumbers();
    void followsEveryEdit();
    void freeVariances();
    void extremes_data();
    void extremes();
    void manyKeysShowTheHeaviest();
    void projectorFontAndExactValues();
};

void TestDerivation::workedExampleBNumbers()
{
    ScenarioDocument doc; // MATH.md §6 B
    DerivationPanel panel(&doc);
    const QString text = panel.plainText();
    // MLE: f, s = f/√2, σ², π = w, ô, ℓ(ô).
    for (const char *expected :
         {"0.707107", "0.353553", "0.493069", "0.702189", "2.02811", "3.9453", "0.514058",
          "0.360966", "0.124976", "0.389082", "0.23599", "6.97077"})
        QVERIFY2(text.contains(QLatin1String(expected)), expected);
    // MaxEnt: μ, λ = 1/τ, p = w, H.
    for (const char *expected : {"0.569565", "0.707107", "0.96978", "1.37253"})
        QVERIFY2(text.contains(QLatin1String(expected)), expected);
    // Numbered steps in both derivations, with the named quantities.
    for (const QString &step : {QStringLiteral("similarity"), QStringLiteral("score"),
                                QStringLiteral("variance"), QStringLiteral("precision"),
                                QStringLiteral("normalized precision"), QStringLiteral("output ô"),
                                QStringLiteral("constraint"), QStringLiteral("Lagrange multiplier"),
                                QStringLiteral("partition function"), QStringLiteral("p = w")})
        QVERIFY2(text.contains(step), qPrintable(step));
    QVERIFY(text.contains(QStringLiteral("σ²")));
    QVERIFY(text.contains(QStringLiteral("λ")));
    QVERIFY(text.contains(QStringLiteral("√d_k")));
    QVERIFY(!hasNanOrInf(text));
}

void TestDerivation::followsEveryEdit()
{
    ScenarioDocument doc;
    DerivationPanel panel(&doc);
    const QString before = panel.plainText();
    // Drag-like edits (one gesture) update it at every step.
    const int gesture = doc.beginGesture();
    for (double x : {1.2, 1.4, 2.0}) {
        QVERIFY(!doc.setCell(CellTable::Query, 0, 0, x, gesture));
        const QueryDetail d = doc.analysis().detail(0);
        const QString text = panel.plainText();
        QVERIFY(text != before);
        QVERIFY2(text.contains(QString::number(d.weights[0], 'g', 6)), qPrintable(text));
        QVERIFY(text.contains(QString::number(d.output[0], 'g', 6)));
    }
    // A target set by hand: λ from the solver.
    QVERIFY(!doc.setMaxEntTarget(0, 0.8));
    const QueryDetail d = doc.analysis().detail(0);
    QVERIFY(panel.plainText().contains(QString::number(*d.maxent.lambda, 'g', 6)));
    QVERIFY(panel.plainText().contains(QStringLiteral("set by hand")));
    // Another query selected: its numbers.
    QVERIFY(!doc.addQuery());
    QVERIFY(!doc.setCell(CellTable::Query, 1, 1, 3.0));
    doc.setSelectedQuery(1);
    QVERIFY(panel.plainText().contains(QStringLiteral("q2")));
    const QueryDetail d2 = doc.analysis().detail(1);
    QVERIFY(panel.plainText().contains(QString::number(d2.weights[1], 'g', 6)));
}

void TestDerivation::freeVariances()
{
    ScenarioDocument doc;
    QVERIFY(!doc.setVarianceMode(VarianceMode::Free));
    QVERIFY(!doc.setCell(CellTable::Variance, 0, 0, 0.5));
    QVERIFY(!doc.setCell(CellTable::Variance, 0, 1, 2));
    QVERIFY(!doc.setCell(CellTable::Variance, 0, 2, 4)); // MATH.md §6 C
    DerivationPanel panel(&doc);
    const QString text = panel.plainText();
    QVERIFY(text.contains(QStringLiteral("set by hand")));
    QVERIFY(text.contains(QStringLiteral("implied score")));
    QVERIFY(text.contains(QString::number(8.0 / 11, 'g', 6))); // π = (8/11, 2/11, 1/11)
    QVERIFY(text.contains(QString::number(7.0 / 11, 'g', 6))); // ô = (7/11, 1/11)
    QVERIFY(!hasNanOrInf(text));
}

void TestDerivation::extremes_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("τ = 1e-300 (σ² under- and overflow)") << 0;
    QTest::newRow("all similarities equal (q = 0)") << 1;
    QTest::newRow("τ = 1e300 (uniform)") << 2;
    QTest::newRow("free variances 1e-300 and 1e300") << 3;
    QTest::newRow("one visible key (causal, first query)") << 4;
}

void TestDerivation::extremes()
{
    QFETCH(int, kind);
    ScenarioDocument doc;
    switch (kind) {
    case 0:
        QVERIFY(!doc.setTemperature(TemperatureMode::Fixed, 1e-300));
        break;
    case 1:
        QVERIFY(!doc.setCell(CellTable::Query, 0, 0, 0.0));
        QVERIFY(!doc.setCell(CellTable::Query, 0, 1, 0.0));
        break;
    case 2:
        QVERIFY(!doc.setTemperature(TemperatureMode::Fixed, 1e300));
        break;
    case 3:
        QVERIFY(!doc.setVarianceMode(VarianceMode::Free));
        QVERIFY(!doc.setCell(CellTable::Variance, 0, 0, 1e-300));
        QVERIFY(!doc.setCell(CellTable::Variance, 0, 1, 1e300));
        break;
    case 4:
        QVERIFY(!doc.setMask(MaskKind::Causal));
        break;
    }
    DerivationPanel panel(&doc);
    const QString text = panel.plainText();
    QVERIFY2(!hasNanOrInf(text), qPrintable(text));
    QVERIFY2(!hasNanOrInf(panel.html()), qPrintable(panel.html()));
    switch (kind) {
    case 0:
        // σ² = e^(−1e300) and e^(5e299) are out of range: said so, never 0 or inf.
        QVERIFY(text.contains(QStringLiteral("< 1e-308")));
        QVERIFY(text.contains(QStringLiteral("> 1.8e308")));
        QVERIFY(text.contains(QStringLiteral("λ = 1 × 10³⁰⁰")));
        break;
    case 1:
    case 4:
        QVERIFY(text.contains(QStringLiteral("undetermined")));
        break;
    case 2:
        QVERIFY(text.contains(QStringLiteral("0.333333")));
        break;
    case 3:
        QVERIFY(text.contains(QStringLiteral("1 × 10⁻³⁰⁰")));
        break;
    }
}

void TestDerivation::manyKeysShowTheHeaviest()
{
    ScenarioDocument doc;
    QVERIFY(!doc.loadExample(QStringLiteral(":/scenarios/iris-kernel-smoother.softmaxlab.json")));
    DerivationPanel panel(&doc);
    panel.resize(1400, 800);
    QVERIFY(!panel.allKeysCheck()->isHidden());
    const QString shown = panel.plainText().simplified(); // long labels wrap in their cells
    QVERIFY2(shown.contains(QStringLiteral("heaviest are shown")), qPrintable(shown.left(300)));
    // The heaviest key of the query has a column.
    const QueryDetail d = doc.analysis().detail(0);
    Eigen::Index heaviest = 0;
    d.weights.maxCoeff(&heaviest);
    const QString heaviestLabel = doc.scenario().keyLabels.value(d.visible[size_t(heaviest)]);
    QVERIFY2(shown.contains(heaviestLabel),
             qPrintable(heaviestLabel + QStringLiteral(" not in ") + shown));
    panel.allKeysCheck()->setChecked(true);
    const QString all = panel.plainText().simplified();
    QVERIFY(!all.contains(QStringLiteral("heaviest")));
    // Every key label is a column now.
    for (const QString &label : doc.scenario().keyLabels)
        QVERIFY2(all.contains(label), qPrintable(label));
    QVERIFY(!hasNanOrInf(all));
}

void TestDerivation::projectorFontAndExactValues()
{
    ScenarioDocument doc;
    DerivationPanel panel(&doc);
    QVERIFY(panel.browser()->font().pointSizeF() >= 14);
    QVERIFY(panel.browser()->document()->defaultFont().pointSizeF() >= 14);
    // Every number carries its exact value for the hover text.
    QVERIFY(panel.html().contains(QStringLiteral("href=\"x:0.5140581")));
    QVERIFY(panel.html().contains(QStringLiteral("href=\"x:0.7071067811865475")));
}

QTEST_MAIN(TestDerivation)
#include "tst_derivation.moc"
