#include "panels/MaxEntPanel.h"

#include "style/Appearance.h"

#include "document/ScenarioDocument.h"
#include "plots/maxent/MaxEntConstraintPlot.h"
#include "plots/maxent/MaxEntEntropyPlot.h"
#include "plots/maxent/MaxEntOptimizerPlot.h"
#include "style/PlotStyle.h"
#include "widgets/AnimationControls.h"
#include "widgets/DocumentBinding.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSlider>
#include <QSplitter>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace sml {

MaxEntPanel::MaxEntPanel(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent), mDocument(document)
{
    // Projector-sized controls: 14 pt.
    QFont big = font();
    big.setPointSizeF(std::max(14.0, big.pointSizeF()));
    setFont(big);

    mEntropy = new MaxEntEntropyPlot(this);
    mConstraint = new MaxEntConstraintPlot(this);
    mOptimizer = new MaxEntOptimizerPlot(this);
    mOptimizer->removeTitle(); // the "Solve for λ" row heads it
    // Small minimum sizes: the tab must not force the window wider than a projector's screen.
    for (QWidget *plot : std::initializer_list<QWidget *>{mEntropy, mConstraint, mOptimizer})
        plot->setMinimumSize(220, 170);

    // μ slider row.
    mSlider = new QSlider(Qt::Horizontal, this);
    mSlider->setRange(1, sliderSteps - 1);
    mSlider->setPageStep(sliderSteps / 50);
    mSlider->setSingleStep(sliderSteps / 500);
    mSlider->setMinimumWidth(120);
    mMinLabel = new QLabel(this);
    mMaxLabel = new QLabel(this);
    mTargetLabel = new QLabel(this);
    mDefault = new QPushButton(tr("Default μ"), this);
    mDefault->setToolTip(tr("Back to the default target μ = E_w[q·k], whose MaxEnt solution is the "
                            "softmax itself (λ = 1/τ)"));
    // Each control row has two parts, side by side when the view is wide enough and stacked
    // when it is not (adaptRows), so that the tab never forces the window wider than a screen.
    auto *sliderPart = new QHBoxLayout;
    sliderPart->addWidget(new QLabel(tr("<b>Constraint μ</b>"), this));
    sliderPart->addWidget(mMinLabel);
    sliderPart->addWidget(mSlider, 1);
    sliderPart->addWidget(mMaxLabel);
    sliderPart->addSpacing(12);
    auto *targetPart = new QHBoxLayout;
    targetPart->addWidget(mTargetLabel, 1);
    targetPart->addWidget(mDefault);
    mSliderRow = new QBoxLayout(QBoxLayout::LeftToRight);
    mSliderRow->addLayout(sliderPart, 3);
    mSliderRow->addLayout(targetPart, 2);

    mNote = new QLabel(this);
    mNote->setWordWrap(true);
    // (A palette, not a style sheet: a style sheet would also drop the inherited 14 pt font.)
    auto noteColour = [this] {
        QPalette palette = mNote->palette();
        palette.setColor(QPalette::WindowText,
                         Appearance::instance()->themed(QColor(0x7a, 0x4a, 0x00)));
        mNote->setPalette(palette);
    };
    noteColour();
    connect(Appearance::instance(), &Appearance::changed, mNote, noteColour);
    mNote->setVisible(false);

    // Animation row.
    mMethod = new QComboBox(this);
    mMethod->addItem(tr("Newton + GIS"), int(Method::Both));
    mMethod->addItem(tr("Newton"), int(Method::Newton));
    mMethod->addItem(tr("GIS"), int(Method::Gis));
    mMethod->setCurrentIndex(0);
    mMethod->setToolTip(tr("Which solver to animate from λ = 0 (MATH.md §5.5):\n"
                           "safeguarded Newton on the dual g(λ) = log Z − λμ, or\n"
                           "Generalized Iterative Scaling (Darroch & Ratcliff), or both"));
    mControls = new AnimationControls(this);
    auto *methodPart = new QHBoxLayout;
    methodPart->addWidget(new QLabel(tr("<b>Solve for λ</b>"), this));
    methodPart->addWidget(mMethod);
    methodPart->addStretch(1);
    mAnimationRow = new QBoxLayout(QBoxLayout::LeftToRight);
    mAnimationRow->addLayout(methodPart);
    mAnimationRow->addWidget(mControls, 1);

    auto *curves = new QWidget(this);
    auto *curvesLayout = new QVBoxLayout(curves);
    curvesLayout->setContentsMargins(0, 0, 0, 0);
    mPlotsRow = new QBoxLayout(QBoxLayout::LeftToRight);
    mPlotsRow->addWidget(mEntropy, 1);
    mPlotsRow->addWidget(mConstraint, 1);
    curvesLayout->addLayout(mPlotsRow, 1);
    curvesLayout->addLayout(mSliderRow);
    curvesLayout->addWidget(mNote);

    auto *solver = new QWidget(this);
    auto *solverLayout = new QVBoxLayout(solver);
    solverLayout->setContentsMargins(0, 0, 0, 0);
    solverLayout->addLayout(mAnimationRow);
    solverLayout->addWidget(mOptimizer, 1);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("maxentSplitter"));
    splitter->addWidget(curves);
    splitter->addWidget(solver);
    splitter->setStretchFactor(0, 5);
    splitter->setStretchFactor(1, 4);
    splitter->setChildrenCollapsible(false);
    // Narrow (a tab between two docks): the plots stack and keep a readable height, and the
    // view scrolls instead of squeezing them (adaptRows).
    mScroll = new QScrollArea(this);
    mScroll->setWidgetResizable(true);
    mScroll->setFrameShape(QFrame::NoFrame);
    mScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    mScroll->setWidget(splitter);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(mScroll);
    // The narrowest arrangement sets the minimum width (the wide one would otherwise).
    int narrow = 2 * 220 + 20;
    for (QBoxLayout *row : {mSliderRow, mAnimationRow})
        for (int k = 0; k < row->count(); ++k)
            narrow = std::max(narrow, row->itemAt(k)->minimumSize().width() + 16);
    // … plus the margins and the scroll bar of the narrow (scrolling) arrangement.
    setMinimumWidth(narrow + 12 + style()->pixelMetric(QStyle::PM_ScrollBarExtent));

    // μ edits: one drag is one gesture (one merged undo step); keys and clicks are one step each.
    connect(mSlider, &QSlider::sliderPressed, this,
            [this] { mGesture = mDocument->beginGesture(); });
    connect(mSlider, &QSlider::sliderReleased, this, [this] { mGesture = 0; });
    connect(mSlider, &QSlider::valueChanged, this, [this](int position) {
        const std::optional<double> mu = targetAt(position);
        if (!mu)
            return;
        if (auto error = mDocument->setMaxEntTarget(mDocument->selectedQuery(), *mu,
                                                    mSlider->isSliderDown() ? mGesture : 0))
            emit message(*error);
    });
    connect(mDefault, &QPushButton::clicked, this, [this] {
        if (auto error = mDocument->setMaxEntTarget(mDocument->selectedQuery(), std::nullopt))
            emit message(*error);
    });

    connect(mControls, &AnimationControls::stepRequested, this, &MaxEntPanel::stepAnimation);
    connect(mControls, &AnimationControls::resetRequested, this, [this] {
        mIteration = 0;
        showIterates();
    });
    connect(mMethod, &QComboBox::currentIndexChanged, this, [this] { mControls->reset(); });

    connect(Appearance::instance(), &Appearance::changed, this, &MaxEntPanel::adaptRows);
    // In a hidden tab, refreshed when shown rather than on every edit (issue 5).
    bindToDocument(this, mDocument, [this] { refresh(); });
}

