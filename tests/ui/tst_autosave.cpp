// Crash recovery (issue 4, "Autosave"): a real softmaxlab process with unsaved changes is killed
// with SIGKILL; its recovery copy must load and equal the edited scenario, the user's file must
// be untouched, and the next start must offer to restore it (driven in-process through
// MainWindow's recovery prompt). Also: copies are removed on save, on undo to the saved state
// and on a clean close, and a live session's copy is never offered to another window.
//
// The whole test process runs with its own XDG_CONFIG_HOME/XDG_DATA_HOME (set in main() before
// QApplication, because QSettings fixes its paths on first use), the app's organization and
// application names, and "autosave/intervalMs" = 100, so that the child process and the
// in-process windows share the recovery folder and nothing waits 30 s.
#include "ScenarioIo.h"
#include "document/Autosave.h"
#include "document/ScenarioDocument.h"
#include "style/Appearance.h"
#include "window/MainWindow.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <csignal>
#include <memory>
#include <sys/types.h>
#include <variant>

using namespace sml;

namespace {

QTemporaryDir *gRoot = nullptr;

QString configHome()
{
    return gRoot->filePath(QStringLiteral("config"));
}

QString dataHome()
{
    return gRoot->filePath(QStringLiteral("data"));
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

/// A scenario file the tests edit: the default scenario with a title.
Scenario lessonScenario()
{
    Scenario s = defaultScenario();
    s.title = QStringLiteral("Autosave lesson");
    s.normalizeSideArrays();
    return s;
}

QStringList recoveryFiles(const QString &pattern)
{
    return QDir(Autosave::recoveryDirectory()).entryList({pattern}, QDir::Files);
}

void removeAllRecoveryFiles()
{
    QDir(Autosave::recoveryDirectory()).removeRecursively();
}

/// Waits until `predicate` holds, processing events; false after `ms`.
template <typename F> bool waitFor(F predicate, int ms)
{
    QElapsedTimer timer;
    timer.start();
    while (!predicate()) {
        if (timer.elapsed() > ms)
            return false;
        QTest::qWait(20);
    }
    return true;
}

} // namespace

class TestAutosave : public QObject
{
    Q_OBJECT

private slots:
    void init() { removeAllRecoveryFiles(); }
    void settingsAreIsolated();
    void recoveryAfterSigkill();
    void laterKeepsTheCopyAndDiscardRemovesIt();
    void unreadableCopyIsRemovedWithoutAsking();
    void copyFollowsTheModifiedState();
    void cleanCloseRemovesTheCopy();
    void copyIsNotAnnouncedToTheAudience();
    void liveSessionIsNotOffered();
};

void TestAutosave::settingsAreIsolated()
{
    QVERIFY(Autosave::recoveryDirectory().startsWith(dataHome()));
    QCOMPARE(Autosave::intervalSetting(), 100);
}

void TestAutosave::recoveryAfterSigkill()
{
    const QString lesson = gRoot->filePath(QStringLiteral("lesson.softmaxlab.json"));
    QVERIFY(!ScenarioIo::saveFile(lessonScenario(), lesson));
    const QByteArray lessonBytes = readAll(lesson);
    Scenario edited = lessonScenario();
    edited.keys(1, 0) = 2.5;

    // 1. A real softmaxlab, offscreen, with one unsaved edit.
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), configHome());
    env.insert(QStringLiteral("XDG_DATA_HOME"), dataHome());
    env.insert(QStringLiteral("SOFTMAXLAB_TEST_EDIT"), QStringLiteral("keys[1].vector[0]=2.5"));
    child.setProcessEnvironment(env);
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start(QStringLiteral(SML_APP_PATH), {lesson});
    QVERIFY2(child.waitForStarted(20000), qPrintable(child.errorString()));

    // 2. Wait for its recovery copy (interval 100 ms), complete with the edit.
    QString copy;
    const bool written = waitFor(
        [&] {
            const QStringList sidecars = recoveryFiles(QStringLiteral("*.recovery.json"));
            if (sidecars.isEmpty())
                return false;
            QString name = sidecars.first();
            name.replace(QStringLiteral(".recovery.json"), QStringLiteral(".softmaxlab.json"));
            copy = QDir(Autosave::recoveryDirectory()).filePath(name);
            LoadResult loaded = ScenarioIo::loadFile(copy);
            const auto *s = std::get_if<Scenario>(&loaded);
            return s && s->keys(1, 0) == 2.5;
        },
        30000);
    QVERIFY2(written, "no recovery copy within 30 s");
    QCOMPARE(child.state(), QProcess::Running);

    // 3. SIGKILL: no destructor, no clean-up.
    QVERIFY(::kill(pid_t(child.processId()), SIGKILL) == 0);
    QVERIFY(child.waitForFinished(20000));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);

    // 4. The copy loads and equals the edited scenario; the user's file is untouched.
    LoadResult loaded = ScenarioIo::loadFile(copy);
    QVERIFY(std::holds_alternative<Scenario>(loaded));
    QVERIFY(std::get<Scenario>(loaded) == edited);
    QCOMPARE(readAll(lesson), lessonBytes);

    // 5. The next start offers it, with the original file named.
    const QList<Autosave::Recovery> orphans = Autosave::findOrphans();
    QCOMPARE(orphans.size(), 1);
    QCOMPARE(QFileInfo(orphans[0].originalPath), QFileInfo(lesson));
    QCOMPARE(orphans[0].name, QStringLiteral("lesson.softmaxlab.json"));

    MainWindow w;
    int asked = 0;
    w.setRecoveryPrompt([&](const Autosave::Recovery &r) {
        ++asked;
        if (r.name != QLatin1String("lesson.softmaxlab.json"))
            qWarning("unexpected name %s", qPrintable(r.name));
        return MainWindow::RecoveryChoice::Restore;
    });
    w.setSavePrompt([](const QString &) {
        QTest::qFail("no save prompt expected", __FILE__, __LINE__);
        return QMessageBox::Cancel;
    });
    QVERIFY(w.offerRecovery());
    QCOMPARE(asked, 1);

    // Restored as a modified, unsaved document bound to the original file ...
    ScenarioDocument *doc = w.document();
    QVERIFY(doc->scenario() == edited);
    QVERIFY(doc->isModified());
    QVERIFY(w.isWindowModified());
    QCOMPARE(QFileInfo(doc->filePath()), QFileInfo(lesson));
    QVERIFY(w.windowTitle().startsWith(QStringLiteral("lesson.softmaxlab.json[*]")));
    // ... which was not written; undo shows what is on disk.
    QCOMPARE(readAll(lesson), lessonBytes);
    QCOMPARE(doc->undoStack()->undoText(), QStringLiteral("Restore unsaved changes"));

    // The old copy is gone; this session keeps its own.
    QVERIFY(!QFile::exists(copy));
    QVERIFY(QFile::exists(w.autosave()->recoveryFilePath()));
    QVERIFY(Autosave::findOrphans().isEmpty());

    // Saving writes the user's file (on request only) and removes the copy.
    w.setFileNamePrompt([](MainWindow::FileDialogKind) { return QString(); });
    QVERIFY(w.save());
    LoadResult saved = ScenarioIo::loadFile(lesson);
    QVERIFY(std::holds_alternative<Scenario>(saved));
    QVERIFY(std::get<Scenario>(saved) == edited);
    QVERIFY(!QFile::exists(w.autosave()->recoveryFilePath()));
    QVERIFY(recoveryFiles(QStringLiteral("*.softmaxlab.json")).isEmpty());
}

