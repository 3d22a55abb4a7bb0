// Documents in the window (issue 4, "Undo and documents" and "Lesson library"): the
// unsaved-changes prompt before New, Open, Open Recent, an example and a drop, driven
// programmatically; Open Recent (at most 10, newest first, Clear list); a save→load round trip
// through the window; Edit ▸ Undo/Redo with standard shortcuts and step texts; moving tokens;
// and every shipped example loading cleanly, through ScenarioIo and through Help ▸ Examples.
#include "Model.h"
#include "ScenarioIo.h"
#include "document/ScenarioDocument.h"
#include "tables/KeysTableModel.h"
#include "tables/QueriesTableModel.h"
#include "window/MainWindow.h"

#include <QAction>
#include <QDir>
#include <QHash>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <functional>

#include <sys/stat.h>
#include <variant>

using namespace sml;

namespace {

Scenario titled(const QString &title)
{
    Scenario s = defaultScenario();
    s.title = title;
    s.normalizeSideArrays();
    return s;
}

QMenu *topMenu(MainWindow &w, const QString &title)
{
    for (QAction *a : w.menuBar()->actions())
        if (a->menu() && a->text() == title)
            return a->menu();
    return nullptr;
}

/// The shipped lesson files (resources/scenarios/*.softmaxlab.json).
QStringList shippedExamples()
{
    return QDir(QStringLiteral(SML_SOURCE_DIR "/resources/scenarios"))
        .entryList({QStringLiteral("*.softmaxlab.json")}, QDir::Files, QDir::Name);
}

} // namespace

class TestFiles : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().remove(QStringLiteral("recentFiles")); }
    void promptBeforeReplacingTheDocument_data();
    void promptBeforeReplacingTheDocument();
    void openRecentKeepsTenNewestFirst();
    void openRecentDropsMissingFiles();
    void saveLoadRoundTripThroughTheWindow();
    void titleShowsNameAndModifiedMarker();
    void openRefusesWhatIsNotARegularFile_data();
    void openRefusesWhatIsNotARegularFile();
    void undoRedoActions();
    void moveActionsReorderTokens();
    void examplesLoadThroughScenarioIo_data();
    void examplesLoadThroughScenarioIo();
    void examplesMenuOpensEveryLesson();
    void examplesCoverTheLessons();
    void saveAsOffersAFolderThatCanHoldIt();
};

void TestFiles::promptBeforeReplacingTheDocument_data()
{
    QTest::addColumn<QString>("how");
    QTest::addColumn<int>("answer");
    for (const char *how : {"new", "open", "open recent", "example", "drop"})
        for (auto [name, answer] :
             {std::pair{"Save", QMessageBox::Save}, std::pair{"Discard", QMessageBox::Discard},
              std::pair{"Cancel", QMessageBox::Cancel}})
            QTest::newRow(
                qPrintable(QStringLiteral("%1, %2").arg(QLatin1String(how), QLatin1String(name))))
                << QString::fromLatin1(how) << int(answer);
}

