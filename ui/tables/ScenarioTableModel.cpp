#include "tables/ScenarioTableModel.h"

#include "document/ScenarioDocument.h"

#include <algorithm>
#include <cstring>

namespace sml {

ScenarioTableModel::ScenarioTableModel(ScenarioDocument *document, QObject *parent)
    : QAbstractTableModel(parent), mDocument(document)
{
    // shape() is virtual, so subclasses call refresh() at the end of their constructors.
    connect(document, &ScenarioDocument::changed, this, &ScenarioTableModel::refresh);
}

int ScenarioTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : mRows;
}

int ScenarioTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : mColumns;
}

bool ScenarioTableModel::report(const std::optional<QString> &error)
{
    mLastError = error.value_or(QString());
    if (error)
        emit editRefused(*error);
    return !error;
}

void ScenarioTableModel::refresh()
{
    const auto [rows, columns] = shape();
    if (rows != mRows || columns != mColumns) {
        beginResetModel();
        mRows = rows;
        mColumns = columns;
        endResetModel();
        (void)changedCells(); // the subclass's copy follows the new shape
        return;
    }
    // Only the cells that changed: a full dataChanged() made the views repaint every visible
    // cell after each edit, a few ms per edit with long tables (issue 5).
    const QRect cells = changedCells().intersected(QRect(0, 0, mColumns, mRows));
    if (!cells.isEmpty())
        emit dataChanged(index(cells.top(), cells.left()), index(cells.bottom(), cells.right()));
    if (headersFollowContent()) {
        emit headerDataChanged(Qt::Horizontal, 0, std::max(0, mColumns - 1));
        emit headerDataChanged(Qt::Vertical, 0, std::max(0, mRows - 1));
    }
}

QRect ScenarioTableModel::changedCells()
{
    return QRect(0, 0, mColumns, mRows);
}

QRect ScenarioTableModel::differingCells(const Eigen::MatrixXd &before, const Eigen::MatrixXd &now,
                                         int columnOffset)
{
    if (before.rows() != now.rows() || before.cols() != now.cols())
        return QRect(columnOffset, 0, int(now.cols()), int(now.rows()));
    QRect box;
    for (Eigen::Index c = 0; c < now.cols(); ++c)
        for (Eigen::Index r = 0; r < now.rows(); ++r)
            if (std::memcmp(&before(r, c), &now(r, c), sizeof(double)) != 0)
                box |= QRect(columnOffset + int(c), int(r), 1, 1);
    return box;
}

} // namespace sml
