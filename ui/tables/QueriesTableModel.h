#pragma once

#include "tables/ScenarioTableModel.h"

#include <QStringList>

namespace sml {

/// The queries as a table: one row per query, columns = label, then the d_k vector entries.
/// The selected query's row is tinted.
class QueriesTableModel : public ScenarioTableModel
{
    Q_OBJECT

public:
    explicit QueriesTableModel(ScenarioDocument *document, QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

protected:
    std::pair<int, int> shape() const override;
    QRect changedCells() override;
    bool headersFollowContent() const override { return false; }

private:
    // What the table shows, as of the last refresh (changedCells()).
    Eigen::MatrixXd mShownQueries;
    QStringList mShownLabels;
    int mShownSelection = -1;
};

} // namespace sml
