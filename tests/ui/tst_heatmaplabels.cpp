// Every token's label is shown whenever the cells are at least one text line high (issue 14,
// item 8): the heatmap dropped every other token label at 12 tokens in the window, where the
// cells were 1.1 lines high, because each label asked for 1.3 lines of room.
#include "Analysis.h"
#include "Scenario.h"
#include "plots/attention/AttentionHeatmapView.h"
#include "style/PlotStyle.h"

#include <QFontMetricsF>
#include <QTest>

using namespace sml;

namespace {

/// T tokens attending to each other (T queries, T keys, d_k = 2), labelled "tok1" … "tokT".
Scenario tokens(int T)
{
    Scenario s = defaultScenario();
    s.queries = Eigen::MatrixXd::Random(T, 2);
    s.keys = Eigen::MatrixXd::Random(T, 2);
    s.values = Eigen::MatrixXd::Random(T, 2);
    s.queryLabels.clear();
    s.keyLabels.clear();
    for (int t = 0; t < T; ++t) {
        s.queryLabels << QStringLiteral("tok%1").arg(t + 1);
        s.keyLabels << QStringLiteral("tok%1").arg(t + 1);
    }
    s.extraQueries.assign(size_t(T), QJsonObject());
    s.extraKeys.assign(size_t(T), QJsonObject());
    return s;
}

int tickCount(const QCPAxis *axis)
{
    const auto ticker = axis->ticker().dynamicCast<QCPAxisTickerText>();
    return ticker ? int(ticker->ticks().size()) : -1;
}

} // namespace

class TestHeatmapLabels : public QObject
{
    Q_OBJECT

private slots:
    void everyTokenLabelledWhileCellsAreOneLineHigh_data();
    void everyTokenLabelledWhileCellsAreOneLineHigh();
    void cellsAndAxesShareOneLocale();
    void uprightElidedLabelsAreEveryOne_data();
    void uprightElidedLabelsAreEveryOne();
};

void TestHeatmapLabels::everyTokenLabelledWhileCellsAreOneLineHigh_data()
{
    QTest::addColumn<int>("T");
    QTest::addColumn<double>("linesPerCell");
    QTest::addColumn<bool>("all");
    QTest::newRow("12 tokens, cells 1.1 lines (the issue)") << 12 << 1.1 << true;
    QTest::newRow("6 tokens, cells 1.2 lines") << 6 << 1.2 << true;
    QTest::newRow("40 tokens, cells 1.06 lines") << 40 << 1.06 << true;
    QTest::newRow("40 tokens, cells half a line: thinned") << 40 << 0.5 << false;
}

void TestHeatmapLabels::everyTokenLabelledWhileCellsAreOneLineHigh()
{
    QFETCH(int, T);
    QFETCH(double, linesPerCell);
    QFETCH(bool, all);
    const double line = QFontMetricsF(plotStyle::tickFont()).height();
    const Scenario s = tokens(T);
    const Analysis analysis(s);
    AttentionHeatmapView view;
    // The view lays its ticks out for the plot size minus its margins (260 px across for the
    // query labels and the colour bar, 215 px down for the titles and the key labels).
    const int cells = int(std::ceil(T * linesPerCell * line));
    view.setLayoutSize(QSize(260 + cells, 215 + cells));
    view.showAnalysis(analysis, 0);
    if (all) {
        QCOMPARE(tickCount(view.yAxis), T); // every query
        QCOMPARE(tickCount(view.xAxis), T); // every key (turned to fit)
    } else {
        QVERIFY(tickCount(view.yAxis) < T);
        QVERIFY(tickCount(view.yAxis) >= 1);
    }
}

void TestHeatmapLabels::cellsAndAxesShareOneLocale()
{
    // Under a German locale the axes showed "0,8" and the cells "0.39" (issue 14, item 11): the
    // numbers on screen use one locale, with no group separators; files keep the C locale.
    const QLocale previous;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    {
        const Scenario s = defaultScenario();
        const Analysis analysis(s);
        AttentionHeatmapView view;
        view.setLayoutSize(QSize(900, 600));
        view.showAnalysis(analysis, 0);
        QStringList cellTexts;
        for (int k = 0; k < view.itemCount(); ++k)
            if (auto *text = qobject_cast<QCPItemText *>(view.item(k)))
                if (text->text().startsWith(QLatin1Char('0')))
                    cellTexts << text->text();
        QCOMPARE(cellTexts.size(), 3); // w = 0.51, 0.36, 0.12 (MATH.md §6 B)
        for (const QString &t : cellTexts)
            QVERIFY2(t.contains(QLatin1Char(',')) && !t.contains(QLatin1Char('.')), qPrintable(t));
        QCOMPARE(plotStyle::exact(1234.5), QStringLiteral("1234,5"));
        QCOMPARE(plotStyle::compact(0.125), QStringLiteral("0,125"));
        // The colour bar's ticks use the same locale (QCustomPlot's QLocale()).
        QCOMPARE(view.locale().decimalPoint(), QStringLiteral(","));
    }
    QLocale::setDefault(previous);
}

void TestHeatmapLabels::uprightElidedLabelsAreEveryOne_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<double>("axisPixels");
    // Axis lengths where axisPixels / (axisPixels / count − 10 + 10) falls a hair under count
    // in floating point (a reviewer's enumeration).
    QTest::newRow("7 on 450 px") << 7 << 450.0;
    QTest::newRow("7 on 457 px") << 7 << 457.0;
    QTest::newRow("13 on 860 px") << 13 << 860.0;
}

// Labels too long to stand whole side by side, with a share of the axis at least as wide as a
// turned label may be long, stay upright and elided to that share: every one of them (the share
// computed as slot + 10 made labelStep show every other label on some axis lengths).
void TestHeatmapLabels::uprightElidedLabelsAreEveryOne()
{
    QFETCH(int, count);
    QFETCH(double, axisPixels);
    QCustomPlot plot;
    QStringList labels;
    for (int k = 0; k < count; ++k)
        labels << QStringLiteral("versicolor flower #%1").arg(100 + k);
    const double slot = axisPixels / count - 10;
    plotStyle::setCategoryTicks(plot.xAxis, labels, axisPixels, slot - 2);
    QCOMPARE(plot.xAxis->tickLabelRotation(), 0.0);
    const auto ticker = plot.xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(ticker);
    QCOMPARE(ticker->ticks().size(), count);
    const QFontMetricsF metrics = plotStyle::metrics(plotStyle::tickFont());
    for (const QString &label : ticker->ticks()) {
        QVERIFY2(label.contains(QChar(0x2026)), qPrintable(label)); // elided, not dropped
        QVERIFY2(metrics.horizontalAdvance(label) <= slot, qPrintable(label));
    }
}

QTEST_MAIN(TestHeatmapLabels)
#include "tst_heatmaplabels.moc"
