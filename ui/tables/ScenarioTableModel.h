#pragma once

#include <Eigen/Core>
#include <QAbstractTableModel>
#include <QRect>

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
    /// A change of shape resets the model; otherwise only changedCells() is announced.
    void refresh();
    /// The cells whose display may have changed since the last call, as a rectangle of
    /// columns (x) × rows (y); empty when none did. Called once per refresh, also after a
    /// reset, so a subclass can keep a copy of what it shows. The default is every cell, and
    /// the headers too (their labels may come from the scenario).
    virtual QRect changedCells();
    /// True when the headers can change without a change of shape. Default: true.
    virtual bool headersFollowContent() const { return true; }
    /// Helper for changedCells(): the bounding box of the entries where `now` differs from
    /// `before` (same shape; NaN-aware, bit for bit), its columns shifted by `columnOffset`.
    static QRect differingCells(const Eigen::MatrixXd &before, const Eigen::MatrixXd &now,
                                int columnOffset);
    int modelRows() const { return mRows; }
    int modelColumns() const { return mColumns; }

private:
    ScenarioDocument *mDocument;
    int mRows = 0;
    int mColumns = 0;
    QString mLastError;
};

} // namespace sml
