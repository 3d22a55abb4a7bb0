#include "ShowWhenVisible.h"

#include "PlotView.h"
#include "ScenarioDocument.h"

#include <QEvent>
#include <QWidget>
#include <QPointer>

namespace sml {

namespace {

/// A child of the view: remembers that the view is stale and refreshes it on its next Show.
class StaleWatcher : public QObject
{
public:
    StaleWatcher(PlotView *view, ScenarioDocument *document)
        : QObject(view), mView(view), mDocument(document)
    {
        setObjectName(QStringLiteral("smlStaleWatcher"));
        view->installEventFilter(this);
    }

    void setDocument(ScenarioDocument *document) { mDocument = document; }
    bool stale = false;

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == mView && event->type() == QEvent::Show && stale && mDocument) {
            stale = false;
            mView->showAnalysis(mDocument->analysis(), mDocument->selectedQuery());
        }
        return false;
    }

private:
    PlotView *mView;
    QPointer<ScenarioDocument> mDocument;
};

/// A child of a widget: the refresh to run when the widget is next shown.
class RefreshWatcher : public QObject
{
public:
    explicit RefreshWatcher(QWidget *widget) : QObject(widget), mWidget(widget)
    {
        setObjectName(QStringLiteral("smlRefreshWatcher"));
        widget->installEventFilter(this);
    }

    std::function<void()> pending;

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == mWidget && event->type() == QEvent::Show && pending) {
            const std::function<void()> refresh = std::move(pending);
            pending = nullptr;
            refresh();
        }
        return false;
    }

private:
    QWidget *mWidget;
};

} // namespace

void refreshWhenVisible(QWidget *widget, std::function<void()> refresh)
{
    auto *watcher = widget->findChild<RefreshWatcher *>(QStringLiteral("smlRefreshWatcher"),
                                                        Qt::FindDirectChildrenOnly);
    const QWidget *window = widget->window();
    if (widget->isVisible() || !window || !window->isVisible()) {
        if (watcher)
            watcher->pending = nullptr;
        refresh();
        return;
    }
    if (!watcher)
        watcher = new RefreshWatcher(widget);
    watcher->pending = std::move(refresh);
}

void showWhenVisible(PlotView *view, ScenarioDocument *document)
{
    auto *watcher = view->findChild<StaleWatcher *>(QStringLiteral("smlStaleWatcher"),
                                                    Qt::FindDirectChildrenOnly);
    if (!watcher)
        watcher = new StaleWatcher(view, document);
    watcher->setDocument(document);
    const QWidget *window = view->window();
    if (view->isVisible() || !window || !window->isVisible()) {
        watcher->stale = false;
        view->showAnalysis(document->analysis(), document->selectedQuery());
    } else {
        watcher->stale = true;
    }
}

} // namespace sml
