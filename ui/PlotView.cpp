#include "PlotView.h"

#include "PlotStyle.h"

#include <QHelpEvent>
#include <QToolTip>

namespace sml {

PlotView::PlotView(QWidget *parent) : QCustomPlot(parent)
{
    setBackground(Qt::white);
    setMinimumSize(320, 240);
    setAntialiasedElements(QCP::aeAll);
    setNotAntialiasedElements(QCP::aeNone);
    setMouseTracking(true);
    legend->setFont(plotStyle::legendFont());
}

void PlotView::setLayoutSize(const QSize &size)
{
    if (size.isEmpty() || size == mLayoutSize)
        return;
    mLayoutSize = size;
    updateTicks();
}

bool PlotView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QCustomPlot::event(event);
}

void PlotView::resizeEvent(QResizeEvent *event)
{
    setLayoutSize(event->size());
    QCustomPlot::resizeEvent(event);
}

QCPTextElement *PlotView::addTitle()
{
    plotLayout()->insertRow(0);
    auto *title = new QCPTextElement(this, QString(), plotStyle::titleFont());
    plotLayout()->addElement(0, 0, title);
    return title;
}

} // namespace sml
