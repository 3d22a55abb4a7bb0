#include "panels/MaxEntPanel.h"

#include "style/Appearance.h"

#include "document/ScenarioDocument.h"
#include "plots/maxent/MaxEntConstraintPlot.h"
#include "plots/maxent/MaxEntEntropyPlot.h"
#include "plots/maxent/MaxEntOptimizerPlot.h"
#include "style/PlotStyle.h"
#include "widgets/AnimationControls.h"
#include "widgets/DecimalSpinBox.h"
#include "widgets/DocumentBinding.h"
#include "widgets/EditGesture.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace sml {

/// The least height of a curve plot, before the window's third (at 1× text).
static constexpr int plotMinimumHeight = 230;
/// The width one curve plot needs beside the other: its axis name and ticks, a readable curve
/// and the reference labels on the right (at 1× text).
static constexpr int plotSideBySideWidth = 400;
/// The least width of a curve plot beside the other when stacked they would not both fit the
/// visible height (the reference names then keep their first word and value). Narrower (a
/// 1600×1000 window with both docks: ~300 px each) the marker labels shrank to "λ": stacked.
static constexpr int plotSideBySideLeast = 330;

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
    // The query is named once, beside μ: neither title has to drop it.
    mEntropy->setTitleNamesQuery(false);
    mConstraint->setTitleNamesQuery(false);
    // Small minimum sizes: the tab must not force the window wider than a projector's screen.
    for (QWidget *plot : std::initializer_list<QWidget *>{mEntropy, mConstraint, mOptimizer})
        plot->setMinimumSize(220, 170);

    mTop = buildTargetControls();
    QWidget *solverControls = buildSolverControls();

    // The plots and the solver scroll under the μ controls (adaptRows).
    auto *content = new QWidget(this);
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    mPlotsRow = new QBoxLayout(QBoxLayout::LeftToRight);
    mPlotsRow->addWidget(mEntropy, 1);
    mPlotsRow->addWidget(mConstraint, 1);
    contentLayout->addLayout(mPlotsRow, 5);
    contentLayout->addSpacing(6);
    contentLayout->addWidget(solverControls);
    contentLayout->addWidget(mOptimizer, 4);
    mScroll = new QScrollArea(this);
    mScroll->setWidgetResizable(true);
    mScroll->setFrameShape(QFrame::NoFrame);
    mScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    mScroll->setWidget(content);
    mScroll->viewport()->installEventFilter(this); // its height sets the plots' (adaptRows)

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(mTop);
    layout->addWidget(mScroll, 1);

    // The narrowest arrangement sets the minimum width (the wide one would otherwise).
    int narrow = 2 * 220 + 20;
    for (QBoxLayout *row : {mTargetRow, mAnimationRow})
        for (int k = 0; k < row->count(); ++k)
            narrow = std::max(narrow, row->itemAt(k)->minimumSize().width() + 16);
    // … plus the margins and the scroll bar of the narrow (scrolling) arrangement.
    setMinimumWidth(narrow + 12 + style()->pixelMetric(QStyle::PM_ScrollBarExtent));

    connect(Appearance::instance(), &Appearance::changed, this, [this] {
        showNoteIfNeeded();
        adaptRows();
    });
    // The solver's labels and legend, measured after its layout: when they take other room than
    // adaptRows last counted (a new text size, another arrangement), its height follows.
    connect(mOptimizer, &QCustomPlot::afterLayout, this, [this] {
        const QList<QCPAxisRect *> panes = mOptimizer->axisRects();
        if (panes.size() != 2)
            return;
        const bool stacked = panes[0]->rect().top() != panes[1]->rect().top();
        const int around = mOptimizer->plotLayout()->outerRect().height() -
                           panes[0]->rect().height() - (stacked ? panes[1]->rect().height() : 0);
        if (std::abs(around - mOptimizerAround) > 2)
            QMetaObject::invokeMethod(this, &MaxEntPanel::adaptRows, Qt::QueuedConnection);
    });
    // The same for the two curves (their titles, legends and λ_min/λ_max names).
    for (QCustomPlot *plot :
         {static_cast<QCustomPlot *>(mEntropy), static_cast<QCustomPlot *>(mConstraint)})
        connect(plot, &QCustomPlot::afterLayout, this, [this] {
            // (Any growth; a shrink of more than 2 px. Not an export's layout: lambdaAround.)
            const int around = lambdaAround();
            if (around > 0 && (around > mLambdaAround || around < mLambdaAround - 2))
                QMetaObject::invokeMethod(this, &MaxEntPanel::adaptRows, Qt::QueuedConnection);
        });
    // In a hidden tab, refreshed when shown rather than on every edit (issue 5).
    bindToDocument(this, mDocument, [this] { refresh(); });
}

