#include "NpyMatrix.h"

#include "ModelIo.h"
#include "Refusal.h"

#include <QtEndian>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace sml {

namespace {

const QByteArray kMagic = QByteArrayLiteral("\x93NUMPY");

using detail::refuse;

// ---------------------------------------------------------------------------------------------
// The header: a Python literal, e.g. "{'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }"

/// A value of the literal subset numpy.save writes: strings, booleans, integers, None, and
/// tuples or lists of those (lists appear in the descr of structured dtypes).
struct Literal
{
    enum class Kind
    {
        String,
        Bool,
        Int,
        None,
        Tuple,
        List
    } kind = Kind::None;
    QString text;
    bool boolean = false;
    qint64 integer = 0;
    std::vector<Literal> items;
};

class HeaderParser
{
public:
    explicit HeaderParser(const QString &text) : mText(text) {}

    /// The dict, in file order; throws a Syntax refusal naming the character position.
    std::vector<std::pair<QString, Literal>> parseDict()
    {
        std::vector<std::pair<QString, Literal>> entries;
        skipSpace();
        expect(QLatin1Char('{'));
        for (;;) {
            skipSpace();
            if (peek() == QLatin1Char('}')) {
                ++mPos;
                break;
            }
            const Literal key = parseValue(0);
            if (key.kind != Literal::Kind::String)
                fail(QStringLiteral("a dict key must be a string"));
            skipSpace();
            expect(QLatin1Char(':'));
            skipSpace();
            Literal value = parseValue(0);
            for (const auto &entry : entries)
                if (entry.first == key.text)
                    fail(QStringLiteral("the key '%1' appears twice").arg(key.text));
            entries.emplace_back(key.text, std::move(value));
            skipSpace();
            if (peek() == QLatin1Char(',')) {
                ++mPos;
                continue;
            }
            expect(QLatin1Char('}'));
            break;
        }
        skipSpace();
        if (mPos < mText.size())
            fail(QStringLiteral("unexpected text after the dict"));
        return entries;
    }

private:
    static constexpr int kMaxDepth = 8;

    [[noreturn]] void fail(const QString &what) const
    {
        refuse(ErrorCategory::Syntax,
               QStringLiteral("the header is not a valid dict literal: %1 (at character %2 of "
                              "the header)")
                   .arg(what)
                   .arg(mPos + 1));
    }

    QChar peek() const { return mPos < mText.size() ? mText.at(mPos) : QChar(); }

    void skipSpace()
    {
        while (mPos < mText.size() &&
               (mText.at(mPos) == QLatin1Char(' ') || mText.at(mPos) == QLatin1Char('\n') ||
                mText.at(mPos) == QLatin1Char('\t') || mText.at(mPos) == QLatin1Char('\r')))
            ++mPos;
    }

    void expect(QChar c)
    {
        if (peek() != c)
            fail(mPos < mText.size() ? QStringLiteral("expected '%1', found '%2'").arg(c, peek())
                                     : QStringLiteral("expected '%1', found the end").arg(c));
        ++mPos;
    }

    bool startsWithWord(const char *word) const
    {
        const QLatin1String w(word);
        if (mText.mid(mPos, w.size()) != w)
            return false;
        const qsizetype after = mPos + w.size();
        return after >= mText.size() ||
               !(mText.at(after).isLetterOrNumber() || mText.at(after) == QLatin1Char('_'));
    }

