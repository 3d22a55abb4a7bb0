// SoftmaxLab: where the softmax of attention comes from. main() only picks the platform and hands
// off to sml::cli::run (ui/window/CommandLine.h), so every code path is reachable from tests.
#include "window/CommandLine.h"

#include <QApplication>

#include <csignal>
#include <cstdio>

namespace {

QtMessageHandler qtMessageHandler = nullptr;

/// Headless runs (--report, --export, --save) print only SoftmaxLab's own messages on stderr,
/// which scripts read (issue 15): Qt's debug, info and warning chatter (such as "QStandardPaths:
/// XDG_RUNTIME_DIR not set") is dropped; its critical and fatal messages still go through.
void headlessMessageHandler(QtMsgType type, const QMessageLogContext &context,
                            const QString &message)
{
    if (type != QtCriticalMsg && type != QtFatalMsg)
        return;
    if (qtMessageHandler)
        qtMessageHandler(type, context, message);
    else
        std::fprintf(stderr, "%s\n", qUtf8Printable(message));
}

} // namespace

int main(int argc, char **argv)
{
    // No I/O condition kills the process (issue 15): past a file-size limit (ulimit -f) a write
    // fails with EFBIG instead of raising SIGXFSZ, and a closed pipe fails with EPIPE instead of
    // raising SIGPIPE; the writers report those errors (exit 2, or a dialog), and QSaveFile
    // leaves the old file as it was.
    std::signal(SIGXFSZ, SIG_IGN);
    std::signal(SIGPIPE, SIG_IGN);
    if (sml::cli::wantsHeadless(argc, argv)) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        qtMessageHandler = qInstallMessageHandler(headlessMessageHandler);
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("SoftmaxLab"));
    QApplication::setOrganizationName(QStringLiteral("SoftmaxLab"));
    QApplication::setApplicationVersion(QStringLiteral(SOFTMAXLAB_VERSION));
    return sml::cli::run(QApplication::arguments());
}
