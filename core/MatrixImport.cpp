#include "MatrixImport.h"

#include "TextInput.h"

#include "CsvMatrix.h"
#include "NpyMatrix.h"

#include <QDir>
#include <QFileInfo>

namespace sml {

namespace {

/// readMatrixFile and readMatrixStackFile.
MatrixResult readMatrixOrStack(const QString &path, bool stack)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return detail::readMatrixWith(path, [&](const QByteArray &bytes) -> MatrixResult {
        if (bytes.startsWith("PK\x03\x04") &&
            (suffix == QLatin1String("xlsx") || suffix == QLatin1String("ods") ||
             suffix == QLatin1String("xls")))
            return LoadError{ErrorCategory::Format,
                             QStringLiteral("a spreadsheet workbook, not a CSV file; save the "
                                            "sheet as CSV (comma-separated values)")};
        if (NpyMatrix::hasMagic(bytes) || suffix == QLatin1String("npy") ||
            suffix == QLatin1String("npz") || bytes.startsWith("PK\x03\x04"))
            return stack ? NpyMatrix::parseStack(bytes) : NpyMatrix::parse(bytes);
        return CsvMatrix::parse(bytes);
    });
}

} // namespace

MatrixResult readMatrixFile(const QString &path)
{
    return readMatrixOrStack(path, false);
}

MatrixResult readMatrixStackFile(const QString &path)
{
    return readMatrixOrStack(path, true);
}

namespace {

/// `keys "k.csv"`, or just `keys` for a matrix that did not come from a file.
QString named(const char *role, const ImportedMatrix &m)
{
    if (m.source.isEmpty())
        return QLatin1String(role);
    return QStringLiteral("%1 \"%2\"").arg(QLatin1String(role), QDir::toNativeSeparators(m.source));
}

/// "5×3".
QString shapeOf(const Eigen::MatrixXd &m)
{
    return QStringLiteral("%1×%2").arg(m.rows()).arg(m.cols());
}

/// The file name for titles ("k.csv"), or the role when there is no file.
QString fileName(const char *role, const ImportedMatrix &m)
{
    return m.source.isEmpty() ? QLatin1String(role) : QFileInfo(m.source).fileName();
}

QString quoted(const QString &label)
{
    return QStringLiteral("'%1'").arg(escapedForMessage(label));
}

} // namespace

LoadResult scenarioFromMatrices(const ImportedMatrix &queries, const ImportedMatrix &keys,
                                const ImportedMatrix *values)
{
    const Eigen::Index m = queries.data.rows();
    const Eigen::Index T = keys.data.rows();
    const Eigen::Index dK = queries.data.cols();

    if (keys.data.cols() != dK)
        return LoadError{ErrorCategory::Structure,
                         QStringLiteral("%1 (%2) have d_k = %3 but %4 (%5) have d_k = %6; every "
                                        "query and key needs the same d_k")
                             .arg(named("keys", keys), shapeOf(keys.data))
                             .arg(keys.data.cols())
                             .arg(named("queries", queries), shapeOf(queries.data))
                             .arg(dK)};
    if (values && values->data.rows() != T)
        return LoadError{ErrorCategory::Structure,
                         QStringLiteral("%1 (%2) have T = %3 rows but %4 (%5) have T = %6; give "
                                        "one value row per key")
                             .arg(named("values", *values), shapeOf(values->data))
                             .arg(values->data.rows())
                             .arg(named("keys", keys), shapeOf(keys.data))
                             .arg(T)};
    if (!values && T > limits::maxDim)
        return LoadError{ErrorCategory::Limit,
                         QStringLiteral("without a values file the values are one-hot, so d_v = "
                                        "T = %1, which exceeds the limit of %2 for d_v; give a "
                                        "values file")
                             .arg(T)
                             .arg(limits::maxDim)};

    QStringList keyLabels = keys.rowLabels;
    if (values && !values->rowLabels.isEmpty()) {
        if (keyLabels.isEmpty()) {
            keyLabels = values->rowLabels;
        } else {
            for (qsizetype t = 0; t < keyLabels.size() && t < values->rowLabels.size(); ++t)
                if (keyLabels.at(t) != values->rowLabels.at(t))
                    return LoadError{
                        ErrorCategory::Structure,
                        QStringLiteral("%1 and %2 label row %3 differently (%4 vs %5); the rows "
                                       "of keys and values must be in the same order")
                            .arg(named("keys", keys), named("values", *values))
                            .arg(t + 1)
                            .arg(quoted(keyLabels.at(t)), quoted(values->rowLabels.at(t)))};
        }
    }

    Scenario s;
    const QString qName = fileName("queries", queries);
    const QString kName = fileName("keys", keys);
    s.title = values ? QStringLiteral("%1, %2, %3").arg(qName, kName, fileName("values", *values))
                     : QStringLiteral("%1, %2 (one-hot values)").arg(qName, kName);
    s.description =
        QStringLiteral("Built from matrices.\nqueries: %1 (%2)\nkeys: %3 (%4)\nvalues: %5")
            .arg(qName, shapeOf(queries.data), kName, shapeOf(keys.data),
                 values ? QStringLiteral("%1 (%2)").arg(fileName("values", *values),
                                                        shapeOf(values->data))
                        : QStringLiteral("one-hot (the %1×%1 identity), so each output row is "
                                         "the attention weights")
                              .arg(T));

    s.queries = queries.data;
    s.keys = keys.data;
    if (values)
        s.values = values->data;
    else
        s.values = Eigen::MatrixXd::Identity(T, T);

    s.queryLabels = queries.rowLabels;
    for (Eigen::Index i = s.queryLabels.size(); i < m; ++i)
        s.queryLabels.append(QStringLiteral("q%1").arg(i + 1));
    s.keyLabels = keyLabels;
    for (Eigen::Index t = s.keyLabels.size(); t < T; ++t)
        s.keyLabels.append(QStringLiteral("k%1").arg(t + 1));
    s.extraQueries.resize(size_t(m));
    s.extraKeys.resize(size_t(T));

    s.temperatureMode = TemperatureMode::SqrtDk;
    s.mask = MaskKind::None;
    s.varianceMode = VarianceMode::Linked;
    s.sigma0Squared = 1.0;
    s.maxentTargets.reset();

    if (auto invalid = validateScenario(s))
        return *invalid;
    return s; // linked mode: no free variances are stored (Scenario)
}

LoadResult importScenario(const QString &queriesPath, const QString &keysPath,
                          const QString &valuesPath)
{
    const auto read = [](const QString &path, const char *role) -> MatrixResult {
        MatrixResult r = readMatrixFile(path);
        if (auto *error = std::get_if<LoadError>(&r))
            error->message = QStringLiteral("%1: %2").arg(QLatin1String(role), error->message);
        return r;
    };
    MatrixResult queries = read(queriesPath, "queries");
    if (const auto *error = std::get_if<LoadError>(&queries))
        return *error;
    MatrixResult keys = read(keysPath, "keys");
    if (const auto *error = std::get_if<LoadError>(&keys))
        return *error;
    if (valuesPath.isEmpty())
        return scenarioFromMatrices(std::get<ImportedMatrix>(queries),
                                    std::get<ImportedMatrix>(keys), nullptr);
    MatrixResult values = read(valuesPath, "values");
    if (const auto *error = std::get_if<LoadError>(&values))
        return *error;
    return scenarioFromMatrices(std::get<ImportedMatrix>(queries), std::get<ImportedMatrix>(keys),
                                &std::get<ImportedMatrix>(values));
}

} // namespace sml
