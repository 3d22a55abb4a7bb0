// Tests of ScenarioDocument: every edit is an undoable command that returns to the exact
// original scenario; refused edits and failed loads change nothing.
#include "MatrixImport.h"
#include "ScenarioIo.h"
#include "TestScenarios.h"
#include "document/ScenarioDocument.h"
#include "tables/KeysTableModel.h"
#include "tables/QueriesTableModel.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <functional>
#include <limits>
#include <map>

using namespace sml;

namespace {

using Edit = std::function<ScenarioDocument::Error(ScenarioDocument &)>;

bool sameMatrixBits(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return false;
    for (Eigen::Index k = 0; k < a.size(); ++k)
        if (std::memcmp(&a.data()[k], &b.data()[k], sizeof(double)) != 0)
            return false;
    return true;
}

/// Stricter than Scenario::operator==: also the fields that the current modes ignore (the fixed
/// τ in √d_k mode, the free variances in linked mode), bit for bit, and the serialized file.
bool identical(const Scenario &a, const Scenario &b)
{
    return a == b && std::memcmp(&a.fixedTau, &b.fixedTau, sizeof(double)) == 0 &&
           std::memcmp(&a.sigma0Squared, &b.sigma0Squared, sizeof(double)) == 0 &&
           sameMatrixBits(a.queries, b.queries) && sameMatrixBits(a.keys, b.keys) &&
           sameMatrixBits(a.values, b.values) && sameMatrixBits(a.freeVariances, b.freeVariances) &&
           ScenarioIo::serialize(a) == ScenarioIo::serialize(b);
}

/// Three queries, four keys, d_k = d_v = 2, a user MaxEnt target, unknown fields, linked, √d_k.
Scenario baseScenario()
{
    Scenario s = test::threeQueriesFourKeys(QStringLiteral("base"));
    s.fixedTau = 0.8; // ignored in √d_k mode, but must survive undo
    s.freeVariances.resize(3, 4);
    s.freeVariances << 0.5, 2, 4, 1, 1.5, 0.25, 3, 2, 1, 1, 1, 0.125;
    // query b: f = (0.5, −1, −0.5, −0.25), so μ = 0 is feasible
    s.maxentTargets = std::vector<std::optional<double>>{std::nullopt, 0.0, std::nullopt};
    s.extraTop.insert(QStringLiteral("generator"), QStringLiteral("tst_document"));
    s.extraQueries = {QJsonObject{{QStringLiteral("note"), QStringLiteral("first")}}, QJsonObject(),
                      QJsonObject()};
    s.extraKeys = {QJsonObject(), QJsonObject{{QStringLiteral("pos"), 2}}, QJsonObject(),
                   QJsonObject()};
    s.normalizeSideArrays();
    return s;
}

/// The base scenario in the other modes: free variances, fixed τ, causal mask, no targets.
Scenario freeScenario()
{
    Scenario s = baseScenario();
    s.varianceMode = VarianceMode::Free;
    s.temperatureMode = TemperatureMode::Fixed;
    s.fixedTau = 0.8;
    s.mask = MaskKind::Causal;
    s.maxentTargets.reset();
    return s;
}

Scenario singleKeyScenario()
{
    Scenario s = defaultScenario();
    s.keys.conservativeResize(1, 2);
    s.values.conservativeResize(1, 2);
    s.keyLabels = {QStringLiteral("only")};
    s.freeVariances.resize(0, 0);
    s.normalizeSideArrays();
    return s;
}

/// d_k = d_v = 1.
Scenario oneDimensionScenario()
{
    Scenario s = defaultScenario();
    s.queries = Eigen::MatrixXd(s.queries.leftCols(1));
    s.keys = Eigen::MatrixXd(s.keys.leftCols(1));
    s.values = Eigen::MatrixXd(s.values.leftCols(1));
    return s;
}

/// Key k1 = (1e308, 1e308): query a = (1, 0.5) has the finite similarity 1.5e308.
Scenario hugeKeyScenario()
{
    Scenario s = baseScenario();
    s.keys(0, 0) = 1e308;
    s.keys(0, 1) = 1e308;
    return s;
}

Scenario scenarioFor(const QString &base)
{
    if (base == QLatin1String("one dimension"))
        return oneDimensionScenario();
    if (base == QLatin1String("huge key"))
        return hugeKeyScenario();
    if (base == QLatin1String("free"))
        return freeScenario();
    if (base == QLatin1String("single key"))
        return singleKeyScenario();
    return baseScenario();
}

struct EditRow
{
    QString base;
    Edit edit;
};

const std::map<QString, EditRow> &undoableEdits()
{
    static const std::map<QString, EditRow> rows = {
        {"set a query entry",
         {"base", [](ScenarioDocument &d) { return d.setCell(CellTable::Query, 1, 0, 2.5); }}},
        {"set a key entry",
         {"base", [](ScenarioDocument &d) { return d.setCell(CellTable::Key, 3, 1, -0.75); }}},
        {"set a value entry",
         {"base", [](ScenarioDocument &d) { return d.setCell(CellTable::Value, 0, 1, 9.0); }}},
        {"set a free variance",
         {"free", [](ScenarioDocument &d) { return d.setCell(CellTable::Variance, 2, 3, 7.0); }}},
        {"set a cell to -0",
         {"base", [](ScenarioDocument &d) { return d.setCell(CellTable::Key, 0, 0, -0.0); }}},
        {"rename a query",
         {"base",
          [](ScenarioDocument &d) {
              return d.setLabel(LabelTarget::Query, 0, QStringLiteral("Ärger"));
          }}},
        {"rename a key",
         {"base", [](ScenarioDocument &d) { return d.setLabel(LabelTarget::Key, 2, QString()); }}},
        {"append a query", {"base", [](ScenarioDocument &d) { return d.addQuery(); }}},
        {"insert a query first", {"free", [](ScenarioDocument &d) { return d.addQuery(0); }}},
        {"remove the first query (with extras)",
         {"base", [](ScenarioDocument &d) { return d.removeQuery(0); }}},
        {"remove the query with a MaxEnt target",
         {"base", [](ScenarioDocument &d) { return d.removeQuery(1); }}},
        {"remove the last query (free mode)",
         {"free", [](ScenarioDocument &d) { return d.removeQuery(2); }}},
        {"append a key", {"base", [](ScenarioDocument &d) { return d.addKey(); }}},
        {"insert a key in free mode", {"free", [](ScenarioDocument &d) { return d.addKey(1); }}},
        {"remove a middle key (with extras)",
         {"base", [](ScenarioDocument &d) { return d.removeKey(1); }}},
        {"remove a key in free mode", {"free", [](ScenarioDocument &d) { return d.removeKey(3); }}},
        {"tau sqrt(d_k) to fixed 0.3",
         {"base",
          [](ScenarioDocument &d) { return d.setTemperature(TemperatureMode::Fixed, 0.3); }}},
        {"tau sqrt(d_k) to fixed at the current tau",
         {"base", [](ScenarioDocument &d) { return d.setTemperature(TemperatureMode::Fixed); }}},
        {"tau fixed to sqrt(d_k)",
         {"free", [](ScenarioDocument &d) { return d.setTemperature(TemperatureMode::SqrtDk); }}},
        {"mask none to causal",
         {"base", [](ScenarioDocument &d) { return d.setMask(MaskKind::Causal); }}},
        {"mask causal to none",
         {"free", [](ScenarioDocument &d) { return d.setMask(MaskKind::None); }}},
        {"variances linked to free",
         {"base", [](ScenarioDocument &d) { return d.setVarianceMode(VarianceMode::Free); }}},
        {"variances free to linked",
         {"free", [](ScenarioDocument &d) { return d.setVarianceMode(VarianceMode::Linked); }}},
        {"sigma0 squared 1 to 2.5",
         {"base", [](ScenarioDocument &d) { return d.setSigma0Squared(2.5); }}},
        {"MaxEnt target set on a query without one",
         {"base", [](ScenarioDocument &d) { return d.setMaxEntTarget(0, 0.2); }}},
        {"MaxEnt target set when targets are null",
         {"free", [](ScenarioDocument &d) { return d.setMaxEntTarget(2, 0.1); }}},
        {"MaxEnt target reset to default (targets become null)",
         {"base", [](ScenarioDocument &d) { return d.setMaxEntTarget(1, std::nullopt); }}},
        {"replace the title and notes",
         {"base",
          [](ScenarioDocument &d) {
              return d.setTitleAndDescription(QStringLiteral("new"), QStringLiteral("notes"));
          }}},
        {"replace the whole scenario",
         {"base",
          [](ScenarioDocument &d) {
              return d.replaceScenario(defaultScenario(), QStringLiteral("replace"));
          }}},
        {"add a key dimension", {"base", [](ScenarioDocument &d) { return d.addKeyDimension(); }}},
        {"remove a key dimension",
         {"base", [](ScenarioDocument &d) { return d.removeKeyDimension(); }}},
        {"add a value dimension",
         {"free", [](ScenarioDocument &d) { return d.addValueDimension(); }}},
        {"remove a value dimension",
         {"base", [](ScenarioDocument &d) { return d.removeValueDimension(); }}},
        {"move a query up (with its MaxEnt target)",
         {"base", [](ScenarioDocument &d) { return d.moveQuery(1, 0); }}},
        {"move the first query (with extras) to the end",
         {"base", [](ScenarioDocument &d) { return d.moveQuery(0, 2); }}},
        {"move a query down in free mode",
         {"free", [](ScenarioDocument &d) { return d.moveQuery(0, 1); }}},
        {"move a key up (with extras)",
         {"base", [](ScenarioDocument &d) { return d.moveKey(1, 0); }}},
        {"move a key to the end in free mode, causal",
         {"free", [](ScenarioDocument &d) { return d.moveKey(0, 3); }}},
        {"drag a key in key space",
         {"base",
          [](ScenarioDocument &d) {
              return d.moveVector(VectorKind::Key, 1, Eigen::Vector2d(0.25, 0.75));
          }}},
        {"import matrices (Q, K, V from .npy)",
         {"base",
          [](ScenarioDocument &d) -> ScenarioDocument::Error {
              const QString dir = QStringLiteral(SML_TEST_DATA_DIR "/data/npy/");
              LoadResult imported =
                  importScenario(dir + "import_q.npy", dir + "import_k.npy", dir + "import_v.npy");
              if (auto *error = std::get_if<LoadError>(&imported))
                  return error->message;
              return d.replaceScenario(std::get<Scenario>(imported),
                                       QStringLiteral("Import import_q.npy, import_k.npy"));
          }}},
        {"import matrices with one-hot values (CSV)",
         {"free",
          [](ScenarioDocument &d) -> ScenarioDocument::Error {
              const QString dir = QStringLiteral(SML_TEST_DATA_DIR "/data/bad/csv/");
              LoadResult imported =
                  importScenario(dir + "good-pandas-index.csv",
                                 dir + "good-quoted-labels-with-commas.csv", QString());
              if (auto *error = std::get_if<LoadError>(&imported))
                  return error->message;
              return d.replaceScenario(std::get<Scenario>(imported), QStringLiteral("Import"));
          }}},
    };
    return rows;
}

/// The undo text of one edit on the base scenario (Edit ▸ Undo shows "Undo " + it).
struct TextRow
{
    Edit edit;
    QString text;
};

const std::map<QString, TextRow> &undoTexts()
{
    static const std::map<QString, TextRow> rows = {
        {"key cell",
         {[](ScenarioDocument &d) { return d.setCell(CellTable::Key, 1, 0, 2.0); },
          "Edit k[1] of “k2”"}},
        {"query cell",
         {[](ScenarioDocument &d) { return d.setCell(CellTable::Query, 2, 1, 2.0); },
          "Edit q[2] of “c”"}},
        {"value cell",
         {[](ScenarioDocument &d) { return d.setCell(CellTable::Value, 3, 1, 2.0); },
          "Edit v[2] of “k4”"}},
        {"variance cell (free variances)",
         {[](ScenarioDocument &d) {
              if (auto e = d.setVarianceMode(VarianceMode::Free))
                  return e;
              return d.setCell(CellTable::Variance, 2, 1, 0.5);
          },
          "Edit σ² of “c” → “k2”"}},
        {"mask",
         {[](ScenarioDocument &d) { return d.setMask(MaskKind::Causal); }, "Set mask to causal"}},
        {"variance mode",
         {[](ScenarioDocument &d) { return d.setVarianceMode(VarianceMode::Free); },
          "Set variances to free"}},
        {"tau sqrt(d_k)",
         {[](ScenarioDocument &d) {
              if (auto e = d.setTemperature(TemperatureMode::Fixed, 2.0))
                  return e;
              return d.setTemperature(TemperatureMode::SqrtDk);
          },
          "Set τ = √d_k"}},
        {"tau fixed",
         {[](ScenarioDocument &d) { return d.setTemperature(TemperatureMode::Fixed, 0.5); },
          "Set τ to 0.5"}},
        {"sigma0 squared",
         {[](ScenarioDocument &d) { return d.setSigma0Squared(2.5); }, "Set σ0² to 2.5"}},
        {"MaxEnt target",
         {[](ScenarioDocument &d) { return d.setMaxEntTarget(0, 0.25); },
          "Set μ of query a to 0.25"}},
        {"MaxEnt reset",
         {[](ScenarioDocument &d) { return d.setMaxEntTarget(1, std::nullopt); },
          "Reset μ of query b to the default"}},
        {"rename key",
         {[](ScenarioDocument &d) {
              return d.setLabel(LabelTarget::Key, 1, QStringLiteral("cat"));
          },
          "Rename key k2 to “cat”"}},
        {"add query", {[](ScenarioDocument &d) { return d.addQuery(); }, "Add query q4"}},
        {"remove key", {[](ScenarioDocument &d) { return d.removeKey(1); }, "Remove key k2"}},
        {"move key up", {[](ScenarioDocument &d) { return d.moveKey(1, 0); }, "Move key k2 up"}},
        {"move query down",
         {[](ScenarioDocument &d) { return d.moveQuery(0, 1); }, "Move query a down"}},
        {"move key far",
         {[](ScenarioDocument &d) { return d.moveKey(3, 0); }, "Move key k4 to position 1"}},
        {"drag a key",
         {[](ScenarioDocument &d) {
              return d.moveVector(VectorKind::Key, 1, Eigen::Vector2d(0.25, 0.75));
          },
          "Move key k2"}},
        {"title",
         {[](ScenarioDocument &d) {
              return d.setTitleAndDescription(QStringLiteral("t"), std::nullopt);
          },
          "Edit title and notes"}},
    };
    return rows;
}

const std::map<QString, EditRow> &refusedEdits()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    static const std::map<QString, EditRow> rows = {
        {"query entry NaN",
         {"base", [nan](ScenarioDocument &d) { return d.setCell(CellTable::Query, 0, 0, nan); }}},
        {"key entry +inf",
         {"base", [inf](ScenarioDocument &d) { return d.setCell(CellTable::Key, 0, 0, inf); }}},
        {"value entry -inf",
         {"base", [inf](ScenarioDocument &d) { return d.setCell(CellTable::Value, 0, 0, -inf); }}},
        {"free variance zero",
         {"free", [](ScenarioDocument &d) { return d.setCell(CellTable::Variance, 0, 0, 0.0); }}},
        {"free variance negative",
         {"free", [](ScenarioDocument &d) { return d.setCell(CellTable::Variance, 1, 1, -2.0); }}},
        {"cell out of range",
         {"base", [](ScenarioDocument &d) { return d.setCell(CellTable::Query, 3, 0, 1.0); }}},
        {"tau zero",
         {"base",
          [](ScenarioDocument &d) { return d.setTemperature(TemperatureMode::Fixed, 0.0); }}},
        {"tau negative",
         {"base",
          [](ScenarioDocument &d) { return d.setTemperature(TemperatureMode::Fixed, -1.0); }}},
        {"tau so small that a score overflows",
         {"base",
          [](ScenarioDocument &d) { return d.setTemperature(TemperatureMode::Fixed, 1e-309); }}},
        {"sigma0 squared zero",
         {"base", [](ScenarioDocument &d) { return d.setSigma0Squared(0.0); }}},
        {"sigma0 squared NaN",
         {"base", [nan](ScenarioDocument &d) { return d.setSigma0Squared(nan); }}},
        {"query entry whose similarity overflows",
         {"huge key",
          [](ScenarioDocument &d) {
              // q = (1, 1) · k = (1e308, 1e308) = 2e308 is not a double
              return d.setCell(CellTable::Query, 0, 1, 1.0);
          }}},
        {"label longer than 200 code points",
         {"base",
          [](ScenarioDocument &d) {
              return d.setLabel(LabelTarget::Key, 0, QString(201, QLatin1Char('x')));
          }}},
        {"remove the only key", {"single key", [](ScenarioDocument &d) { return d.removeKey(0); }}},
        {"remove the only query",
         {"single key", [](ScenarioDocument &d) { return d.removeQuery(0); }}},
        {"remove a query out of range",
         {"base", [](ScenarioDocument &d) { return d.removeQuery(7); }}},
        {"remove the only key dimension",
         {"one dimension", [](ScenarioDocument &d) { return d.removeKeyDimension(); }}},
        {"remove the only value dimension",
         {"one dimension", [](ScenarioDocument &d) { return d.removeValueDimension(); }}},
        {"MaxEnt target above max f",
         {"base", [](ScenarioDocument &d) { return d.setMaxEntTarget(1, 0.75); }}},
        {"MaxEnt target equal to min f (open interval)",
         {"base", [](ScenarioDocument &d) { return d.setMaxEntTarget(1, -1.0); }}},
        {"MaxEnt target NaN",
         {"base", [nan](ScenarioDocument &d) { return d.setMaxEntTarget(0, nan); }}},
        {"move a query past the end",
         {"base", [](ScenarioDocument &d) { return d.moveQuery(0, 3); }}},
        {"move a key from before the start",
         {"base", [](ScenarioDocument &d) { return d.moveKey(-1, 0); }}},
        {"MaxEnt target with one visible key and another value",
         {"single key", [](ScenarioDocument &d) { return d.setMaxEntTarget(0, 0.5); }}},
    };
    return rows;
}

