#pragma once

#include "Analysis.h"
#include "ModelAnalysis.h"
#include "Scenario.h"
#include "document/commands/CommandTarget.h"
#include "document/commands/EditTargets.h"

#include <QJsonObject>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <utility>

class QUndoStack;

namespace sml {

class AnalysisWorker;
class ScenarioCommand;

/// The open scenario (ARCHITECTURE.md, "The document").
///
/// Owns the current Scenario, its Analysis (recomputed exactly once per change), the QUndoStack,
/// the file path and the modified flag (= the undo stack is not at its clean state). Views read
/// scenario() and analysis() and never edit; every user edit goes through one of the edit
/// functions below, which builds a ScenarioCommand, validates the would-be scenario with
/// validateScenario() and pushes the command only if it passes. Each edit function returns
/// nullopt when the edit was applied (or changed nothing) and the error message otherwise, in
/// which case the scenario is untouched.
///
/// The selected query is view state kept here so that every view agrees on it; selecting is not
/// an edit (not undoable, does not modify the document).
///
/// Large scenarios (AnalysisWorker::runsAsync) are analysed off the GUI thread (issue 5): an
/// edit changes scenario() at once (for undo and for the next edit's validation), while
/// analysis() keeps describing the previous state until the newest computation ends. changed()
/// is emitted then, so its listeners always find scenario() and analysis() in agreement; the
/// results of edits superseded meanwhile are dropped, never shown. selectedQuery() stays within
/// analysis() meanwhile.
class ScenarioDocument : public QObject, private CommandTarget
{
    Q_OBJECT

public:
    using Error = std::optional<QString>;

    /// Starts on defaultScenario(), untitled and unmodified.
    explicit ScenarioDocument(QObject *parent = nullptr);
    ~ScenarioDocument() override;

    /// The scenario the views show and analyse. For a model scenario (MATH.md §8) this is the
    /// selected head baked into a plain scenario (headScenario()), the scenario of
    /// analysis(); fileScenario() is the model scenario itself.
    const Scenario &scenario() const { return mScenario.model ? mAnalysis->scenario() : mScenario; }
    /// The scenario as it is saved, autosaved and edited by the undo commands: for a model
    /// scenario the one with its `model` section, else the same as scenario().
    const Scenario &fileScenario() const { return mScenario; }
    /// True when the open scenario has a `model` section (scenario-format.md, `model`).
    bool isModel() const { return bool(mScenario.model); }
    const Analysis &analysis() const { return *mAnalysis; }
    /// The same Analysis, shared: a view may keep a std::weak_ptr to recompute a display later.
    std::shared_ptr<const Analysis> sharedAnalysis() const { return mAnalysis; }
    /// False while a newer Analysis is being computed off the GUI thread (see above).
    bool isAnalysisCurrent() const { return !mAnalysisPending; }
    AnalysisWorker *analysisWorker() const { return mWorker; }
    QUndoStack *undoStack() const { return mUndoStack; }

    /// The file the scenario was loaded from or saved to; empty when untitled.
    QString filePath() const { return mFilePath; }
    /// The name to show in the window title: the file name, an example's name, or "untitled".
    QString displayName() const;
    /// False when displayName() is "untitled": no file and no name (an example has its name).
    bool hasName() const { return !mFilePath.isEmpty() || !mDisplayName.isEmpty(); }
    /// A file name stem for Save As and the lesson's PDF when the document has no file of its
    /// own (untitled, an example): the title in lower case, words joined by '-'
    /// ("one-query-three-keys"), or `fallback` for an empty title.
    QString titleStem(const QString &fallback) const;
    /// True for a built-in example (loadExample) not yet saved under a name of its own: an
    /// untitled document, so Save asks for a name and the example stays as it was.
    bool isExample() const { return mExample; }
    /// Unsaved changes: an undo step since the last load or save that leaves the scenario other
    /// than it was then (τ moved and put back by hand is no change; a recovered copy always is).
    /// While a lesson step is shown, any undo step (its changes are saved on leaving it).
    bool isModified() const;

    /// Every head's Analysis and the multi-head output Y of a model scenario (nullptr for a plain
    /// one); analysis() is its selected head's entry.
    std::shared_ptr<const ModelAnalysis> modelAnalysis() const { return mModelAnalysis; }
    /// The selected head of a model scenario (0-based, 0 for a plain one): view state like the
    /// selected query, not an edit. Every view shows it.
    int selectedHead() const { return mSelectedHead; }
    /// Selects head `head` (clamped into 0…H−1): analysis() and scenario() become that head's,
    /// then changed() and selectedHeadChanged() are emitted.
    void setSelectedHead(int head);

    /// The selected query, within analysis() (see above).
    int selectedQuery() const;
    void setSelectedQuery(int query);

