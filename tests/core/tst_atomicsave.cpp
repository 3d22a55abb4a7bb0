// Nothing lost on disk (issue 6, "Nothing lost"; scenario-format.md, "Writing"): a save killed
// with SIGKILL at any moment leaves the previous file or the new one, never a mix; a full disk or
// a read-only folder is refused with an Io error that names the path, and the old file stays.
//
// The saves run in a helper process, tests/core/savechild.cpp, which calls ScenarioIo::saveFile
// exactly as the app does; the scenarios come from AtomicSaveScenarios.h.

#include "AtomicSaveScenarios.h"
#include "ScenarioIo.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

using namespace sml;

namespace {

const QString kChild = QStringLiteral(SML_SAVECHILD_PATH);
const QString kFileName = QStringLiteral("big.softmaxlab.json");

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

/// Files in `dir` other than the scenario itself: QSaveFile's temporary files. (A fresh QDir
/// each time: a QDir caches its listing.)
QStringList strayFiles(const QDir &dir)
{
    QStringList names =
        QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
    names.removeAll(kFileName);
    return names;
}

/// "A" or "B" when `path` loads and equals that scenario bit for bit, else a description of what
/// is wrong with it.
QString whichScenario(const QString &path, const Scenario &a, const Scenario &b)
{
    const LoadResult r = ScenarioIo::loadFile(path);
    if (const auto *e = std::get_if<LoadError>(&r))
        return QStringLiteral("does not load: [%1] %2").arg(categoryName(e->category), e->message);
    const Scenario &s = std::get<Scenario>(r);
    if (s == a)
        return QStringLiteral("A");
    if (s == b)
        return QStringLiteral("B");
    return QStringLiteral("loads, but is neither A nor B (title \"%1\")").arg(s.title);
}

struct ChildRun
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

ChildRun runChild(const QStringList &args)
{
    QProcess p;
    p.start(kChild, args);
    ChildRun r;
    if (!p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace

class TestAtomicSave : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void killMidSaveLeavesOldOrNewFile();
    void fullDiskRefusesAndKeepsOldFile();
    void readOnlyFolderRefusesAndKeepsOldFile();
    void missingFolderRefuses();

private:
    Scenario mA;
    Scenario mB;
};

void TestAtomicSave::initTestCase()
{
    QVERIFY2(QFileInfo(kChild).isExecutable(), qPrintable(kChild));
    mA = atomicsave::build('A');
    mB = atomicsave::build('B');
    QVERIFY(!(mA == mB));
    QVERIFY(!validateScenario(mA));
    QVERIFY(!validateScenario(mB));
}

void TestAtomicSave::killMidSaveLeavesOldOrNewFile()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QDir dir(tmp.path());
    const QString path = dir.filePath(kFileName);
    QVERIFY(!ScenarioIo::saveFile(mA, path)); // the previous file
    QVERIFY(QFileInfo(path).size() > 1000000);

    const int kills = 30;
    int midWrite = 0; // kills that left a temporary file: the save was interrupted mid-write
    int sawA = 0, sawB = 0;
    auto *random = QRandomGenerator::global();
    for (int k = 0; k < kills; ++k) {
        QProcess child;
        child.start(kChild, {QStringLiteral("loop"), path});
        QVERIFY2(child.waitForStarted(30000), qPrintable(child.errorString()));
        QVERIFY2(child.waitForReadyRead(60000), child.readAllStandardError().constData());
        QCOMPARE(child.readLine().trimmed(), QByteArray("ready"));

        if (k % 2 == 0) {
            // At a random moment within about two saves.
            QThread::usleep(random->bounded(400000));
        } else {
            // As soon as a temporary file appears: mid-write (or in QSaveFile's commit).
            QElapsedTimer t;
            t.start();
            while (strayFiles(dir).isEmpty() && t.elapsed() < 5000)
                QThread::usleep(50);
        }
        ::kill(pid_t(child.processId()), SIGKILL);
        QVERIFY(child.waitForFinished(30000));
        QVERIFY2(child.exitStatus() == QProcess::CrashExit,
                 child.readAllStandardError().constData()); // it was killed, it did not fail

        const QString which = whichScenario(path, mA, mB);
        QVERIFY2(which == QLatin1String("A") || which == QLatin1String("B"),
                 qPrintable(QStringLiteral("after kill %1: %2").arg(k).arg(which)));
        (which == QLatin1String("A") ? sawA : sawB)++;

        // QSaveFile's temporary files survive a SIGKILL (nothing can remove them); they never
        // replace the file. Count them, then clear them for the next round.
        const QStringList stray = strayFiles(dir);
        if (!stray.isEmpty())
            ++midWrite;
        for (const QString &name : stray)
            QFile::remove(dir.filePath(name));
    }
    qInfo("%d kills: file held A %d times and B %d times; %d kills interrupted a write", kills,
          sawA, sawB, midWrite);
    QVERIFY2(midWrite > 0, "no kill landed mid-write; the test did not exercise anything");
}

void TestAtomicSave::fullDiskRefusesAndKeepsOldFile()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QDir dir(tmp.path());
    const QString path = dir.filePath(kFileName);
    QVERIFY(!ScenarioIo::saveFile(mA, path));
    const QByteArray before = readAll(path);