MaxEntPanel::Method MaxEntPanel::method() const
{
    return Method(mMethod->currentData().toInt());
}

void MaxEntPanel::setMethod(Method method)
{
    mMethod->setCurrentIndex(mMethod->findData(int(method)));
}

bool MaxEntPanel::methodOn(MaxEntIterates::Method m) const
{
    const Method chosen = method();
    return chosen == Method::Both ||
           (m == MaxEntIterates::Method::Newton ? chosen == Method::Newton : chosen == Method::Gis);
}

std::optional<double> MaxEntPanel::targetAt(int position) const
{
    if (!mRange)
        return std::nullopt;
    const auto [lo, hi] = *mRange;
    position = std::clamp(position, 1, sliderSteps - 1);
    // lo + (hi − lo)·p/N, with the halved width so that hi − lo cannot overflow.
    double mu = lo + (hi / 2 - lo / 2) * (2.0 * position / sliderSteps);
    if (!(mu > lo))
        mu = std::nextafter(lo, hi);
    if (!(mu < hi))
        mu = std::nextafter(hi, lo);
    if (!(mu > lo && mu < hi))
        return std::nullopt;
    return mu;
}

int MaxEntPanel::positionOf(double mu) const
{
    if (!mRange)
        return sliderSteps / 2;
    const auto [lo, hi] = *mRange;
    const double p = (mu / 2 - lo / 2) / (hi / 2 - lo / 2) * sliderSteps;
    if (!std::isfinite(p))
        return sliderSteps / 2;
    return int(std::lround(std::clamp(p, 1.0, double(sliderSteps - 1))));
}

