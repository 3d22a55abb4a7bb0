#pragma once

#include "tables/ScenarioTableModel.h"

#include <QStringList>

namespace sml {

/// The keys and their values as a table: one row per key (token), columns = label, the d_k key
/// vector entries, then the d_v value entries.
class KeysTableModel : public ScenarioTableModel
{
    Q_OBJECT

public:
    explicit KeysTableModel(ScenarioDocument *document, QObject *parent = nullptr);

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
    Eigen::MatrixXd mShownKeys;
    Eigen::MatrixXd mShownValues;
    QStringList mShownLabels;
    int mShownDk = -1; ///< the headers say k[…] for d_k columns, then v[…]
};

} // namespace sml
