#include "tables/QueriesTableModel.h"

#include "NumberInput.h"
#include "document/ScenarioDocument.h"
#include "style/TableStyle.h"

namespace sml {

QueriesTableModel::QueriesTableModel(ScenarioDocument *document, QObject *parent)
    : ScenarioTableModel(document, parent)
{
    connect(document, &ScenarioDocument::selectedQueryChanged, this, [this] { refresh(); });
    refresh();
}

std::pair<int, int> QueriesTableModel::shape() const
{
    const Scenario &s = document()->scenario();
    return {s.m(), 1 + s.dK()};
}

QVariant QueriesTableModel::data(const QModelIndex &index, int role) const
{
    const Scenario &s = document()->scenario();
    if (!index.isValid() || index.row() >= s.m() || index.column() > s.dK())
        return {};
    const int i = index.row();
    const int c = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return c == 0 ? QVariant(s.queryLabels.value(i))
                      : QVariant(tableStyle::displayNumber(s.queries(i, c - 1)));
    case Qt::EditRole:
        return c == 0 ? QVariant(s.queryLabels.value(i)) : QVariant(s.queries(i, c - 1));
    case Qt::ToolTipRole:
        return c == 0 ? tr("Label of query %1 (click the row to select it)").arg(i + 1)
                      : QStringLiteral("queries[%1].vector[%2] = %3")
                            .arg(i)
                            .arg(c - 1)
                            .arg(formatCellNumber(s.queries(i, c - 1), QLocale()));
    case Qt::TextAlignmentRole:
        return c == 0 ? int(Qt::AlignLeft | Qt::AlignVCenter)
                      : int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if (i == document()->selectedQuery())
            return tableStyle::selectedRowBrush();
        return {};
    default:
        return {};
    }
}

bool QueriesTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid())
        return false;
    if (index.column() == 0)
        return report(document()->setLabel(LabelTarget::Query, index.row(), value.toString()));
    bool ok = false;
    const double v = value.toDouble(&ok);
    if (!ok)
        return report(tr("Not a number."));
    return report(document()->setCell(CellTable::Query, index.row(), index.column() - 1, v));
}

Qt::ItemFlags QueriesTableModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

QRect QueriesTableModel::changedCells()
{
    const Scenario &s = document()->scenario();
    QRect cells = differingCells(mShownQueries, s.queries, 1);
    for (int i = 0; i < s.m(); ++i)
        if (i >= mShownLabels.size() || mShownLabels[i] != s.queryLabels.value(i))
            cells |= QRect(0, i, 1, 1);
    const int selected = document()->selectedQuery();
    if (selected != mShownSelection) { // the tinted row moves
        for (int row : {mShownSelection, selected})
            if (row >= 0 && row < s.m())
                cells |= QRect(0, row, s.dK() + 1, 1);
    }
    mShownQueries = s.queries;
    mShownLabels = s.queryLabels;
    mShownSelection = selected;
    return cells;
}

QVariant QueriesTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical) {
        if (role == Qt::DisplayRole)
            return section + 1;
        return {};
    }
    if (role == Qt::DisplayRole)
        return section == 0 ? tr("label") : tr("q[%1]").arg(section);
    if (role == Qt::ToolTipRole)
        return section == 0 ? tr("Token label of the query")
                            : tr("Entry %1 of the query vector (d_k = %2)")
                                  .arg(section)
                                  .arg(document()->scenario().dK());
    return {};
}

} // namespace sml
