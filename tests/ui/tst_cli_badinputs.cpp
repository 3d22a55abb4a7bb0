// The command-line half of the bad-input catalog (issue 6; scenario-format.md, "Command line"):
// the real softmaxlab binary, run as a child process with no display at all, on every bad file
// of tests/data/bad/scenario/ and on malformed command lines. A file that cannot be loaded exits
// 2 with the loader's message on stderr, word for word; a usage error exits 64; nothing crashes,
// and nothing is printed on stdout or written to an export folder for a refused file.
#include <sys/stat.h>

#include "AppRunner.h"
#include "MatrixImport.h"
#include "ScenarioIo.h"

#include <QtTest>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

using namespace sml;
using namespace sml::test;

namespace {

const QString kBadDir = QStringLiteral(SML_TEST_DATA_DIR "/data/bad");

/// The lines of stderr that are not Qt's own chatter (XDG_RUNTIME_DIR and the like).
QByteArray ownStderr(const QByteArray &err)
{
    QByteArray out;
    for (const QByteArray &line : err.split('\n'))
        if (!line.startsWith("QStandardPaths:") && !line.isEmpty())
            out += line + '\n';
    return out;
}

/// The catalog's scenario files that must be refused (not good-*, not report-*).
QStringList badScenarioFiles()
{
    QStringList files;
    QDirIterator it(kBadDir + QStringLiteral("/scenario"), {QStringLiteral("*.json")}, QDir::Files);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString name = QFileInfo(path).fileName();
        if (!name.startsWith(QLatin1String("good-")) && !name.startsWith(QLatin1String("report-")))
            files << path;
    }
    files.sort();
    return files;
}

bool appHasImport()
{
    const AppRun help = runApp({QStringLiteral("--help")});
    return help.out.contains("--queries");
}

/// ctest runs this file in parts, each a test of its own (ui_tst_cli_badinputs_1of3, …), so that
/// none comes near ctest's 300 s in the sanitizer build, where every row's child process is slow:
/// SML_CLI_PART="KofN" keeps every N-th data row of each data function, starting at the K-th.
/// The functions without data run in the first part. Unset, everything runs.
struct CliPart
{
    int k = 1;
    int n = 1;
};

CliPart cliPart()
{
    static const CliPart part = [] {
        const QStringList kn = qEnvironmentVariable("SML_CLI_PART").split(QLatin1String("of"));
        CliPart p;
        if (kn.size() == 2) {
            p.k = kn[0].toInt();
            p.n = kn[1].toInt();
        }
        if (p.n < 1 || p.k < 1 || p.k > p.n)
            p = CliPart{};
        return p;
    }();
    return part;
}

/// Whether the next data row of the current data function belongs to this part (see
/// cliPart()). Rows are counted per function, so that a part holds the same rows of a function
/// however the functions are run (all, one by name, or repeated).
bool takeRow()
{
    static QByteArray function;
    static int row = 0;
    if (function != QTest::currentTestFunction()) {
        function = QTest::currentTestFunction();
        row = 0;
    }
    return row++ % cliPart().n == cliPart().k - 1;
}

#define SML_SKIP_UNLESS_FIRST_PART()                                                               \
    if (cliPart().k != 1)                                                                          \
    QSKIP("runs in the first part (SML_CLI_PART)")

} // namespace

class TestCliBadInputs : public QObject
{
    Q_OBJECT

private slots:
    void refusedFiles_data();
    void refusedFiles();
    void refusedFileExportWritesNothing_data();
    void refusedFileExportWritesNothing();
    void goodCatalogFilesLoad_data();
    void goodCatalogFilesLoad();
    void versionOneAttentionWarns();
    void usageErrors_data();
    void usageErrors();
    void badMatrixImports_data();
    void badMatrixImports();
    void matrixImportFromAFifoIsRefused();
    void refusalsShowInputEscapedAndShort_data();
    void refusalsShowInputEscapedAndShort();
};

