#include "JsonDuplicateKeys.h"

#include <QSet>

#include <vector>

namespace sml {

QString DuplicateKey::message() const
{
    const QString where = objectPath.isEmpty() ? QStringLiteral("top level") : objectPath;
    return QStringLiteral("%1: duplicate key \"%2\"").arg(where, key);
}

namespace {

struct Frame
{
    bool isObject = false;
    QString segment;    ///< how the parent names this container: "keys", ".vector", "[3]"
    QSet<QString> keys; ///< keys seen so far (objects)
    QString lastKey;    ///< the key whose value is being read (objects)
    bool expectKey = true;
    qint64 index = 0; ///< current element (arrays)
};

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/// Decodes the body of a JSON string (between the quotes) into UTF-16. \uXXXX escapes become one
/// UTF-16 unit each, so an escaped surrogate pair combines exactly like the literal character.
QString decodeString(const char *begin, const char *end)
{
    QString out;
    const char *run = begin;
    const char *p = begin;
    while (p < end) {
        if (*p != '\\') {
            ++p;
            continue;
        }
        if (p > run)
            out += QString::fromUtf8(run, p - run);
        const char e = (p + 1 < end) ? p[1] : '\0';
        p += 2;
        switch (e) {
        case '"':
            out += QLatin1Char('"');
            break;
        case '\\':
            out += QLatin1Char('\\');
            break;
        case '/':
            out += QLatin1Char('/');
            break;
        case 'b':
            out += QLatin1Char('\b');
            break;
        case 'f':
            out += QLatin1Char('\f');
            break;
        case 'n':
            out += QLatin1Char('\n');
            break;
        case 'r':
            out += QLatin1Char('\r');
            break;
        case 't':
            out += QLatin1Char('\t');
            break;
        case 'u': {
            char16_t unit = 0;
            int digits = 0;
            while (digits < 4 && p < end) {
                const int h = hexValue(*p);
                if (h < 0)
                    break;
                unit = char16_t(unit * 16 + h);
                ++p;
                ++digits;
            }
            out += QChar(unit);
            break;
        }
        default: // not reachable for valid JSON; keep the character as written
            if (e != '\0')
                out += QLatin1Char(e);
            break;
        }
        run = p;
    }
    if (p > run)
        out += QString::fromUtf8(run, p - run);
    return out;
}

QString joinPath(const std::vector<Frame> &stack)
{
    QString path;
    for (const Frame &f : stack)
        path += f.segment;
    return path;
}

} // namespace

std::optional<DuplicateKey> findDuplicateKey(const QByteArray &json)
{
    const char *const data = json.constData();
    const qint64 n = json.size();
    std::vector<Frame> stack;

    auto childSegment = [&stack]() -> QString {
        if (stack.empty())
            return QString();
        const Frame &parent = stack.back();
        if (parent.isObject)
            return stack.size() == 1 ? parent.lastKey : QLatin1Char('.') + parent.lastKey;
        return QStringLiteral("[%1]").arg(parent.index);
    };

    qint64 i = 0;
    while (i < n) {
        const char c = data[i];
        switch (c) {
        case '{':
        case '[': {
            Frame f;
            f.isObject = (c == '{');
            f.segment = childSegment();
            stack.push_back(std::move(f));
            ++i;
            break;
        }
        case '}':
        case ']':
            if (!stack.empty())
                stack.pop_back();
            ++i;
            break;
        case ',':
            if (!stack.empty()) {
                Frame &top = stack.back();
                if (top.isObject)
                    top.expectKey = true;
                else
                    ++top.index;
            }
            ++i;
            break;
        case ':':
            if (!stack.empty())
                stack.back().expectKey = false;
            ++i;
            break;
        case '"': {
            const qint64 start = i;
            qint64 j = i + 1;
            bool escaped = false;
            while (j < n) {
                const char d = data[j];
                if (d == '\\') {
                    escaped = true;
                    j += 2;
                    continue;
                }
                if (d == '"')
                    break;
                ++j;
            }
            const qint64 bodyEnd = qMin(j, n);
            if (!stack.empty() && stack.back().isObject && stack.back().expectKey) {
                Frame &top = stack.back();
                QString key = escaped ? decodeString(data + start + 1, data + bodyEnd)
                                      : QString::fromUtf8(data + start + 1, bodyEnd - start - 1);
                if (top.keys.contains(key))
                    return DuplicateKey{joinPath(stack), key, start};
                top.keys.insert(key);
                top.lastKey = std::move(key);
            }
            i = j + 1;
            break;
        }
        default:
            ++i;
            break;
        }
    }
    return std::nullopt;
}

} // namespace sml