void addRows(const std::map<QString, EditRow> &rows)
{
    QTest::addColumn<QString>("name");
    for (const auto &[name, row] : rows)
        QTest::newRow(name.toUtf8().constData()) << name;
}

} // namespace

class TestDocument : public QObject
{
    Q_OBJECT

private slots:
    void startsOnTheDefaultScenario();
    void undoRedoRestoresExactly_data() { addRows(undoableEdits()); }
    void undoRedoRestoresExactly();
    void refusedEditChangesNothing_data() { addRows(refusedEdits()); }
    void refusedEditChangesNothing();
    void unchangedValueIsNotAnUndoStep();
    void gestureMergesIntoOneUndoStep();
    void modifiedFollowsTheCleanState();
    void anEditPutBackIsNoChange();
    void selectedQueryIsClampedAfterRemoval();
    void feasibleMaxEntTargetIsAccepted();
    void linkedToFreeStartsFromCurrentVariances();
    void linkedModeStoresNoFreeVariancesAndUndoKeepsWhatWasTyped();
    void tablesAnnounceOnlyTheCellsThatChanged();
    void badLoadLeavesScenarioUntouched_data();
    void badLoadLeavesScenarioUntouched();
    void saveThenLoadRoundTrips();
    void saveAsAppendsTheExtension_data();
    void saveAsAppendsTheExtension();
    void undoTextDescribesTheStep_data();
    void undoTextDescribesTheStep();
    void mergedGestureUpdatesTheUndoText();
    void restoreRecoveredIsModifiedAndBound_data();
    void restoreRecoveredIsModifiedAndBound();
};