void TestCliBadInputs::refusedFiles_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("special"); // "", "directory", "missing", "huge", "fifo", "fifo-link"
    const QStringList files = badScenarioFiles();
    QVERIFY(files.size() >= 60);
    for (const QString &path : files)
        if (takeRow())
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path << QString();
    if (takeRow())
        QTest::newRow("a directory") << QString() << "directory";
    if (takeRow())
        QTest::newRow("a missing file") << QString() << "missing";
    if (takeRow())
        QTest::newRow("256 MiB + 1 byte (sparse)") << QString() << "huge";
    if (takeRow())
        QTest::newRow("/dev/null (a character device)") << "/dev/null" << QString();
    if (takeRow())
        QTest::newRow("/dev/zero (an endless character device)") << "/dev/zero" << QString();
    if (takeRow())
        QTest::newRow("a named pipe (FIFO) with no writer: refused, not a hang")
            << QString() << "fifo";
    if (takeRow())
        QTest::newRow("a symbolic link to a FIFO") << QString() << "fifo-link";
}

void TestCliBadInputs::refusedFiles()
{
    QFETCH(QString, path);
    QFETCH(QString, special);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    if (special == QLatin1String("directory")) {
        path = dir.filePath(QStringLiteral("folder.softmaxlab.json"));
        QVERIFY(QDir().mkpath(path));
    } else if (special.startsWith(QLatin1String("fifo"))) {
        path = dir.filePath(QStringLiteral("pipe.softmaxlab.json"));
        QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
        if (special == QLatin1String("fifo-link")) {
            const QString link = dir.filePath(QStringLiteral("link.softmaxlab.json"));
            QVERIFY(QFile::link(path, link));
            path = link;
        }
    } else if (special == QLatin1String("missing")) {
        path = dir.filePath(QStringLiteral("missing.softmaxlab.json"));
    } else if (special == QLatin1String("huge")) {
        path = dir.filePath(QStringLiteral("huge.softmaxlab.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(limits::maxFileBytes + 1));
    }

    // The exact message the loader gives, behind "softmaxlab: FILE: ".
    const LoadResult loaded = ScenarioIo::loadFile(path);
    QVERIFY(std::holds_alternative<LoadError>(loaded));
    const QByteArray expected = QStringLiteral("softmaxlab: %1: %2\n")
                                    .arg(path, std::get<LoadError>(loaded).message)
                                    .toUtf8();

    const AppRun r = runApp({QStringLiteral("--report"), path});
    QVERIFY2(r.status == QProcess::NormalExit, qPrintable(describe(r)));
    QVERIFY2(r.exitCode == 2, qPrintable(describe(r)));
    QVERIFY2(r.out.isEmpty(), r.out.constData());
    QCOMPARE(ownStderr(r.err), expected);
}

void TestCliBadInputs::refusedFileExportWritesNothing_data()
{
    QTest::addColumn<QString>("file");
    for (const char *name : {"truncated-in-number", "not-utf8-latin1-title", "duplicate-top-title",
                             "version-newer", "overflow-similarity-cancelling", "number-1e400",
                             "ragged-key-vector-long", "sigma0-zero"})
        if (takeRow())
            QTest::newRow(name) << QStringLiteral("%1/scenario/%2.softmaxlab.json")
                                       .arg(kBadDir, QLatin1String(name));
}

void TestCliBadInputs::refusedFileExportWritesNothing()
{
    QFETCH(QString, file);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("views"));
    for (const QString &format : {QStringLiteral("png"), QStringLiteral("svg")}) {
        const AppRun r =
            runApp({QStringLiteral("--export"), out, QStringLiteral("--format"), format, file});
        QVERIFY2(r.status == QProcess::NormalExit && r.exitCode == 2, qPrintable(describe(r)));
        QVERIFY(r.out.isEmpty());
        QVERIFY2(ownStderr(r.err).startsWith(QStringLiteral("softmaxlab: %1: ").arg(file).toUtf8()),
                 r.err.constData());
        QVERIFY2(!QFileInfo::exists(out) || QDir(out).isEmpty(), "an export of a refused file");
    }
}

void TestCliBadInputs::goodCatalogFilesLoad_data()
{
    QTest::addColumn<QString>("file");
    QDirIterator it(kBadDir + QStringLiteral("/scenario"),
                    {QStringLiteral("good-*.json"), QStringLiteral("report-*.json")}, QDir::Files);
    QStringList files; // (sorted: the parts split the rows by their order)
    while (it.hasNext())
        files << it.next();
    files.sort();
    for (const QString &path : std::as_const(files)) {
        if (takeRow())
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }
}

void TestCliBadInputs::goodCatalogFilesLoad()
{
    QFETCH(QString, file);
    const AppRun r = runApp({QStringLiteral("--report"), file});
    QVERIFY2(r.status == QProcess::NormalExit && r.exitCode == 0, qPrintable(describe(r)));
    QJsonParseError perr;
    const QJsonObject report = QJsonDocument::fromJson(r.out, &perr).object();
    QCOMPARE(perr.error, QJsonParseError::NoError);
    QCOMPARE(report[QLatin1String("format")].toString(), QStringLiteral("softmaxlab-report"));
    // A model scenario's report (version 2) has its queries per head (issue 17).
    const QJsonArray queries =
        report.contains(QLatin1String("heads"))
            ? report[QLatin1String("heads")][0][QLatin1String("queries")].toArray()
            : report[QLatin1String("queries")].toArray();
    QVERIFY(!queries.isEmpty());
    const QJsonObject q = queries.at(0).toObject();
    if (QFileInfo(file).fileName().startsWith(QLatin1String("report-"))) {
        // An infeasible MaxEnt target: an error in that query's maxent object, the rest intact.
        const QString error =
            q[QLatin1String("maxent")].toObject()[QLatin1String("error")].toString();
        QVERIFY2(error.startsWith(QLatin1String("target ")), qPrintable(error));
        QVERIFY(q[QLatin1String("weights")].isArray());
    }
}

void TestCliBadInputs::versionOneAttentionWarns()
{
    SML_SKIP_UNLESS_FIRST_PART();
    // scenario-format.md: a version-1 file's `attention` member is an unknown field, with a
    // warning; the report is a plain softmax report and the exit code 0.
    const QString file = kBadDir + QStringLiteral("/scenario/good-version1-attention-unknown"
                                                  ".softmaxlab.json");
    const AppRun r = runApp({QStringLiteral("--report"), file});
    QVERIFY2(r.status == QProcess::NormalExit && r.exitCode == 0, qPrintable(describe(r)));
    QCOMPARE(ownStderr(r.err),
             QStringLiteral("softmaxlab: %1: warning: attention: kept as an unknown field; this "
                            "section needs \"version\": 2\n")
                 .arg(file)
                 .toUtf8());
    const QJsonObject report = QJsonDocument::fromJson(r.out).object();
    QVERIFY(!report.contains(QLatin1String("normalizer")));
    const QJsonArray w = report["queries"].toArray()[0].toObject()["weights"].toArray();
    for (const QJsonValue &x : w)
        QVERIFY(x.toDouble() > 0); // the softmax: no exact zeros
    // A good version-2 file prints nothing on stderr.
    const AppRun v2 =
        runApp({QStringLiteral("--report"),
                kBadDir + QStringLiteral("/scenario/good-attention-sparsemax.softmaxlab.json")});
    QCOMPARE(v2.exitCode, 0);
    QCOMPARE(ownStderr(v2.err), QByteArray());
}

void TestCliBadInputs::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    const QString file = kBadDir + QStringLiteral("/scenario/good-bom.softmaxlab.json");
    const auto row = [](const char *name, const QStringList &args) {
        if (takeRow())
            QTest::newRow(name) << args;
    };
    row("unknown long option", {"--bogus"});
    row("unknown short option", {"-z"});
    row("unknown option after a file", {file, "--frobnicate"});
    row("--report with a value", {"--report=yes", file});
    row("--export without DIR", {"--export"});
    row("--format without a value", {"--export", "/tmp/x", "--format"});
    row("--size without a value", {"--export", "/tmp/x", "--size"});
    row("unknown --format gif", {"--export", "/tmp/x", "--format", "gif", file});
    row("empty --format", {"--export", "/tmp/x", "--format", "", file});
    row("--size 0x0", {"--export", "/tmp/x", "--size", "0x0", file});
    row("--size 12x (no height)", {"--export", "/tmp/x", "--size", "12x", file});
    row("--size 100000x100 (too wide)", {"--export", "/tmp/x", "--size", "100000x100", file});
    row("--size -5x10 (negative)", {"--export", "/tmp/x", "--size", "-5x10", file});
    row("--size 1200x800x3", {"--export", "/tmp/x", "--size", "1200x800x3", file});
    row("--size 15x15 (below 16)", {"--export", "/tmp/x", "--size", "15x15", file});
    // The stated export limit (issue 15 #9: 20000x20000 ran a minute at 1.6 GB): each side at
    // most 8192 pixels and 4·10⁷ pixels in all (scenario-format.md); refused before drawing.
    row("--size 20000x20000 (the issue)", {"--export", "/tmp/x", "--size", "20000x20000", file});
    row("--size 8000x8000 (64 megapixels)", {"--export", "/tmp/x", "--size", "8000x8000", file});
    row("--size 8193x100 (a side above 8192)", {"--export", "/tmp/x", "--size", "8193x100", file});
    row("--size 8000x5001 (just above 4e7 pixels)",
        {"--export", "/tmp/x", "--size", "8000x5001", file});
    row("--size with letters", {"--export", "/tmp/x", "--size", "wide x tall", file});
    row("--report and --export together", {"--report", "--export", "/tmp/x", file});
    row("two files", {"--report", file, file});
    row("three files", {"--report", file, file, file});
    row("--format without --export", {"--report", "--format", "png", file});
    row("--size without --export", {"--report", "--size", "900x600", file});
    // The export rule's options (scenario-format.md, "Command line: additions").
    row("--scale 0.4 (below 0.5)", {"--export", "/tmp/x", "--scale", "0.4", file});
    row("--scale 4.5 (above 4)", {"--export", "/tmp/x", "--scale", "4.5", file});
    row("--scale 0", {"--export", "/tmp/x", "--scale", "0", file});
    row("--scale nan", {"--export", "/tmp/x", "--scale", "nan", file});
    row("--scale inf", {"--export", "/tmp/x", "--scale", "inf", file});
    row("--scale with letters", {"--export", "/tmp/x", "--scale", "big", file});
    row("--scale 1,5 (a decimal comma)", {"--export", "/tmp/x", "--scale", "1,5", file});
    row("--scale without a value", {"--export", "/tmp/x", "--scale"});
    row("--scale twice", {"--export", "/tmp/x", "--scale", "2", "--scale", "3", file});
    row("--scale without --export", {"--report", "--scale", "2", file});
    row("--slide with --size", {"--export", "/tmp/x", "--slide", "--size", "1920x1080", file});
    row("--slide without --export", {"--report", "--slide", file});
    row("--slide with a value", {"--export", "/tmp/x", "--slide=yes", file});
}

