// The window on a model scenario (issue 17, "ui"; MATH.md §8; scenario-format.md `model`): the
// document keeps the model and shows its selected head, saving writes the model back, Bake head,
// the embeddings and W tables (one undo step per edit), the key-space drag through W_K⁺, the
// heads and projections views, and their exports. Worked example D gives the numbers.
#include "Model.h"
#include "ScenarioIo.h"
#include "document/ScenarioDocument.h"
#include "panels/ModelPanel.h"
#include "plots/MaskedCells.h"
#include "plots/attention/AttentionHeatmapView.h"
#include "plots/keyspace/KeySpaceView.h"
#include "plots/model/HeadsView.h"
#include "plots/model/ProjectionsView.h"
#include "style/Appearance.h"
#include "style/Contrast.h"
#include "style/PlotStyle.h"
#include "style/ViewHelp.h"
#include "tables/ModelMatrixTableModel.h"
#include "widgets/FittingTabWidget.h"
#include "window/MainWindow.h"
#include "window/ViewExport.h"

#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using namespace sml;

namespace {

const QString kExampleD =
    QStringLiteral(SML_SOURCE_DIR "/tests/data/model/worked-example-d.softmaxlab.json");

// MATH.md §8 D.
const double kWeights1[3][3] = {{0.57597535, 0.14002925, 0.28399541},
                                {0.25985918, 0.37007041, 0.37007041},
                                {0.48818217, 0.16902193, 0.34279590}};
const double kWeights2[3][3] = {{0.24825508, 0.24825508, 0.50348984},
                                {0.40111209, 0.19777581, 0.40111209},
                                {0.28399541, 0.14002925, 0.57597535}};
const double kY[3][2] = {
    {1.23584322, 0.79989712}, {0.92937355, 1.14125291}, {1.18898037, 0.94180321}};

template <class M> void compareMatrix(const M &got, const double (&want)[3][3], double tol)
{
    QCOMPARE(got.rows(), 3);
    QCOMPARE(got.cols(), 3);
    for (int i = 0; i < 3; ++i)
        for (int t = 0; t < 3; ++t)
            QVERIFY2(std::abs(got(i, t) - want[i][t]) < tol,
                     qPrintable(QStringLiteral("(%1, %2): %3 vs %4")
                                    .arg(i)
                                    .arg(t)
                                    .arg(got(i, t), 0, 'g', 12)
                                    .arg(want[i][t], 0, 'g', 12)));
}

QJsonObject fileObject(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

QPoint cellCentre(const MatrixBlock &block, int row, int column)
{
    QCPAxisRect *r = block.rect();
    return QPointF(r->axis(QCPAxis::atBottom)->coordToPixel(column),
                   r->axis(QCPAxis::atLeft)->coordToPixel(row))
        .toPoint();
}

/// Shows `w` at 1280×800 with §8 D open and its heads view the current tab (nullptr on failure).
HeadsView *showExampleDHeads(MainWindow &w)
{
    w.resize(1280, 800);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w) || !w.openFile(kExampleD))
        return nullptr;
    auto *heads = w.findChild<HeadsView *>(QStringLiteral("headsView"));
    if (heads) {
        w.viewTabs()->setCurrentWidget(heads);
        QTest::qWait(50);
    }
    return heads;
}

} // namespace

class TestModelViews : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void documentKeepsTheModelAndShowsTheSelectedHead();
    void savingWritesTheModelBack();
    void embeddingEditIsOneUndoStepAndMovesQkv();
    void weightEditsAndRefusals();
    void keyDragMovesTheEmbeddingByTheLeastNormChange();
    void keySpaceDragWithTheMouseSaysTheQueryMovedToo();
    void bakeHeadMakesAnUntitledPlainScenario();
    void windowHeadsViewAndClickSelectsAHead();
    void headsViewHatchesMaskedCells();
    void maskedHatchFollowsTheTheme();
    void cellNumbersReadInEveryTheme();
    void projectionsViewHatchesMaskedCells();
    void headSelectorAndShortcut();
    void projectionsViewTracesTheProducts();
    void exportWritesTheModelViews();
    void helpForTheNewViews();
    void aPlainScenarioShowsOnlyTheNote();
};

void TestModelViews::documentKeepsTheModelAndShowsTheSelectedHead()
{
    ScenarioDocument doc;
    QVERIFY(!doc.load(kExampleD));
    QVERIFY(doc.isModel());
    QVERIFY(doc.fileScenario().model);
    QCOMPARE(doc.filePath(), QFileInfo(kExampleD).absoluteFilePath()); // no longer baked
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.selectedHead(), 0);
    // The views' scenario is head 1 baked: Q = X W_Q = ((1, 0), (0, 0.5), (1, 0.5)).
    QCOMPARE(doc.scenario().m(), 3);
    QCOMPARE(doc.scenario().queries(1, 1), 0.5);
    QCOMPARE(doc.scenario().keys(1, 0), -1.0);
    compareMatrix(doc.analysis().attention().weights, kWeights1, 5e-9);
    QCOMPARE(doc.modelAnalysis()->heads.size(), size_t(2));
    for (int t = 0; t < 3; ++t)
        for (int j = 0; j < 2; ++j)
            QVERIFY(std::abs((*doc.modelAnalysis()->output())(t, j) - kY[t][j]) < 5e-9);

    QSignalSpy changed(&doc, &ScenarioDocument::changed);
    QSignalSpy headChanged(&doc, &ScenarioDocument::selectedHeadChanged);
    doc.setSelectedHead(1);
    QCOMPARE(doc.selectedHead(), 1);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(headChanged.count(), 1);
    QCOMPARE(headChanged.first().first().toInt(), 1);
    compareMatrix(doc.analysis().attention().weights, kWeights2, 5e-9);
    QVERIFY(!doc.isModified()); // selecting is not an edit
    QCOMPARE(doc.undoStack()->count(), 0);
    doc.setSelectedHead(7); // clamped
    QCOMPARE(doc.selectedHead(), 1);
    // A setting applies to every head and is kept in the model scenario.
    QVERIFY(!doc.setTemperature(TemperatureMode::Fixed, 1.0));
    QVERIFY(doc.isModel());
    QCOMPARE(doc.fileScenario().fixedTau, 1.0);
    QCOMPARE(doc.analysis().tau(), 1.0);
    QCOMPARE(doc.selectedHead(), 1);
}

