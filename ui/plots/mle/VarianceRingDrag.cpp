#include "plots/mle/VarianceRingDrag.h"

#include "document/ScenarioDocument.h"
#include "plots/mle/MleAnimation.h"
#include "plots/mle/ValueSpaceView.h"

#include <QMouseEvent>

#include <algorithm>
#include <cmath>

namespace sml {

VarianceRingDrag::VarianceRingDrag(ValueSpaceView *view) : PlotInteraction(view), mView(view) {}

bool VarianceRingDrag::canEditVariances() const
{
    const ScenarioDocument *document = mView->document();
    return document && mView->hasLikelihood() &&
           document->scenario().varianceMode == VarianceMode::Free;
}

bool VarianceRingDrag::mousePress(QMouseEvent *event)
{
    const QPointF pos = event->position();
    if (event->button() != Qt::LeftButton || !mView->axisRect()->rect().contains(pos.toPoint()))
        return false;
    const bool pick = mView->pickStartMode() || (event->modifiers() & Qt::ShiftModifier);
    if (pick && mView->hasLikelihood()) {
        const Eigen::VectorXd start = mView->planeToFull(pos);
        if (start.allFinite()) {
            if (MleAnimation *animation = mView->animation())
                animation->setStart(start);
            emit startPicked(start);
        }
        mView->setPickStartMode(false);
        event->accept();
        return true;
    }
    if (canEditVariances()) {
        if (const auto slot = mView->ringAt(pos)) {
            mDrag =
                Drag{mView->blobKeys()[size_t(*slot)], *slot, mView->document()->beginGesture()};
            mView->setCursor(Qt::SizeAllCursor);
            event->accept();
            return true;
        }
    }
    return false;
}

bool VarianceRingDrag::mouseMove(QMouseEvent *event)
{
    const QPointF pos = event->position();
    if (mDrag && !canEditVariances())
        mDrag.reset(); // the variances became linked under the drag (undo)
    if (mDrag && size_t(mDrag->slot) < mView->blobKeys().size()) {
        // The new σ is the distance from v_t to the mouse, in the plane (the blob is isotropic).
        double variance = mView->planeDistanceSquared(mDrag->slot, pos);
        if (!std::isfinite(variance))
            variance = 1e300;
        variance = std::clamp(variance, 1e-300, 1e300);
        if (auto error = mView->document()->setCell(CellTable::Variance, mView->selectedQuery(),
                                                    mDrag->key, variance, mDrag->gesture))
            emit message(*error);
        event->accept();
        return true;
    }
    if (!mView->pickStartMode())
        mView->setCursor(canEditVariances() && mView->ringAt(pos) ? Qt::SizeAllCursor
                                                                  : Qt::ArrowCursor);
    return false;
}

} // namespace sml