void TestDocument::startsOnTheDefaultScenario()
{
    ScenarioDocument doc;
    QVERIFY(identical(doc.scenario(), [] {
        Scenario s = defaultScenario();
        s.normalizeSideArrays();
        return s;
    }()));
    QVERIFY(!doc.isModified());
    QVERIFY(doc.filePath().isEmpty());
    QCOMPARE(doc.analysis().attention().weights.cols(), 3);
    // MATH.md §6 B
    QVERIFY(std::abs(doc.analysis().attention().weights(0, 0) - 0.51405814) < 1e-8);
}

void TestDocument::undoRedoRestoresExactly()
{
    QFETCH(QString, name);
    const EditRow &row = undoableEdits().at(name);
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(scenarioFor(row.base)));
    const Scenario before = doc.scenario();
    QSignalSpy changed(&doc, &ScenarioDocument::changed);

    const ScenarioDocument::Error error = row.edit(doc);
    QVERIFY2(!error, qPrintable(error.value_or(QString())));
    QCOMPARE(doc.undoStack()->count(), 1);
    QVERIFY(!identical(doc.scenario(), before));
    QVERIFY(doc.isModified());
    QCOMPARE(changed.count(), 1); // the Analysis is recomputed once per change
    QVERIFY(doc.analysis().scenario() == doc.scenario());
    const Scenario after = doc.scenario();

    doc.undoStack()->undo();
    QVERIFY(identical(doc.scenario(), before));
    QVERIFY(doc.analysis().scenario() == before);
    QVERIFY(!doc.isModified());
    doc.undoStack()->redo();
    QVERIFY(identical(doc.scenario(), after));
    doc.undoStack()->undo();
    QVERIFY(identical(doc.scenario(), before));
    QCOMPARE(changed.count(), 4);
}