void TestModelViews::savingWritesTheModelBack()
{
    QTemporaryDir dir;
    ScenarioDocument doc;
    QVERIFY(!doc.load(kExampleD));
    doc.setSelectedHead(1);
    const QString path = dir.filePath(QStringLiteral("d.softmaxlab.json"));
    QVERIFY(!doc.saveAs(path));
    const QJsonObject original = fileObject(kExampleD);
    const QJsonObject saved = fileObject(path);
    QCOMPARE(saved[QStringLiteral("version")].toInt(), 2);
    QVERIFY(!saved.contains(QStringLiteral("queries")));
    QCOMPARE(saved[QStringLiteral("model")].toObject(),
             original[QStringLiteral("model")].toObject());
    QCOMPARE(saved[QStringLiteral("title")], original[QStringLiteral("title")]);

    // One edit of X, then Save: the model section differs in exactly that number.
    QVERIFY(!doc.setModelCell(ModelMatrix::Embeddings, 0, 2, 0, 0.25));
    QVERIFY(doc.isModified());
    QVERIFY(!doc.save());
    QVERIFY(!doc.isModified());
    QJsonObject model = original[QStringLiteral("model")].toObject();
    QJsonArray tokens = model[QStringLiteral("tokens")].toArray();
    QJsonObject x3 = tokens[2].toObject();
    x3[QStringLiteral("embedding")] = QJsonArray{0.25, 1};
    tokens[2] = x3;
    model[QStringLiteral("tokens")] = tokens;
    QCOMPARE(fileObject(path)[QStringLiteral("model")].toObject(), model);
    // The autosave copy is the model scenario too (Autosave writes fileScenario()).
    LoadResult back = ScenarioIo::loadFile(path);
    QVERIFY(std::holds_alternative<Scenario>(back));
    QVERIFY(std::get<Scenario>(back) == doc.fileScenario());
}

void TestModelViews::embeddingEditIsOneUndoStepAndMovesQkv()
{
    MainWindow w;
    QVERIFY(w.openFile(kExampleD));
    ScenarioDocument *doc = w.document();
    auto *panel = w.findChild<ModelPanel *>();
    QVERIFY(panel);
    QVERIFY(!panel->isHidden());
    ModelMatrixTableModel *x = panel->tableModel(int(ModelMatrix::Embeddings));
    QCOMPARE(x->rowCount(), 3);
    QCOMPARE(x->columnCount(), 2);
    QCOMPARE(x->headerData(2, Qt::Vertical).toString(), QStringLiteral("x3"));
    QCOMPARE(x->data(x->index(2, 1), Qt::EditRole).toDouble(), 1.0);
    // x2 = (0, 1) → (2, 1), typed into the table (F2, "2", Enter): Q = X W_Q, K = X W_K and
    // V = X W_V of head 1 follow.
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTableView *table = panel->table(int(ModelMatrix::Embeddings));
    auto *tabs = qobject_cast<QTabWidget *>(table->parentWidget()->parentWidget());
    QVERIFY(tabs);
    tabs->setCurrentWidget(table);
    const int before = doc->undoStack()->count();
    const QModelIndex cell = x->index(1, 0);
    table->setCurrentIndex(cell);
    table->setFocus();
    QTest::keyClick(table, Qt::Key_F2); // the edit key opens the cell's editor
    auto *editor = table->viewport()->findChild<QLineEdit *>();
    QVERIFY(editor);
    editor->selectAll();
    QTest::keyClicks(editor, QStringLiteral("2"));
    QTest::keyClick(editor, Qt::Key_Return);
    QCoreApplication::processEvents(); // the delegate commits on Enter by a queued call
    QCOMPARE(doc->undoStack()->count(), before + 1);
    QCOMPARE(doc->undoStack()->undoText(), QStringLiteral("Edit X[1] of “x2”"));
    const Model &model = *doc->fileScenario().model;
    const Eigen::MatrixXd &X = model.embeddings;
    QCOMPARE(X(1, 0), 2.0);
    const ModelHead &h1 = model.heads[0];
    QVERIFY((doc->scenario().queries - X * h1.wQ).cwiseAbs().maxCoeff() < 1e-15);
    QVERIFY((doc->scenario().keys - X * h1.wK).cwiseAbs().maxCoeff() < 1e-15);
    QVERIFY((doc->scenario().values - X * h1.wV).cwiseAbs().maxCoeff() < 1e-15);
    QCOMPARE(doc->scenario().queries(1, 0), 2.0); // (2, 1) W_Q = (2, 0.5)
    QCOMPARE(doc->scenario().queries(1, 1), 0.5);
    QCOMPARE(doc->scenario().keys(1, 0), 1.0); // (2, 1) W_K = (2 − 1, 1)
    doc->undoStack()->undo();
    QCOMPARE(doc->fileScenario().model->embeddings(1, 0), 0.0);
    compareMatrix(doc->analysis().attention().weights, kWeights1, 5e-9);
    doc->undoStack()->redo();
    QCOMPARE(doc->fileScenario().model->embeddings(1, 0), 2.0);
    QCOMPARE(doc->scenario().queries(1, 0), 2.0);
    doc->undoStack()->undo();

    // Edits of one cell in one gesture (a spin box held down) are one undo step, which gives
    // back the value before the first; a second cell in the same gesture is a step of its own.
    const double wq11 = doc->fileScenario().model->heads[1].wQ(0, 0);
    QVERIFY(wq11 != 4.0);
    const int gesture = doc->beginGesture();
    QVERIFY(!doc->setModelCell(ModelMatrix::Embeddings, 0, 2, 1, 1.5, gesture));
    QVERIFY(!doc->setModelCell(ModelMatrix::Embeddings, 0, 2, 1, 2.5, gesture));
    QCOMPARE(doc->undoStack()->count(), before + 1);
    QVERIFY(!doc->setModelCell(ModelMatrix::WQ, 1, 0, 0, 4.0, gesture));
    QCOMPARE(doc->undoStack()->count(), before + 2);
    QCOMPARE(doc->fileScenario().model->heads[1].wQ(0, 0), 4.0);
    doc->undoStack()->undo();
    QCOMPARE(doc->fileScenario().model->heads[1].wQ(0, 0), wq11);
    QCOMPARE(doc->fileScenario().model->embeddings(2, 1), 2.5);
    doc->undoStack()->undo();
    QCOMPARE(doc->fileScenario().model->embeddings(2, 1), 1.0);
    compareMatrix(doc->analysis().attention().weights, kWeights1, 5e-9);
}

