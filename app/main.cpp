// SoftmaxLab: where the softmax of attention comes from. main() only picks the platform and hands
// off to sml::cli::run (ui/CommandLine.h), so every code path is reachable from tests.
#include "window/CommandLine.h"

#include <QApplication>

int main(int argc, char **argv)
{
    if (sml::cli::wantsHeadless(argc, argv))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("SoftmaxLab"));
    QApplication::setOrganizationName(QStringLiteral("SoftmaxLab"));
    QApplication::setApplicationVersion(QStringLiteral(SOFTMAXLAB_VERSION));
    return sml::cli::run(QApplication::arguments());
}
