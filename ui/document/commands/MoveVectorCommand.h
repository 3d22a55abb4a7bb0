#pragma once

#include "document/commands/EditTargets.h"
#include "document/commands/ScenarioCommand.h"

#include <Eigen/Core>

namespace sml {

/// Replaces one query or key vector (a whole row of d_k numbers), the edit behind a drag in the
/// key-space view. All the moves of one drag carry the same gesture number and merge into one
/// undo step ("Move key k2", "Move query q"): the first move's old vector is kept, the last
/// move's new vector wins (ARCHITECTURE.md, "The document").
class MoveVectorCommand : public ScenarioCommand
{
public:
    MoveVectorCommand(CommandTarget *target, VectorKind kind, int row, const QString &label,
                      Eigen::RowVectorXd oldVector, Eigen::RowVectorXd newVector, int gesture = 0);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

    VectorKind kind() const { return mKind; }
    int row() const { return mRow; }

protected:
    bool mergeFrom(const ScenarioCommand *other) override;

private:
    VectorKind mKind;
    int mRow;
    Eigen::RowVectorXd mOld;
    Eigen::RowVectorXd mNew;
};

} // namespace sml
