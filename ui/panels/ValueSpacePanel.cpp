#include "panels/ValueSpacePanel.h"

#include "plots/mle/MleAnimation.h"
#include "plots/mle/ValueSpaceView.h"
#include "style/Appearance.h"
#include "widgets/AnimationControls.h"
#include "widgets/NumberLineEdit.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace sml {

ValueSpacePanel::ValueSpacePanel(ScenarioDocument *document, MleAnimation *animation,
                                 QWidget *parent)
    : QWidget(parent), mAnimation(animation)
{
    mView = new ValueSpaceView(this);
    mDimX = new QSpinBox(this);
    mDimY = new QSpinBox(this);
    mDimX->setMinimumWidth(90);
    mDimY->setMinimumWidth(90);
    mDimX->setPrefix(tr("x: o_"));
    mDimY->setPrefix(tr("y: o_"));
    mDimX->setToolTip(tr("The value dimension on the x axis"));
    mDimY->setToolTip(tr("The value dimension on the y axis"));
    mPick = new QPushButton(tr("Pick start"), this);
    mPick->setCheckable(true);
    mPick->setToolTip(tr("Then click on the plane: the MLE gradient ascent starts there "
                         "(Shift+click does the same at any time)"));
    mDefaultStart = new QPushButton(tr("Default start"), this);
    mDefaultStart->setToolTip(tr("Start from the value farthest from ô"));
    mControls = new AnimationControls(this);
    mAlpha = new QDoubleSpinBox(this);
    mAlpha->setRange(0.01, 1.99);
    mAlpha->setSingleStep(0.05);
    mAlpha->setDecimals(3);
    // The step size (learning rate) η, in units of 1/Σσ⁻²: "step α" collided with the α of
    // α-entmax (the Normalizer).
    mAlpha->setPrefix(tr("step size η = "));
    mAlpha->setSuffix(tr(" / Σσ⁻²"));
    mAlpha->setToolTip(tr("The step size (learning rate) η of the gradient ascent, as a multiple "
                          "of 1/Σσ⁻² (0 < η·Σσ⁻² < 2): η·Σσ⁻² = 1 jumps to ô in one step, near 2 "
                          "it oscillates (MATH.md §4.4, where η·Σσ⁻² is called α)"));
    mFixed = new QCheckBox(tr("fixed η"), this);
    mFixed->setToolTip(tr("A fixed step η, not scaled by the total precision Σσ⁻²: it "
                          "converges only while η·Σσ⁻² < 2"));
    mEta = new NumberLineEdit(this);
    mEta->setToolTip(tr("The fixed step η > 0"));
    mEta->setMaximumWidth(125);

    // The optimizer's settings: hidden in presentation mode, where the plot needs the height
    // (Play, Step and Reset stay; Space plays).
    mSettingsRow = new QWidget(this);
    auto *row1 = new QHBoxLayout(mSettingsRow);
    row1->setContentsMargins(0, 0, 0, 0);
    // Two rows, so that the panel's minimum width fits beside the docks on a 1280-pixel
    // screen (issue 14 #7): the start, then the step.
    auto *startRow = new QHBoxLayout;
    startRow->addWidget(mPick);
    startRow->addWidget(mDefaultStart);
    startRow->addStretch(1);
    auto *stepRow = new QHBoxLayout;
    stepRow->addWidget(mAlpha);
    stepRow->addWidget(mFixed);
    stepRow->addWidget(mEta);
    stepRow->addStretch(1);
    auto *rows = new QVBoxLayout;
    rows->setSpacing(2);
    rows->addLayout(startRow);
    rows->addLayout(stepRow);
    row1->addLayout(rows);
    // The value dimensions, a row of their own shown only when d_v > 2.
    mDimsRow = new QWidget(this);
    auto *row3 = new QHBoxLayout(mDimsRow);
    row3->setContentsMargins(0, 0, 0, 0);
    row3->addWidget(new QLabel(tr("Value dimensions shown:"), mDimsRow));
    row3->addWidget(mDimX);
    row3->addWidget(mDimY);
    row3->addStretch(1);
    // The controls and the plane scroll together: in the window beside both docks at 1280×800
    // the plane kept 175 px of the 752 px window under four rows of controls, a two-line title
    // and a two-row legend. It keeps a third of the window (adaptHeight), a scroll away at most.
    auto *content = new QWidget(this);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addWidget(mSettingsRow);
    layout->addWidget(mControls);
    layout->addWidget(mDimsRow);
    layout->addWidget(mView, 1);
    mScroll = new QScrollArea(this);
    mScroll->setWidgetResizable(true);
    mScroll->setFrameShape(QFrame::NoFrame);
    mScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    mScroll->setWidget(content);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(mScroll);
    // What the plane's labels, title and legend take, measured after each of its layouts: when
    // it changes (another text size, the legend beside the plane), the plane's height follows.
    // (Any growth counts: the plane would fall under its third; a shrink of a pixel or two
    // does not, nor does an export's layout at another size, see aroundPlane.)
    connect(mView, &QCustomPlot::afterLayout, this, [this] {
        const int around = aroundPlane();
        if (around >= 0 && (around > mAround || around < mAround - 2))
            QMetaObject::invokeMethod(this, &ValueSpacePanel::adaptHeight, Qt::QueuedConnection);
    });
    connect(Appearance::instance(), &Appearance::changed, this, &ValueSpacePanel::adaptHeight);

    auto dims = [this] { mView->setValueDimensions(mDimX->value() - 1, mDimY->value() - 1); };
    connect(mDimX, &QSpinBox::valueChanged, this, dims);
    connect(mDimY, &QSpinBox::valueChanged, this, dims);
    connect(mPick, &QPushButton::toggled, mView, &ValueSpaceView::setPickStartMode);
    connect(mView, &ValueSpaceView::pickStartModeChanged, mPick, &QPushButton::setChecked);
    connect(mView, &ValueSpaceView::dimensionsChanged, this, &ValueSpacePanel::syncDimensions);

    if (animation) {
        connect(mDefaultStart, &QPushButton::clicked, animation, &MleAnimation::clearStart);
        connect(mControls, &AnimationControls::stepRequested, animation, &MleAnimation::step);
        connect(mControls, &AnimationControls::resetRequested, animation, &MleAnimation::restart);
        connect(animation, &MleAnimation::finishedChanged, mControls,
                &AnimationControls::setFinished);
        connect(animation, &MleAnimation::changed, this,
                [this] { mControls->setIteration(mAnimation->iteration()); });
        connect(animation, &MleAnimation::restarted, this, &ValueSpacePanel::syncOptimizer);
        connect(mAlpha, &QDoubleSpinBox::valueChanged, animation, &MleAnimation::setAlpha);
        connect(mFixed, &QCheckBox::toggled, animation, &MleAnimation::setFixedStep);
        connect(mEta, &NumberLineEdit::committed, this, [this](double eta) {
            if (!(eta > 0))
                mEta->showRefused(tr("η must be positive"));
            else
                mAnimation->setEta(eta);
        });
        auto present = [this] {
            mSettingsRow->setVisible(!Appearance::instance()->presentation());
            adaptHeight(); // the page's least width follows the rows shown
        };
        connect(Appearance::instance(), &Appearance::changed, this, present);
        present();
    } else {
        for (QWidget *w : std::initializer_list<QWidget *>{mSettingsRow, mControls})
            w->setVisible(false);
    }
    mView->setAnimation(animation);
    mView->bindToDocument(document);
    syncDimensions();
    syncOptimizer();
}