void TestDocument::refusedEditChangesNothing()
{
    QFETCH(QString, name);
    const EditRow &row = refusedEdits().at(name);
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(scenarioFor(row.base)));
    const Scenario before = doc.scenario();
    QSignalSpy changed(&doc, &ScenarioDocument::changed);

    const ScenarioDocument::Error error = row.edit(doc);
    QVERIFY(error.has_value());
    QVERIFY(!error->isEmpty());
    QVERIFY2(identical(doc.scenario(), before), qPrintable(*error));
    QCOMPARE(doc.undoStack()->count(), 0);
    QCOMPARE(changed.count(), 0);
    QVERIFY(!doc.isModified());
}

void TestDocument::unchangedValueIsNotAnUndoStep()
{
    ScenarioDocument doc;
    QVERIFY(!doc.setCell(CellTable::Query, 0, 0, doc.scenario().queries(0, 0)));
    QVERIFY(!doc.setMask(doc.scenario().mask));
    QVERIFY(!doc.setMaxEntTarget(0, std::nullopt));
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(!doc.isModified());
}

void TestDocument::gestureMergesIntoOneUndoStep()
{
    ScenarioDocument doc;
    const Scenario before = doc.scenario();
    const int gesture = doc.beginGesture();
    for (double tau : {0.5, 0.7, 0.9, 1.3})
        QVERIFY(!doc.setTemperature(TemperatureMode::Fixed, tau, gesture));
    QCOMPARE(doc.undoStack()->count(), 1);
    QVERIFY(std::abs(doc.analysis().tau() - 1.3) < 1e-15);
    // A new gesture (or none) is a new step.
    QVERIFY(!doc.setTemperature(TemperatureMode::Fixed, 2.0));
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QVERIFY(identical(doc.scenario(), before));
}

