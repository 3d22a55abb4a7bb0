#pragma once

#include "ScenarioIo.h"

namespace sml::detail {

/// How the readers of core (ScenarioIo, CsvMatrix, NpyMatrix) give up from deep inside a parse:
/// a helper throws the LoadError with refuse(), and the reader's public entry point catches it
/// and returns it. A Refusal never escapes a public function of core.
struct Refusal
{
    LoadError error;
};

/// Throws Refusal{{category, message}}.
[[noreturn]] inline void refuse(ErrorCategory category, const QString &message)
{
    throw Refusal{LoadError{category, message}};
}

} // namespace sml::detail