QWidget *MaxEntPanel::buildTargetControls()
{
    auto *top = new QWidget(this);
    mSlider = new QSlider(Qt::Horizontal, top);
    mSlider->setRange(0, 0);
    mSlider->setSingleStep(1);
    mSlider->setMinimumWidth(120);
    mSpin = new DecimalSpinBox(top);
    mSpin->setMinimumWidth(110);
    mMinLabel = new QLabel(top);
    mMaxLabel = new QLabel(top);
    mTargetLabel = new QLabel(top);
    mTargetLabel->setWordWrap(true); // rather than push the row past the view
    mDefault = new QPushButton(tr("Default μ"), top);
    mDefault->setToolTip(tr("Back to the default target μ = E_w[q·k], whose MaxEnt solution is the "
                            "attention weights themselves (λ = 1/τ)"));

    // One gesture is one undo step: a drag, a held arrow or key, a typed value (EditGesture).
    mGesture = new EditGesture(mDocument, this);
    mGesture->watch(mSlider);
    mGesture->watch(mSpin);
    connect(mSlider, &QSlider::valueChanged, this, [this](int position) {
        if (const std::optional<double> mu = targetAt(position))
            commitTarget(*mu);
    });
    connect(mSpin, &QDoubleSpinBox::valueChanged, this, &MaxEntPanel::commitTarget);
    connect(mDefault, &QPushButton::clicked, this, [this] {
        if (auto error = mDocument->setMaxEntTarget(mDocument->selectedQuery(), std::nullopt))
            emit message(*error);
    });

    // Two parts, side by side when the view is wide enough and stacked when it is not
    // (adaptRows), so that the tab never forces the window wider than a screen.
    auto *sliderPart = mSliderPart = new QHBoxLayout;
    sliderPart->addWidget(new QLabel(tr("<b>Constraint μ</b>"), top));
    sliderPart->addWidget(mMinLabel);
    sliderPart->addWidget(mSlider, 1);
    sliderPart->addWidget(mMaxLabel);
    sliderPart->addWidget(mSpin);
    auto *targetPart = new QHBoxLayout;
    targetPart->addWidget(mTargetLabel, 1);
    targetPart->addWidget(mDefault);
    mTargetRow = new QBoxLayout(QBoxLayout::LeftToRight);
    mTargetRow->addLayout(sliderPart, 1);
    mTargetRow->addSpacing(12);
    mTargetRow->addLayout(targetPart);

    mNote = new QLabel(top);
    mNote->setWordWrap(true);
    mNote->setVisible(false);

    auto *layout = new QVBoxLayout(top);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(mTargetRow);
    layout->addWidget(mNote);
    return top;
}

QWidget *MaxEntPanel::buildSolverControls()
{
    auto *solver = new QWidget(this);
    mMethod = new QComboBox(solver);
    mMethod->addItem(tr("Newton + GIS"), int(Method::Both));
    mMethod->addItem(tr("Newton"), int(Method::Newton));
    mMethod->addItem(tr("GIS"), int(Method::Gis));
    mMethod->setCurrentIndex(0);
    mMethod->setToolTip(tr("Which solver to animate from λ = 0 (MATH.md §5.5):\n"
                           "safeguarded Newton on the dual g(λ) = log Z − λμ, or\n"
                           "Generalized Iterative Scaling (Darroch & Ratcliff), or both"));
    mSolverName = new QLabel(tr("Newton / bisection"), solver);
    mSolverName->setToolTip(
        tr("With α-entmax the Tsallis MaxEnt is solved by Newton steps on its dual, with "
           "bisection of the bracket (λ_min, λ_max) when a step does not halve |g′| "
           "(MATH.md §7.3).\nGIS solves the Shannon problem (the softmax) only."));
    mSolverName->setVisible(false);
    mControls = new AnimationControls(solver);
    auto *methodPart = new QHBoxLayout;
    methodPart->addWidget(new QLabel(tr("<b>Solve for λ</b>"), solver));
    methodPart->addWidget(mMethod);
    methodPart->addWidget(mSolverName);
    methodPart->addStretch(1);
    mAnimationRow = new QBoxLayout(QBoxLayout::LeftToRight, solver);
    mAnimationRow->setContentsMargins(0, 0, 0, 0);
    mAnimationRow->addLayout(methodPart);
    mAnimationRow->addWidget(mControls, 1);

    connect(mControls, &AnimationControls::stepRequested, this, &MaxEntPanel::stepAnimation);
    connect(mControls, &AnimationControls::resetRequested, this, [this] {
        mIteration = 0;
        showIterates();
    });
    connect(mMethod, &QComboBox::currentIndexChanged, this, [this] { mControls->reset(); });
    return solver;
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
    if (m == MaxEntIterates::Method::Gis && !mIterates.hasGis())
        return false; // the Tsallis problem: Newton/bisection only (MATH.md §7.3)
    if (!mIterates.hasGis())
        return true;
    const Method chosen = method();
    return chosen == Method::Both ||
           (m == MaxEntIterates::Method::Newton ? chosen == Method::Newton : chosen == Method::Gis);
}