void MaxEntPanel::adaptRows()
{
    const int available = width() - 16 - style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    auto sideBySide = [available](QBoxLayout *row) {
        int need = row->spacing() * (row->count() - 1);
        for (int k = 0; k < row->count(); ++k)
            need += row->itemAt(k)->sizeHint().width();
        return need <= available;
    };
    for (QBoxLayout *row : {mSliderRow, mAnimationRow})
        row->setDirection(sideBySide(row) ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    // Larger text needs larger plots: the page scrolls rather than squash them (issue 7).
    const double scale = Appearance::instance()->fontScale();
    const bool wide = available >= 2 * 300 * scale;
    mPlotsRow->setDirection(wide ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    const int plotHeight = int((wide ? 170 : 280) * (scale > 1 ? 1.3 * scale : 1.0));
    for (QWidget *plot : std::initializer_list<QWidget *>{mEntropy, mConstraint})
        plot->setMinimumHeight(plotHeight);
    // Two panes, a legend and a readout: taller, so its axes keep room for their labels.
    mOptimizer->setMinimumHeight(int(240 * scale));
}

void MaxEntPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    adaptRows();
}

void MaxEntPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (mStale)
        refresh();
}

void MaxEntPanel::hideEvent(QHideEvent *event)
{
    mControls->pause();
    QWidget::hideEvent(event);
}