void TestCliBadInputs::usageErrors()
{
    QFETCH(QStringList, args);
    const AppRun r = runApp(args);
    QVERIFY2(r.status == QProcess::NormalExit, qPrintable(describe(r)));
    QVERIFY2(r.exitCode == 64, qPrintable(describe(r)));
    QVERIFY2(r.out.isEmpty(), r.out.constData());
    QVERIFY2(ownStderr(r.err).startsWith("softmaxlab: "), r.err.constData());
}

void TestCliBadInputs::badMatrixImports_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("messagePart");
    const QString csv = kBadDir + QStringLiteral("/csv/");
    const QString npy = kBadDir + QStringLiteral("/npy/");
    const QString goodQ = npy + QStringLiteral("good-f8-c-order.npy"); // 2×3
    if (takeRow())
        QTest::newRow("queries: ragged CSV")
            << QStringList{"--queries", csv + "ragged-row.csv", "--keys", goodQ, "--report"}
            << "line 3: 2 fields, but line 1 has 3";
    if (takeRow())
        QTest::newRow("keys: mixed separators")
            << QStringList{"--queries", goodQ, "--keys", csv + "mixed-separators-cell.csv",
                           "--report"}
            << "line 2, column 2";
    if (takeRow())
        QTest::newRow("keys: .npy with a bad magic")
            << QStringList{"--queries", goodQ, "--keys", npy + "bad-magic.npy", "--report"}
            << "\\x93NUMPY";
    if (takeRow())
        QTest::newRow("values: unsupported dtype")
            << QStringList{"--queries", goodQ,      "--keys",
                           goodQ,       "--values", npy + "dtype-complex128.npy",
                           "--report"}
            << "complex128";
    if (takeRow())
        QTest::newRow("queries: shape disagrees with the data")
            << QStringList{"--queries", npy + "shape-data-too-short.npy", "--keys", goodQ,
                           "--report"}
            << "needs 96 bytes of data, file has 80";
    if (takeRow())
        QTest::newRow("queries: claimed rows beyond the limit")
            << QStringList{"--queries", npy + "claimed-rows-beyond-limit.npy", "--keys", goodQ,
                           "--report"}
            << "limit of 100000";
}

