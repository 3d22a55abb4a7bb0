#include "widgets/DocumentBinding.h"

#include "document/ScenarioDocument.h"
#include "style/Appearance.h"

#include <QEvent>
#include <QPointer>
#include <QWidget>

namespace sml {

namespace {

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

void bindToDocument(QWidget *widget, ScenarioDocument *document, std::function<void()> refresh)
{
    // One binding per widget: a named child holds the connections, so a new binding replaces it.
    const QString name = QStringLiteral("smlDocumentBinding");
    delete widget->findChild<QObject *>(name, Qt::FindDirectChildrenOnly);
    if (!document)
        return;
    auto *binding = new QObject(widget);
    binding->setObjectName(name);
    const auto onChange = [widget, refresh] { refreshWhenVisible(widget, refresh); };
    QObject::connect(document, &ScenarioDocument::changed, binding, onChange);
    QObject::connect(document, &ScenarioDocument::selectedQueryChanged, binding, onChange);
    QObject::connect(Appearance::instance(), &Appearance::changed, binding, onChange);
    refresh();
}

} // namespace sml
