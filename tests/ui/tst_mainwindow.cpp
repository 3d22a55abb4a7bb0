// Tests of the main window, the table models, the number delegate, the plot views and the view
// export, all offscreen.
#include "ScenarioIo.h"
#include "TestScenarios.h"
#include "document/ScenarioDocument.h"
#include "panels/ControlPanel.h"
#include "plots/PlotView.h"
#include "plots/attention/AttentionHeatmapView.h"
#include "plots/attention/EntropyView.h"
#include "plots/attention/WeightBarsView.h"
#include "style/PlotStyle.h"
#include "tables/KeysTableModel.h"
#include "tables/QueriesTableModel.h"
#include "tables/VariancesTableModel.h"
#include "widgets/NumberDelegate.h"
#include "widgets/NumberLineEdit.h"
#include "window/MainWindow.h"
#include "window/ViewExport.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>
#include <QUndoStack>

#include <cmath>
#include <set>

using namespace sml;

namespace {

/// Three queries, four keys, causal mask: some cells are masked.
Scenario causalScenario()
{
    Scenario s = test::threeQueriesFourKeys(QStringLiteral("causal"));
    s.mask = MaskKind::Causal;
    s.normalizeSideArrays();
    return s;
}

/// m × T queries and keys with deterministic pseudo-random entries.
Scenario largeScenario(int m, int T)
{
    Scenario s = defaultScenario();
    s.queries.resize(m, 3);
    s.keys.resize(T, 3);
    s.values.resize(T, 2);
    auto fill = [](Eigen::MatrixXd &mat, double seed) {
        for (Eigen::Index k = 0; k < mat.size(); ++k)
            mat.data()[k] = std::sin(seed * double(k + 1));
    };
    fill(s.queries, 1.3);
    fill(s.keys, 2.7);
    fill(s.values, 0.9);
    s.queryLabels.clear();
    s.keyLabels.clear();
    for (int i = 0; i < m; ++i)
        s.queryLabels << QStringLiteral("query token %1").arg(i);
    for (int t = 0; t < T; ++t)
        s.keyLabels << QStringLiteral("key token number %1").arg(t);
    s.freeVariances.resize(0, 0);
    s.normalizeSideArrays();
    return s;
}

Scenario scenarioNamed(const QString &name)
{
    if (name == QLatin1String("causal"))
        return causalScenario();
    if (name == QLatin1String("large"))
        return largeScenario(60, 90);
    return defaultScenario();
}

/// Softmax of q·k/τ over all keys, computed independently of core.
Eigen::VectorXd referenceWeights(const Eigen::VectorXd &q, const Eigen::MatrixXd &K, double tau)
{
    Eigen::VectorXd s = K * q / tau;
    const double mx = s.maxCoeff();
    Eigen::VectorXd e = (s.array() - mx).exp();
    return e / e.sum();
}

int distinctColours(const QImage &image, int atLeast)
{
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3) {
            colours.insert(image.pixel(x, y));
            if (int(colours.size()) >= atLeast)
                return int(colours.size());
        }
    return int(colours.size());
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); } // keep QSettings apart

    void heatmapPrintsTheWeightsFromTheFirstShow()
    {
        // The window's first showAnalysis() comes before its layout (coarse blocks, no texts);
        // the default lesson must still open with 0.51, 0.36, 0.12 printed in its cells.
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.heatmapView()->replot();
        QStringList printed;
        for (QCPItemText *text : w.heatmapView()->findChildren<QCPItemText *>())
            if (text->visible() && text->clipToAxisRect())
                printed << text->text();
        printed.sort();
        QCOMPARE(printed, (QStringList{QStringLiteral("0.12"), QStringLiteral("0.36"),
                                       QStringLiteral("0.51")}));
    }
    void windowBuildsOffscreen();
    void editingACellChangesTheWeights();
    void germanDelegate_data();
    void germanDelegate();
    void delegateKeepsEditorOpenOnRefusedEnter();
    void documentRefusalIsReported();
    void heatmapDataEqualsWeights_data();
    void heatmapDataEqualsWeights();
    void viewsFollowEveryChange();
    void weightBarsShowAgreementAndErrors();
    void labelsAreThinnedForLargeScenarios();
    void exportWritesNonBlankFiles_data();
    void exportWritesNonBlankFiles();
    void exportRefusesBadInput_data();
    void exportRefusesBadInput();
    void unsavedChangesPrompt_data();
    void unsavedChangesPrompt();
    void openFileFailureKeepsScenario();
    void examplesLoad_data();
    void everyViewExplainsItself();
    void legendsWrapToTheirWidth();
    void failedSaveSaysSoAndStaysModified_data();
    void failedSaveSaysSoAndStaysModified();
    void layoutIsRestoredOnTheNextRun();
    void examplesLoad();
    void infeasibleTargetIsRefusedInThePanel();
    void temperatureControls();
};

