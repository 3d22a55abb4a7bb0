#pragma once

#include <QCoreApplication>
#include <QList>
#include <QRectF>

class QCPItemStraightLine;
class QCPItemText;
class QCustomPlot;

namespace sml {

struct ScoreLines;

/// The dashed equal-score lines of the key plane and their labels (MATH.md §4.5): one straight
/// line per level of a ScoreLines (KeySpaceFields::scoreLines), perpendicular to the query's
/// direction, in the display units of the plot's axes. A label "s = …" (or "Δs = …" when the
/// plane is a projection) sits where its line leaves the plot, like the marks of a ruler.
///
/// The same drawing, solid and coloured, marks the **water line** of α-entmax (MATH.md §7.2,
/// §7.4): the one score line at the threshold s*, below which a key's weight is exactly 0; its
/// label reads "water line s* = …".
class EqualScoreLines
{
    Q_DECLARE_TR_FUNCTIONS(EqualScoreLines)

public:
    enum class Kind
    {
        EqualScore, ///< dashed grey lines "s = …"
        WaterLine   ///< one solid blue line "water line s* = …"
    };

    explicit EqualScoreLines(QCustomPlot *plot, Kind kind = Kind::EqualScore)
        : mPlot(plot), mKind(kind)
    {
    }

    /// Draws `lines` in the plot's current ranges. `line`: d_k = 1, the plot is a line and the
    /// score lines are vertical. `exact`: the plane is the key space (labels "s" rather than
    /// "Δs"). A label that would touch one of `obstacles` (pixel boxes: the discs and points) or
    /// another label is hidden; its line is still drawn. Lines and labels are pooled: the
    /// surplus is hidden, never deleted.
    /// Returns `obstacles` with the boxes of the labels it placed added, for the next drawing.
    QList<QRectF> update(const ScoreLines &lines, bool line, bool exact, QList<QRectF> obstacles);

private:
    QCustomPlot *mPlot;
    Kind mKind;
    QList<QCPItemStraightLine *> mLines;
    QList<QCPItemText *> mLabels;
};

} // namespace sml
