#include "panels/ScenarioDock.h"

#include "document/ScenarioDocument.h"
#include "panels/ControlPanel.h"
#include "panels/ModelPanel.h"
#include "tables/KeysTableModel.h"
#include "tables/QueriesTableModel.h"
#include "tables/VariancesTableModel.h"
#include "widgets/CommitTextEdit.h"
#include "widgets/FittingTabWidget.h"
#include "widgets/NumberDelegate.h"
#include "widgets/NumberTable.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace sml {

namespace {

/// A row of text buttons for `actions`, added under what `page`'s layout already holds.
void addButtonRow(QWidget *page, const QList<QAction *> &actions)
{
    auto *row = new QWidget(page);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QAction *action : actions) {
        auto *button = new QToolButton(row);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        layout->addWidget(button);
    }
    layout->addStretch(1);
    page->layout()->addWidget(row);
}

} // namespace

ScenarioDock::ScenarioDock(ScenarioDocument *document, QWidget *parent)
    : QDockWidget(tr("Scenario"), parent), mDocument(document),
      mQueriesModel(new QueriesTableModel(document, this)),
      mKeysModel(new KeysTableModel(document, this)),
      mVariancesModel(new VariancesTableModel(document, this)), mDelegate(new NumberDelegate(this))
{
    setObjectName(QStringLiteral("scenarioDock"));
    // Closable too: presentation mode closes it, and View ▸ Scenario must bring it back.
    setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                QDockWidget::DockWidgetClosable);
    setWidget(createTables());
    createActions();

    connect(mDelegate, &NumberDelegate::refused, this, &ScenarioDock::message);
    for (ScenarioTableModel *model :
         std::initializer_list<ScenarioTableModel *>{mQueriesModel, mKeysModel, mVariancesModel})
        connect(model, &ScenarioTableModel::editRefused, this, &ScenarioDock::message);
    connect(mControls, &ControlPanel::message, this, &ScenarioDock::message);
    connect(mDocument, &ScenarioDocument::selectedQueryChanged, this, [this](int query) {
        if (mQueriesTable->currentIndex().row() != query && query < mQueriesModel->rowCount())
            mQueriesTable->setCurrentIndex(mQueriesModel->index(query, 0));
    });
    connect(mDocument, &ScenarioDocument::changed, this, &ScenarioDock::updateVarianceNote);
    connect(mDocument, &ScenarioDocument::changed, this, &ScenarioDock::updateTitleAndNotes);
    updateVarianceNote();
    updateTitleAndNotes();
}

ScenarioDock::~ScenarioDock()
{
    // The children go after this destructor has run, and an open cell editor commits (or
    // refuses) its text then: cut the connections into this dock first. (The document, which
    // belongs to the window, may be gone already.)
    for (QObject *sender : std::initializer_list<QObject *>{
             mDelegate, mQueriesModel, mKeysModel, mVariancesModel, mControls, mTitleEdit,
             static_cast<QObject *>(mNotesEdit),
             mQueriesTable ? mQueriesTable->selectionModel() : nullptr})
        if (sender)
            sender->disconnect(this);
}

