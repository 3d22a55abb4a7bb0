// MainWindow, continued: what a teacher does with files (issue 4). Open Recent (RecentFiles), crash
// recovery (Autosave), drag and drop, the matrix import and "Export all views…". Kept apart from
// MainWindow.cpp, which lays out the window and its views.
#include "window/MainWindow.h"

#include "document/ScenarioDocument.h"
#include "export/ExportImageDialog.h"
#include "plots/PlotView.h"
#include "window/ImportDialog.h"
#include "window/ViewExport.h"

#include <QAction>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
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

void MainWindow::setUpFileFeatures(QMenu *fileMenu, QAction *openAction, QAction *quitAction)
{
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

    // File ▸ Open Recent, right after Open.
    const QList<QAction *> fileActions = fileMenu->actions();
    const qsizetype openIndex = fileActions.indexOf(openAction);
    QAction *afterOpen = fileActions.value(openIndex + 1, nullptr);
    mRecentFiles = new RecentFiles(fileMenu, this);
    connect(mRecentFiles, &RecentFiles::openRequested, this, &MainWindow::openRecentFile);
    fileMenu->insertMenu(afterOpen, mRecentFiles->menu());

    // Import and export, before Quit.
    auto *importAction = new QAction(tr("&Import matrices…"), this);
    importAction->setObjectName(QStringLiteral("importMatricesAction"));
    importAction->setShortcut(QKeySequence(tr("Ctrl+I")));
    importAction->setToolTip(tr("Build a scenario from Q, K (and V) matrices in CSV or .npy"));
    connect(importAction, &QAction::triggered, this, [this] { importMatrices(); });
    auto *exportAllAction = new QAction(tr("&Export all views…"), this);
    exportAllAction->setObjectName(QStringLiteral("exportAllViewsAction"));
    exportAllAction->setShortcut(QKeySequence(tr("Ctrl+E")));
    connect(exportAllAction, &QAction::triggered, this, &MainWindow::exportAllViewsInteractive);
    // insertAction puts it before quitAction, whose separator comes before it.
    const QList<QAction *> actions = fileMenu->actions();
    const qsizetype quitIndex = actions.indexOf(quitAction);
    QAction *beforeQuit = (quitIndex > 0 && actions[quitIndex - 1]->isSeparator())
                              ? actions[quitIndex - 1]
                              : quitAction;
    fileMenu->insertAction(beforeQuit, importAction);
    fileMenu->insertAction(beforeQuit, exportAllAction);
    fileMenu->insertSeparator(importAction);

    // Crash recovery, drops, and the views' export messages in the status bar.
    mAutosave = new Autosave(mDocument, this);
    connect(mAutosave, &Autosave::written, this,
            [this] { statusBar()->showMessage(tr("Recovery copy saved"), 2000); });
    connect(mAutosave, &Autosave::failed, this, [this](const QString &message) {
        showStatus(tr("No recovery copy: %1").arg(message));
    });
    setAcceptDrops(true);
    for (PlotView *view : plotViews())
        connect(view, &PlotView::exportMessage, this, &MainWindow::showStatus);
}

QList<PlotView *> MainWindow::plotViews() const
{
    return findChildren<PlotView *>();
}

// --- Open Recent -----------------------------------------------------------------------------

void MainWindow::openRecentFile(const QString &path)
{
    if (!maybeSave())
        return;
    QString error;
    if (!openFile(path, &error)) {
        if (!QFileInfo::exists(path)) // gone: drop it from the list
            mRecentFiles->remove(path);
        mErrorReporter(tr("Cannot open scenario"),
                       tr("%1\n\n%2").arg(QDir::toNativeSeparators(path), error));
    }
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
                mErrorReporter(tr("Cannot open scenario"),
                               tr("%1\n\n%2").arg(QDir::toNativeSeparators(path), error));
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
    if (auto error = mDocument->replaceScenario(*dialog.scenario(), dialog.undoText())) {
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
    if (auto error = exportAllViews(mDocument->scenario(), folder, dialog.options(),
                                    mDocument->selectedQuery(), &written)) {
        mErrorReporter(tr("Cannot export the views"), *error);
        return;
    }
    dialog.saveSettings();
    QSettings().setValue(QStringLiteral("export/lastDir"), QFileInfo(folder).absolutePath());
    showStatus(tr("Wrote %n view(s) into %1", nullptr, int(written.size()))
                   .arg(QDir::toNativeSeparators(folder)));
}

} // namespace sml