void TestFiles::promptBeforeReplacingTheDocument()
{
    QFETCH(QString, how);
    QFETCH(int, answer);
    QTemporaryDir dir;
    const QString other = dir.filePath(QStringLiteral("other.softmaxlab.json"));
    QVERIFY(!ScenarioIo::saveFile(titled(QStringLiteral("other")), other));
    const QString savedAs = dir.filePath(QStringLiteral("mine"));

    MainWindow w;
    w.setErrorReporter([](const QString &, const QString &m) { QFAIL(qPrintable(m)); });
    int asked = 0;
    QString askedAbout;
    w.setSavePrompt([&](const QString &name) {
        ++asked;
        askedAbout = name;
        return QMessageBox::StandardButton(answer);
    });
    w.setFileNamePrompt([&](MainWindow::FileDialogKind kind) {
        return kind == MainWindow::FileDialogKind::Open ? other : savedAs;
    });
    QVERIFY(!w.document()->setMask(MaskKind::Causal));
    const Scenario edited = w.document()->scenario();

    std::function<void()> act;
    if (how == QLatin1String("new"))
        act = [&] { w.newFile(); };
    else if (how == QLatin1String("open"))
        act = [&] { w.open(); };
    else if (how == QLatin1String("open recent"))
        act = [&] { w.openRecentFile(other); };
    else if (how == QLatin1String("example"))
        act = [&] { w.openExample(QStringLiteral(":/scenarios/free-variances.softmaxlab.json")); };
    else
        act = [&] { w.openDroppedFiles({other}); };
    act();
    QCOMPARE(asked, 1);
    QCOMPARE(askedAbout, QStringLiteral("One query, three keys (untitled)"));

    if (answer == QMessageBox::Cancel) {
        QVERIFY(w.document()->scenario() == edited);
        QVERIFY(w.document()->isModified());
        return;
    }
    // Saved or discarded: the new document is open and unmodified.
    QVERIFY(!w.document()->isModified());
    QVERIFY(!(w.document()->scenario() == edited));
    const bool saved = answer == QMessageBox::Save;
    QCOMPARE(QFile::exists(savedAs + QStringLiteral(".softmaxlab.json")), saved);
    if (saved) {
        LoadResult r = ScenarioIo::loadFile(savedAs + QStringLiteral(".softmaxlab.json"));
        QVERIFY(std::holds_alternative<Scenario>(r));
        QVERIFY(std::get<Scenario>(r) == edited);
    }
    // No question when there is nothing to lose.
    act();
    QCOMPARE(asked, 1);
}

void TestFiles::openRecentKeepsTenNewestFirst()
{
    QTemporaryDir dir;
    QStringList paths;
    for (int n = 0; n < 12; ++n) {
        paths << dir.filePath(QStringLiteral("lesson-%1.softmaxlab.json").arg(n));
        QVERIFY(!ScenarioIo::saveFile(titled(QStringLiteral("lesson %1").arg(n)), paths.last()));
    }
    MainWindow w;
    QVERIFY(MainWindow::recentFiles().isEmpty());
    for (const QString &p : paths)
        QVERIFY(w.openFile(p));
    QStringList expected;
    for (int n = 11; n >= 2; --n)
        expected << paths[n];
    QCOMPARE(MainWindow::recentFiles(), expected);
    QCOMPARE(MainWindow::maxRecentFiles, 10);

    // Reopening moves a file to the front without a duplicate.
    QVERIFY(w.openFile(paths[5]));
    QCOMPARE(MainWindow::recentFiles().first(), paths[5]);
    QCOMPARE(MainWindow::recentFiles().size(), 10);
    QCOMPARE(MainWindow::recentFiles().count(paths[5]), 1);

    // The menu lists them, opens them, and clears them.
    QMenu *menu = w.recentFilesMenu();
    QVERIFY(menu);
    emit menu->aboutToShow();
    QList<QAction *> entries;
    for (QAction *a : menu->actions())
        if (!a->data().toString().isEmpty())
            entries << a;
    QCOMPARE(entries.size(), 10);
    QCOMPARE(entries[0]->text(), QStringLiteral("&1 lesson-5.softmaxlab.json"));
    entries[3]->trigger(); // lesson-9
    QCOMPARE(w.document()->scenario().title, QStringLiteral("lesson 9"));
    QCOMPARE(MainWindow::recentFiles().first(), paths[9]);

    // A Save As adds its file too.
    w.setFileNamePrompt([&](MainWindow::FileDialogKind) { return dir.filePath("saved-as"); });
    QVERIFY(w.saveAs());
    QCOMPARE(MainWindow::recentFiles().first(), dir.filePath("saved-as.softmaxlab.json"));

    QAction *clear = menu->findChild<QAction *>(QStringLiteral("clearRecentFilesAction"));
    if (!clear)
        for (QAction *a : menu->actions())
            if (a->objectName() == QLatin1String("clearRecentFilesAction"))
                clear = a;
    QVERIFY(clear);
    clear->trigger();
    QVERIFY(MainWindow::recentFiles().isEmpty());
    emit menu->aboutToShow();
    int enabledEntries = 0;
    for (QAction *a : menu->actions())
        if (a->isEnabled() && !a->isSeparator())
            ++enabledEntries;
    QCOMPARE(enabledEntries, 0); // only the placeholder and a disabled "Clear list"
}

