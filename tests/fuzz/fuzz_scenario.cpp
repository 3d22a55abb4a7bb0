// libFuzzer target for the scenario loader, ScenarioIo::parse (scenario-format.md): every input
// is either refused with a message or loads into a scenario that keeps the invariants of
// FuzzChecks.h. Built by tests/fuzz/run.sh (clang, ASan, UBSan) and, with SML_FUZZ_REPLAY, into
// the corpus replay that ctest runs.
#include "FuzzChecks.h"

namespace sml::fuzz {

int scenarioOne(const uint8_t *data, size_t size)
{
    return checkResult(ScenarioIo::parse(bytesOf(data, size)));
}

} // namespace sml::fuzz

SML_FUZZ_TARGET(scenarioOne)
