// The views with sparse attention (issue 16, MATH.md §7.4): with α-entmax the heatmap marks the
// exact zeros (as many as core's support leaves out), the weight bars say why π ≠ w, key space
// draws the keys off the support hollow and gives the support size, and the α sweep runs from the
// softmax (α = 1) through sparsemax (α = 2), with the current α marked.
#include "Analysis.h"
#include "Attention.h"
#include "Entmax.h"
#include "TestScenarios.h"
#include "document/ScenarioDocument.h"
#include "plots/attention/AlphaSweepView.h"
#include "plots/attention/AttentionHeatmapView.h"
#include "plots/attention/EntropyView.h"
#include "plots/attention/TemperatureSweepView.h"
#include "plots/attention/WeightBarsView.h"
#include "plots/keyspace/KeySpaceView.h"
#include "style/PlotStyle.h"

#include <QTest>

#include <cmath>

using namespace sml;

namespace {

/// threeQueriesFourKeys with the normalizer set to α-entmax (α = `alpha`), in a document.
void loadSparse(ScenarioDocument &doc, double alpha)
{
    Scenario s = test::threeQueriesFourKeys(QStringLiteral("sparse"));
    s.normalizeSideArrays();
    s.normalizer = NormalizerKind::Entmax;
    s.entmaxAlpha = alpha;
    QVERIFY(!doc.replaceScenario(s, QStringLiteral("load")));
}

bool showAt(QWidget &view, QSize size = QSize(900, 600))
{
    view.resize(size);
    view.show();
    return QTest::qWaitForWindowExposed(&view);
}

/// The weight of point α in a graph (exact), or NaN when α is not a sample.
double valueAt(const QCPGraph *g, double alpha)
{
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        if (it->key == alpha)
            return it->value;
    return std::nan("");
}

} // namespace

class TestSparseViews : public QObject
{
    Q_OBJECT

private slots:
    void heatmapMarksTheExactZeros()
    {
        ScenarioDocument doc;
        loadSparse(doc, 2.0);
        const AttentionResult &a = doc.analysis().attention();
        int zeros = 0;
        int offSupport = 0;
        for (int i = 0; i < a.weights.rows(); ++i) {
            offSupport += a.visibleCount[i] - a.supportSize[i];
            for (int t = 0; t < a.weights.cols(); ++t)
                zeros += a.weights(i, t) == 0 ? 1 : 0;
        }
        QVERIFY(zeros > 0);
        QCOMPARE(zeros, offSupport);

        AttentionHeatmapView view;
        view.bindToDocument(&doc);
        QVERIFY(showAt(view));
        view.replot();
        QCOMPARE(view.exactZeroMarks(), zeros);
        QVERIFY2(view.subtitleText().contains(QStringLiteral("exactly 0 (white stripes, “0”)")),
                 qPrintable(view.subtitleText()));
        // The tooltip of a zero cell says so, with the water line; a non-zero cell does not.
        bool sawZero = false;
        for (int i = 0; i < a.weights.rows(); ++i)
            for (int t = 0; t < a.weights.cols(); ++t) {
                const QPointF pixel(view.xAxis->coordToPixel(t), view.yAxis->coordToPixel(i));
                const QString tip = view.toolTipAt(pixel);
                QCOMPARE(tip.contains(QStringLiteral("0 exactly: below the threshold")),
                         a.weights(i, t) == 0);
                sawZero = sawZero || a.weights(i, t) == 0;
            }
        QVERIFY(sawZero);

        // Back to the softmax: no zero, no mark.
        QVERIFY(!doc.setNormalizer(NormalizerKind::Softmax));
        view.replot();
        QCOMPARE(view.exactZeroMarks(), 0);
    }

    // The sparse figure presented at 1280×800 had its heatmap subtitle on three lines, one part
    // each ("τ = 1.414 = √d_k = √2", the zeros, "no mask"), 233 px of data area where a third of
    // the window is 250. Too wide for one line, the parts share lines as far as they fit.
    void heatmapSubtitlePartsShareLines()
    {
        ScenarioDocument doc;
        loadSparse(doc, 2.0);
        AttentionHeatmapView view;
        view.bindToDocument(&doc);
        QVERIFY(showAt(view, QSize(700, 500)));
        view.replot();
        const QString text = view.subtitleText();
        const QStringList lines = text.split(QLatin1Char('\n'));
        QVERIFY2(lines.size() == 2, qPrintable(text));
        QVERIFY2(lines[0].startsWith(QStringLiteral("τ = ")) &&
                     lines[0].endsWith(QStringLiteral("   ·   no mask")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("exactly 0")) &&
                     text.contains(QStringLiteral("no mask")),
                 qPrintable(text));
        const QFontMetricsF fm = plotStyle::metrics(plotStyle::subtitleFont());
        for (const QString &line : lines)
            QVERIFY2(fm.horizontalAdvance(line) <= view.width() - 40, qPrintable(line));
    }