    // --- files -----------------------------------------------------------------------------
    /// Loads FILE with ScenarioIo::loadFile. On error returns the loader's message and leaves
    /// the open scenario, its undo history and its file name untouched. On success the undo
    /// history is cleared and the document is unmodified.
    Error load(const QString &path);
    /// Loads a built-in example (a Qt resource path such as ":/scenarios/default.softmaxlab.json")
    /// as an untitled document, so that Save asks for a file name.
    Error loadExample(const QString &resourcePath);
    /// Replaces the scenario by defaultScenario() (the built-in figure), untitled, unmodified,
    /// with no undo history.
    void newScenario();
    /// Replaces the scenario by an empty one: no title or notes, one query q = (1, 0), two keys
    /// k1 = (1, 0), k2 = (0, 1) with values v1 = (1, 0), v2 = (0, 1), defaultScenario()'s
    /// settings; untitled, unmodified, with no undo history (File ▸ New ▸ Empty scenario).
    void newEmptyScenario();
    /// Resets to `scenario` (validated) as an untitled, unmodified document with no undo history.
    Error resetTo(const Scenario &scenario, const QString &displayName = QString());
    /// Restores a recovery copy (Autosave) as a *modified* document bound to `originalPath`
    /// (empty: untitled), so that nothing is written until the user saves. When `originalPath`
    /// loads, the document is that file plus one undo step "Restore unsaved changes", so undo
    /// shows what is on disk; otherwise the recovered scenario has no undo history but is
    /// still modified. Returns the validation error of `recovered`, changing nothing.
    Error restoreRecovered(const Scenario &recovered, const QString &originalPath);
    /// Saves to filePath() (error when untitled).
    Error save();
    /// Saves to PATH (with withDefaultExtension) and makes it the document's file.
    Error saveAs(const QString &path);
    /// Appends ".softmaxlab.json" when the file name has no extension (scenario-format.md).
    static QString withDefaultExtension(const QString &path);

    // --- edits (each one undo step) ---------------------------------------------------------
    /// Sets one cell of the queries, keys, values or free-variance table. `gesture` != 0 merges
    /// consecutive edits of the same cell in the same gesture into one undo step.
    Error setCell(CellTable table, int row, int column, double value, int gesture = 0);
    /// Replaces a whole query or key vector (d_k numbers, all finite), the edit of a drag in key
    /// space (MATH.md §4.5). `gesture` != 0 merges the moves of one drag of the same vector into
    /// one undo step ("Move key k2"). Refused like any edit when a score would overflow.
    Error moveVector(VectorKind kind, int row, const Eigen::Ref<const Eigen::VectorXd> &vector,
                     int gesture = 0);
    Error setLabel(LabelTarget target, int row, const QString &label);
    /// Inserts a zero query before `at` (−1 = append). Its free variances start at 1.
    Error addQuery(int at = -1);
    Error removeQuery(int query);
    /// Inserts a key with a zero vector and a zero value before `at` (−1 = append). In free mode
    /// its variances start at σ² = 1 (MATH.md §4.1).
    Error addKey(int at = -1);
    Error removeKey(int key);
    /// Moves query `from` to index `to` (the "move up/down" of the table), with its label,
    /// free-variance row, MaxEnt target and unknown fields. Both must be < m.
    Error moveQuery(int from, int to);
    /// Moves key `from` to index `to`, with its label, value, free-variance column and unknown
    /// fields. Both must be < T.
    Error moveKey(int from, int to);
    /// Sets the temperature mode; in fixed mode τ = `fixedTau`, or the current τ when not given
    /// (so switching from √d_k to fixed keeps the plots where they are).
    Error setTemperature(TemperatureMode mode, std::optional<double> fixedTau = std::nullopt,
                         int gesture = 0);
    Error setMask(MaskKind mask);
    /// Sets the normalizer (MATH.md §7.2): the softmax, or α-entmax with 1 ≤ α ≤ 4. `alpha` is
    /// the entmax α, kept while the softmax is chosen; not given = the current one. `gesture` != 0
    /// merges the steps of one slider drag into one undo step.
    Error setNormalizer(NormalizerKind kind, std::optional<double> alpha = std::nullopt,
                        int gesture = 0);
    /// Linked → free starts the free table at the current σ²_it = σ0² exp(−s_it), clamped into
    /// [1e-300, 1e300] where it leaves the double range; free → linked keeps the free table.
    Error setVarianceMode(VarianceMode mode);
    Error setSigma0Squared(double sigma0Squared, int gesture = 0);
    /// Sets the MaxEnt target μ_i of a query, or resets it to the default (nullopt). The feasible
    /// targets follow the normalizer (maxEntTargetsIncludeEnds()): with the softmax (and
    /// α-entmax at α = 1) a target outside the open interval (min f, max f) over V_i is refused
    /// with the message of maxent::infeasibleMessage (MATH.md §5.4); with α-entmax, α > 1, one
    /// outside the closed interval [min f, max f] with maxent::closedInfeasibleMessage (the ends
    /// are reached at λ_max and λ_min, MATH.md §7.3). When all f are equal only that value is
    /// accepted.
    Error setMaxEntTarget(int query, std::optional<double> mu, int gesture = 0);
    /// Replaces the whole scenario in one undo step (title/notes, dimensions, imports).
    Error replaceScenario(const Scenario &scenario, const QString &undoText);
    /// Replaces the whole scenario by an imported one in one undo step, and makes the document
    /// untitled (shown as "imported"), so that Save asks for a name instead of overwriting the
    /// file that was open (issue 14 #2). Undo gives back the scenario and its file.
    Error importScenario(const Scenario &scenario, const QString &undoText);
    Error setTitleAndDescription(const QString &title, const std::optional<QString> &description);
    /// The title alone, one undo step "Edit title" (nothing when unchanged).
    Error setTitle(const QString &title);
    /// The notes (the scenario's description) alone, one undo step "Edit notes"; empty notes
    /// stay absent when there were none (nothing when unchanged).
    Error setNotes(const QString &notes);
    /// Appends a zero column to the queries and keys (d_k + 1).
    Error addKeyDimension();
    /// Removes the last key dimension (d_k − 1, refused at d_k = 1).
    Error removeKeyDimension();
    /// Appends a zero column to the values (d_v + 1).
    Error addValueDimension();
    /// Removes the last value dimension (d_v − 1, refused at d_v = 1).
    Error removeValueDimension();

