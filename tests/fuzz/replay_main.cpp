// Replays fuzz inputs through the three fuzz entry points with a plain main(), so that the seed
// corpora and every crash ever found (tests/fuzz/crashes/) run in the normal GCC build under
// ctest, and a regression fails CI (issue 6, "Fuzzing").
//
//   fuzz_replay DIR_OR_FILE...
//
// Every regular file under each argument (recursively) goes through the scenario, CSV and .npy
// entry points alike: a crash input found by one reader must not crash the others either. A
// broken invariant aborts (FuzzChecks.h). Exits 1 when the arguments hold no file at all, so a
// wrong path cannot pass silently.
#include "FuzzChecks.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <cstdio>

int main(int argc, char **argv)
{
    QStringList files;
    for (int a = 1; a < argc; ++a) {
        const QString arg = QString::fromLocal8Bit(argv[a]);
        const QFileInfo info(arg);
        if (info.isFile()) {
            files << arg;
            continue;
        }
        if (!info.isDir()) {
            std::fprintf(stderr, "fuzz_replay: %s: no such file or directory\n", argv[a]);
            return 1;
        }
        QDirIterator it(arg, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext())
            files << it.next();
    }
    if (files.isEmpty()) {
        std::fprintf(stderr, "fuzz_replay: no input files\n");
        return 1;
    }
    files.sort();
    for (const QString &path : files) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "fuzz_replay: cannot read %s\n", qPrintable(path));
            return 1;
        }
        const QByteArray bytes = f.readAll();
        std::fprintf(stderr, "%s (%lld bytes)\n", qPrintable(path), qlonglong(bytes.size()));
        const auto *data = reinterpret_cast<const uint8_t *>(bytes.constData());
        const auto size = size_t(bytes.size());
        sml::fuzz::scenarioOne(data, size);
        sml::fuzz::csvOne(data, size);
        sml::fuzz::npyOne(data, size);
    }
    std::printf("fuzz_replay: %lld files replayed through 3 entry points, no invariant broken\n",
                qlonglong(files.size()));
    return 0;
}