    void largeHeatmapsDoNotPromiseStripes()
    {
        // Above 12×12 cells the numbers and stripes are not drawn: the subtitle counts the zeros
        // without promising a mark.
        Scenario s = test::threeQueriesFourKeys(QStringLiteral("13 × 12"));
        s.queries.resize(13, 2);
        s.keys.resize(12, 2);
        s.values.resize(12, 2);
        for (int i = 0; i < 13; ++i)
            s.queries.row(i) << std::cos(0.5 * i), std::sin(0.5 * i);
        for (int t = 0; t < 12; ++t) {
            s.keys.row(t) << 2 * std::cos(0.6 * t), 2 * std::sin(0.6 * t);
            s.values.row(t) << t, -t;
        }
        s.queryLabels.clear();
        s.keyLabels.clear();
        for (int i = 0; i < 13; ++i)
            s.queryLabels << QStringLiteral("q%1").arg(i + 1);
        for (int t = 0; t < 12; ++t)
            s.keyLabels << QStringLiteral("k%1").arg(t + 1);
        s.normalizeSideArrays();
        s.normalizer = NormalizerKind::Entmax;
        s.entmaxAlpha = 2.0;
        ScenarioDocument doc;
        QVERIFY(!doc.replaceScenario(s, QStringLiteral("load")));
        AttentionHeatmapView view;
        view.bindToDocument(&doc);
        QVERIFY(showAt(view));
        view.replot();
        QCOMPARE(view.exactZeroMarks(), 0);
        QVERIFY2(view.subtitleText().contains(QStringLiteral("weights exactly 0")),
                 qPrintable(view.subtitleText()));
        QVERIFY2(!view.subtitleText().contains(QStringLiteral("stripes")),
                 qPrintable(view.subtitleText()));
    }

