#include "document/commands/SetterCommands.h"

#include "document/commands/ScenarioCommand.h"

#include <QCoreApplication>

#include <algorithm>

namespace sml {

QString CellField::tokenCellName(const QString &label, int index)
{
    const QString name = ScenarioCommand::tokenName(label, index);
    return label.isEmpty() ? name : QStringLiteral("“%1”").arg(name);
}

QString CellField::text(double, double) const
{
    const QString of = rowName.isEmpty() ? QStringLiteral("#%1").arg(row + 1) : rowName;
    switch (table) {
    case CellTable::Query:
        return QCoreApplication::translate("SetCellCommand", "Edit q[%1] of %2")
            .arg(column + 1)
            .arg(of);
    case CellTable::Key:
        return QCoreApplication::translate("SetCellCommand", "Edit k[%1] of %2")
            .arg(column + 1)
            .arg(of);
    case CellTable::Value:
        return QCoreApplication::translate("SetCellCommand", "Edit v[%1] of %2")
            .arg(column + 1)
            .arg(of);
    case CellTable::Variance:
        break;
    }
    const QString key = columnName.isEmpty() ? QStringLiteral("#%1").arg(column + 1) : columnName;
    return QCoreApplication::translate("SetCellCommand", "Edit σ² of %1 → %2").arg(of, key);
}

Eigen::MatrixXd &CellField::matrix(Scenario &s, CellTable table)
{
    switch (table) {
    case CellTable::Query:
        return s.queries;
    case CellTable::Key:
        return s.keys;
    case CellTable::Value:
        return s.values;
    case CellTable::Variance:
        break;
    }
    return s.freeVariances;
}

const Eigen::MatrixXd &CellField::matrix(const Scenario &s, CellTable table)
{
    return matrix(const_cast<Scenario &>(s), table);
}

void VectorField::set(Scenario &s, const Eigen::RowVectorXd &vector) const
{
    (kind == VectorKind::Query ? s.queries : s.keys).row(row) = vector;
}

QString VectorField::text(const Eigen::RowVectorXd &, const Eigen::RowVectorXd &) const
{
    const QString name = ScenarioCommand::tokenName(label, row);
    return kind == VectorKind::Query
               ? QCoreApplication::translate("MoveVectorCommand", "Move query %1").arg(name)
               : QCoreApplication::translate("MoveVectorCommand", "Move key %1").arg(name);
}

void LabelField::set(Scenario &s, const QString &label) const
{
    (target == LabelTarget::Query ? s.queryLabels : s.keyLabels)[row] = label;
}

QString LabelField::text(const QString &oldLabel, const QString &newLabel) const
{
    return (target == LabelTarget::Query
                ? QCoreApplication::translate("SetLabelCommand", "Rename query %1 to “%2”")
                : QCoreApplication::translate("SetLabelCommand", "Rename key %1 to “%2”"))
        .arg(ScenarioCommand::tokenName(oldLabel, row), ScenarioCommand::tokenName(newLabel, row));
}

void TemperatureField::set(Scenario &s, const Value &v) const
{
    s.temperatureMode = v.mode;
    s.fixedTau = v.fixedTau;
}

QString TemperatureField::text(const Value &, const Value &v) const
{
    if (v.mode == TemperatureMode::SqrtDk)
        return QCoreApplication::translate("SetTemperatureCommand", "Set τ = √d_k");
    return QCoreApplication::translate("SetTemperatureCommand", "Set τ to %1")
        .arg(ScenarioCommand::numberText(v.fixedTau));
}

void NormalizerField::set(Scenario &s, const Value &v) const
{
    s.normalizer = v.kind;
    s.entmaxAlpha = v.alpha;
}

QString NormalizerField::text(const Value &, const Value &v) const
{
    if (v.kind == NormalizerKind::Softmax)
        return QCoreApplication::translate("SetNormalizerCommand", "Set normalizer to softmax");
    if (v.alpha == 2)
        return QCoreApplication::translate("SetNormalizerCommand",
                                           "Set normalizer to sparsemax (α = 2)");
    return QCoreApplication::translate("SetNormalizerCommand", "Set normalizer to α-entmax, α = %1")
        .arg(ScenarioCommand::numberText(v.alpha));
}

QString MaskField::text(MaskKind, MaskKind newMask) const
{
    return newMask == MaskKind::Causal
               ? QCoreApplication::translate("SetMaskCommand", "Set mask to causal")
               : QCoreApplication::translate("SetMaskCommand", "Set mask to none");
}

void VarianceModeField::set(Scenario &s, const Value &v) const
{
    s.varianceMode = v.mode;
    s.freeVariances = v.freeVariances;
}

QString VarianceModeField::text(const Value &, const Value &v) const
{
    return v.mode == VarianceMode::Free
               ? QCoreApplication::translate("SetVarianceModeCommand", "Set variances to free")
               : QCoreApplication::translate("SetVarianceModeCommand", "Set variances to linked");
}

QString Sigma0SquaredField::text(double, double newValue) const
{
    return QCoreApplication::translate("SetSigma0SquaredCommand", "Set σ0² to %1")
        .arg(ScenarioCommand::numberText(newValue));
}

QString MaxEntTargetField::text(const Value &, const Value &newTargets) const
{
    std::optional<double> mu;
    if (newTargets && query >= 0 && size_t(query) < newTargets->size())
        mu = (*newTargets)[size_t(query)];
    const QString name = ScenarioCommand::tokenName(label, query);
    return mu ? QCoreApplication::translate("SetMaxEntTargetCommand", "Set μ of query %1 to %2")
                    .arg(name, ScenarioCommand::numberText(*mu))
              : QCoreApplication::translate("SetMaxEntTargetCommand",
                                            "Reset μ of query %1 to the default")
                    .arg(name);
}

MaxEntTargetField::Value MaxEntTargetField::withTarget(const Scenario &s, int i,
                                                       std::optional<double> mu)
{
    Value t = s.maxentTargets;
    if (!t)
        t.emplace(size_t(s.m()), std::nullopt);
    t->resize(size_t(s.m()));
    (*t)[size_t(i)] = mu;
    if (std::all_of(t->begin(), t->end(), [](const auto &x) { return !x.has_value(); }))
        t.reset();
    return t;
}

} // namespace sml