void TestCliBadInputs::badMatrixImports()
{
    if (!appHasImport())
        QSKIP("this softmaxlab has no --queries/--keys import yet");
    QFETCH(QStringList, args);
    QFETCH(QString, messagePart);
    const AppRun r = runApp(args);
    QVERIFY2(r.status == QProcess::NormalExit && r.exitCode == 2, qPrintable(describe(r)));
    QVERIFY(r.out.isEmpty());
    QVERIFY2(QString::fromUtf8(r.err).contains(messagePart), r.err.constData());
}

// --queries FIFO used to block in open() forever (issue 15 #1); each of the three inputs is
// refused with the reason and exit 2, and nothing is written.
void TestCliBadInputs::matrixImportFromAFifoIsRefused()
{
    SML_SKIP_UNLESS_FIRST_PART();
    if (!appHasImport())
        QSKIP("this softmaxlab has no --queries/--keys import yet");
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("pipe.csv"));
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    const QString good = kBadDir + QStringLiteral("/npy/good-f8-c-order.npy"); // 2×3
    const QString out = dir.filePath(QStringLiteral("out.softmaxlab.json"));
    for (const QStringList &args :
         {QStringList{"--queries", fifo, "--keys", good, "--save", out},
          QStringList{"--queries", good, "--keys", fifo, "--report"},
          QStringList{"--queries", good, "--keys", good, "--values", fifo, "--report"}}) {
        const AppRun r = runApp(args);
        QVERIFY2(r.status == QProcess::NormalExit && r.exitCode == 2, qPrintable(describe(r)));
        QVERIFY(r.out.isEmpty());
        QVERIFY2(QString::fromUtf8(r.err).contains(QLatin1String("a named pipe (FIFO)")),
                 r.err.constData());
        QVERIFY(!QFileInfo::exists(out));
    }
}