    void exactZerosStayVisibleOnASlide()
    {
        // A slide (1920×1080) seen from the back of the room is about a quarter of that: the
        // stripes of a zero cell must survive a 4× downscale, not blur into a flat colour.
        ScenarioDocument doc;
        loadSparse(doc, 2.0);
        const AttentionResult &a = doc.analysis().attention();
        AttentionHeatmapView view;
        view.bindToDocument(&doc);
        QVERIFY(showAt(view, QSize(1920, 1080)));
        view.replot();
        const QImage small = view.toPixmap().toImage().scaled(
            view.width() / 4, view.height() / 4, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        auto spread = [&](int i, int t) {
            // A corner of the cell, away from the number in its centre and from the frame of
            // the selected row, in the downscaled image.
            const double x0 = view.xAxis->coordToPixel(t - 0.4) / 4;
            const double x1 = view.xAxis->coordToPixel(t - 0.2) / 4;
            const double y0 = view.yAxis->coordToPixel(i + 0.4) / 4;
            const double y1 = view.yAxis->coordToPixel(i + 0.2) / 4;
            double lo = 255, hi = 0;
            for (int y = int(std::ceil(std::min(y0, y1))) + 2; y < int(std::max(y0, y1)) - 1; ++y)
                for (int x = int(std::ceil(x0)) + 2; x < int(x1) - 1; ++x) {
                    const double l = qGray(small.pixel(x, y));
                    lo = std::min(lo, l);
                    hi = std::max(hi, l);
                }
            return hi - lo;
        };
        int checked = 0;
        for (int i = 0; i < a.weights.rows(); ++i)
            for (int t = 0; t < a.weights.cols(); ++t) {
                const double s = spread(i, t);
                if (a.weights(i, t) == 0) {
                    QVERIFY2(
                        s >= 40,
                        qPrintable(
                            QStringLiteral("zero cell (%1, %2): spread %3").arg(i).arg(t).arg(s)));
                    ++checked;
                } else {
                    QVERIFY2(s < 20, qPrintable(QString::number(s))); // a plain cell is flat
                }
            }
        QVERIFY(checked > 0);
    }

    void weightBarsSayWhyPiDiffersFromW()
    {
        ScenarioDocument doc; // the default figure: sparsemax sets k3 to exactly 0
        QVERIFY(!doc.setNormalizer(NormalizerKind::Entmax, 2.0));
        WeightBarsView view;
        view.bindToDocument(&doc);
        QVERIFY(showAt(view));
        const auto d = doc.analysis().sharedDetail(0);
        QVERIFY(d->mleMaxAbsDiffFromAttention > 0.1);
        const QString text = view.summaryText().simplified();
        QVERIFY2(text.contains(QStringLiteral("π = softmax(s) ≠ w, max |π − w| = %1")
                                   .arg(plotStyle::compact(d->mleMaxAbsDiffFromAttention))),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("2 of 3 keys on the support")), qPrintable(text));
        // At the default μ the Tsallis MaxEnt p is w (MATH.md §7.3).
        QVERIFY(d->maxentMaxAbsDiffFromAttention && *d->maxentMaxAbsDiffFromAttention < 1e-9);
        QVERIFY2(text.contains(QStringLiteral("p = w maximizes Tsallis H_2, max |p − w| = 0")),
                 qPrintable(text));
        QCOMPARE(view.softmaxBars()->name(), QStringLiteral("sparsemax  w"));
        // The bars are the entmax weights, the π bars the softmax of the scores.
        QCOMPARE(view.softmaxBars()->data()->at(2)->value, 0.0);
        const Eigen::VectorXd pi = d->mle->precisionWeights();
        for (int j = 0; j < 3; ++j)
            QVERIFY(std::abs(pi[j] - d->softmaxWeights[j]) < 1e-12);

        // With μ set by hand p is another Tsallis maximum, and the readout no longer says p = w.
        QVERIFY(!doc.setMaxEntTarget(0, d->maxentTarget - 0.3));
        const auto moved = doc.analysis().sharedDetail(0);
        QVERIFY(moved->maxentMaxAbsDiffFromAttention &&
                *moved->maxentMaxAbsDiffFromAttention > 0.01);
        const QString handSet = view.summaryText().simplified();
        QVERIFY2(
            handSet.contains(QStringLiteral("p maximizes Tsallis H_2 at this μ, max |p − w| = %1")
                                 .arg(plotStyle::compact(*moved->maxentMaxAbsDiffFromAttention))),
            qPrintable(handSet));
        QVERIFY(!handSet.contains(QStringLiteral("p = w")));
        // The legend's long name where it fits one row, the short one where it saves a row.
        QCOMPARE(view.legend->rowCount(), 1);
        QCOMPARE(view.mleBars()->name(), QStringLiteral("MLE precisions  π"));
        view.resize(480, 600);
        QTRY_COMPARE(view.mleBars()->name(), QStringLiteral("MLE  π"));
        QCOMPARE(view.legend->rowCount(), 1);

        QVERIFY(!doc.setNormalizer(NormalizerKind::Softmax));
        QVERIFY(!view.summaryText().contains(QStringLiteral("π = softmax(s) ≠ w")));
        QCOMPARE(view.softmaxBars()->name(), QStringLiteral("softmax  w"));
    }

    void keySpaceDrawsTheKeysOffTheSupportHollow()
    {
        ScenarioDocument doc;
        loadSparse(doc, 2.0);
        KeySpaceView view;
        view.bindToDocument(&doc);
        QVERIFY(showAt(view, QSize(900, 700)));
        const auto d = doc.analysis().sharedDetail(0);
        QVERIFY(d->support.size() < 4);
        for (int t = 0; t < 4; ++t) {
            const bool on = std::find(d->support.begin(), d->support.end(), t) != d->support.end();
            QCOMPARE(view.isOnSupport(t), on);
            QCOMPARE(on, d->weights[t] > 0);
        }
        QVERIFY2(view.subtitleText().contains(
                     QStringLiteral("%1 of 4 keys on the support").arg(d->support.size())),
                 qPrintable(view.subtitleText()));
        // A hollow ring per key off the support.
        int hollow = 0;
        for (int k = 0; k < view.itemCount(); ++k)
            if (auto *tracer = qobject_cast<QCPItemTracer *>(view.item(k)))
                if (tracer->style() == QCPItemTracer::tsCircle &&
                    tracer->brush().style() == Qt::NoBrush &&
                    tracer->pen().style() == Qt::SolidLine)
                    ++hollow;
        QCOMPARE(hollow, 4 - int(d->support.size()));

        QVERIFY(!doc.setNormalizer(NormalizerKind::Softmax));
        QVERIFY(!view.subtitleText().contains(QStringLiteral("support")));
    }

