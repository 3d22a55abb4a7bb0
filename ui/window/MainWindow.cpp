#include "window/MainWindow.h"

#include "ScenarioIo.h"
#include "document/ScenarioDocument.h"
#include "panels/DerivationPanel.h"
#include "panels/KeySpacePanel.h"
#include "panels/MaxEntPanel.h"
#include "panels/ValueSpacePanel.h"
#include "plots/attention/AttentionHeatmapView.h"
#include "plots/attention/EntropyView.h"
#include "plots/attention/TemperatureSweepView.h"
#include "plots/attention/WeightBarsView.h"
#include "plots/keyspace/KeySpaceView.h"
#include "plots/mle/MleAnimation.h"
#include "plots/mle/MleOptimizerView.h"
#include "plots/mle/ValueSpaceView.h"
#include "style/Appearance.h"
#include "widgets/AnimationControls.h"
#include "widgets/DocumentBinding.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextBrowser>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QWhatsThis>

#include <algorithm>
#include <variant>

#include <Eigen/Core>
#include <qcustomplot.h>

namespace sml {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent), mDocument(new ScenarioDocument(this))
{
    // Projector-sized text everywhere: at least 11 pt.
    QFont base = font();
    if (base.pointSizeF() < 11)
        base.setPointSizeF(11);
    setFont(base);

