#pragma once

#include "plots/PlotView.h"
#include "plots/mle/ValueSpaceScene.h"

#include <Eigen/Core>
#include <QPointer>

#include <memory>
#include <optional>
#include <vector>

namespace sml {

class LikelihoodLandscape;
class MleAnimation;
class ScenarioDocument;
class VarianceRingDrag;

/// Value space: the likelihood landscape of the selected query (MATH.md §4).
///
/// - Each visible value v_t is a Gaussian blob N(v_t, σ²_t I): its 1σ circle (filled) and 2σ
///   circle (dashed), with an opacity that grows with the precision weight π_t (§4.3). Radii
///   outside what can be drawn (σ² near 1e-300 or 1e300) are clamped to a few pixels or to far
///   beyond the plot, and the tooltip gives the exact σ².
/// - The background is ℓ(o) (§4.2) on the plane of two chosen value dimensions, the other
///   coordinates of o held at those of ô (a slice through the maximum), with iso-lines of ℓ
///   found by marching squares. Since ∇²ℓ = −Σσ⁻² I, they are circles around ô.
/// - ô = Σ π_t v_t is marked, and so is the attention output o = Σ w_t v_t: in linked mode they
///   coincide (π = w) and share one label; in free mode they differ.
/// - d_v = 1: ℓ(o) is a curve over the value line, and each value an interval ±1σ, ±2σ.
/// - With a document in free-variance mode, dragging a 1σ circle (or interval end) sets that σ²
///   (SetCellCommand, one merged undo step per drag). With an MleAnimation, its path is drawn,
///   and Shift+click (or a click in pick mode) sets its start point.
///
/// The parts: what is shown is a ValueSpaceScene; ℓ and its iso-lines are computed by
/// LikelihoodField (core/LikelihoodField.h) and drawn by a LikelihoodLandscape; the values are
/// drawn by addValueBlobs(); the mouse editing is a VarianceRingDrag's, to which the view
/// forwards its mouse events. The view draws ô, o and the path, places the labels, hit-tests
/// and writes the tooltips.
class ValueSpaceView : public PlotView
{
    Q_OBJECT

public:
    explicit ValueSpaceView(QWidget *parent = nullptr);
    ~ValueSpaceView() override;

    QString viewName() const override { return QStringLiteral("value-space"); }
    void showAnalysis(const Analysis &analysis, int selectedQuery) override;
    QString toolTipAt(const QPointF &pos) const override;

    /// Draws this animation's path and lets the user pick its start.
    void setAnimation(MleAnimation *animation);
    MleAnimation *animation() const;

    /// The value dimensions on x and y (0-based; ignored when d_v = 1).
    void setValueDimensions(int x, int y);
    int dimensionX() const { return mScene.dimX; }
    int dimensionY() const { return mScene.dimY; }
    int dV() const { return mScene.dV; }
    /// While on, the next left click on the plane sets the start of the animation.
    void setPickStartMode(bool on);
    bool pickStartMode() const { return mPickStart; }

    QString titleText() const;
    QCPColorMap *likelihoodMap() const;
    /// The marching-squares iso-lines (NaN-separated polylines) as last drawn.
    QCPCurve *contourCurve() const;
    /// The animation's iterates as drawn.
    QCPCurve *pathCurve() const { return mPath; }
    /// The levels of the iso-lines, ascending.
    const std::vector<double> &contourLevels() const;
    /// The legend stands beside the plane (placeLegend), not under it.
    bool legendBeside() const { return mLegendColumn->hasElement(1, 0); }
    /// Keys drawn as blobs (indices into the scenario's keys) and their 1σ radius in pixels as
    /// drawn (after clamping).
    const std::vector<int> &blobKeys() const { return mScene.keys; }
    double sigmaPixels(int key) const;
    /// Widget pixel of value t, of ô and of the attention output (for tests).
    QPointF valuePixel(int key) const;
    QPointF mlePixel() const;
    QPointF outputPixel() const;
    /// The π labels shown, as last placed (widget pixels), and how many were dropped for want of
    /// room (their text is in the tooltip of their point).
    const QList<QRectF> &labelBoxes() const { return mLabelBoxes; }
    int droppedLabelCount() const { return mDroppedLabels; }
    /// A full d_v point of the plane: o = ô with the two shown coordinates replaced.
    Eigen::VectorXd planeToFull(const QPointF &pixel) const;
    /// The squared distance, in value units, from the value of blob `slot` (an index into
    /// blobKeys()) to the plane point under `pixel`, in the two shown coordinates (d_v = 1:
    /// along the line). May be inf for values near the double range.
    double planeDistanceSquared(int slot, const QPointF &pixel) const;
    /// The blob (index into blobKeys()) whose drawn 1σ circle (d_v = 1: an end of its ±1σ bar,
    /// in its lane) passes nearest `pixel`, within 8 pixels, inside the plot; nullopt if none.
    std::optional<int> ringAt(const QPointF &pixel) const;
    /// The selected query of the last showAnalysis sees a key: there is a likelihood to show.
    bool hasLikelihood() const { return mScene.hasLikelihood(); }
    /// The query of the last showAnalysis (0-based).
    int selectedQuery() const { return mScene.selected; }

signals:
    void message(const QString &text);
    /// The user picked the animation start (d_v numbers).
    void startPicked(const Eigen::VectorXd &start);
    void pickStartModeChanged(bool on);
    /// d_v or the dimensions changed (the panel updates its controls).
    void dimensionsChanged();

protected:
    void updateTicks() override;
    void updateLayout() override;
    /// The ranges (equal aspect; kept after a drag), the point labels and what is drawn for the
    /// plane's rect as last laid out: true, the tick labels may have changed the margins.
    bool fitToLayout() override;

private:
    void rebuildItems();
    void updatePath();
    /// The legend under the plane, or beside it (one column) when the view is much wider than
    /// tall (presentation mode in the window): an equal-aspect plane is bound by the height
    /// there, and a legend row would take it from the plane.
    void placeLegend();
    bool isLine() const { return mScene.isLine(); }

    QPointer<MleAnimation> mAnimation;
    VarianceRingDrag *mRingDrag;
    ValueSpaceLabelFactory mNewLabel; ///< text labels in this view's style
    std::unique_ptr<LikelihoodLandscape> mLandscape;
    QCPTextElement *mTitle;
    QCPTextElement *mSubtitle;
    QString mSubtitleText;
    QCPCurve *mPath;
    QCPGraph *mMleMarker;
    QCPGraph *mOutputMarker;
    QList<QCPAbstractItem *> mItems; ///< rebuilt on every showAnalysis
    QCPItemText *mMleLabel;
    QCPItemText *mOutputLabel;
    QCPGraph *mStart;
    QCPItemStraightLine *mMleLine;    ///< d_v = 1
    QCPItemStraightLine *mOutputLine; ///< d_v = 1

    QCPLayoutGrid *mBody;         ///< the landscape (plane and colour scale) | mLegendColumn
    QCPLayoutGrid *mLegendRow;    ///< spacer | legend | spacer, under the plane
    QCPLayoutGrid *mLegendColumn; ///< spacer / legend / spacer, beside the plane
    bool mPickStart = false;
    ValueSpaceScene mScene;    ///< what the last showAnalysis drew, and the chosen dimensions
    double mLabelPixels = 0;   ///< widest value label (room kept on the right)
    QList<QRectF> mLabelBoxes; ///< the π labels shown (pixels), as last placed
    int mDroppedLabels = 0;    ///< π labels hidden for want of room (tooltips)
};

} // namespace sml