/// Writes an orphan by hand: a copy and its sidecar with no lock (its session is gone).
static QString writeOrphan(const Scenario &scenario, const QString &original)
{
    QDir().mkpath(Autosave::recoveryDirectory());
    const QDir dir(Autosave::recoveryDirectory());
    const QString copy = dir.filePath(QStringLiteral("session-1-2-3.softmaxlab.json"));
    if (ScenarioIo::saveFile(scenario, copy))
        return {};
    QFile sidecar(dir.filePath(QStringLiteral("session-1-2-3.recovery.json")));
    sidecar.open(QIODevice::WriteOnly);
    sidecar.write(QStringLiteral(R"({"format": "softmaxlab-recovery", "version": 1,
        "original": "%1", "name": "%2", "saved": "2024-05-01T10:00:00.000Z", "pid": 1})")
                      .arg(original, original.isEmpty() ? QStringLiteral("untitled")
                                                        : QFileInfo(original).fileName())
                      .toUtf8());
    return copy;
}

void TestAutosave::laterKeepsTheCopyAndDiscardRemovesIt()
{
    Scenario s = lessonScenario();
    s.queries(0, 1) = -3;
    const QString copy = writeOrphan(s, QString());
    QVERIFY(!copy.isEmpty());

    MainWindow w;
    MainWindow::RecoveryChoice answer = MainWindow::RecoveryChoice::Later;
    int asked = 0;
    w.setRecoveryPrompt([&](const Autosave::Recovery &r) {
        ++asked;
        if (!r.originalPath.isEmpty())
            qWarning("expected an untitled copy");
        return answer;
    });
    const Scenario before = w.document()->scenario();
    QVERIFY(!w.offerRecovery());
    QCOMPARE(asked, 1);
    QVERIFY(QFile::exists(copy)); // Later: asked again next time
    QVERIFY(w.document()->scenario() == before);

    answer = MainWindow::RecoveryChoice::Discard;
    QVERIFY(!w.offerRecovery());
    QCOMPARE(asked, 2);
    QVERIFY(!QFile::exists(copy));
    QVERIFY(recoveryFiles(QStringLiteral("*")).isEmpty());
    QVERIFY(!w.offerRecovery());
    QCOMPARE(asked, 2); // nothing left to offer

    // Restoring an untitled copy: modified, untitled, Save asks for a name.
    writeOrphan(s, QString());
    answer = MainWindow::RecoveryChoice::Restore;
    QVERIFY(w.offerRecovery());
    QVERIFY(w.document()->scenario() == s);
    QVERIFY(w.document()->isModified());
    QVERIFY(w.document()->filePath().isEmpty());
}