void TestDocument::modifiedFollowsTheCleanState()
{
    ScenarioDocument doc;
    QSignalSpy modified(&doc, &ScenarioDocument::modifiedChanged);
    QVERIFY(!doc.setCell(CellTable::Value, 0, 0, 3.0));
    QVERIFY(doc.isModified());
    QCOMPARE(modified.count(), 1);
    QCOMPARE(modified.last().at(0).toBool(), true);
    doc.undoStack()->undo();
    QVERIFY(!doc.isModified());
    QCOMPARE(modified.last().at(0).toBool(), false);
}

void TestDocument::anEditPutBackIsNoChange()
{
    // A reader's find on issue 14: τ moved and put back by hand asked "save changes?". The
    // scenario is what was loaded: nothing to save (the undo steps stay).
    ScenarioDocument doc;
    QSignalSpy modified(&doc, &ScenarioDocument::modifiedChanged);
    QVERIFY(!doc.setTemperature(TemperatureMode::Fixed, 0.5));
    QVERIFY(doc.isModified());
    QVERIFY(!doc.setTemperature(TemperatureMode::SqrtDk));
    QVERIFY(!doc.isModified());
    QCOMPARE(modified.count(), 2);
    QCOMPARE(modified.last().at(0).toBool(), false);
    QCOMPARE(doc.undoStack()->count(), 2);
    // A value typed over and typed back, after a save: the saved file's scenario again.
    const QTemporaryDir dir;
    QVERIFY(!doc.setCell(CellTable::Value, 0, 0, 3.0));
    QVERIFY(!doc.saveAs(dir.filePath(QStringLiteral("put-back.softmaxlab.json"))));
    QVERIFY(!doc.isModified());
    QVERIFY(!doc.setCell(CellTable::Value, 0, 0, 4.0));
    QVERIFY(doc.isModified());
    QVERIFY(!doc.setCell(CellTable::Value, 0, 0, 3.0));
    QVERIFY(!doc.isModified());
    // Undo past the save leaves the saved scenario: a change again.
    doc.undoStack()->setIndex(1);
    QVERIFY(doc.isModified());
    QCOMPARE(modified.last().at(0).toBool(), true);
}

