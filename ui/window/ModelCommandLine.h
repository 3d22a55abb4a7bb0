#pragma once

#include "ScenarioIo.h"

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <optional>
#include <variant>

namespace sml::cli {

/// The command-line options of model scenarios (scenario-format.md, "Command line: additions";
/// issue 17): `--embeddings X --wq WQ --wk WK --wv WV [--wo WO]` builds a model scenario from
/// matrices (importModelScenario), and `--head N` (1-based, default 1) picks the head of a model
/// scenario whose views `--export` writes. Kept out of CommandLine.cpp, which calls these.
struct ModelOptions
{
    QCommandLineOption embeddings;
    QCommandLineOption wq;
    QCommandLineOption wk;
    QCommandLineOption wv;
    QCommandLineOption wo;
    QCommandLineOption head;

    /// True when any of --embeddings, --wq, --wk, --wv, --wo is given.
    bool importing(const QCommandLineParser &parser) const;
    /// The usage error (exit 64) of these options, if any: the four matrices go together, not
    /// with FILE or --queries/--keys, need one of --report, --export, --save (`hasAction`), each
    /// once and with a file name; --head is a positive integer and goes with --report or
    /// --export.
    std::optional<QString> usageError(const QCommandLineParser &parser, const QString &file,
                                      bool hasAction) const;
    /// importModelScenario() of the given files.
    LoadResult importScenario(const QCommandLineParser &parser) const;
    /// The 0-based head of `--head N` (0 without it), or the message of exit 2 when N is beyond
    /// the scenario's heads (a scenario without a model has one).
    std::variant<int, QString> headIndex(const QCommandLineParser &parser,
                                         const Scenario &scenario) const;
};

/// Adds the options above to `parser` and returns them.
ModelOptions addModelOptions(QCommandLineParser &parser);

} // namespace sml::cli