void TestModelViews::weightEditsAndRefusals()
{
    ScenarioDocument doc;
    QVERIFY(!doc.load(kExampleD));
    doc.setSelectedHead(1);
    ModelMatrixTableModel wq(&doc, ModelMatrix::WQ);
    QCOMPARE(wq.data(wq.index(0, 1), Qt::EditRole).toDouble(), 1.0); // head 2's W_Q
    QVERIFY(wq.setData(wq.index(0, 1), 3.0, Qt::EditRole));
    QCOMPARE(doc.fileScenario().model->heads[1].wQ(0, 1), 3.0);
    QCOMPARE(doc.fileScenario().model->heads[0].wQ(0, 1), 0.0); // head 1 untouched
    QCOMPARE(doc.scenario().queries(0, 1), 3.0);                // x1 W_Q = (0, 3)
    QCOMPARE(doc.undoStack()->count(), 1);
    // The derived queries cannot be typed; nor can tokens be added as queries.
    QVERIFY(doc.setCell(CellTable::Query, 0, 0, 1.0));
    QVERIFY(doc.addKey());
    QVERIFY(doc.addKeyDimension());
    // An overflowing projection is refused and changes nothing.
    const auto error = doc.setModelCell(ModelMatrix::Embeddings, 0, 0, 0, 1e300);
    QVERIFY(error);
    QVERIFY2(error->contains(QStringLiteral("overflow")), qPrintable(*error));
    QCOMPARE(doc.fileScenario().model->embeddings(0, 0), 1.0);
    QCOMPARE(doc.undoStack()->count(), 1);
    // A label edit renames the token (its query and key).
    QVERIFY(!doc.setLabel(LabelTarget::Key, 2, QStringLiteral("sat")));
    QCOMPARE(doc.fileScenario().model->tokenLabels[2], QStringLiteral("sat"));
    QCOMPARE(doc.scenario().queryLabels[2], QStringLiteral("sat"));
    // A MaxEnt target goes to the selected head only: f of x1 under head 2 (now) is
    // (0, 3) Kᵀ = (3, 3, 6), so μ = 4 is feasible and μ = 0.5 is not.
    QVERIFY(doc.setMaxEntTarget(0, 0.5));
    QVERIFY(!doc.fileScenario().model->maxentTargets);
    QVERIFY(!doc.setMaxEntTarget(0, 4.0));
    QVERIFY(doc.fileScenario().model->maxentTargets);
    QVERIFY(!(*doc.fileScenario().model->maxentTargets)[0]);
    QCOMPARE((*(*doc.fileScenario().model->maxentTargets)[1])[0], std::optional<double>(4.0));
    QCOMPARE(doc.scenario().targetFor(0), std::optional<double>(4.0));
    QVERIFY(!doc.setMaxEntTarget(0, std::nullopt));
    QVERIFY(!doc.fileScenario().model->maxentTargets); // all defaults again: "targets": null
    // Free variances: every head gets its own table.
    QVERIFY(!doc.setVarianceMode(VarianceMode::Free));
    QCOMPARE(doc.fileScenario().model->freeVariances.size(), size_t(2));
    QVERIFY(!doc.setCell(CellTable::Variance, 0, 1, 4.0));
    QCOMPARE(doc.fileScenario().model->freeVariances[1](0, 1), 4.0);
    QCOMPARE(doc.scenario().freeVariances(0, 1), 4.0);
}

