// Tests of the one template behind the setter commands (ui/document/commands/SetValueCommand.h,
// SetterCommands.h), on a QUndoStack of its own: redo sets the new value, undo the old one; the
// edits of one gesture merge only when they set the same place, keeping the first old value,
// the last new value and a text that follows it; without a gesture nothing merges.
#include "document/commands/CommandTarget.h"
#include "document/commands/SetterCommands.h"

#include <QTest>
#include <QUndoStack>

using namespace sml;

namespace {

/// The document's side of a command: a scenario and a count of the changes applied to it.
class Target : public CommandTarget
{
public:
    Scenario scenario = defaultScenario(); // one query, three keys, d_k = 2 (MATH.md §6 B)
    int applied = 0;

    Scenario &commandScenario() override { return scenario; }
    void commandApplied() override { ++applied; }
};

constexpr int kGesture = 7;

} // namespace

class TestSetValueCommand : public QObject
{
    Q_OBJECT

private slots:
    void redoSetsAndUndoRestores();
    void oneGestureOnOnePlaceIsOneStep();
    void anotherPlaceIsAnotherStep();
    void withoutAGestureNothingMerges();
    void maxEntTargetsMergePerQuery();
    void wholeScenarioValuesAlwaysMergeInAGesture();
};

void TestSetValueCommand::redoSetsAndUndoRestores()
{
    Target t;
    QUndoStack stack;
    const double old = t.scenario.keys(1, 0);
    stack.push(new SetCellCommand(&t, CellField{CellTable::Key, 1, 0}, old, 4.5));
    QCOMPARE(t.scenario.keys(1, 0), 4.5);
    QCOMPARE(t.applied, 1);
    QCOMPARE(stack.undoText(), QStringLiteral("Edit k[1] of #2")); // no name given: the row number
    stack.undo();
    QCOMPARE(t.scenario.keys(1, 0), old);
    QCOMPARE(t.applied, 2);
}

void TestSetValueCommand::oneGestureOnOnePlaceIsOneStep()
{
    Target t;
    QUndoStack stack;
    const Eigen::RowVectorXd start = t.scenario.keys.row(2);
    Eigen::RowVectorXd previous = start;
    for (double x : {0.25, 0.5, 0.75}) {
        const Eigen::RowVectorXd next = Eigen::RowVectorXd::Constant(2, x);
        stack.push(new MoveVectorCommand(&t, VectorField{VectorKind::Key, 2, QStringLiteral("the")},
                                         previous, next, kGesture));
        previous = next;
    }
    QCOMPARE(stack.count(), 1);
    QCOMPARE(stack.undoText(), QStringLiteral("Move key the"));
    QCOMPARE(t.scenario.keys(2, 1), 0.75);
    stack.undo(); // the first command's old vector
    QVERIFY(t.scenario.keys.row(2) == start);
}

void TestSetValueCommand::anotherPlaceIsAnotherStep()
{
    Target t;
    QUndoStack stack;
    const Eigen::RowVectorXd v = Eigen::RowVectorXd::Constant(2, 0.5);
    stack.push(new MoveVectorCommand(&t, VectorField{VectorKind::Key, 0, QString()},
                                     t.scenario.keys.row(0), v, kGesture));
    stack.push(new MoveVectorCommand(&t, VectorField{VectorKind::Key, 1, QString()},
                                     t.scenario.keys.row(1), v, kGesture));
    stack.push(new MoveVectorCommand(&t, VectorField{VectorKind::Query, 0, QString()},
                                     t.scenario.queries.row(0), v, kGesture));
    QCOMPARE(stack.count(), 3);
    QCOMPARE(stack.undoText(), QStringLiteral("Move query #1"));
    stack.push(new SetCellCommand(&t, CellField{CellTable::Value, 0, 0}, t.scenario.values(0, 0),
                                  2.0, kGesture));
    stack.push(new SetCellCommand(&t, CellField{CellTable::Value, 0, 1}, t.scenario.values(0, 1),
                                  2.0, kGesture));
    QCOMPARE(stack.count(), 5);
}

