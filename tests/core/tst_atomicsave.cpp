// Nothing lost on disk (issue 6, "Nothing lost"; scenario-format.md, "Writing"): a save killed
// with SIGKILL at any moment leaves the previous file or the new one, never a mix; a full disk or
// a read-only folder is refused with an Io error that names the path, and the old file stays.
//
// The saves run in a helper process, tests/core/savechild.cpp, which calls ScenarioIo::saveFile
// exactly as the app does; the scenarios come from AtomicSaveScenarios.h.

#include "AtomicSaveScenarios.h"
#include "ScenarioIo.h"
#include "TestInputs.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <dirent.h>
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

using namespace sml;
using namespace sml::test;

namespace {

const QString kChild = QStringLiteral(SML_SAVECHILD_PATH);
const QString kFileName = QStringLiteral("big.softmaxlab.json");

/// Files in `dir` other than the scenario itself: QSaveFile's temporary files. (A fresh QDir
/// each time: a QDir caches its listing.)
QStringList strayFiles(const QDir &dir)
{
    QStringList names =
        QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
    names.removeAll(kFileName);
    return names;
}

/// Stops `pid` (SIGSTOP, waiting until /proc says it is stopped) and tells whether it holds an
/// open file in `dir` that has no name there: QSaveFile's O_TMPFILE, i.e. it was stopped in the
/// middle of writing the new file. The process stays stopped.
bool stopAndCheckWriting(pid_t pid, const QString &dir)
{
    ::kill(pid, SIGSTOP);
    const QByteArray stat = QByteArrayLiteral("/proc/") + QByteArray::number(pid) + "/stat";
    for (int i = 0; i < 100000; ++i) {
        QFile f(QString::fromLatin1(stat));
        if (!f.open(QIODevice::ReadOnly))
            break;
        const QByteArray text = f.readAll();
        const qsizetype close = text.lastIndexOf(')');
        if (close >= 0 && close + 2 < text.size() &&
            (text[close + 2] == 'T' || text[close + 2] == 't'))
            break;
        QThread::usleep(10);
    }
    const QByteArray fdDir = QByteArrayLiteral("/proc/") + QByteArray::number(pid) + "/fd";
    const QByteArray prefix = QFile::encodeName(dir) + '/';
    DIR *fds = ::opendir(fdDir.constData());
    if (!fds)
        return false;
    bool writing = false;
    while (const dirent *entry = ::readdir(fds)) {
        char target[4096];
        const QByteArray link = fdDir + '/' + entry->d_name;
        const ssize_t n = ::readlink(link.constData(), target, sizeof target - 1);
        if (n <= 0)
            continue;
        const QByteArray t(target, n);
        writing = writing || (t.startsWith(prefix) && t.endsWith(" (deleted)"));
    }
    ::closedir(fds);
    return writing;
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

/// Saves `s` as kFileName in the folder of `tmp` (the file the child then tries to replace):
/// its path, or an empty string when the folder or the save failed.
QString saveInto(const QTemporaryDir &tmp, const Scenario &s)
{
    if (!tmp.isValid())
        return {};
    const QString path = QDir(tmp.path()).filePath(kFileName);
    return ScenarioIo::saveFile(s, path) ? QString() : path;
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

/// Empty when the child reports that its save of `path` was refused as an Io error that names
/// `path` and gives the OS reason (its text contains one of `reasons`); else what is wrong.
QString ioRefusalProblem(const ChildRun &r, const QString &path, const QStringList &reasons)
{
    if (r.exitCode != 0)
        return QStringLiteral("child exit code %1: %2")
            .arg(r.exitCode)
            .arg(QString::fromUtf8(r.out));
    const QString out = QString::fromUtf8(r.out).trimmed();
    if (!out.startsWith(QLatin1String("io\t")) ||
        !out.contains(QStringLiteral("cannot save \"%1\"").arg(QDir::toNativeSeparators(path))))
        return out;
    for (const QString &reason : reasons)
        if (out.contains(reason))
            return {};
    return out;
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
    const QString path = saveInto(tmp, mA); // the previous file
    QVERIFY(!path.isEmpty());
    const QDir dir(tmp.path());
    QVERIFY(QFileInfo(path).size() > 1000000);

    // The child prints "saving K" before its K-th save and "saved K" after it (K = 1, 2, …;
    // odd K write B, even K write A), so the last line it got out tells where the kill landed.
    // QSaveFile writes an unnamed O_TMPFILE here: mid-write shows as an open "(deleted)" file
    // in /proc/PID/fd, and a name left in the folder means the kill landed inside QSaveFile's
    // commit (link, then rename).
    const int kills = 30;
    int midSave = 0;  // kills that landed inside ScenarioIo::saveFile
    int midWrite = 0; // kills that landed while the new file was open for writing
    int strays = 0;   // kills that left a temporary file behind
    int sawA = 0, sawB = 0;
    auto *random = QRandomGenerator::global();
    for (int k = 0; k < kills; ++k) {
        QProcess child;
        child.start(kChild, {QStringLiteral("loop"), path});
        QVERIFY2(child.waitForStarted(30000), qPrintable(child.errorString()));
        QVERIFY2(child.waitForReadyRead(60000), child.readAllStandardError().constData());
        QCOMPARE(child.readLine().trimmed(), QByteArray("ready"));

        // Even rounds: at a random moment within the next few saves. Odd rounds: stopped at
        // random moments (SIGSTOP, then SIGCONT) until one lands while the new file is being
        // written, so that the kills surely cover the write itself, not only the serialization.
        const pid_t pid = pid_t(child.processId());
        QThread::usleep(random->bounded(400000));
        bool writing = stopAndCheckWriting(pid, dir.path());
        for (int tries = 0; k % 2 == 1 && !writing && tries < 5000; ++tries) {
            ::kill(pid, SIGCONT);
            QThread::usleep(random->bounded(2000));
            writing = stopAndCheckWriting(pid, dir.path());
        }
        midWrite += writing ? 1 : 0;
        ::kill(pid, SIGKILL);
        QVERIFY(child.waitForFinished(30000));
        QVERIFY2(child.exitStatus() == QProcess::CrashExit,
                 child.readAllStandardError().constData()); // it was killed, it did not fail

        const QList<QByteArray> lines = child.readAllStandardOutput().trimmed().split('\n');
        // No line after "ready": the kill came before the first save began (on a loaded machine
        // the child can take longer than the random wait to start it), so the file must still
        // be the one it started from, as after a finished "save 0".
        const QByteArray lastLine = lines.back().isEmpty() ? QByteArray("saved 0") : lines.back();
        const QList<QByteArray> last = lastLine.split(' ');
        QCOMPARE(last.size(), 2);
        const long save = last[1].toLong();
        const bool inside = last[0] == "saving";
        QVERIFY(inside || last[0] == "saved");
        midSave += inside ? 1 : 0;

        const QString which = whichScenario(path, mA, mB);
        QVERIFY2(which == QLatin1String("A") || which == QLatin1String("B"),
                 qPrintable(QStringLiteral("after kill %1: %2").arg(k).arg(which)));
        (which == QLatin1String("A") ? sawA : sawB)++;
        // Whole files only: the save that finished, or (killed inside save K) save K − 1 or,
        // when the kill came after the rename but before "saved K", save K.
        const QString finished = save % 2 ? QStringLiteral("B") : QStringLiteral("A");
        const QString previous = save % 2 ? QStringLiteral("A") : QStringLiteral("B");
        QVERIFY2(which == finished || (inside && which == previous),
                 qPrintable(QStringLiteral("kill %1 after “%2”: the file holds %3")
                                .arg(k)
                                .arg(QString::fromLatin1(lastLine), which)));

        // Temporary files survive a SIGKILL (nothing can remove them); they never replace the
        // file. Count them, then clear them for the next round.
        const QStringList stray = strayFiles(dir);
        strays += stray.isEmpty() ? 0 : 1;
        for (const QString &name : stray)
            QFile::remove(dir.filePath(name));
    }
    qInfo("%d kills, %d inside a save, %d of them while writing the file and %d inside its commit: "
          "the file held A %d times and B %d times, always whole",
          kills, midSave, midWrite, strays, sawA, sawB);
    QVERIFY2(midSave >= kills / 2, "fewer than half the kills landed inside a save");
    QVERIFY2(midWrite >= kills / 4, "fewer than a quarter of the kills landed mid-write");
}

void TestAtomicSave::fullDiskRefusesAndKeepsOldFile()
{
    QTemporaryDir tmp;
    const QString path = saveInto(tmp, mA);
    QVERIFY(!path.isEmpty());
    const QDir dir(tmp.path());
    const QByteArray before = readAll(path);

    // The file may grow to 64 KiB only: the new 3.5 MB file cannot be written.
    const ChildRun r = runChild({QStringLiteral("fsize"), path, QStringLiteral("65536")});
    const QString problem =
        ioRefusalProblem(r, path, {QStringLiteral("too large"), QStringLiteral("space")}); // EFBIG
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    QCOMPARE(readAll(path), before);
    QCOMPARE(whichScenario(path, mA, mB), QStringLiteral("A"));
    QVERIFY2(strayFiles(dir).isEmpty(), qPrintable(strayFiles(dir).join(QLatin1Char(' '))));
}

void TestAtomicSave::readOnlyFolderRefusesAndKeepsOldFile()
{
    QTemporaryDir tmp;
    const QString path = saveInto(tmp, mA);
    QVERIFY(!path.isEmpty());
    const QDir dir(tmp.path());
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
    const QString problem =
        ioRefusalProblem(r, path, {QStringLiteral("ermission"), QStringLiteral("ccess")});
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

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