void TestModelViews::keyDragMovesTheEmbeddingByTheLeastNormChange()
{
    ScenarioDocument doc;
    QVERIFY(!doc.load(kExampleD));
    // Head 1's W_K = ((1, 0), (−1, 1)) is invertible: the key lands where it is dragged.
    const int gesture = doc.beginGesture();
    QVERIFY(!doc.moveVector(VectorKind::Key, 2, Eigen::Vector2d(0.5, 1.0), gesture));
    QVERIFY(!doc.moveVector(VectorKind::Key, 2, Eigen::Vector2d(1.0, 2.0), gesture));
    QCOMPARE(doc.undoStack()->count(), 1); // one drag, one undo step
    QVERIFY((doc.scenario().keys.row(2) - Eigen::RowVector2d(1.0, 2.0)).norm() < 1e-12);
    // x3 = k W_K⁻¹ = (1, 2) ((1, 0), (1, 1)) = (3, 2); its query moved too: (3, 1).
    const Eigen::RowVectorXd x3 = doc.fileScenario().model->embeddings.row(2);
    QVERIFY((x3 - Eigen::RowVector2d(3.0, 2.0)).norm() < 1e-12);
    QVERIFY((doc.scenario().queries.row(2) - Eigen::RowVector2d(3.0, 1.0)).norm() < 1e-12);
    doc.undoStack()->undo();
    QCOMPARE(doc.fileScenario().model->embeddings(2, 0), 1.0);

    // A rank-deficient W_K = ((1, 0), (1, 0)): W_K⁺ = ((0.5, 0.5), (0, 0)). Dragging k3 = (2, 0)
    // by (1, 1) moves x3 by the least-norm Δx = (1, 1) W_K⁺ = (0.5, 0.5), and the key to the
    // nearest point it can reach, (3, 0).
    QVERIFY(!doc.setModelCell(ModelMatrix::WK, 0, 0, 1, 0.0));
    QVERIFY(!doc.setModelCell(ModelMatrix::WK, 0, 1, 0, 1.0));
    QVERIFY(!doc.setModelCell(ModelMatrix::WK, 0, 1, 1, 0.0));
    QVERIFY((doc.scenario().keys.row(2) - Eigen::RowVector2d(2.0, 0.0)).norm() < 1e-15);
    QVERIFY(!doc.moveVector(VectorKind::Key, 2, Eigen::Vector2d(3.0, 1.0), doc.beginGesture()));
    const Eigen::RowVectorXd moved = doc.fileScenario().model->embeddings.row(2);
    QVERIFY((moved - Eigen::RowVector2d(1.5, 1.5)).norm() < 1e-12);
    QVERIFY((doc.scenario().keys.row(2) - Eigen::RowVector2d(3.0, 0.0)).norm() < 1e-12);
    QVERIFY(doc.undoStack()->undoText().contains(QStringLiteral("embedding")));
}

void TestModelViews::keySpaceDragWithTheMouseSaysTheQueryMovedToo()
{
    ScenarioDocument doc;
    QVERIFY(!doc.load(kExampleD));
    KeySpaceView view;
    view.resize(800, 600);
    view.bindToDocument(&doc);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy messages(&view, &KeySpaceView::message);
    const Eigen::RowVectorXd queryBefore = doc.scenario().queries.row(2);
    const QPointF from = view.keyPixel(2);
    const QPointF to = from + QPointF(40, -30);
    // How far the drag goes in data coordinates (the axes of the press).
    const double dx =
        view.xAxis->pixelToCoord(to.toPoint().x()) - view.xAxis->pixelToCoord(from.toPoint().x());
    const double dy =
        view.yAxis->pixelToCoord(to.toPoint().y()) - view.yAxis->pixelToCoord(from.toPoint().y());
    QTest::mousePress(&view, Qt::LeftButton, Qt::NoModifier, from.toPoint());
    for (int k = 1; k <= 5; ++k)
        QTest::mouseMove(&view, (from + (to - from) * (k / 5.0)).toPoint());
    QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, to.toPoint());
    QCOMPARE(doc.undoStack()->count(), 1); // the drag is one undo step
    // W_K is invertible: the key lands where it was dragged (in the axes of the press; the
    // view may refit after the release).
    const Eigen::RowVector2d dragged(0.0 + dx, 1.0 + dy);
    QVERIFY2(
        (doc.scenario().keys.row(2) - dragged).norm() < 1e-9,
        qPrintable(
            QStringLiteral("%1 %2").arg(doc.scenario().keys(2, 0)).arg(doc.scenario().keys(2, 1))));
    const Model &model = *doc.fileScenario().model;
    const Eigen::RowVectorXd x3 = model.embeddings.row(2);
    QVERIFY((x3 - Eigen::RowVector2d(1.0, 1.0)).norm() > 1e-3); // the embedding moved
    QVERIFY((doc.scenario().keys.row(2) - x3 * model.heads[0].wK).norm() < 1e-12);
    QVERIFY((doc.scenario().queries.row(2) - x3 * model.heads[0].wQ).norm() < 1e-12);
    QVERIFY((doc.scenario().queries.row(2) - queryBefore).norm() > 1e-3); // the query moved too
    QVERIFY(!messages.isEmpty());
    QVERIFY(
        messages.last().first().toString().contains(QStringLiteral("query and value moved too")));
}

void TestModelViews::bakeHeadMakesAnUntitledPlainScenario()
{
    ScenarioDocument doc;
    QVERIFY(!doc.load(kExampleD));
    doc.setSelectedHead(1);
    const Scenario head2 = headScenario(doc.fileScenario(), 1);
    QVERIFY(!doc.bakeSelectedHead());
    QVERIFY(!doc.isModel());
    QVERIFY(doc.filePath().isEmpty()); // Save asks for a name
    QVERIFY(doc.save());
    QVERIFY(doc.displayName().contains(QStringLiteral("baked")));
    QVERIFY(doc.scenario() == head2);
    compareMatrix(doc.analysis().attention().weights, kWeights2, 5e-9);
    QCOMPARE(doc.selectedHead(), 0);
    doc.undoStack()->undo(); // the model and its file come back
    QVERIFY(doc.isModel());
    QCOMPARE(doc.filePath(), QFileInfo(kExampleD).absoluteFilePath());
    QVERIFY(doc.bakeSelectedHead() == std::nullopt);
    QVERIFY(!doc.isModel());
    QVERIFY(doc.bakeSelectedHead()); // a plain scenario has no head to bake
}

