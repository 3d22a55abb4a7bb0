#pragma once

#include <QObject>

class QMouseEvent;

namespace sml {

/// The mouse editing of a view, as KDE Kig's modes/ and Tiled's tools do it: the view draws and
/// PlotView forwards its mouse events here (PlotView::setInteraction), and the interaction turns
/// a gesture into document edits, one undo step per gesture. Each handler returns true when it
/// used (and accepted) the event; otherwise the view handles it as a plot does (tooltips,
/// context menu). Owned by its view.
class PlotInteraction : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    virtual bool mousePress(QMouseEvent *event) = 0;
    /// Also sets the hover cursor while no gesture is under way.
    virtual bool mouseMove(QMouseEvent *event) = 0;
    /// True when a gesture ended; PlotView then calls interactionFinished() on the view. The
    /// default ends a drag under way: cancel(), the arrow cursor on the parent widget (the view),
    /// and the event accepted.
    virtual bool mouseRelease(QMouseEvent *event);
    virtual bool isDragging() const = 0;
    /// Forgets the gesture under way (what it edits is gone), leaving the cursor as it is.
    virtual void cancel() = 0;

signals:
    /// An edit the document refused, for the status bar.
    void message(const QString &text);
};

} // namespace sml
