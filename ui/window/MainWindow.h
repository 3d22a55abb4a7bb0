#pragma once

#include "document/Autosave.h"
#include "panels/ScenarioDock.h"
#include "widgets/FittingTabWidget.h"
#include "widgets/Prompts.h"
#include "window/RecentFiles.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QMessageBox>
#include <QPointer>
#include <QStringList>

#include <functional>

class QLabel;
class QBoxLayout;
class QTableView;
class QTextBrowser;
class QMenu;

namespace sml {

class AttentionHeatmapView;
class ControlPanel;
class EntropyView;
class KeySpacePanel;
class KeysTableModel;
class LessonPresenter;
class DerivationPanel;
class MaxEntPanel;
class PresentationControls;
class TemperatureSweepView;
class AlphaSweepView;
class MleAnimation;
class MleOptimizerView;
class NumberDelegate;
class QueriesTableModel;
class PlotView;
class ScenarioDocument;
class ValueSpacePanel;
class VariancesTableModel;
class WeightBarsView;

/// The SoftmaxLab window: the plot views as tabs, the scenario's title and notes above them, the
/// settings and the tables in a dock, File/Edit/View/Help menus and a status bar.
///
/// It is built from parts, each in its own file with its own docks and actions:
///   - MainWindow.cpp: the central area, the docks, the Edit and Help menus, settings, status
///     bar and title;
///   - MainWindowFiles.cpp: the File menu and what it does (new, open, save, examples, import,
///     export all views), drops, crash recovery and autosave;
///   - MainWindowView.cpp: the View menu, presentation mode, themes and the presentation keys;
///   - ScenarioDock (ui/panels): the settings, the tables and their edits;
///   - RecentFiles: File ▸ Open Recent.
///
/// Everything that would block a test (the "save changes?" question, file dialogs, error boxes)
/// goes through a replaceable std::function, so tests can drive the window offscreen.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    enum class FileDialogKind
    {
        Open,
        SaveAs
    };
    /// Asked when unsaved changes would be lost; returns Save, Discard or Cancel.
    using SavePrompt = std::function<QMessageBox::StandardButton(const QString &documentName)>;
    /// Asked for a file name; an empty string cancels.
    using FileNamePrompt = std::function<QString(FileDialogKind kind)>;
    /// Shows an error to the user (widgets/Prompts.h).
    using ErrorReporter = sml::ErrorReporter;
    /// What to do with a recovery copy found at start-up (offerRecovery).
    enum class RecoveryChoice
    {
        Restore, ///< open it as a modified, unsaved document bound to its original file
        Discard, ///< delete the copy
        Later,   ///< keep it and ask again at the next start
    };
    using RecoveryPrompt = std::function<RecoveryChoice(const Autosave::Recovery &recovery)>;
    /// Runs a modal dialog (import, export all views); true when accepted (widgets/Prompts.h).
    using DialogRunner = sml::DialogRunner;
    /// At most this many files in File ▸ Open Recent.
    static constexpr int maxRecentFiles = RecentFiles::maxFiles;

    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Opens FILE without asking about unsaved changes (for the command line and tests). On
    /// error returns false, sets *error, and leaves the open scenario untouched.
    bool openFile(const QString &path, QString *error = nullptr);

    /// Offers to save unsaved changes. Returns true when the caller may go on (saved or
    /// discarded, or nothing to save), false on Cancel or a failed save. `next`, when given, is
    /// a sentence the question adds on what happens after it ("The tour opens its own example
    /// scenario…"); savePromptNext() is it while the prompt runs.
    bool maybeSave(const QString &next = QString());
    QString savePromptNext() const { return mSavePromptNext; }

    /// The folder the Open and Save As dialogs start in: the open file's, or the home folder
    /// for an untitled scenario and for a built-in example (its ":/scenarios" is inside the
    /// program, where nothing can be saved).
    QString fileDialogFolder() const;
    /// The file Save As offers: the open file, or a name from the title in fileDialogFolder()
    /// for an untitled scenario or an example.
    QString suggestedSavePath() const;