QWidget *ScenarioDock::createTables()
{
    auto *panel = new QWidget(this);
    auto *layout = new QVBoxLayout(panel);
    // The title, a field of its own: Enter or leaving it is one undo step "Edit title".
    auto *titleRow = new QFormLayout;
    titleRow->setContentsMargins(0, 0, 0, 0);
    mTitleEdit = new QLineEdit(panel);
    mTitleEdit->setObjectName(QStringLiteral("titleEdit"));
    mTitleEdit->setPlaceholderText(tr("untitled scenario"));
    mTitleEdit->setToolTip(tr("The scenario's title (saved in the file, shown in the views)"));
    titleRow->addRow(tr("&Title"), mTitleEdit);
    layout->addLayout(titleRow);
    connect(mTitleEdit, &QLineEdit::editingFinished, this, [this] {
        if (mTitleEdit->text() != mDocument->fileScenario().title)
            reportEdit(mDocument->setTitle(mTitleEdit->text()));
        mTitleEdit->setModified(false); // committed: an undo may show the document's title
    });
    mControls = new ControlPanel(mDocument, panel);
    layout->addWidget(mControls);
    // A model scenario's head, Bake head and its matrices (MATH.md §8); hidden otherwise.
    mModelPanel = new ModelPanel(mDocument, panel);
    connect(mModelPanel, &ModelPanel::message, this, &ScenarioDock::message);
    layout->addWidget(mModelPanel);

    mTableTabs = new FittingTabWidget(panel);
    mQueriesTable = makeNumberTable(mQueriesModel, mDelegate, mTableTabs);
    mKeysTable = makeNumberTable(mKeysModel, mDelegate, mTableTabs);
    mVariancesTable = makeNumberTable(mVariancesModel, mDelegate, mTableTabs);

    auto *queriesPage = new QWidget(mTableTabs);
    auto *queriesLayout = new QVBoxLayout(queriesPage);
    queriesLayout->addWidget(mQueriesTable);
    mTableTabs->addTab(queriesPage, tr("Queries"));

    auto *keysPage = new QWidget(mTableTabs);
    auto *keysLayout = new QVBoxLayout(keysPage);
    keysLayout->addWidget(mKeysTable);
    mTableTabs->addTab(keysPage, tr("Keys && values"));

    auto *variancesPage = new QWidget(mTableTabs);
    auto *variancesLayout = new QVBoxLayout(variancesPage);
    mVarianceNote = new QLabel(variancesPage);
    mVarianceNote->setWordWrap(true);
    variancesLayout->addWidget(mVarianceNote);
    variancesLayout->addWidget(mVariancesTable);
    mTableTabs->addTab(variancesPage, tr("Variances σ²"));
    // The notes (the scenario's description): leaving the field or Ctrl+Return is one undo
    // step "Edit notes".
    mNotesEdit = new CommitTextEdit(mTableTabs);
    mNotesEdit->setObjectName(QStringLiteral("notesEdit"));
    mNotesEdit->setPlaceholderText(tr("Notes for this scenario: what it shows, what to try"));
    connect(mNotesEdit, &CommitTextEdit::committed, this,
            [this](const QString &text) { reportEdit(mDocument->setNotes(text)); });
    mTableTabs->addTab(mNotesEdit, tr("Notes"));
    mModelPanel->addTablesTo(mTableTabs); // X, W_Q, W_K, W_V of a model scenario
    layout->addWidget(mTableTabs, 1);

    connect(mQueriesTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    mDocument->setSelectedQuery(current.row());
            });
    // A model reset replaces the selection model's indexes; reconnect is not needed (the
    // selection model survives resets), but the current row must follow the document.
    connect(mQueriesModel, &QAbstractItemModel::modelReset, this, [this] {
        const int q = mDocument->selectedQuery();
        if (q < mQueriesModel->rowCount())
            mQueriesTable->setCurrentIndex(mQueriesModel->index(q, 0));
    });
    return panel;
}

void ScenarioDock::createActions()
{
    auto action = [this](const QString &text, const QString &toolTip, auto slot) {
        auto *a = new QAction(text, this);
        if (!toolTip.isEmpty())
            a->setToolTip(toolTip);
        connect(a, &QAction::triggered, this, slot);
        return a;
    };
    mAddQuery = action(tr("Add query"), QString(), [this] {
        reportEdit(mDocument->addQuery());
        mDocument->setSelectedQuery(mDocument->scenario().m() - 1);
    });
    mRemoveQuery = action(tr("Remove query"), tr("Remove the selected query"), [this] {
        reportEdit(mDocument->removeQuery(mDocument->selectedQuery()));
    });
    mAddKey = action(tr("Add key"), QString(), [this] { reportEdit(mDocument->addKey()); });
    mRemoveKey = action(tr("Remove key"), tr("Remove the key of the current row (or the last key)"),
                        [this] { reportEdit(mDocument->removeKey(currentKeyRow())); });
    mAddKeyDimension =
        action(tr("+ d_k"), tr("Add a key dimension (a zero column in the queries and keys)"),
               [this] { reportEdit(mDocument->addKeyDimension()); });
    mRemoveKeyDimension = action(tr("− d_k"), tr("Remove the last key dimension"),
                                 [this] { reportEdit(mDocument->removeKeyDimension()); });
    mAddValueDimension =
        action(tr("+ d_v"), tr("Add a value dimension (a zero column in the values)"),
               [this] { reportEdit(mDocument->addValueDimension()); });
    mRemoveValueDimension = action(tr("− d_v"), tr("Remove the last value dimension"),
                                   [this] { reportEdit(mDocument->removeValueDimension()); });

    // Moving a token is one undo step; the selection (or the current cell) follows it.
    mQueryUp = action(tr("Query ↑"), tr("Move the selected query up (Edit ▸ Move query up)"),
                      [this] { moveSelectedQuery(-1); });
    mQueryDown = action(tr("Query ↓"), tr("Move the selected query down"),
                        [this] { moveSelectedQuery(+1); });
    mKeyUp = action(tr("Key ↑"), tr("Move the key of the current row up"),
                    [this] { moveCurrentKey(-1); });
    mKeyDown = action(tr("Key ↓"), tr("Move the key of the current row down"),
                      [this] { moveCurrentKey(+1); });
    mQueryUp->setObjectName(QStringLiteral("moveQueryUpAction"));
    mQueryDown->setObjectName(QStringLiteral("moveQueryDownAction"));
    mKeyUp->setObjectName(QStringLiteral("moveKeyUpAction"));
    mKeyDown->setObjectName(QStringLiteral("moveKeyDownAction"));

    // Buttons under the tables, in short rows so that the panel stays narrow (a 1280-pixel
    // projector).
    QWidget *queriesPage = mTableTabs->widget(0);
    addButtonRow(queriesPage, {mAddQuery, mRemoveQuery});
    addButtonRow(queriesPage, {mAddKeyDimension, mRemoveKeyDimension});
    addButtonRow(queriesPage, {mQueryUp, mQueryDown});
    QWidget *keysPage = mTableTabs->widget(1);
    addButtonRow(keysPage, {mAddKey, mRemoveKey});
    addButtonRow(keysPage, {mAddKeyDimension, mRemoveKeyDimension, mAddValueDimension,
                            mRemoveValueDimension});
    addButtonRow(keysPage, {mKeyUp, mKeyDown});
}

