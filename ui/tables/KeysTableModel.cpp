#include "tables/KeysTableModel.h"

#include "NumberInput.h"
#include "document/ScenarioDocument.h"
#include "style/TableStyle.h"

namespace sml {

KeysTableModel::KeysTableModel(ScenarioDocument *document, QObject *parent)
    : ScenarioTableModel(document, parent)
{
    refresh();
}

std::pair<int, int> KeysTableModel::shape() const
{
    const Scenario &s = document()->scenario();
    return {s.T(), 1 + s.dK() + s.dV()};
}

QVariant KeysTableModel::data(const QModelIndex &index, int role) const
{
    const Scenario &s = document()->scenario();
    if (!index.isValid() || index.row() >= s.T() || index.column() > s.dK() + s.dV())
        return {};
    const int t = index.row();
    const int c = index.column();
    const bool isKey = c >= 1 && c <= s.dK();
    const double number = c == 0 ? 0.0 : isKey ? s.keys(t, c - 1) : s.values(t, c - 1 - s.dK());
    switch (role) {
    case Qt::DisplayRole:
        return c == 0 ? QVariant(s.keyLabels.value(t))
                      : QVariant(tableStyle::displayNumber(number));
    case Qt::EditRole:
        return c == 0 ? QVariant(s.keyLabels.value(t)) : QVariant(number);
    case Qt::ToolTipRole:
        if (c == 0)
            return tr("Label of key %1").arg(t + 1);
        return QStringLiteral("keys[%1].%2[%3] = %4")
            .arg(t)
            .arg(isKey ? QStringLiteral("vector") : QStringLiteral("value"))
            .arg(isKey ? c - 1 : c - 1 - s.dK())
            .arg(formatCellNumber(number, QLocale()));
    case Qt::TextAlignmentRole:
        return c == 0 ? int(Qt::AlignLeft | Qt::AlignVCenter)
                      : int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if (c > s.dK())
            return tableStyle::valueColumnBrush();
        return {};
    default:
        return {};
    }
}

bool KeysTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid())
        return false;
    const Scenario &s = document()->scenario();
    const int c = index.column();
    if (c == 0)
        return report(document()->setLabel(LabelTarget::Key, index.row(), value.toString()));
    bool ok = false;
    const double v = value.toDouble(&ok);
    if (!ok)
        return report(tr("Not a number."));
    if (c <= s.dK())
        return report(document()->setCell(CellTable::Key, index.row(), c - 1, v));
    return report(document()->setCell(CellTable::Value, index.row(), c - 1 - s.dK(), v));
}

Qt::ItemFlags KeysTableModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

QRect KeysTableModel::changedCells()
{
    const Scenario &s = document()->scenario();
    QRect cells =
        differingCells(mShownKeys, s.keys, 1) | differingCells(mShownValues, s.values, 1 + s.dK());
    for (int t = 0; t < s.T(); ++t)
        if (t >= mShownLabels.size() || mShownLabels[t] != s.keyLabels.value(t))
            cells |= QRect(0, t, 1, 1);
    mShownKeys = s.keys;
    mShownValues = s.values;
    mShownLabels = s.keyLabels;
    if (s.dK() != mShownDk) {
        // d_k and d_v can trade columns without a change of shape: the headers move too.
        mShownDk = s.dK();
        emit headerDataChanged(Qt::Horizontal, 0, std::max(0, modelColumns() - 1));
    }
    return cells;
}

QVariant KeysTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical) {
        if (role == Qt::DisplayRole)
            return section + 1;
        return {};
    }
    const Scenario &s = document()->scenario();
    const bool isKey = section >= 1 && section <= s.dK();
    if (role == Qt::DisplayRole) {
        if (section == 0)
            return tr("label");
        return isKey ? tr("k[%1]").arg(section) : tr("v[%1]").arg(section - s.dK());
    }
    if (role == Qt::ToolTipRole) {
        if (section == 0)
            return tr("Token label of the key");
        return isKey ? tr("Entry %1 of the key vector (d_k = %2)").arg(section).arg(s.dK())
                     : tr("Entry %1 of the value vector (d_v = %2)")
                           .arg(section - s.dK())
                           .arg(s.dV());
    }
    return {};
}

} // namespace sml