void TestModelViews::windowHeadsViewAndClickSelectsAHead()
{
    MainWindow w;
    HeadsView *heads = showExampleDHeads(w);
    QVERIFY(heads);
    QCOMPARE(w.viewTabs()->indexOf(heads), 8);
    QCOMPARE(heads->heads(), 2);
    compareMatrix(heads->headBlock(0).values(), kWeights1, 5e-9);
    compareMatrix(heads->headBlock(1).values(), kWeights2, 5e-9);
    QVERIFY(heads->headBlock(0).framed());
    QVERIFY(!heads->headBlock(1).framed());
    QVERIFY(heads->hasOutput());
    const Eigen::MatrixXd &y = heads->outputBlock().values();
    for (int t = 0; t < 3; ++t)
        for (int j = 0; j < 2; ++j)
            QVERIFY(std::abs(y(t, j) - kY[t][j]) < 5e-9);
    QCOMPARE(heads->concatBlock().values().cols(), 4); // [O¹ O²], T × H·d_v
    QVERIFY(std::abs(heads->concatBlock().values()(0, 0) - 0.85997075) < 5e-9);
    // Exact values on hover.
    const QString tip = heads->toolTipAt(cellCentre(heads->outputBlock(), 0, 0));
    QVERIFY2(tip.contains(QStringLiteral("1.2358432")), qPrintable(tip));

    // The attention-weights view shows head 1; a click on head 2's heatmap selects head 2.
    AttentionHeatmapView *heatmap = w.heatmapView();
    QVERIFY(std::abs(heatmap->colorMap()->data()->cell(0, 0) - kWeights1[0][0]) < 5e-9);
    heads->replot();
    QTest::mouseClick(heads, Qt::LeftButton, Qt::NoModifier, cellCentre(heads->headBlock(1), 1, 1));
    QCOMPARE(w.document()->selectedHead(), 1);
    QVERIFY(heads->headBlock(1).framed());
    QVERIFY(!heads->headBlock(0).framed());
    w.viewTabs()->setCurrentWidget(heatmap);
    QTest::qWait(50);
    QVERIFY(std::abs(heatmap->colorMap()->data()->cell(0, 0) - kWeights2[0][0]) < 5e-9);
    QVERIFY(std::abs(heatmap->colorMap()->data()->cell(2, 0) - kWeights2[0][2]) < 5e-9);
    QCOMPARE(w.document()->undoStack()->count(), 0);
}

// A causal mask's hidden keys are drawn hatched in every head's heatmap, as in the attention
// heatmap, not as weight 0 (a student must tell "masked" from "zero weight"), without a number,
// and their tooltip says masked.
void TestModelViews::headsViewHatchesMaskedCells()
{
    MainWindow w;
    HeadsView *heads = showExampleDHeads(w);
    QVERIFY(heads);
    QCOMPARE(heads->headBlock(0).maskedCount(), 0); // §8 D has no mask
    QVERIFY(!w.document()->setMask(MaskKind::Causal));
    QTest::qWait(50);
    for (int h = 0; h < 2; ++h) {
        const MatrixBlock &block = heads->headBlock(h);
        QCOMPARE(block.maskedCount(), 3); // T(T − 1)/2 keys after their query
        for (int i = 0; i < 3; ++i)
            for (int t = 0; t < 3; ++t)
                QCOMPARE(block.isMasked(i, t), t > i);
        QCOMPARE(block.values()(0, 1), 0.0);
        QCOMPARE(block.values()(0, 0), 1.0); // the first query sees only itself
    }
    heads->replot();
    const QImage image = heads->grab().toImage();
    const QPoint masked = cellCentre(heads->headBlock(0), 0, 2);
    const QPoint seen = cellCentre(heads->headBlock(0), 2, 0);
    const QString maskedTip = heads->toolTipAt(masked);
    QVERIFY2(maskedTip.contains(QStringLiteral("masked")), qPrintable(maskedTip));
    QVERIFY2(heads->toolTipAt(seen).contains(QStringLiteral("weight w = ")),
             qPrintable(heads->toolTipAt(seen)));
    // The masked cell shows the grey hatching, not the gradient's colour of 0 (dark violet).
    const double ratio = image.width() / double(heads->width());
    const QColor c = image.pixelColor(masked * ratio);
    QVERIFY2(std::abs(c.red() - c.green()) < 12 && std::abs(c.green() - c.blue()) < 12 &&
                 c.green() > 120,
             qPrintable(c.name()));
    const QColor zero = plotStyle::viridis().color(0.0, QCPRange(0, 1));
    QVERIFY(c != zero);
    QVERIFY(heads->subtitleText().contains(QStringLiteral("hatched")));
    QVERIFY(!w.document()->setMask(MaskKind::None));
    QTest::qWait(50);
    QCOMPARE(heads->headBlock(0).maskedCount(), 0);
}

