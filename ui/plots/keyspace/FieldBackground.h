#pragma once

#include <QCoreApplication>

class QCPColorMap;
class QCPColorScale;
class QCPLayoutGrid;
class QCPMarginGroup;
class QCustomPlot;

namespace sml {

struct SampledField;

/// The colour-map background of the key plane (a KeySpaceFields field) and its colour scale,
/// which stands beside the axis rect (or under it, in a narrow view) only while the map is
/// shown.
class FieldBackground
{
    Q_DECLARE_TR_FUNCTIONS(FieldBackground)

public:
    /// A hidden map under `plot`'s axes, and a scale beside the axis rect: the axis rect moves
    /// into a row of its own (row 2 of the plot layout, under the title and the subtitle) whose
    /// column 1 takes the scale while the map is shown, so the titles span the whole width.
    explicit FieldBackground(QCustomPlot *plot);

    /// The look for a kind of field: the score s on plotStyle::diverging() (0 in the middle), or
    /// H(q) on a pale gradient (warm = sharp, cool = diffuse), with the scale's label. Call it
    /// again after a change of Appearance (the gradients follow the theme).
    void style(bool score);
    /// Shows or hides the map and its scale, the scale under the axis rect and horizontal when
    /// `below` (a narrow view: a vertical bar with its labels would take a quarter of the width,
    /// and an equal-aspect plane as much of its height), else on its right; true when the scale
    /// came, went or moved, so the plot's layout is to be redone.
    bool setShown(bool shown, bool below = false);
    /// Draws `field`: its grid as the map's cells and ranges, its colour range on the scale.
    void fill(const SampledField &field);

    QCPColorMap *map() const { return mMap; }

private:
    QCPColorMap *mMap;
    QCPColorScale *mScale;
    QCPLayoutGrid *mRow;
    QCPMarginGroup *mGroup; ///< aligns the scale with the axis rect
};

} // namespace sml
