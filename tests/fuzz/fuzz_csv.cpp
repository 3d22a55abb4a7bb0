// libFuzzer target for the CSV matrix reader, CsvMatrix::parse (core/CsvMatrix.h): every input is
// either refused with a message or read into a matrix that keeps the invariants of FuzzChecks.h.
#include "CsvMatrix.h"
#include "FuzzChecks.h"

namespace sml::fuzz {

int csvOne(const uint8_t *data, size_t size)
{
    return checkResult(CsvMatrix::parse(bytesOf(data, size)));
}

} // namespace sml::fuzz

SML_FUZZ_TARGET(csvOne)
