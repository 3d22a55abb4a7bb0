#include "panels/KeySpacePanel.h"

#include "document/ScenarioDocument.h"
#include "plots/keyspace/KeySpaceView.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include <utility>

namespace sml {

KeySpacePanel::KeySpacePanel(ScenarioDocument *document, QWidget *parent) : QWidget(parent)
{
    mView = new KeySpaceView(this);
    mProjection = new QComboBox(this);
    mProjection->addItem(tr("PCA projection"));
    mProjection->addItem(tr("two dimensions"));
    mProjection->setToolTip(tr("For d_k > 2: the plane of the two leading principal directions "
                               "of the queries and keys, or two chosen coordinates"));
    mDimX = new QSpinBox(this);
    mDimY = new QSpinBox(this);
    mDimX->setPrefix(tr("x: dim "));
    mDimY->setPrefix(tr("y: dim "));
    mField = new QComboBox(this);
    mField->addItem(tr("no background"), int(KeySpaceView::Field::None));
    mField->addItem(tr("background: score s"), int(KeySpaceView::Field::Score));
    mField->addItem(tr("background: entropy H(q)"), int(KeySpaceView::Field::Entropy));
    mField->setItemData(1,
                        tr("Colour each point by the score s = q·k/τ a key placed there would get "
                           "from the selected query: blue < 0 < orange; the dashed lines are its "
                           "contours"),
                        Qt::ToolTipRole);
    mField->setItemData(2,
                        tr("d_k = 2: colour each point by the entropy of the weights a query "
                           "placed there would have (warm = sharp, cool = diffuse)"),
                        Qt::ToolTipRole);
    mField->setToolTip(tr("What the background of the key plane shows"));

    mPlaneLabel = new QLabel(tr("Plane:"), this);
    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(mPlaneLabel);
    row->addWidget(mProjection);
    row->addWidget(mDimX);
    row->addWidget(mDimY);
    row->addStretch(1);
    // The background on a row of its own, and combo boxes that may shrink below their longest
    // item: the dock fits beside the tabs on a 1280-pixel screen (issue 14 #7).
    for (QComboBox *combo : {mProjection, mField}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(10);
    }
    auto *fieldRow = new QHBoxLayout;
    fieldRow->setContentsMargins(0, 0, 0, 0);
    // (The row's width, not the 10 characters of its minimum: the chosen item read
    // "background: sco" beside an empty stretch at 1280×800.)
    fieldRow->addWidget(mField, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(row);
    layout->addLayout(fieldRow);
    layout->addWidget(mView, 1);

    connect(mProjection, &QComboBox::currentIndexChanged, this, [this](int index) {
        mView->setProjection(index == 0 ? KeySpaceView::Projection::Pca
                                        : KeySpaceView::Projection::Dimensions);
    });
    auto dims = [this] { mView->setDimensions(mDimX->value() - 1, mDimY->value() - 1); };
    connect(mDimX, &QSpinBox::valueChanged, this, dims);
    connect(mDimY, &QSpinBox::valueChanged, this, dims);
    connect(mField, &QComboBox::currentIndexChanged, this, [this](int index) {
        mView->setField(KeySpaceView::Field(mField->itemData(index).toInt()));
    });
    connect(mView, &KeySpaceView::planeChanged, this, &KeySpacePanel::syncControls);
    mView->bindToDocument(document);
    syncControls();
}

void KeySpacePanel::syncControls()
{
    const int dK = mView->dK();
    const QSignalBlocker b1(mProjection), b2(mDimX), b3(mDimY);
    // Only the controls that apply: the plane for d_k > 2, the H(q) field for d_k = 2. Hide
    // before showing: showing a child lays its window out at once, and a moment with every
    // control visible would widen the dock and the window for good.
    const bool choice = dK > 2;
    const bool dims = choice && mView->projection() == KeySpaceView::Projection::Dimensions;
    // The entropy background needs d_k = 2; the score background works in any plane.
    if (auto *model = qobject_cast<QStandardItemModel *>(mField->model()))
        if (QStandardItem *entropy = model->item(2))
            entropy->setEnabled(mView->entropyFieldAvailable());
    // An unavailable choice is not left showing (d_k changed under it): back to none.
    if (mView->field() == KeySpaceView::Field::Entropy && !mView->entropyFieldAvailable())
        mField->setCurrentIndex(0);
    const bool field = true;
    mProjection->setCurrentIndex(mView->projection() == KeySpaceView::Projection::Pca ? 0 : 1);
    mDimX->setRange(1, std::max(1, dK));
    mDimY->setRange(1, std::max(1, dK));
    mDimX->setValue(mView->plane().dimX + 1);
    mDimY->setValue(mView->plane().dimY + 1);
    const std::pair<QWidget *, bool> wanted[] = {{mPlaneLabel, choice},
                                                 {mProjection, choice},
                                                 {mDimX, dims},
                                                 {mDimY, dims},
                                                 {mField, field}};
    for (const auto &[widget, visible] : wanted)
        if (!visible)
            widget->setVisible(false);
    for (const auto &[widget, visible] : wanted)
        if (visible)
            widget->setVisible(true);
}

} // namespace sml
