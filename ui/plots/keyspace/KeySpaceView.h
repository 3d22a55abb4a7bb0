#pragma once

#include "KeyPlane.h"
#include "plots/PlaneFit.h"
#include "plots/PlotView.h"
#include "plots/keyspace/KeyPlaneScene.h"
#include "plots/keyspace/VectorDrag.h"

#include <Eigen/Core>

#include <memory>
#include <optional>

namespace sml {

class EqualScoreLines;
class FieldBackground;
class QueryArrow;
class ScenarioDocument;

/// Key space: the selected query and all keys in a plane (MATH.md §2 and §4.5).
///
/// - d_k = 1 draws a line; d_k = 2 the plane itself; d_k > 2 either two chosen coordinates or the
///   PCA plane of queries + keys, and then the title says "PCA projection (explains X% of
///   variance)" (KeyPlane).
/// - The query is an arrow from the origin, since a score is a dot product s_t = q·k_t/τ, not a
///   distance. The dashed lines are perpendicular to q: equal-score lines for in-plane moves,
///   labelled with s (or with the in-plane change Δs under a projection). A key moved along q
///   crosses them upwards and its score rises; moved across q it keeps its score (§4.5).
/// - A key's disc has an area proportional to its weight w_t; masked keys are hollow grey.
///   With α-entmax (MATH.md §7.4) the keys off the support (weight exactly 0) are hollow
///   outlines, the water line (the score line at the threshold s*, d_k ≤ 2) is drawn solid blue
///   and labelled, and the subtitle gives the support size.
/// - Optional background (d_k = 2): the attention entropy H(q) in nats (§3) of a query placed
///   at each point of the plane, over the keys the selected query sees.
/// - With a document (bindToDocument), the selected query and every key can be dragged: the plane
///   and the axis ranges stay frozen during the drag, the in-plane displacement δ is added to the
///   full vector (x + Bδ), and each move goes through ScenarioDocument::moveVector with the
///   drag's gesture number, so one drag is one undo step. Clicking another query selects it.
///   The view forwards its mouse events to a VectorDrag, which does this.
///
/// The view draws what a KeyPlaneScene holds (the projected points, and the fields from
/// KeySpaceFields in core); its parts are a QueryArrow, an EqualScoreLines and a
/// FieldBackground.
class KeySpaceView : public PlotView
{
    Q_OBJECT

public:
    enum class Projection
    {
        Pca,        ///< d_k > 2: the PCA plane (the default)
        Dimensions, ///< d_k > 2: two chosen coordinates
    };

    explicit KeySpaceView(QWidget *parent = nullptr);
    ~KeySpaceView() override;

    QString viewName() const override { return QStringLiteral("key-space"); }
    void showAnalysis(const Analysis &analysis, int selectedQuery) override;
    QString toolTipAt(const QPointF &pos) const override;

    void setProjection(Projection projection);
    Projection projection() const { return mProjection; }
    /// The two coordinates drawn for Projection::Dimensions (0-based).
    void setDimensions(int x, int y);
    int dimensionX() const { return mDimX; }
    int dimensionY() const { return mDimY; }
    /// The background field: none; the score s = q·k/τ that a key placed at each point would
    /// get from the selected query (any d_k: in a PCA or coordinate plane, the in-plane part;
    /// signed, on plotStyle::diverging() with a range symmetric about 0, so the dashed
    /// equal-score lines are its contours); or H(q) of a query placed there (d_k = 2 only).
    enum class Field
    {
        None,
        Score,
        Entropy
    };
    void setField(Field field);
    Field field() const { return mFieldKind; }
    /// Shows or hides one kind (showing one hides the other).
    void setEntropyFieldVisible(bool visible);
    void setScoreFieldVisible(bool visible);
    bool entropyFieldVisible() const { return mFieldKind == Field::Entropy; }
    bool entropyFieldAvailable() const { return mScene.dK == 2; }

    /// The plane in use (frozen during a drag).
    const KeyPlane &plane() const { return mScene.plane; }
    int dK() const { return mScene.dK; }
    /// The selected query as last drawn (0-based).
    int selectedQuery() const { return mScene.selected; }
    bool isDragging() const { return mDrag->isDragging(); }
    QString titleText() const;
    QString subtitleText() const;
    /// Plane units per display unit of the axes (the axes show plane coordinates / unit).
    double displayUnit() const { return mUnit; }
    /// Keys of the selected query on the support (α-entmax; every visible key with the softmax).
    bool isOnSupport(int key) const
    {
        return key >= 0 && key < int(mOnSupport.size()) && mOnSupport[size_t(key)];
    }
    /// The background colour map (score or H(q)), as last drawn.
    QCPColorMap *entropyField() const;
    /// What was last drawn, in plane units, and the fields of the background (scene().fields).
    const KeyPlaneScene &scene() const { return mScene; }