void MaxEntPanel::refresh()
{
    // In a hidden tab of a shown window: catch up when shown (see showEvent).
    if (!isVisible() && window() && window()->isVisible()) {
        mStale = true;
        return;
    }
    mStale = false;
    const Analysis &analysis = mDocument->analysis();
    const int q = mDocument->selectedQuery();
    mEntropy->showAnalysis(analysis, q);
    mConstraint->showAnalysis(analysis, q);
    const auto shared = analysis.sharedDetail(q);
    const QueryDetail &d = *shared;
    mQueryLabel = mDocument->scenario().queryLabels.value(q);

    mRange.reset();
    const auto range = mDocument->similarityRange(q);
    if (d.defined && range && range->first < range->second &&
        std::nextafter(range->first, range->second) < range->second)
        mRange = range;

    mSlider->setEnabled(mRange.has_value());
    if (mRange) {
        mMinLabel->setText(plotStyle::compact(mRange->first));
        mMaxLabel->setText(plotStyle::compact(mRange->second));
        if (!mSlider->isSliderDown()) {
            const QSignalBlocker blocker(mSlider);
            mSlider->setValue(positionOf(d.maxentTarget));
        }
        mSlider->setToolTip(
            tr("Drag to move the constraint μ inside the open interval (min f, max f) = (%1, %2).\n"
               "Current μ = %3")
                .arg(plotStyle::exact(mRange->first), plotStyle::exact(mRange->second),
                     plotStyle::exact(d.maxentTarget)));
    } else {
        mMinLabel->setText(QStringLiteral("–"));
        mMaxLabel->setText(QStringLiteral("–"));
        mSlider->setToolTip(tr("μ cannot move: there is no open interval (min f, max f)"));
    }
    mDefault->setEnabled(d.defined && !d.maxentTargetIsDefault);

    QString target;
    QString note;
    if (!d.defined) {
        note = d.warnings.isEmpty() ? tr("This query sees no key.") : d.warnings.first();
    } else {
        target = tr("μ = %1").arg(plotStyle::compact(d.maxentTarget));
        switch (d.maxent.status) {
        case maxent::Status::Ok: {
            const double lambda = d.maxent.lambda.value_or(0);
            target += tr(" → λ = %1").arg(plotStyle::compact(lambda));
            if (d.maxentTargetIsDefault)
                target += tr(" = 1/τ");
            break;
        }
        case maxent::Status::Undetermined:
            target += tr(" → λ undetermined");
            note = tr("All similarities q·k are equal (f = %1): λ is undetermined and p is uniform "
                      "(MATH.md §5.4). μ can only be that common value, so the slider is off.")
                       .arg(plotStyle::compact(d.similarities.size() ? d.similarities[0] : 0.0));
            break;
        case maxent::Status::Infeasible:
        case maxent::Status::TooClose:
            target += tr(" → no λ");
            note = d.maxent.message;
            break;
        }
    }
    mTargetLabel->setText(target);
    mTargetLabel->setToolTip(d.defined && d.maxent.lambda
                                 ? tr("μ = %1\nλ = %2\n1/τ = %3")
                                       .arg(plotStyle::exact(d.maxentTarget),
                                            plotStyle::exact(*d.maxent.lambda),
                                            plotStyle::exact(1.0 / analysis.tau()))
                                 : QString());
    mNote->setText(note);
    mNote->setVisible(!note.isEmpty());

    restartAnimation(d);
}

void MaxEntPanel::restartAnimation(const QueryDetail &detail)
{
    const bool wasPlaying = mControls->isPlaying();
    mIterates = MaxEntIterates(detail);
    mControls->reset(); // pauses, clears "finished", and shows iteration 0 (resetRequested)
    if (wasPlaying && !mFinished)
        mControls->play();
}

void MaxEntPanel::resetAnimation()
{
    mControls->reset();
}

void MaxEntPanel::stepAnimation()
{
    if (mFinished)
        return;
    ++mIteration;
    showIterates();
}

std::optional<double> MaxEntPanel::currentIterate(MaxEntIterates::Method m)
{
    if (!mIterates.isSolvable() || !methodOn(m))
        return std::nullopt;
    return mIterates.lambdaAt(m, mIteration);
}

void MaxEntPanel::showIterates()
{
    using M = MaxEntIterates::Method;
    std::vector<double> paths[2];
    bool finished = true;
    if (mIterates.isSolvable()) {
        for (M m : {M::Newton, M::Gis}) {
            if (!methodOn(m))
                continue;
            std::vector<double> &path = paths[m == M::Newton ? 0 : 1];
            for (int k = 0;; ++k) {
                path.push_back(mIterates.lambdaAt(m, k));
                if (k >= mIteration || mIterates.finishedAt(m, k))
                    break;
            }
            finished = finished && mIterates.finishedAt(m, mIteration);
        }
    }
    mEntropy->setIterates(paths[0], paths[1]);
    mConstraint->setIterates(paths[0], paths[1]);
    mOptimizer->showProgress(mIterates, mQueryLabel, mIteration, methodOn(M::Newton),
                             methodOn(M::Gis));
    mControls->setIteration(mIteration);
    mFinished = finished;
    mControls->setFinished(finished);
}

} // namespace sml
