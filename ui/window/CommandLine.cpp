#include "window/CommandLine.h"

#include "export/ImageExportOptions.h"

#include "MatrixImport.h"
#include "Report.h"
#include "ScenarioIo.h"
#include "document/ScenarioDocument.h"
#include "window/FirstPaintProbe.h"
#include "window/LessonCommandLine.h"
#include "window/LessonExport.h"
#include "window/MainWindow.h"
#include "window/ModelCommandLine.h"
#include "window/ViewExport.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QRegularExpression>
#include <QTimer>

#include <cerrno>
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
        "-platform",    "-platformpluginpath", "-platformtheme", "-plugin",   "-qwindowgeometry",
        "-qwindowicon", "-qwindowtitle",       "-reverse",       "-session",  "-style",
        "-stylesheet",  "-widgetcount",        "-display",       "-geometry", "-nograb",
        "-dograb"};
    for (const char *o : qtOptions)
        if (std::strcmp(arg, o) == 0)
            return true;
    return false;
}

/// The hidden, test-only edit of SOFTMAXLAB_TEST_EDIT (see CommandLine.h): "PATH=NUMBER" with
/// PATH one of queries[i].vector[j], keys[t].vector[j], keys[t].value[j] (0-based, C-locale
/// number). Applied as an ordinary undoable edit, as if typed into a table.
std::optional<QString> applyTestEdit(ScenarioDocument *document, const QString &spec)
{
    static const QRegularExpression re(
        QStringLiteral(R"(^(queries|keys)\[(\d+)\]\.(vector|value)\[(\d+)\]\s*=\s*(\S+)$)"));
    const QRegularExpressionMatch match = re.match(spec.trimmed());
    bool ok = false;
    const double value = match.hasMatch() ? match.captured(5).toDouble(&ok) : 0.0;
    if (!match.hasMatch() || !ok)
        return QStringLiteral("SOFTMAXLAB_TEST_EDIT: expected PATH=NUMBER, e.g. "
                              "keys[1].vector[0]=2.5, got '%1'")
            .arg(spec);
    const bool queries = match.captured(1) == QLatin1String("queries");
    const bool isValue = match.captured(3) == QLatin1String("value");
    if (queries && isValue)
        return QStringLiteral("SOFTMAXLAB_TEST_EDIT: queries have no value");
    const CellTable table = queries   ? CellTable::Query
                            : isValue ? CellTable::Value
                                      : CellTable::Key;
    if (auto error =
            document->setCell(table, match.captured(2).toInt(), match.captured(4).toInt(), value))
        return QStringLiteral("SOFTMAXLAB_TEST_EDIT: %1").arg(*error);
    return std::nullopt;
}

