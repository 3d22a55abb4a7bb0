#pragma once

class QWidget;

namespace sml {

class ScenarioDocument;

/// Bench-only (bench/run.sh, issue 5; not an interface for users): when the environment
/// variable SOFTMAXLAB_BENCH_FIRST_PAINT is set, the window mode calls this. At the first paint
/// of `window` (or a widget in it) after which the document's Analysis is current (the file
/// given on the command line, or the default scenario, is what the views show), it prints
///
///   softmaxlab-bench first-paint-ms=<ms since the process started>
///
/// on stderr and quits the event loop. The start is SOFTMAXLAB_BENCH_T0_NS (CLOCK_MONOTONIC
/// nanoseconds taken by the launcher just before it started the process) when set, else the
/// process start time of /proc/self/stat (10 ms resolution).
void installFirstPaintProbe(QWidget *window, ScenarioDocument *document);

} // namespace sml