std::optional<double> MaxEntPanel::targetAt(int position) const
{
    if (!mGrid)
        return std::nullopt;
    return mGrid->at(position);
}

int MaxEntPanel::positionOf(double mu) const
{
    return mGrid ? mGrid->nearest(mu) : 0;
}

void MaxEntPanel::commitTarget(double mu)
{
    const int q = mDocument->selectedQuery();
    if (auto error = mDocument->setMaxEntTarget(q, mu, mGesture->gesture())) {
        emit message(*error);
        showNote(tr("Refused: %1").arg(*error), true);
        // Nothing changed: the controls go back to the document's μ.
        const auto shared = mDocument->analysis().sharedDetail(q);
        refreshTargetControls(*shared);
    }
}

void MaxEntPanel::showNote(const QString &text, bool error)
{
    // (A palette, not a style sheet: a style sheet would also drop the inherited 14 pt font.)
    QPalette palette = mNote->palette();
    palette.setColor(QPalette::WindowText,
                     error ? plotStyle::errorColor()
                           : Appearance::instance()->themed(QColor(0x7a, 0x4a, 0x00)));
    mNote->setPalette(palette);
    mNote->setText(text);
    mNoteIsError = error;
    showNoteIfNeeded();
}

void MaxEntPanel::showNoteIfNeeded()
{
    // Presented, an undetermined λ is said on both curves ("no curve, λ is undetermined") and
    // in the readout: its note under the μ controls goes (to the readout's tooltip), and the
    // curves get its two lines (at 1280×800 the causal and tiny-model first queries' curves
    // were 228–233 px of the 752 px window under it).
    const bool saidElsewhere =
        mNoteSaidOnThePlots && !mNoteIsError && Appearance::instance()->presentation();
    mNote->setVisible(!mNote->text().isEmpty() && !saidElsewhere);
}

