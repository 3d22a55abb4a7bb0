// bench_makefile: writes the benchmark scenario of one size to a file, for the start-up and
// open-file measurements of bench/run.sh.   bench_makefile T D FILE
#include "BenchCommon.h"
#include "ScenarioIo.h"

#include <QCoreApplication>

#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc != 4) {
        std::fprintf(stderr, "usage: bench_makefile T D FILE\n");
        return 64;
    }
    const sml::Scenario s = smlbench::benchScenario(std::atoi(argv[1]), std::atoi(argv[2]));
    if (const auto error = sml::ScenarioIo::saveFile(s, QString::fromLocal8Bit(argv[3]))) {
        std::fprintf(stderr, "%s\n", qPrintable(error->message));
        return 1;
    }
    return 0;
}
