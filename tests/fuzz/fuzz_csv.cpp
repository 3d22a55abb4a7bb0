// libFuzzer target for the CSV matrix reader, CsvMatrix::parse (core/CsvMatrix.h): every input is
// either refused with a message or read into a matrix that keeps the invariants of FuzzChecks.h.
#include "CsvMatrix.h"
#include "FuzzChecks.h"

namespace sml::fuzz {

int csvOne(const uint8_t *data, size_t size)
{
    const MatrixResult r = CsvMatrix::parse(bytesOf(data, size));
    if (const auto *e = std::get_if<LoadError>(&r)) {
        require(!e->message.isEmpty(), "a refusal without a message");
        return 0;
    }
    checkAcceptedMatrix(std::get<ImportedMatrix>(r));
    return 0;
}

} // namespace sml::fuzz

#ifndef SML_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return sml::fuzz::csvOne(data, size);
}
#endif