void MaxEntPanel::adaptRows()
{
    const int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    const int available = width() - 16 - scrollBar;
    auto need = [](QBoxLayout *row) {
        int sum = row->spacing() * (row->count() - 1);
        for (int k = 0; k < row->count(); ++k)
            sum += row->itemAt(k)->sizeHint().width();
        return sum;
    };
    // The readout's text changes with μ: measure a long one, so that a drag never flips the row.
    // The slider wants some room of its own to be usable beside the rest.
    const QString longest =
        tr("query “%1”: μ = -0.00000 → λ_max = -0.00000 = 1/τ").arg(mQueryLabel);
    const int readout = QFontMetrics(mTargetLabel->font()).horizontalAdvance(longest);
    // (Its text's own width and padding: the style's hint falls short for "μ" at large sizes.)
    mDefault->setMinimumWidth(QFontMetrics(mDefault->font()).horizontalAdvance(mDefault->text()) +
                              28);
    const int targetNeed = mSliderPart->sizeHint().width() +
                           std::max(0, 220 - mSlider->sizeHint().width()) + 12 + readout +
                           mDefault->sizeHint().width() + 4 * mTargetRow->spacing();
    // The readout on two lines, broken before its "→": the longer half.
    const int arrow = int(longest.indexOf(QStringLiteral(" → ")));
    const int halfReadout =
        std::max(QFontMetrics(mTargetLabel->font()).horizontalAdvance(longest.left(arrow)),
                 QFontMetrics(mTargetLabel->font()).horizontalAdvance(longest.mid(arrow + 1)));
    // (The μ controls are above the scroll area: they have its scroll bar's width too.)
    const bool targetOnOneRow = targetNeed <= available + scrollBar;
    // Else the readout on two lines beside the slider, when that fits: one row of controls
    // instead of two, the plots under them taller (presented at 1280×800 the λ plots were
    // 207 px of the 752 px window under two rows).
    // (The slider then gives way down to 160 px: the spin box beside it has the fine steps. At
    // 220 px the iris queries' "setosa #33" put the readout on a row of its own, presented.)
    const int sliderGives = std::max(mSlider->sizeHint().width(), 220) - 160;
    const bool twoLines = !targetOnOneRow &&
                          targetNeed - readout + halfReadout - sliderGives <= available + scrollBar;
    mTargetRow->setDirection(targetOnOneRow || twoLines ? QBoxLayout::LeftToRight
                                                        : QBoxLayout::TopToBottom);
    // Beside the slider the readout keeps its whole lines (the slider gives way); on a row of
    // its own it may wrap.
    mTargetLabel->setMinimumWidth(targetOnOneRow ? readout : twoLines ? halfReadout : 0);
    if (twoLines != mTargetTwoLines) {
        mTargetTwoLines = twoLines;
        showTargetText();
    }
    mAnimationRow->setDirection(need(mAnimationRow) <= available ? QBoxLayout::LeftToRight
                                                                 : QBoxLayout::TopToBottom);
    // Larger text needs larger plots: the page scrolls rather than squash them (issue 7), and
    // every plot keeps at least a third of the window's height (issue 14).
    const double scale = Appearance::instance()->fontScale();
    const int windowHeight = window() ? window()->height() : height();
    // What the scroll area shows (once laid out; before, an estimate): a curve as tall as it
    // shows no sliver of the next one under it.
    const int shown = mScroll->viewport()->height();
    const int visible =
        shown > 50 ? shown : std::max(0, height() - 8 - mTop->sizeHint().height() - 6);
    const int least = std::max(int(plotMinimumHeight * scale), windowHeight / 3 + 8);
    // Side by side when there is the width for both at ease, or when stacked at a third of the
    // window each they would not both be in view (presentation mode at 1280×800 showed the
    // entropy alone, the constraint below the fold) and each still gets a usable width.
    const bool stackedInView = 2 * least + 6 <= visible;
    const bool wide = available >= 2 * plotSideBySideWidth * scale ||
                      (!stackedInView && available >= 2 * plotSideBySideLeast * scale);
    mPlotsRow->setDirection(wide ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    // Stacked, each curve takes what is visible, the other one a scroll away (two halves of a
    // short view were strips of 130 px, the second cut off: a fresh reader at 1280×800 with
    // both docks); side by side they take what is visible up to a comfortable height (or a bit
    // more than half of a tall view), and the solver the rest, unless only a sliver of the
    // solver would show under them (its buttons poking up at the bottom edge).
    int plotHeight =
        wide ? std::max(visible * 11 / 20, std::min(visible, int(420 * scale))) : visible;
    if (visible - plotHeight < int(120 * scale))
        plotHeight = visible;
    plotHeight = std::max(least, plotHeight);
    // The curves' data areas a third of the window too, above their titles, legends and axes as
    // last laid out (issue 14): a curve taller than the view scrolls, stacked (the causal
    // sentence's note left them 226 px of 752) or side by side, where the legend inside (below)
    // comes first (presented at 1280×800 under the default lesson's step caption the curves
    // were 221 px; with the legend inside they need 22 px more than the 368 px in view, which
    // the page scrolls: the bottom of the x-axis name).
    // Side by side, when the solver legend's row under each title is what leaves a curve under
    // a third in view, the legend goes inside the plot, where it covers least; what is still
    // missing, the page scrolls.
    if (const int lambdaAround = this->lambdaAround(); lambdaAround > 0) {
        mLambdaAround = lambdaAround;
        int legendRow = 0;
        for (const MaxEntLambdaPlot *plot : {static_cast<const MaxEntLambdaPlot *>(mEntropy),
                                             static_cast<const MaxEntLambdaPlot *>(mConstraint)})
            if (plot->hasSolverLegend())
                legendRow = std::max(legendRow, plot->solverLegendRowHeight());
        const bool wasInside = mEntropy->solverLegendInside();
        const int withRow = lambdaAround + (wasInside ? legendRow : 0);
        const bool inside = wide && legendRow > 0 && withRow + windowHeight / 3 + 1 > visible;
        for (MaxEntLambdaPlot *plot : {static_cast<MaxEntLambdaPlot *>(mEntropy),
                                       static_cast<MaxEntLambdaPlot *>(mConstraint)})
            plot->setSolverLegendInside(inside);
        const int around = withRow - (inside ? legendRow : 0);
        plotHeight = std::max(plotHeight, around + windowHeight / 3 + 1);
    }
    for (QWidget *plot : std::initializer_list<QWidget *>{mEntropy, mConstraint})
        plot->setMinimumHeight(plotHeight);
    // Two panes (stacked when narrow), a legend and a readout: taller, so its axes keep room for
    // their labels. Each pane gets a third of the window too: stacked at 560 px the panes were
    // strips of 121 px under a three-row legend (1280×800, both docks). Their labels, legend and
    // readout take the rest, measured once laid out in this arrangement (before, an estimate).
    const bool stacked = MaxEntOptimizerPlot::panesStackAt(available);
    const QList<QCPAxisRect *> panes = mOptimizer->axisRects();
    const bool laidOut = panes.size() == 2 && panes[0]->rect().height() > 0 &&
                         (panes[0]->rect().top() != panes[1]->rect().top()) == stacked;
    // (Both heights from the plot's last layout; it lays out again on a resize, and then
    // adaptRows measures again: see the constructor.)
    const int around = laidOut ? mOptimizer->plotLayout()->outerRect().height() -
                                     panes[0]->rect().height() -
                                     (stacked ? panes[1]->rect().height() : 0)
                               : int((stacked ? 320 : 180) * scale);
    mOptimizerAround = around;
    const int optimizerHeight =
        std::max(int((stacked ? 560 : 300) * scale), around + (stacked ? 2 : 1) * least);
    mOptimizer->setMinimumHeight(std::max(least, optimizerHeight));
}

int MaxEntPanel::lambdaAround() const
{
    int around = 0;
    for (const QCustomPlot *plot : {static_cast<const QCustomPlot *>(mEntropy),
                                    static_cast<const QCustomPlot *>(mConstraint)})
        if (plot->axisRect()->rect().height() > 0 && plot->viewport() == plot->rect())
            around = std::max(around, plot->plotLayout()->outerRect().height() -
                                          plot->axisRect()->rect().height());
    return around;
}

void MaxEntPanel::showTargetText()
{
    QString text = mTargetText;
    if (mTargetTwoLines)
        text.replace(QStringLiteral(" → "), QStringLiteral("\n→ "));
    mTargetLabel->setText(text);
}

bool MaxEntPanel::plotsStacked() const
{
    return mPlotsRow->direction() == QBoxLayout::TopToBottom;
}

bool MaxEntPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == mScroll->viewport() && event->type() == QEvent::Resize &&
        static_cast<QResizeEvent *>(event)->oldSize().height() !=
            static_cast<QResizeEvent *>(event)->size().height())
        adaptRows();
    return QWidget::eventFilter(watched, event);
}

void MaxEntPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    adaptRows();
}

void MaxEntPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    adaptRows(); // the window's height may have changed while hidden
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

    mGrid.reset();
    const auto range = mDocument->similarityRange(q);
    if (d.defined && range && range->first < range->second)
        mGrid = RoundGrid::over(range->first, range->second, mDocument->maxEntTargetsIncludeEnds());
    refreshTargetControls(d);
    refreshTexts(d);
    adaptRows(); // the readout and the spin box's width follow the query
    restartAnimation(d);
}

void MaxEntPanel::refreshTargetControls(const QueryDetail &d)
{
    const QSignalBlocker blockSlider(mSlider);
    const QSignalBlocker blockSpin(mSpin);
    mSlider->setEnabled(mGrid.has_value());
    mSpin->setEnabled(mGrid.has_value());
    mDefault->setEnabled(d.defined && !d.maxentTargetIsDefault);
    if (!mGrid) {
        mMinLabel->setText(QStringLiteral("–"));
        mMaxLabel->setText(QStringLiteral("–"));
        mSlider->setRange(0, 0);
        mSlider->setToolTip(tr("μ cannot move: there is no interval (min f, max f)"));
        mSpin->setToolTip(mSlider->toolTip());
        return;
    }
    const RoundGrid &g = *mGrid;
    // The interval's brackets say whether its ends are feasible targets.
    const bool closed = g.closed();
    mMinLabel->setText((closed ? QStringLiteral("[") : QStringLiteral("(")) +
                       plotStyle::compact(g.lo()));
    mMaxLabel->setText(plotStyle::compact(g.hi()) +
                       (closed ? QStringLiteral("]") : QStringLiteral(")")));
    mSlider->setRange(0, g.count() - 1);
    mSlider->setPageStep(std::max(1, g.count() / 20));
    if (!mSlider->isSliderDown())
        mSlider->setValue(positionOf(d.maxentTarget));
    mSpin->setGrid(g.lo(), g.hi(), g.exponent());
    mSpin->setValue(d.maxentTarget);
    const QString interval =
        closed ? tr("the closed interval [min f, max f] = [%1, %2]: with α-entmax the ends are "
                    "reached at λ_max and λ_min (MATH.md §7.3)")
               : tr("the open interval (min f, max f) = (%1, %2) (MATH.md §5.4)");
    const QString where = interval.arg(plotStyle::exact(g.lo()), plotStyle::exact(g.hi()));
    mSlider->setToolTip(
        tr("Drag (or use the arrow keys) to move the constraint μ over %1.\n"
           "One step is %2. Current μ = %3")
            .arg(where, plotStyle::compact(g.step()), plotStyle::exact(d.maxentTarget)));
    mSpin->setToolTip(tr("Type μ and press Enter, or step it by %1 with the arrows "
                         "(PageUp/PageDown: ten steps).\nFeasible: %2")
                          .arg(plotStyle::compact(g.step()), where));
}