void TestFiles::openRecentDropsMissingFiles()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gone.softmaxlab.json"));
    QVERIFY(!ScenarioIo::saveFile(titled(QStringLiteral("gone")), path));
    MainWindow w;
    QVERIFY(w.openFile(path));
    QVERIFY(!w.document()->setMask(MaskKind::Causal));
    const Scenario edited = w.document()->scenario();
    QVERIFY(QFile::remove(path));
    int errors = 0;
    w.setErrorReporter([&](const QString &, const QString &) { ++errors; });
    w.setSavePrompt([](const QString &) { return QMessageBox::Discard; });
    w.openRecentFile(path);
    QCOMPARE(errors, 1);
    QVERIFY(w.document()->scenario() == edited); // a failed open changes nothing
    QVERIFY(!MainWindow::recentFiles().contains(path));
}

void TestFiles::saveLoadRoundTripThroughTheWindow()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("round trip.softmaxlab.json"));
    MainWindow w;
    w.setErrorReporter([](const QString &, const QString &m) { QFAIL(qPrintable(m)); });
    w.openExample(QStringLiteral(":/scenarios/causal-sentence.softmaxlab.json"));
    QVERIFY(!w.document()->setCell(CellTable::Key, 2, 1, -0.5));
    QVERIFY(!w.document()->setVarianceMode(VarianceMode::Free));
    QVERIFY(!w.document()->setCell(CellTable::Variance, 3, 1, 0.125));
    QVERIFY(!w.document()->setMaxEntTarget(4, std::nullopt));
    QVERIFY(!w.document()->moveKey(0, 5));
    const Scenario edited = w.document()->scenario();
    w.setFileNamePrompt([&](MainWindow::FileDialogKind) { return path; });
    QVERIFY(w.save()); // untitled example: Save asks for a name
    QVERIFY(!w.isWindowModified());

    MainWindow other;
    QString error;
    QVERIFY(other.openFile(path, &error));
    QVERIFY(other.document()->scenario() == edited);
    QCOMPARE(ScenarioIo::serialize(other.document()->scenario()), ScenarioIo::serialize(edited));
    QVERIFY(!other.isWindowModified());
    QCOMPARE(other.document()->undoStack()->count(), 0);
}

void TestFiles::openRefusesWhatIsNotARegularFile_data()
{
    QTest::addColumn<QString>("special");
    QTest::newRow("a named pipe (FIFO) with no writer") << "fifo";
    QTest::newRow("/dev/zero") << "/dev/zero";
    QTest::newRow("a directory") << "directory";
}

// File ▸ Open, drag and drop and a FILE argument all go through openFile(): a FIFO used to block
// it in open() forever, so the window never painted (issue 15 #1). Now it returns at once with
// the reason, and the open scenario is untouched.
void TestFiles::openRefusesWhatIsNotARegularFile()
{
    QFETCH(QString, special);
    QTemporaryDir dir;
    QString path = special;
    if (special == QLatin1String("fifo")) {
        path = dir.filePath(QStringLiteral("pipe.softmaxlab.json"));
        QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
    } else if (special == QLatin1String("directory")) {
        path = dir.filePath(QStringLiteral("folder.softmaxlab.json"));
        QVERIFY(QDir().mkpath(path));
    }
    MainWindow w;
    QStringList reported;
    w.setErrorReporter([&](const QString &, const QString &text) { reported << text; });
    QVERIFY(!w.document()->setSigma0Squared(3.0));
    const Scenario before = w.document()->scenario();
    QString error;
    QVERIFY(!w.openFile(path, &error));
    const QString kind = special == QLatin1String("fifo") ? QStringLiteral("a named pipe (FIFO)")
                         : special == QLatin1String("directory")
                             ? QStringLiteral("a directory")
                             : QStringLiteral("a character device");
    QVERIFY2(error.contains(kind), qPrintable(error));
    QVERIFY2(error.contains(QDir::toNativeSeparators(path)), qPrintable(error));
    QVERIFY(w.document()->scenario() == before);
    QVERIFY(w.isWindowModified());
}

