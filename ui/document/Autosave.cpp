#include "document/Autosave.h"

#include "AtomicFile.h"
#include "BoundedFile.h"

#include "document/ScenarioDocument.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QSettings>
#include <QStandardPaths>

#include <algorithm>
#include <atomic>

namespace sml {

namespace {

const QString sidecarSuffix = QStringLiteral(".recovery.json");
const QString scenarioSuffix = QStringLiteral(".softmaxlab.json");
const QString lockSuffix = QStringLiteral(".lock");

QString newSessionId()
{
    static std::atomic<int> counter{0};
    return QStringLiteral("session-%1-%2-%3")
        .arg(QCoreApplication::applicationPid())
        .arg(QDateTime::currentMSecsSinceEpoch())
        .arg(++counter);
}

} // namespace

Autosave::Autosave(ScenarioDocument *document, QObject *parent)
    : QObject(parent), mDocument(document), mInterval(intervalSetting()), mId(newSessionId())
{
    mTimer.setInterval(std::max(1, mInterval));
    connect(&mTimer, &QTimer::timeout, this, &Autosave::tick);
    connect(mDocument, &ScenarioDocument::changed, this, [this] {
        mDirty = true;
        if (mDocument->isModified() && mInterval > 0 && !mFinished && !mTimer.isActive())
            mTimer.start();
    });
    connect(mDocument, &ScenarioDocument::modifiedChanged, this, &Autosave::modifiedChanged);
    if (mDocument->isModified())
        modifiedChanged(true);
}

Autosave::~Autosave()
{
    discard();
}

QString Autosave::recoveryDirectory()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("recovery"));
}

int Autosave::intervalSetting()
{
    bool ok = false;
    const int ms = QSettings().value(QStringLiteral("autosave/intervalMs"), 30000).toInt(&ok);
    if (!ok || ms < 0)
        return 30000;
    return ms == 0 ? 0 : std::max(10, ms);
}

QString Autosave::recoveryFilePath() const
{
    return QDir(recoveryDirectory()).filePath(mId + scenarioSuffix);
}

QString Autosave::sidecarFilePath() const
{
    return QDir(recoveryDirectory()).filePath(mId + sidecarSuffix);
}

void Autosave::modifiedChanged(bool modified)
{
    if (!modified) {
        // Saved, undone to the saved state, or replaced: the copy is no longer needed.
        mTimer.stop();
        discard();
    } else if (mInterval > 0 && !mFinished && !mTimer.isActive()) {
        mDirty = true;
        mTimer.start();
    }
}

void Autosave::tick()
{
    if (!mDocument->isModified()) {
        mTimer.stop();
        discard();
        return;
    }
    if (mDirty || !QFile::exists(recoveryFilePath()))
        writeNow();
}

bool Autosave::writeNow()
{
    if (mFinished || !mDocument->isModified())
        return false;
    const QString dir = recoveryDirectory();
    if (!QDir().mkpath(dir)) {
        qWarning("autosave: cannot create %s", qPrintable(dir));
        return false;
    }
    if (!mLock) {
        mLock = std::make_unique<QLockFile>(QDir(dir).filePath(mId + lockSuffix));
        mLock->setStaleLockTime(0);
        if (!mLock->tryLock(0))
            qWarning("autosave: cannot lock %s", qPrintable(mId));
    }
    const qint64 numbers = ScenarioIo::numberCount(mDocument->fileScenario());
    if (mRefusedNumbers >= 0 && numbers >= mRefusedNumbers)
        return false; // too large for a scenario file, as last time
    if (auto error = ScenarioIo::saveFile(mDocument->fileScenario(), recoveryFilePath())) {
        qWarning("autosave: %s", qPrintable(error->message));
        if (error->category == ErrorCategory::Limit)
            mRefusedNumbers = numbers;
        if (error->message != mLastFailure) {
            mLastFailure = error->message;
            emit failed(error->message);
        }
        return false;
    }
    mRefusedNumbers = -1;
    mLastFailure.clear();
    const QJsonObject sidecar{
        {QStringLiteral("format"), QStringLiteral("softmaxlab-recovery")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("original"), mDocument->filePath()},
        {QStringLiteral("name"), mDocument->displayName()},
        {QStringLiteral("saved"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {QStringLiteral("pid"), QCoreApplication::applicationPid()},
    };
    if (auto reason = writeFileAtomically(sidecarFilePath(), QJsonDocument(sidecar).toJson())) {
        qWarning("autosave: cannot write %s: %s", qPrintable(sidecarFilePath()),
                 qPrintable(*reason));
        return false;
    }
    mDirty = false;
    emit written(recoveryFilePath());
    return true;
}

void Autosave::discard()
{
    QFile::remove(sidecarFilePath()); // first: without it the copy is never offered
    QFile::remove(recoveryFilePath());
    if (mLock) {
        mLock->unlock(); // removes the lock file
        mLock.reset();
    }
}

void Autosave::finish()
{
    mFinished = true;
    mTimer.stop();
    discard();
}

QList<Autosave::Recovery> Autosave::findOrphans()
{
    QList<Recovery> orphans;
    const QDir dir(recoveryDirectory());
    if (!dir.exists())
        return orphans;
    const QStringList sidecars =
        dir.entryList({QStringLiteral("*") + sidecarSuffix}, QDir::Files, QDir::Name);
    for (const QString &name : sidecars) {
        const QString id = name.left(name.size() - sidecarSuffix.size());
        Recovery r;
        r.sidecarPath = dir.filePath(name);
        r.scenarioPath = dir.filePath(id + scenarioSuffix);
        r.lockPath = dir.filePath(id + lockSuffix);

        // A live session (this one or another window) holds its lock; a dead one's lock is
        // stale (QLockFile checks that its process is gone) and can be taken.
        QLockFile lock(r.lockPath);
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0))
            continue;
        lock.unlock();

        if (!QFileInfo(r.scenarioPath).isFile()) {
            remove(r); // a sidecar without its copy: nothing to offer
            continue;
        }
        QJsonObject info; // a sidecar that cannot be read (or is not a file) tells nothing
        if (const FileBytes sidecar = readBoundedFile(r.sidecarPath, QStringLiteral("sidecar"));
            std::holds_alternative<QByteArray>(sidecar))
            info = QJsonDocument::fromJson(std::get<QByteArray>(sidecar)).object();
        r.originalPath = info.value(QStringLiteral("original")).toString();
        r.name = info.value(QStringLiteral("name")).toString();
        if (r.name.isEmpty())
            r.name = r.originalPath.isEmpty() ? QCoreApplication::translate("Autosave", "untitled")
                                              : QFileInfo(r.originalPath).fileName();
        r.saved = QDateTime::fromString(info.value(QStringLiteral("saved")).toString(),
                                        Qt::ISODateWithMs);
        if (!r.saved.isValid())
            r.saved = QFileInfo(r.scenarioPath).lastModified().toUTC();
        orphans << r;
    }
    std::sort(orphans.begin(), orphans.end(),
              [](const Recovery &a, const Recovery &b) { return a.saved > b.saved; });
    return orphans;
}

LoadResult Autosave::load(const Recovery &recovery)
{
    return ScenarioIo::loadFile(recovery.scenarioPath);
}

void Autosave::remove(const Recovery &recovery)
{
    QFile::remove(recovery.sidecarPath);
    QFile::remove(recovery.scenarioPath);
    QFile::remove(recovery.lockPath);
}

} // namespace sml
