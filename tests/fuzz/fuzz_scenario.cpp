// libFuzzer target for the scenario loader, ScenarioIo::parse (scenario-format.md): every input
// is either refused with a message or loads into a scenario that keeps the invariants of
// FuzzChecks.h. Built by tests/fuzz/run.sh (clang, ASan, UBSan) and, with SML_FUZZ_REPLAY, into
// the corpus replay that ctest runs.
#include "FuzzChecks.h"

namespace sml::fuzz {

int scenarioOne(const uint8_t *data, size_t size)
{
    const LoadResult r = ScenarioIo::parse(bytesOf(data, size));
    if (const auto *e = std::get_if<LoadError>(&r)) {
        require(!e->message.isEmpty(), "a refusal without a message");
        return 0;
    }
    checkAcceptedScenario(std::get<Scenario>(r));
    return 0;
}

} // namespace sml::fuzz

#ifndef SML_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return sml::fuzz::scenarioOne(data, size);
}
#endif
