#include "panels/ModelPanel.h"

#include "Model.h"
#include "document/ScenarioDocument.h"
#include "style/ViewHelp.h"
#include "tables/ModelMatrixTableModel.h"
#include "widgets/FittingTabWidget.h"
#include "widgets/NumberDelegate.h"
#include "widgets/NumberTable.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableView>
#include <QVBoxLayout>

namespace sml {

ModelPanel::ModelPanel(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent), mDocument(document), mDelegate(new NumberDelegate(this))
{
    setObjectName(QStringLiteral("modelPanel"));
    setWhatsThis(viewExplanation(QStringLiteral("model-panel")));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *row = new QHBoxLayout;
    auto *label = new QLabel(tr("Head:"), this);
    mHeads = new QComboBox(this);
    mHeads->setObjectName(QStringLiteral("headSelector"));
    label->setBuddy(mHeads);
    mBake = new QPushButton(tr("Bake head"), this);
    mBake->setObjectName(QStringLiteral("bakeHeadButton"));
    mBake->setToolTip(tr("Make the selected head an untitled plain scenario: its Q, K and V "
                         "become the queries, keys and values (Ctrl+B; undo gives the model "
                         "back)"));
    row->addWidget(label);
    row->addWidget(mHeads, 1);
    row->addWidget(mBake);
    layout->addLayout(row);
    for (int m = 0; m < 4; ++m) {
        mModels[m] = new ModelMatrixTableModel(document, ModelMatrix(m), this);
        QTableView *table = makeNumberTable(mModels[m], mDelegate, this);
        table->setVisible(false); // until addTablesTo()
        mTables[m] = table;
        connect(mModels[m], &ModelMatrixTableModel::editRefused, this, &ModelPanel::message);
    }
    connect(mDelegate, &NumberDelegate::refused, this, &ModelPanel::message);

    connect(mHeads, &QComboBox::currentIndexChanged, this, [this](int head) {
        if (head >= 0)
            mDocument->setSelectedHead(head);
    });
    connect(mBake, &QPushButton::clicked, this, [this] { report(mDocument->bakeSelectedHead()); });

    const auto stepHead = [this](int delta) {
        if (const auto model = mDocument->modelAnalysis()) {
            const int H = int(model->heads.size());
            mDocument->setSelectedHead((mDocument->selectedHead() + delta + H) % H);
        }
    };
    mNextHead = new QAction(tr("Next head"), this);
    mNextHead->setObjectName(QStringLiteral("nextHeadAction"));
    mNextHead->setShortcut(QKeySequence(tr("Ctrl+]")));
    connect(mNextHead, &QAction::triggered, this, [stepHead] { stepHead(1); });
    mPreviousHead = new QAction(tr("Previous head"), this);
    mPreviousHead->setObjectName(QStringLiteral("previousHeadAction"));
    mPreviousHead->setShortcut(QKeySequence(tr("Ctrl+[")));
    connect(mPreviousHead, &QAction::triggered, this, [stepHead] { stepHead(-1); });
    mBakeHead = new QAction(tr("Bake head"), this);
    mBakeHead->setObjectName(QStringLiteral("bakeHeadAction"));
    mBakeHead->setShortcut(QKeySequence(tr("Ctrl+B")));
    connect(mBakeHead, &QAction::triggered, this,
            [this] { report(mDocument->bakeSelectedHead()); });
    addActions({mNextHead, mPreviousHead, mBakeHead});

    connect(mDocument, &ScenarioDocument::changed, this, &ModelPanel::refresh);
    connect(mDocument, &ScenarioDocument::selectedHeadChanged, this, &ModelPanel::refresh);
    refresh();
}

void ModelPanel::addTablesTo(FittingTabWidget *tabs)
{
    mTabs = tabs;
    const QString names[4] = {tr("X"), tr("W_Q"), tr("W_K"), tr("W_V")};
    const QString tips[4] = {tr("The tokens' embeddings X (T × d_model)"),
                             tr("W_Q of the selected head (d_model × d_k): Q = X W_Q"),
                             tr("W_K of the selected head (d_model × d_k): K = X W_K"),
                             tr("W_V of the selected head (d_model × d_v): V = X W_V")};
    for (int m = 0; m < 4; ++m) {
        const int index = tabs->addTab(mTables[m], names[m]);
        tabs->setTabToolTip(index, tips[m]);
    }
    refresh();
}

ModelPanel::~ModelPanel()
{
    // An open cell editor commits when the children go: cut the connections into this panel.
    for (QObject *sender : std::initializer_list<QObject *>{mDelegate, mModels[0], mModels[1],
                                                            mModels[2], mModels[3], mHeads})
        if (sender)
            sender->disconnect(this);
}

void ModelPanel::refresh()
{
    const Scenario &s = mDocument->fileScenario();
    const bool model = bool(s.model);
    setVisible(model);
    if (mTabs)
        for (QTableView *table : mTables)
            mTabs->setTabAvailable(mTabs->indexOf(table), model);
    for (QAction *a : {mNextHead, mPreviousHead, mBakeHead})
        a->setEnabled(model);
    if (!model)
        return;
    const QSignalBlocker block(mHeads);
    QStringList labels;
    for (const ModelHead &head : s.model->heads)
        labels << head.label;
    QStringList shown;
    for (int i = 0; i < mHeads->count(); ++i)
        shown << mHeads->itemText(i);
    if (shown != labels) {
        mHeads->clear();
        mHeads->addItems(labels);
    }
    mHeads->setCurrentIndex(mDocument->selectedHead());
    mHeads->setToolTip(tr("Model: T = %1 tokens, d_model = %2, H = %3 heads, d_k = %4, d_v = %5%6. "
                          "Q = X W_Q, K = X W_K, V = X W_V.")
                           .arg(s.model->T())
                           .arg(s.model->dModel())
                           .arg(s.model->H())
                           .arg(s.model->dK())
                           .arg(s.model->dV())
                           .arg(s.model->wO ? tr(", with W_O") : QString()) +
                       tr("\nThe head every view shows (Ctrl+] next, Ctrl+[ previous)."));
}

void ModelPanel::report(const std::optional<QString> &error)
{
    if (error)
        emit message(*error);
}

} // namespace sml
