#include "window/FirstPaintProbe.h"

#include "document/ScenarioDocument.h"

#include <QCoreApplication>
#include <QEvent>
#include <QFile>
#include <QPointer>
#include <QTimer>
#include <QWidget>

#include <cstdio>
#include <ctime>
#include <unistd.h>

namespace sml {

namespace {

double monotonicMs(clockid_t clock)
{
    timespec ts{};
    clock_gettime(clock, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

/// Milliseconds since the process started.
double elapsedSinceStartMs()
{
    bool ok = false;
    const qint64 t0 = qEnvironmentVariable("SOFTMAXLAB_BENCH_T0_NS").toLongLong(&ok);
    if (ok && t0 > 0)
        return monotonicMs(CLOCK_MONOTONIC) - double(t0) / 1e6;
    // Field 22 of /proc/self/stat: start time in clock ticks after boot.
    QFile stat(QStringLiteral("/proc/self/stat"));
    if (!stat.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray text = stat.readAll();
    const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
    if (fields.size() < 20)
        return -1;
    const double startMs = fields[19].toDouble() * 1e3 / double(sysconf(_SC_CLK_TCK));
    return monotonicMs(CLOCK_BOOTTIME) - startMs;
}

class FirstPaintFilter : public QObject
{
public:
    FirstPaintFilter(QWidget *window, ScenarioDocument *document)
        : QObject(window), mWindow(window), mDocument(document)
    {
    }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (mDone || event->type() != QEvent::Paint || !mDocument->isAnalysisCurrent())
            return false;
        auto *widget = qobject_cast<QWidget *>(watched);
        if (!widget || widget->window() != mWindow)
            return false;
        mDone = true;
        // Runs once the current paint (and the flush of the frame) has finished.
        QTimer::singleShot(0, this, [] {
            std::fprintf(stderr, "softmaxlab-bench first-paint-ms=%.3f\n", elapsedSinceStartMs());
            std::fflush(stderr);
            QCoreApplication::exit(0);
        });
        return false;
    }

private:
    QPointer<QWidget> mWindow;
    ScenarioDocument *mDocument;
    bool mDone = false;
};

} // namespace

void installFirstPaintProbe(QWidget *window, ScenarioDocument *document)
{
    QCoreApplication::instance()->installEventFilter(new FirstPaintFilter(window, document));
}

} // namespace sml
