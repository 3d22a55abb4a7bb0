#pragma once

#include "Scenario.h"

#include <QString>

namespace sml {

/// What a ScenarioCommand edits: the scenario of the open document (ScenarioDocument is the only
/// implementation). The commands see this interface and never the document class, so the
/// commands rank below the document (docs/ARCHITECTURE.md, "ui/, by job").
class CommandTarget
{
public:
    /// The scenario a command's redo()/undo() applies itself to.
    virtual Scenario &commandScenario() = 0;
    /// Called by a command after it changed commandScenario(): the document recomputes the
    /// Analysis once and tells its views.
    virtual void commandApplied() = 0;
    /// Called by a command that also changes which file the document is (an import makes it
    /// untitled, its undo gives the file back): `path` empty = untitled, shown as `displayName`.
    /// A target that is no file (a test's) ignores it.
    virtual void commandSetFile(const QString &path, const QString &displayName)
    {
        Q_UNUSED(path);
        Q_UNUSED(displayName);
    }

protected:
    ~CommandTarget() = default;
};

} // namespace sml