void TestAutosave::unreadableCopyIsRemovedWithoutAsking()
{
    const QString copy = writeOrphan(lessonScenario(), QString());
    QFile f(copy);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write("{ \"format\": \"softmaxlab-scen"); // cut off
    f.close();
    MainWindow w;
    int asked = 0;
    w.setRecoveryPrompt([&](const Autosave::Recovery &) {
        ++asked;
        return MainWindow::RecoveryChoice::Restore;
    });
    QVERIFY(!w.offerRecovery());
    QCOMPARE(asked, 0);
    QVERIFY(recoveryFiles(QStringLiteral("*")).isEmpty());
}

void TestAutosave::copyFollowsTheModifiedState()
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("doc.softmaxlab.json"));
    MainWindow w;
    w.setFileNamePrompt([&](MainWindow::FileDialogKind) { return path; });
    Autosave *autosave = w.autosave();
    QCOMPARE(autosave->interval(), 100);
    const QString copy = autosave->recoveryFilePath();

    // Unmodified: nothing is written.
    QTest::qWait(350);
    QVERIFY(!QFile::exists(copy));

    // Modified: written within a few intervals, and rewritten after the next edit.
    QVERIFY(!w.document()->setCell(CellTable::Query, 0, 0, 4.0));
    QVERIFY(waitFor([&] { return QFile::exists(copy); }, 5000));
    QVERIFY(QFile::exists(autosave->sidecarFilePath()));
    QVERIFY(!w.document()->setCell(CellTable::Query, 0, 1, -2.0));
    QVERIFY(waitFor(
        [&] {
            LoadResult r = ScenarioIo::loadFile(copy);
            const auto *s = std::get_if<Scenario>(&r);
            return s && s->queries(0, 1) == -2.0;
        },
        5000));

    // Undo to the saved state: the copy goes.
    w.document()->undoStack()->undo();
    w.document()->undoStack()->undo();
    QVERIFY(!w.document()->isModified());
    QVERIFY(!QFile::exists(copy));
    QVERIFY(!QFile::exists(autosave->sidecarFilePath()));

    // Save: the copy goes.
    QVERIFY(!w.document()->setMask(MaskKind::Causal));
    QVERIFY(waitFor([&] { return QFile::exists(copy); }, 5000));
    QVERIFY(w.saveAs());
    QVERIFY(!QFile::exists(copy));
    QTest::qWait(300);
    QVERIFY(!QFile::exists(copy));
    QVERIFY(recoveryFiles(QStringLiteral("*")).isEmpty());
}

