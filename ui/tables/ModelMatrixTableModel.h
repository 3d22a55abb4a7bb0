#pragma once

#include "document/commands/EditTargets.h"
#include "tables/ScenarioTableModel.h"

namespace sml {

/// One matrix of a model scenario's `model` section as an editable table (MATH.md §8): the
/// embeddings X (one row per token, d_model columns), or the selected head's W_Q, W_K
/// (d_model×d_k) or W_V (d_model×d_v). Each accepted edit is one undo step
/// (ScenarioDocument::setModelCell). Empty (0×0) for a plain scenario.
class ModelMatrixTableModel : public ScenarioTableModel
{
    Q_OBJECT

public:
    ModelMatrixTableModel(ScenarioDocument *document, ModelMatrix matrix,
                          QObject *parent = nullptr);

    ModelMatrix matrix() const { return mMatrix; }
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

protected:
    std::pair<int, int> shape() const override;

private:
    /// The matrix shown (an empty one for a plain scenario).
    const Eigen::MatrixXd &shown() const;

    ModelMatrix mMatrix;
};

} // namespace sml