    void setSavePrompt(SavePrompt prompt) { mSavePrompt = std::move(prompt); }
    void setFileNamePrompt(FileNamePrompt prompt) { mFileNamePrompt = std::move(prompt); }
    void setErrorReporter(ErrorReporter reporter) { mErrorReporter = std::move(reporter); }
    void setRecoveryPrompt(RecoveryPrompt prompt) { mRecoveryPrompt = std::move(prompt); }
    void setDialogRunner(DialogRunner runner) { mDialogRunner = std::move(runner); }

    // --- files (MainWindowFiles.cpp) ----------------------------------------------------------
    /// Offers each recovery copy left by a session that did not end normally (Autosave), newest
    /// first, through the recovery prompt. Restoring one makes it the open document (modified,
    /// bound to its original file, which is not written) and stops; the copy is then kept by
    /// this session's autosave. Returns true when one was restored.
    bool offerRecovery();
    /// Opens dropped files: a scenario (.json) opens after the unsaved-changes prompt; CSV and
    /// .npy files open the import dialog with them filled in (roles guessed from the names).
    /// Returns false when nothing could be used.
    bool openDroppedFiles(const QStringList &paths);
    /// File ▸ Import matrices…: the import dialog (pre-filled with `files`); the import is one
    /// undo step. Returns true when a scenario was imported.
    bool importMatrices(const QStringList &files = QStringList());
    /// File ▸ Export all views…: the export dialog in folder mode, then exportAllViews().
    void exportAllViewsInteractive();
    /// Opens a file of Open Recent (after the unsaved-changes prompt); one that has gone is
    /// dropped from the list.
    void openRecentFile(const QString &path);
    /// The Open Recent list (QSettings "recentFiles"), newest first, at most maxRecentFiles.
    static QStringList recentFiles() { return RecentFiles::files(); }
    void clearRecentFiles() { mRecentFiles->clear(); }
    QMenu *recentFilesMenu() const { return mRecentFiles->menu(); }
    QMenu *examplesMenu() const { return mExamplesMenu; }
    Autosave *autosave() const { return mAutosave; }

    ScenarioDocument *document() const { return mDocument; }
    /// Every plot view of the window (tabs and docks), each with the export context menu.
    QList<PlotView *> plotViews() const;
    AttentionHeatmapView *heatmapView() const { return mHeatmap; }
    WeightBarsView *weightBarsView() const { return mBars; }
    EntropyView *entropyView() const { return mEntropy; }
    /// The scenario dock and, for tests, its parts (ScenarioDock).
    ScenarioDock *scenarioDock() const { return mScenarioDock; }
    QueriesTableModel *queriesModel() const { return mScenarioDock->queriesModel(); }
    KeysTableModel *keysModel() const { return mScenarioDock->keysModel(); }
    VariancesTableModel *variancesModel() const { return mScenarioDock->variancesModel(); }
    NumberDelegate *numberDelegate() const { return mScenarioDock->numberDelegate(); }
    ControlPanel *controlPanel() const { return mScenarioDock->controlPanel(); }
    QTableView *queriesTable() const { return mScenarioDock->queriesTable(); }
    QTableView *keysTable() const { return mScenarioDock->keysTable(); }
    QTableView *variancesTable() const { return mScenarioDock->variancesTable(); }
    FittingTabWidget *viewTabs() const { return mViewTabs; }
    /// Help ▸ About: the version, the library versions and the references of MATH.md.
    static QString aboutText();
    /// Key space and the MLE optimizer's plots (docks, tabified on the right) and the likelihood
    /// landscape with the optimizer's controls (a tab), MATH.md §4.
    KeySpacePanel *keySpacePanel() const { return mKeySpace; }
    ValueSpacePanel *valueSpacePanel() const { return mValueSpace; }
    MleOptimizerView *mleOptimizerView() const { return mMleOptimizer; }
    MaxEntPanel *maxEntView() const { return mMaxEnt; }
    TemperatureSweepView *temperatureSweepView() const { return mSweep; }
    AlphaSweepView *alphaSweepView() const { return mAlphaSweep; }
    DerivationPanel *derivationPanel() const { return mDerivation; }
    MleAnimation *mleAnimation() const { return mMleAnimation; }
    /// The lesson: its banner, dock, stepping keys, PDF export and tour (LessonPresenter).
    LessonPresenter *lessonPresenter() const { return mLesson; }

