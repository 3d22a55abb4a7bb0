#pragma once

#include <Eigen/Core>
#include <QString>

#include <vector>

class QCPCurve;
class QCPItemLine;
class QCPItemStraightLine;
class QCustomPlot;

namespace sml {

/// The selected query in the key plane (MATH.md §4.5): an arrow from the origin to Bᵀq, since a
/// score is a dot product s = q·k/τ and not a distance; its direction as a dash-dotted line
/// through the origin; and, for a few keys, the dotted perpendiculars from the keys it sees onto
/// that line, whose feet lie q·k/|q| from the origin.
class QueryArrow
{
public:
    /// The line and the feet on `plot`'s current layer, the arrow on `arrowLayer`.
    QueryArrow(QCustomPlot *plot, const QString &arrowLayer);

    /// Draws the query `q` with the keys `keys` (plane units; the perpendiculars only from the
    /// keys with `visible` set, and only for at most 8 keys), in display units of `unit` plane
    /// units. `line`: d_k = 1, everything on y = 0, no direction line and no perpendiculars.
    void update(const Eigen::Vector2d &q, const std::vector<Eigen::Vector2d> &keys,
                const std::vector<bool> &visible, double unit, bool line);
    /// No query: nothing drawn.
    void hide();

    /// The perpendiculars (NaN-separated segments), a plottable the view keeps.
    QCPCurve *feet() const { return mFeet; }

private:
    QCPItemStraightLine *mLine;
    QCPCurve *mFeet;
    QCPItemLine *mArrow;
};

} // namespace sml