void TestMainWindow::windowBuildsOffscreen()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.windowTitle().contains(QStringLiteral("SoftmaxLab")));
    QVERIFY(w.windowTitle().contains(QStringLiteral("[*]")));
    QVERIFY(!w.isWindowModified());
    QCOMPARE(w.queriesModel()->rowCount(), 1);
    QCOMPARE(w.queriesModel()->columnCount(), 3); // label + d_k
    QCOMPARE(w.keysModel()->rowCount(), 3);
    QCOMPARE(w.keysModel()->columnCount(), 1 + 2 + 2); // label + d_k + d_v
    QCOMPARE(w.variancesModel()->rowCount(), 1);
    QCOMPARE(w.variancesModel()->columnCount(), 3);
    QVERIFY(w.viewTabs()->count() >= 4); // + likelihood landscape (and more views)
    // Fonts readable on a projector.
    QVERIFY(w.heatmapView()->xAxis->labelFont().pointSizeF() >= 11);
    QVERIFY(w.weightBarsView()->yAxis->labelFont().pointSizeF() >= 11);
    QVERIFY(w.entropyView()->yAxis->labelFont().pointSizeF() >= 11);
    QVERIFY(w.entropyView()->yAxis->label().contains(QStringLiteral("nats")));
}

void TestMainWindow::editingACellChangesTheWeights()
{
    MainWindow w;
    ScenarioDocument *doc = w.document();
    const Eigen::MatrixXd before = doc->analysis().attention().weights;
    QVERIFY(w.queriesModel()->setData(w.queriesModel()->index(0, 1), 3.0, Qt::EditRole));
    QVERIFY(std::abs(doc->scenario().queries(0, 0) - 3.0) < 1e-15);
    const Eigen::MatrixXd after = doc->analysis().attention().weights;
    QVERIFY((after - before).cwiseAbs().maxCoeff() > 0.1);
    const Eigen::VectorXd expected =
        referenceWeights(Eigen::Vector2d(3.0, 0.5), doc->scenario().keys, std::sqrt(2.0));
    for (int t = 0; t < 3; ++t)
        QVERIFY(std::abs(after(0, t) - expected[t]) < 1e-12);
    QVERIFY(w.isWindowModified());
    // The heatmap followed.
    QVERIFY(std::abs(w.heatmapView()->colorMap()->data()->cell(0, 0) - after(0, 0)) < 1e-15);

    // A key entry and a value entry through the keys model.
    QVERIFY(w.keysModel()->setData(w.keysModel()->index(1, 2), 2.0, Qt::EditRole)); // k2[2]
    QVERIFY(std::abs(doc->scenario().keys(1, 1) - 2.0) < 1e-15);
    QVERIFY(w.keysModel()->setData(w.keysModel()->index(2, 4), -5.0, Qt::EditRole)); // v3[2]
    QVERIFY(std::abs(doc->scenario().values(2, 1) - -5.0) < 1e-15);
    QCOMPARE(doc->undoStack()->count(), 3);
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    QVERIFY((doc->analysis().attention().weights - before).cwiseAbs().maxCoeff() < 1e-15);
    QVERIFY(!w.isWindowModified());

    // A longer number widens its column instead of being elided ("-1.23…").
    QTableView *table = w.queriesTable();
    QVERIFY(w.queriesModel()->setData(w.queriesModel()->index(0, 2), -1234567.0, Qt::EditRole));
    const QString shown = w.queriesModel()->index(0, 2).data().toString();
    QCOMPARE(shown, QStringLiteral("-1.23457e+06"));
    QVERIFY2(table->columnWidth(2) >= QFontMetrics(table->font()).horizontalAdvance(shown) + 8,
             qPrintable(QString::number(table->columnWidth(2))));
}

