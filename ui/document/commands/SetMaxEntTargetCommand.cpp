#include "document/commands/SetMaxEntTargetCommand.h"

#include <QCoreApplication>

#include <algorithm>

namespace sml {

SetMaxEntTargetCommand::SetMaxEntTargetCommand(CommandTarget *target, int query,
                                               const QString &label, Targets oldTargets,
                                               Targets newTargets, int gesture)
    : ScenarioCommand(target, CommandId::SetMaxEntTarget, QString(), gesture), mQuery(query),
      mLabel(label), mOld(std::move(oldTargets)), mNew(std::move(newTargets))
{
    updateText();
}

void SetMaxEntTargetCommand::updateText()
{
    std::optional<double> mu;
    if (mNew && mQuery >= 0 && size_t(mQuery) < mNew->size())
        mu = (*mNew)[size_t(mQuery)];
    const QString name = tokenName(mLabel, mQuery);
    setText(mu ? QCoreApplication::translate("SetMaxEntTargetCommand", "Set μ of query %1 to %2")
                     .arg(name, numberText(*mu))
               : QCoreApplication::translate("SetMaxEntTargetCommand",
                                             "Reset μ of query %1 to the default")
                     .arg(name));
}

SetMaxEntTargetCommand::Targets SetMaxEntTargetCommand::withTarget(const Scenario &s, int i,
                                                                   std::optional<double> mu)
{
    Targets t = s.maxentTargets;
    if (!t)
        t.emplace(size_t(s.m()), std::nullopt);
    t->resize(size_t(s.m()));
    (*t)[size_t(i)] = mu;
    if (std::all_of(t->begin(), t->end(), [](const auto &x) { return !x.has_value(); }))
        t.reset();
    return t;
}

void SetMaxEntTargetCommand::apply(Scenario &s) const
{
    s.maxentTargets = mNew;
}

void SetMaxEntTargetCommand::revert(Scenario &s) const
{
    s.maxentTargets = mOld;
}

bool SetMaxEntTargetCommand::mergeFrom(const ScenarioCommand *other)
{
    const auto *o = static_cast<const SetMaxEntTargetCommand *>(other);
    if (o->mQuery != mQuery)
        return false;
    mNew = o->mNew;
    updateText();
    return true;
}

} // namespace sml
