#pragma once

#include "document/commands/EditTargets.h"
#include "plots/PlotInteraction.h"

#include <Eigen/Core>

#include <optional>

class QMouseEvent;

namespace sml {

class KeySpaceView;
struct Scenario;

/// A query or key vector drawn in the key plane, as found under the mouse.
struct VectorHit
{
    VectorKind kind;
    int row; ///< 0-based row of the scenario's queries or keys
};

/// The mouse editing of the key plane, as Kig's modes/ and Tiled's tools do it: KeySpaceView
/// draws and forwards its mouse events here, and this object turns them into edits.
///
/// - A left press on a query other than the selected one selects it (no edit).
/// - A left press on the selected query or on a key starts a drag with a fresh gesture number
///   (ScenarioDocument::beginGesture). Each move displaces the full vector by the in-plane
///   offset δ from the press (x + Bδ, MATH.md §4.5; δ.y = 0 on a line) through
///   ScenarioDocument::moveVector with that gesture, so the whole drag is one undo step. A
///   refused move (a score would overflow) is reported by message(), never applied.
/// - While no drag is under way, a move over a vector shows the open-hand cursor.
///
/// The view keeps its plane and ranges frozen while isDragging() (the plane is what B means).
class VectorDrag : public PlotInteraction
{
    Q_OBJECT

public:
    explicit VectorDrag(KeySpaceView *view);

    /// True when the event was used (a selection or the start of a drag) and accepted.
    bool mousePress(QMouseEvent *event) override;
    /// True when a drag is under way (the event is then used and accepted); otherwise it only
    /// sets the hover cursor and the view handles the event as usual.
    bool mouseMove(QMouseEvent *event) override;
    // mouseRelease: PlotInteraction's, which ends the drag; the view then unfreezes its plane
    // and ranges.

    bool isDragging() const override { return mDrag.has_value(); }
    /// Forgets the drag (the plane is about to change), leaving the cursor as it is.
    void cancel() override { mDrag.reset(); }
    /// Forgets the drag when the scenario's shape changed under it (undo, load): another d_k
    /// than the plane's, or its vector's row gone.
    void cancelIfGone(const Scenario &scenario, int planeDk);

private:
    struct Drag
    {
        VectorHit target;
        Eigen::VectorXd start;   ///< the full vector when the drag began
        Eigen::Vector2d pressAt; ///< plot coordinates (real units) of the press
        int gesture;
    };

    KeySpaceView *mView;
    std::optional<Drag> mDrag;
};

} // namespace sml
