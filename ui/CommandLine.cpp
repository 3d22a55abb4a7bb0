#include "CommandLine.h"

#include "MainWindow.h"
#include "Report.h"
#include "ScenarioIo.h"
#include "ViewExport.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QMessageBox>
#include <QRegularExpression>
#include <QTimer>

#include <cstdio>
#include <cstring>

namespace sml::cli {

namespace {

void printErr(const QString &text)
{
    const QByteArray bytes = (text + QLatin1Char('\n')).toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stderr);
    std::fflush(stderr);
}

void printOut(const QByteArray &bytes)
{
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    std::fflush(stdout);
}

int usageError(const QString &message)
{
    printErr(QStringLiteral("softmaxlab: %1\nTry 'softmaxlab --help'.").arg(message));
    return UsageError;
}

/// Qt's own single-dash options, which keep the window mode.
bool isQtOption(const char *arg)
{
    static const char *const qtOptions[] = {
        "-platform", "-platformpluginpath", "-platformtheme", "-plugin", "-qwindowgeometry",
        "-qwindowicon", "-qwindowtitle", "-reverse", "-session", "-style", "-stylesheet",
        "-widgetcount", "-display", "-geometry", "-nograb", "-dograb"};
    for (const char *o : qtOptions)
        if (std::strcmp(arg, o) == 0)
            return true;
    return false;
}

} // namespace

bool wantsHeadless(int argc, char **argv)
{
    // Any option of ours (all start with '-') means a headless command or a usage error, and
    // both must work with no display at all.
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] == '\0')
            continue;
        if (isQtOption(a)) {
            ++i; // skip its value
            continue;
        }
        return true;
    }
    return false;
}

int run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "SoftmaxLab shows where the softmax of attention comes from: maximum likelihood and "
        "maximum entropy.\nWith no option, opens the window on FILE or on the built-in default "
        "scenario."));
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    const QCommandLineOption reportOption(
        QStringLiteral("report"), QStringLiteral("Print the JSON report of FILE and exit."));
    const QCommandLineOption exportOption(
        QStringLiteral("export"), QStringLiteral("Write every view as DIR/<view-name>.<ext> and exit."),
        QStringLiteral("DIR"));
    const QCommandLineOption formatOption(QStringLiteral("format"),
                                          QStringLiteral("Image format for --export: png, jpg, "
                                                         "pdf or svg (default png)."),
                                          QStringLiteral("FORMAT"), QStringLiteral("png"));
    const QCommandLineOption sizeOption(QStringLiteral("size"),
                                        QStringLiteral("Image size in pixels for --export "
                                                       "(default 1200x800)."),
                                        QStringLiteral("WxH"), QStringLiteral("1200x800"));
    parser.addOptions({reportOption, exportOption, formatOption, sizeOption});
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("A .softmaxlab.json scenario (optional)."),
                                 QStringLiteral("[FILE]"));

    if (!parser.parse(arguments))
        return usageError(parser.errorText());
    if (parser.isSet(helpOption)) {
        printOut(parser.helpText().toUtf8());
        return Success;
    }
    if (parser.isSet(versionOption)) {
        printOut((QCoreApplication::applicationName() + QLatin1Char(' ') +
                  QCoreApplication::applicationVersion() + QLatin1Char('\n'))
                     .toUtf8());
        return Success;
    }

    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return usageError(QStringLiteral("at most one FILE may be given, got %1")
                              .arg(positional.size()));
    const QString file = positional.value(0);

    const bool report = parser.isSet(reportOption);
    const bool exporting = parser.isSet(exportOption);
    if (report && exporting)
        return usageError(QStringLiteral("--report and --export cannot be combined"));
    if (!exporting && (parser.isSet(formatOption) || parser.isSet(sizeOption)))
        return usageError(QStringLiteral("--format and --size go with --export"));

    QString format = parser.value(formatOption).toLower();
    if (format == QLatin1String("jpeg"))
        format = QStringLiteral("jpg");
    static const QStringList formats = {QStringLiteral("png"), QStringLiteral("jpg"),
                                        QStringLiteral("pdf"), QStringLiteral("svg")};
    if (!formats.contains(format))
        return usageError(QStringLiteral("unknown --format '%1' (expected png, jpg, pdf or svg)")
                              .arg(parser.value(formatOption)));
    static const QRegularExpression sizeRe(QStringLiteral("^(\\d{1,5})x(\\d{1,5})$"));
    const QRegularExpressionMatch sizeMatch = sizeRe.match(parser.value(sizeOption));
    QSize size;
    if (sizeMatch.hasMatch())
        size = QSize(sizeMatch.captured(1).toInt(), sizeMatch.captured(2).toInt());
    if (!size.isValid() || size.width() < 16 || size.height() < 16 || size.width() > 20000 ||
        size.height() > 20000)
        return usageError(QStringLiteral("--size must be WxH in pixels, each 16..20000, got '%1'")
                              .arg(parser.value(sizeOption)));

    if (report || exporting) {
        Scenario scenario = defaultScenario();
        if (!file.isEmpty()) {
            LoadResult loaded = ScenarioIo::loadFile(file);
            if (const auto *err = std::get_if<LoadError>(&loaded)) {
                printErr(QStringLiteral("softmaxlab: %1: %2").arg(file, err->message));
                return InputRefused;
            }
            scenario = std::get<Scenario>(std::move(loaded));
        }
        if (report) {
            printOut(reportJson(scenario));
            return Success;
        }
        QStringList written;
        if (const std::optional<QString> err =
                exportAllViews(scenario, parser.value(exportOption), format, size, &written)) {
            printErr(QStringLiteral("softmaxlab: %1").arg(*err));
            return InputRefused;
        }
        for (const QString &path : written)
            printErr(QStringLiteral("wrote %1").arg(path));
        return Success;
    }

    // Window mode.
    MainWindow window;
    window.show();
    if (!file.isEmpty()) {
        QString error;
        if (!window.openFile(file, &error)) {
            // Show the message, then stay on the default scenario (scenario-format.md).
            QTimer::singleShot(0, &window, [&window, file, error] {
                QMessageBox::warning(&window, QObject::tr("Cannot open scenario"),
                                     QObject::tr("%1\n\n%2\n\nThe default scenario is open instead.")
                                         .arg(QFileInfo(file).fileName(), error));
            });
        }
    }
    return QApplication::exec();
}

} // namespace sml::cli