void TestMainWindow::germanDelegate_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<double>("value");
    QTest::newRow("decimal comma 0,5") << "0,5" << true << 0.5;
    QTest::newRow("negative with comma -1,25") << "-1,25" << true << -1.25;
    QTest::newRow("integer 2 with spaces") << " 2 " << true << 2.0;
    QTest::newRow("exponent 1,5e-3") << "1,5e-3" << true << 0.0015;
    QTest::newRow("group separator 1.500") << "1.500" << false << 0.0;
    QTest::newRow("English decimal point 1.5") << "1.5" << false << 0.0;
    QTest::newRow("inf") << "inf" << false << 0.0;
    QTest::newRow("nan") << "nan" << false << 0.0;
    QTest::newRow("overflow 1e400") << "1e400" << false << 0.0;
    QTest::newRow("empty") << "" << false << 0.0;
    QTest::newRow("letters") << "abc" << false << 0.0;
}

void TestMainWindow::germanDelegate()
{
    QFETCH(QString, typed);
    QFETCH(bool, accepted);
    QFETCH(double, value);

    MainWindow w;
    QueriesTableModel *model = w.queriesModel();
    const QModelIndex cell = model->index(0, 2); // q[2] = 0.5
    const double old = w.document()->scenario().queries(0, 1);
    NumberDelegate delegate(nullptr, QLocale(QLocale::German, QLocale::Germany));
    QSignalSpy refused(&delegate, &NumberDelegate::refused);
    QWidget parent;
    QStyleOptionViewItem option;
    std::unique_ptr<QWidget> editor(delegate.createEditor(&parent, option, cell));
    auto *line = qobject_cast<QLineEdit *>(editor.get());
    QVERIFY(line);
    delegate.setEditorData(line, cell);
    QCOMPARE(line->text(), QStringLiteral("0,5")); // shown in the German locale
    line->setText(typed);
    delegate.setModelData(line, model, cell);

    const double now = w.document()->scenario().queries(0, 1);
    if (accepted) {
        QVERIFY(std::abs(now - value) < 1e-15);
        QVERIFY(!NumberDelegate::isRefused(line));
        QCOMPARE(refused.count(), 0);
    } else {
        QVERIFY(std::abs(now - old) < 1e-15); // the old value stays
        QVERIFY(NumberDelegate::isRefused(line));
        QVERIFY(line->styleSheet().contains(QStringLiteral("background")));
        QVERIFY(!line->toolTip().isEmpty());
        QCOMPARE(refused.count(), 1);
        QCOMPARE(w.document()->undoStack()->count(), 0);
    }
}

void TestMainWindow::delegateKeepsEditorOpenOnRefusedEnter()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTableView *table = w.queriesTable();
    const QModelIndex cell = w.queriesModel()->index(0, 1);
    table->setCurrentIndex(cell);
    table->edit(cell);
    auto *line = table->findChild<QLineEdit *>();
    QVERIFY(line);
    line->selectAll();
    QTest::keyClicks(line, QStringLiteral("nan"));
    QVERIFY(NumberDelegate::isRefused(line)); // red while typing
    QTest::keyClick(line, Qt::Key_Return);
    QVERIFY(table->findChild<QLineEdit *>() == line); // still open
    QVERIFY(table->isPersistentEditorOpen(cell) || line->isVisible());
    QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("nan")));
    QVERIFY(std::abs(w.document()->scenario().queries(0, 0) - 1.0) < 1e-15);
}

void TestMainWindow::documentRefusalIsReported()
{
    MainWindow w;
    QSignalSpy refused(w.variancesModel(), &ScenarioTableModel::editRefused);
    // Linked mode: the variance table is read-only.
    QVERIFY(!(w.variancesModel()->flags(w.variancesModel()->index(0, 0)) & Qt::ItemIsEditable));
    QVERIFY(!w.variancesModel()->setData(w.variancesModel()->index(0, 0), 2.0, Qt::EditRole));
    QCOMPARE(refused.count(), 1);
    // Free mode: editable, and σ² ≤ 0 is refused by the document.
    QVERIFY(!w.document()->setVarianceMode(VarianceMode::Free));
    QVERIFY(w.variancesModel()->flags(w.variancesModel()->index(0, 0)) & Qt::ItemIsEditable);
    QVERIFY(!w.variancesModel()->setData(w.variancesModel()->index(0, 0), -1.0, Qt::EditRole));
    QCOMPARE(refused.count(), 2);
    QVERIFY(w.statusBar()->currentMessage().size() > 0);
    QVERIFY(w.variancesModel()->setData(w.variancesModel()->index(0, 0), 4.0, Qt::EditRole));
    QVERIFY(std::abs(w.document()->scenario().freeVariances(0, 0) - 4.0) < 1e-15);
}

