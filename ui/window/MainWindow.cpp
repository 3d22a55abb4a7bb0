// MainWindow: the window's layout (the central views, the docks), the Edit and Help menus, the
// settings it keeps, the status bar and the title. The other parts: MainWindowFiles.cpp (the File
// menu, drops, recovery), MainWindowView.cpp (the View menu and presentation mode), ScenarioDock
// (the tables and their edits) and RecentFiles.
#include "window/MainWindow.h"

#include "document/ScenarioDocument.h"
#include "panels/DerivationPanel.h"
#include "panels/KeySpacePanel.h"
#include "panels/MaxEntPanel.h"
#include "panels/ModelPanel.h"
#include "panels/PresentationControls.h"
#include "panels/ValueSpacePanel.h"
#include "plots/attention/AlphaSweepView.h"
#include "plots/attention/AttentionHeatmapView.h"
#include "plots/attention/EntropyView.h"
#include "plots/attention/TemperatureSweepView.h"
#include "plots/attention/WeightBarsView.h"
#include "plots/keyspace/KeySpaceView.h"
#include "plots/mle/MleAnimation.h"
#include "plots/mle/MleOptimizerView.h"
#include "plots/mle/ValueSpaceView.h"
#include "plots/model/HeadsView.h"
#include "plots/model/ProjectionsView.h"
#include "style/Appearance.h"
#include "widgets/AnimationControls.h"
#include "widgets/NotesView.h"
#include "window/LessonPresenter.h"

#include <QAction>
#include <QApplication>
#include <QBoxLayout>
#include <QCloseEvent>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTextBrowser>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QWhatsThis>

#include <algorithm>
#include <functional>

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
    installDefaultPrompts();

    setCentralWidget(createCentralArea());
    createDocks();
    mLesson = new LessonPresenter(this); // the lesson's banner, dock and actions
    // Every part reports in the status bar.
    connect(mScenarioDock, &ScenarioDock::message, this, &MainWindow::showStatus);
    connect(mKeySpace->view(), &KeySpaceView::message, this, &MainWindow::showStatus);
    connect(mValueSpace->view(), &ValueSpaceView::message, this, &MainWindow::showStatus);
    connect(mMaxEnt, &MaxEntPanel::message, this, &MainWindow::showStatus);
    createMenus();
    setUpAutosaveAndDrops();
    for (PlotView *view : plotViews())
        connect(view, &PlotView::exportMessage, this, &MainWindow::showStatus);

    mShapeLabel = new QLabel(this);
    statusBar()->addPermanentWidget(mShapeLabel);
    // Hidden for a message that needs the whole bar (showStatusWithTip), back once it is gone.
    connect(statusBar(), &QStatusBar::messageChanged, this, [this](const QString &message) {
        if (message.isEmpty() && mShapeLabel->property("_sml_hiddenForMessage").toBool()) {
            mShapeLabel->setProperty("_sml_hiddenForMessage", false);
            mShapeLabel->show();
        }
    });
    // The tooltip of a shortened message goes with the message.
    connect(statusBar(), &QStatusBar::messageChanged, this, [this](const QString &text) {
        if (text.isEmpty())
            statusBar()->setToolTip(QString());
    });

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
        resize(available.width() * 96 / 100, available.height() * 94 / 100);
    } else {
        resize(1440, 900);
    }
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        connect(dock, &QDockWidget::visibilityChanged, this, [this, dock](bool visible) {
            if (visible)
                mLastShownDock = dock;
        });
    connect(Appearance::instance(), &Appearance::changed, this, &MainWindow::applyAppearance);
    readSettings();
    applyAppearance();
    fitToScreen();
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

namespace {

/// Calls `onResize` after each resize of the watched widget.
class ResizeWatcher : public QObject
{
public:
    ResizeWatcher(std::function<void()> onResize, QObject *parent)
        : QObject(parent), mOnResize(std::move(onResize))
    {
    }
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Resize)
            mOnResize();
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void()> mOnResize;
};

} // namespace

