#include "window/RecentFiles.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace sml {

namespace {

const QString recentFilesKey = QStringLiteral("recentFiles");

} // namespace

RecentFiles::RecentFiles(QWidget *menuParent, QObject *parent)
    : QObject(parent), mMenu(new QMenu(tr("Open &Recent"), menuParent))
{
    mMenu->setObjectName(QStringLiteral("recentFilesMenu"));
    connect(mMenu, &QMenu::aboutToShow, this, &RecentFiles::fillMenu);
    fillMenu();
}

QStringList RecentFiles::files()
{
    QStringList files = QSettings().value(recentFilesKey).toStringList();
    files.removeAll(QString());
    return files.mid(0, maxFiles);
}

void RecentFiles::store(const QStringList &files)
{
    QSettings().setValue(recentFilesKey, files);
}

void RecentFiles::add(const QString &path)
{
    if (path.isEmpty())
        return;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    store(list.mid(0, maxFiles));
    fillMenu();
}

void RecentFiles::remove(const QString &path)
{
    QStringList list = files();
    list.removeAll(path);
    store(list);
    fillMenu();
}

void RecentFiles::clear()
{
    store(QStringList());
    fillMenu();
}

void RecentFiles::fillMenu()
{
    mMenu->clear();
    const QStringList list = files();
    int n = 0;
    for (const QString &path : list) {
        ++n;
        // "&1 lesson.softmaxlab.json" with the folder as tooltip.
        QString name = QFileInfo(path).fileName();
        name.replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction *action =
            mMenu->addAction(n < 10 ? QStringLiteral("&%1 %2").arg(n).arg(name) : name, this,
                             [this, path] { emit openRequested(path); });
        action->setData(path);
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
    }
    if (list.isEmpty())
        mMenu->addAction(tr("(no recent files)"))->setEnabled(false);
    mMenu->addSeparator();
    QAction *clearAction = mMenu->addAction(tr("&Clear list"), this, &RecentFiles::clear);
    clearAction->setObjectName(QStringLiteral("clearRecentFilesAction"));
    clearAction->setEnabled(!list.isEmpty());
}

} // namespace sml
