// Reading the reference data of tests/reference/ (written by the scripts named in each test):
// shared by tst_model_reference and tst_trained_lessons.
#pragma once

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtGlobal>

namespace sml::test {

/// The JSON object of tests/reference/<file>; a missing file stops the test with a message that
/// names `writer`, the script that writes it.
inline QJsonObject referenceJson(const char *file, const char *writer)
{
    QFile f(QStringLiteral(SML_TEST_DATA_DIR "/reference/") + QLatin1String(file));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read tests/reference/%s; run %s", file, writer);
    return QJsonDocument::fromJson(f.readAll()).object();
}

} // namespace sml::test