void TestDocument::selectedQueryIsClampedAfterRemoval()
{
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(baseScenario()));
    doc.setSelectedQuery(2);
    QCOMPARE(doc.selectedQuery(), 2);
    QSignalSpy selected(&doc, &ScenarioDocument::selectedQueryChanged);
    QVERIFY(!doc.removeQuery(2));
    QCOMPARE(doc.selectedQuery(), 1);
    QCOMPARE(selected.count(), 1);
    doc.setSelectedQuery(99);
    QCOMPARE(doc.selectedQuery(), 1);
}

void TestDocument::feasibleMaxEntTargetIsAccepted()
{
    ScenarioDocument doc; // default scenario: f = (1, 0.5, −1)
    const auto range = doc.similarityRange(0);
    QVERIFY(range.has_value());
    QVERIFY(std::abs(range->first - -1.0) < 1e-15);
    QVERIFY(std::abs(range->second - 1.0) < 1e-15);
    QVERIFY(!doc.setMaxEntTarget(0, 0.0));
    QVERIFY(doc.scenario().targetFor(0).has_value());
    const QueryDetail d = doc.analysis().detail(0);
    QVERIFY(!d.maxentTargetIsDefault);
    QVERIFY(std::abs(d.maxentTarget) < 1e-15);
    QVERIFY(d.maxent.status == maxent::Status::Ok);
}

void TestDocument::linkedToFreeStartsFromCurrentVariances()
{
    ScenarioDocument doc; // MATH.md §6 B: σ² = (0.49306869, 0.70218850, 2.02811498)
    QVERIFY(!doc.setVarianceMode(VarianceMode::Free));
    const Eigen::MatrixXd &v = doc.scenario().freeVariances;
    QVERIFY(std::abs(v(0, 0) - 0.49306869) < 1e-8);
    QVERIFY(std::abs(v(0, 1) - 0.70218850) < 1e-8);
    QVERIFY(std::abs(v(0, 2) - 2.02811498) < 1e-8);
    // So the MLE weights do not move at the switch.
    const QueryDetail d = doc.analysis().detail(0);
    QVERIFY(d.mleMaxAbsDiff < 1e-12);
}

void TestDocument::linkedModeStoresNoFreeVariancesAndUndoKeepsWhatWasTyped()
{
    // Issue 5 (memory): linked mode keeps no m×T free-variance matrix, whatever the scenario
    // handed in, after an added key, and after a switch back from free mode.
    Scenario handed = defaultScenario();
    handed.freeVariances = Eigen::MatrixXd::Constant(1, 3, 7.0);
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(handed));
    QCOMPARE(doc.scenario().freeVariances.size(), Eigen::Index(0));
    QVERIFY(!doc.addKey());
    QCOMPARE(doc.scenario().freeVariances.size(), Eigen::Index(0));
    QVERIFY(!doc.removeKey(3));
    // A variance cell cannot be set while the variances are linked: a clear refusal.
    const auto refused = doc.setCell(CellTable::Variance, 0, 1, 2.0);
    QVERIFY(refused && refused->contains(QStringLiteral("free")));

    QVERIFY(!doc.setVarianceMode(VarianceMode::Free));
    QCOMPARE(doc.scenario().freeVariances.rows(), Eigen::Index(1));
    QCOMPARE(doc.scenario().freeVariances.cols(), Eigen::Index(3));
    QVERIFY(!doc.setCell(CellTable::Variance, 0, 1, 2.5));
    QVERIFY(!doc.addKey()); // a new key in free mode gets σ² = 1
    QCOMPARE(doc.scenario().freeVariances(0, 3), 1.0);
    QVERIFY(!doc.setVarianceMode(VarianceMode::Linked));
    QCOMPARE(doc.scenario().freeVariances.size(), Eigen::Index(0));
    QVERIFY(doc.analysis().detail(0).mleMaxAbsDiff < 1e-12); // linked: π = w again

    doc.undoStack()->undo(); // back to free: what was typed is there
    QCOMPARE(doc.scenario().varianceMode, VarianceMode::Free);
    QCOMPARE(doc.scenario().freeVariances.cols(), Eigen::Index(4));
    QCOMPARE(doc.scenario().freeVariances(0, 1), 2.5);
    doc.undoStack()->undo(); // the added key goes, and its column with it
    QCOMPARE(doc.scenario().freeVariances.cols(), Eigen::Index(3));
    QCOMPARE(doc.scenario().freeVariances(0, 1), 2.5);
    doc.undoStack()->undo(); // the cell
    doc.undoStack()->undo(); // the switch to free
    QCOMPARE(doc.scenario().varianceMode, VarianceMode::Linked);
    QCOMPARE(doc.scenario().freeVariances.size(), Eigen::Index(0));
}