    Literal parseValue(int depth)
    {
        if (depth > kMaxDepth)
            fail(QStringLiteral("nested too deeply"));
        Literal v;
        const QChar c = peek();
        if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            v.kind = Literal::Kind::String;
            ++mPos;
            for (;;) {
                if (mPos >= mText.size())
                    fail(QStringLiteral("a string is not closed"));
                const QChar d = mText.at(mPos++);
                if (d == c)
                    break;
                if (d == QLatin1Char('\\')) {
                    if (mPos >= mText.size())
                        fail(QStringLiteral("a string is not closed"));
                    v.text.append(mText.at(mPos++)); // \' \" \\ : enough for dtype names
                    continue;
                }
                v.text.append(d);
            }
            return v;
        }
        if (c == QLatin1Char('(') || c == QLatin1Char('[')) {
            const QChar close = c == QLatin1Char('(') ? QLatin1Char(')') : QLatin1Char(']');
            v.kind = c == QLatin1Char('(') ? Literal::Kind::Tuple : Literal::Kind::List;
            ++mPos;
            bool sawComma = false;
            for (;;) {
                skipSpace();
                if (peek() == close) {
                    ++mPos;
                    break;
                }
                v.items.push_back(parseValue(depth + 1));
                skipSpace();
                if (peek() == QLatin1Char(',')) {
                    ++mPos;
                    sawComma = true;
                    continue;
                }
                expect(close);
                break;
            }
            // "(3)" is the number 3 in Python, not a tuple.
            if (v.kind == Literal::Kind::Tuple && v.items.size() == 1 && !sawComma)
                return v.items.front();
            return v;
        }
        if (c.isDigit() || c == QLatin1Char('-') || c == QLatin1Char('+')) {
            v.kind = Literal::Kind::Int;
            bool negative = false;
            if (c == QLatin1Char('-') || c == QLatin1Char('+')) {
                negative = c == QLatin1Char('-');
                ++mPos;
            }
            if (!peek().isDigit())
                fail(QStringLiteral("expected a digit"));
            while (peek().isDigit()) {
                if (v.integer > (std::numeric_limits<qint64>::max() - 9) / 10)
                    fail(QStringLiteral("an integer is too large"));
                v.integer = v.integer * 10 + peek().digitValue();
                ++mPos;
            }
            if (peek() == QLatin1Char('L') || peek() == QLatin1Char('l'))
                ++mPos; // Python 2 long, written by very old NumPy versions
            if (negative)
                v.integer = -v.integer;
            return v;
        }
        if (startsWithWord("True") || startsWithWord("False")) {
            v.kind = Literal::Kind::Bool;
            v.boolean = startsWithWord("True");
            mPos += v.boolean ? 4 : 5;
            return v;
        }
        if (startsWithWord("None")) {
            mPos += 4;
            return v;
        }
        fail(mPos < mText.size() ? QStringLiteral("unexpected '%1'").arg(peek())
                                 : QStringLiteral("unexpected end"));
    }

    QString mText;
    qsizetype mPos = 0;
};

// ---------------------------------------------------------------------------------------------
// dtypes.

enum class Kind
{
    Float,
    Int
};

struct DType
{
    Kind kind = Kind::Float;
    int size = 8; ///< bytes per element
    bool bigEndian = false;
};

/// NumPy's name for a descr like '<c16' ("complex128"), for messages.
QString numpyName(QChar kind, int size)
{
    const int bits = size * 8;
    switch (kind.unicode()) {
    case 'b':
        return QStringLiteral("bool");
    case 'i':
        return QStringLiteral("int%1").arg(bits);
    case 'u':
        return QStringLiteral("uint%1").arg(bits);
    case 'f':
        return QStringLiteral("float%1").arg(bits);
    case 'c':
        return QStringLiteral("complex%1").arg(bits);
    case 'U':
        return QStringLiteral("a Unicode string");
    case 'S':
        return QStringLiteral("a byte string");
    case 'O':
        return QStringLiteral("Python objects");
    case 'V':
        return QStringLiteral("raw bytes or a structured type");
    case 'M':
        return QStringLiteral("datetime64");
    case 'm':
        return QStringLiteral("timedelta64");
    default:
        break;
    }
    return QStringLiteral("an unknown type");
}

const QString kSupported =
    QStringLiteral("SoftmaxLab reads float64, float32, float16, int64 and int32");

