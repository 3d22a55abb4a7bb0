#include "tables/ModelMatrixTableModel.h"

#include "Model.h"
#include "NumberInput.h"
#include "document/ScenarioDocument.h"
#include "style/TableStyle.h"

namespace sml {

ModelMatrixTableModel::ModelMatrixTableModel(ScenarioDocument *document, ModelMatrix matrix,
                                             QObject *parent)
    : ScenarioTableModel(document, parent), mMatrix(matrix)
{
    refresh();
}

const Eigen::MatrixXd &ModelMatrixTableModel::shown() const
{
    static const Eigen::MatrixXd none;
    const Scenario &s = document()->fileScenario();
    if (!s.model)
        return none;
    const Model &model = *s.model;
    return modelMatrix(model, mMatrix, std::clamp(document()->selectedHead(), 0, model.H() - 1));
}

std::pair<int, int> ModelMatrixTableModel::shape() const
{
    const Eigen::MatrixXd &m = shown();
    return {int(m.rows()), int(m.cols())};
}

QVariant ModelMatrixTableModel::data(const QModelIndex &index, int role) const
{
    const Eigen::MatrixXd &m = shown();
    if (!index.isValid() || index.row() >= m.rows() || index.column() >= m.cols())
        return {};
    const double number = m(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
        return tableStyle::displayNumber(number);
    case Qt::EditRole:
        return number;
    case Qt::ToolTipRole:
        return QStringLiteral("%1[%2, %3] = %4")
            .arg(headerData(0, Qt::Horizontal, Qt::UserRole).toString())
            .arg(index.row() + 1)
            .arg(index.column() + 1)
            .arg(formatCellNumber(number, QLocale()));
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

bool ModelMatrixTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid())
        return false;
    bool ok = false;
    const double v = value.toDouble(&ok);
    if (!ok)
        return report(tr("Not a number."));
    return report(document()->setModelCell(mMatrix, document()->selectedHead(), index.row(),
                                           index.column(), v));
}

Qt::ItemFlags ModelMatrixTableModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

QVariant ModelMatrixTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    const QString name = modelMatrixName(mMatrix);
    if (role == Qt::UserRole) // the matrix's name, for the tooltips
        return name;
    const Scenario &s = document()->fileScenario();
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    if (orientation == Qt::Vertical) {
        if (mMatrix == ModelMatrix::Embeddings && s.model)
            return role == Qt::DisplayRole
                       ? QVariant(s.model->tokenLabels.value(section))
                       : QVariant(tr("Token %1: its embedding x (a row of X)").arg(section + 1));
        return role == Qt::DisplayRole
                   ? QVariant(section + 1)
                   : QVariant(tr("Row %1: embedding component %1 (d_model)").arg(section + 1));
    }
    if (role == Qt::ToolTipRole)
        return mMatrix == ModelMatrix::Embeddings
                   ? tr("Component %1 of the embeddings (d_model)").arg(section + 1)
                   : tr("Column %1 of %2: component %1 of the token's %3")
                         .arg(section + 1)
                         .arg(name, mMatrix == ModelMatrix::WQ   ? tr("query")
                                    : mMatrix == ModelMatrix::WK ? tr("key")
                                                                 : tr("value"));
    return QString::number(section + 1);
}

} // namespace sml