    /// The key disc or query handle under a widget pixel (the selected query's handle wins over
    /// a key it overlaps); nullopt outside the axis rect or away from every vector.
    std::optional<VectorHit> hitTest(const QPointF &pixel) const;

    /// The point labels shown, as last placed (widget pixels), and how many were dropped for
    /// want of room (their text is in the tooltip of their disc).
    const QList<QRectF> &labelBoxes() const { return mLabelBoxes; }
    int droppedLabelCount() const { return mDroppedLabels; }
    /// The radius (pixels) of key t's disc as drawn.
    double keyRadius(int key) const { return keyRadiusPx(key); }

    /// Widget pixel position of key t / query i as last drawn (for tests).
    QPointF keyPixel(int key) const;
    QPointF queryPixel(int query) const;
    /// Plot coordinates (real units) ↔ widget pixels.
    QPointF coordToPixel(const Eigen::Vector2d &p) const;
    Eigen::Vector2d pixelToCoord(const QPointF &pixel) const;

signals:
    /// A status-bar message, e.g. a refused move.
    void message(const QString &text);
    /// d_k or the projection changed (the panel updates its controls).
    void planeChanged();

protected:
    void updateTicks() override;
    void updateLayout() override;
    /// The ranges (equal aspect; kept after a drag), the point labels and what is drawn for the
    /// plane's rect as last laid out: true, the tick labels may have changed the margins.
    bool fitToLayout() override;
    void interactionFinished() override;

private:
    KeyPlane choosePlane(const Scenario &scenario) const;
    /// The point labels placed in the plane's rect as it is, each on one line or on two,
    /// whichever drops fewer.
    planeFit::PlacedLabels placePointLabels();
    void rebuildItems();
    void updateIsoLines();
    void updateField();
    /// Gradient and colour-scale label for mFieldKind.
    void styleField();
    double keyRadiusPx(int key) const;
    QPointF toDisplay(const Eigen::Vector2d &p) const;
    QCPTextElement *mTitle;
    QCPTextElement *mSubtitle;
    std::vector<bool> mOnSupport; ///< T: key t on the selected query's support
    int mSupportSize = 0;
    int mVisibleCount = 0;
    double mAlpha = 1; ///< the normalizer (1 = softmax)
    std::unique_ptr<FieldBackground> mBackground;
    std::unique_ptr<QueryArrow> mQueryArrow;
    QList<QCPAbstractItem *> mPointItems; ///< rebuilt on every showAnalysis
    std::unique_ptr<EqualScoreLines> mScoreLines;
    /// The water line s* of α-entmax for the selected query (MATH.md §7.4).
    std::unique_ptr<EqualScoreLines> mWaterLine;
    std::optional<double> mWaterLevel;
    VectorDrag *mDrag;

    Projection mProjection = Projection::Pca;
    int mDimX = 0;
    int mDimY = 1;
    Field mFieldKind = Field::None;

    // What the last showAnalysis drew.
    KeyPlaneScene mScene;      ///< the plane (frozen during a drag), the points, the fields
    double mUnit = 1;          ///< display unit (powers of ten for vectors near the double range)
    QRectF mBounds;            ///< display units
    QRectF mPointBounds;       ///< display units: the vectors and the origin, unpadded
    double mLabelPixels = 0;   ///< widest point label (room kept on the right)
    QList<QRectF> mLabelBoxes; ///< the point labels shown (pixels), as last placed
    int mDroppedLabels = 0;    ///< point labels hidden for want of room (tooltips)
    QCPRange mFieldX, mFieldY; ///< ranges the field was computed for
    bool mFieldDirty = true;

    /// Set at the release of a drag: keep the axes if everything still fits them well, so the
    /// moved disc stays under the cursor instead of the plot jumping (dimension planes only; a
    /// PCA plane changes with the vectors). Holds the display unit of the drag.
    std::optional<double> mKeepRangesUnit;
};

} // namespace sml