void TestModelViews::maskedHatchFollowsTheTheme()
{
    // A heads view shown once (as an export or a lesson page draws it, with no document to
    // refresh it) redraws its hatch in a new theme's colours, as the attention heatmap does.
    ScenarioDocument doc;
    QVERIFY(!doc.load(kExampleD));
    QVERIFY(!doc.setMask(MaskKind::Causal));
    HeadsView heads;
    heads.resize(900, 500);
    heads.showModel(doc.fileScenario(), *doc.modelAnalysis(), 0);
    QCOMPARE(heads.headBlock(1).maskedCount(), 3);
    AttentionHeatmapView heatmap;
    const auto hatch = [](const QCPAxisRect *rect) {
        return rect->backgroundBrush().texture().toImage();
    };
    QCOMPARE(hatch(heads.headBlock(1).rect()), maskedCellBrush().texture().toImage());
    Appearance *look = Appearance::instance();
    const Appearance::Theme theme = look->theme();
    const QImage before = hatch(heads.headBlock(1).rect());
    look->setTheme(theme == Appearance::Theme::Dark ? Appearance::Theme::Light
                                                    : Appearance::Theme::Dark);
    QVERIFY(maskedCellBrush().texture().toImage() != before);
    for (const QCPAxisRect *rect : std::initializer_list<const QCPAxisRect *>{
             heads.headBlock(0).rect(), heads.headBlock(1).rect(), heatmap.axisRect()})
        QCOMPARE(hatch(rect), maskedCellBrush().texture().toImage());
    look->setTheme(theme);
    QCOMPARE(hatch(heads.headBlock(1).rect()), before);
}

// The dark theme drew the "0" of W_O and of X, W_Q… black on a black cell, and "1" white on
// light orange: the cells' numbers were chosen against the cell but then themed like text.
// A view shown in one theme and switched to the other, with no document to redraw it (an
// export, a lesson page), and one shown in it: every number reads on its cell (WCAG ratio ≥ 3
// between the cell and the inkiest pixel of the number), on cells that follow the theme.
void TestModelViews::cellNumbersReadInEveryTheme()
{
    ScenarioDocument doc;
    QVERIFY(!doc.load(kExampleD));
    Appearance *look = Appearance::instance();
    const Appearance::Theme theme = look->theme();
    const auto restore = qScopeGuard([&] { look->setTheme(theme); });
    const auto check = [](HeadsView &heads, const char *when) {
        heads.replot();
        const QImage image = heads.grab().toImage();
        const double scale = image.width() / double(heads.width());
        const QColor paper = Appearance::instance()->paper(QColor(247, 247, 247));
        int checked = 0;
        for (const MatrixBlock *block :
             {&heads.concatBlock(), &heads.wOBlock(), &heads.outputBlock(), &heads.headBlock(0)}) {
            QCOMPARE(block->shownTexts(), int(block->values().size()));
            const QCPAxis *x = block->rect()->axis(QCPAxis::atBottom);
            const QCPAxis *y = block->rect()->axis(QCPAxis::atLeft);
            for (int r = 0; r < block->values().rows(); ++r)
                for (int c = 0; c < block->values().cols(); ++c) {
                    const QPointF centre(x->coordToPixel(c), y->coordToPixel(r));
                    const double w = std::abs(x->coordToPixel(c + 0.5) - x->coordToPixel(c));
                    const double h = std::abs(y->coordToPixel(r + 0.5) - y->coordToPixel(r));
                    const QColor cell =
                        image.pixelColor((centre + QPointF(0.8 * w, 0.8 * h)).toPoint() * scale);
                    double best = 1;
                    for (double dx = -0.6 * w; dx <= 0.6 * w; dx += 1)
                        for (double dy = -0.4 * h; dy <= 0.4 * h; dy += 1)
                            best = std::max(
                                best, contrast::ratio(
                                          cell, image.pixelColor(
                                                    (centre + QPointF(dx, dy)).toPoint() * scale)));
                    QVERIFY2(best >= 3,
                             qPrintable(QStringLiteral("%1: %2 (%3, %4) = %5 on %6: ratio %7")
                                            .arg(QLatin1String(when), block->caption())
                                            .arg(r)
                                            .arg(c)
                                            .arg(block->values()(r, c))
                                            .arg(cell.name())
                                            .arg(best)));
                    ++checked;
                }
        }
        QVERIFY(checked >= 6 + 8 + 12 + 9);
        // The diverging cells follow the theme: W_O's zeros are the theme's paper.
        const QCPAxis *wOx = heads.wOBlock().rect()->axis(QCPAxis::atBottom);
        const QPointF zero(wOx->coordToPixel(1.35),
                           heads.wOBlock().rect()->axis(QCPAxis::atLeft)->coordToPixel(0));
        const QColor drawn = image.pixelColor(zero.toPoint() * scale);
        QVERIFY2(std::abs(drawn.red() - paper.red()) + std::abs(drawn.green() - paper.green()) +
                         std::abs(drawn.blue() - paper.blue()) <=
                     6,
                 qPrintable(QStringLiteral("%1: W_O's 0 on %2, paper %3")
                                .arg(QLatin1String(when), drawn.name(), paper.name())));
    };
    for (const Appearance::Theme first : {Appearance::Theme::Light, Appearance::Theme::Dark}) {
        const Appearance::Theme second =
            first == Appearance::Theme::Light ? Appearance::Theme::Dark : Appearance::Theme::Light;
        look->setTheme(first);
        HeadsView heads;
        heads.resize(1100, 620);
        heads.showModel(doc.fileScenario(), *doc.modelAnalysis(), 0);
        check(heads, first == Appearance::Theme::Light ? "shown light" : "shown dark");
        if (QTest::currentTestFailed())
            return;
        look->setTheme(second);
        QCoreApplication::processEvents();
        check(heads, first == Appearance::Theme::Light ? "light, then dark" : "dark, then light");
        if (QTest::currentTestFailed())
            return;
    }
}