    void keySpaceDrawsTheWaterLine()
    {
        // MATH.md §7.4, worked example F: with sparsemax the water line is the score line
        // s = s* (a solid line perpendicular to q, labelled); k3 lies below it.
        ScenarioDocument doc;
        QVERIFY(!doc.setNormalizer(NormalizerKind::Entmax, 2.0));
        KeySpaceView view;
        view.bindToDocument(&doc);
        QVERIFY(showAt(view, QSize(900, 700)));
        const auto d = doc.analysis().sharedDetail(0);
        QVERIFY(d->threshold);
        const Eigen::Vector2d q = doc.scenario().queries.row(0).transpose();
        const double tau = doc.analysis().tau();
        auto waterLines = [&view] {
            QList<QCPItemStraightLine *> lines;
            for (int k = 0; k < view.itemCount(); ++k)
                if (auto *line = qobject_cast<QCPItemStraightLine *>(view.item(k)))
                    if (line->visible() && line->pen().style() == Qt::SolidLine)
                        lines << line;
            return lines;
        };
        const QList<QCPItemStraightLine *> lines = waterLines();
        QCOMPARE(lines.size(), 1);
        const double unit = view.displayUnit();
        const Eigen::Vector2d p1(lines[0]->point1->coords().x() * unit,
                                 lines[0]->point1->coords().y() * unit);
        const Eigen::Vector2d p2(lines[0]->point2->coords().x() * unit,
                                 lines[0]->point2->coords().y() * unit);
        QVERIFY(std::abs(q.dot(p1) / tau - *d->threshold) < 1e-12);
        QVERIFY(std::abs(q.dot(p2) / tau - *d->threshold) < 1e-12);
        // k3 (weight exactly 0) is below the line, k1 and k2 above it.
        for (int t = 0; t < 3; ++t)
            QCOMPARE(d->scores[t] > *d->threshold, t < 2);
        bool labelled = false;
        for (int k = 0; k < view.itemCount(); ++k)
            if (auto *text = qobject_cast<QCPItemText *>(view.item(k)))
                labelled |=
                    text->visible() && text->text().startsWith(QStringLiteral("water line s* = "));
        QVERIFY(labelled);

        QVERIFY(!doc.setNormalizer(NormalizerKind::Softmax));
        QVERIFY(waterLines().isEmpty());
    }

    void keySpaceSaysThereIsNoWaterLineInAProjection()
    {
        // With d_k = 3 the key plane is a projection: a key's score has an out-of-plane part,
        // so no line of the plane is s = s*. The view draws none and says so on screen.
        Scenario s = test::threeQueriesFourKeys(QStringLiteral("d_k = 3"));
        s.queries.conservativeResize(Eigen::NoChange, 3);
        s.queries.col(2) << 0.4, -0.2, 0.9;
        s.keys.conservativeResize(Eigen::NoChange, 3);
        s.keys.col(2) << 0.3, -1.0, 0.6, 0.0;
        s.normalizeSideArrays();
        s.normalizer = NormalizerKind::Entmax;
        s.entmaxAlpha = 2.0;
        ScenarioDocument doc;
        QVERIFY(!doc.replaceScenario(s, QStringLiteral("load")));
        QVERIFY(doc.analysis().sharedDetail(0)->threshold);
        KeySpaceView view;
        view.bindToDocument(&doc);
        QVERIFY(showAt(view, QSize(900, 700)));
        QVERIFY2(
            view.subtitleText().contains(QStringLiteral("no water line in a projection (d_k = 3)")),
            qPrintable(view.subtitleText()));
        for (int k = 0; k < view.itemCount(); ++k)
            if (auto *line = qobject_cast<QCPItemStraightLine *>(view.item(k)))
                QVERIFY(!line->visible() || line->pen().style() != Qt::SolidLine);
        QVERIFY(!doc.setNormalizer(NormalizerKind::Softmax));
        QVERIFY(!view.subtitleText().contains(QStringLiteral("water line")));
    }

    void entropyViewGivesTheSupportSize()
    {
        ScenarioDocument doc;
        loadSparse(doc, 2.0);
        EntropyView view;
        view.bindToDocument(&doc);
        QVERIFY(showAt(view));
        const AttentionResult &a = doc.analysis().attention();
        for (int i = 0; i < 3; ++i)
            QCOMPARE(view.supportText(i), QStringLiteral("|supp| = %1 / 4").arg(a.supportSize[i]));
        QVERIFY(a.supportSize.minCoeff() < 4);
        QVERIFY(!doc.setNormalizer(NormalizerKind::Softmax));
        QCOMPARE(view.supportText(0), QString());
    }