void MaxEntPanel::refreshTexts(const QueryDetail &d)
{
    const Analysis &analysis = mDocument->analysis();
    QString target;
    QString note;
    if (!d.defined) {
        note = d.warnings.isEmpty() ? tr("This query sees no key.") : d.warnings.first();
    } else {
        target = tr("query “%1”: μ = %2").arg(mQueryLabel, plotStyle::compact(d.maxentTarget));
        switch (d.maxent.status) {
        case maxent::Status::Ok: {
            const double lambda = d.maxent.lambda.value_or(0);
            if (d.maxent.atBoundary)
                target += (lambda > 0 ? tr(" → λ_max = %1") : tr(" → λ_min = %1"))
                              .arg(plotStyle::compact(lambda));
            else
                target += tr(" → λ = %1").arg(plotStyle::compact(lambda));
            if (d.maxentTargetIsDefault)
                target += tr(" = 1/τ");
            // The half-line warning of MATH.md §7.3 (a target at an end, or a sharp row).
            if (!d.maxent.message.isEmpty())
                note = tr("%1 (MATH.md §7.3).").arg(d.maxent.message);
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
    mTargetText = target;
    showTargetText();
    mTargetLabel->setToolTip(d.defined && d.maxent.lambda
                                 ? tr("μ = %1\nλ = %2\n1/τ = %3")
                                       .arg(plotStyle::exact(d.maxentTarget),
                                            plotStyle::exact(*d.maxent.lambda),
                                            plotStyle::exact(1.0 / analysis.tau()))
                                 : QString());
    mNoteSaidOnThePlots = d.defined && d.maxent.status == maxent::Status::Undetermined;
    if (mNoteSaidOnThePlots)
        mTargetLabel->setToolTip(note);
    showNote(note, false);
    // With α-entmax only the Tsallis Newton/bisection solves the problem (GIS needs exp).
    const bool tsallis = d.alpha > 1;
    mMethod->setVisible(!tsallis);
    mSolverName->setVisible(tsallis);
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

void MaxEntPanel::showPlot(const QString &view)
{
    QWidget *plot = view == QLatin1String("maxent-constraint") ? static_cast<QWidget *>(mConstraint)
                    : view == QLatin1String("maxent-optimizer") ? static_cast<QWidget *>(mOptimizer)
                                                                : static_cast<QWidget *>(mEntropy);
    const auto scroll = [this, plot] {
        QWidget *content = mScroll->widget();
        if (!content || !content->isAncestorOf(plot))
            return;
        mScroll->verticalScrollBar()->setValue(plot->mapTo(content, QPoint(0, 0)).y());
    };
    scroll();
    QTimer::singleShot(0, this, scroll);
}

} // namespace sml