void TestMainWindow::heatmapDataEqualsWeights_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<int>("selected");
    QTest::newRow("default: one query, three keys") << "default" << 0;
    QTest::newRow("causal mask, 3 queries x 4 keys") << "causal" << 2;
    QTest::newRow("60 queries x 90 keys") << "large" << 59;
}

void TestMainWindow::heatmapDataEqualsWeights()
{
    QFETCH(QString, scenario);
    QFETCH(int, selected);
    const Analysis analysis(scenarioNamed(scenario));
    AttentionHeatmapView view;
    view.resize(1000, 700);
    view.showAnalysis(analysis, selected);
    const Eigen::MatrixXd &w = analysis.attention().weights;
    QCPColorMapData *data = view.colorMap()->data();
    QCOMPARE(data->keySize(), int(w.cols()));
    QCOMPARE(data->valueSize(), int(w.rows()));
    for (int i = 0; i < w.rows(); ++i)
        for (int t = 0; t < w.cols(); ++t)
            QVERIFY2(std::abs(data->cell(t, i) - w(i, t)) <= 0.0,
                     qPrintable(QStringLiteral("cell (%1, %2)").arg(i).arg(t)));
    QVERIFY(!view.colorMap()->interpolate());
    QCOMPARE(view.colorMap()->dataRange().lower, 0.0);
    QCOMPARE(view.colorMap()->dataRange().upper, 1.0);
    QCOMPARE(view.selectedQuery(), selected);
    QVERIFY(view.colorScale() != nullptr);

    // The tooltip of a cell gives its exact weight.
    const int i = std::min(selected, int(w.rows()) - 1);
    const QPointF centre(view.xAxis->coordToPixel(0), view.yAxis->coordToPixel(i));
    view.replot();
    const QPointF centreAfterLayout(view.xAxis->coordToPixel(0), view.yAxis->coordToPixel(i));
    Q_UNUSED(centre);
    const QString tip = view.toolTipAt(centreAfterLayout);
    QVERIFY2(tip.contains(QString::number(w(i, 0), 'g', QLocale::FloatingPointShortest)),
             qPrintable(tip));
}

void TestMainWindow::viewsFollowEveryChange()
{
    MainWindow w;
    ScenarioDocument *doc = w.document();
    QVERIFY(!doc->resetTo(causalScenario()));
    doc->setSelectedQuery(1);
    QCOMPARE(w.heatmapView()->selectedQuery(), 1);
    QCOMPARE(w.weightBarsView()->softmaxBars()->data()->size(), 2); // query b sees 2 keys
    QCOMPARE(w.entropyView()->selectedBar()->data()->size(), 1);
    QCOMPARE(w.entropyView()->entropyBars()->data()->size(), 2);
    QVERIFY(!doc->setMask(MaskKind::None));
    QCOMPARE(w.weightBarsView()->softmaxBars()->data()->size(), 4);
    const double h = doc->analysis().attention().entropy[1];
    QVERIFY(std::abs(w.entropyView()->selectedBar()->data()->at(0)->value - h) < 1e-15);
    doc->undoStack()->undo();
    QCOMPARE(w.weightBarsView()->softmaxBars()->data()->size(), 2);
}

void TestMainWindow::weightBarsShowAgreementAndErrors()
{
    Scenario s = defaultScenario();
    WeightBarsView view;
    view.showAnalysis(Analysis(s), 0);
    QVERIFY(view.summaryText().contains(QStringLiteral("max |π − w|")));
    QVERIFY(view.summaryText().contains(QStringLiteral("max |p − w|")));
    QCOMPARE(view.softmaxBars()->data()->size(), 3);
    QCOMPARE(view.mleBars()->data()->size(), 3);
    QCOMPARE(view.maxentBars()->data()->size(), 3);
    for (int j = 0; j < 3; ++j)
        QVERIFY(std::abs(view.mleBars()->data()->at(j)->value -
                         view.softmaxBars()->data()->at(j)->value) < 1e-12);

    // An infeasible target set in the file: the error is shown, p is not drawn, nothing is NaN.
    s.maxentTargets = std::vector<std::optional<double>>{5.0};
    view.showAnalysis(Analysis(s), 0);
    QVERIFY2(view.summaryText().contains(QStringLiteral("outside")),
             qPrintable(view.summaryText()));
    QCOMPARE(view.maxentBars()->data()->size(), 0);
    QVERIFY(!view.summaryText().contains(QStringLiteral("nan"), Qt::CaseInsensitive));

    // One visible key (causal, first query): λ undetermined.
    Scenario c = causalScenario();
    view.showAnalysis(Analysis(c), 0);
    QVERIFY2(view.summaryText().contains(QStringLiteral("undetermined")),
             qPrintable(view.summaryText()));
    QCOMPARE(view.softmaxBars()->data()->size(), 1);
}

