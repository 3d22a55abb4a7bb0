#pragma once

#include <QDockWidget>

#include <optional>

class QAction;
class QLabel;
class QLineEdit;
class QMenu;
class QTableView;

namespace sml {

class CommitTextEdit;
class FittingTabWidget;
class ControlPanel;
class KeysTableModel;
class ModelPanel;
class NumberDelegate;
class QueriesTableModel;
class ScenarioDocument;
class VariancesTableModel;

/// The Scenario dock (title "Scenario", objectName "scenarioDock", movable, floatable and
/// closable): the scenario's title (a field: Enter or leaving it is one undo step), its settings
/// (ControlPanel) above three tables in tabs, each over its model and one NumberDelegate, and a
/// tab "Notes" with the scenario's notes (leaving it or Ctrl+Return is one undo step):
///   - Queries: m × d_k query vectors;
///   - Keys & values: T × (d_k + d_v) key and value vectors;
///   - Variances σ²: m × T, under a note that says whether they are linked (σ²_it = σ0² ·
///     exp(−s_it), read-only, MATH.md §4) or free.
/// It brings the edits of the scenario's shape and text: Add/Remove query, Add/Remove key
/// (the key of the keys table's current row, or the last key), ±d_k, ±d_v, move a query or key
/// up or down, and Title and Notes…. Buttons under the tables trigger them; addEditActions()
/// lists them in the Edit menu. Every edit is one undo step of the document; a refused edit, cell
/// entry or setting is reported through message() and changes nothing.
///
/// The queries table's current row and the document's selected query follow each other.
class ScenarioDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit ScenarioDock(ScenarioDocument *document, QWidget *parent = nullptr);
    ~ScenarioDock() override;

    /// Appends the dock's edits to `editMenu`: Add query, Remove query, Add key, Remove key,
    /// Dimensions ▸ (+ d_k, − d_k, + d_v, − d_v), a separator, Title and Notes…, and Move ▸
    /// (Query ↑/↓, Key ↑/↓; objectNames "moveMenu", "moveQueryUpAction", "moveQueryDownAction",
    /// "moveKeyUpAction", "moveKeyDownAction").
    void addEditActions(QMenu *editMenu);

    QueriesTableModel *queriesModel() const { return mQueriesModel; }
    KeysTableModel *keysModel() const { return mKeysModel; }
    VariancesTableModel *variancesModel() const { return mVariancesModel; }
    NumberDelegate *numberDelegate() const { return mDelegate; }
    ControlPanel *controlPanel() const { return mControls; }
    /// The model rows (head selector, Bake head, X and W tables) of a model scenario.
    ModelPanel *modelPanel() const { return mModelPanel; }
    QTableView *queriesTable() const { return mQueriesTable; }
    QTableView *keysTable() const { return mKeysTable; }
    QTableView *variancesTable() const { return mVariancesTable; }
    /// The title field above the settings and the notes in the tab "Notes" (issue 14 #11).
    QLineEdit *titleEdit() const { return mTitleEdit; }
    CommitTextEdit *notesEdit() const { return mNotesEdit; }

public slots:
    /// Edit ▸ Title and Notes…: a dialog with the title and the notes (the scenario's
    /// description); OK sets both in one undo step. Empty notes stay absent when there were none.
    void editTitleAndNotes();

signals:
    /// A status message (usually a refusal) for the status bar.
    void message(const QString &text);

private:
    QWidget *createTables();
    void createActions();
    void updateVarianceNote();
    void updateTitleAndNotes();
    void reportEdit(const std::optional<QString> &error);
    /// The keys table's current row, or the last key when none is current.
    int currentKeyRow() const;
    /// Moves the selected query by `delta` rows (the selection follows); nothing at an end.
    void moveSelectedQuery(int delta);
    /// Moves the key of the current row by `delta` rows (the current cell follows).
    void moveCurrentKey(int delta);

    ScenarioDocument *mDocument;
    QueriesTableModel *mQueriesModel;
    KeysTableModel *mKeysModel;
    VariancesTableModel *mVariancesModel;
    NumberDelegate *mDelegate;

    ControlPanel *mControls = nullptr;
    ModelPanel *mModelPanel = nullptr;
    FittingTabWidget *mTableTabs = nullptr;
    QTableView *mQueriesTable = nullptr;
    QTableView *mKeysTable = nullptr;
    QTableView *mVariancesTable = nullptr;
    QLabel *mVarianceNote = nullptr;
    QLineEdit *mTitleEdit = nullptr;
    CommitTextEdit *mNotesEdit = nullptr;

    QAction *mAddQuery = nullptr;
    QAction *mRemoveQuery = nullptr;
    QAction *mAddKey = nullptr;
    QAction *mRemoveKey = nullptr;
    QAction *mAddKeyDimension = nullptr;
    QAction *mRemoveKeyDimension = nullptr;
    QAction *mAddValueDimension = nullptr;
    QAction *mRemoveValueDimension = nullptr;
    QAction *mQueryUp = nullptr;
    QAction *mQueryDown = nullptr;
    QAction *mKeyUp = nullptr;
    QAction *mKeyDown = nullptr;
};

} // namespace sml
