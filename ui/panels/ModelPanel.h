#pragma once

#include <QWidget>

#include <optional>

class QAction;
class QComboBox;
class QPushButton;
class QTableView;

namespace sml {

class FittingTabWidget;
class ModelMatrixTableModel;
class NumberDelegate;
class ScenarioDocument;

/// The model rows of the Scenario panel (MATH.md §8), shown only for a model scenario: one row with
/// the head selector (objectName "headSelector"; every view shows the selected head) and **Bake
/// head** (objectName "bakeHeadButton": the selected head as an untitled plain scenario, one undo
/// step), and the tokens' embeddings X and the selected head's W_Q, W_K and W_V as editable
/// tables (each edit one undo step; a refused one is reported through message()). The tables are
/// tabs of the dock's table tab widget (addTablesTo()), so the dock grows no taller.
///
/// actions() holds Next head (Ctrl+]), Previous head (Ctrl+[) and Bake head (Ctrl+B), for the
/// window to make window-wide shortcuts of.
class ModelPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ModelPanel(ScenarioDocument *document, QWidget *parent = nullptr);
    ~ModelPanel() override;

    /// Adds the four tables as tabs of `tabs` ("X", "W_Q", "W_K", "W_V"), visible for a model
    /// scenario only.
    void addTablesTo(FittingTabWidget *tabs);

    QComboBox *headSelector() const { return mHeads; }
    QPushButton *bakeButton() const { return mBake; }
    /// The table of X, W_Q, W_K or W_V (ModelMatrix order).
    QTableView *table(int matrix) const { return mTables[matrix]; }
    ModelMatrixTableModel *tableModel(int matrix) const { return mModels[matrix]; }
    QAction *nextHeadAction() const { return mNextHead; }
    QAction *previousHeadAction() const { return mPreviousHead; }
    QAction *bakeHeadAction() const { return mBakeHead; }

signals:
    /// A status message (a refused edit).
    void message(const QString &text);

private:
    void refresh();
    void report(const std::optional<QString> &error);

    ScenarioDocument *mDocument;
    QComboBox *mHeads;
    QPushButton *mBake;
    FittingTabWidget *mTabs = nullptr; ///< the dock's, after addTablesTo()
    NumberDelegate *mDelegate;
    QTableView *mTables[4] = {};
    ModelMatrixTableModel *mModels[4] = {};
    QAction *mNextHead;
    QAction *mPreviousHead;
    QAction *mBakeHead;
};

} // namespace sml