void TestMainWindow::labelsAreThinnedForLargeScenarios()
{
    const Analysis analysis(largeScenario(200, 300));
    AttentionHeatmapView heatmap;
    heatmap.setLayoutSize(QSize(1200, 800));
    heatmap.showAnalysis(analysis, 0);
    auto xTicker = heatmap.xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    auto yTicker = heatmap.yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(xTicker && yTicker);
    QVERIFY(xTicker->ticks().size() >= 5);
    QVERIFY(xTicker->ticks().size() <= 60);
    QVERIFY(yTicker->ticks().size() >= 5);
    QVERIFY(yTicker->ticks().size() <= 40);

    EntropyView entropy;
    entropy.setLayoutSize(QSize(1200, 800));
    entropy.showAnalysis(analysis, 0);
    auto eTicker = entropy.xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(eTicker);
    // Thinned to what fits side by side, turned: the ink of a label each (200 would not).
    QVERIFY(eTicker->ticks().size() < 100);
    QVERIFY(eTicker->ticks().size() *
                plotStyle::turnedLabelPitch(entropy.xAxis->tickLabelFont()) <=
            1200);

    // Few labels: every one is shown.
    heatmap.showAnalysis(Analysis(causalScenario()), 0);
    QCOMPARE(heatmap.xAxis->ticker().dynamicCast<QCPAxisTickerText>()->ticks().size(), 4);
    QCOMPARE(heatmap.yAxis->ticker().dynamicCast<QCPAxisTickerText>()->ticks().size(), 3);
}

void TestMainWindow::exportWritesNonBlankFiles_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("scenario");
    QTest::newRow("png, default scenario") << "png"
                                           << "default";
    QTest::newRow("pdf, default scenario") << "pdf"
                                           << "default";
    QTest::newRow("png, causal mask") << "png"
                                      << "causal";
    QTest::newRow("pdf, 60 x 90") << "pdf"
                                  << "large";
    QTest::newRow("jpg, default scenario") << "jpg"
                                           << "default";
    QTest::newRow("svg, default scenario") << "svg"
                                           << "default";
}

