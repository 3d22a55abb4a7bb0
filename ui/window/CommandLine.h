#pragma once

#include <QStringList>

namespace sml::cli {

/// Exit codes of the command line (scenario-format.md, "Command line").
enum ExitCode
{
    Success = 0,
    InputRefused = 2,
    UsageError = 64
};

/// True when argv asks for a headless mode (--report, --export, --save, --queries/--keys/--values,
/// --help, --version) or holds any other option of ours (a usage error, exit 64), so main() can
/// select the offscreen platform *before* the application object exists: a QGuiApplication
/// with no display aborts (ARCHITECTURE.md, "Headless").
bool wantsHeadless(int argc, char **argv);

/// Parses the arguments (QCommandLineParser) and runs the requested mode (scenario-format.md,
/// "Command line"): a headless command (returns its exit code) or the main window (returns
/// QApplication::exec()). Messages go to stderr; the report goes to stdout.
///
/// `--queries Q --keys K [--values V]` builds the scenario with importScenario() and needs exactly
/// one of --report, --export DIR or --save FILE; FILE cannot be given with them (64). A matrix
/// that cannot be read or shapes that disagree exit 2 with core's message. `--save` exists only
/// with --queries/--keys; it appends ".softmaxlab.json" to a name without an extension (the
/// Save As rule) and reports "wrote PATH" on stderr.
///
/// In window mode the window offers crash recovery at start-up (MainWindow::offerRecovery).
/// Test-only: when the environment variable SOFTMAXLAB_TEST_EDIT is "PATH=NUMBER" (PATH one of
/// queries[i].vector[j], keys[t].vector[j], keys[t].value[j], 0-based), that one edit is made
/// after FILE opens, so tests/ui/tst_autosave.cpp gets a modified document in a child process.
int run(const QStringList &arguments);

} // namespace sml::cli