void MainWindow::fitTitleRow()
{
    if (!mTitleRow || !mPresentationControls)
        return;
    // A lesson step presented has its own title in the banner below: the scenario's title gives
    // the row to the τ and α controls (at 1280×800 a two-line title over a three-line banner
    // left the √d_k lesson's likelihood landscape under a third of the window).
    const bool stepPresented =
        Appearance::instance()->presentation() && mDocument->shownStep().has_value();
    if (mTitleLabel->isVisibleTo(this) == stepPresented)
        mTitleLabel->setVisible(!stepPresented);
    // Beside the controls the title must fit in two lines, with no line narrower than 280 px;
    // otherwise the controls go under it (presentation mode with a lesson step's dock open:
    // the title had wrapped into a column one word wide, a fresh reader of the tour).
    const QFontMetrics fm(mTitleLabel->font());
    const int titleWidth = fm.horizontalAdvance(mTitleLabel->text());
    const int needed = std::min(titleWidth + 8, std::max(280, titleWidth / 2 + 40));
    const int room = centralWidget() ? centralWidget()->width() : width();
    const bool stack = !stepPresented && mPresentationControls->isVisible() &&
                       room - mPresentationControls->oneRowWidth() - 24 < needed;
    const auto direction = stack ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight;
    if (mTitleRow->direction() != direction)
        mTitleRow->setDirection(direction);
    // Beside the controls the title takes at most the width of its one line (the sliders the
    // rest), so a short title does not wrap to give a slider width it does not need. No
    // minimum: a dock opened beside a fixed-width title widened the window past the screen.
    // The controls keep the width of their one row (narrower, α would go under τ).
    const int beside = std::min(titleWidth + 24, room - mPresentationControls->oneRowWidth() - 24);
    mTitleLabel->setMaximumWidth(
        mPresentationControls->isVisible() && !stack ? std::max(needed, beside) : QWIDGETSIZE_MAX);
}