void TestMainWindow::exportWritesNonBlankFiles()
{
    QFETCH(QString, format);
    QFETCH(QString, scenario);
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(QStringLiteral("new/sub dir"));
    QStringList written;
    const auto error =
        exportAllViews(scenarioNamed(scenario), dir, format, QSize(800, 500), &written);
    QVERIFY2(!error, qPrintable(error.value_or(QString())));
    QCOMPARE(written.size(), exportViewNames().size());
    for (const QString &name : exportViewNames()) {
        const QString path = QDir(dir).filePath(name + QLatin1Char('.') + format);
        QVERIFY2(written.contains(path), qPrintable(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(bytes.size() > 100);
        if (format == QLatin1String("pdf")) {
            QVERIFY(bytes.startsWith("%PDF"));
        } else if (format == QLatin1String("svg")) {
            QVERIFY(bytes.contains("<svg"));
            QVERIFY(bytes.contains("<text"));
        } else {
            QImage image;
            QVERIFY(image.loadFromData(bytes));
            QCOMPARE(image.size(), QSize(800, 500));
            QVERIFY2(distinctColours(image, 2) > 1, qPrintable(path));
        }
    }
}

void TestMainWindow::exportRefusesBadInput_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("dirIsAFile");
    QTest::newRow("unknown format bmp") << "bmp" << QSize(800, 500) << false;
    QTest::newRow("zero size") << "png" << QSize(0, 500) << false;
    QTest::newRow("directory path is a file") << "png" << QSize(800, 500) << true;
}

void TestMainWindow::exportRefusesBadInput()
{
    QFETCH(QString, format);
    QFETCH(QSize, size);
    QFETCH(bool, dirIsAFile);
    QTemporaryDir tmp;
    QString dir = tmp.filePath(QStringLiteral("out"));
    if (dirIsAFile) {
        QFile f(dir);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("x");
        f.close();
        dir += QStringLiteral("/inner");
    }
    QStringList written;
    const auto error = exportAllViews(defaultScenario(), dir, format, size, &written);
    QVERIFY(error.has_value());
    QVERIFY(!error->isEmpty());
    QVERIFY(written.isEmpty());
}

void TestMainWindow::unsavedChangesPrompt_data()
{
    QTest::addColumn<int>("answer");
    QTest::addColumn<bool>("closes");
    QTest::newRow("Cancel keeps the window and the edit") << int(QMessageBox::Cancel) << false;
    QTest::newRow("Discard closes") << int(QMessageBox::Discard) << true;
    QTest::newRow("Save writes the file, then closes") << int(QMessageBox::Save) << true;
}

void TestMainWindow::unsavedChangesPrompt()
{
    QFETCH(int, answer);
    QFETCH(bool, closes);
    QTemporaryDir tmp;
    const QString target = tmp.filePath(QStringLiteral("saved"));
    MainWindow w;
    int asked = 0;
    w.setSavePrompt([&](const QString &) {
        ++asked;
        return QMessageBox::StandardButton(answer);
    });
    w.setFileNamePrompt([&](MainWindow::FileDialogKind) { return target; });
    w.setErrorReporter([](const QString &, const QString &message) { QFAIL(qPrintable(message)); });
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));

    // Nothing to save: no question.
    QVERIFY(w.maybeSave());
    QCOMPARE(asked, 0);

    QVERIFY(!w.document()->setCell(CellTable::Query, 0, 0, 2.0));
    QVERIFY(w.isWindowModified());
    QCOMPARE(w.close(), closes);
    QCOMPARE(asked, 1);
    QCOMPARE(w.isVisible(), !closes);
    const bool saved = answer == QMessageBox::Save;
    QCOMPARE(QFile::exists(target + QStringLiteral(".softmaxlab.json")), saved);
    if (saved)
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("saved.softmaxlab.json")));
    // Discard closes without touching the document; only Save makes it clean.
    QCOMPARE(w.document()->isModified(), !saved);
}

