#include "document/commands/AddRemoveRowCommands.h"

#include "Lesson.h"

#include <QCoreApplication>

#include <type_traits>

namespace sml {

namespace {

/// "Add query q4", "Remove key k2".
QString addRemoveText(bool query, bool add, const QString &name)
{
    if (query)
        return (add ? QCoreApplication::translate("AddQueryCommand", "Add query %1")
                    : QCoreApplication::translate("RemoveQueryCommand", "Remove query %1"))
            .arg(name);
    return (add ? QCoreApplication::translate("AddKeyCommand", "Add key %1")
                : QCoreApplication::translate("RemoveKeyCommand", "Remove key %1"))
        .arg(name);
}

CommandId addRemoveId(bool query, bool add)
{
    if (query)
        return add ? CommandId::AddQuery : CommandId::RemoveQuery;
    return add ? CommandId::AddKey : CommandId::RemoveKey;
}

} // namespace

template <class Row>
AddRemoveRowCommand<Row>::AddRemoveRowCommand(CommandTarget *target, Change change, int at, Row row)
    : ScenarioCommand(target, addRemoveId(std::is_same_v<Row, QueryRow>, change == Change::Add),
                      addRemoveText(std::is_same_v<Row, QueryRow>, change == Change::Add,
                                    tokenName(row.label, at))),
      mChange(change), mAt(at), mRow(std::move(row))
{
}

template <class Row> void AddRemoveRowCommand<Row>::apply(Scenario &s) const
{
    constexpr bool query = std::is_same_v<Row, QueryRow>;
    // The lesson's steps follow the shape in the same command (scenario-format.md, `lesson`);
    // undo gives the lesson back as it was.
    mLessonBefore = s.lesson;
    if (mChange == Change::Add) {
        RowsOf<Row>::insert(s, mAt, mRow);
        adaptLesson(s, query ? RowChange::QueryInserted : RowChange::KeyInserted, mAt);
    } else {
        RowsOf<Row>::remove(s, mAt);
        adaptLesson(s, query ? RowChange::QueryRemoved : RowChange::KeyRemoved, mAt);
    }
}

template <class Row> void AddRemoveRowCommand<Row>::revert(Scenario &s) const
{
    if (mChange == Change::Add)
        RowsOf<Row>::remove(s, mAt);
    else
        RowsOf<Row>::insert(s, mAt, mRow);
    s.lesson = mLessonBefore;
}

template class AddRemoveRowCommand<QueryRow>;
template class AddRemoveRowCommand<KeyRow>;

} // namespace sml