void TestFiles::titleShowsNameAndModifiedMarker()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("named.softmaxlab.json"));
    QVERIFY(!ScenarioIo::saveFile(titled(QStringLiteral("named")), path));
    MainWindow w;
    QCOMPARE(w.windowTitle(), QStringLiteral("untitled[*] — SoftmaxLab"));
    QVERIFY(w.openFile(path));
    QCOMPARE(w.windowTitle(), QStringLiteral("named.softmaxlab.json[*] — SoftmaxLab"));
    QVERIFY(!w.isWindowModified());
    QVERIFY(!w.document()->setSigma0Squared(3.0));
    QVERIFY(w.isWindowModified());
    w.document()->undoStack()->undo();
    QVERIFY(!w.isWindowModified());
}

void TestFiles::undoRedoActions()
{
    MainWindow w;
    QMenu *edit = topMenu(w, QStringLiteral("&Edit"));
    QVERIFY(edit);
    QAction *undo = nullptr;
    QAction *redo = nullptr;
    for (QAction *a : edit->actions()) {
        if (a->shortcuts() == QKeySequence::keyBindings(QKeySequence::Undo))
            undo = a;
        if (a->shortcuts() == QKeySequence::keyBindings(QKeySequence::Redo))
            redo = a;
    }
    QVERIFY(undo);
    QVERIFY(redo);
    QCOMPARE(undo->shortcuts(), QKeySequence::keyBindings(QKeySequence::Undo));
    QCOMPARE(redo->shortcuts(), QKeySequence::keyBindings(QKeySequence::Redo));
    QVERIFY(!undo->isEnabled());

    QVERIFY(!w.document()->setMask(MaskKind::Causal));
    QVERIFY(undo->isEnabled());
    QCOMPARE(undo->text(), QStringLiteral("&Undo Set mask to causal"));
    QVERIFY(!w.document()->setCell(CellTable::Key, 1, 0, 2.0));
    QCOMPARE(undo->text(), QStringLiteral("&Undo Edit k[1] of “k2”"));
    undo->trigger();
    QCOMPARE(redo->text(), QStringLiteral("&Redo Edit k[1] of “k2”"));
    QCOMPARE(undo->text(), QStringLiteral("&Undo Set mask to causal"));
    redo->trigger();
    QCOMPARE(w.document()->scenario().keys(1, 0), 2.0);
}

void TestFiles::moveActionsReorderTokens()
{
    MainWindow w;
    Scenario s = defaultScenario();
    s.queryLabels = {QStringLiteral("first"), QStringLiteral("second")};
    s.queries.resize(2, 2);
    s.queries << 1, 0, 0, 1;
    s.normalizeSideArrays();
    QVERIFY(!w.document()->resetTo(s));
    auto action = [&](const char *name) {
        return w.findChild<QAction *>(QString::fromLatin1(name));
    };
    QVERIFY(action("moveQueryUpAction") && action("moveQueryDownAction"));
    QVERIFY(action("moveKeyUpAction") && action("moveKeyDownAction"));

    w.document()->setSelectedQuery(1);
    action("moveQueryUpAction")->trigger();
    QCOMPARE(w.document()->scenario().queryLabels,
             (QStringList{QStringLiteral("second"), QStringLiteral("first")}));
    QCOMPARE(w.document()->selectedQuery(), 0); // the selection follows the query
    QCOMPARE(w.document()->undoStack()->undoText(), QStringLiteral("Move query second up"));
    action("moveQueryUpAction")->trigger(); // already first: nothing
    QCOMPARE(w.document()->undoStack()->count(), 1);

    w.keysTable()->setCurrentIndex(w.keysModel()->index(1, 0));
    action("moveKeyDownAction")->trigger();
    QCOMPARE(w.document()->scenario().keyLabels,
             (QStringList{QStringLiteral("k1"), QStringLiteral("k3"), QStringLiteral("k2")}));
    QCOMPARE(w.keysTable()->currentIndex().row(), 2);
    QCOMPARE(w.document()->undoStack()->undoText(), QStringLiteral("Move key k2 down"));
    w.document()->undoStack()->undo();
    w.document()->undoStack()->undo();
    QCOMPARE(w.document()->scenario().queryLabels,
             (QStringList{QStringLiteral("first"), QStringLiteral("second")}));
    QCOMPARE(w.document()->scenario().keyLabels,
             (QStringList{QStringLiteral("k1"), QStringLiteral("k2"), QStringLiteral("k3")}));
    QVERIFY(!w.document()->isModified());
}