// The projections view hatches a causal mask's hidden keys in the scores and the weights as the
// heads view and the attention heatmap do (they were drawn as score 0 and weight 0), and their
// tooltips say masked.
void TestModelViews::projectionsViewHatchesMaskedCells()
{
    MainWindow w;
    QVERIFY(showExampleDHeads(w));
    auto *projections = w.findChild<ProjectionsView *>(QStringLiteral("projectionsView"));
    QVERIFY(projections);
    w.viewTabs()->setCurrentWidget(projections);
    QTest::qWait(50);
    using B = ProjectionsView::Block;
    QCOMPARE(projections->block(B::Weights).maskedCount(), 0);
    QVERIFY(!w.document()->setMask(MaskKind::Causal));
    QTest::qWait(50);
    for (B b : {B::Scores, B::Weights}) {
        const MatrixBlock &block = projections->block(b);
        QCOMPARE(block.maskedCount(), 3);
        for (int i = 0; i < 3; ++i)
            for (int t = 0; t < 3; ++t)
                QCOMPARE(block.isMasked(i, t), t > i);
    }
    for (B b : {B::Q, B::K, B::V, B::O})
        QCOMPARE(projections->block(b).maskedCount(), 0);
    projections->replot();
    const QImage image = projections->grab().toImage();
    const double ratio = image.width() / double(projections->width());
    for (B b : {B::Scores, B::Weights}) {
        const QPoint masked = cellCentre(projections->block(b), 0, 2);
        const QString tip = projections->toolTipAt(masked);
        QVERIFY2(tip.contains(QStringLiteral("masked")), qPrintable(tip));
        const QColor c = image.pixelColor(masked * ratio);
        QVERIFY2(std::abs(c.red() - c.green()) < 12 && std::abs(c.green() - c.blue()) < 12 &&
                     c.green() > 120,
                 qPrintable(c.name()));
    }
    QVERIFY(!projections->toolTipAt(cellCentre(projections->block(B::Weights), 2, 0))
                 .contains(QStringLiteral("masked")));
    QVERIFY(!w.document()->setMask(MaskKind::None));
    QTest::qWait(50);
    QCOMPARE(projections->block(B::Scores).maskedCount(), 0);
}

void TestModelViews::headSelectorAndShortcut()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto *panel = w.findChild<ModelPanel *>();
    QVERIFY(panel);
    QVERIFY(panel->isHidden()); // the default scenario has no model
    const int plainHeight = w.minimumSizeHint().height();
    QVERIFY(w.openFile(kExampleD));
    QVERIFY(!panel->isHidden());
    // One row more in the dock (the tables are tabs of the dock's tables): the window still fits
    // the screen it fitted.
    QVERIFY2(
        w.minimumSizeHint().height() <= plainHeight + 40,
        qPrintable(QStringLiteral("%1 → %2").arg(plainHeight).arg(w.minimumSizeHint().height())));
    // QStackedWidget → the dock's FittingTabWidget, which takes the model's tabs away and gives
    // them back (the tab bar's own visibility is its fitting of whole tabs).
    auto *tabs = qobject_cast<FittingTabWidget *>(panel->table(0)->parentWidget()->parentWidget());
    QVERIFY(tabs);
    QVERIFY(tabs->isTabAvailable(tabs->indexOf(panel->table(0))));
    QComboBox *selector = panel->headSelector();
    QCOMPARE(selector->count(), 2);
    QCOMPARE(selector->itemText(1), QStringLiteral("head 2"));
    selector->setCurrentIndex(1);
    QCOMPARE(w.document()->selectedHead(), 1);
    ModelMatrixTableModel *wk = panel->tableModel(int(ModelMatrix::WK));
    QCOMPARE(wk->data(wk->index(0, 1), Qt::EditRole).toDouble(), 1.0); // head 2's W_K
    w.activateWindow();
    QTest::keyClick(&w, Qt::Key_BracketLeft, Qt::ControlModifier);
    QCOMPARE(w.document()->selectedHead(), 0);
    QCOMPARE(selector->currentIndex(), 0);
    QCOMPARE(wk->data(wk->index(0, 1), Qt::EditRole).toDouble(), 0.0); // head 1's W_K
    QTest::keyClick(&w, Qt::Key_BracketRight, Qt::ControlModifier);
    QCOMPARE(w.document()->selectedHead(), 1);
    // Bake head from the panel: an untitled plain scenario, and the panel hides.
    QTest::mouseClick(panel->bakeButton(), Qt::LeftButton);
    QVERIFY(!w.document()->isModel());
    QVERIFY(w.document()->filePath().isEmpty());
    QVERIFY(panel->isHidden());
    QVERIFY(!tabs->isTabAvailable(tabs->indexOf(panel->table(0))));
    compareMatrix(w.document()->analysis().attention().weights, kWeights2, 5e-9);
}

