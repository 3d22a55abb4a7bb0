#pragma once

#include <QAbstractTableModel>

#include <optional>
#include <utility>

namespace sml {

class ScenarioDocument;

/// Common base of the scenario table models: follows the document (a reset when the shape
/// changes, dataChanged otherwise, so an edit keeps the current cell and selection), and reports
/// refused edits through editRefused() and lastError(). Edits go through the document's edit
/// functions, so each accepted setData() is one undo step.
class ScenarioTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    explicit ScenarioTableModel(ScenarioDocument *document, QObject *parent = nullptr);

    ScenarioDocument *document() const { return mDocument; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;

    /// The message of the last refused setData() (empty if the last one was accepted).
    QString lastError() const { return mLastError; }

signals:
    /// setData() was refused by the document; `message` says why.
    void editRefused(const QString &message);

protected:
    /// The table's shape for the current scenario: {rows, columns}.
    virtual std::pair<int, int> shape() const = 0;
    /// Records the outcome of a document edit; returns true when it was applied.
    bool report(const std::optional<QString> &error);
    /// Re-reads the document. Subclasses call it at the end of their constructor.
    void refresh();

private:
    ScenarioDocument *mDocument;
    int mRows = 0;
    int mColumns = 0;
    QString mLastError;
};

} // namespace sml