void TestSetValueCommand::withoutAGestureNothingMerges()
{
    Target t;
    QUndoStack stack;
    stack.push(new SetSigma0SquaredCommand(&t, Sigma0SquaredField{}, 1.0, 2.0));
    stack.push(new SetSigma0SquaredCommand(&t, Sigma0SquaredField{}, 2.0, 3.0));
    QCOMPARE(stack.count(), 2);
    QCOMPARE(t.scenario.sigma0Squared, 3.0);
    stack.undo();
    QCOMPARE(t.scenario.sigma0Squared, 2.0);
}

void TestSetValueCommand::maxEntTargetsMergePerQuery()
{
    Target t;
    t.scenario.queries.conservativeResize(2, Eigen::NoChange); // a second query
    t.scenario.queries.row(1) << 0.0, 1.0;
    t.scenario.normalizeSideArrays();
    QUndoStack stack;
    auto push = [&](int query, std::optional<double> mu) {
        stack.push(new SetMaxEntTargetCommand(
            &t, MaxEntTargetField{query, t.scenario.queryLabels.value(query)},
            t.scenario.maxentTargets, MaxEntTargetField::withTarget(t.scenario, query, mu),
            kGesture));
    };
    push(0, 0.1);
    push(0, 0.2);
    QCOMPARE(stack.count(), 1);
    QCOMPARE(stack.undoText(),
             QStringLiteral("Set μ of query %1 to 0.2").arg(t.scenario.queryLabels.at(0)));
    push(1, 0.3); // another query: another step, even in the same gesture
    QCOMPARE(stack.count(), 2);
    push(1, std::nullopt); // back to the default, in the same step
    QCOMPARE(stack.count(), 2);
    QCOMPARE(
        stack.undoText(),
        QStringLiteral("Reset μ of query %1 to the default").arg(t.scenario.queryLabels.at(1)));
    QCOMPARE(t.scenario.targetFor(1), std::optional<double>());
    QCOMPARE(t.scenario.targetFor(0), std::optional<double>(0.2));
    stack.undo();
    stack.undo();
    QVERIFY(!t.scenario.maxentTargets); // `"targets": null`, as before the first edit
}

void TestSetValueCommand::wholeScenarioValuesAlwaysMergeInAGesture()
{
    Target t;
    QUndoStack stack;
    using Tau = TemperatureField::Value;
    const Tau start{t.scenario.temperatureMode, t.scenario.fixedTau};
    stack.push(
        new SetTemperatureCommand(&t, {}, start, Tau{TemperatureMode::Fixed, 0.5}, kGesture));
    stack.push(new SetTemperatureCommand(&t, {}, Tau{TemperatureMode::Fixed, 0.5},
                                         Tau{TemperatureMode::SqrtDk, 0.5}, kGesture));
    QCOMPARE(stack.count(), 1);
    QCOMPARE(stack.undoText(), QStringLiteral("Set τ = √d_k"));
    QCOMPARE(t.scenario.temperatureMode, TemperatureMode::SqrtDk);
    stack.undo();
    QCOMPARE(t.scenario.temperatureMode, start.mode);
    QCOMPARE(t.scenario.fixedTau, start.fixedTau);
    // Another setter in the same gesture has another id: another step, its own edits merging.
    stack.redo();
    stack.push(new SetMaskCommand(&t, {}, MaskKind::None, MaskKind::Causal, kGesture));
    stack.push(new SetMaskCommand(&t, {}, MaskKind::Causal, MaskKind::None, kGesture));
    QCOMPARE(stack.count(), 2);
    QCOMPARE(stack.undoText(), QStringLiteral("Set mask to none"));
}

QTEST_MAIN(TestSetValueCommand)
#include "tst_setvaluecommand.moc"
