#include "SetMaxEntTargetCommand.h"

#include <QCoreApplication>

#include <algorithm>

namespace sml {

SetMaxEntTargetCommand::SetMaxEntTargetCommand(ScenarioDocument *document, Targets oldTargets,
                                               Targets newTargets, int gesture)
    : ScenarioCommand(
          document, CommandId::SetMaxEntTarget,
          QCoreApplication::translate("SetMaxEntTargetCommand", "Change MaxEnt target μ"), gesture),
      mOld(std::move(oldTargets)), mNew(std::move(newTargets))
{
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
    mNew = static_cast<const SetMaxEntTargetCommand *>(other)->mNew;
    return true;
}

} // namespace sml
