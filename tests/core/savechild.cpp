// Helper process for tests/core/tst_atomicsave.cpp (issue 6, "Nothing lost"). It saves with
// ScenarioIo::saveFile exactly as the app does, so that the test can kill it or starve it.
//
//   savechild loop PATH          save scenario A over PATH and print "ready", then save B, A,
//                                B, … forever, printing "saving K" before and "saved K" after
//                                the K-th (the test SIGKILLs it)
//   savechild fsize PATH BYTES   with RLIMIT_FSIZE = BYTES and SIGXFSZ ignored (a full disk that
//                                works even as root), save B over PATH once
//   savechild readonly PATH      as an unprivileged user (uid 65534 when started as root), save B
//                                over PATH, whose directory is read-only
//   savechild load PATH          load PATH with ScenarioIo::loadFile and print "loaded" or
//                                "refused", the peak resident set size before and after (KiB),
//                                and "sanitized" under AddressSanitizer (tst_loadmemory)
//
// fsize and readonly print "<category>\t<message>" and exit 0 when saveFile refused, 3 when it
// unexpectedly succeeded. Exit 64 on a usage error, 4 when privileges cannot be dropped.
#include "AtomicSaveScenarios.h"
#include "ScenarioIo.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <variant>

#include <grp.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace sml;

namespace {

int reportRefusal(const std::optional<LoadError> &error)
{
    if (!error) {
        std::printf("saved\n");
        return 3;
    }
    std::printf("%s\t%s\n", qPrintable(categoryName(error->category)),
                error->message.toUtf8().constData());
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 3)
        return 64;
    const QString path = QString::fromLocal8Bit(argv[2]);
    const char *mode = argv[1];

    if (std::strcmp(mode, "loop") == 0) {
        const Scenario a = atomicsave::build('A');
        const Scenario b = atomicsave::build('B');
        if (const auto error = ScenarioIo::saveFile(a, path)) {
            std::fprintf(stderr, "savechild: %s\n", qPrintable(error->message));
            return 3;
        }
        std::printf("ready\n");
        std::fflush(stdout);
        for (long k = 1;; ++k) {
            // Unbuffered lines around each save tell the test where its kill landed.
            std::printf("saving %ld\n", k);
            std::fflush(stdout);
            if (const auto error = ScenarioIo::saveFile(k % 2 ? b : a, path)) {
                std::fprintf(stderr, "savechild: %s\n", qPrintable(error->message));
                return 3;
            }
            std::printf("saved %ld\n", k);
            std::fflush(stdout);
        }
    }
    if (std::strcmp(mode, "fsize") == 0 && argc == 4) {
        const Scenario b = atomicsave::build('B');
        signal(SIGXFSZ, SIG_IGN);
        rlimit limit{};
        getrlimit(RLIMIT_FSIZE, &limit);
        limit.rlim_cur = rlim_t(std::strtoull(argv[3], nullptr, 10));
        if (setrlimit(RLIMIT_FSIZE, &limit) != 0)
            return 4;
        return reportRefusal(ScenarioIo::saveFile(b, path));
    }
    if (std::strcmp(mode, "readonly") == 0) {
        const Scenario b = atomicsave::build('B');
        if (geteuid() == 0) {
            // Root writes into read-only directories; become "nobody" first.
            if (setgroups(0, nullptr) != 0 || setgid(65534) != 0 || setuid(65534) != 0)
                return 4;
        }
        return reportRefusal(ScenarioIo::saveFile(b, path));
    }
    if (std::strcmp(mode, "load") == 0) {
        rusage before{};
        getrusage(RUSAGE_SELF, &before);
        const LoadResult loaded = ScenarioIo::loadFile(path);
        rusage after{};
        getrusage(RUSAGE_SELF, &after);
#if defined(__SANITIZE_ADDRESS__)
        const char *build = "sanitized";
#else
        const char *build = "plain";
#endif
        std::printf("%s %ld %ld %s\n",
                    std::holds_alternative<Scenario>(loaded) ? "loaded" : "refused",
                    before.ru_maxrss, after.ru_maxrss, build);
        return 0;
    }
    return 64;
}
