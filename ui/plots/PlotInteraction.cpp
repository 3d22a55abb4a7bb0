#include "plots/PlotInteraction.h"

#include <QMouseEvent>
#include <QWidget>

namespace sml {

bool PlotInteraction::mouseRelease(QMouseEvent *event)
{
    if (!isDragging())
        return false;
    cancel();
    if (auto *view = qobject_cast<QWidget *>(parent()))
        view->setCursor(Qt::ArrowCursor);
    event->accept();
    return true;
}

} // namespace sml