    mSavePrompt = [this](const QString &name) {
        return QMessageBox::warning(
            this, tr("Unsaved changes"),
            tr("The scenario “%1” has unsaved changes.\nDo you want to save them?").arg(name),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    };
    mFileNamePrompt = [this](FileDialogKind kind) {
        const QString filter =
            tr("SoftmaxLab scenarios (*.softmaxlab.json);;JSON files (*.json);;All files (*)");
        const QString dir = mDocument->filePath().isEmpty()
                                ? QDir::homePath()
                                : QFileInfo(mDocument->filePath()).absolutePath();
        if (kind == FileDialogKind::Open)
            return QFileDialog::getOpenFileName(this, tr("Open scenario"), dir, filter);
        return QFileDialog::getSaveFileName(this, tr("Save scenario as"), dir, filter);
    };
    mErrorReporter = [this](const QString &title, const QString &message) {
        QMessageBox::warning(this, title, message);
    };

    setCentralWidget(createCentralArea());
    mScenarioDock = new ScenarioDock(mDocument, this);
    addDockWidget(Qt::LeftDockWidgetArea, mScenarioDock);
    resizeDocks({mScenarioDock}, {470}, Qt::Horizontal);
    // Key space beside the central tabs, so that a drag there is watched in the likelihood
    // landscape (or any other view) at the same time; closable from the View menu.
    auto *keySpaceDock = new QDockWidget(tr("Key space"), this);
    keySpaceDock->setObjectName(QStringLiteral("keySpaceDock"));
    mKeySpace = new KeySpacePanel(mDocument, keySpaceDock);
    keySpaceDock->setWidget(mKeySpace);
    addDockWidget(Qt::RightDockWidgetArea, keySpaceDock);
    // The MLE optimizer's per-iteration plots, a tab of the same dock area; Play raises it.
    auto *mleDock = new QDockWidget(tr("MLE optimizer"), this);
    mleDock->setObjectName(QStringLiteral("mleOptimizerDock"));
    mMleOptimizer = new MleOptimizerView(mleDock);
    mMleOptimizer->setAnimation(mMleAnimation);
    mleDock->setWidget(mMleOptimizer);
    tabifyDockWidget(keySpaceDock, mleDock);
    keySpaceDock->raise();
    resizeDocks({keySpaceDock}, {400}, Qt::Horizontal);
    connect(mValueSpace->controls(), &AnimationControls::playingChanged, mleDock,
            [mleDock](bool playing) {
                if (playing)
                    mleDock->raise();
            });
    connect(mScenarioDock, &ScenarioDock::message, this, &MainWindow::showStatus);
    connect(mKeySpace->view(), &KeySpaceView::message, this, &MainWindow::showStatus);
    connect(mValueSpace->view(), &ValueSpaceView::message, this, &MainWindow::showStatus);
    connect(mMaxEnt, &MaxEntPanel::message, this, &MainWindow::showStatus);
    createActions();

    mShapeLabel = new QLabel(this);
    statusBar()->addPermanentWidget(mShapeLabel);

    connect(mDocument, &ScenarioDocument::changed, this, [this] {
        updateScenarioText();
        updateTitle();
    });
    connect(mDocument, &ScenarioDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(mDocument, &ScenarioDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(mHeatmap, &AttentionHeatmapView::queryClicked, mDocument,
            &ScenarioDocument::setSelectedQuery);
    connect(mEntropy, &EntropyView::queryClicked, mDocument, &ScenarioDocument::setSelectedQuery);

    // The first run fills most of the screen (a lecture-hall projector is rarely larger than
    // needed); later runs restore the saved geometry in readSettings().
    if (const QScreen *screen = QGuiApplication::primaryScreen()) {
        const QSize available = screen->availableGeometry().size();
        resize(std::max(1280, available.width() * 96 / 100),
               std::max(800, available.height() * 94 / 100));
    } else {
        resize(1440, 900);
    }
    connect(Appearance::instance(), &Appearance::changed, this, &MainWindow::applyAppearance);
    readSettings();
    applyAppearance();
    updateScenarioText();
    updateTitle();
    statusBar()->showMessage(tr("Ready. Edit the tables or the settings; every view follows."),
                             8000);
}

MainWindow::~MainWindow()
{
    // Child widgets are destroyed after this destructor has run; an open cell editor commits
    // (or refuses) its text then. Cut every connection into this window first, so that nothing
    // calls back into a half-destroyed MainWindow. (ScenarioDock cuts those into itself.)
    for (QObject *sender : std::initializer_list<QObject *>{
             mDocument, mScenarioDock, mHeatmap, mEntropy, mKeySpace ? mKeySpace->view() : nullptr,
             mValueSpace ? mValueSpace->view() : nullptr, mMaxEnt})
        if (sender)
            sender->disconnect(this);
}

// --- layout ----------------------------------------------------------------------------------

QWidget *MainWindow::createCentralArea()
{
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    mTitleLabel = new QLabel(central);
    QFont titleFont = font();
    titleFont.setPointSizeF(18);
    titleFont.setBold(true);
    mTitleLabel->setFont(titleFont);
    mTitleLabel->setWordWrap(true);
    mTitleLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(mTitleLabel);

    mDescription = new QTextBrowser(central);
    QFont textFont = font();
    textFont.setPointSizeF(13);
    mDescription->setFont(textFont);
    mDescription->setFrameShape(QFrame::NoFrame);
    mDescription->setOpenExternalLinks(true);
    mDescription->setMaximumHeight(QFontMetrics(textFont).lineSpacing() * 4 + 12);
    mDescription->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
    layout->addWidget(mDescription);

    mViewTabs = new QTabWidget(central);
    QFont tabFont = font();
    tabFont.setPointSizeF(13);
    mViewTabs->tabBar()->setFont(tabFont);
    mHeatmap = new AttentionHeatmapView(mViewTabs);
    mBars = new WeightBarsView(mViewTabs);
    mEntropy = new EntropyView(mViewTabs);
    mViewTabs->addTab(mHeatmap, tr("Attention weights"));
    mViewTabs->addTab(mBars, tr("Softmax = MLE = MaxEnt"));
    mViewTabs->addTab(mEntropy, tr("Entropy"));
    // The likelihood landscape (MATH.md §4) and the animation it shares with the MLE optimizer.
    mMleAnimation = new MleAnimation(this);
    mMleAnimation->setDocument(mDocument);
    mValueSpace = new ValueSpacePanel(mDocument, mMleAnimation, mViewTabs);
    mViewTabs->addTab(mValueSpace, tr("Likelihood landscape"));
    // Maximum entropy (MATH.md §5), the temperature sweep and both derivations in numbers.
    mMaxEnt = new MaxEntPanel(mDocument, mViewTabs);
    mViewTabs->addTab(mMaxEnt, tr("Maximum entropy"));
    mSweep = new TemperatureSweepView(mViewTabs);
    mViewTabs->addTab(mSweep, tr("Temperature sweep"));
    // Every view follows the document itself (PlotView::bindToDocument); the window pushes
    // nothing into them.
    for (PlotView *view : std::initializer_list<PlotView *>{mHeatmap, mBars, mEntropy, mSweep})
        view->bindToDocument(mDocument);
    mDerivation = new DerivationPanel(mDocument, mViewTabs);
    mViewTabs->addTab(mDerivation, tr("Derivation"));
    layout->addWidget(mViewTabs, 1);
    return central;
}

void MainWindow::createActions()
{
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *newAction = fileMenu->addAction(tr("&New"), this, &MainWindow::newFile);
    newAction->setShortcut(QKeySequence::New);
    QAction *openAction = fileMenu->addAction(tr("&Open…"), this, &MainWindow::open);
    openAction->setShortcut(QKeySequence::Open);
    QAction *saveAction = fileMenu->addAction(tr("&Save"), this, &MainWindow::save);
    saveAction->setShortcut(QKeySequence::Save);
    QAction *saveAsAction = fileMenu->addAction(tr("Save &As…"), this, &MainWindow::saveAs);
    saveAsAction->setShortcut(QKeySequence::SaveAs);
    fileMenu->addSeparator();
    QAction *quitAction = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quitAction->setShortcut(QKeySequence::Quit);
    quitAction->setMenuRole(QAction::QuitRole);

    QMenu *editMenu = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = mDocument->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts(QKeySequence::Undo);
    QAction *redo = mDocument->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts(QKeySequence::Redo);
    editMenu->addAction(undo);
    editMenu->addAction(redo);
    editMenu->addSeparator();

    mScenarioDock->addEditActions(editMenu);

    QMenu *viewMenu = menuBar()->addMenu(tr("&View"));
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        viewMenu->addAction(dock->toggleViewAction());
    setUpViewMenu(viewMenu);

    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    QMenu *examples = helpMenu->addMenu(tr("&Examples"));
    connect(examples, &QMenu::aboutToShow, this, [this, examples] { fillExamplesMenu(examples); });
    fillExamplesMenu(examples);
    QAction *whatsThis = QWhatsThis::createAction(this);
    whatsThis->setText(tr("What Am I &Seeing?"));
    whatsThis->setToolTip(tr("Then click a view: what it shows and which derivation step it is"));
    helpMenu->addAction(whatsThis);
    helpMenu->addSeparator();
    helpMenu->addAction(tr("&About SoftmaxLab"), this,
                        [this] { QMessageBox::about(this, tr("About SoftmaxLab"), aboutText()); });
    mExamplesMenu = examples;
    setUpFileFeatures(fileMenu, openAction, quitAction);
}

QString MainWindow::aboutText()
{
    return tr("<h3>SoftmaxLab %1</h3>"
              "<p>Where the softmax of attention comes from: the precision weights of a Gaussian "
              "maximum-likelihood estimate, and the maximum-entropy distribution under an "
              "expected-similarity constraint.</p>"
              "<p><b>References</b><br>"
              "Jiyong Ma, <i>Deriving the Scaled-Dot-Function via Maximum Likelihood Estimation "
              "and "
              "Maximum Entropy Approach</i>, arXiv:2509.12285, 2025.<br>"
              "A. Berger, S. Della Pietra, V. Della Pietra, <i>A Maximum Entropy Approach to "
              "Natural "
              "Language Processing</i>, Computational Linguistics 22(1), 1996.<br>"
              "A. Vaswani et al., <i>Attention Is All You Need</i>, NeurIPS 2017.<br>"
              "J. N. Darroch, D. Ratcliff, <i>Generalized Iterative Scaling for Log-Linear "
              "Models</i>, Annals of Mathematical Statistics 43(5), 1972.</p>"
              "<p><b>Built with</b> Qt %2 (running on %3), QCustomPlot %4, Eigen %5.%6.%7.</p>")
        .arg(QApplication::applicationVersion(), QStringLiteral(QT_VERSION_STR),
             QString::fromLatin1(qVersion()), QStringLiteral(QCUSTOMPLOT_VERSION_STR))
        .arg(EIGEN_WORLD_VERSION)
        .arg(EIGEN_MAJOR_VERSION)
        .arg(EIGEN_MINOR_VERSION);
}

void MainWindow::fillExamplesMenu(QMenu *menu)
{
    menu->clear();
    const QDir dir(QStringLiteral(":/scenarios"));
    QStringList files =
        dir.entryList({QStringLiteral("*.softmaxlab.json")}, QDir::Files, QDir::Name);
    // In lesson order (the 2-D figure first, then √d_k, τ, MLE ≠ softmax, masks, data sets);
    // files not in the list follow by name.
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
                                            QStringLiteral("digits-kernel-smoother")};
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

// --- updates ---------------------------------------------------------------------------------

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — SoftmaxLab").arg(mDocument->displayName()));
    setWindowModified(mDocument->isModified());
}

void MainWindow::updateScenarioText()
{
    const Scenario &s = mDocument->scenario();
    mTitleLabel->setText(s.title.isEmpty() ? tr("(untitled scenario)") : s.title);
    const QString description = s.description.value_or(QString());
    if (mDescription->toPlainText() != description)
        mDescription->setPlainText(description);
    mDescription->setVisible(!description.isEmpty());

    mShapeLabel->setText(tr("m = %1 queries · T = %2 keys · d_k = %3 · d_v = %4 · τ = %5")
                             .arg(s.m())
                             .arg(s.T())
                             .arg(s.dK())
                             .arg(s.dV())
                             .arg(QString::number(mDocument->analysis().tau(), 'g', 4)));
}

void MainWindow::showStatus(const QString &message)
{
    statusBar()->showMessage(message, 12000);
}

// --- files -----------------------------------------------------------------------------------

bool MainWindow::openFile(const QString &path, QString *error)
{
    if (auto e = mDocument->load(path)) {
        if (error)
            *error = *e;
        return false;
    }
    showStatus(tr("Opened %1").arg(QDir::toNativeSeparators(mDocument->filePath())));
    mRecentFiles->add(mDocument->filePath());
    return true;
}

bool MainWindow::maybeSave()
{
    if (!mDocument->isModified())
        return true;
    switch (mSavePrompt(mDocument->displayName())) {
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
    mDocument->newScenario();
    showStatus(tr("New scenario"));
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
        mErrorReporter(tr("Cannot open scenario"),
                       tr("%1\n\n%2").arg(QDir::toNativeSeparators(path), error));
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

void MainWindow::openExample(const QString &resourcePath)
{
    if (!maybeSave())
        return;
    if (auto error = mDocument->loadExample(resourcePath))
        mErrorReporter(tr("Cannot open example"), *error);
    else
        showStatus(tr("Opened example %1").arg(QFileInfo(resourcePath).fileName()));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (maybeSave()) {
        writeSettings();
        mAutosave->finish(); // a clean close: no recovery copy is left behind
        event->accept();
    } else {
        event->ignore();
    }
}

void MainWindow::readSettings()
{
    QSettings settings;
    const QByteArray geometry = settings.value(QStringLiteral("window/geometry")).toByteArray();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    mViewTabs->setCurrentIndex(settings.value(QStringLiteral("window/viewTab"), 0).toInt());
    // Theme and presentation scale (issue 7); presentation mode itself starts off.
    // (Both read before either is set: a change writes the settings.)
    Appearance *look = Appearance::instance();
    const Appearance::Theme theme = Appearance::themeFromName(
        settings.value(QStringLiteral("style/theme"), QStringLiteral("system")).toString());
    bool ok = false;
    const double scale = settings.value(QStringLiteral("style/presentationScale")).toDouble(&ok);
    look->setTheme(theme);
    if (ok)
        look->setPresentationScale(scale);
}

void MainWindow::writeSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    // Closed while presenting: the docks as they were before (presenting starts off next time).
    settings.setValue(QStringLiteral("window/state"), mDockStateBeforePresentation.isEmpty()
                                                          ? saveState()
                                                          : mDockStateBeforePresentation);
    settings.setValue(QStringLiteral("window/viewTab"), mViewTabs->currentIndex());
}

} // namespace sml
