#include "plots/keyspace/FieldBackground.h"

#include "style/Appearance.h"

#include "KeySpaceFields.h"
#include "style/PlotStyle.h"

#include <qcustomplot.h>

namespace sml {

namespace {

/// A pale gradient for H(q): warm = sharp (low entropy), cool = diffuse; the points stay
/// readable on top of it.
QCPColorGradient entropyGradient()
{
    QCPColorGradient g;
    g.clearColorStops();
    const Appearance *look = Appearance::instance();
    g.setColorStopAt(0.0, look->paper(QColor(253, 219, 160)));
    g.setColorStopAt(0.5, look->paper(QColor(247, 244, 232)));
    g.setColorStopAt(1.0, look->paper(QColor(190, 214, 238)));
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setLevelCount(200);
    return g;
}

} // namespace

FieldBackground::FieldBackground(QCustomPlot *plot)
{
    mRow = new QCPLayoutGrid;
    QCPAxisRect *rect = plot->axisRect();
    plot->plotLayout()->take(rect);
    plot->plotLayout()->addElement(2, 0, mRow);
    mRow->addElement(0, 0, rect);

    mMap = new QCPColorMap(plot->xAxis, plot->yAxis);
    mMap->setLayer(QStringLiteral("background"));
    mMap->setGradient(entropyGradient());
    mMap->setInterpolate(true);
    mMap->setTightBoundary(true);
    mMap->setVisible(false);
    mScale = new QCPColorScale(plot);
    mScale->setType(QCPAxis::atRight);
    mScale->setGradient(entropyGradient());
    mScale->setBarWidth(18);
    plotStyle::styleAxis(mScale->axis(), tr("H(q) of a query here (nats)"));
    mScale->axis()->grid()->setVisible(false);
    mMap->setColorScale(mScale);
    mScale->setVisible(false);
    // mScale is added to mRow only while the field is shown.
    mGroup = new QCPMarginGroup(plot);
}

void FieldBackground::style(bool score)
{
    const QCPColorGradient gradient = score ? plotStyle::diverging() : entropyGradient();
    mScale->setGradient(gradient);
    mMap->setGradient(gradient);
    mScale->axis()->setLabel(score ? tr("score s = q·k/τ of a key here")
                                   : tr("H(q) of a query here (nats)"));
}

bool FieldBackground::setShown(bool shown, bool below)
{
    const bool scaleShown = mRow->hasElement(0, 1) || mRow->hasElement(1, 0);
    const bool scaleBelow = mRow->hasElement(1, 0);
    const bool changed = shown != scaleShown || (shown && below != scaleBelow);
    if (changed) {
        auto *rect = qobject_cast<QCPAxisRect *>(mRow->element(0, 0));
        if (scaleShown) {
            mRow->take(mScale);
            mRow->simplify();
        }
        for (QCPLayoutElement *e :
             {static_cast<QCPLayoutElement *>(rect), static_cast<QCPLayoutElement *>(mScale)})
            if (e)
                e->setMarginGroup(QCP::msAll, nullptr);
        if (shown) {
            // The scale's long side lines up with the axis rect's.
            const QCP::MarginSides sides =
                below ? QCP::msLeft | QCP::msRight : QCP::msTop | QCP::msBottom;
            if (mScale->type() != (below ? QCPAxis::atBottom : QCPAxis::atRight)) {
                // Another axis of the scale's rect: give it the look of the one it replaces.
                const QString label = mScale->axis()->label();
                mScale->setType(below ? QCPAxis::atBottom : QCPAxis::atRight);
                plotStyle::styleAxis(mScale->axis(), label);
                mScale->axis()->grid()->setVisible(false);
            }
            if (below) {
                mRow->addElement(1, 0, mScale);
                mRow->setRowStretchFactor(1, 0.001);
            } else {
                mRow->addElement(0, 1, mScale);
                mRow->setColumnStretchFactor(1, 0.001);
            }
            if (rect)
                rect->setMarginGroup(sides, mGroup);
            mScale->setMarginGroup(sides, mGroup);
        }
        mScale->setVisible(shown);
    }
    mMap->setVisible(shown);
    return changed;
}

void FieldBackground::fill(const SampledField &field)
{
    const PlaneGrid &grid = field.grid;
    if (field.values.rows() != grid.nx || field.values.cols() != grid.ny)
        return; // no field (H(q) where it is not defined)
    QCPColorMapData *data = mMap->data();
    data->setSize(grid.nx, grid.ny);
    data->setRange(QCPRange(grid.region.xLower, grid.region.xUpper),
                   QCPRange(grid.region.yLower, grid.region.yUpper));
    for (int ix = 0; ix < grid.nx; ++ix)
        for (int iy = 0; iy < grid.ny; ++iy)
            data->setCell(ix, iy, field.values(ix, iy));
    mMap->setDataRange(QCPRange(field.lower, field.upper));
    mScale->axis()->setRange(field.lower, field.upper);
}

} // namespace sml