void TestAutosave::copyIsNotAnnouncedToTheAudience()
{
    // "Recovery copy saved" replaced the step's "Step 3 of 7: …" in front of a class (a fresh
    // reader): it is said only in the window, and only over an empty status bar.
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    Autosave *autosave = w.autosave();
    const QString copy = autosave->recoveryFilePath();
    QSignalSpy written(autosave, &Autosave::written);
    // In the window, over an empty status bar: said.
    w.statusBar()->clearMessage();
    QVERIFY(!w.document()->setCell(CellTable::Query, 0, 0, 4.0));
    QVERIFY(waitFor([&] { return written.count() > 0; }, 5000));
    QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("Recovery copy saved"));
    // Over another message: that message stays.
    w.statusBar()->showMessage(QStringLiteral("Step 3 of 7: Move a key"));
    QVERIFY(!w.document()->setCell(CellTable::Query, 0, 0, 3.0));
    QVERIFY(waitFor([&] { return written.count() > 1; }, 5000));
    QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("Step 3 of 7: Move a key"));
    // Presenting: never said, and the copy is still written.
    Appearance::instance()->setPresentation(true);
    const auto leave = qScopeGuard([] { Appearance::instance()->setPresentation(false); });
    w.statusBar()->clearMessage();
    QVERIFY(!w.document()->setCell(CellTable::Query, 0, 0, 2.0));
    QVERIFY(waitFor([&] { return written.count() > 2; }, 5000));
    QVERIFY(QFile::exists(copy));
    QCOMPARE(w.statusBar()->currentMessage(), QString());
}

void TestAutosave::cleanCloseRemovesTheCopy()
{
    auto w = std::make_unique<MainWindow>();
    w->setSavePrompt([](const QString &) { return QMessageBox::Discard; });
    w->show();
    QVERIFY(!w->document()->setMask(MaskKind::Causal));
    const QString copy = w->autosave()->recoveryFilePath();
    QVERIFY(waitFor([&] { return QFile::exists(copy); }, 5000));
    QVERIFY(w->close()); // Discard
    QVERIFY(!QFile::exists(copy));
    QVERIFY(recoveryFiles(QStringLiteral("*")).isEmpty());

    // Destroying the window (a normal end of the session) also cleans up.
    auto w2 = std::make_unique<MainWindow>();
    QVERIFY(!w2->document()->setMask(MaskKind::Causal));
    const QString copy2 = w2->autosave()->recoveryFilePath();
    QVERIFY(waitFor([&] { return QFile::exists(copy2); }, 5000));
    w2.reset();
    QVERIFY(recoveryFiles(QStringLiteral("*")).isEmpty());
}

void TestAutosave::liveSessionIsNotOffered()
{
    MainWindow first;
    QVERIFY(!first.document()->setCell(CellTable::Key, 0, 0, 9.0));
    QVERIFY(waitFor([&] { return QFile::exists(first.autosave()->recoveryFilePath()); }, 5000));

    // Another window of a running session must not take the first one's copy.
    QVERIFY(Autosave::findOrphans().isEmpty());
    MainWindow second;
    int asked = 0;
    second.setRecoveryPrompt([&](const Autosave::Recovery &) {
        ++asked;
        return MainWindow::RecoveryChoice::Discard;
    });
    QVERIFY(!second.offerRecovery());
    QCOMPARE(asked, 0);
    QVERIFY(QFile::exists(first.autosave()->recoveryFilePath()));
}

int main(int argc, char **argv)
{
    QTemporaryDir root;
    if (!root.isValid())
        return 1;
    gRoot = &root;
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(configHome()));
    qputenv("XDG_DATA_HOME", QFile::encodeName(dataHome()));
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(root.filePath(QStringLiteral("runtime"))));
    QDir().mkpath(root.filePath(QStringLiteral("runtime")));
    QFile::setPermissions(root.filePath(QStringLiteral("runtime")),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    // The settings the child process reads too (the app's organization and name).
    const QString conf = QDir(configHome()).filePath(QStringLiteral("SoftmaxLab/SoftmaxLab.conf"));
    QDir().mkpath(QFileInfo(conf).absolutePath());
    {
        QFile f(conf);
        if (!f.open(QIODevice::WriteOnly))
            return 1;
        f.write("[autosave]\nintervalMs=100\n");
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("SoftmaxLab"));
    QApplication::setApplicationName(QStringLiteral("SoftmaxLab"));
    TestAutosave test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_autosave.moc"
