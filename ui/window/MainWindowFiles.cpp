// MainWindow, continued: the File menu and what a teacher does with files (issue 4). New, Open,
// Open Recent (RecentFiles), Save, Save As, the lesson examples, the matrix import, "Export all
// views…", drag and drop, and crash recovery with the autosave behind it.
#include "window/MainWindow.h"

#include "window/LessonPresenter.h"

#include "ScenarioIo.h"
#include "document/ScenarioDocument.h"
#include "export/ExportImageDialog.h"
#include "style/Appearance.h"
#include "window/ImportDialog.h"
#include "window/ViewExport.h"

#include <QAction>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QUrl>

#include <algorithm>
#include <variant>

namespace sml {

namespace {

enum class DropKind
{
    None,
    Scenario,
    Matrix
};

DropKind dropKind(const QString &path)
{
    const QString name = QFileInfo(path).fileName().toLower();
    if (name.endsWith(QLatin1String(".json")))
        return DropKind::Scenario;
    if (name.endsWith(QLatin1String(".csv")) || name.endsWith(QLatin1String(".npy")))
        return DropKind::Matrix;
    return DropKind::None;
}

QStringList localFiles(const QMimeData *mime)
{
    QStringList paths;
    if (!mime || !mime->hasUrls())
        return paths;
    for (const QUrl &url : mime->urls())
        if (url.isLocalFile() && dropKind(url.toLocalFile()) != DropKind::None)
            paths << url.toLocalFile();
    return paths;
}

} // namespace

QString MainWindow::fileDialogFolder() const
{
    const QString path = mDocument->filePath();
    // (A built-in example's ":/scenarios/…" is a Qt resource: a Save As there offered
    // ":/scenarios/iris-….softmaxlab.json", a name no file can have.)
    if (path.isEmpty() || path.startsWith(QLatin1Char(':')))
        return QDir::homePath();
    return QFileInfo(path).absolutePath();
}

QString MainWindow::suggestedSavePath() const
{
    // An untitled scenario or an example is offered a name from its title (a reader saving the
    // tour's example met an empty name field).
    if (mDocument->filePath().isEmpty() || mDocument->isExample() ||
        mDocument->filePath().startsWith(QLatin1Char(':')))
        return QDir(fileDialogFolder())
            .filePath(mDocument->titleStem(tr("untitled")) + QStringLiteral(".softmaxlab.json"));
    return mDocument->filePath();
}

void MainWindow::installDefaultPrompts()
{
    mSavePrompt = [this](const QString &name) {
        QString text = tr("The scenario “%1” has unsaved changes.").arg(name);
        if (!mSavePromptNext.isEmpty())
            text += QLatin1Char('\n') + mSavePromptNext;
        return warningBox(
            this, tr("Unsaved changes"), text + QLatin1Char('\n') + tr("Do you want to save them?"),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    };
    mFileNamePrompt = [this](FileDialogKind kind) {
        const QString filter =
            tr("SoftmaxLab scenarios (*.softmaxlab.json);;JSON files (*.json);;All files (*)");
        if (kind == FileDialogKind::Open)
            return QFileDialog::getOpenFileName(this, tr("Open scenario"), fileDialogFolder(),
                                                filter);
        return QFileDialog::getSaveFileName(this, tr("Save scenario as"), suggestedSavePath(),
                                            filter);
    };
    mErrorReporter = [this](const QString &title, const QString &message) {
        warningBox(this, title, message);
    };
    mDialogRunner = [](QDialog &dialog) { return dialog.exec() == QDialog::Accepted; };
    mRecoveryPrompt = [this](const Autosave::Recovery &r) {
        QMessageBox box(
            QMessageBox::Question, tr("Recover unsaved changes?"),
            tr("SoftmaxLab did not close normally. It kept a copy of the unsaved "
               "changes to “%1” from %2.")
                .arg(r.name, QLocale().toString(r.saved.toLocalTime(), QLocale::ShortFormat)),
            QMessageBox::NoButton, this);
        box.setInformativeText(
            r.originalPath.isEmpty()
                ? tr("Restore opens the copy as an untitled scenario.")
                : tr("Restore opens the copy with unsaved changes; %1 itself is not changed "
                     "until you save.")
                      .arg(QDir::toNativeSeparators(r.originalPath)));
        QPushButton *restore = box.addButton(tr("&Restore"), QMessageBox::AcceptRole);
        QPushButton *discard = box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
        box.addButton(tr("&Later"), QMessageBox::RejectRole);
        box.setDefaultButton(restore);
        box.exec();
        if (box.clickedButton() == restore)
            return RecoveryChoice::Restore;
        if (box.clickedButton() == discard)
            return RecoveryChoice::Discard;
        return RecoveryChoice::Later;
    };
}

void MainWindow::createFileMenu()
{
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    QMenu *newMenu = fileMenu->addMenu(tr("&New"));
    newMenu->setObjectName(QStringLiteral("newMenu"));
    QAction *newAction = newMenu->addAction(tr("&Empty scenario"), this, &MainWindow::newFile);
    newAction->setObjectName(QStringLiteral("newEmptyAction"));
    newAction->setShortcut(QKeySequence::New);
    newAction->setToolTip(tr("One query, two keys, no title or notes"));
    QAction *figureAction = newMenu->addAction(tr("&Built-in figure (one query, three keys)"), this,
                                               &MainWindow::newFigure);
    figureAction->setObjectName(QStringLiteral("newFigureAction"));
    QAction *openAction = fileMenu->addAction(tr("&Open…"), this, &MainWindow::open);
    openAction->setShortcut(QKeySequence::Open);
    mRecentFiles = new RecentFiles(fileMenu, this);
    connect(mRecentFiles, &RecentFiles::openRequested, this, &MainWindow::openRecentFile);
    fileMenu->addMenu(mRecentFiles->menu());
    QAction *saveAction = fileMenu->addAction(tr("&Save"), this, &MainWindow::save);
    saveAction->setShortcut(QKeySequence::Save);
    QAction *saveAsAction = fileMenu->addAction(tr("Save &As…"), this, &MainWindow::saveAs);
    // Ctrl+Shift+S everywhere: the platform's SaveAs binding is empty on a plain X11 session
    // (no desktop environment), as on a lecture-hall PC (issue 14 #11).
    QList<QKeySequence> saveAsKeys = {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)};
    for (const QKeySequence &k : QKeySequence::keyBindings(QKeySequence::SaveAs))
        if (!saveAsKeys.contains(k))
            saveAsKeys << k;
    saveAsAction->setShortcuts(saveAsKeys);
    saveAsAction->setObjectName(QStringLiteral("saveAsAction"));
    fileMenu->addSeparator();

    auto *importAction = new QAction(tr("&Import matrices…"), this);
    importAction->setObjectName(QStringLiteral("importMatricesAction"));
    importAction->setShortcut(QKeySequence(tr("Ctrl+I")));
    importAction->setToolTip(tr("Build a scenario from Q, K (and V) matrices in CSV or .npy"));
    connect(importAction, &QAction::triggered, this, [this] { importMatrices(); });
    fileMenu->addAction(importAction);
    auto *exportAllAction = new QAction(tr("&Export all views…"), this);
    exportAllAction->setObjectName(QStringLiteral("exportAllViewsAction"));
    exportAllAction->setShortcut(QKeySequence(tr("Ctrl+E")));
    connect(exportAllAction, &QAction::triggered, this, &MainWindow::exportAllViewsInteractive);
    fileMenu->addAction(exportAllAction);
    fileMenu->addAction(mLesson->exportPdfAction()); // window/LessonPresenter
    fileMenu->addSeparator();

    QAction *quitAction = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quitAction->setShortcut(QKeySequence::Quit);
    quitAction->setMenuRole(QAction::QuitRole);
}

void MainWindow::setUpAutosaveAndDrops()
{
    mAutosave = new Autosave(mDocument, this);
    // Said only in the window, and only when the status bar has nothing else to say: in front
    // of a class it is noise, and it replaced the step's "Step 3 of 7: …" (a fresh reader).
    connect(mAutosave, &Autosave::written, this, [this] {
        if (!Appearance::instance()->presentation() && statusBar()->currentMessage().isEmpty())
            statusBar()->showMessage(tr("Recovery copy saved"), 2000);
    });
    connect(mAutosave, &Autosave::failed, this, [this](const QString &message) {
        showStatus(tr("No recovery copy: %1").arg(message));
    });
    setAcceptDrops(true);
}

// --- new, open, save -------------------------------------------------------------------------

bool MainWindow::openFile(const QString &path, QString *error)
{
    if (auto e = mDocument->load(path)) {
        if (error)
            *error = *e;
        return false;
    }
    // The file name: the whole path would run into the shape label; it is in the tooltip.
    const QString shownPath = QDir::toNativeSeparators(mDocument->filePath());
    showStatusWithTip(tr("Opened %1").arg(QFileInfo(shownPath).fileName()), shownPath);
    mRecentFiles->add(mDocument->filePath());
    return true;
}

void MainWindow::reportOpenError(const QString &path, const QString &error)
{
    mErrorReporter(tr("Cannot open scenario"),
                   tr("%1\n\n%2").arg(QDir::toNativeSeparators(path), error));
}

bool MainWindow::maybeSave(const QString &next)
{
    if (!mDocument->isModified())
        return true;
    mSavePromptNext = next;
    // An untitled scenario is named by its title, which the window shows ("untitled" alone
    // puzzled a fresh reader who saw "One query, three keys" above the views).
    const QString title = mDocument->baseScenario().title.trimmed();
    const auto answer =
        mSavePrompt(!mDocument->hasName() && !title.isEmpty() ? tr("%1 (untitled)").arg(title)
                                                              : mDocument->displayName());
    mSavePromptNext.clear();
    switch (answer) {
    case QMessageBox::Save:
        return save();
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

void MainWindow::newFile()
{
    if (!maybeSave())
        return;
    mDocument->newEmptyScenario();
    showStatus(tr("New empty scenario: edit the tables, the title and the notes"));
}

void MainWindow::newFigure()
{
    if (!maybeSave())
        return;
    mDocument->newScenario();
    showStatus(tr("New scenario from the built-in figure"));
}

void MainWindow::open()
{
    if (!maybeSave())
        return;
    const QString path = mFileNamePrompt(FileDialogKind::Open);
    if (path.isEmpty())
        return;
    QString error;
    if (!openFile(path, &error))
        reportOpenError(path, error);
}

void MainWindow::openRecentFile(const QString &path)
{
    if (!maybeSave())
        return;
    QString error;
    if (!openFile(path, &error)) {
        if (!QFileInfo::exists(path)) // gone: drop it from the list
            mRecentFiles->remove(path);
        reportOpenError(path, error);
    }
}

bool MainWindow::save()
{
    if (mDocument->filePath().isEmpty())
        return saveAs();
    if (auto error = mDocument->save()) {
        mErrorReporter(tr("Cannot save scenario"), *error);
        return false;
    }
    showStatus(tr("Saved %1").arg(QDir::toNativeSeparators(mDocument->filePath())));
    return true;
}

bool MainWindow::saveAs()
{
    const QString path = mFileNamePrompt(FileDialogKind::SaveAs);
    if (path.isEmpty())
        return false;
    if (auto error = mDocument->saveAs(path)) {
        mErrorReporter(tr("Cannot save scenario"), *error);
        return false;
    }
    showStatus(tr("Saved %1").arg(QDir::toNativeSeparators(mDocument->filePath())));
    mRecentFiles->add(mDocument->filePath());
    return true;
}

// --- the lesson examples (Help ▸ Examples) ---------------------------------------------------

void MainWindow::openExample(const QString &resourcePath, const QString &next)
{
    if (!maybeSave(next))
        return;
    if (auto error = mDocument->loadExample(resourcePath))
        mErrorReporter(tr("Cannot open example"), *error);
    else
        showStatus(tr("Opened example %1").arg(QFileInfo(resourcePath).fileName()));
}

void MainWindow::fillExamplesMenu(QMenu *menu)
{
    menu->clear();
    const QDir dir(QStringLiteral(":/scenarios"));
    QStringList files =
        dir.entryList({QStringLiteral("*.softmaxlab.json")}, QDir::Files, QDir::Name);
    // In lesson order (the 2-D figure first, then √d_k, τ, MLE ≠ softmax, masks, data sets,
    // sparse attention, then from tokens to heads: by hand, then trained); files not in the
    // list follow by name.
    static const QStringList lessonOrder = {QStringLiteral("default"),
                                            QStringLiteral("sharp-vs-flat-dk2"),
                                            QStringLiteral("sharp-vs-flat-dk16"),
                                            QStringLiteral("sharp-vs-flat-dk64"),
                                            QStringLiteral("sharp-vs-flat-dk256"),
                                            QStringLiteral("temperature-extremes"),
                                            QStringLiteral("temperature-extremes-hot"),
                                            QStringLiteral("free-variances"),
                                            QStringLiteral("causal-sentence"),
                                            QStringLiteral("iris-kernel-smoother"),
                                            QStringLiteral("digits-kernel-smoother"),
                                            QStringLiteral("sparse-attention"),
                                            QStringLiteral("sparse-attention-digits"),
                                            QStringLiteral("two-heads"),
                                            QStringLiteral("tiny-transformer-layer1"),
                                            QStringLiteral("tiny-transformer-layer2")};
    auto rank = [](const QString &file) {
        const qsizetype i = lessonOrder.indexOf(file.section(QLatin1Char('.'), 0, 0));
        return i < 0 ? lessonOrder.size() : i;
    };
    std::stable_sort(files.begin(), files.end(),
                     [&](const QString &a, const QString &b) { return rank(a) < rank(b); });
    for (const QString &file : files) {
        const QString path = dir.filePath(file);
        QString text = file;
        LoadResult loaded = ScenarioIo::loadFile(path);
        if (const auto *scenario = std::get_if<Scenario>(&loaded);
            scenario && !scenario->title.isEmpty())
            text = scenario->title;
        menu->addAction(text, this, [this, path] { openExample(path); });
    }
    if (files.isEmpty())
        menu->addAction(tr("(no examples built in)"))->setEnabled(false);
}

// --- crash recovery --------------------------------------------------------------------------

bool MainWindow::offerRecovery()
{
    const QList<Autosave::Recovery> orphans = Autosave::findOrphans();
    for (const Autosave::Recovery &recovery : orphans) {
        LoadResult loaded = Autosave::load(recovery);
        if (const auto *error = std::get_if<LoadError>(&loaded)) {
            // A copy that does not load (cut off by the crash) cannot be restored.
            showStatus(tr("A recovery copy of “%1” could not be read (%2); it was removed.")
                           .arg(recovery.name, error->message));
            Autosave::remove(recovery);
            continue;
        }
        switch (mRecoveryPrompt(recovery)) {
        case RecoveryChoice::Restore: {
            if (!maybeSave())
                return false;
            if (auto error = mDocument->restoreRecovered(std::get<Scenario>(loaded),
                                                         recovery.originalPath)) {
                mErrorReporter(tr("Cannot restore"), *error);
                return false;
            }
            // Keep the changes safe under this session before the old copy goes.
            mAutosave->writeNow();
            Autosave::remove(recovery);
            showStatus(
                tr("Restored the unsaved changes to “%1”. Save to keep them.").arg(recovery.name));
            return true;
        }
        case RecoveryChoice::Discard:
            Autosave::remove(recovery);
            break;
        case RecoveryChoice::Later:
            break;
        }
    }
    return false;
}

// --- drag and drop ---------------------------------------------------------------------------

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!localFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
    else
        QMainWindow::dragEnterEvent(event);
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QStringList paths = localFiles(event->mimeData());
    if (paths.isEmpty()) {
        QMainWindow::dropEvent(event);
        return;
    }
    event->acceptProposedAction();
    openDroppedFiles(paths);
}

bool MainWindow::openDroppedFiles(const QStringList &paths)
{
    QStringList matrices;
    for (const QString &path : paths) {
        switch (dropKind(path)) {
        case DropKind::Scenario: {
            // A scenario wins over matrices dropped with it; only the first one opens.
            if (!maybeSave())
                return false;
            QString error;
            if (!openFile(path, &error)) {
                reportOpenError(path, error);
                return false;
            }
            return true;
        }
        case DropKind::Matrix:
            matrices << path;
            break;
        case DropKind::None:
            break;
        }
    }
    if (matrices.isEmpty())
        return false;
    importMatrices(matrices);
    return true;
}

// --- import and export -----------------------------------------------------------------------

bool MainWindow::importMatrices(const QStringList &files)
{
    ImportDialog dialog(this);
    dialog.setFiles(files);
    if (!mDialogRunner(dialog) || !dialog.scenario())
        return false;
    if (auto error = mDocument->importScenario(*dialog.scenario(), dialog.undoText())) {
        mErrorReporter(tr("Cannot import"), *error);
        return false;
    }
    mDocument->setSelectedQuery(0);
    showStatus(tr("%1. Edit ▸ Undo brings back the previous scenario.").arg(dialog.undoText()));
    return true;
}

void MainWindow::exportAllViewsInteractive()
{
    ExportImageDialog dialog(ExportImageDialog::Mode::Folder, this);
    QString dir = QSettings().value(QStringLiteral("export/lastDir")).toString();
    if (dir.isEmpty())
        dir = QDir::homePath();
    const QString stem =
        mDocument->filePath().isEmpty()
            ? QStringLiteral("softmaxlab-views")
            : QFileInfo(mDocument->filePath()).fileName().section(QLatin1Char('.'), 0, 0) +
                  QStringLiteral("-views");
    dialog.setPath(QDir(dir).filePath(stem));
    if (!mDialogRunner(dialog))
        return;
    QStringList written;
    const QString folder = dialog.path();
    if (auto error =
            exportAllViews(mDocument->fileScenario(), folder, dialog.options(),
                           mDocument->selectedQuery(), &written, mDocument->selectedHead())) {
        mErrorReporter(tr("Cannot export the views"), *error);
        return;
    }
    dialog.saveSettings();
    QSettings().setValue(QStringLiteral("export/lastDir"), QFileInfo(folder).absolutePath());
    showStatus(tr("Wrote %n view(s) into %1", nullptr, int(written.size()))
                   .arg(QDir::toNativeSeparators(folder)));
}

} // namespace sml