    // --- View menu: presentation mode and themes (MainWindowView.cpp, issue 7) ---------------
    /// View ▸ Presentation mode (F5, checkable): Appearance::setPresentation, and the docks
    /// close so the central views get the whole window (they come back as they were). While on, the
    /// presentation keys below take ←, →, Space, Tab and Shift+Tab (in normal mode the query
    /// steps are Alt+← and Alt+→, and those keys keep their usual meaning in tables and fields).
    QAction *presentationAction() const { return mPresentationAction; }
    /// The large τ and α controls beside the title, shown only in presentation mode.
    PresentationControls *presentationControls() const { return mPresentationControls; }
    /// View ▸ Full screen (F11, checkable).
    QAction *fullScreenAction() const { return mFullScreenAction; }
    /// View ▸ Theme ▸ System / Light / Dark; each action's data() is Appearance::themeName().
    QList<QAction *> themeActions() const { return mThemeActions; }
    /// View ▸ Presentation scale ▸ 1× … 3×; each action's data() is the scale (double).
    QList<QAction *> scaleActions() const { return mScaleActions; }
    QAction *previousQueryAction() const { return mPreviousQueryAction; }
    QAction *nextQueryAction() const { return mNextQueryAction; }
    /// Play or pause the animation of the shown tab: MaxEnt's on the Maximum entropy tab, the
    /// MLE optimizer's otherwise.
    QAction *playPauseAction() const { return mPlayPauseAction; }
    QAction *nextViewAction() const { return mNextViewAction; }
    QAction *previousViewAction() const { return mPreviousViewAction; }

public slots:
    /// File ▸ New ▸ Empty scenario (Ctrl+N): ScenarioDocument::newEmptyScenario(), after the
    /// unsaved-changes prompt.
    void newFile();
    /// File ▸ New ▸ Built-in figure: the 2-D figure of MATH.md §6 B with its notes, untitled.
    void newFigure();
    void open();
    bool save();
    bool saveAs();
    /// Opens a built-in example (after maybeSave(`next`)).
    void openExample(const QString &resourcePath, const QString &next = QString());
    /// Edit ▸ Title and Notes… (ScenarioDock::editTitleAndNotes).
    void editTitleAndNotes() { mScenarioDock->editTitleAndNotes(); }

