#pragma once

#include "document/commands/ScenarioCommand.h"

#include <optional>
#include <vector>

namespace sml {

/// Sets (or resets to the default, with nullopt) the MaxEnt target μ_i of one query
/// (MATH.md §5.3–§5.4). The whole `maxent.targets` array is kept before and after, so that undo
/// restores `"targets": null` exactly.
class SetMaxEntTargetCommand : public ScenarioCommand
{
public:
    using Targets = std::optional<std::vector<std::optional<double>>>;

    /// `query` and `label` name the query whose target changes, for the undo text
    /// ("Set μ of query q to 0.2", "Reset μ of query q to the default").
    SetMaxEntTargetCommand(CommandTarget *target, int query, const QString &label,
                           Targets oldTargets, Targets newTargets, int gesture = 0);

    /// The targets array after setting query i's target to `mu` (nullopt = default). When every
    /// entry ends up default, the result is `"targets": null`.
    static Targets withTarget(const Scenario &scenario, int i, std::optional<double> mu);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

protected:
    bool mergeFrom(const ScenarioCommand *other) override;

private:
    void updateText();

    int mQuery;
    QString mLabel;
    Targets mOld;
    Targets mNew;
};

} // namespace sml
