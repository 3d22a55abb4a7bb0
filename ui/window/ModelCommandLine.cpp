#include "window/ModelCommandLine.h"

#include "ModelImport.h"

namespace sml::cli {

ModelOptions addModelOptions(QCommandLineParser &parser)
{
    ModelOptions o{
        QCommandLineOption(QStringLiteral("embeddings"),
                           QStringLiteral("Build a model scenario from matrices instead of FILE: "
                                          "the token embeddings X (T x d_model), CSV or .npy. "
                                          "Needs --wq, --wk, --wv and one of --report, --export, "
                                          "--save."),
                           QStringLiteral("X")),
        QCommandLineOption(QStringLiteral("wq"),
                           QStringLiteral("W_Q (d_model x d_k), CSV or .npy, or a 3-D .npy "
                                          "(H, d_model, d_k) for H heads."),
                           QStringLiteral("WQ")),
        QCommandLineOption(QStringLiteral("wk"),
                           QStringLiteral("W_K (d_model x d_k), or a 3-D .npy (H, d_model, d_k)."),
                           QStringLiteral("WK")),
        QCommandLineOption(QStringLiteral("wv"),
                           QStringLiteral("W_V (d_model x d_v), or a 3-D .npy (H, d_model, d_v)."),
                           QStringLiteral("WV")),
        QCommandLineOption(QStringLiteral("wo"),
                           QStringLiteral("W_O ((H*d_v) x d_model), CSV or .npy (optional)."),
                           QStringLiteral("WO")),
        QCommandLineOption(QStringLiteral("head"),
                           QStringLiteral("The head of a model scenario whose views --export "
                                          "writes (1-based, default 1)."),
                           QStringLiteral("N")),
    };
    parser.addOptions({o.embeddings, o.wq, o.wk, o.wv, o.wo, o.head});
    return o;
}

bool ModelOptions::importing(const QCommandLineParser &parser) const
{
    for (const QCommandLineOption *option : {&embeddings, &wq, &wk, &wv, &wo})
        if (parser.isSet(*option))
            return true;
    return false;
}

std::optional<QString> ModelOptions::usageError(const QCommandLineParser &parser,
                                                const QString &file, bool hasAction) const
{
    for (const QCommandLineOption *option : {&embeddings, &wq, &wk, &wv, &wo, &head})
        if (parser.values(*option).size() > 1)
            return QStringLiteral("--%1 may be given only once").arg(option->names().constFirst());
    if (parser.isSet(head)) {
        bool ok = false;
        const int n = parser.value(head).toInt(&ok);
        if (!ok || n < 1)
            return QStringLiteral("--head must be a positive integer (1-based), got '%1'")
                .arg(parser.value(head));
        if (parser.isSet(QStringLiteral("save")) || !hasAction)
            return QStringLiteral("--head goes with --report or --export");
    }
    if (!importing(parser))
        return std::nullopt;
    if (!parser.isSet(embeddings) || !parser.isSet(wq) || !parser.isSet(wk) || !parser.isSet(wv))
        return QStringLiteral("--embeddings, --wq, --wk and --wv go together (--wo is optional)");
    if (parser.isSet(QStringLiteral("queries")) || parser.isSet(QStringLiteral("keys")) ||
        parser.isSet(QStringLiteral("values")))
        return QStringLiteral("give either --embeddings/--wq/--wk/--wv or --queries/--keys, not "
                              "both");
    if (!file.isEmpty())
        return QStringLiteral("give either FILE or --embeddings/--wq/--wk/--wv, not both (got FILE "
                              "'%1')")
            .arg(file);
    if (!hasAction)
        return QStringLiteral("--embeddings, --wq, --wk and --wv need --report, --export DIR or "
                              "--save FILE");
    for (const QCommandLineOption *option : {&embeddings, &wq, &wk, &wv, &wo})
        if (parser.isSet(*option) && parser.value(*option).isEmpty())
            return QStringLiteral("--%1 needs a file name").arg(option->names().constFirst());
    return std::nullopt;
}

LoadResult ModelOptions::importScenario(const QCommandLineParser &parser) const
{
    return importModelScenario(parser.value(embeddings), parser.value(wq), parser.value(wk),
                               parser.value(wv), parser.value(wo));
}

std::variant<int, QString> ModelOptions::headIndex(const QCommandLineParser &parser,
                                                   const Scenario &scenario) const
{
    if (!parser.isSet(head))
        return 0;
    const int n = parser.value(head).toInt();
    const int heads = scenario.model ? scenario.model->H() : 1;
    if (n > heads)
        return QStringLiteral("--head %1 is out of range: the scenario has %2 (1 to %3)")
            .arg(n)
            .arg(heads == 1 ? QStringLiteral("one head") : QStringLiteral("%1 heads").arg(heads))
            .arg(heads);
    return n - 1;
}

} // namespace sml::cli
