#include "ScenarioTableModel.h"

#include "ScenarioDocument.h"

#include <algorithm>

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
        return;
    }
    if (mRows > 0 && mColumns > 0)
        emit dataChanged(index(0, 0), index(mRows - 1, mColumns - 1));
    emit headerDataChanged(Qt::Horizontal, 0, std::max(0, mColumns - 1));
    emit headerDataChanged(Qt::Vertical, 0, std::max(0, mRows - 1));
}

} // namespace sml
