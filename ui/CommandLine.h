#pragma once

#include <QStringList>

namespace sml::cli {

/// Exit codes of the command line (scenario-format.md, "Command line").
enum ExitCode { Success = 0, InputRefused = 2, UsageError = 64 };

/// True when argv asks for a headless mode (--report, --export, --save, --help, --version),
/// so main() can select the offscreen platform *before* the application object exists:
/// a QGuiApplication with no display aborts (ARCHITECTURE.md, "Headless").
bool wantsHeadless(int argc, char **argv);

/// Parses the arguments (QCommandLineParser) and runs the requested mode: a headless command
/// (returns its exit code) or the main window (returns QApplication::exec()).
/// Messages go to stderr; the report goes to stdout.
int run(const QStringList &arguments);

} // namespace sml::cli
