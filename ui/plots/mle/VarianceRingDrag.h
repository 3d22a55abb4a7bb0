#pragma once

#include "plots/PlotInteraction.h"
#include <Eigen/Core>

#include <optional>

class QMouseEvent;

namespace sml {

class ValueSpaceView;

/// The mouse editing of the value space, owned by the view, which forwards its mouse events here
/// (the view draws; this turns a gesture into document edits, like KDE Kig's modes and Tiled's
/// tools).
///
/// - In free-variance mode (MATH.md §4.1), pressing on a value's 1σ circle (d_v = 1: an end of
///   its ±1σ bar, ValueSpaceView::ringAt) and dragging sets that key's σ² to the squared distance
///   from the value to the mouse in the plane (ValueSpaceView::planeDistanceSquared), clamped
///   into [1e-300, 1e300]: one ScenarioDocument::setCell(CellTable::Variance, …) per move, all
///   with one gesture number, so one drag is one undo step.
/// - Shift+click, or a click in the view's pick mode, sets the MleAnimation's start (§4.4) to the
///   plane point under the mouse (ValueSpaceView::planeToFull) and ends pick mode. Picking is
///   not an edit.
class VarianceRingDrag : public PlotInteraction
{
    Q_OBJECT

public:
    /// Works on `view`, which becomes its parent.
    explicit VarianceRingDrag(ValueSpaceView *view);

    /// Each returns true when it handled (and accepted) the event; otherwise the view passes it
    /// on to PlotView.
    bool mousePress(QMouseEvent *event) override;
    /// Also sets the cursor: a move cross over a ring that can be dragged.
    bool mouseMove(QMouseEvent *event) override;
    // mouseRelease: PlotInteraction's, which ends the drag; the view then redraws from the
    // document, refitting the axes and the colour scale it kept frozen during the drag.

    bool isDragging() const override { return mDrag.has_value(); }
    /// Forgets the drag (what it edits is gone: other dimensions, linked variances, no key).
    void cancel() override { mDrag.reset(); }
    /// The view has a document in free-variance mode and a likelihood to show.
    bool canEditVariances() const;

signals:
    /// The user picked the animation's start (d_v numbers), after MleAnimation::setStart.
    void startPicked(const Eigen::VectorXd &start);

private:
    struct Drag
    {
        int key;  ///< scenario key index
        int slot; ///< index into ValueSpaceView::blobKeys()
        int gesture;
    };

    ValueSpaceView *mView;
    std::optional<Drag> mDrag;
};

} // namespace sml
