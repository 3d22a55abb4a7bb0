// No I/O condition kills the process, and stderr carries only SoftmaxLab's own messages (issue
// 15: failure 7 and "Also"). The real executable, run by a shell that sets a file-size limit or
// closes the pipe, as a user's script would.
#include "AppRunner.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace sml::test;

namespace {

/// Runs `script` with bash (APP = the softmaxlab executable, DIR = a folder for files), with no
/// display and no XDG_RUNTIME_DIR, as on a bare server.
AppRun runShell(const QString &script, const QTemporaryDir &dir)
{
    QProcessEnvironment env = headlessEnvironment();
    env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
    env.insert(QStringLiteral("APP"), QStringLiteral(SML_APP_PATH));
    env.insert(QStringLiteral("DIR"), dir.path());
    return runProcess(QStringLiteral("bash"), {QStringLiteral("-c"), script}, env);
}

/// 60 queries and 300 keys of 8 numbers as CSV: a scenario of about 1 MB when saved.
void writeMatrices(const QTemporaryDir &dir)
{
    for (const auto &[name, rows] : {std::pair{"q.csv", 60}, std::pair{"k.csv", 300}}) {
        QByteArray csv;
        for (int i = 0; i < rows; ++i) {
            for (int j = 0; j < 8; ++j)
                csv += QByteArray::number(0.001 * ((i * 37 + j * 11) % 997), 'g', 17) +
                       (j < 7 ? "," : "\n");
        }
        writeFile(dir, QString::fromLatin1(name), csv);
    }
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QString kDigits =
    QStringLiteral(SML_SOURCE_DIR "/resources/scenarios/digits-kernel-smoother.softmaxlab.json");

} // namespace

class TestCliIo : public QObject
{
    Q_OBJECT

private slots:
    void fileSizeLimitIsAnError_data();
    void fileSizeLimitIsAnError();
    void closedPipeIsAnError();
    void failedExportKeepsTheOldImages_data();
    void failedExportKeepsTheOldImages();
    void stderrHoldsOnlyOurMessages_data();
    void stderrHoldsOnlyOurMessages();
};

void TestCliIo::fileSizeLimitIsAnError_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("message");
    // The issue's case: --save past `ulimit -f 20` died of SIGXFSZ (exit 153) with no message.
    QTest::newRow("--save past ulimit -f (the issue)")
        << R"((ulimit -f 20; exec "$APP" --queries "$DIR/q.csv" --keys "$DIR/k.csv" --save "$DIR/lesson.softmaxlab.json"))"
        << "File too large";
    QTest::newRow("--report to a file past ulimit -f")
        << QStringLiteral(R"((ulimit -f 20; exec "$APP" --report "%1" > "$DIR/report.json"))")
               .arg(kDigits)
        << "cannot write the report to standard output: File too large";
    QTest::newRow("--save onto a limit smaller than the old file")
        << R"((ulimit -f 1; exec "$APP" --queries "$DIR/q.csv" --keys "$DIR/k.csv" --save "$DIR/lesson"))"
        << "File too large";
}

void TestCliIo::fileSizeLimitIsAnError()
{
    QFETCH(QString, command);
    QFETCH(QString, message);
    QTemporaryDir dir;
    writeMatrices(dir);
    const QByteArray old = "the teacher's lesson, which must survive\n";
    writeFile(dir, QStringLiteral("lesson.softmaxlab.json"), old);
    const AppRun r = runShell(command, dir);
    QCOMPARE(r.status, QProcess::NormalExit);
    QVERIFY2(
        r.exitCode == 2,
        qPrintable(QStringLiteral("exit %1: %2").arg(r.exitCode).arg(QString::fromUtf8(r.err))));
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    QVERIFY2(r.err.startsWith("softmaxlab: "), r.err.constData());
    // The old file is untouched and no temporary file is left beside it.
    QCOMPARE(readAll(dir.filePath(QStringLiteral("lesson.softmaxlab.json"))), old);
    const QStringList left = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden);
    for (const QString &name : left)
        QVERIFY2(!name.contains(QLatin1String(".softmaxlab.json.")), qPrintable(name));
}

void TestCliIo::failedExportKeepsTheOldImages_data()
{
    QTest::addColumn<QString>("format");
    for (const char *format : {"png", "jpg", "svg", "pdf"})
        QTest::newRow(format) << QString::fromLatin1(format);
}