/// Loads FILE into `scenario` for a headless command: false (the message on stderr, exit 2)
/// when it is refused; its load warnings (a version-1 file's `attention` member,
/// scenario-format.md) go to stderr too.
bool loadFileInto(const QString &file, Scenario &scenario)
{
    LoadResult loaded = ScenarioIo::loadFile(file);
    if (const auto *err = std::get_if<LoadError>(&loaded)) {
        printErr(QStringLiteral("softmaxlab: %1: %2").arg(file, err->message));
        return false;
    }
    scenario = std::get<Scenario>(std::move(loaded));
    for (const QString &warning : scenario.loadWarnings)
        printErr(QStringLiteral("softmaxlab: %1: warning: %2").arg(file, warning));
    return true;
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
        QStringLiteral("export"),
        QStringLiteral("Write every view as DIR/<view-name>.<ext> and exit."),
        QStringLiteral("DIR"));
    const QCommandLineOption formatOption(QStringLiteral("format"),
                                          QStringLiteral("Image format for --export: png, jpg, "
                                                         "pdf or svg (default png)."),
                                          QStringLiteral("FORMAT"), QStringLiteral("png"));
    const QCommandLineOption sizeOption(
        QStringLiteral("size"),
        QStringLiteral("Size for --export (default 1200x800): PNG/JPEG pixels, PDF points, SVG "
                       "viewBox. Text, lines and markers are sized for 1200x800 and drawn "
                       "k = max(1, min(W/1200, H/800)) times larger."),
        QStringLiteral("WxH"), QStringLiteral("1200x800"));
    const QCommandLineOption scaleOption(
        QStringLiteral("scale"),
        QStringLiteral("With --export: text, line and marker sizes times F on top of k, "
                       "0.5 <= F <= 4 (default 1)."),
        QStringLiteral("F"), QStringLiteral("1"));
    const QCommandLineOption slideOption(
        QStringLiteral("slide"),
        QStringLiteral("With --export: a slide, --size 1920x1080 --scale 1.5 (the default "
                       "presentation scale; a --scale given too replaces 1.5). Not with --size."));
    const QCommandLineOption queriesOption(
        QStringLiteral("queries"),
        QStringLiteral("Build the scenario from matrices instead of FILE: the queries (m x d_k), "
                       "a CSV or .npy file. Needs --keys and one of --report, --export, --save."),
        QStringLiteral("Q"));
    const QCommandLineOption keysOption(QStringLiteral("keys"),
                                        QStringLiteral("The keys (T x d_k), CSV or .npy."),
                                        QStringLiteral("K"));
    const QCommandLineOption valuesOption(
        QStringLiteral("values"),
        QStringLiteral("The values (T x d_v), CSV or .npy (optional; default one-hot, d_v = T)."),
        QStringLiteral("V"));
    const QCommandLineOption saveOption(
        QStringLiteral("save"),
        QStringLiteral("With --queries/--keys: write the scenario to FILE (.softmaxlab.json is "
                       "appended when FILE has no extension) and exit."),
        QStringLiteral("FILE"));
    const QCommandLineOption stepOption(
        QStringLiteral("step"),
        QStringLiteral("With --report or --export: apply the settings of lesson step N "
                       "(1-based) of FILE."),
        QStringLiteral("N"));
    const QCommandLineOption exportLessonOption(
        QStringLiteral("export-lesson"),
        QStringLiteral("Write the lesson of FILE as a PDF handout, one 16:9 page per step (its "
                       "title and caption above its view, drawn with its settings), and exit."),
        QStringLiteral("OUT.pdf"));
    parser.addOptions({reportOption, exportOption, formatOption, sizeOption, scaleOption,
                       slideOption, queriesOption, keysOption, valuesOption, saveOption, stepOption,
                       exportLessonOption});
    const ModelOptions modelOptions = addModelOptions(parser); // --embeddings …, --head

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
        return usageError(
            QStringLiteral("at most one FILE may be given, got %1").arg(positional.size()));
    const QString file = positional.value(0);

    for (const QCommandLineOption &option :
         {exportOption, formatOption, sizeOption, scaleOption, queriesOption, keysOption,
          valuesOption, saveOption, stepOption, exportLessonOption})
        if (parser.values(option).size() > 1)
            return usageError(
                QStringLiteral("--%1 may be given only once").arg(option.names().constFirst()));

    const bool report = parser.isSet(reportOption);
    const bool exporting = parser.isSet(exportOption);
    const bool saving = parser.isSet(saveOption);
    const bool importingModel = modelOptions.importing(parser);
    const bool importing = importingModel || parser.isSet(queriesOption) ||
                           parser.isSet(keysOption) || parser.isSet(valuesOption);
    if (parser.isSet(exportLessonOption)) {
        // `--export-lesson OUT.pdf [FILE]` stands alone: the lesson is FILE's (a scenario built
        // from matrices has none), and every page has its own step and head.
        if (report || exporting || saving || importing)
            return usageError(QStringLiteral("--export-lesson goes with FILE only, not with "
                                             "--report, --export, --save or matrices"));
        for (const QCommandLineOption &option :
             {formatOption, sizeOption, scaleOption, slideOption, stepOption, modelOptions.head})
            if (parser.isSet(option))
                return usageError(
                    QStringLiteral("--%1 does not go with --export-lesson (every page is a "
                                   "1920x1080 pt slide of its own step)")
                        .arg(option.names().constFirst()));
        const QString out = parser.value(exportLessonOption);
        if (out.isEmpty())
            return usageError(QStringLiteral("--export-lesson needs a file name"));
        Scenario scenario = defaultScenario();
        if (!file.isEmpty() && !loadFileInto(file, scenario))
            return InputRefused;
        int pages = 0;
        if (const auto err = exportLessonPdf(scenario, out, &pages)) {
            printErr(QStringLiteral("softmaxlab: %1%2")
                         .arg(file.isEmpty() ? QString() : file + QStringLiteral(": "), *err));
            return InputRefused;
        }
        printErr(QStringLiteral("wrote %1 (%2 %3)")
                     .arg(out)
                     .arg(pages)
                     .arg(pages == 1 ? QStringLiteral("page") : QStringLiteral("pages")));
        return Success;
    }
    if (int(report) + int(exporting) + int(saving) > 1)
        return usageError(QStringLiteral("choose one of --report, --export and --save"));
    if (auto usage = modelOptions.usageError(parser, file, report || exporting || saving))
        return usageError(*usage);
    if (importing && !importingModel) {
        if (!parser.isSet(queriesOption) || !parser.isSet(keysOption))
            return usageError(
                QStringLiteral("--queries and --keys go together (--values is optional)"));
        if (!file.isEmpty())
            return usageError(
                QStringLiteral("give either FILE or --queries/--keys, not both (got FILE '%1')")
                    .arg(file));
        if (!report && !exporting && !saving)
            return usageError(
                QStringLiteral("--queries and --keys need --report, --export DIR or --save FILE"));
        for (const QCommandLineOption &option : {queriesOption, keysOption, valuesOption})
            if (parser.isSet(option) && parser.value(option).isEmpty())
                return usageError(
                    QStringLiteral("--%1 needs a file name").arg(option.names().constFirst()));
    } else if (saving && !importingModel) {
        return usageError(QStringLiteral(
            "--save goes with --queries and --keys (open FILE in the window to save it)"));
    }
    if (saving && parser.value(saveOption).isEmpty())
        return usageError(QStringLiteral("--save needs a file name"));
    if (!exporting && (parser.isSet(formatOption) || parser.isSet(sizeOption) ||
                       parser.isSet(scaleOption) || parser.isSet(slideOption)))
        return usageError(QStringLiteral("--format, --size, --scale and --slide go with --export"));
    if (parser.isSet(slideOption) && parser.isSet(sizeOption))
        return usageError(QStringLiteral("--slide is --size 1920x1080 --scale 1.5: give one of "
                                         "--slide and --size"));

    std::optional<int> step;
    if (parser.isSet(stepOption)) {
        if (!report && !exporting)
            return usageError(QStringLiteral("--step goes with --report or --export"));
        step = parseStepNumber(parser.value(stepOption));
        if (!step)
            return usageError(QStringLiteral("--step must be a step number (1, 2, …), got '%1'")
                                  .arg(parser.value(stepOption)));
    }

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
    if (!size.isValid())
        return usageError(
            QStringLiteral("--size must be WxH in pixels, got '%1'").arg(parser.value(sizeOption)));
    if (auto tooLarge = ImageExportOptions::pixels(format, size).check())
        return usageError(QStringLiteral("--size %1: %2").arg(parser.value(sizeOption), *tooLarge));
    // The export rule (scenario-format.md, "Command line: additions"): k from the size, F from
    // --scale, --slide a fixed size at the default presentation scale.
    ImageExportOptions exportOptions = parser.isSet(slideOption)
                                           ? ImageExportOptions::slide(format)
                                           : ImageExportOptions::pixels(format, size);
    if (parser.isSet(scaleOption)) {
        bool ok = false;
        const double f = QLocale::c().toDouble(parser.value(scaleOption), &ok);
        if (!ok ||
            !(f >= ImageExportOptions::minTextScale && f <= ImageExportOptions::maxTextScale))
            return usageError(QStringLiteral("--scale must be a number from 0.5 to 4, got '%1'")
                                  .arg(parser.value(scaleOption)));
        exportOptions.textScale = f;
    }

    if (report || exporting || saving) {
        Scenario scenario = defaultScenario();
        if (importingModel) {
            LoadResult imported = modelOptions.importScenario(parser);
            if (const auto *err = std::get_if<LoadError>(&imported)) {
                printErr(QStringLiteral("softmaxlab: %1").arg(err->message));
                return InputRefused;
            }
            scenario = std::get<Scenario>(std::move(imported));
        } else if (importing) {
            LoadResult imported = importScenario(
                parser.value(queriesOption), parser.value(keysOption), parser.value(valuesOption));
            if (const auto *err = std::get_if<LoadError>(&imported)) {
                printErr(QStringLiteral("softmaxlab: %1").arg(err->message));
                return InputRefused;
            }
            scenario = std::get<Scenario>(std::move(imported));
        } else if (!file.isEmpty() && !loadFileInto(file, scenario)) {
            return InputRefused;
        }
        if (step)
            if (const auto err = applyStepOption(scenario, *step)) {
                printErr(QStringLiteral("softmaxlab: %1").arg(*err));
                return InputRefused;
            }
        // --head N of a model scenario (scenario-format.md, "Command line: additions").
        const std::variant<int, QString> head = modelOptions.headIndex(parser, scenario);
        if (const auto *err = std::get_if<QString>(&head)) {
            printErr(QStringLiteral("softmaxlab: %1").arg(*err));
            return InputRefused;
        }
        if (report) {
            writeReport(scenario, printOut); // streamed: a large report is gigabytes
            if (std::ferror(stdout)) {
                // A full disk, a file-size limit (SIGXFSZ is ignored, see main.cpp) or a closed
                // pipe: an error with a message, never a report that silently stops.
                printErr(QStringLiteral("softmaxlab: cannot write the report to standard "
                                        "output: %1")
                             .arg(QString::fromLocal8Bit(std::strerror(errno))));
                return InputRefused;
            }
            return Success;
        }
        if (saving) {
            // The Save As rule of scenario-format.md: no extension → ".softmaxlab.json".
            const QString path = ScenarioDocument::withDefaultExtension(parser.value(saveOption));
            if (const auto err = ScenarioIo::saveFile(scenario, path)) {
                printErr(QStringLiteral("softmaxlab: %1").arg(err->message));
                return InputRefused;
            }
            printErr(QStringLiteral("wrote %1").arg(path));
            return Success;
        }
        QStringList written;
        if (const std::optional<QString> err =
                exportAllViews(scenario, parser.value(exportOption), exportOptions, 0, &written,
                               std::get<int>(head))) {
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
    // The keyboard's from the start: F5 and PageDown right after launch (a fresh reader's
    // first keys did nothing until a click, on a display without a window manager to give
    // the new window the focus).
    window.activateWindow();
    // Offer a recovery copy left by a session that crashed, once the window is up.
    QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
    if (!file.isEmpty()) {
        QString error;
        if (!window.openFile(file, &error)) {
            // Show the message, then stay on the default scenario (scenario-format.md).
            QTimer::singleShot(0, &window, [&window, file, error] {
                QMessageBox::warning(
                    &window, QObject::tr("Cannot open scenario"),
                    QObject::tr("%1\n\n%2\n\nThe default scenario is open instead.")
                        .arg(QFileInfo(file).fileName(), error));
            });
        }
    }
    // Test-only (tests/ui/tst_autosave.cpp): one edit, as if typed, so that a child process
    // has unsaved changes for the autosave to keep. Not an interface for users.
    const QString testEdit = qEnvironmentVariable("SOFTMAXLAB_TEST_EDIT");
    if (!testEdit.isEmpty())
        if (const auto err = applyTestEdit(window.document(), testEdit))
            printErr(*err);
    // Bench-only (bench/run.sh, issue 5): print the time from process start to the first frame
    // painted with the open scenario's Analysis, then quit. Not an interface for users.
    if (qEnvironmentVariableIsSet("SOFTMAXLAB_BENCH_FIRST_PAINT"))
        installFirstPaintProbe(&window, window.document());
    return QApplication::exec();
}

} // namespace sml::cli
