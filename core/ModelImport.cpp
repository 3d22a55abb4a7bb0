#include "ModelImport.h"

#include <QDir>
#include <QFileInfo>

namespace sml {

namespace {

/// `W_K "wk.npy"`.
QString named(const char *role, const ImportedMatrix &m)
{
    return QStringLiteral("%1 \"%2\"").arg(QLatin1String(role), QDir::toNativeSeparators(m.source));
}

/// Heads in the file (1 for a matrix).
qint64 headsOf(const ImportedMatrix &m)
{
    return m.stack > 0 ? m.stack : 1;
}

/// Rows of one head.
qint64 rowsOf(const ImportedMatrix &m)
{
    return m.data.rows() / headsOf(m);
}

/// "5×3" for a matrix, "2×5×3" for a stack of 2 heads.
QString shapeOf(const ImportedMatrix &m)
{
    if (m.stack == 0)
        return QStringLiteral("%1×%2").arg(m.data.rows()).arg(m.data.cols());
    return QStringLiteral("%1×%2×%3").arg(m.stack).arg(rowsOf(m)).arg(m.data.cols());
}

Eigen::MatrixXd headOf(const ImportedMatrix &m, qint64 h)
{
    return m.data.middleRows(Eigen::Index(h * rowsOf(m)), Eigen::Index(rowsOf(m)));
}

LoadError structure(const QString &message)
{
    return LoadError{ErrorCategory::Structure, message};
}

} // namespace

LoadResult importModelScenario(const QString &embeddingsPath, const QString &wqPath,
                               const QString &wkPath, const QString &wvPath, const QString &woPath)
{
    const auto read = [](const QString &path, const char *role, bool stack) -> MatrixResult {
        MatrixResult r = stack ? readMatrixStackFile(path) : readMatrixFile(path);
        if (auto *error = std::get_if<LoadError>(&r))
            error->message = QStringLiteral("%1: %2").arg(QLatin1String(role), error->message);
        return r;
    };
    std::vector<ImportedMatrix> m;
    const std::pair<const QString *, const char *> inputs[] = {{&embeddingsPath, "embeddings"},
                                                               {&wqPath, "W_Q"},
                                                               {&wkPath, "W_K"},
                                                               {&wvPath, "W_V"},
                                                               {&woPath, "W_O"}};
    for (const auto &[path, role] : inputs) {
        if (path == &woPath && path->isEmpty()) // (W_O is optional)
            continue;
        MatrixResult r = read(*path, role, m.size() >= 1 && m.size() <= 3);
        if (const auto *error = std::get_if<LoadError>(&r))
            return *error;
        m.push_back(std::get<ImportedMatrix>(std::move(r)));
    }
    return modelScenarioFromMatrices(m[0], m[1], m[2], m[3], m.size() > 4 ? &m[4] : nullptr);
}

LoadResult modelScenarioFromMatrices(const ImportedMatrix &x, const ImportedMatrix &wq,
                                     const ImportedMatrix &wk, const ImportedMatrix &wv,
                                     const ImportedMatrix *wo)
{
    // X and W_O are plain matrices: a 3-D stack would be read as (H·T)×d_model tokens.
    for (const auto &[m, role] : {std::pair{&x, "the embeddings X"}, {wo, "W_O"}})
        if (m && m->stack > 0)
            return structure(QStringLiteral("%1 (%2) is a 3-D stack of %3 matrices; %4 is one "
                                            "matrix (only W_Q, W_K and W_V may hold every head)")
                                 .arg(named(role, *m).trimmed(), shapeOf(*m))
                                 .arg(m->stack)
                                 .arg(QLatin1String(role)));
    const qint64 dModel = x.data.cols();
    const qint64 H = headsOf(wq);

    for (const auto &[w, role] : {std::pair{&wq, "W_Q"}, {&wk, "W_K"}, {&wv, "W_V"}}) {
        if (headsOf(*w) != H)
            return structure(QStringLiteral("%1 (%2) has H = %3 heads but %4 (%5) has H = %6; "
                                            "W_Q, W_K and W_V need the same number of heads")
                                 .arg(named(role, *w), shapeOf(*w))
                                 .arg(headsOf(*w))
                                 .arg(named("W_Q", wq), shapeOf(wq))
                                 .arg(H));
        if (rowsOf(*w) != dModel)
            return structure(QStringLiteral("%1 (%2) has %3 rows but the embeddings %4 (%5) have "
                                            "d_model = %6; each projection has d_model rows")
                                 .arg(named(role, *w), shapeOf(*w))
                                 .arg(rowsOf(*w))
                                 .arg(named("", x).trimmed(), shapeOf(x))
                                 .arg(dModel));
    }
    if (wk.data.cols() != wq.data.cols())
        return structure(QStringLiteral("%1 (%2) has d_k = %3 but %4 (%5) has d_k = %6; queries "
                                        "and keys need the same d_k")
                             .arg(named("W_K", wk), shapeOf(wk))
                             .arg(wk.data.cols())
                             .arg(named("W_Q", wq), shapeOf(wq))
                             .arg(wq.data.cols()));
    if (wo && (wo->data.rows() != H * wv.data.cols() || wo->data.cols() != dModel))
        return structure(QStringLiteral("%1 (%2) should be (H·d_v)×d_model = %3×%4 (H = %5, "
                                        "d_v = %6 from %7)")
                             .arg(named("W_O", *wo), shapeOf(*wo))
                             .arg(H * wv.data.cols())
                             .arg(dModel)
                             .arg(H)
                             .arg(wv.data.cols())
                             .arg(named("W_V", wv)));

    Model model;
    model.embeddings = x.data;
    model.tokenLabels = x.rowLabels;
    for (qint64 t = model.tokenLabels.size(); t < x.data.rows(); ++t)
        model.tokenLabels.append(QStringLiteral("t%1").arg(t + 1));
    for (qint64 h = 0; h < H; ++h) {
        ModelHead head;
        head.label = QStringLiteral("head %1").arg(h + 1);
        head.wQ = headOf(wq, h);
        head.wK = headOf(wk, h);
        head.wV = headOf(wv, h);
        model.heads.push_back(std::move(head));
    }
    if (wo)
        model.wO = wo->data;
    model.extraTokens.resize(size_t(x.data.rows()));

    Scenario s;
    QStringList names, lines;
    const std::pair<const ImportedMatrix *, const char *> parts[] = {
        {&x, "embeddings X"}, {&wq, "W_Q"}, {&wk, "W_K"}, {&wv, "W_V"}, {wo, "W_O"}};
    for (const auto &[matrix, role] : parts) {
        if (!matrix)
            continue;
        names << QFileInfo(matrix->source).fileName();
        lines << QStringLiteral("%1: %2 (%3)")
                     .arg(QLatin1String(role), names.constLast(), shapeOf(*matrix));
    }
    s.title = names.join(QStringLiteral(", "));
    s.description = QStringLiteral("Built from matrices: %1 heads.\n%2")
                        .arg(H)
                        .arg(lines.join(QLatin1Char('\n')));
    s.model = std::move(model);
    s.temperatureMode = TemperatureMode::SqrtDk;
    s.mask = MaskKind::None;
    s.varianceMode = VarianceMode::Linked;
    s.sigma0Squared = 1.0;
    if (auto invalid = validateScenario(s))
        return *invalid;
    return s;
}

} // namespace sml
