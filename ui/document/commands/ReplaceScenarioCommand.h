#pragma once

#include "document/commands/ScenarioCommand.h"

#include <QString>

#include <optional>

namespace sml {

/// Replaces the whole scenario (title and notes, adding or removing a dimension, importing
/// matrices). Keeps both scenarios, so it is meant for edits that touch many fields at once.
class ReplaceScenarioCommand : public ScenarioCommand
{
public:
    /// Which file the document is, before and after the command (FileChange).
    struct FileChange
    {
        QString oldPath, oldDisplayName; ///< given back by undo
        QString newPath, newDisplayName; ///< set by redo (an empty path: untitled)
    };

    /// With `file`, redo also makes the document that file (an import makes it untitled, so
    /// that Save asks for a name and never overwrites the file it came from) and undo gives the
    /// old one back.
    ReplaceScenarioCommand(CommandTarget *target, Scenario oldScenario, Scenario newScenario,
                           const QString &text, std::optional<FileChange> file = std::nullopt);

    void redo() override;
    void undo() override;

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

private:
    Scenario mOld;
    Scenario mNew;
    std::optional<FileChange> mFile;
};

} // namespace sml