    // --- model scenarios (MATH.md §8) -------------------------------------------------------
    /// Sets one cell of X (T×d_model), or of head `head`'s W_Q, W_K (d_model×d_k) or W_V
    /// (d_model×d_v) (`head` is ignored for X). One undo step; `gesture` != 0 merges edits of
    /// the same cell. Refused on a plain scenario, out of range, non-finite, or when a projection
    /// or score would overflow (validateScenario's message).
    Error setModelCell(ModelMatrix matrix, int head, int row, int column, double value,
                       int gesture = 0);
    /// "Bake head": replaces the model scenario by its selected head as a plain scenario
    /// (headScenario()) in one undo step, and makes the document untitled ("… (baked)"), so that
    /// Save asks for a name and never overwrites the model file. Undo gives back the model and
    /// its file. Refused on a plain scenario.
    Error bakeSelectedHead();

    /// (min f, max f) over the visible keys of a query: the closure of the feasible MaxEnt
    /// targets (MATH.md §5.4). nullopt when the query sees no key.
    std::optional<std::pair<double, double>> similarityRange(int query) const;
    /// True when the feasible MaxEnt targets are the closed interval [min f, max f] (α-entmax
    /// with α > 1, MATH.md §7.3), false when they are the open (min f, max f) (the softmax,
    /// §5.4). Follows the scenario's normalizer.
    bool maxEntTargetsIncludeEnds() const { return mScenario.alpha() > 1; }

    /// A fresh gesture number for a drag (see setCell, setTemperature…).
    int beginGesture() { return ++mLastGesture; }

