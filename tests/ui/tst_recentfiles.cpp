// File ▸ Open Recent on its own (RecentFiles): the list in QSettings "recentFiles" (newest first,
// absolute, at most 10, no duplicates), removing and clearing, and the menu it keeps: numbered
// entries with the path as data and tooltip, "&" escaped, the placeholder, "Clear list" enabled
// only with entries, and openRequested() for a chosen entry.
#include "window/RecentFiles.h"

#include <QAction>
#include <QDir>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace sml;

namespace {

/// The menu's file entries (those with a path as data), after an aboutToShow.
QList<QAction *> entries(QMenu *menu)
{
    emit menu->aboutToShow();
    QList<QAction *> list;
    for (QAction *a : menu->actions())
        if (!a->data().toString().isEmpty())
            list << a;
    return list;
}

QAction *clearAction(QMenu *menu)
{
    for (QAction *a : menu->actions())
        if (a->objectName() == QLatin1String("clearRecentFilesAction"))
            return a;
    return nullptr;
}

} // namespace

class TestRecentFiles : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().remove(QStringLiteral("recentFiles")); }

    void keepsTheTenNewestFirstWithoutDuplicates()
    {
        QTemporaryDir dir;
        QMenu parent;
        RecentFiles recent(&parent);
        QCOMPARE(RecentFiles::maxFiles, 10);
        QVERIFY(RecentFiles::files().isEmpty());
        QStringList paths;
        for (int n = 0; n < 12; ++n) {
            paths << dir.filePath(QStringLiteral("lesson-%1.softmaxlab.json").arg(n));
            recent.add(paths.last());
        }
        QStringList expected;
        for (int n = 11; n >= 2; --n)
            expected << paths[n];
        QCOMPARE(RecentFiles::files(), expected);
        QCOMPARE(QSettings().value(QStringLiteral("recentFiles")).toStringList(), expected);

        recent.add(paths[5]); // to the front, once
        QCOMPARE(RecentFiles::files().first(), paths[5]);
        QCOMPARE(RecentFiles::files().size(), 10);
        QCOMPARE(RecentFiles::files().count(paths[5]), 1);
        recent.add(QString()); // ignored
        QCOMPARE(RecentFiles::files().size(), 10);
        QCOMPARE(RecentFiles::files().first(), paths[5]);
    }

    void storesAbsolutePathsAndSkipsEmptyEntries()
    {
        QTemporaryDir dir;
        const QString before = QDir::currentPath();
        QVERIFY(QDir::setCurrent(dir.path()));
        QMenu parent;
        RecentFiles recent(&parent);
        recent.add(QStringLiteral("relative.softmaxlab.json"));
        QVERIFY(QDir::setCurrent(before));
        QCOMPARE(RecentFiles::files(),
                 QStringList{QDir(dir.path()).absoluteFilePath("relative.softmaxlab.json")});
        // A list written by hand (or an older version) may hold empty entries: they are dropped.
        QSettings().setValue(QStringLiteral("recentFiles"),
                             QStringList{QString(), QStringLiteral("/a.json"), QString()});
        QCOMPARE(RecentFiles::files(), QStringList{QStringLiteral("/a.json")});
    }

    void removeAndClear()
    {
        QMenu parent;
        RecentFiles recent(&parent);
        for (const char *p : {"/x/a.json", "/x/b.json", "/x/c.json"})
            recent.add(QString::fromLatin1(p));
        recent.remove(QStringLiteral("/x/b.json"));
        QCOMPARE(RecentFiles::files(),
                 (QStringList{QStringLiteral("/x/c.json"), QStringLiteral("/x/a.json")}));
        QCOMPARE(entries(recent.menu()).size(), 2);
        recent.remove(QStringLiteral("/x/not-listed.json")); // nothing to drop
        QCOMPARE(RecentFiles::files().size(), 2);
        recent.clear();
        QVERIFY(RecentFiles::files().isEmpty());
        QVERIFY(entries(recent.menu()).isEmpty());
    }

    void menuListsTheFilesAndOpensThem()
    {
        QMenu parent;
        RecentFiles recent(&parent);
        QMenu *menu = recent.menu();
        QCOMPARE(menu->parent(), &parent);
        QCOMPARE(menu->title(), QStringLiteral("Open &Recent"));
        QCOMPARE(menu->objectName(), QStringLiteral("recentFilesMenu"));

        // Empty: a disabled placeholder, a separator and a disabled "Clear list".
        QList<QAction *> actions = menu->actions();
        QCOMPARE(actions.size(), 3);
        QCOMPARE(actions[0]->text(), QStringLiteral("(no recent files)"));
        QVERIFY(!actions[0]->isEnabled());
        QVERIFY(actions[1]->isSeparator());
        QCOMPARE(actions[2], clearAction(menu));
        QCOMPARE(actions[2]->text(), QStringLiteral("&Clear list"));
        QVERIFY(!actions[2]->isEnabled());

        QStringList paths;
        for (int n = 0; n < 10; ++n)
            paths.prepend(QStringLiteral("/lessons/l%1.softmaxlab.json").arg(n));
        paths[1] = QStringLiteral("/lessons/Q&A.softmaxlab.json");
        for (auto it = paths.crbegin(); it != paths.crend(); ++it)
            recent.add(*it);
        QCOMPARE(RecentFiles::files(), paths);
        const QList<QAction *> files = entries(menu);
        QCOMPARE(files.size(), 10);
        QCOMPARE(files[0]->text(), QStringLiteral("&1 l9.softmaxlab.json"));
        QCOMPARE(files[1]->text(), QStringLiteral("&2 Q&&A.softmaxlab.json")); // no mnemonic "A"
        QCOMPARE(files[8]->text(), QStringLiteral("&9 l1.softmaxlab.json"));
        QCOMPARE(files[9]->text(), QStringLiteral("l0.softmaxlab.json")); // no "&10"
        for (int n = 0; n < 10; ++n) {
            QCOMPARE(files[n]->data().toString(), paths[n]);
            QCOMPARE(files[n]->toolTip(), QDir::toNativeSeparators(paths[n]));
            QCOMPARE(files[n]->statusTip(), QDir::toNativeSeparators(paths[n]));
        }
        QVERIFY(clearAction(menu)->isEnabled());
        for (QAction *a : menu->actions())
            QVERIFY(a->text() != QLatin1String("(no recent files)"));

        QSignalSpy open(&recent, &RecentFiles::openRequested);
        files[1]->trigger();
        QCOMPARE(open.count(), 1);
        QCOMPARE(open.first().at(0).toString(), paths[1]);
        QCOMPARE(RecentFiles::files(), paths); // choosing is not opening: the list is unchanged

        clearAction(menu)->trigger();
        QVERIFY(RecentFiles::files().isEmpty());
        QCOMPARE(menu->actions().size(), 3);
        QVERIFY(!clearAction(menu)->isEnabled());
    }

    void menuFollowsTheSettingsWhenShown()
    {
        // Another window (or run) changed the list: the menu shows it when it is next opened.
        QMenu parent;
        RecentFiles recent(&parent);
        QVERIFY(entries(recent.menu()).isEmpty());
        QSettings().setValue(QStringLiteral("recentFiles"),
                             QStringList{QStringLiteral("/elsewhere/e.softmaxlab.json")});
        const QList<QAction *> files = entries(recent.menu());
        QCOMPARE(files.size(), 1);
        QCOMPARE(files[0]->text(), QStringLiteral("&1 e.softmaxlab.json"));
    }
};

QTEST_MAIN(TestRecentFiles)
#include "tst_recentfiles.moc"