void TestFiles::examplesLoadThroughScenarioIo_data()
{
    QTest::addColumn<QString>("file");
    for (const QString &file : shippedExamples())
        QTest::newRow(qPrintable(file)) << file;
}

void TestFiles::examplesLoadThroughScenarioIo()
{
    QFETCH(QString, file);
    // From the source tree and from the embedded resource, identically.
    LoadResult onDisk =
        ScenarioIo::loadFile(QStringLiteral(SML_SOURCE_DIR "/resources/scenarios/") + file);
    LoadResult embedded = ScenarioIo::loadFile(QStringLiteral(":/scenarios/") + file);
    if (const auto *error = std::get_if<LoadError>(&onDisk))
        QFAIL(qPrintable(error->message));
    QVERIFY2(std::holds_alternative<Scenario>(embedded), "not embedded as a resource");
    const Scenario &s = std::get<Scenario>(onDisk);
    QVERIFY(s == std::get<Scenario>(embedded));
    QVERIFY(!validateScenario(s));
    QVERIFY(!s.title.isEmpty());
    QVERIFY2(s.description && s.description->size() > 200, "lesson notes missing");
    // It survives a save→load round trip unchanged.
    LoadResult again = ScenarioIo::parse(ScenarioIo::serialize(s));
    QVERIFY(std::holds_alternative<Scenario>(again));
    QVERIFY(std::get<Scenario>(again) == s);
}

void TestFiles::examplesMenuOpensEveryLesson()
{
    MainWindow w;
    w.setErrorReporter([](const QString &, const QString &m) { QFAIL(qPrintable(m)); });
    QMenu *examples = w.examplesMenu();
    QVERIFY(examples);
    emit examples->aboutToShow();
    const QList<QAction *> actions = examples->actions();
    QCOMPARE(actions.size(), shippedExamples().size());
    // The menu shows each lesson's title. A model lesson opens as its head 1, a plain scenario
    // titled "TITLE — HEAD LABEL" (headScenario), until the window shows models.
    QHash<QString, QString> documentTitle;
    for (const QString &file : shippedExamples()) {
        const Scenario s = std::get<Scenario>(
            ScenarioIo::loadFile(QStringLiteral(SML_SOURCE_DIR "/resources/scenarios/") + file));
        documentTitle.insert(s.title, s.model ? headScenario(s, 0).title : s.title);
        // The title stands over every step: it names no τ that a step sets otherwise (a
        // reader's find: "…, τ = 1" above step 3's τ = √d_k = 16).
        if (s.lesson && s.title.contains(QStringLiteral("τ =")))
            for (const LessonStep &step : s.lesson->steps)
                QVERIFY2(!step.set || !step.set->contains(QStringLiteral("temperature")),
                         qPrintable(file + QStringLiteral(": ") + s.title));
    }
    QCOMPARE(documentTitle.size(), shippedExamples().size()); // titles are unique
    QStringList titles;
    for (QAction *a : actions) {
        a->trigger();
        const Scenario &s = w.document()->scenario();
        QVERIFY2(documentTitle.contains(a->text()), qPrintable(a->text()));
        QCOMPARE(s.title, documentTitle.value(a->text()));
        QVERIFY(!w.document()->isModified());
        QVERIFY(w.document()->filePath().isEmpty()); // Save asks for a name
        // A model lesson stays a model (the views show its head 1); the file keeps its title.
        QVERIFY(w.windowTitle().contains(QStringLiteral("(example)")));
        QCOMPARE(w.document()->fileScenario().title, a->text());
        QCOMPARE(w.document()->isModel(), s.title != a->text());
        titles << a->text();
    }
    // In lesson order: the 2-D figure first, √d_k from small to large d_k.
    QCOMPARE(titles.first(), QStringLiteral("One query, three keys"));
    const qsizetype dk2 = titles.indexOf(QStringLiteral("Why √d_k: random vectors at d_k = 2"));
    const qsizetype dk256 = titles.indexOf(QStringLiteral("Why √d_k: random vectors at d_k = 256"));
    QVERIFY(dk2 >= 0 && dk256 > dk2);
    // From tokens to heads: by hand (MATH.md §8 D), then the trained layers 1 and 2, last.
    const qsizetype byHand =
        titles.indexOf(QStringLiteral("From tokens to heads: two heads by hand"));
    const qsizetype layer1 = titles.indexOf(QStringLiteral("Trained transformer, layer 1"));
    const qsizetype layer2 = titles.indexOf(QStringLiteral("Trained transformer, layer 2"));
    QVERIFY(byHand > dk256 && layer1 == byHand + 1 && layer2 == layer1 + 1);
    QCOMPARE(layer2, titles.size() - 1);
}

