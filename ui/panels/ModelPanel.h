#pragma once

#include <QWidget>

#include <optional>

class QAction;
class QComboBox;
class QLabel;
class QPushButton;
class QTabWidget;
class QTableView;

namespace sml {

class ModelMatrixTableModel;
class NumberDelegate;
class ScenarioDocument;

/// The model rows of the Scenario panel (MATH.md §8), shown only for a model scenario: the head
/// selector (objectName "headSelector"; every view shows the selected head), **Bake head**
/// (objectName "bakeHeadButton": the selected head as an untitled plain scenario, one undo step),
/// and the tokens' embeddings X and the selected head's W_Q, W_K and W_V as editable tables in
/// tabs (each edit one undo step; a refused one is reported through message()).
///
/// actions() holds Next head (Ctrl+]), Previous head (Ctrl+[) and Bake head (Ctrl+B), for the
/// window to make window-wide shortcuts of.
class ModelPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ModelPanel(ScenarioDocument *document, QWidget *parent = nullptr);
    ~ModelPanel() override;

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
    QLabel *mShape;
    QTabWidget *mTabs;
    NumberDelegate *mDelegate;
    QTableView *mTables[4] = {};
    ModelMatrixTableModel *mModels[4] = {};
    QAction *mNextHead;
    QAction *mPreviousHead;
    QAction *mBakeHead;
};

} // namespace sml