void TestCliBadInputs::refusalsShowInputEscapedAndShort_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<QByteArray>("shownPart");
    // The case was 200 MB of NUL bytes, quoted raw in the message; 1 MiB shows the same.
    if (takeRow())
        QTest::newRow("1 MiB of NUL bytes (issue 15 #9)")
            << QByteArray(1 << 20, '\0') << QByteArray("'\\0\\0\\0");
    if (takeRow())
        QTest::newRow("a terminal escape sequence in a cell")
            << QByteArray("1,2\n3,\x1b[2J\x1b[31mgotcha\n")
            << QByteArray("'\\x1b[2J\\x1b[31mgotcha'");
    if (takeRow())
        QTest::newRow("a 100 KB cell") << QByteArray(100000, 'z') + "\n" << QByteArray("zzz…'");
}

// Refusal messages quoted raw input bytes (37 NUL bytes for a file of NULs). Input in a message
// is escaped and shortened: one short line, whatever the file holds.
void TestCliBadInputs::refusalsShowInputEscapedAndShort()
{
    if (!appHasImport())
        QSKIP("this softmaxlab has no --queries/--keys import yet");
    QFETCH(QByteArray, csv);
    QFETCH(QByteArray, shownPart);
    QTemporaryDir dir;
    const QString file = writeFile(dir, QStringLiteral("bad.csv"), csv);
    const AppRun r = runApp({QStringLiteral("--queries"), file, QStringLiteral("--keys"), file,
                             QStringLiteral("--report")});
    QVERIFY2(r.status == QProcess::NormalExit && r.exitCode == 2, qPrintable(describe(r)));
    QVERIFY(r.out.isEmpty());
    const QByteArray own = ownStderr(r.err);
    QVERIFY2(own.contains(shownPart), own.constData());
    QVERIFY2(!own.contains('\0') && !own.contains('\x1b'), own.toPercentEncoding().constData());
    QCOMPARE(own.count('\n'), 1);
    QVERIFY2(own.size() < 400, own.constData());
}

QTEST_GUILESS_MAIN(TestCliBadInputs)
#include "tst_cli_badinputs.moc"
