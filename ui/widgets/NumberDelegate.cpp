#include "widgets/NumberDelegate.h"

#include "NumberInput.h"
#include "tables/ScenarioTableModel.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <QToolTip>

namespace sml {

static const char *refusedProperty = "smlRefused";
static const char *ownToolTipProperty = "smlOwnToolTip";
static const char *ownStyleSheetProperty = "smlOwnStyleSheet";

void markRefused(QWidget *editor, const QString &message)
{
    const bool refused = !message.isEmpty();
    const bool wasRefused = editor->property(refusedProperty).toBool();
    editor->setProperty(refusedProperty, refused);
    // The refusal takes the tooltip's place while it lasts; the field's own tooltip ("Temperature
    // τ > 0: …") comes back after (it was lost at the first value shown).
    // (The same for the field's own style sheet.)
    if (refused && !wasRefused) {
        editor->setProperty(ownToolTipProperty, editor->toolTip());
        editor->setProperty(ownStyleSheetProperty, editor->styleSheet());
        editor->setStyleSheet(QStringLiteral("background-color: #ffb4b4; color: black;"));
    }
    if (refused)
        editor->setToolTip(message);
    else if (wasRefused) {
        editor->setToolTip(editor->property(ownToolTipProperty).toString());
        editor->setStyleSheet(editor->property(ownStyleSheetProperty).toString());
    }
    if (refused && editor->isVisible())
        QToolTip::showText(editor->mapToGlobal(QPoint(0, editor->height())), message, editor);
    else if (wasRefused)
        QToolTip::hideText();
}

NumberDelegate::NumberDelegate(QObject *parent, const QLocale &locale)
    : QStyledItemDelegate(parent), mLocale(locale)
{
}

std::optional<double> NumberDelegate::parse(const QString &text, QString *error) const
{
    return parseCellNumber(text, mLocale, error);
}

bool NumberDelegate::isRefused(const QWidget *editor)
{
    return editor && editor->property(refusedProperty).toBool();
}

static bool isNumberCell(const QModelIndex &index)
{
    return index.data(Qt::EditRole).userType() == QMetaType::Double;
}

/// The property that marks the delegate's own number editors. A label cell's editor is a
/// QLineEdit too (the default one): only number editors are checked when Enter or Tab commits.
static const char *const numberEditorProperty = "smlNumberEditor";

static bool isNumberEditor(const QObject *editor)
{
    return editor->property(numberEditorProperty).toBool();
}

QWidget *NumberDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                      const QModelIndex &index) const
{
    if (!isNumberCell(index))
        return QStyledItemDelegate::createEditor(parent, option, index);
    auto *editor = new QLineEdit(parent);
    editor->setProperty(numberEditorProperty, true);
    editor->setFrame(false);
    editor->setLocale(mLocale);
    connect(editor, &QLineEdit::textEdited, this, [this, editor] { check(editor); });
    return editor;
}

void NumberDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    auto *line = qobject_cast<QLineEdit *>(editor);
    if (!line || !isNumberCell(index)) {
        QStyledItemDelegate::setEditorData(editor, index);
        return;
    }
    line->setText(formatCellNumber(index.data(Qt::EditRole).toDouble(), mLocale));
    markRefused(line, QString());
}

std::optional<double> NumberDelegate::check(QLineEdit *editor, QString *error) const
{
    QString reason;
    const std::optional<double> value = parse(editor->text(), &reason);
    if (!value && reason.isEmpty())
        reason = tr("not a number");
    markRefused(editor, value ? QString() : tr("Refused: %1").arg(reason));
    if (error)
        *error = editor->toolTip();
    return value;
}

void NumberDelegate::setModelData(QWidget *editor, QAbstractItemModel *model,
                                  const QModelIndex &index) const
{
    auto *line = qobject_cast<QLineEdit *>(editor);
    if (!line || !isNumberCell(index)) {
        QStyledItemDelegate::setModelData(editor, model, index);
        return;
    }
    QString error;
    const std::optional<double> value = check(line, &error);
    if (!value) {
        emit const_cast<NumberDelegate *>(this)->refused(error);
        return; // the old value stays
    }
    if (!model->setData(index, *value, Qt::EditRole)) {
        // The document refused the edit (for example an overflowing similarity); the model has
        // already reported it. Show it on the editor too, in case it stays open.
        if (const auto *tableModel = qobject_cast<const ScenarioTableModel *>(model))
            markRefused(line, tableModel->lastError());
    }
}

bool NumberDelegate::eventFilter(QObject *object, QEvent *event)
{
    auto *line = qobject_cast<QLineEdit *>(object);
    if (line && isNumberEditor(line) && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter || key == Qt::Key_Tab ||
            key == Qt::Key_Backtab) {
            QString error;
            if (!check(line, &error)) {
                emit refused(error);
                return true; // keep the editor open with its red text
            }
        }
    }
    return QStyledItemDelegate::eventFilter(object, event);
}

} // namespace sml