    void alphaSweepRunsFromSoftmaxToSparsemax()
    {
        ScenarioDocument doc;
        QVERIFY(!doc.setNormalizer(NormalizerKind::Entmax, 1.7));
        AlphaSweepView view;
        QCOMPARE(view.viewName(), QStringLiteral("alpha-sweep"));
        view.bindToDocument(&doc);
        QVERIFY(showAt(view));
        QCOMPARE(view.currentAlpha(), 1.7);
        QCOMPARE(view.keyCount(), 3);
        const auto d = doc.analysis().sharedDetail(0);
        const Eigen::VectorXd soft = softmax(d->scores).weights;
        const Eigen::VectorXd sparse = entmax(d->scores, 2.0).weights;
        const double r = 1 / (4 * std::sqrt(2.0)); // worked example F
        const double exampleF[] = {0.5 + r, 0.5 - r, 0};
        for (int j = 0; j < 3; ++j) {
            const QCPGraph *g = view.keyGraph(j);
            QCOMPARE(valueAt(g, 1.0), soft[j]);   // α = 1 is the softmax, bit for bit
            QCOMPARE(valueAt(g, 2.0), sparse[j]); // α = 2 is sparsemax
            QVERIFY(std::abs(valueAt(g, 2.0) - exampleF[j]) < 1e-15);
            QCOMPARE(valueAt(g, 1.7), d->weights[j]); // the current α is a sample
        }
        // k3 first reaches exactly 0 between 1.5-entmax (0.0065) and sparsemax.
        QVERIFY(view.dropOutAlpha(2) > 1.5 && view.dropOutAlpha(2) <= 2.0);
        QCOMPARE(valueAt(view.keyGraph(2), view.dropOutAlpha(2)), 0.0);
        QVERIFY(valueAt(view.keyGraph(2), 1.5) > 0);
        QCOMPARE(view.dropOutGraph()->dataCount(), 2); // k3, and k2 near α = 4
        // The CSV: a header and one row per sample.
        const QStringList lines = view.dataCsv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.first(), QStringLiteral("alpha,k1,k2,k3"));
        QCOMPARE(lines.size(), 1 + 301); // α = 1 + k/100, k = 0…300 (1.7 is one of them)

        // The tooltip names the key nearest the mouse: at α = 2 and w = 0, k3 (exactly 0).
        view.replot();
        const QPointF atZero(view.xAxis->coordToPixel(2.0), view.yAxis->coordToPixel(0.0));
        QCOMPARE(view.toolTipAt(atZero),
                 QStringLiteral("key 3 “k3”\nα = 2:  w = 0 exactly: below the threshold\n"
                                "first exactly 0 at α ≈ %1")
                     .arg(plotStyle::compact(view.dropOutAlpha(2))));
        const QPointF atK1(view.xAxis->coordToPixel(2.0), view.yAxis->coordToPixel(exampleF[0]));
        QCOMPARE(view.toolTipAt(atK1),
                 QStringLiteral("key 1 “k1”\nα = 2:  w = %1").arg(plotStyle::exact(sparse[0])));
    }

    void temperatureSweepTooltipNamesTheKey()
    {
        // Worked example F's scores at τ = √2: at the current τ, sparsemax gives k3 exactly 0.
        ScenarioDocument doc;
        QVERIFY(!doc.setNormalizer(NormalizerKind::Entmax, 2.0));
        TemperatureSweepView view;
        view.bindToDocument(&doc);
        QVERIFY(showAt(view));
        view.replot();
        const double tau = doc.analysis().tau();
        const QPointF atZero(view.xAxis->coordToPixel(tau), view.yAxis->coordToPixel(0.0));
        const QString tip = view.toolTipAt(atZero);
        QVERIFY2(tip.startsWith(QStringLiteral("key 3 “k3”\nτ = ")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("w = 0 exactly: below the threshold")),
                 qPrintable(tip));
        QVERIFY2(tip.endsWith(
                     QStringLiteral("at the current τ = %1:  w = 0").arg(plotStyle::exact(tau))),
                 qPrintable(tip));
    }
};

QTEST_MAIN(TestSparseViews)
#include "tst_sparseviews.moc"
