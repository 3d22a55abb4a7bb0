#pragma once

#include "ScenarioIo.h"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>

class QLockFile;

namespace sml {

class ScenarioDocument;

/// Crash recovery for one document (issue 4, "Autosave").
///
/// While the document is modified, a recovery copy is written every interval() ms (QSettings
/// "autosave/intervalMs", default 30 000; 0 turns autosave off) when it changed since the last
/// copy. The files live in QStandardPaths::AppDataLocation/recovery/, named after a per-session
/// id:
/// - `<id>.softmaxlab.json`: the scenario (ScenarioIo::saveFile, atomic);
/// - `<id>.recovery.json`: a small sidecar, written after the scenario:
///   `{"format": "softmaxlab-recovery", "version": 1, "original": "/path/lesson.softmaxlab.json"
///   or "", "name": "lesson.softmaxlab.json", "saved": "2024-…Z", "pid": 1234}`;
/// - `<id>.lock`: a QLockFile held while the session owns the copy.
///
/// The copy is deleted as soon as the document is unmodified again (saved, undone to the saved
/// state, replaced by New/Open) and when this object is destroyed (a normal end of the session).
/// So a copy that is still there with a stale lock (its process is gone: a crash or a SIGKILL) is
/// an orphan: findOrphans() lists them for the start-up offer (MainWindow::offerRecovery). The
/// user's own file is never written here.
class Autosave : public QObject
{
    Q_OBJECT

public:
    /// A recovery copy left by a session that did not end normally.
    struct Recovery
    {
        QString scenarioPath; ///< the recovery copy (<id>.softmaxlab.json)
        QString sidecarPath;  ///< <id>.recovery.json
        QString lockPath;     ///< <id>.lock
        QString originalPath; ///< the file the session was editing; empty when untitled
        QString name;         ///< what the window title showed ("lesson.softmaxlab.json")
        QDateTime saved;      ///< when the copy was written (UTC)
    };

    explicit Autosave(ScenarioDocument *document, QObject *parent = nullptr);
    /// Deletes this session's copy (the session ends normally).
    ~Autosave() override;

    /// AppDataLocation/recovery (not created).
    static QString recoveryDirectory();
    /// The QSettings value "autosave/intervalMs" (default 30000).
    static int intervalSetting();

    int interval() const { return mInterval; }
    /// This session's copy (it exists only while the document is modified, after a tick).
    QString recoveryFilePath() const;
    QString sidecarFilePath() const;

    /// Writes the copy now when the document is modified (the timer calls this when it changed).
    /// Returns false when there was nothing to write or writing failed.
    bool writeNow();
    /// Deletes this session's copy and releases its lock.
    void discard();
    /// The session ends cleanly (the window closed after Save or Discard): deletes the copy and
    /// writes no more.
    void finish();

    /// Copies whose session is gone (their lock is stale or missing), newest first.
    static QList<Recovery> findOrphans();
    /// Loads an orphan's scenario (ScenarioIo::loadFile).
    static LoadResult load(const Recovery &recovery);
    /// Deletes an orphan's files.
    static void remove(const Recovery &recovery);

signals:
    /// A copy was written (for the status bar and tests).
    void written(const QString &path);
    /// No copy could be written, and why (for example: the scenario is larger than a scenario
    /// file may be). Said once per reason; the copies are retried on the next change.
    void failed(const QString &message);

private:
    void tick();
    void modifiedChanged(bool modified);

    ScenarioDocument *mDocument;
    QTimer mTimer;
    int mInterval;
    QString mId;
    bool mDirty = false;
    bool mFinished = false;
    /// The numberCount() of a scenario refused as too large: while the scenario has at least
    /// as many numbers, no copy is tried (serializing it takes seconds, and cannot succeed).
    qint64 mRefusedNumbers = -1;
    QString mLastFailure;
    std::unique_ptr<QLockFile> mLock;
};

} // namespace sml
