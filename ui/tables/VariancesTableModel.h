#pragma once

#include "tables/ScenarioTableModel.h"

namespace sml {

/// The m×T table of variances σ²_it (MATH.md §4.1): rows = queries, columns = keys.
/// In free mode every cell is editable (σ² > 0). In linked mode the cells show the computed
/// σ²_it = σ0² exp(−s_it), read-only and greyed, so the class can see what "linked" means.
/// Masked cells are tinted grey (their σ² is ignored but must stay positive).
class VariancesTableModel : public ScenarioTableModel
{
    Q_OBJECT

public:
    explicit VariancesTableModel(ScenarioDocument *document, QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

protected:
    std::pair<int, int> shape() const override;
};

} // namespace sml