void TestModelViews::projectionsViewTracesTheProducts()
{
    ScenarioDocument doc;
    QVERIFY(!doc.load(kExampleD));
    ProjectionsView view;
    view.resize(1200, 800);
    view.bindToDocument(&doc);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replot();
    using B = ProjectionsView::Block;
    QCOMPARE(view.block(B::Q).values()(2, 1), 0.5);
    QCOMPARE(view.block(B::K).values()(1, 0), -1.0);
    compareMatrix(view.block(B::Weights).values(), kWeights1, 5e-9);
    QVERIFY(std::abs(view.block(B::O).values()(0, 0) - 0.85997075) < 5e-9);
    QVERIFY(std::abs(view.block(B::Scores).values()(0, 0) - 1 / std::sqrt(2.0)) < 1e-15);

    // Hovering q_31 outlines row 3 of X and column 1 of W_Q.
    QMouseEvent move(QEvent::MouseMove, cellCentre(view.block(B::Q), 2, 0),
                     view.mapToGlobal(cellCentre(view.block(B::Q), 2, 0)), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&view, &move);
    QCOMPARE(view.block(B::X).trace(), MatrixBlock::Trace::Row);
    QCOMPARE(view.block(B::X).traceRow(), 2);
    QCOMPARE(view.block(B::WQ).trace(), MatrixBlock::Trace::Column);
    QCOMPARE(view.block(B::WQ).traceColumn(), 0);
    QCOMPARE(view.block(B::K).trace(), MatrixBlock::Trace::None);
    const QString tip = view.toolTipAt(cellCentre(view.block(B::Q), 2, 0));
    QVERIFY2(tip.contains(QStringLiteral("1·1 + 1·0")), qPrintable(tip));
    // A score: the row of Q and the row of K behind it.
    view.traceCell(B::Scores, 0, 2);
    QCOMPARE(view.block(B::Q).traceRow(), 0);
    QCOMPARE(view.block(B::K).trace(), MatrixBlock::Trace::Row);
    QCOMPARE(view.block(B::K).traceRow(), 2);
    // A cell of O: the row of weights and the column of V.
    view.traceCell(B::O, 1, 1);
    QCOMPARE(view.block(B::Weights).traceRow(), 1);
    QCOMPARE(view.block(B::V).trace(), MatrixBlock::Trace::Column);
    QCOMPARE(view.block(B::V).traceColumn(), 1);

    // The numbers are printed in the cells when they fit, and hidden when they would overlap.
    QCOMPARE(view.block(B::Scores).shownTexts(), 9);
    view.resize(420, 320);
    view.replot();
    QCOMPARE(view.block(B::Scores).shownTexts(), 0); // all or none
    view.resize(1200, 800);
    view.replot();
    QCOMPARE(view.block(B::Scores).shownTexts(), 9);

    // The selected head is what it shows.
    doc.setSelectedHead(1);
    compareMatrix(view.block(B::Weights).values(), kWeights2, 5e-9);
    QCOMPARE(view.block(B::WQ).values()(0, 1), 1.0);
}

void TestModelViews::exportWritesTheModelViews()
{
    LoadResult loaded = ScenarioIo::loadFile(kExampleD);
    QVERIFY(std::holds_alternative<Scenario>(loaded));
    QTemporaryDir dir;
    QStringList written;
    QVERIFY(!exportAllViews(std::get<Scenario>(loaded), dir.path(), QStringLiteral("png"),
                            QSize(1200, 800), &written));
    for (const QString &name : {QStringLiteral("projections"), QStringLiteral("heads"),
                                QStringLiteral("attention-heatmap")}) {
        const QString path = dir.filePath(name + QStringLiteral(".png"));
        QVERIFY2(written.contains(path), qPrintable(name));
        QImage image(path);
        QCOMPARE(image.size(), QSize(1200, 800));
    }
    QCOMPARE(written.size(), exportViewNames().size() + 2);
    // A plain scenario has no model views.
    QTemporaryDir plain;
    written.clear();
    QVERIFY(!exportAllViews(defaultScenario(), plain.path(), QStringLiteral("png"), QSize(600, 400),
                            &written));
    QVERIFY(!QFile::exists(plain.filePath(QStringLiteral("heads.png"))));
    QCOMPARE(written.size(), exportViewNames().size());
}

void TestModelViews::helpForTheNewViews()
{
    HeadsView heads;
    ProjectionsView projections;
    QVERIFY(heads.explanation().contains(QStringLiteral("W<sub>O</sub>")));
    QVERIFY(projections.explanation().contains(QStringLiteral("X W<sub>Q</sub>")));
    QVERIFY(
        viewExplanation(QStringLiteral("key-space")).contains(QStringLiteral("W<sub>K</sub>⁺")));
    ScenarioDocument doc;
    ModelPanel panel(&doc);
    QVERIFY(panel.whatsThis().contains(QStringLiteral("Bake head")));
}

QTEST_MAIN(TestModelViews)
void TestModelViews::aPlainScenarioShowsOnlyTheNote()
{
    // A plain scenario has no heads to show: the Heads and Projections tabs show their note and
    // nothing else. Their empty blocks, frames and colour scale read as a broken view at the
    // back of the room (seen at 1280×800: the scale's ticks piled up over the note).
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto *heads = w.findChild<HeadsView *>(QStringLiteral("headsView"));
    auto *projections = w.findChild<ProjectionsView *>(QStringLiteral("projectionsView"));
    QVERIFY(heads && projections);
    const auto drawnRects = [](QCustomPlot *plot) {
        int n = 0;
        for (QCPAxisRect *rect : plot->axisRects())
            n += rect->realVisibility() ? 1 : 0;
        for (QCPColorScale *scale : plot->findChildren<QCPColorScale *>())
            n += scale->realVisibility() ? 1 : 0;
        return n;
    };
    QVERIFY(!heads->axisRects().isEmpty() && !projections->axisRects().isEmpty());
    // (A view follows the document when it is shown: each tab in turn.)
    w.viewTabs()->setCurrentWidget(heads);
    QTRY_COMPARE(drawnRects(heads), 0);
    w.viewTabs()->setCurrentWidget(projections);
    QTRY_COMPARE(drawnRects(projections), 0);
    QVERIFY(w.openFile(kExampleD));
    // Two heads, their scale, [O¹ … Oᴴ], W_O and Y; the projections' eleven blocks.
    QTRY_COMPARE(drawnRects(projections), int(projections->axisRects().size()));
    w.viewTabs()->setCurrentWidget(heads);
    QTRY_COMPARE(drawnRects(heads), 6);
    auto *panel = w.findChild<ModelPanel *>();
    QTest::mouseClick(panel->bakeButton(), Qt::LeftButton);
    QVERIFY(!w.document()->isModel());
    QTRY_COMPARE(drawnRects(heads), 0);
    w.viewTabs()->setCurrentWidget(projections);
    QTRY_COMPARE(drawnRects(projections), 0);
}

#include "tst_modelviews.moc"