    // The file may grow to 64 KiB only: the new 3.5 MB file cannot be written.
    const ChildRun r = runChild({QStringLiteral("fsize"), path, QStringLiteral("65536")});
    QVERIFY2(r.exitCode == 0, r.out.constData());
    const QString out = QString::fromUtf8(r.out).trimmed();
    QVERIFY2(out.startsWith(QLatin1String("io\t")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("cannot save \"%1\"").arg(QDir::toNativeSeparators(path))),
             qPrintable(out));
    QVERIFY2(out.contains(QLatin1String("too large")) || out.contains(QLatin1String("space")),
             qPrintable(out)); // the OS reason (EFBIG)

    QCOMPARE(readAll(path), before);
    QCOMPARE(whichScenario(path, mA, mB), QStringLiteral("A"));
    QVERIFY2(strayFiles(dir).isEmpty(), qPrintable(strayFiles(dir).join(QLatin1Char(' '))));
}

void TestAtomicSave::readOnlyFolderRefusesAndKeepsOldFile()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QDir dir(tmp.path());
    const QString path = dir.filePath(kFileName);
    QVERIFY(!ScenarioIo::saveFile(mA, path));
    const QByteArray before = readAll(path);

    // r-x for everyone: readable, not writable (the child drops root first).
    const QFileDevice::Permissions readOnly = QFileDevice::ReadOwner | QFileDevice::ExeOwner |
                                              QFileDevice::ReadGroup | QFileDevice::ExeGroup |
                                              QFileDevice::ReadOther | QFileDevice::ExeOther;
    // The file itself stays writable by anyone: only the folder is in the way, so QSaveFile
    // cannot create its temporary file next to it (and must not fall back to writing in place).
    QVERIFY(QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                            QFileDevice::ReadGroup | QFileDevice::WriteGroup |
                                            QFileDevice::ReadOther | QFileDevice::WriteOther));
    QVERIFY(QFile::setPermissions(tmp.path(), readOnly));
    const ChildRun r = runChild({QStringLiteral("readonly"), path});
    QFile::setPermissions(tmp.path(), readOnly | QFileDevice::WriteOwner);
    if (r.exitCode == 4)
        QSKIP("cannot drop privileges to test a read-only folder");
    QVERIFY2(r.exitCode == 0, r.out.constData());
    const QString out = QString::fromUtf8(r.out).trimmed();
    QVERIFY2(out.startsWith(QLatin1String("io\t")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("cannot save \"%1\"").arg(QDir::toNativeSeparators(path))),
             qPrintable(out));
    QVERIFY2(out.contains(QLatin1String("ermission")) || out.contains(QLatin1String("ccess")),
             qPrintable(out));

    QCOMPARE(readAll(path), before);
    QVERIFY(strayFiles(dir).isEmpty());
}

void TestAtomicSave::missingFolderRefuses()
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("no/such/folder/x.softmaxlab.json"));
    const std::optional<LoadError> e = ScenarioIo::saveFile(defaultScenario(), path);
    QVERIFY(e);
    QCOMPARE(e->category, ErrorCategory::Io);
    QVERIFY2(e->message.contains(QDir::toNativeSeparators(path)), qPrintable(e->message));
    QVERIFY(!QFileInfo::exists(path));
}

QTEST_GUILESS_MAIN(TestAtomicSave)
#include "tst_atomicsave.moc"
