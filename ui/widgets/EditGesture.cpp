#include "widgets/EditGesture.h"

#include "document/ScenarioDocument.h"

#include <QEvent>
#include <QKeyEvent>
#include <QLineEdit>
#include <QWidget>

namespace sml {

EditGesture::EditGesture(ScenarioDocument *document, QObject *parent)
    : QObject(parent), mDocument(document)
{
}

void EditGesture::watch(QWidget *widget)
{
    widget->installEventFilter(this);
    for (QLineEdit *edit : widget->findChildren<QLineEdit *>())
        edit->installEventFilter(this);
}

bool EditGesture::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonDblClick:
        mMouseDown = true;
        mGesture = mDocument->beginGesture();
        break;
    case QEvent::MouseButtonRelease:
        mMouseDown = false;
        mGesture = 0;
        break;
    case QEvent::KeyPress:
        // A held key repeats: the repeats belong to the press that started them.
        if (!mMouseDown && !static_cast<QKeyEvent *>(event)->isAutoRepeat())
            mGesture = mDocument->beginGesture();
        break;
    case QEvent::KeyRelease:
        if (!mMouseDown && !static_cast<QKeyEvent *>(event)->isAutoRepeat())
            mGesture = 0;
        break;
    case QEvent::FocusOut:
        // Leaving the control commits a typed value: its own step.
        if (!mMouseDown)
            mGesture = 0;
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace sml
