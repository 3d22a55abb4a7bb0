#include "UnknownFields.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace sml {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

qsizetype skipSpace(const QByteArray &t, qsizetype i)
{
    while (i < t.size() && isSpace(t.at(i)))
        ++i;
    return i;
}

/// `i` at a string's opening quote: the index just past its closing quote.
qsizetype stringEnd(const QByteArray &t, qsizetype i)
{
    for (++i; i < t.size(); ++i) {
        if (t.at(i) == '\\')
            ++i;
        else if (t.at(i) == '"')
            return i + 1;
    }
    return t.size();
}

/// `i` at a value's first byte: the index just past its last byte (iterative: no recursion
/// however deep the value nests).
qsizetype valueEnd(const QByteArray &t, qsizetype i)
{
    const char first = i < t.size() ? t.at(i) : '\0';
    if (first == '"')
        return stringEnd(t, i);
    if (first == '{' || first == '[') {
        qsizetype depth = 0;
        while (i < t.size()) {
            const char c = t.at(i);
            if (c == '"') {
                i = stringEnd(t, i);
                continue;
            }
            if (c == '{' || c == '[')
                ++depth;
            else if ((c == '}' || c == ']') && --depth == 0)
                return i + 1;
            ++i;
        }
        return t.size();
    }
    while (i < t.size() && !isSpace(t.at(i)) && t.at(i) != ',' && t.at(i) != '}' && t.at(i) != ']')
        ++i;
    return i;
}

QString decodeKey(const QByteArray &quoted)
{
    if (!quoted.contains('\\'))
        return QString::fromUtf8(quoted.mid(1, quoted.size() - 2));
    return QJsonDocument::fromJson("[" + quoted + "]").array().at(0).toString();
}

struct Scan
{
    const QByteArray &text;
    const QSet<QString> &paths;
    QSet<QString> containers; ///< the paths of the containers on the way to a wanted member
    QHash<QString, QByteArray> found;

    /// `i` at the '{' or '[' of the container at `path` ("" for the top level).
    void container(qsizetype i, const QString &path)
    {
        const bool isObject = text.at(i) == '{';
        qsizetype index = 0;
        i = skipSpace(text, i + 1);
        while (i < text.size() && text.at(i) != '}' && text.at(i) != ']') {
            QString step;
            if (isObject) {
                const qsizetype keyEnd = stringEnd(text, i);
                step = decodeKey(text.mid(i, keyEnd - i));
                i = skipSpace(text, skipSpace(text, keyEnd) + 1); // past ':'
            } else {
                step = QStringLiteral("#%1").arg(index);
            }
            const QString member = path.isEmpty() ? step : path + memberPathSep + step;
            const qsizetype end = valueEnd(text, i);
            if (paths.contains(member))
                found.insert(member, text.mid(i, end - i));
            else if (containers.contains(member) && (text.at(i) == '{' || text.at(i) == '['))
                container(i, member);
            i = skipSpace(text, end);
            if (i < text.size() && text.at(i) == ',')
                i = skipSpace(text, i + 1);
            ++index;
        }
    }
};

} // namespace

QHash<QString, QByteArray> memberTexts(const QByteArray &json, const QSet<QString> &paths)
{
    Scan scan{json, paths, {}, {}};
    for (const QString &path : paths) {
        const QStringList steps = path.split(memberPathSep);
        QString prefix;
        for (qsizetype k = 0; k + 1 < steps.size(); ++k) {
            prefix = k == 0 ? steps.at(0) : prefix + memberPathSep + steps.at(k);
            scan.containers.insert(prefix);
        }
    }
    const qsizetype start = skipSpace(json, 0);
    if (!paths.isEmpty() && start < json.size() && json.at(start) == '{')
        scan.container(start, QString());
    return scan.found;
}

} // namespace sml