DType parseDescr(const Literal &descr)
{
    if (descr.kind != Literal::Kind::String)
        refuse(ErrorCategory::Structure,
               QStringLiteral("dtype: a structured dtype (with named fields) is not supported; "
                              "%1; save a plain numeric array")
                   .arg(kSupported));
    const QString d = descr.text;
    qsizetype p = 0;
    QChar order;
    if (p < d.size() && QStringLiteral("<>|=").contains(d.at(p)))
        order = d.at(p++);
    const QChar kind = p < d.size() ? d.at(p++) : QChar();
    const QString sizeText = d.mid(p);
    bool plain = !sizeText.isEmpty() && sizeText.size() <= 4;
    for (const QChar c : sizeText)
        plain = plain && c >= QLatin1Char('0') && c <= QLatin1Char('9');
    const int size = plain ? sizeText.toInt() : 0;
    if (!plain)
        refuse(ErrorCategory::Structure,
               QStringLiteral("dtype '%1' is not supported; %2").arg(d, kSupported));
    const bool supported = (kind == QLatin1Char('f') && (size == 2 || size == 4 || size == 8)) ||
                           (kind == QLatin1Char('i') && (size == 4 || size == 8));
    if (!supported)
        refuse(ErrorCategory::Structure, QStringLiteral("dtype '%1' (%2) is not supported; %3")
                                             .arg(d, numpyName(kind, size), kSupported));
    if (order != QLatin1Char('<') && order != QLatin1Char('>'))
        refuse(ErrorCategory::Structure,
               QStringLiteral("dtype '%1': the byte order must be '<' (little-endian) or '>' "
                              "(big-endian) for a %2-byte type")
                   .arg(d)
                   .arg(size));
    return DType{kind == QLatin1Char('f') ? Kind::Float : Kind::Int, size,
                 order == QLatin1Char('>')};
}

/// IEEE 754 half precision to double (exact).
double halfToDouble(quint16 h)
{
    const int sign = (h >> 15) & 1;
    const int exponent = (h >> 10) & 0x1F;
    const int mantissa = h & 0x3FF;
    double v;
    if (exponent == 0)
        v = std::ldexp(double(mantissa), -24); // zero or subnormal
    else if (exponent == 31)
        v = mantissa ? std::nan("") : HUGE_VAL;
    else
        v = std::ldexp(double(mantissa | 0x400), exponent - 25);
    return sign ? -v : v;
}

template <typename T> T load(const uchar *p, bool bigEndian)
{
    return bigEndian ? qFromBigEndian<T>(p) : qFromLittleEndian<T>(p);
}

double element(const uchar *p, const DType &t)
{
    if (t.kind == Kind::Int)
        return t.size == 4 ? double(load<qint32>(p, t.bigEndian))
                           : double(load<qint64>(p, t.bigEndian));
    switch (t.size) {
    case 2:
        return halfToDouble(load<quint16>(p, t.bigEndian));
    case 4:
        return double(std::bit_cast<float>(load<quint32>(p, t.bigEndian)));
    default:
        return std::bit_cast<double>(load<quint64>(p, t.bigEndian));
    }
}

/// "(3,)", "(3, 4)": the shape as Python prints it.
QString shapeText(const std::vector<qint64> &shape)
{
    QStringList parts;
    for (qint64 n : shape)
        parts.append(QString::number(n));
    if (shape.size() == 1)
        return QStringLiteral("(%1,)").arg(parts.front());
    return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
}

QString valueText(double v)
{
    if (std::isnan(v))
        return QStringLiteral("nan");
    return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
}

} // namespace

bool NpyMatrix::hasMagic(const QByteArray &bytes)
{
    return bytes.startsWith(kMagic);
}

ImportedMatrix NpyMatrix::parseOrThrow(const QByteArray &bytes)
{
    return parseShaped(bytes, false);
}

ImportedMatrix NpyMatrix::parseStackOrThrow(const QByteArray &bytes)
{
    return parseShaped(bytes, true);
}

MatrixResult NpyMatrix::parseStack(const QByteArray &bytes)
{
    return detail::parseMatrix(&NpyMatrix::parseStackOrThrow, bytes);
}