void TestFiles::examplesCoverTheLessons()
{
    // The list: the 2-D figure; sharp vs flat and √d_k at d_k = 2, 16, 64, 256;
    // temperature extremes; free variances (MLE ≠ softmax); a causal sentence; iris; digits.
    struct Lesson
    {
        const char *file;
        std::function<bool(const Scenario &)> check;
    };
    const QList<Lesson> lessons = {
        {"default", [](const Scenario &s) { return s.dK() == 2 && s.T() == 3; }},
        {"sharp-vs-flat-dk2", [](const Scenario &s) { return s.dK() == 2; }},
        {"sharp-vs-flat-dk16", [](const Scenario &s) { return s.dK() == 16; }},
        {"sharp-vs-flat-dk64", [](const Scenario &s) { return s.dK() == 64; }},
        {"sharp-vs-flat-dk256", [](const Scenario &s) { return s.dK() == 256; }},
        {"temperature-extremes",
         [](const Scenario &s) {
             return s.temperatureMode == TemperatureMode::Fixed && s.tau() < 0.1;
         }},
        {"free-variances", [](const Scenario &s) { return s.varianceMode == VarianceMode::Free; }},
        {"causal-sentence", [](const Scenario &s) { return s.mask == MaskKind::Causal; }},
        {"iris-kernel-smoother", [](const Scenario &s) { return s.dV() == 3; }},
        {"digits-kernel-smoother", [](const Scenario &s) { return s.dK() == 64 && s.dV() == 10; }},
    };
    for (const Lesson &lesson : lessons) {
        const QString path =
            QStringLiteral(":/scenarios/%1.softmaxlab.json").arg(QLatin1String(lesson.file));
        LoadResult r = ScenarioIo::loadFile(path);
        QVERIFY2(std::holds_alternative<Scenario>(r), qPrintable(path));
        QVERIFY2(lesson.check(std::get<Scenario>(r)), qPrintable(path));
    }
}

QTEST_MAIN(TestFiles)
// A built-in example opens from ":/scenarios" (inside the program): Save As offered
// ":/scenarios/iris-….softmaxlab.json", which no file can be. It offers the home folder, with
// the example's title as the name; a file the teacher saved is offered as itself.
void TestFiles::saveAsOffersAFolderThatCanHoldIt()
{
    MainWindow w;
    QString error;
    QVERIFY2(w.openFile(QStringLiteral(":/scenarios/iris-kernel-smoother.softmaxlab.json"), &error),
             qPrintable(error));
    QCOMPARE(w.fileDialogFolder(), QDir::homePath());
    const QString offered = w.suggestedSavePath();
    QVERIFY2(!offered.startsWith(QLatin1Char(':')), qPrintable(offered));
    QCOMPARE(QFileInfo(offered).absolutePath(), QDir::homePath());
    QVERIFY2(offered.endsWith(QStringLiteral(".softmaxlab.json")), qPrintable(offered));
    QVERIFY2(QFileInfo(offered).fileName().startsWith(QStringLiteral("Iris")) ||
                 QFileInfo(offered).fileName().startsWith(QStringLiteral("iris")),
             qPrintable(offered));
    // The Save As that follows writes where it was offered (here a temporary folder instead).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    w.setFileNamePrompt([&](MainWindow::FileDialogKind) { return dir.filePath("mine"); });
    QVERIFY(w.saveAs());
    QCOMPARE(w.suggestedSavePath(), dir.filePath("mine.softmaxlab.json"));
    QCOMPARE(w.fileDialogFolder(), QFileInfo(dir.filePath("mine.softmaxlab.json")).absolutePath());
}

#include "tst_files.moc"
