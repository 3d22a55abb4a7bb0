#pragma once

#include <QObject>
#include <QStringList>

class QMenu;
class QWidget;

namespace sml {

/// File ▸ Open Recent: the scenario files last opened or saved, newest first, at most maxFiles,
/// as absolute paths in QSettings under "recentFiles" (shared by every window and every run).
///
/// menu() ("Open &Recent", objectName "recentFilesMenu") lists them as "&1 name.softmaxlab.json"
/// … (the folder as tooltip and status tip, the path as the action's data()), or a disabled
/// "(no recent files)", then "&Clear list" (objectName "clearRecentFilesAction", disabled when
/// the list is empty). It is refilled after every change and whenever it is about to show.
/// Choosing an entry emits openRequested(); opening the file is the window's job.
class RecentFiles : public QObject
{
    Q_OBJECT

public:
    /// At most this many files are kept.
    static constexpr int maxFiles = 10;

    /// Creates the menu as a child of `menuParent` (the File menu), not yet inserted anywhere.
    explicit RecentFiles(QWidget *menuParent, QObject *parent = nullptr);

    QMenu *menu() const { return mMenu; }

    /// The list, newest first, at most maxFiles (empty entries dropped).
    static QStringList files();
    /// Puts `path` (made absolute) at the front, without a duplicate, and cuts the list to
    /// maxFiles. An empty path is ignored.
    void add(const QString &path);
    /// Drops `path` (as it is listed) from the list, e.g. a file that has gone.
    void remove(const QString &path);
    /// Empties the list ("Clear list").
    void clear();

signals:
    /// An entry of the menu was chosen.
    void openRequested(const QString &path);

private:
    static void store(const QStringList &files);
    void fillMenu();

    QMenu *mMenu;
};

} // namespace sml