    /// Keeps the window inside the available geometry of its screen (issue 14 #7): never
    /// larger than it (frame included), moved inside it when it sticks out. Called after the
    /// settings are restored, when the window is shown, and whenever its layout has computed new
    /// size hints (a scenario with more tokens, presentation mode).
    void fitToScreen();

protected:
    bool event(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    // --- MainWindow.cpp: layout, settings, status, title ------------------------------------
    QWidget *createCentralArea();
    /// The scenario dock on the left; key space and the MLE optimizer tabified on the right.
    void createDocks();
    void createMenus();
    void createHelpMenu();
    /// Window geometry, dock layout and the current view tab, kept in QSettings.
    void readSettings();
    void writeSettings() const;
    void updateTitle();
    /// The title and notes above the views and the shape in the status bar.
    void updateScenarioText();
    /// A message in the status bar for 12 s, elided in the middle to the room left of the
    /// permanent shape label (the two never touch); `toolTip` (else the whole message, when
    /// elided) is the status bar's tooltip while it shows.
    void showStatus(const QString &message);
    void showStatusWithTip(const QString &message, const QString &toolTip);

    // --- MainWindowFiles.cpp ------------------------------------------------------------------
    /// The default prompts: message boxes and file dialogs.
    void installDefaultPrompts();
    /// File: New ▸ (Empty scenario, Built-in figure), Open…, Open Recent, Save, Save As…, Import
    /// matrices…, Export all views…, Quit.
    void createFileMenu();
    /// Autosave (with its status messages) and dropped files.
    void setUpAutosaveAndDrops();
    void fillExamplesMenu(QMenu *menu);
    /// The "cannot open" error for PATH.
    void reportOpenError(const QString &path, const QString &error);

    // --- MainWindowView.cpp -------------------------------------------------------------------
    /// The View menu: the docks, presentation, scale, full screen, theme, and the stepping keys.
    void createViewMenu();
    /// After an Appearance change: the widgets' palette and text scale, the presentation keys,
    /// the saved theme and scale, and every view redrawn.
    void applyAppearance();
    void stepQuery(int delta);
    void cycleView(int delta);
    void playPauseAnimation();
    void setFullScreen(bool on);

    ScenarioDocument *mDocument;
    ScenarioDock *mScenarioDock = nullptr;

    QLabel *mTitleLabel = nullptr;
    PresentationControls *mPresentationControls = nullptr;
    /// The title and, in presentation mode, the τ/α controls: side by side, or stacked when the
    /// centre is too narrow for the title in two lines beside them (fitTitleRow()).
    QBoxLayout *mTitleRow = nullptr;
    void fitTitleRow();
    /// The notes' lines before they scroll: four in the window and two presenting, one fewer
    /// each in a window under 900 px tall (a 1280×800 projector), so that every plot keeps a
    /// third of the window's height.
    void fitNotes();
    QTextBrowser *mDescription = nullptr;
    FittingTabWidget *mViewTabs = nullptr;
    AttentionHeatmapView *mHeatmap = nullptr;
    WeightBarsView *mBars = nullptr;
    EntropyView *mEntropy = nullptr;
    MleAnimation *mMleAnimation = nullptr;
    KeySpacePanel *mKeySpace = nullptr;
    ValueSpacePanel *mValueSpace = nullptr;
    MleOptimizerView *mMleOptimizer = nullptr;
    MaxEntPanel *mMaxEnt = nullptr;
    TemperatureSweepView *mSweep = nullptr;
    AlphaSweepView *mAlphaSweep = nullptr;
    DerivationPanel *mDerivation = nullptr;
    QLabel *mShapeLabel = nullptr;
    LessonPresenter *mLesson = nullptr;

    SavePrompt mSavePrompt;
    QString mSavePromptNext; ///< maybeSave()'s `next`, while its prompt runs
    FileNamePrompt mFileNamePrompt;
    ErrorReporter mErrorReporter;
    RecoveryPrompt mRecoveryPrompt;
    DialogRunner mDialogRunner;
    Autosave *mAutosave = nullptr;
    RecentFiles *mRecentFiles = nullptr;
    QMenu *mExamplesMenu = nullptr;
    QAction *mPresentationAction = nullptr;
    QAction *mFullScreenAction = nullptr;
    QList<QAction *> mThemeActions;
    QList<QAction *> mScaleActions;
    QAction *mPreviousQueryAction = nullptr;
    QAction *mNextQueryAction = nullptr;
    QAction *mPlayPauseAction = nullptr;
    QAction *mNextViewAction = nullptr;
    QAction *mPreviousViewAction = nullptr;
    bool mWasMaximized = false;
    bool mFitting = false; ///< fitToScreen() is running (its resize sends a LayoutRequest)
    /// The dock shown last (View ▸ Scenario, Key space…): kept when the docks do not fit.
    QPointer<QDockWidget> mLastShownDock;
    /// The docks as they were when presentation mode started (empty when not presenting).
    QByteArray mDockStateBeforePresentation;
};

} // namespace sml
