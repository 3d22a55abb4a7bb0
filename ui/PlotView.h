#pragma once

#include <qcustomplot.h>

#include <QSize>
#include <QString>

namespace sml {

class Analysis;

/// Base of the plot views (QCustomPlot widgets). A view shows an Analysis and the selected
/// query, and never edits anything: the window calls showAnalysis() on every document change.
/// Subclasses provide the plot, the tooltip text under the mouse, and the tick layout for a size
/// (so that exports at a fixed size thin their labels like the window does).
class PlotView : public QCustomPlot
{
    Q_OBJECT

public:
    explicit PlotView(QWidget *parent = nullptr);

    /// Stable, lowercase, hyphenated name used for exports ("attention-heatmap").
    virtual QString viewName() const = 0;
    /// Rebuilds the plot for `analysis` with `selectedQuery` highlighted, then replots.
    virtual void showAnalysis(const Analysis &analysis, int selectedQuery) = 0;
    /// The tooltip text for a widget position (empty: no tooltip).
    virtual QString toolTipAt(const QPointF &pos) const = 0;

    /// Lays the ticks out for a plot of `size` pixels (called on resize and before an export).
    void setLayoutSize(const QSize &size);
    QSize layoutSize() const { return mLayoutSize; }

protected:
    /// Recomputes the tick labels for layoutSize(); no replot.
    virtual void updateTicks() = 0;

    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

    /// Adds a title row above the axis rect and returns the title element.
    QCPTextElement *addTitle();

private:
    QSize mLayoutSize{900, 600};
};

} // namespace sml