void TestDocument::tablesAnnounceOnlyTheCellsThatChanged()
{
    // Issue 5: after an edit a table repaints the edited cell, not every visible cell.
    ScenarioDocument
        doc; // 1 query, 3 keys, d_k = d_v = 2: keys table columns label, k1, k2, v1, v2
    KeysTableModel keys(&doc);
    QueriesTableModel queries(&doc);
    QSignalSpy keysData(&keys, &QAbstractItemModel::dataChanged);
    QSignalSpy keysHeaders(&keys, &QAbstractItemModel::headerDataChanged);
    QSignalSpy keysReset(&keys, &QAbstractItemModel::modelReset);
    QSignalSpy queriesData(&queries, &QAbstractItemModel::dataChanged);
    auto lastRange = [](const QSignalSpy &spy) {
        const QList<QVariant> args = spy.last();
        const QModelIndex a = args.at(0).toModelIndex(), b = args.at(1).toModelIndex();
        return QRect(QPoint(a.column(), a.row()), QPoint(b.column(), b.row()));
    };

    QVERIFY(!doc.setCell(CellTable::Key, 1, 0, 0.25));
    QCOMPARE(keysData.count(), 1);
    QCOMPARE(lastRange(keysData), QRect(1, 1, 1, 1));
    QCOMPARE(keysHeaders.count(), 0);
    QCOMPARE(queriesData.count(), 0); // the queries did not change

    QVERIFY(!doc.setCell(CellTable::Value, 2, 1, 3.0));
    QCOMPARE(lastRange(keysData), QRect(4, 2, 1, 1));
    doc.undoStack()->undo();
    QCOMPARE(lastRange(keysData), QRect(4, 2, 1, 1));
    QVERIFY(!doc.setLabel(LabelTarget::Key, 0, QStringLiteral("first")));
    QCOMPARE(lastRange(keysData), QRect(0, 0, 1, 1));
    QCOMPARE(keys.data(keys.index(0, 0)).toString(), QStringLiteral("first"));

    QVERIFY(!doc.setCell(CellTable::Query, 0, 1, 2.0));
    QCOMPARE(queriesData.count(), 1);
    QCOMPARE(lastRange(queriesData), QRect(2, 0, 1, 1));
    const int keysBefore = int(keysData.count());
    QVERIFY(!doc.setTemperature(TemperatureMode::Fixed, 3.0)); // nothing in these tables moves
    QCOMPARE(int(keysData.count()), keysBefore);

    // d_k = 3, d_v = 1: the same five columns, other headers.
    Scenario traded = doc.scenario();
    traded.queries = Eigen::MatrixXd::Ones(1, 3);
    traded.keys = Eigen::MatrixXd::Identity(3, 3);
    traded.values = Eigen::MatrixXd::Ones(3, 1);
    QVERIFY(!doc.replaceScenario(traded, QStringLiteral("trade")));
    QCOMPARE(keysReset.count(), 0);
    QVERIFY(keysHeaders.count() >= 1);
    QCOMPARE(keys.headerData(3, Qt::Horizontal).toString(), QStringLiteral("k[3]"));
    QCOMPARE(keys.headerData(4, Qt::Horizontal).toString(), QStringLiteral("v[1]"));
    doc.undoStack()->undo();
    QCOMPARE(keys.headerData(3, Qt::Horizontal).toString(), QStringLiteral("v[1]"));

    QVERIFY(!doc.addKey()); // a new row: the model is reset
    QCOMPARE(keysReset.count(), 1);
    QVERIFY(!doc.addQuery());
    doc.setSelectedQuery(1); // the tint moves from row 0 to row 1
    QCOMPARE(lastRange(queriesData), QRect(0, 0, 3, 2));
}

void TestDocument::badLoadLeavesScenarioUntouched_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<bool>("missing");
    QTest::newRow("missing file") << QByteArray() << true;
    QTest::newRow("empty file") << QByteArray() << false;
    QTest::newRow("syntax error") << QByteArray("{\"format\": ") << false;
    QTest::newRow("NaN literal")
        << QByteArray("{\"format\":\"softmaxlab-scenario\",\"version\":1,\"title\":NaN}") << false;
    QTest::newRow("wrong format") << QByteArray("{\"format\":\"other\",\"version\":1}") << false;
    QTest::newRow("newer version")
        << QByteArray("{\"format\":\"softmaxlab-scenario\",\"version\":2}") << false;
    QTest::newRow("duplicate key")
        << QByteArray("{\"format\":\"softmaxlab-scenario\",\"format\":\"softmaxlab-scenario\"}")
        << false;
    QTest::newRow("valid JSON, wrong d_k")
        << QByteArray("{\"format\":\"softmaxlab-scenario\",\"version\":1,\"title\":\"\","
                      "\"queries\":[{\"label\":\"q\",\"vector\":[1,2]}],"
                      "\"keys\":[{\"label\":\"k\",\"vector\":[1],\"value\":[1]}],"
                      "\"temperature\":{\"mode\":\"sqrt_dk\"},\"mask\":\"none\","
                      "\"variance\":{\"mode\":\"linked\",\"sigma0_squared\":1},\"maxent\":{"
                      "\"targets\":null}}")
        << false;
}

