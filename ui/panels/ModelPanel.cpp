#include "panels/ModelPanel.h"

#include "Model.h"
#include "document/ScenarioDocument.h"
#include "style/ViewHelp.h"
#include "tables/ModelMatrixTableModel.h"
#include "widgets/NumberDelegate.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTabWidget>
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
    mHeads->setToolTip(tr("The head every view shows (Ctrl+] next, Ctrl+[ previous)"));
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
    mShape = new QLabel(this);
    mShape->setWordWrap(true);
    layout->addWidget(mShape);

    mTabs = new QTabWidget(this);
    const QString names[4] = {tr("Embeddings X"), tr("W_Q"), tr("W_K"), tr("W_V")};
    for (int m = 0; m < 4; ++m) {
        mModels[m] = new ModelMatrixTableModel(document, ModelMatrix(m), this);
        auto *table = new QTableView(mTabs);
        table->setModel(mModels[m]);
        table->setItemDelegate(mDelegate);
        table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
        table->setMinimumHeight(120);
        mTables[m] = table;
        mTabs->addTab(table, names[m]);
        connect(mModels[m], &ModelMatrixTableModel::editRefused, this, &ModelPanel::message);
    }
    connect(mDelegate, &NumberDelegate::refused, this, &ModelPanel::message);
    layout->addWidget(mTabs, 1);

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
    mShape->setText(tr("Model: T = %1 tokens, d_model = %2, H = %3 heads, d_k = %4, d_v = %5%6. "
                       "Q = X W_Q, K = X W_K, V = X W_V.")
                        .arg(s.model->T())
                        .arg(s.model->dModel())
                        .arg(s.model->H())
                        .arg(s.model->dK())
                        .arg(s.model->dV())
                        .arg(s.model->wO ? tr(", with W_O") : QString()));
}

void ModelPanel::report(const std::optional<QString> &error)
{
    if (error)
        emit message(*error);
}

} // namespace sml
