// A test main on one 1280×800 screen, a lecture hall's projector (issue 14): the offscreen
// platform's configfile (Qt ≥ 6.4) replaces its default 800×600 screen and the 1334×852 one
// ctest's QT_QPA_PLATFORM names.
#pragma once

#include <QApplication>
#include <QDir>
#include <QTemporaryFile>
#include <QTest>

namespace sml::test {

/// Runs the Qt Test object `Test` in a QApplication whose only screen is 1280×800 at 96 dpi.
/// Returns qExec's result, or 2 when the screen file cannot be written.
template <typename Test>
int runOnProjectorScreen(int argc, char **argv)
{
    QTemporaryFile config(QDir::tempPath() + QStringLiteral("/sml-screen-XXXXXX.json"));
    if (!config.open())
        return 2;
    config.write(R"({"screens": [{"name": "projector", "x": 0, "y": 0, "width": 1280,
                   "height": 800, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
    config.flush();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.fileName().toLocal8Bit());
    QApplication app(argc, argv);
    Test test;
    return QTest::qExec(&test, argc, argv);
}

} // namespace sml::test
