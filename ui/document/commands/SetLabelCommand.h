#pragma once

#include "document/commands/EditTargets.h"
#include "document/commands/ScenarioCommand.h"

namespace sml {

/// Renames a query or a key (its token label).
class SetLabelCommand : public ScenarioCommand
{
public:
    using Target = LabelTarget;

    SetLabelCommand(CommandTarget *document, Target target, int row, const QString &oldLabel,
                    const QString &newLabel);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

private:
    Target mTarget;
    int mRow;
    QString mOld;
    QString mNew;
};

} // namespace sml