void TestMainWindow::openFileFailureKeepsScenario()
{
    QTemporaryDir tmp;
    const QString bad = tmp.filePath(QStringLiteral("bad.softmaxlab.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{ not json");
    f.close();

    MainWindow w;
    QVERIFY(!w.document()->setCell(CellTable::Key, 0, 0, 0.25));
    const Scenario before = w.document()->scenario();
    QString error;
    QVERIFY(!w.openFile(bad, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(w.document()->scenario() == before);
    QVERIFY(w.isWindowModified());

    const QString good = tmp.filePath(QStringLiteral("good.softmaxlab.json"));
    QVERIFY(!ScenarioIo::saveFile(causalScenario(), good));
    QVERIFY(w.openFile(good, &error));
    QCOMPARE(w.document()->scenario().m(), 3);
    QVERIFY(!w.isWindowModified());
    QVERIFY(w.windowTitle().startsWith(QStringLiteral("good.softmaxlab.json[*]")));
    QCOMPARE(w.queriesModel()->rowCount(), 3);
    QCOMPARE(w.keysModel()->rowCount(), 4);
}

void TestMainWindow::examplesLoad_data()
{
    QTest::addColumn<QString>("resource");
    QTest::newRow("default") << ":/scenarios/default.softmaxlab.json";
    QTest::newRow("iris kernel smoother") << ":/scenarios/iris-kernel-smoother.softmaxlab.json";
}

void TestMainWindow::examplesLoad()
{
    QFETCH(QString, resource);
    QVERIFY2(QFile::exists(resource), qPrintable(resource));
    QSettings().remove(QStringLiteral("window")); // the default layout: the heatmap tab in front
    MainWindow w;
    w.setErrorReporter([](const QString &, const QString &message) { QFAIL(qPrintable(message)); });
    w.openExample(resource);
    QVERIFY(w.document()->filePath().isEmpty()); // Save asks for a name
    QVERIFY(w.windowTitle().contains(QFileInfo(resource).fileName()));
    QVERIFY(!w.isWindowModified());
    // The heatmap bins cells to the pixels it has (issue 5), so give it a real, laid-out size:
    // an unshown window's plots are a few pixels tall.
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTRY_COMPARE(w.heatmapView()->colorMap()->data()->valueSize(), w.document()->scenario().m());
    QCOMPARE(w.heatmapView()->colorMap()->data()->keySize(), w.document()->scenario().T());
}

void TestMainWindow::everyViewExplainsItself()
{
    MainWindow w;
    const QList<PlotView *> views = w.plotViews();
    QVERIFY(views.size() >= 10);
    QSet<QString> texts;
    for (PlotView *view : views) {
        const QString name = view->viewName();
        const QString text = QTextDocumentFragment::fromHtml(view->explanation()).toPlainText();
        // Two or three sentences, linked to the derivation (a MATH.md section).
        QVERIFY2(text.count(QStringLiteral(". ")) + 1 >= 2 && text.size() < 500,
                 qPrintable(name + text));
        QVERIFY2(text.contains(QStringLiteral("MATH.md §")), qPrintable(name));
        texts.insert(text);
        QVERIFY2(view->actions().contains(view->explainAction()), qPrintable(name));
        QCOMPARE(view->explainAction()->text(), QStringLiteral("What am I seeing?"));
        view->ensurePolished(); // Help ▸ What Am I Seeing? (Shift+F1) shows the same text
        QCOMPARE(view->whatsThis(), view->explanation());
    }
    QCOMPARE(texts.size(), views.size()); // one text per view, none copied
    const QString about = QTextDocumentFragment::fromHtml(MainWindow::aboutText()).toPlainText();
    for (const QString &needle : {QStringLiteral("arXiv:2509.12285"), QStringLiteral("Vaswani"),
                                  QStringLiteral("Della Pietra"), QStringLiteral("QCustomPlot 2.1"),
                                  QStringLiteral("Eigen 3.4"), QString::fromLatin1(qVersion()),
                                  QApplication::applicationVersion()})
        QVERIFY2(about.contains(needle), qPrintable(needle));
}

void TestMainWindow::legendsWrapToTheirWidth()
{
    // A legend wider than its view wraps into rows (issue 14: "cut legends" at 1280×800, the
    // entropy view's "ceiling log |V| (uniform weights)" ran off its edge), in every view.
    MainWindow w;
    QVERIFY(!w.document()->setNormalizer(NormalizerKind::Entmax, 1.5));
    for (PlotView *view : w.plotViews()) {
        view->resize(720, 520); // a tab of the window at 1280×800 is wider
        view->replot();
        for (QCPLegend *legend : view->findChildren<QCPLegend *>()) {
            if (!legend->visible() || legend->itemCount() < 2)
                continue;
            const int needed = legend->minimumOuterSizeHint().width();
            QVERIFY2(needed <= view->width(),
                     qPrintable(view->viewName() + QStringLiteral(": legend needs %1 px of %2")
                                                       .arg(needed)
                                                       .arg(view->width())));
        }
    }
}

void TestMainWindow::failedSaveSaysSoAndStaysModified_data()
{
    QTest::addColumn<QString>("target");
    // Places no one can write, root included (tests may run as root, for whom a chmod 555
    // folder is writable): a read-only file system, and a "folder" that is a file.
    QTest::newRow("read-only file system (/proc)")
        << QStringLiteral("/proc/softmaxlab-test.softmaxlab.json");
    QTest::newRow("parent is a file") << QStringLiteral("FILE/lesson.softmaxlab.json");
}

void TestMainWindow::failedSaveSaysSoAndStaysModified()
{
    QFETCH(QString, target);
    QTemporaryDir tmp;
    QFile blocker(tmp.filePath(QStringLiteral("file")));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    target.replace(QStringLiteral("FILE"), blocker.fileName());

    MainWindow w;
    QStringList reported;
    w.setErrorReporter([&](const QString &, const QString &message) { reported << message; });
    w.setFileNamePrompt([&](MainWindow::FileDialogKind) { return target; });
    QVERIFY(!w.document()->setTemperature(TemperatureMode::Fixed, 0.9));
    QVERIFY(w.isWindowModified());
    const Scenario edited = w.document()->scenario();

    QVERIFY(!w.saveAs());
    QCOMPARE(reported.size(), 1); // said so, once
    QVERIFY2(reported.front().contains(QFileInfo(target).fileName()), qPrintable(reported.front()));
    QVERIFY(w.isWindowModified()); // nothing was saved: the document stays modified
    QVERIFY(w.document()->isModified());
    QVERIFY(w.document()->filePath() != target);
    QVERIFY(w.document()->scenario() == edited);
    QVERIFY(!QFileInfo::exists(target));
}

void TestMainWindow::layoutIsRestoredOnTheNextRun()
{
    QSettings().remove(QStringLiteral("window"));
    const auto cleanup = qScopeGuard([] { QSettings().remove(QStringLiteral("window")); });
    QSize size;
    {
        MainWindow w;
        // Not the default size; no smaller than the window can be.
        size = QSize(std::max(900, w.minimumSizeHint().width() + 30),
                     std::max(570, w.minimumSizeHint().height() + 10));
        w.resize(size);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *keySpace = w.findChild<QDockWidget *>(QStringLiteral("keySpaceDock"));
        auto *mle = w.findChild<QDockWidget *>(QStringLiteral("mleOptimizerDock"));
        QVERIFY(keySpace && mle);
        QVERIFY(!keySpace->isHidden());
        keySpace->close(); // View ▸ Key space unticked
        mle->setFloating(true);
        QVERIFY(w.viewTabs()->count() > 3);
        w.viewTabs()->setCurrentIndex(3);
        QVERIFY(w.close()); // unmodified: no prompt; writes the settings
    }
    // The next run: a new window reads them back.
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCOMPARE(w.size(), size);
    QVERIFY(w.findChild<QDockWidget *>(QStringLiteral("keySpaceDock"))->isHidden());
    QVERIFY(w.findChild<QDockWidget *>(QStringLiteral("mleOptimizerDock"))->isFloating());
    QCOMPARE(w.viewTabs()->currentIndex(), 3);
}

void TestMainWindow::infeasibleTargetIsRefusedInThePanel()
{
    MainWindow w;
    NumberLineEdit *mu = w.controlPanel()->targetEdit();
    mu->setText(QLocale().toString(7.5)); // f = (1, 0.5, −1): outside (−1, 1)
    mu->setModified(true);
    emit mu->editingFinished();
    QVERIFY(NumberDelegate::isRefused(mu));
    QVERIFY(mu->toolTip().contains(QStringLiteral("outside")));
    QVERIFY(!w.document()->scenario().targetFor(0).has_value());
    QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("outside")));

    mu->setText(QLocale().toString(0.25));
    mu->setModified(true);
    emit mu->editingFinished();
    QVERIFY(!NumberDelegate::isRefused(mu));
    QVERIFY(w.document()->scenario().targetFor(0).has_value());
    QVERIFY(std::abs(*w.document()->scenario().targetFor(0) - 0.25) < 1e-15);
    QVERIFY(w.controlPanel()->targetDefaultButton()->isEnabled());
    w.controlPanel()->targetDefaultButton()->click();
    QVERIFY(!w.document()->scenario().targetFor(0).has_value());
}

void TestMainWindow::temperatureControls()
{
    MainWindow w;
    ScenarioDocument *doc = w.document();
    ControlPanel *panel = w.controlPanel();
    QVERIFY(panel->sqrtDkCheck()->isChecked());
    QVERIFY(!panel->tauEdit()->isEnabled());

    // Unticking √d_k keeps τ where it was, in fixed mode.
    panel->sqrtDkCheck()->click();
    QVERIFY(doc->scenario().temperatureMode == TemperatureMode::Fixed);
    QVERIFY(std::abs(doc->scenario().fixedTau - std::sqrt(2.0)) < 1e-15);
    QVERIFY(panel->tauEdit()->isEnabled());
    QCOMPARE(doc->undoStack()->count(), 1);

    // A slider drag is one undo step, however many values it passes through.
    QSlider *slider = panel->tauSlider();
    slider->setSliderDown(true);
    for (int position : {100, 200, 300, 400})
        slider->setValue(position);
    slider->setSliderDown(false);
    QCOMPARE(doc->undoStack()->count(), 2);
    QVERIFY(std::abs(doc->scenario().fixedTau - ControlPanel::sliderToTau(400)) < 1e-12);
    doc->undoStack()->undo();
    QVERIFY(std::abs(doc->scenario().fixedTau - std::sqrt(2.0)) < 1e-15);
    doc->undoStack()->undo();
    QVERIFY(doc->scenario().temperatureMode == TemperatureMode::SqrtDk);
    QVERIFY(panel->sqrtDkCheck()->isChecked());

    // The slider's log scale round-trips.
    for (double tau : {0.05, 0.5, 1.0, std::sqrt(2.0), 10.0, 50.0})
        QVERIFY(std::abs(ControlPanel::sliderToTau(ControlPanel::tauToSlider(tau)) / tau - 1) <
                0.005);
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
