// Test inputs shared by the tests/core tests that build or inspect files (tst_atomicsave,
// tst_badinputs, tst_scenarioio): whole-file reads and writes, and large JSON arrays built in code.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>

namespace sml::test {

/// The bytes of the file at `path`; empty when it cannot be opened.
inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

/// Writes `bytes` to `path` (replacing it); false unless every byte was written.
inline bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

/// "[item,item,…]" with n items.
inline QByteArray repeated(const QByteArray &item, qsizetype n)
{
    QByteArray out;
    out.reserve((item.size() + 1) * n + 2);
    out += '[';
    for (qsizetype i = 0; i < n; ++i) {
        if (i)
            out += ',';
        out += item;
    }
    out += ']';
    return out;
}

} // namespace sml::test