QWidget *MainWindow::createCentralArea()
{
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    mTitleLabel = new QLabel(central);
    mTitleLabel->setObjectName(QStringLiteral("scenarioTitle"));
    QFont titleFont = font();
    titleFont.setPointSizeF(18);
    titleFont.setBold(true);
    mTitleLabel->setFont(titleFont);
    mTitleLabel->setWordWrap(true);
    mTitleLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The title wraps to the width it is given and never widens the window (a long title beside
    // the presentation controls on a 1280-pixel projector).
    mTitleLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto *titleRow = new QBoxLayout(QBoxLayout::LeftToRight);
    mTitleRow = titleRow;
    titleRow->addWidget(mTitleLabel, 1);
    layout->addLayout(titleRow);
    // Re-fit the title row whenever the centre's width changes (a dock shown by a lesson step
    // narrows it without any window resize).
    central->installEventFilter(new ResizeWatcher(
        [this] {
            fitTitleRow();
            fitNotes(); // the window's height may have changed
        },
        central));

    // The notes: as tall as their text, at most four lines (three in a short window, two when
    // presenting: fitNotes()), whatever the tab shown (the views never jump).
    mDescription = new NotesView(central);
    QFont textFont = font();
    textFont.setPointSizeF(13);
    mDescription->setFont(textFont);
    mDescription->setFrameShape(QFrame::NoFrame);
    mDescription->setOpenExternalLinks(true);
    layout->addWidget(mDescription);
    // In presentation mode the docks are closed: τ and α get large controls of their own, on
    // the title's line (the views keep the height).
    mPresentationControls = new PresentationControls(mDocument, central);
    mPresentationControls->setVisible(false);
    connect(mPresentationControls, &PresentationControls::message, this, &MainWindow::showStatus);
    titleRow->addWidget(mPresentationControls, 1);

    mViewTabs = new FittingTabWidget(central);
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
    // Sparse attention (MATH.md §7): the weights as α runs from the softmax to sparsemax and on.
    mAlphaSweep = new AlphaSweepView(mViewTabs);
    mViewTabs->addTab(mAlphaSweep, tr("α sweep"));
    // Every view follows the document itself (PlotView::bindToDocument); the window pushes
    // nothing into them.
    for (PlotView *view :
         std::initializer_list<PlotView *>{mHeatmap, mBars, mEntropy, mSweep, mAlphaSweep})
        view->bindToDocument(mDocument);
    mDerivation = new DerivationPanel(mDocument, mViewTabs);
    mViewTabs->addTab(mDerivation, tr("Derivation"));
    // From tokens to heads (MATH.md §8): every head side by side, and the selected head's
    // projections; a plain scenario shows a note there.
    auto *heads = new HeadsView(mViewTabs);
    heads->setObjectName(QStringLiteral("headsView"));
    mViewTabs->addTab(heads, tr("Heads"));
    auto *projections = new ProjectionsView(mViewTabs);
    projections->setObjectName(QStringLiteral("projectionsView"));
    mViewTabs->addTab(projections, tr("Projections"));
    for (PlotView *view : std::initializer_list<PlotView *>{heads, projections})
        view->bindToDocument(mDocument);
    layout->addWidget(mViewTabs, 1);
    return central;
}

void MainWindow::createDocks()
{
    mScenarioDock = new ScenarioDock(mDocument, this);
    addDockWidget(Qt::LeftDockWidgetArea, mScenarioDock);
    addActions(mScenarioDock->modelPanel()->actions()); // head shortcuts, also with the dock closed
    resizeDocks({mScenarioDock}, {470}, Qt::Horizontal);
    // Key space beside the central tabs, so that a drag there is watched in the likelihood
    // landscape (or any other view) at the same time; closable from the View menu.
    auto *keySpaceDock = new QDockWidget(tr("Key space"), this);
    keySpaceDock->setObjectName(QStringLiteral("keySpaceDock"));
    mKeySpace = new KeySpacePanel(mDocument, keySpaceDock);
    keySpaceDock->setWidget(mKeySpace);
    addDockWidget(Qt::RightDockWidgetArea, keySpaceDock);
    // The MLE optimizer's per-iteration plots, a tab of the same dock area.
    auto *mleDock = new QDockWidget(tr("MLE optimizer"), this);
    mleDock->setObjectName(QStringLiteral("mleOptimizerDock"));
    mMleOptimizer = new MleOptimizerView(mleDock);
    mMleOptimizer->setAnimation(mMleAnimation);
    mleDock->setWidget(mMleOptimizer);
    tabifyDockWidget(keySpaceDock, mleDock);
    keySpaceDock->raise();
    resizeDocks({keySpaceDock}, {400}, Qt::Horizontal);
    // Play leaves the docks as the user set them (issue 14 #11): the optimizer's plots are one
    // click away on the dock's tab, and the status bar says so.
    connect(mValueSpace->controls(), &AnimationControls::playingChanged, this,
            [this, mleDock](bool playing) {
                if (playing && mleDock->isHidden())
                    showStatus(tr("The MLE optimizer dock (View menu) shows each iteration"));
                else if (playing && mleDock->visibleRegion().isEmpty())
                    showStatus(tr("The MLE optimizer tab beside Key space shows each iteration"));
            });
}

// --- menus -----------------------------------------------------------------------------------

void MainWindow::createMenus()
{
    createFileMenu();

    QMenu *editMenu = menuBar()->addMenu(tr("&Edit"));
    // The stack's actions (their text and enabled state follow it), triggering the document's
    // undo and redo, which know about a shown lesson step (ScenarioDocument::undo).
    QUndoStack *stack = mDocument->undoStack();
    QAction *undo = stack->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts(QKeySequence::Undo);
    disconnect(undo, &QAction::triggered, stack, &QUndoStack::undo);
    connect(undo, &QAction::triggered, mDocument, &ScenarioDocument::undo);
    QAction *redo = stack->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts(QKeySequence::Redo);
    disconnect(redo, &QAction::triggered, stack, &QUndoStack::redo);
    connect(redo, &QAction::triggered, mDocument, &ScenarioDocument::redo);
    editMenu->addAction(undo);
    editMenu->addAction(redo);
    editMenu->addSeparator();
    mScenarioDock->addEditActions(editMenu);

    createViewMenu();
    createHelpMenu();
}

void MainWindow::createHelpMenu()
{
    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(mLesson->tourAction());
    mExamplesMenu = helpMenu->addMenu(tr("&Examples"));
    connect(mExamplesMenu, &QMenu::aboutToShow, this, [this] { fillExamplesMenu(mExamplesMenu); });
    fillExamplesMenu(mExamplesMenu);
    QAction *whatsThis = QWhatsThis::createAction(this);
    whatsThis->setText(tr("What Am I &Seeing?"));
    whatsThis->setToolTip(tr("Then click a view: what it shows and which derivation step it is"));
    helpMenu->addAction(whatsThis);
    helpMenu->addSeparator();
    helpMenu->addAction(tr("&About SoftmaxLab"), this,
                        [this] { QMessageBox::about(this, tr("About SoftmaxLab"), aboutText()); });
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

QList<PlotView *> MainWindow::plotViews() const
{
    return findChildren<PlotView *>();
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
    fitTitleRow();
    const QString description = s.description.value_or(QString());
    if (mDescription->toPlainText() != description)
        mDescription->setPlainText(description);
    // A lesson step's caption stands in for the notes (the step banner, LessonPresenter).
    mDescription->setVisible(!description.isEmpty() && !mDocument->shownStep());

    mShapeLabel->setText(tr("m = %1 queries · T = %2 keys · d_k = %3 · d_v = %4 · τ = %5")
                             .arg(s.m())
                             .arg(s.T())
                             .arg(s.dK())
                             .arg(s.dV())
                             .arg(QString::number(mDocument->analysis().tau(), 'g', 4)));
}

void MainWindow::showStatus(const QString &message)
{
    showStatusWithTip(message, QString());
}

void MainWindow::showStatusWithTip(const QString &message, const QString &toolTip)
{
    // QStatusBar clips a long message at the permanent widget ("…softmaxlab.m = 31 queries"):
    // elide it to the room left of the shape label, with a gap.
    // A message longer than that room takes the whole bar while it shows: the shape label
    // (the numbers it says are in the views) steps aside rather than the message losing its
    // middle (presented, "…drawn at 1.5× h… larger text…": a fresh reader).
    QStatusBar *bar = statusBar();
    const int permanent = mShapeLabel && mShapeLabel->isVisible() ? mShapeLabel->width() : 0;
    int room = std::max(80, bar->width() - permanent - 48);
    if (permanent > 0 && bar->isVisible() && bar->fontMetrics().horizontalAdvance(message) > room) {
        mShapeLabel->setProperty("_sml_hiddenForMessage", true);
        mShapeLabel->hide();
        room = std::max(80, bar->width() - 48);
    }
    // (A window not shown yet has no width to elide to: the message as it is.)
    const QString shown =
        bar->isVisible() ? bar->fontMetrics().elidedText(message, Qt::ElideMiddle, room) : message;
    bar->showMessage(shown, 12000);
    bar->setToolTip(!toolTip.isEmpty() ? toolTip : shown != message ? message : QString());
}

// --- the screen ------------------------------------------------------------------------------

bool MainWindow::event(QEvent *event)
{
    const bool handled = QMainWindow::event(event);
    // After the layout has applied new size hints (it may have grown the window to its minimum
    // size), and when the window is shown or moves to another screen.
    switch (event->type()) {
    case QEvent::LayoutRequest:
    case QEvent::Show:
    case QEvent::ScreenChangeInternal:
        fitToScreen();
        break;
    default:
        break;
    }
    return handled;
}

void MainWindow::fitToScreen()
{
    if (isFullScreen() || isMaximized() || mFitting)
        return;
    const QScreen *where = screen() ? screen() : QGuiApplication::primaryScreen();
    if (!where)
        return;
    mFitting = true;
    const QRect available = where->availableGeometry();
    // Presentation text no larger than this screen has room for (Appearance::scaleCapForScreen).
    Appearance::instance()->setScreenScaleCap(Appearance::scaleCapForScreen(available.height()));
    // The frame (title bar, borders) is known once the window is shown.
    const QSize frame = isVisible() ? frameGeometry().size() - geometry().size() : QSize(0, 0);
    const QSize room = available.size() - frame;
    // Docks opened while presenting whose minimum widths and the views' no longer fit beside
    // each other (both docks back at 1280×800: the window was 1299 px wide, the Key space dock
    // off the screen, a fresh reader): the other docks close, the one shown last stays, and
    // the status bar says so. Leaving presentation mode brings the docks back as they were.
    if (Appearance::instance()->presentation() && minimumSize().width() > room.width()) {
        QStringList closed;
        for (QDockWidget *dock : findChildren<QDockWidget *>())
            if (dock != mLastShownDock && dock->isVisible() &&
                !tabifiedDockWidgets(dock).contains(mLastShownDock)) {
                dock->hide();
                closed << dock->windowTitle();
            }
        if (!closed.isEmpty()) {
            layout()->activate(); // the minimum size without them
            showStatus(tr("Closed %1: beside %2 it does not fit this screen while presenting")
                           .arg(closed.join(QStringLiteral(", ")),
                                mLastShownDock ? mLastShownDock->windowTitle() : tr("the views")));
        }
    }
    const QSize fitted = size().boundedTo(room).expandedTo(minimumSize());
    if (fitted != size())
        resize(fitted);
    QRect outer = isVisible() ? frameGeometry() : QRect(pos(), fitted + frame);
    const int dx =
        std::max(available.left() - outer.left(), std::min(0, available.right() - outer.right()));
    const int dy =
        std::max(available.top() - outer.top(), std::min(0, available.bottom() - outer.bottom()));
    if (dx != 0 || dy != 0)
        move(pos() + QPoint(dx, dy));
    mFitting = false;
}

// --- settings --------------------------------------------------------------------------------

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
