#pragma once

#include "Lesson.h"

#include <optional>

#include "ScenarioRows.h"
#include "document/commands/ScenarioCommand.h"

namespace sml {

/// Adds or removes one query (Row = QueryRow) or key (Row = KeyRow) with everything the scenario
/// stores about it (ScenarioRows.h: label, vector, value, free variances, MaxEnt target, unknown
/// fields), so that undo restores the scenario exactly; after Tiled's AddRemoveLayer
/// (src/tiled/addremovelayer.h). "Add query q4", "Remove key k2", or "#n" for an empty label.
template <class Row> class AddRemoveRowCommand : public ScenarioCommand
{
public:
    enum class Change
    {
        Add,   ///< inserts `row` before index `at` (0 ≤ at ≤ the number of rows)
        Remove ///< removes row `at`; `row` is RowsOf<Row>::at(scenario, at) before the removal
    };

    AddRemoveRowCommand(CommandTarget *target, Change change, int at, Row row);

    void apply(Scenario &scenario) const override;
    void revert(Scenario &scenario) const override;

private:
    Change mChange;
    int mAt;
    Row mRow;
    /// The lesson before apply() adapted it (adaptLesson), for revert().
    mutable std::optional<Lesson> mLessonBefore;
};

using AddRemoveQueryCommand = AddRemoveRowCommand<QueryRow>;
using AddRemoveKeyCommand = AddRemoveRowCommand<KeyRow>;

extern template class AddRemoveRowCommand<QueryRow>;
extern template class AddRemoveRowCommand<KeyRow>;

} // namespace sml
