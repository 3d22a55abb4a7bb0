// libFuzzer target for the NumPy .npy reader, NpyMatrix::parse (core/NpyMatrix.h): every input
// is either refused with a message or read into a matrix that keeps the invariants of
// FuzzChecks.h.
#include "FuzzChecks.h"
#include "NpyMatrix.h"

namespace sml::fuzz {

int npyOne(const uint8_t *data, size_t size)
{
    return checkResult(NpyMatrix::parse(bytesOf(data, size)));
}

} // namespace sml::fuzz

SML_FUZZ_TARGET(npyOne)
