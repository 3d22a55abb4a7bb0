// The real softmaxlab executable run as a child process, exactly as a user's script runs it
// (scenario-format.md, "Command line"): shared by the tests/ui tests that check the command line.
// SML_APP_PATH is the executable's path, defined for every tests/ui test by tests/CMakeLists.txt.
// Header-only, so that the glob of tests/ui/tst_*.cpp stays one test per file.
#pragma once

#include "ScenarioIo.h"

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace sml::test {

/// What one run of softmaxlab gave back: its exit code and status and all it printed. A run that
/// did not finish in time keeps the defaults (exit code -1, CrashExit, nothing printed).
struct AppRun
{
    int exitCode = -1;
    QProcess::ExitStatus status = QProcess::CrashExit;
    QByteArray out;
    QByteArray err;
};

/// A run in words, for a failed check: "exit 2 (normal), stderr: …".
inline QString describe(const AppRun &r)
{
    return QStringLiteral("exit %1 (%2), stderr: %3")
        .arg(r.exitCode)
        .arg(r.status == QProcess::NormalExit ? "normal" : "crash")
        .arg(QString::fromUtf8(r.err));
}

/// Runs `program` with `args` in `env`. Waits up to `timeoutMs` milliseconds; a child still
/// running then is killed and the run comes back with its defaults.
inline AppRun runProcess(const QString &program, const QStringList &args,
                         const QProcessEnvironment &env, int timeoutMs = 120000)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    AppRun r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitCode();
    r.status = p.exitStatus();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

/// The environment of a machine with no display at all: DISPLAY, WAYLAND_DISPLAY and
/// QT_QPA_PLATFORM unset.
inline QProcessEnvironment headlessEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    return env;
}

/// Runs softmaxlab with `args` and no display at all (headlessEnvironment()).
inline AppRun runApp(const QStringList &args, int timeoutMs = 120000)
{
    return runProcess(QStringLiteral(SML_APP_PATH), args, headlessEnvironment(), timeoutMs);
}

/// Saves `s` as the file `name` in `dir` (ScenarioIo::saveFile) and returns its path: a FILE for a
/// command line. A scenario that cannot be saved stops the test.
inline QString saveTo(const QTemporaryDir &dir, const QString &name, const Scenario &s)
{
    const QString path = dir.filePath(name);
    if (const auto err = ScenarioIo::saveFile(s, path))
        qFatal("saveTo: %s", qPrintable(err->message));
    return path;
}

/// Writes `content` to the file `name` in `dir` (replacing it) and returns the file's path: an
/// input for a command line.
inline QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &content)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(content);
    return path;
}

} // namespace sml::test
