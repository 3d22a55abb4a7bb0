#include "plots/keyspace/VectorDrag.h"

#include "KeyPlane.h"
#include "Scenario.h"
#include "document/ScenarioDocument.h"
#include "plots/keyspace/KeySpaceView.h"

#include <QMouseEvent>

namespace sml {

VectorDrag::VectorDrag(KeySpaceView *view) : PlotInteraction(view), mView(view) {}

bool VectorDrag::mousePress(QMouseEvent *event)
{
    ScenarioDocument *document = mView->document();
    if (event->button() != Qt::LeftButton || !document)
        return false;
    const auto hit = mView->hitTest(event->position());
    if (!hit)
        return false;
    if (hit->kind == VectorKind::Query && hit->row != mView->selectedQuery()) {
        document->setSelectedQuery(hit->row);
        event->accept();
        return true;
    }
    const Scenario &s = document->scenario();
    const Eigen::MatrixXd &mat = hit->kind == VectorKind::Query ? s.queries : s.keys;
    if (hit->row >= mat.rows() || mat.cols() != mView->plane().dK())
        return false;
    mDrag = Drag{*hit, mat.row(hit->row).transpose(), mView->pixelToCoord(event->position()),
                 document->beginGesture()};
    mView->setCursor(Qt::ClosedHandCursor);
    event->accept();
    return true;
}

bool VectorDrag::mouseMove(QMouseEvent *event)
{
    ScenarioDocument *document = mView->document();
    if (!document)
        return false;
    if (!mDrag) {
        mView->setCursor(mView->hitTest(event->position()) ? Qt::OpenHandCursor : Qt::ArrowCursor);
        return false;
    }
    const KeyPlane &plane = mView->plane();
    Eigen::Vector2d delta = mView->pixelToCoord(event->position()) - mDrag->pressAt;
    if (plane.kind == KeyPlane::Kind::Line)
        delta.y() = 0;
    const Eigen::VectorXd moved = plane.displaced(mDrag->start, delta);
    if (moved.allFinite()) {
        if (auto error =
                document->moveVector(mDrag->target.kind, mDrag->target.row, moved, mDrag->gesture))
            emit message(*error);
        else if (document->isModel()) // the drag moved the token's embedding (MATH.md §8)
            emit message(mDrag->target.kind == VectorKind::Key
                             ? tr("Moved the token's embedding x by the least-norm change through "
                                  "W_K⁺: its query and value moved too.")
                             : tr("Moved the token's embedding x by the least-norm change through "
                                  "W_Q⁺: its key and value moved too."));
    }
    event->accept();
    return true;
}

void VectorDrag::cancelIfGone(const Scenario &scenario, int planeDk)
{
    if (!mDrag)
        return;
    const int rows = mDrag->target.kind == VectorKind::Key ? scenario.T() : scenario.m();
    if (planeDk != scenario.dK() || mDrag->target.row >= rows)
        mDrag.reset();
}

} // namespace sml
