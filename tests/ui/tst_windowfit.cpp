// The main window fits the screen it opens on (issue 14, item 7): on a 1280×800 screen (the
// offscreen platform with a configured screen), every shipped scenario and a 12-token import
// open inside the available geometry, in normal and presentation mode, and a saved geometry
// larger than the screen is brought back inside it.
#include "ProjectorScreen.h"
#include "ScenarioIo.h"
#include "document/ScenarioDocument.h"
#include "style/Appearance.h"
#include "window/MainWindow.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QScopeGuard>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using namespace sml;

namespace {

/// Twelve tokens with long labels in d_k = 3 (what an import of a sentence gives).
Scenario twelveTokenImport()
{
    Scenario s = defaultScenario();
    s.queries.resize(12, 3);
    s.keys.resize(12, 3);
    s.values.resize(12, 2);
    for (Eigen::Index k = 0; k < s.queries.size(); ++k)
        s.queries.data()[k] = std::sin(1.3 * double(k + 1));
    for (Eigen::Index k = 0; k < s.keys.size(); ++k)
        s.keys.data()[k] = std::sin(2.7 * double(k + 1));
    for (Eigen::Index k = 0; k < s.values.size(); ++k)
        s.values.data()[k] = std::sin(0.9 * double(k + 1));
    s.queryLabels.clear();
    s.keyLabels.clear();
    for (int t = 0; t < 12; ++t) {
        s.queryLabels << QStringLiteral("token number %1 of the sentence").arg(t + 1);
        s.keyLabels << QStringLiteral("token number %1 of the sentence").arg(t + 1);
    }
    s.maxentTargets.reset();
    s.freeVariances.resize(0, 0);
    s.normalizeSideArrays();
    return s;
}

QString describe(const QRect &r)
{
    return QStringLiteral("%1×%2 at (%3, %4)").arg(r.width()).arg(r.height()).arg(r.x()).arg(r.y());
}

/// The minimum widths of the docks, the central widget and its tab pages, for the message.
QString minimumWidths(MainWindow *window)
{
    QStringList out;
    for (QDockWidget *d : window->findChildren<QDockWidget *>())
        if (d->isVisible())
            out << QStringLiteral("%1 %2").arg(d->objectName()).arg(d->minimumSizeHint().width());
    out << QStringLiteral("central %1").arg(window->centralWidget()->minimumSizeHint().width());
    for (QWidget *w : window->centralWidget()->findChildren<QWidget *>(Qt::FindDirectChildrenOnly))
        if (w->isVisible())
            out << QStringLiteral("%1 %2")
                       .arg(w->metaObject()->className())
                       .arg(w->minimumSizeHint().width());
    if (auto *tabs = window->centralWidget()->findChild<QTabWidget *>())
        for (int k = 0; k < tabs->count(); ++k)
            out << QStringLiteral("tab %1: %2")
                       .arg(k)
                       .arg(tabs->widget(k)->minimumSizeHint().width());
    return out.join(QStringLiteral("; "));
}

} // namespace

class TestWindowFit : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void fitsTheScreen_data();
    void fitsTheScreen();
    void savedGeometryLargerThanTheScreen();
};

void TestWindowFit::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    const QScreen *screen = QGuiApplication::primaryScreen();
    QVERIFY(screen);
    QCOMPARE(screen->availableGeometry().size(), QSize(1280, 800));
}

void TestWindowFit::fitsTheScreen_data()
{
    QTest::addColumn<QString>("scenario"); // a resource, or "" for the 12-token import
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<double>("scale"); // the presentation scale; 0: the default
    QStringList files = QDir(QStringLiteral(":/scenarios")).entryList({"*.softmaxlab.json"});
    QVERIFY(files.size() >= 10);
    for (bool presentation : {false, true}) {
        for (const QString &f : std::as_const(files))
            QTest::newRow(qPrintable(f + (presentation ? " presentation" : " normal")))
                << QStringLiteral(":/scenarios/") + f << presentation << 0.0;
        QTest::newRow(presentation ? "12-token import presentation" : "12-token import normal")
            << QString() << presentation << 0.0;
    }
    // The tour's lesson (the longest captions) presented larger: presentation mode shows its
    // first step, and the banner's reserved heights must not become the window's minimum.
    for (double scale : {2.0, 3.0})
        QTest::newRow(qPrintable(QStringLiteral("default.softmaxlab.json presentation x%1")
                                     .arg(scale)))
            << QStringLiteral(":/scenarios/default.softmaxlab.json") << true << scale;
}

void TestWindowFit::fitsTheScreen()
{
    QFETCH(QString, scenario);
    QFETCH(bool, presentation);
    QFETCH(double, scale);
    QSettings().clear();
    Appearance::instance()->setPresentation(false);
    const double defaultScale = Appearance::instance()->presentationScale();
    if (scale > 0)
        Appearance::instance()->setPresentationScale(scale);
    const auto restoreScale = qScopeGuard(
        [defaultScale] { Appearance::instance()->setPresentationScale(defaultScale); });
    MainWindow window;
    window.setErrorReporter(
        [](const QString &, const QString &message) { QFAIL(qPrintable(message)); });
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    if (scenario.isEmpty()) {
        QVERIFY(!window.document()->importScenario(twelveTokenImport(), QStringLiteral("Import")));
    } else {
        QString error;
        QVERIFY2(window.openFile(scenario, &error), qPrintable(error));
    }
    if (presentation)
        Appearance::instance()->setPresentation(true);
    if (presentation && window.document()->baseScenario().lesson)
        QVERIFY(window.document()->shownStep());
    for (int tab = 0; tab < 8; ++tab) { // each tab computes its own size hints when shown
        window.findChild<QTabWidget *>()->setCurrentIndex(tab);
        QTest::qWait(20);
        const QRect available = window.screen()->availableGeometry();
        QVERIFY2(
            available.contains(window.frameGeometry()),
            qPrintable(QStringLiteral("tab %1: window %2 on a screen of %3; minimum widths: %4")
                           .arg(tab)
                           .arg(describe(window.frameGeometry()), describe(available),
                                minimumWidths(&window))));
        QVERIFY2(window.minimumSizeHint().width() <= 1280,
                 qPrintable(QString::number(window.minimumSizeHint().width())));
    }
    Appearance::instance()->setPresentation(false);
}

void TestWindowFit::savedGeometryLargerThanTheScreen()
{
    // A geometry saved on a larger screen (1536×940): the window opens inside 1280×800.
    {
        QSettings().clear();
        MainWindow big;
        big.setGeometry(0, 0, 1536, 940);
        QSettings().setValue(QStringLiteral("window/geometry"), big.saveGeometry());
    }
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(20);
    QVERIFY2(window.screen()->availableGeometry().contains(window.frameGeometry()),
             qPrintable(describe(window.frameGeometry())));
    QSettings().clear();
}

int main(int argc, char **argv)
{
    return sml::test::runOnProjectorScreen<TestWindowFit>(argc, argv);
}

#include "tst_windowfit.moc"
