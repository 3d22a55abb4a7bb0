#include "TextInput.h"

namespace sml {

qsizetype firstInvalidUtf8(QByteArrayView text)
{
    const auto *p = reinterpret_cast<const unsigned char *>(text.data());
    const qsizetype n = text.size();
    qsizetype i = 0;
    while (i < n) {
        const unsigned char c = p[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        int extra = 0;
        unsigned char lo = 0x80, hi = 0xBF; // allowed range of the second byte
        if (c >= 0xC2 && c <= 0xDF) {
            extra = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            extra = 2;
            if (c == 0xE0)
                lo = 0xA0; // overlong
            else if (c == 0xED)
                hi = 0x9F; // U+D800..U+DFFF are surrogates
        } else if (c >= 0xF0 && c <= 0xF4) {
            extra = 3;
            if (c == 0xF0)
                lo = 0x90; // overlong
            else if (c == 0xF4)
                hi = 0x8F; // above U+10FFFF
        } else {
            return i;
        }
        if (i + extra >= n)
            return i; // cut off by the end of the input
        if (p[i + 1] < lo || p[i + 1] > hi)
            return i;
        for (int k = 2; k <= extra; ++k)
            if ((p[i + k] & 0xC0) != 0x80)
                return i;
        i += extra + 1;
    }
    return -1;
}

QString notUtf8Message(const QString &where, char byte)
{
    return QStringLiteral("%1: not UTF-8 (byte 0x%2); save the file as UTF-8")
        .arg(where)
        .arg(uint(static_cast<unsigned char>(byte)), 2, 16, QLatin1Char('0'));
}

QString escapedForMessage(QStringView text, qsizetype maxChars)
{
    QString out;
    qsizetype shown = 0; // characters of the input taken so far
    for (qsizetype i = 0; i < text.size(); ++i, ++shown) {
        if (shown == maxChars - 1 && text.size() > maxChars) {
            if (!out.isEmpty() && out.back().isHighSurrogate())
                out.chop(1); // not half a character
            out += QStringLiteral("…");
            return out;
        }
        const char16_t c = text[i].unicode();
        switch (c) {
        case u'\t':
            out += QLatin1String("\\t");
            continue;
        case u'\r':
            out += QLatin1String("\\r");
            continue;
        case u'\n':
            out += QLatin1String("\\n");
            continue;
        case u'\0':
            out += QLatin1String("\\0");
            continue;
        default:
            break;
        }
        if (c < 0x20 || (c >= 0x7F && c < 0xA0))
            out += QStringLiteral("\\x%1").arg(unsigned(c), 2, 16, QLatin1Char('0'));
        else if (c == 0x2028 || c == 0x2029 || (c >= 0x202A && c <= 0x202E) ||
                 (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F || c == 0xFEFF)
            out += QStringLiteral("\\u{%1}").arg(unsigned(c), 4, 16, QLatin1Char('0'));
        else
            out += text[i];
    }
    return out;
}

} // namespace sml
