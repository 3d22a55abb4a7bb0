// SoftmaxLab: where the softmax of attention comes from. main() only picks the platform and hands
// off to sml::cli::run (ui/window/CommandLine.h), so every code path is reachable from tests.
#include "window/CommandLine.h"

#include <QApplication>

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