void ScenarioDock::addEditActions(QMenu *editMenu)
{
    for (QAction *a : {mAddQuery, mRemoveQuery, mAddKey, mRemoveKey})
        editMenu->addAction(a);
    QMenu *dims = editMenu->addMenu(tr("Dimensions"));
    for (QAction *a :
         {mAddKeyDimension, mRemoveKeyDimension, mAddValueDimension, mRemoveValueDimension})
        dims->addAction(a);
    editMenu->addSeparator();
    editMenu->addAction(tr("Title and &Notes…"), this, &ScenarioDock::editTitleAndNotes);
    QMenu *move = editMenu->addMenu(tr("&Move"));
    move->setObjectName(QStringLiteral("moveMenu"));
    for (QAction *a : {mQueryUp, mQueryDown, mKeyUp, mKeyDown})
        move->addAction(a);
}

void ScenarioDock::updateVarianceNote()
{
    mVarianceNote->setText(
        mDocument->scenario().varianceMode == VarianceMode::Linked
            ? tr("Linked: σ²_it = σ0² · exp(−s_it), computed and read-only. Choose “free” "
                 "under Variances to type your own.")
            : tr("Free: type any σ² > 0 (rows = queries, columns = keys). Grey cells are "
                 "masked and ignored."));
}

void ScenarioDock::reportEdit(const std::optional<QString> &error)
{
    if (error)
        emit message(*error);
}

int ScenarioDock::currentKeyRow() const
{
    const QModelIndex current = mKeysTable->currentIndex();
    if (current.isValid())
        return current.row();
    return mDocument->scenario().T() - 1;
}

void ScenarioDock::moveSelectedQuery(int delta)
{
    const int from = mDocument->selectedQuery();
    const int to = from + delta;
    if (to < 0 || to >= mDocument->scenario().m())
        return;
    if (auto error = mDocument->moveQuery(from, to)) {
        reportEdit(error);
        return;
    }
    mDocument->setSelectedQuery(to);
}

void ScenarioDock::moveCurrentKey(int delta)
{
    const int from = currentKeyRow();
    const int to = from + delta;
    if (to < 0 || to >= mDocument->scenario().T())
        return;
    const int column = std::max(0, mKeysTable->currentIndex().column());
    if (auto error = mDocument->moveKey(from, to)) {
        reportEdit(error);
        return;
    }
    mKeysTable->setCurrentIndex(mKeysModel->index(to, column));
}

void ScenarioDock::updateTitleAndNotes()
{
    // The document's text, unless the user is typing in the field.
    const Scenario &s = mDocument->fileScenario(); // a model: its own title, not its head's
    if (mTitleEdit->text() != s.title && !(mTitleEdit->hasFocus() && mTitleEdit->isModified())) {
        mTitleEdit->setText(s.title);
        mTitleEdit->setCursorPosition(0); // a title longer than the field shows its start
    }
    mNotesEdit->setCommittedText(s.description.value_or(QString()));
}

void ScenarioDock::editTitleAndNotes()
{
    // Over the window even when the dock floats or is closed (presentation mode).
    QDialog dialog(parentWidget() ? parentWidget() : this);
    dialog.setWindowTitle(tr("Title and notes"));
    auto *form = new QFormLayout(&dialog);
    auto *title = new QLineEdit(mDocument->fileScenario().title, &dialog);
    auto *notes =
        new QPlainTextEdit(mDocument->fileScenario().description.value_or(QString()), &dialog);
    form->addRow(tr("Title"), title);
    form->addRow(tr("Notes"), notes);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    dialog.resize(640, 360);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString text = notes->toPlainText();
    std::optional<QString> description;
    if (!text.isEmpty() || mDocument->fileScenario().description)
        description = text;
    reportEdit(mDocument->setTitleAndDescription(title->text(), description));
}

} // namespace sml