// An export onto a full disk left a truncated PNG where a good one was (issue 15 #8). Every
// format is written atomically now: past `ulimit -f 2` (2 KiB) the export stops with exit 2 and
// a message naming the file, and every image already there is as it was, with nothing beside it.
void TestCliIo::failedExportKeepsTheOldImages()
{
    QFETCH(QString, format);
    QTemporaryDir dir;
    const QString views = dir.filePath(QStringLiteral("views"));
    const QString scenario =
        QStringLiteral(SML_SOURCE_DIR "/resources/scenarios/default.softmaxlab.json");
    // A first export makes the teacher's images; each is then replaced by a marker to keep.
    const AppRun first =
        runApp({QStringLiteral("--export"), views, QStringLiteral("--format"), format, scenario});
    QVERIFY2(first.exitCode == 0, qPrintable(describe(first)));
    const QStringList names = QDir(views).entryList(QDir::Files | QDir::Hidden, QDir::Name);
    QVERIFY(names.size() >= 10);
    for (const QString &name : names)
        writeFile(dir, QStringLiteral("views/") + name, "old " + name.toUtf8() + "\n");

    const AppRun r = runShell(
        QStringLiteral(R"((ulimit -f 2; exec "$APP" --export "$DIR/views" --format %1 "%2"))")
            .arg(format, scenario),
        dir);
    QCOMPARE(r.status, QProcess::NormalExit);
    QVERIFY2(
        r.exitCode == 2,
        qPrintable(QStringLiteral("exit %1: %2").arg(r.exitCode).arg(QString::fromUtf8(r.err))));
    QVERIFY2(r.err.startsWith("softmaxlab: "), r.err.constData());
    QVERIFY2(r.err.contains(QStringLiteral("cannot write \"%1/").arg(views).toUtf8()),
             r.err.constData());
    QVERIFY2(r.err.contains("File too large"), r.err.constData());
    QCOMPARE(QDir(views).entryList(QDir::Files | QDir::Hidden, QDir::Name), names);
    for (const QString &name : names)
        QCOMPARE(readAll(QDir(views).filePath(name)), "old " + name.toUtf8() + "\n");
}

void TestCliIo::closedPipeIsAnError()
{
    // `softmaxlab --report | head -c 10`: the reader closes the pipe long before the 200-key
    // report is written. An error with a message, not a death by SIGPIPE.
    QTemporaryDir dir;
    const AppRun r = runShell(
        QStringLiteral(R"("$APP" --report "%1" 2> "$DIR/err.txt" | head -c 10 > /dev/null; )"
                       R"(echo "${PIPESTATUS[0]}")")
            .arg(kDigits),
        dir);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out.trimmed(), QByteArray("2"));
    const QByteArray err = readAll(dir.filePath(QStringLiteral("err.txt")));
    QVERIFY2(err.startsWith("softmaxlab: cannot write the report to standard output"),
             err.constData());
}

void TestCliIo::stderrHoldsOnlyOurMessages_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QByteArray>("expected"); // the whole of stderr, with $DIR replaced
    // Qt printed "QStandardPaths: XDG_RUNTIME_DIR not set…" on every headless run.
    QTest::newRow("--report (the issue)")
        << QStringLiteral(R"("$APP" --report "%1" > /dev/null)").arg(kDigits) << QByteArray();
    QTest::newRow("--save")
        << R"("$APP" --queries "$DIR/q.csv" --keys "$DIR/k.csv" --save "$DIR/out")"
        << QByteArray("wrote $DIR/out.softmaxlab.json\n");
    QTest::newRow("a refused file")
        << R"("$APP" --report "$DIR/q.csv" > /dev/null)" << QByteArray("softmaxlab: ");
}

void TestCliIo::stderrHoldsOnlyOurMessages()
{
    QFETCH(QString, command);
    QFETCH(QByteArray, expected);
    QTemporaryDir dir;
    writeMatrices(dir);
    const AppRun r = runShell(command, dir);
    QCOMPARE(r.status, QProcess::NormalExit);
    expected.replace("$DIR", dir.path().toUtf8());
    if (expected == "softmaxlab: ") { // a refusal: every line is ours
        QCOMPARE(r.exitCode, 2);
        for (const QByteArray &line : r.err.trimmed().split('\n'))
            QVERIFY2(line.startsWith("softmaxlab: "), line.constData());
    } else {
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, expected);
    }
}

QTEST_GUILESS_MAIN(TestCliIo)
#include "tst_cli_io.moc"
