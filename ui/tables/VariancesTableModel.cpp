#include "tables/VariancesTableModel.h"

#include "NumberInput.h"
#include "document/ScenarioDocument.h"
#include "style/TableStyle.h"

#include <cfloat>
#include <cmath>

namespace sml {

VariancesTableModel::VariancesTableModel(ScenarioDocument *document, QObject *parent)
    : ScenarioTableModel(document, parent)
{
    connect(document, &ScenarioDocument::selectedQueryChanged, this, [this] { refresh(); });
    refresh();
}

std::pair<int, int> VariancesTableModel::shape() const
{
    const Scenario &s = document()->scenario();
    return {s.m(), s.T()};
}

/// σ² as text; outside the double range it says so (MATH.md §4.1), never 0 or inf.
static QString varianceText(double logVariance)
{
    if (logVariance > std::log(DBL_MAX))
        return QStringLiteral("> 1.8e308");
    if (logVariance < std::log(DBL_MIN))
        return QStringLiteral("< 1e-308");
    return tableStyle::displayNumber(std::exp(logVariance));
}

QVariant VariancesTableModel::data(const QModelIndex &index, int role) const
{
    const Scenario &s = document()->scenario();
    if (!index.isValid() || index.row() >= s.m() || index.column() >= s.T())
        return {};
    const int i = index.row();
    const int t = index.column();
    const Analysis &analysis = document()->analysis();
    const bool masked = !analysis.mask().visible(i, t);
    const bool linked = s.varianceMode == VarianceMode::Linked;
    const double logLinked =
        std::log(s.sigma0Squared) - analysis.attention().similarities(i, t) / analysis.tau();

    switch (role) {
    case Qt::DisplayRole:
        if (linked)
            return varianceText(logLinked);
        return tableStyle::displayNumber(s.freeVariances(i, t));
    case Qt::EditRole:
        if (linked)
            return varianceText(logLinked); // read-only: not a number cell
        return s.freeVariances(i, t);
    case Qt::ToolTipRole: {
        QString text =
            linked ? tr("linked: σ² = σ0² · exp(−s) = %1 · exp(−(%2)) = %3")
                         .arg(QLocale().toString(s.sigma0Squared, 'g', 6))
                         .arg(QLocale().toString(logLinked - std::log(s.sigma0Squared), 'g', 6))
                         .arg(varianceText(logLinked))
                   : QStringLiteral("variance.variances[%1][%2] = %3")
                         .arg(i)
                         .arg(t)
                         .arg(formatCellNumber(s.freeVariances(i, t), QLocale()));
        if (masked)
            text += tr("\nmasked: query %1 does not see key %2, so this σ² is ignored")
                        .arg(s.queryLabels.value(i), s.keyLabels.value(t));
        return text;
    }
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if (masked)
            return tableStyle::maskedBrush();
        if (i == document()->selectedQuery())
            return tableStyle::selectedRowBrush();
        return {};
    case Qt::ForegroundRole:
        if (linked || masked)
            return tableStyle::computedTextColor();
        return {};
    default:
        return {};
    }
}

bool VariancesTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid())
        return false;
    if (document()->scenario().varianceMode != VarianceMode::Free)
        return report(tr("The variances are linked to the scores; switch to free variances to "
                         "set them by hand."));
    bool ok = false;
    const double v = value.toDouble(&ok);
    if (!ok)
        return report(tr("Not a number."));
    return report(document()->setCell(CellTable::Variance, index.row(), index.column(), v));
}

Qt::ItemFlags VariancesTableModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (document()->scenario().varianceMode == VarianceMode::Free)
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant VariancesTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    const Scenario &s = document()->scenario();
    if (role == Qt::DisplayRole)
        return orientation == Qt::Horizontal ? s.keyLabels.value(section)
                                             : s.queryLabels.value(section);
    if (role == Qt::ToolTipRole)
        return orientation == Qt::Horizontal ? tr("key %1").arg(section + 1)
                                             : tr("query %1").arg(section + 1);
    return {};
}

} // namespace sml