void TestDocument::badLoadLeavesScenarioUntouched()
{
    QFETCH(QByteArray, content);
    QFETCH(bool, missing);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());

    ScenarioDocument doc;
    const QString good = dir.filePath(QStringLiteral("good.softmaxlab.json"));
    QVERIFY(!doc.resetTo(baseScenario()));
    QVERIFY(!doc.saveAs(good));
    QVERIFY(!doc.setCell(CellTable::Query, 0, 0, 4.0)); // unsaved edit with undo history
    const Scenario before = doc.scenario();
    const QString pathBefore = doc.filePath();

    const QString bad = dir.filePath(QStringLiteral("bad.softmaxlab.json"));
    if (!missing) {
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
    }
    QSignalSpy changed(&doc, &ScenarioDocument::changed);
    const ScenarioDocument::Error error = doc.load(bad);
    QVERIFY(error.has_value());
    QVERIFY(!error->isEmpty());
    QVERIFY(identical(doc.scenario(), before));
    QCOMPARE(doc.filePath(), pathBefore);
    QCOMPARE(doc.undoStack()->count(), 1);
    QVERIFY(doc.isModified());
    QCOMPARE(changed.count(), 0);
}

void TestDocument::saveThenLoadRoundTrips()
{
    QTemporaryDir dir;
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(freeScenario()));
    QVERIFY(!doc.setCell(CellTable::Variance, 0, 1, 0.1));
    QVERIFY(doc.isModified());
    const QString path = dir.filePath(QStringLiteral("round.softmaxlab.json"));
    QVERIFY(!doc.saveAs(path));
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.displayName(), QStringLiteral("round.softmaxlab.json"));
    const Scenario saved = doc.scenario();

    ScenarioDocument other;
    QVERIFY(!other.setCell(CellTable::Query, 0, 0, 2.0));
    QVERIFY(!other.load(path));
    QVERIFY(other.scenario() == saved);
    QVERIFY(!other.isModified());
    QCOMPARE(other.undoStack()->count(), 0);
    QCOMPARE(other.filePath(), path);
}

void TestDocument::saveAsAppendsTheExtension_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no extension") << "lesson"
                                  << "lesson.softmaxlab.json";
    QTest::newRow("full extension") << "lesson.softmaxlab.json"
                                    << "lesson.softmaxlab.json";
    QTest::newRow("other extension kept") << "lesson.json"
                                          << "lesson.json";
}

void TestDocument::saveAsAppendsTheExtension()
{
    QFETCH(QString, name);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    ScenarioDocument doc;
    QVERIFY(!doc.saveAs(dir.filePath(name)));
    QVERIFY(QFile::exists(dir.filePath(expected)));
    QCOMPARE(QFileInfo(doc.filePath()).fileName(), expected);
}

void TestDocument::undoTextDescribesTheStep_data()
{
    QTest::addColumn<QString>("name");
    for (const auto &[name, row] : undoTexts())
        QTest::newRow(name.toUtf8().constData()) << name;
}

void TestDocument::undoTextDescribesTheStep()
{
    QFETCH(QString, name);
    const TextRow &row = undoTexts().at(name);
    ScenarioDocument doc;
    QVERIFY(!doc.resetTo(baseScenario()));
    const ScenarioDocument::Error error = row.edit(doc);
    QVERIFY2(!error, qPrintable(error.value_or(QString())));
    QCOMPARE(doc.undoStack()->undoText(), row.text);
    doc.undoStack()->undo();
    QCOMPARE(doc.undoStack()->redoText(), row.text);
}

void TestDocument::mergedGestureUpdatesTheUndoText()
{
    ScenarioDocument doc;
    const int gesture = doc.beginGesture();
    for (double s : {1.5, 2.0, 3.25})
        QVERIFY(!doc.setSigma0Squared(s, gesture));
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Set σ0² to 3.25"));
}

void TestDocument::restoreRecoveredIsModifiedAndBound_data()
{
    QTest::addColumn<int>("original"); // 0: untitled, 1: the file exists, 2: the file is gone
    QTest::newRow("untitled") << 0;
    QTest::newRow("original file on disk") << 1;
    QTest::newRow("original file deleted since") << 2;
}

void TestDocument::restoreRecoveredIsModifiedAndBound()
{
    QFETCH(int, original);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("lesson.softmaxlab.json"));
    const Scenario onDisk = baseScenario();
    QVERIFY(!ScenarioIo::saveFile(onDisk, path));
    const QByteArray bytesBefore = [&] {
        QFile f(path);
        f.open(QIODevice::ReadOnly);
        return f.readAll();
    }();
    if (original == 2)
        QVERIFY(QFile::remove(path));
    Scenario recovered = onDisk;
    recovered.keys(1, 0) = 2.5;

    ScenarioDocument doc;
    QVERIFY(!doc.restoreRecovered(recovered, original == 0 ? QString() : path));
    QVERIFY(doc.isModified());
    QVERIFY(doc.scenario() == recovered);
    QCOMPARE(doc.filePath(), original == 0 ? QString() : QFileInfo(path).absoluteFilePath());
    if (original == 1) {
        // Undo shows the file on disk, which was not touched.
        QCOMPARE(doc.undoStack()->count(), 1);
        doc.undoStack()->undo();
        QVERIFY(doc.scenario() == onDisk);
        QVERIFY(!doc.isModified());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), bytesBefore);
    } else {
        QCOMPARE(doc.undoStack()->count(), 0);
        QCOMPARE(QFile::exists(path), original == 0);
    }
}

QTEST_MAIN(TestDocument)
#include "tst_document.moc"
