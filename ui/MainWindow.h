#pragma once

#include <QMainWindow>
#include <QMessageBox>

#include <functional>

class QLabel;
class QTabWidget;
class QTableView;
class QTextBrowser;
class QMenu;

namespace sml {

class AttentionHeatmapView;
class ControlPanel;
class EntropyView;
class KeysTableModel;
class NumberDelegate;
class QueriesTableModel;
class ScenarioDocument;
class VariancesTableModel;
class WeightBarsView;

/// The SoftmaxLab window: the plot views as tabs, the scenario's title and notes above them, the
/// settings and the tables in a dock, File/Edit/Help menus and a status bar.
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
    /// Shows an error to the user.
    using ErrorReporter = std::function<void(const QString &title, const QString &message)>;

    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Opens FILE without asking about unsaved changes (for the command line and tests). On
    /// error returns false, sets *error, and leaves the open scenario untouched.
    bool openFile(const QString &path, QString *error = nullptr);

    /// Offers to save unsaved changes. Returns true when the caller may go on (saved or
    /// discarded, or nothing to save), false on Cancel or a failed save.
    bool maybeSave();

    void setSavePrompt(SavePrompt prompt) { mSavePrompt = std::move(prompt); }
    void setFileNamePrompt(FileNamePrompt prompt) { mFileNamePrompt = std::move(prompt); }
    void setErrorReporter(ErrorReporter reporter) { mErrorReporter = std::move(reporter); }

    ScenarioDocument *document() const { return mDocument; }
    AttentionHeatmapView *heatmapView() const { return mHeatmap; }
    WeightBarsView *weightBarsView() const { return mBars; }
    EntropyView *entropyView() const { return mEntropy; }
    QueriesTableModel *queriesModel() const { return mQueriesModel; }
    KeysTableModel *keysModel() const { return mKeysModel; }
    VariancesTableModel *variancesModel() const { return mVariancesModel; }
    NumberDelegate *numberDelegate() const { return mDelegate; }
    ControlPanel *controlPanel() const { return mControls; }
    QTableView *queriesTable() const { return mQueriesTable; }
    QTableView *keysTable() const { return mKeysTable; }
    QTableView *variancesTable() const { return mVariancesTable; }
    QTabWidget *viewTabs() const { return mViewTabs; }

public slots:
    void newFile();
    void open();
    bool save();
    bool saveAs();
    void openExample(const QString &resourcePath);
    void editTitleAndNotes();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    /// Window geometry, dock layout and the current view tab, kept in QSettings.
    void readSettings();
    void writeSettings() const;
    void createActions();
    QWidget *createScenarioPanel();
    QWidget *createCentralArea();
    void updateViews();
    void updateTitle();
    void updateScenarioText();
    void showStatus(const QString &message);
    void reportEdit(const std::optional<QString> &error);
    void fillExamplesMenu(QMenu *menu);
    int currentKeyRow() const;

    ScenarioDocument *mDocument;
    QueriesTableModel *mQueriesModel;
    KeysTableModel *mKeysModel;
    VariancesTableModel *mVariancesModel;
    NumberDelegate *mDelegate;

    ControlPanel *mControls = nullptr;
    QTableView *mQueriesTable = nullptr;
    QTableView *mKeysTable = nullptr;
    QTableView *mVariancesTable = nullptr;
    QLabel *mVarianceNote = nullptr;
    QTabWidget *mTableTabs = nullptr;

    QLabel *mTitleLabel = nullptr;
    QTextBrowser *mDescription = nullptr;
    QTabWidget *mViewTabs = nullptr;
    AttentionHeatmapView *mHeatmap = nullptr;
    WeightBarsView *mBars = nullptr;
    EntropyView *mEntropy = nullptr;
    QLabel *mShapeLabel = nullptr;

    SavePrompt mSavePrompt;
    FileNamePrompt mFileNamePrompt;
    ErrorReporter mErrorReporter;
};

} // namespace sml
