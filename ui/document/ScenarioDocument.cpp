#include "document/ScenarioDocument.h"

#include "Lesson.h"
#include "MaxEnt.h"
#include "Model.h"
#include "ScenarioIo.h"
#include "TsallisMaxEnt.h"
#include "document/AnalysisWorker.h"
#include "document/commands/AddRemoveRowCommands.h"
#include "document/commands/ModelEditCommand.h"
#include "document/commands/ReorderCommands.h"
#include "document/commands/ReplaceScenarioCommand.h"
#include "document/commands/SetterCommands.h"

#include <Eigen/QR>
#include <QFileInfo>
#include <QScopeGuard>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <variant>

namespace sml {

ScenarioDocument::ScenarioDocument(QObject *parent)
    : QObject(parent), mWorker(new AnalysisWorker(this)), mUndoStack(new QUndoStack(this))
{
    mScenario = defaultScenario();
    mScenario.normalizeSideArrays();
    mSavedSettings = lessonSettingsJson(mScenario);
    connect(mWorker, &AnalysisWorker::finished, this, &ScenarioDocument::analysisReady);
    recompute();
    mCleanScenario = mScenario;
    connect(mUndoStack, &QUndoStack::cleanChanged, this, &ScenarioDocument::announceModified);
    connect(mUndoStack, &QUndoStack::indexChanged, this, &ScenarioDocument::announceModified);
}

ScenarioDocument::~ScenarioDocument() = default;

QString ScenarioDocument::displayName() const
{
    if (!mFilePath.isEmpty())
        return QFileInfo(mFilePath).fileName();
    if (!mDisplayName.isEmpty())
        return mDisplayName;
    return tr("untitled");
}

QString ScenarioDocument::titleStem(const QString &fallback) const
{
    QString name;
    for (const QChar c : baseScenario().title.toLower())
        name += c.isLetterOrNumber() ? c : QLatin1Char('-');
    name = name.split(QLatin1Char('-'), Qt::SkipEmptyParts).join(QLatin1Char('-'));
    return name.isEmpty() ? fallback : name;
}

bool ScenarioDocument::isModified() const
{
    if (mUndoStack->isClean())
        return false;
    return mShown || !mCleanScenario || !(mScenario == *mCleanScenario);
}

void ScenarioDocument::announceModified()
{
    if (const bool modified = isModified(); modified != mModified) {
        mModified = modified;
        emit modifiedChanged(modified);
    }
}

void ScenarioDocument::setSelectedQuery(int query)
{
    query = std::clamp(query, 0, std::max(0, scenario().m() - 1));
    if (query == mSelectedQuery)
        return;
    mSelectedQuery = query;
    emit selectedQueryChanged(query);
}

void ScenarioDocument::setSelectedHead(int head)
{
    if (!mModelAnalysis)
        return;
    head = std::clamp(head, 0, int(mModelAnalysis->heads.size()) - 1);
    if (head == mSelectedHead)
        return;
    mSelectedHead = head;
    mAnalysis = mModelAnalysis->heads[size_t(head)];
    emit changed();
    emit selectedHeadChanged(head);
}

// --- files ---------------------------------------------------------------------------------

void ScenarioDocument::resetDocument(Scenario scenario, const QString &path,
                                     const QString &displayName, bool example)
{
    const bool wasShowingStep = mShown.has_value();
    mShown.reset();
    mScenario = std::move(scenario);
    mScenario.normalizeSideArrays();
    mSavedSettings = lessonSettingsJson(mScenario);
    const int oldHead = std::exchange(mSelectedHead, 0); // a new scenario opens on head 1
    const bool ready = recompute();
    mFilePath = path;
    mDisplayName = displayName;
    mExample = example;
    const int oldSelected = mSelectedQuery;
    mSelectedQuery = 0;
    mCleanScenario = mScenario;
    // clear() deletes the commands (which point at the old scenario's rows) and emits
    // cleanChanged → modifiedChanged(false) when the document was modified.
    mUndoStack->clear();
    emit filePathChanged(mFilePath);
    if (ready)
        emit changed();
    if (oldSelected != 0)
        emit selectedQueryChanged(0);
    if (wasShowingStep)
        emit shownStepChanged(std::nullopt);
    if (oldHead != 0)
        emit selectedHeadChanged(0);
    emit opened();
}

ScenarioDocument::Error ScenarioDocument::load(const QString &path)
{
    LoadResult result = ScenarioIo::loadFile(path);
    if (const auto *error = std::get_if<LoadError>(&result))
        return error->message;
    resetDocument(std::get<Scenario>(std::move(result)), QFileInfo(path).absoluteFilePath(),
                  QString());
    return std::nullopt;
}

ScenarioDocument::Error ScenarioDocument::loadExample(const QString &resourcePath)
{
    LoadResult result = ScenarioIo::loadFile(resourcePath);
    if (const auto *error = std::get_if<LoadError>(&result))
        return error->message;
    QString name = QFileInfo(resourcePath).fileName();
    resetDocument(std::get<Scenario>(std::move(result)), QString(), tr("%1 (example)").arg(name),
                  true);
    return std::nullopt;
}

void ScenarioDocument::newScenario()
{
    resetDocument(defaultScenario(), QString(), QString());
}

void ScenarioDocument::newEmptyScenario()
{
    // defaultScenario()'s settings (τ = √d_k, no mask, linked variances, σ0² = 1) with no
    // title or notes, q = (1, 0), k1 = (1, 0), k2 = (0, 1), v1 = (1, 0), v2 = (0, 1).
    Scenario s = defaultScenario();
    s.title.clear();
    s.description.reset();
    s.queries.resize(1, 2);
    s.queries << 1.0, 0.0;
    s.keyLabels = {QStringLiteral("k1"), QStringLiteral("k2")};
    s.keys.resize(2, 2);
    s.keys << 1.0, 0.0, 0.0, 1.0;
    s.values.resize(2, 2);
    s.values << 1.0, 0.0, 0.0, 1.0;
    s.maxentTargets.reset();
    s.normalizeSideArrays();
    resetDocument(std::move(s), QString(), QString());
}

ScenarioDocument::Error ScenarioDocument::resetTo(const Scenario &scenario,
                                                  const QString &displayName)
{
    Scenario s = scenario;
    s.normalizeSideArrays();
    if (auto error = validateScenario(s))
        return error->message;
    resetDocument(std::move(s), QString(), displayName);
    return std::nullopt;
}

ScenarioDocument::Error ScenarioDocument::restoreRecovered(const Scenario &recovered,
                                                           const QString &originalPath)
{
    Scenario s = recovered;
    s.normalizeSideArrays();
    if (auto error = validateScenario(s))
        return error->message;
    if (!originalPath.isEmpty()) {
        LoadResult onDisk = ScenarioIo::loadFile(originalPath);
        if (auto *original = std::get_if<Scenario>(&onDisk)) {
            resetDocument(std::move(*original), QFileInfo(originalPath).absoluteFilePath(),
                          QString());
            if (!(mScenario == s))
                return replaceScenario(s, tr("Restore unsaved changes"));
            return std::nullopt;
        }
    }
    resetDocument(std::move(s),
                  originalPath.isEmpty() ? QString() : QFileInfo(originalPath).absoluteFilePath(),
                  originalPath.isEmpty() ? tr("recovered") : QString());
    mCleanScenario.reset();
    mUndoStack->resetClean(); // modified, with nothing to undo
    return std::nullopt;
}

ScenarioDocument::Error ScenarioDocument::save()
{
    if (mFilePath.isEmpty())
        return tr("The scenario has no file name yet; use Save As.");
    if (auto error = writeBase(mFilePath))
        return error;
    mCleanScenario = baseScenario();
    mUndoStack->setClean();
    return std::nullopt;
}

ScenarioDocument::Error ScenarioDocument::saveAs(const QString &path)
{
    const QString target = withDefaultExtension(path);
    if (auto error = writeBase(target))
        return error;
    mFilePath = QFileInfo(target).absoluteFilePath();
    mDisplayName.clear();
    mExample = false;
    emit filePathChanged(mFilePath);
    mCleanScenario = baseScenario();
    mUndoStack->setClean();
    return std::nullopt;
}

ScenarioDocument::Error ScenarioDocument::writeBase(const QString &path)
{
    // The base scenario with its lesson: a shown step is left first (its changes become one
    // undo step, which the clean state then includes) and opened again afterwards.
    const std::optional<int> step = shownStep();
    if (step)
        showStep(std::nullopt);
    const auto reopen = qScopeGuard([&] {
        if (step)
            showStep(step);
    });
    if (auto error = ScenarioIo::saveFile(mScenario, path))
        return error->message;
    mSavedSettings = lessonSettingsJson(mScenario);
    return std::nullopt;
}

QString ScenarioDocument::withDefaultExtension(const QString &path)
{
    const QFileInfo info(path);
    if (info.fileName().isEmpty() || info.fileName().contains(QLatin1Char('.')))
        return path;
    return path + QStringLiteral(".softmaxlab.json");
}

// --- edits ---------------------------------------------------------------------------------

ScenarioDocument::Error ScenarioDocument::push(std::unique_ptr<ScenarioCommand> command)
{
    // Validate the would-be scenario in place and revert (commands revert exactly, as undo
    // relies on): copying the scenario would copy its m×T free variances on every edit.
    command->apply(mScenario);
    // A model edit is checked on the shown analysis's projections where it can (one token's
    // embedding changed: no X W products for the heads, issue 19).
    const std::optional<LoadError> error = validateScenario(mScenario, mModelAnalysis.get());
    command->revert(mScenario);
    if (error)
        return error->message;
    if (mShown)
        mShown->entryRedoCount = 0;      // (the stack drops what was there to redo)
    mUndoStack->push(command.release()); // calls redo(): applies and recomputes once
    return std::nullopt;
}

int ScenarioDocument::selectedQuery() const
{
    return std::min(mSelectedQuery, std::max(0, mAnalysis->scenario().m() - 1));
}

bool ScenarioDocument::recompute()
{
    if (mScenario.model) {
        // A model scenario: every head is analysed, synchronously (the lesson models are small;
        // validateScenario bounds H·m·T), and analysis() is the selected head's (MATH.md §8).
        if (mWorker->isBusy() || mAnalysisPending)
            mWorker->cancelAll();
        const int T = mScenario.model->T();
        AnalysisOptions options;
        options.keepWeights = double(T) * double(T) < 1e6;
        mModelAnalysis = std::make_shared<const ModelAnalysis>(
            analyzeModel(mScenario, options, mModelAnalysis.get()));
        mSelectedHead = std::clamp(mSelectedHead, 0, int(mModelAnalysis->heads.size()) - 1);
        mAnalysis = mModelAnalysis->heads[size_t(mSelectedHead)];
        mAnalysisPending = false;
        return true;
    }
    mModelAnalysis.reset();
    mSelectedHead = 0;
    // Synchronous for small scenarios, and always for the first Analysis (the constructor).
    if (!mAnalysis || !AnalysisWorker::runsAsync(mScenario)) {
        if (mWorker->isBusy() || mAnalysisPending)
            mWorker->cancelAll(); // whatever it computes now is older than this
        // From the Analysis shown when only a row changed (issue 19), else in full.
        const AnalysisOptions options = AnalysisWorker::optionsFor(mScenario);
        mAnalysis = mAnalysis ? std::make_shared<const Analysis>(Scenario(mScenario), *mAnalysis,
                                                                 options)
                              : std::make_shared<const Analysis>(mScenario, options);
        mAnalysisPending = false;
        return true;
    }
    mWorker->request(AnalysisWorker::snapshot(mScenario), mAnalysis);
    mAnalysisPending = true;
    return false;
}

void ScenarioDocument::analysisReady(std::shared_ptr<const Analysis> analysis)
{
    const int shownSelection = selectedQuery();
    // A large previous Analysis is freed on another thread while the views update (issue 5).
    AnalysisWorker::releaseElsewhere(std::exchange(mAnalysis, std::move(analysis)));
    mAnalysisPending = false;
    emit changed();
    if (selectedQuery() != shownSelection)
        emit selectedQueryChanged(selectedQuery());
}

void ScenarioDocument::scenarioEdited()
{
    const int oldHead = mSelectedHead;
    const bool ready = recompute();
    const int clamped = std::clamp(mSelectedQuery, 0, std::max(0, scenario().m() - 1));
    const bool selectionMoved = clamped != mSelectedQuery;
    mSelectedQuery = clamped;
    if (ready)
        emit changed();
    if (selectionMoved)
        emit selectedQueryChanged(selectedQuery());
    if (mSelectedHead != oldHead)
        emit selectedHeadChanged(mSelectedHead);
}

// --- model scenarios -------------------------------------------------------------------------

ScenarioDocument::Error ScenarioDocument::refuseOnModel() const
{
    if (!mScenario.model)
        return std::nullopt;
    return tr("In a model scenario the queries, keys and values are the tokens' projections "
              "(Q = X W_Q, K = X W_K, V = X W_V): edit the embeddings X or the head's W_Q, W_K "
              "and W_V instead, or bake the head into a plain scenario (Bake head).");
}

ScenarioDocument::Error ScenarioDocument::pushModel(Model model, const QString &place,
                                                    const QString &undoText, int gesture)
{
    if (model == *mScenario.model)
        return std::nullopt;
    return push(std::make_unique<ModelEditCommand>(commandTarget(), ModelField{place, undoText},
                                                   *mScenario.model, std::move(model), gesture));
}

ScenarioDocument::Error ScenarioDocument::setModelCell(ModelMatrix matrix, int head, int row,
                                                       int column, double value, int gesture)
{
    if (!mScenario.model)
        return tr("The scenario has no model (no embeddings and projections).");
    const Model &model = *mScenario.model;
    if (matrix != ModelMatrix::Embeddings && (head < 0 || head >= model.H()))
        return tr("No such head %1.").arg(head + 1);
    const int h = matrix == ModelMatrix::Embeddings ? 0 : head;
    const Eigen::MatrixXd &mat = modelMatrix(model, matrix, h);
    if (row < 0 || row >= mat.rows() || column < 0 || column >= mat.cols())
        return tr("No such cell (%1, %2).").arg(row + 1).arg(column + 1);
    if (!std::isfinite(value))
        return tr("%1 is not a finite number.").arg(value);
    const double old = mat(row, column);
    if (old == value && std::signbit(old) == std::signbit(value))
        return std::nullopt;
    const QString name = modelMatrixName(matrix);
    // "Edit X[1] of “the”" (a token's embedding component), "Edit W_Q[2, 1] of head 1".
    const QString text = matrix == ModelMatrix::Embeddings
                             ? tr("Edit X[%1] of %2")
                                   .arg(column + 1)
                                   .arg(CellField::tokenCellName(model.tokenLabels.value(row), row))
                             : tr("Edit %1[%2, %3] of %4")
                                   .arg(name)
                                   .arg(row + 1)
                                   .arg(column + 1)
                                   .arg(model.heads[size_t(h)].label);
    return push(std::make_unique<ModelCellCommand>(
        commandTarget(), ModelCellField{matrix, h, row, column, text}, old, value, gesture));
}

ScenarioDocument::Error ScenarioDocument::moveModelVector(VectorKind kind, int row,
                                                          const Eigen::RowVectorXd &vector,
                                                          int gesture)
{
    // The least-norm change of the token's embedding x that moves its key (query) as dragged:
    // Δx = Δk · W_K⁺, with W_K⁺ the pseudo-inverse (complete orthogonal decomposition, so a
    // rank-deficient W_K works: the key then moves to the nearest point it can reach)
    // (scenario-format.md, `model`; MATH.md §8). The token's query and value move with x.
    Model model = *mScenario.model;
    const ModelHead &head = model.heads[size_t(mSelectedHead)];
    const bool key = kind == VectorKind::Key;
    const Eigen::MatrixXd &w = key ? head.wK : head.wQ; // d_model×d_k
    const Eigen::RowVectorXd old = (key ? scenario().keys : scenario().queries).row(row);
    const Eigen::MatrixXd pinv = w.completeOrthogonalDecomposition().pseudoInverse(); // d_k×d_model
    const Eigen::RowVectorXd delta = (vector - old) * pinv;
    if (!delta.allFinite())
        return tr("The move cannot be reached by a finite change of the embedding.");
    model.embeddings.row(row) += delta;
    const QString token = ScenarioCommand::tokenName(model.tokenLabels.value(row), row);
    const QString text =
        key ? tr("Move the embedding of %1 (its key in %2)").arg(token, head.label)
            : tr("Move the embedding of %1 (its query in %2)").arg(token, head.label);
    return pushModel(
        std::move(model),
        QStringLiteral("drag:%1:%2").arg(key ? QLatin1Char('k') : QLatin1Char('q')).arg(row), text,
        gesture);
}

ScenarioDocument::Error ScenarioDocument::bakeSelectedHead()
{
    if (!mScenario.model)
        return tr("The scenario has no model: there is no head to bake.");
    Scenario baked = headScenario(mScenario, mSelectedHead);
    baked.normalizeSideArrays();
    const QString label = mScenario.model->heads[size_t(mSelectedHead)].label;
    const QString name = tr("%1 (baked)").arg(label);
    return push(std::make_unique<ReplaceScenarioCommand>(
        commandTarget(), mScenario, std::move(baked), tr("Bake %1").arg(label),
        ReplaceScenarioCommand::FileChange{mFilePath, mDisplayName, QString(), name}));
}

ScenarioDocument::Error ScenarioDocument::setCell(CellTable table, int row, int column,
                                                  double value, int gesture)
{
    if (table == CellTable::Variance && mScenario.varianceMode == VarianceMode::Linked)
        return tr("The variances are linked to the scores (σ² = σ0² · exp(−s)): switch the "
                  "variances to free to set them by hand.");
    if (mScenario.model && table != CellTable::Variance)
        return refuseOnModel();
    const Eigen::MatrixXd &mat = CellField::matrix(scenario(), table);
    if (row < 0 || row >= mat.rows() || column < 0 || column >= mat.cols())
        return tr("No such cell (%1, %2).").arg(row + 1).arg(column + 1);
    if (!std::isfinite(value))
        return tr("%1 is not a finite number.").arg(value);
    if (table == CellTable::Variance && !(value > 0))
        return tr("A variance σ² must be positive.");
    const double old = mat(row, column);
    if (old == value && std::signbit(old) == std::signbit(value))
        return std::nullopt;
    // The undo text names the token: "Edit q[2] of “sat”" (issue 14 #11).
    const auto name = [](const QStringList &labels, int index) {
        return CellField::tokenCellName(index < labels.size() ? labels.at(index) : QString(),
                                        index);
    };
    const bool queryRow = table == CellTable::Query || table == CellTable::Variance;
    if (mScenario.model) { // a free variance of the selected head
        Model model = *mScenario.model;
        model.freeVariances[size_t(mSelectedHead)](row, column) = value;
        const QStringList &labels = mScenario.model->tokenLabels;
        const QString text = tr("Edit σ² of %1 → %2 in %3")
                                 .arg(name(labels, row), name(labels, column),
                                      mScenario.model->heads[size_t(mSelectedHead)].label);
        return pushModel(std::move(model),
                         QStringLiteral("var:%1:%2:%3").arg(mSelectedHead).arg(row).arg(column),
                         text, gesture);
    }
    CellField field{table, row, column,
                    queryRow ? name(mScenario.queryLabels, row) : name(mScenario.keyLabels, row),
                    table == CellTable::Variance ? name(mScenario.keyLabels, column) : QString()};
    return push(
        std::make_unique<SetCellCommand>(commandTarget(), std::move(field), old, value, gesture));
}

ScenarioDocument::Error
ScenarioDocument::moveVector(VectorKind kind, int row,
                             const Eigen::Ref<const Eigen::VectorXd> &vector, int gesture)
{
    const bool query = kind == VectorKind::Query;
    const Eigen::MatrixXd &mat = query ? scenario().queries : scenario().keys;
    if (row < 0 || row >= mat.rows())
        return query ? tr("No such query %1.").arg(row + 1) : tr("No such key %1.").arg(row + 1);
    if (vector.size() != mat.cols())
        return tr("Expected %1 numbers (d_k), got %2.").arg(mat.cols()).arg(vector.size());
    if (!vector.allFinite())
        return tr("A vector entry is not a finite number.");
    const Eigen::RowVectorXd old = mat.row(row);
    if (old == vector.transpose())
        return std::nullopt;
    if (mScenario.model)
        return moveModelVector(kind, row, vector.transpose(), gesture);
    const QString label = (query ? mScenario.queryLabels : mScenario.keyLabels).value(row);
    return push(std::make_unique<MoveVectorCommand>(commandTarget(), VectorField{kind, row, label},
                                                    old, vector.transpose(), gesture));
}

ScenarioDocument::Error ScenarioDocument::setLabel(LabelTarget target, int row,
                                                   const QString &label)
{
    const QStringList &labels =
        target == LabelTarget::Query ? scenario().queryLabels : scenario().keyLabels;
    if (row < 0 || row >= labels.size())
        return tr("No such row %1.").arg(row + 1);
    if (labels[row] == label)
        return std::nullopt;
    if (mScenario.model) { // a model's queries and keys are its tokens
        Model model = *mScenario.model;
        model.tokenLabels[row] = label;
        return pushModel(
            std::move(model), QStringLiteral("label:%1").arg(row),
            tr("Rename token %1 to “%2”").arg(ScenarioCommand::tokenName(labels[row], row), label),
            0);
    }
    return push(std::make_unique<SetLabelCommand>(commandTarget(), LabelField{target, row},
                                                  labels[row], label));
}

static QString freshLabel(const QStringList &existing, QChar prefix)
{
    for (int n = int(existing.size()) + 1;; ++n) {
        const QString candidate = QStringLiteral("%1%2").arg(prefix).arg(n);
        if (!existing.contains(candidate))
            return candidate;
    }
}

ScenarioDocument::Error ScenarioDocument::addQuery(int at)
{
    if (auto refused = refuseOnModel())
        return refused;
    const int m = mScenario.m();
    if (at < 0 || at > m)
        at = m;
    QueryRow row;
    row.label = freshLabel(mScenario.queryLabels, QLatin1Char('q'));
    row.vector = Eigen::RowVectorXd::Zero(mScenario.dK());
    row.freeVariances = Eigen::RowVectorXd::Ones(mScenario.T());
    return push(std::make_unique<AddRemoveQueryCommand>(
        commandTarget(), AddRemoveQueryCommand::Change::Add, at, std::move(row)));
}

ScenarioDocument::Error ScenarioDocument::removeQuery(int query)
{
    if (auto refused = refuseOnModel())
        return refused;
    if (query < 0 || query >= mScenario.m())
        return tr("No such query %1.").arg(query + 1);
    if (mScenario.m() <= 1)
        return tr("A scenario needs at least one query.");
    return push(std::make_unique<AddRemoveQueryCommand>(commandTarget(),
                                                        AddRemoveQueryCommand::Change::Remove,
                                                        query, queryRowAt(mScenario, query)));
}

ScenarioDocument::Error ScenarioDocument::addKey(int at)
{
    if (auto refused = refuseOnModel())
        return refused;
    const int T = mScenario.T();
    if (at < 0 || at > T)
        at = T;
    KeyRow row;
    row.label = freshLabel(mScenario.keyLabels, QLatin1Char('k'));
    row.vector = Eigen::RowVectorXd::Zero(mScenario.dK());
    row.value = Eigen::RowVectorXd::Zero(mScenario.dV());
    row.freeVariances = Eigen::VectorXd::Ones(mScenario.m());
    return push(std::make_unique<AddRemoveKeyCommand>(
        commandTarget(), AddRemoveKeyCommand::Change::Add, at, std::move(row)));
}

ScenarioDocument::Error ScenarioDocument::removeKey(int key)
{
    if (auto refused = refuseOnModel())
        return refused;
    if (key < 0 || key >= mScenario.T())
        return tr("No such key %1.").arg(key + 1);
    if (mScenario.T() <= 1)
        return tr("A scenario needs at least one key.");
    return push(std::make_unique<AddRemoveKeyCommand>(
        commandTarget(), AddRemoveKeyCommand::Change::Remove, key, keyRowAt(mScenario, key)));
}

ScenarioDocument::Error ScenarioDocument::moveQuery(int from, int to)
{
    if (auto refused = refuseOnModel())
        return refused;
    const int m = mScenario.m();
    if (from < 0 || from >= m || to < 0 || to >= m)
        return tr("Cannot move query %1 to position %2 (there are %3 queries).")
            .arg(from + 1)
            .arg(to + 1)
            .arg(m);
    if (from == to)
        return std::nullopt;
    return push(std::make_unique<ReorderCommand>(commandTarget(), VectorKind::Query, from, to,
                                                 mScenario.queryLabels.value(from)));
}

ScenarioDocument::Error ScenarioDocument::moveKey(int from, int to)
{
    if (auto refused = refuseOnModel())
        return refused;
    const int T = mScenario.T();
    if (from < 0 || from >= T || to < 0 || to >= T)
        return tr("Cannot move key %1 to position %2 (there are %3 keys).")
            .arg(from + 1)
            .arg(to + 1)
            .arg(T);
    if (from == to)
        return std::nullopt;
    return push(std::make_unique<ReorderCommand>(commandTarget(), VectorKind::Key, from, to,
                                                 mScenario.keyLabels.value(from)));
}

ScenarioDocument::Error
ScenarioDocument::setTemperature(TemperatureMode mode, std::optional<double> fixedTau, int gesture)
{
    double tau = mScenario.fixedTau;
    if (mode == TemperatureMode::Fixed)
        tau = fixedTau.value_or(scenario().tau());
    if (!std::isfinite(tau) || !(tau > 0))
        return tr("τ must be a positive finite number.");
    if (mode == mScenario.temperatureMode && tau == mScenario.fixedTau)
        return std::nullopt;
    return push(std::make_unique<SetTemperatureCommand>(
        commandTarget(), TemperatureField{},
        TemperatureField::Value{mScenario.temperatureMode, mScenario.fixedTau},
        TemperatureField::Value{mode, tau}, gesture));
}

ScenarioDocument::Error ScenarioDocument::setNormalizer(NormalizerKind kind,
                                                        std::optional<double> alpha, int gesture)
{
    const double a = alpha.value_or(mScenario.entmaxAlpha);
    if (!std::isfinite(a) || !(a >= 1 && a <= 4))
        return tr("α must be a number from 1 to 4.");
    if (kind == mScenario.normalizer && a == mScenario.entmaxAlpha)
        return std::nullopt;
    return push(std::make_unique<SetNormalizerCommand>(
        commandTarget(), NormalizerField{},
        NormalizerField::Value{mScenario.normalizer, mScenario.entmaxAlpha},
        NormalizerField::Value{kind, a}, gesture));
}

ScenarioDocument::Error ScenarioDocument::setMask(MaskKind mask)
{
    if (mask == mScenario.mask)
        return std::nullopt;
    return push(
        std::make_unique<SetMaskCommand>(commandTarget(), MaskField{}, mScenario.mask, mask));
}

namespace {

/// The linked model's variances σ²_it = σ0² exp(−f_it/τ) (MATH.md §4.1) as an m×T table, the
/// start of the free mode: via log σ² to avoid forming exp(−f/τ) on its own, clamped to
/// [1e-300, 1e300]; masked entries get the same formula (they are ignored).
Eigen::MatrixXd linkedVariances(const RowMatrixXd &f, double tau, double sigma0Squared)
{
    const double logSigma0 = std::log(sigma0Squared);
    Eigen::MatrixXd v(f.rows(), f.cols());
    for (Eigen::Index i = 0; i < f.rows(); ++i)
        for (Eigen::Index t = 0; t < f.cols(); ++t)
            v(i, t) = std::clamp(std::exp(logSigma0 - f(i, t) / tau), 1e-300, 1e300);
    return v;
}

} // namespace

ScenarioDocument::Error ScenarioDocument::setVarianceMode(VarianceMode mode)
{
    if (mode == mScenario.varianceMode)
        return std::nullopt;
    if (mScenario.model) {
        // Every head starts its free table at its own σ²_it = σ0² exp(−s_it) (as below).
        Scenario s = mScenario;
        s.varianceMode = mode;
        s.model->freeVariances.clear();
        if (mode == VarianceMode::Free)
            for (const auto &head : mModelAnalysis->heads) {
                s.model->freeVariances.push_back(linkedVariances(
                    head->attention().similarities, head->attention().tau, s.sigma0Squared));
            }
        return replaceScenario(s, mode == VarianceMode::Free ? tr("Set variances to free")
                                                             : tr("Set variances to linked"));
    }
    Eigen::MatrixXd variances; // linked mode stores none (Scenario::freeVariances)
    if (mode == VarianceMode::Free) {
        // MATH.md §4.1: start from the current σ²_it = σ0² exp(−s_it). While a newer Analysis is
        // being computed, f comes from the scenario itself.
        RowMatrixXd fresh;
        if (mAnalysisPending)
            fresh.noalias() = mScenario.queries * mScenario.keys.transpose();
        const RowMatrixXd &f = mAnalysisPending ? fresh : mAnalysis->attention().similarities;
        const double tau = mAnalysisPending ? mScenario.tau() : mAnalysis->attention().tau;
        variances = linkedVariances(f, tau, mScenario.sigma0Squared);
    }
    return push(std::make_unique<SetVarianceModeCommand>(
        commandTarget(), VarianceModeField{},
        VarianceModeField::Value{mScenario.varianceMode, mScenario.freeVariances},
        VarianceModeField::Value{mode, std::move(variances)}));
}

ScenarioDocument::Error ScenarioDocument::setSigma0Squared(double sigma0Squared, int gesture)
{
    if (!std::isfinite(sigma0Squared) || !(sigma0Squared > 0))
        return tr("σ0² must be a positive finite number.");
    if (sigma0Squared == mScenario.sigma0Squared)
        return std::nullopt;
    return push(std::make_unique<SetSigma0SquaredCommand>(
        commandTarget(), Sigma0SquaredField{}, mScenario.sigma0Squared, sigma0Squared, gesture));
}

std::optional<std::pair<double, double>> ScenarioDocument::similarityRange(int query) const
{
    const Scenario &view = scenario();
    if (query < 0 || query >= view.m())
        return std::nullopt;
    const std::vector<int> visible = visibleKeys(Mask::fromKind(view.mask), query, view.T());
    if (visible.empty())
        return std::nullopt;
    if (mAnalysisPending) {
        // A newer Analysis is being computed: f of this query from the scenario itself.
        const Eigen::VectorXd f = view.keys * view.queries.row(query).transpose();
        double lo = f[visible.front()];
        double hi = lo;
        for (int t : visible) {
            lo = std::min(lo, f[t]);
            hi = std::max(hi, f[t]);
        }
        return std::make_pair(lo, hi);
    }
    const AttentionResult &att = mAnalysis->attention();
    return std::make_pair(att.similarityMin[query], att.similarityMax[query]);
}

ScenarioDocument::Error ScenarioDocument::setMaxEntTarget(int query, std::optional<double> mu,
                                                          int gesture)
{
    if (query < 0 || query >= scenario().m())
        return tr("No such query %1.").arg(query + 1);
    if (mu) {
        if (!std::isfinite(*mu))
            return tr("The target μ must be a finite number.");
        const auto range = similarityRange(query);
        if (!range)
            return tr("Query %1 sees no key; it has no MaxEnt target.").arg(query + 1);
        const auto [lo, hi] = *range;
        const bool closed = maxEntTargetsIncludeEnds();
        const bool feasible = (lo == hi) ? (*mu == lo)
                              : closed   ? (lo <= *mu && *mu <= hi)
                                         : (lo < *mu && *mu < hi);
        if (!feasible)
            return closed ? maxent::closedInfeasibleMessage(*mu, lo, hi)
                          : maxent::infeasibleMessage(*mu, lo, hi);
    }
    if (scenario().targetFor(query) == mu)
        return std::nullopt;
    if (mScenario.model) { // the targets of the selected head (scenario-format.md, `model`)
        Model model = *mScenario.model;
        const int H = model.H();
        if (!model.maxentTargets)
            model.maxentTargets.emplace(size_t(H));
        (*model.maxentTargets)[size_t(mSelectedHead)] =
            MaxEntTargetField::withTarget(scenario(), query, mu);
        if (std::all_of(model.maxentTargets->begin(), model.maxentTargets->end(),
                        [](const auto &t) { return !t; }))
            model.maxentTargets.reset(); // every head at its defaults: "targets": null
        const QString label = ScenarioCommand::tokenName(model.tokenLabels.value(query), query);
        return pushModel(
            std::move(model), QStringLiteral("mu:%1:%2").arg(mSelectedHead).arg(query),
            mu ? tr("Set μ of query %1 to %2").arg(label, ScenarioCommand::numberText(*mu))
               : tr("Reset μ of query %1 to the default").arg(label),
            gesture);
    }
    return push(std::make_unique<SetMaxEntTargetCommand>(
        commandTarget(), MaxEntTargetField{query, mScenario.queryLabels.value(query)},
        mScenario.maxentTargets, MaxEntTargetField::withTarget(mScenario, query, mu), gesture));
}

ScenarioDocument::Error ScenarioDocument::replaceScenario(const Scenario &scenario,
                                                          const QString &undoText)
{
    Scenario s = scenario;
    s.normalizeSideArrays();
    return push(std::make_unique<ReplaceScenarioCommand>(commandTarget(), mScenario, std::move(s),
                                                         undoText));
}

ScenarioDocument::Error ScenarioDocument::importScenario(const Scenario &scenario,
                                                         const QString &undoText)
{
    Scenario s = scenario;
    s.normalizeSideArrays();
    return push(std::make_unique<ReplaceScenarioCommand>(
        commandTarget(), mScenario, std::move(s), undoText,
        ReplaceScenarioCommand::FileChange{mFilePath, mDisplayName, QString(), tr("imported")}));
}

void ScenarioDocument::commandSetFile(const QString &path, const QString &displayName)
{
    if (path == mFilePath && displayName == mDisplayName)
        return;
    mFilePath = path;
    mDisplayName = displayName;
    emit filePathChanged(mFilePath);
}

ScenarioDocument::Error
ScenarioDocument::setTitleAndDescription(const QString &title,
                                         const std::optional<QString> &description)
{
    if (title == mScenario.title && description == mScenario.description)
        return std::nullopt;
    Scenario s = mScenario;
    s.title = title;
    s.description = description;
    return replaceScenario(s, tr("Edit title and notes"));
}

ScenarioDocument::Error ScenarioDocument::setTitle(const QString &title)
{
    if (title == mScenario.title)
        return std::nullopt;
    Scenario s = mScenario;
    s.title = title;
    return replaceScenario(s, tr("Edit title"));
}

ScenarioDocument::Error ScenarioDocument::setNotes(const QString &notes)
{
    std::optional<QString> description;
    if (!notes.isEmpty() || mScenario.description)
        description = notes;
    if (description == mScenario.description)
        return std::nullopt;
    Scenario s = mScenario;
    s.description = description;
    return replaceScenario(s, tr("Edit notes"));
}

static Eigen::MatrixXd withExtraColumn(const Eigen::MatrixXd &mat)
{
    Eigen::MatrixXd out = Eigen::MatrixXd::Zero(mat.rows(), mat.cols() + 1);
    out.leftCols(mat.cols()) = mat;
    return out;
}

ScenarioDocument::Error ScenarioDocument::addKeyDimension()
{
    if (auto refused = refuseOnModel())
        return refused;
    Scenario s = mScenario;
    s.queries = withExtraColumn(s.queries);
    s.keys = withExtraColumn(s.keys);
    return replaceScenario(s, tr("Add key dimension"));
}

ScenarioDocument::Error ScenarioDocument::removeKeyDimension()
{
    if (auto refused = refuseOnModel())
        return refused;
    if (mScenario.dK() <= 1)
        return tr("Queries and keys need at least one dimension.");
    Scenario s = mScenario;
    s.queries = Eigen::MatrixXd(s.queries.leftCols(s.dK() - 1));
    s.keys = Eigen::MatrixXd(s.keys.leftCols(s.keys.cols() - 1));
    return replaceScenario(s, tr("Remove key dimension"));
}

ScenarioDocument::Error ScenarioDocument::addValueDimension()
{
    if (auto refused = refuseOnModel())
        return refused;
    Scenario s = mScenario;
    s.values = withExtraColumn(s.values);
    return replaceScenario(s, tr("Add value dimension"));
}

ScenarioDocument::Error ScenarioDocument::removeValueDimension()
{
    if (auto refused = refuseOnModel())
        return refused;
    if (mScenario.dV() <= 1)
        return tr("Values need at least one dimension.");
    Scenario s = mScenario;
    s.values = Eigen::MatrixXd(s.values.leftCols(s.dV() - 1));
    return replaceScenario(s, tr("Remove value dimension"));
}

} // namespace sml