    // --- the lesson (ScenarioDocumentLesson.cpp; scenario-format.md, `lesson`) ---------------
    /// The lesson step shown (0-based), or nullopt when the base scenario is shown.
    std::optional<int> shownStep() const;
    /// The base scenario: what Save writes. While a step is shown, scenario() is the step
    /// applied to it (applyStep) with the edits made since, and this is the scenario the step
    /// was opened on, with the lesson as edited; otherwise it is scenario().
    const Scenario &baseScenario() const;
    /// Shows lesson step `step` (0-based), or the base scenario (nullopt). Not an edit: it keeps
    /// the modified flag and the undo history, like selecting a query. While a step is shown, an
    /// edit of one of the five settings (temperature, mask, variance, maxent, attention) changes
    /// that step's `set` as well (the edit stays one undo step); other edits (vectors, labels,
    /// rows) are temporary. Leaving the step undoes every edit made while it was shown and, when
    /// its settings changed, pushes one undo step "Change step N" with the lesson as it then
    /// was. Another step or the base replaces the shown one. Error: no lesson, or no such step.
    Error showStep(std::optional<int> step);
    /// Replaces the lesson (nullopt: none) in one undo step named `undoText`, after leaving a
    /// shown step. Validated like every edit (lesson.steps[…] messages).
    Error setLesson(const std::optional<Lesson> &lesson, const QString &undoText);
    /// The `set` of a step recording what is shown ("Add step from what I see"): every one of
    /// the five settings of scenario() that differs from the saved scenario (the file as loaded
    /// or last saved; an untitled document's as it was opened), or, while a step is shown,
    /// from the base the step is applied to. nullopt when none differs.
    std::optional<QJsonObject> shownSettingOverrides() const;
    /// Undo and Redo as the Edit menu does them (its actions call these, not the stack). While a
    /// step is shown they work as the stack's, except for an edit made before the step was
    /// opened (after ▶ and ◀, the step's own "Change step N"): then the step is left, the edit
    /// is undone or redone on the base, and the step is shown again as the lesson now has it.
    /// (The stack's own undo() applied such an edit to the shown step, where it changed nothing
    /// on screen: a fresh reader's Ctrl+Z did not bring back the τ they had nudged.)
    void undo();
    void redo();

signals:
    /// The scenario and its Analysis changed: an edit, undo, redo, load or new. For a large
    /// scenario, emitted when its newest Analysis is ready (see above).
    void changed();
    /// isModified() changed.
    void modifiedChanged(bool modified);
    void filePathChanged(const QString &path);
    void selectedQueryChanged(int query);
    /// showStep() changed the step shown (nullopt: the base scenario).
    void shownStepChanged(std::optional<int> step);
    /// The selected head of a model scenario changed (changed() was emitted just before).
    void selectedHeadChanged(int head);
    /// Another scenario replaced the document's, as a new document (load, loadExample,
    /// newScenario, newEmptyScenario, recovery; not an import, which is an undoable edit), emitted
    /// last, after changed() and the other signals of the replacement.
    void opened();

private:
    Error push(std::unique_ptr<ScenarioCommand> command);
    /// Emits modifiedChanged when isModified() differs from what was last announced.
    void announceModified();
    /// Writes baseScenario() to `path` (leaving a shown step first, opening it again after).
    Error writeBase(const QString &path);
    // CommandTarget: the commands apply themselves to mScenario, then call commandApplied().
    Scenario &commandScenario() override { return mScenario; }
    void commandApplied() override;
    void commandSetFile(const QString &path, const QString &displayName) override;
    CommandTarget *commandTarget() { return this; }
    void scenarioEdited();
    /// Recomputes the Analysis of mScenario: synchronously (returns true) or by the worker
    /// (returns false; analysisReady() follows).
    bool recompute();
    void analysisReady(std::shared_ptr<const Analysis> analysis);
    void resetDocument(Scenario scenario, const QString &path, const QString &displayName,
                       bool example = false);
    /// The edits of a model scenario that touch its `model` section (see the .cpp).
    Error pushModel(Model model, const QString &place, const QString &undoText, int gesture);
    Error moveModelVector(VectorKind kind, int row, const Eigen::RowVectorXd &vector, int gesture);
    Error refuseOnModel() const;

    /// While a step is shown: which, the base it was opened on, and how to leave it.
    struct ShownStep
    {
        int index = 0;
        Scenario base;                     ///< its lesson follows the edits of the step
        QJsonObject baseSettings;          ///< lessonSettingsJson(base)
        std::optional<Lesson> entryLesson; ///< the lesson when the step was opened
        int entryUndoIndex = 0;            ///< the undo stack's index then
        /// How many edits above entryUndoIndex were there to redo when the step was opened
        /// (made before it); 0 once an edit is pushed while it is shown (the stack drops them).
        int entryRedoCount = 0;
    };
    /// Opens step `step` of the current scenario's lesson (valid) in place of the scenario.
    void enterStep(int step);
    /// undo() and redo() across the step's entry: leave, `change` the base, show again, with
    /// entryRedoCount changed by `redoCountChange` (+1 after an undo, −1 after a redo).
    void changeBaseOfShownStep(const std::function<void()> &change, int redoCountChange);
    /// The step shown: its `set` follows the settings of mScenario (commandApplied).
    void followShownStep();
    /// Leaves the shown step (see showStep); no signal.
    void leaveShownStep();

    Scenario mScenario;
    std::optional<ShownStep> mShown;
    QJsonObject mSavedSettings; ///< lessonSettingsJson() of the scenario as opened or saved
    bool mLeavingStep = false;
    std::shared_ptr<const Analysis> mAnalysis;
    std::shared_ptr<const ModelAnalysis> mModelAnalysis; ///< model scenarios only
    int mSelectedHead = 0;
    AnalysisWorker *mWorker;
    bool mAnalysisPending = false;
    QUndoStack *mUndoStack;
    QString mFilePath;
    QString mDisplayName;
    bool mExample = false; ///< isExample()
    /// The scenario at the undo stack's clean point (loaded or saved); none after a recovery.
    std::optional<Scenario> mCleanScenario;
    bool mModified = false; ///< isModified() as last announced by modifiedChanged
    int mSelectedQuery = 0;
    int mLastGesture = 0;
};

} // namespace sml