ImportedMatrix NpyMatrix::parseShaped(const QByteArray &bytes, bool allowStack)
{
    if (!bytes.startsWith(kMagic)) {
        if (bytes.startsWith("PK\x03\x04"))
            refuse(ErrorCategory::Format,
                   QStringLiteral("a ZIP archive (an .npz file?), not a NumPy .npy file; save each "
                                  "matrix on its own with numpy.save"));
        refuse(ErrorCategory::Format,
               QStringLiteral("not a NumPy .npy file: it does not start with \\x93NUMPY"));
    }
    const auto *u = reinterpret_cast<const uchar *>(bytes.constData());
    const qint64 total = bytes.size();
    if (total < 8)
        refuse(ErrorCategory::Structure,
               QStringLiteral("truncated: the file ends before the format version"));
    const int major = u[6];
    const int minor = u[7];
    if (major < 1 || major > 3 || minor != 0)
        refuse(ErrorCategory::Version,
               QStringLiteral(".npy format version %1.%2 is not supported; SoftmaxLab reads "
                              "1.0, 2.0 and 3.0")
                   .arg(major)
                   .arg(minor));
    const qint64 lengthBytes = major == 1 ? 2 : 4;
    if (total < 8 + lengthBytes)
        refuse(ErrorCategory::Structure,
               QStringLiteral("truncated: the file ends before the header length"));
    const qint64 headerLength = major == 1 ? qint64(qFromLittleEndian<quint16>(u + 8))
                                           : qint64(qFromLittleEndian<quint32>(u + 8));
    const qint64 headerStart = 8 + lengthBytes;
    if (headerStart + headerLength > total)
        refuse(ErrorCategory::Structure,
               QStringLiteral("truncated header: it should be %1 bytes long, but the file has only "
                              "%2 bytes after the preamble")
                   .arg(headerLength)
                   .arg(total - headerStart));
    const QByteArray rawHeader = bytes.mid(headerStart, headerLength);
    const QString header =
        major == 3 ? QString::fromUtf8(rawHeader) : QString::fromLatin1(rawHeader);

    // The dict, with exactly the keys numpy.save writes (numpy.load refuses any other set).
    const auto entries = HeaderParser(header).parseDict();
    std::map<QString, const Literal *> dict;
    for (const auto &entry : entries) {
        if (entry.first != QLatin1String("descr") &&
            entry.first != QLatin1String("fortran_order") && entry.first != QLatin1String("shape"))
            refuse(
                ErrorCategory::Structure,
                QStringLiteral("the header has an unexpected key '%1' (expected exactly 'descr', "
                               "'fortran_order' and 'shape')")
                    .arg(entry.first));
        dict[entry.first] = &entry.second;
    }
    for (const char *key : {"descr", "fortran_order", "shape"})
        if (!dict.count(QLatin1String(key)))
            refuse(ErrorCategory::Structure,
                   QStringLiteral("the header has no '%1'").arg(QLatin1String(key)));

    const DType type = parseDescr(*dict[QStringLiteral("descr")]);

    const Literal &order = *dict[QStringLiteral("fortran_order")];
    if (order.kind != Literal::Kind::Bool)
        refuse(ErrorCategory::Structure,
               QStringLiteral("the header's 'fortran_order' must be True or False"));
    const bool fortran = order.boolean;

    const Literal &shapeLiteral = *dict[QStringLiteral("shape")];
    if (shapeLiteral.kind != Literal::Kind::Tuple)
        refuse(ErrorCategory::Structure,
               QStringLiteral("the header's 'shape' must be a tuple of integers"));
    std::vector<qint64> shape;
    for (const Literal &n : shapeLiteral.items) {
        if (n.kind != Literal::Kind::Int || n.integer < 0)
            refuse(ErrorCategory::Structure,
                   QStringLiteral("the header's 'shape' must be a tuple of integers ≥ 0"));
        shape.push_back(n.integer);
    }
    if (shape.empty())
        refuse(
            ErrorCategory::Structure,
            QStringLiteral("shape () is a 0-D array (a single number); expected a vector (n,) or "
                           "a matrix (rows, columns)"));
    if (shape.size() > (allowStack ? 3 : 2))
        refuse(ErrorCategory::Structure,
               QStringLiteral("shape %1 has %2 dimensions; expected %3")
                   .arg(shapeText(shape))
                   .arg(shape.size())
                   .arg(allowStack ? QStringLiteral("a matrix (rows, columns) or a stack of "
                                                    "matrices (heads, rows, columns)")
                                   : QStringLiteral("a vector (n,) or a matrix (rows, columns)")));
    // A stack (H, r, c) is read as the (H·r)×c matrix of its heads one below the other.
    const qint64 heads = shape.size() == 3 ? shape[0] : 0;
    const qint64 blockRows = shape[shape.size() == 3 ? 1 : 0];
    const qint64 cols = shape.size() >= 2 ? shape.back() : 1;
    if (std::find(shape.begin(), shape.end(), 0) != shape.end())
        refuse(ErrorCategory::Structure,
               QStringLiteral("shape %1 is empty; expected at least one row and one column")
                   .arg(shapeText(shape)));
    // Limits before anything is allocated; each bound also keeps rows·cols·size from overflowing.
    if (heads > limits::maxHeads)
        refuse(ErrorCategory::Limit, QStringLiteral("shape %1: %2 heads exceed the limit of %3")
                                         .arg(shapeText(shape))
                                         .arg(heads)
                                         .arg(limits::maxHeads));
    if (blockRows > limits::maxTokens)
        refuse(ErrorCategory::Limit, QStringLiteral("shape %1: %2 rows exceed the limit of %3")
                                         .arg(shapeText(shape))
                                         .arg(blockRows)
                                         .arg(limits::maxTokens));
    const qint64 rows = std::max<qint64>(heads, 1) * blockRows;
    if (cols > limits::maxDim)
        refuse(ErrorCategory::Limit, QStringLiteral("shape %1: %2 columns exceed the limit of %3")
                                         .arg(shapeText(shape))
                                         .arg(cols)
                                         .arg(limits::maxDim));
    if (rows * cols > limits::maxVectorEntries)
        refuse(ErrorCategory::Limit,
               QStringLiteral("shape %1: %2 numbers exceed the limit of %3 for one matrix")
                   .arg(shapeText(shape))
                   .arg(rows * cols)
                   .arg(limits::maxVectorEntries));

    const qint64 dataStart = headerStart + headerLength;
    const qint64 needed = rows * cols * type.size;
    const qint64 have = total - dataStart;
    if (needed != have)
        refuse(ErrorCategory::Structure,
               QStringLiteral("shape %1 needs %2 bytes of data, file has %3")
                   .arg(shapeText(shape))
                   .arg(needed)
                   .arg(have));

    ImportedMatrix out;
    out.stack = heads;
    out.data.resize(Eigen::Index(rows), Eigen::Index(cols));
    const uchar *data = u + dataStart;
    const qint64 count = rows * cols;
    for (qint64 k = 0; k < count; ++k) {
        // Fortran order: the first index varies fastest; for a stack, row i of head h is
        // row h·r + i of the matrix either way.
        const qint64 i = !fortran ? k / cols
                         : heads  ? (k % heads) * blockRows + (k / heads) % blockRows
                                  : k % rows;
        const qint64 j = fortran ? k / rows : k % cols;
        const double v = element(data + k * type.size, type);
        if (!std::isfinite(v))
            refuse(ErrorCategory::Structure,
                   QStringLiteral("element %1 is %2; every number must be finite")
                       .arg(shape.size() == 1 ? QStringLiteral("[%1]").arg(i)
                            : heads           ? QStringLiteral("[%1, %2, %3]")
                                          .arg(i / blockRows)
                                          .arg(i % blockRows)
                                          .arg(j)
                                    : QStringLiteral("[%1, %2]").arg(i).arg(j),
                            valueText(v)));
        out.data(Eigen::Index(i), Eigen::Index(j)) = v == 0 ? 0.0 : v;
    }
    return out;
}

} // namespace sml