int ValueSpacePanel::aroundPlane() const
{
    // (An export lays the plot out at its own size, and back: only a layout for the widget.)
    const QCPAxisRect *plane = mView->axisRect();
    return plane->rect().height() > 0 && mView->viewport() == mView->rect()
               ? mView->plotLayout()->outerRect().height() - plane->rect().height()
               : -1;
}

void ValueSpacePanel::adaptHeight()
{
    // The page as wide as the controls need (it never scrolls sideways), plus a scroll bar.
    mScroll->setMinimumWidth(mScroll->widget()->minimumSizeHint().width() +
                             style()->pixelMetric(QStyle::PM_ScrollBarExtent));
    const int around = aroundPlane();
    if (around < 0)
        return; // not laid out yet: after its first layout (see the constructor)
    mAround = around;
    // A third of the window for the plane's data area, not for the widget (issue 14).
    mView->setMinimumHeight(std::max(240, around + window()->height() / 3 + 1));
}

void ValueSpacePanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    adaptHeight();
}

void ValueSpacePanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    adaptHeight(); // the window's height may have changed while hidden
}

void ValueSpacePanel::syncDimensions()
{
    const QSignalBlocker b1(mDimX), b2(mDimY);
    const int dV = mView->dV();
    mDimX->setRange(1, std::max(1, dV));
    mDimY->setRange(1, std::max(1, dV));
    mDimX->setValue(mView->dimensionX() + 1);
    mDimY->setValue(mView->dimensionY() + 1);
    mDimsRow->setVisible(dV > 2);
    adaptHeight(); // the page's least width follows the rows shown
}

void ValueSpacePanel::syncOptimizer()
{
    if (!mAnimation)
        return;
    const QSignalBlocker b1(mAlpha), b2(mFixed);
    mAlpha->setValue(mAnimation->alpha());
    mFixed->setChecked(mAnimation->fixedStep());
    mAlpha->setEnabled(!mAnimation->fixedStep());
    mEta->setEnabled(mAnimation->fixedStep());
    mEta->setValue(mAnimation->fixedStep() ? mAnimation->eta() : mAnimation->scaledEta());
    mControls->setFinished(mAnimation->isFinished());
    mControls->setIteration(mAnimation->iteration());
}

void ValueSpacePanel::showPlane()
{
    const auto scroll = [this] {
        QWidget *content = mScroll->widget();
        if (!content || !content->isAncestorOf(mView))
            return;
        const int top = mView->mapTo(content, QPoint(0, 0)).y();
        const int bottom = top + mView->height();
        const int height = mScroll->viewport()->height();
        mScroll->verticalScrollBar()->setValue(std::max({0, top, bottom - height}));
    };
    scroll();
    QTimer::singleShot(0, this, scroll);
}

} // namespace sml
