#pragma once

#include <QLocale>
#include <QStyledItemDelegate>

#include <optional>

class QLineEdit;

namespace sml {

/// Item delegate for the number cells of the scenario tables.
///
/// The editor is a QLineEdit whose text is parsed with parseCellNumber() in the delegate's locale
/// (the user's locale by default): "0,5" under German is 0.5; "1.500" under German, "inf", "nan",
/// anything non-finite and empty text are refused. A refusal is visible: the editor turns red,
/// its tooltip gives the reason, refused() carries the message for the status bar, and the cell
/// keeps its old value. Enter/Tab on refused text keep the editor open; leaving it another way
/// drops the text. Cells whose edit value is not a double (token labels) get the default text
/// editor, which Enter and Tab commit like any other cell, whatever its text.
class NumberDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    explicit NumberDelegate(QObject *parent = nullptr, const QLocale &locale = QLocale());

    QLocale locale() const { return mLocale; }
    void setLocale(const QLocale &locale) { mLocale = locale; }

    /// Parses text as a cell number in the delegate's locale (parseCellNumber).
    std::optional<double> parse(const QString &text, QString *error = nullptr) const;

    /// True while an editor shows refused text (red background).
    static bool isRefused(const QWidget *editor);

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model,
                      const QModelIndex &index) const override;

signals:
    /// A typed number was refused; `message` says why (for the status bar).
    void refused(const QString &message);

protected:
    bool eventFilter(QObject *object, QEvent *event) override;

private:
    /// Parses the editor's text and shows the verdict on the editor (red + tooltip, or normal).
    std::optional<double> check(QLineEdit *editor, QString *error = nullptr) const;

    QLocale mLocale;
};

/// Marks a line edit as holding refused input (red background, tooltip), or clears the mark when
/// `message` is empty. Shared by the delegate and the control panel's number fields.
void markRefused(QWidget *editor, const QString &message);

} // namespace sml
