#include "CsvMatrix.h"

#include "Refusal.h"
#include "TextInput.h"

#include <QLocale>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace sml {

namespace {

using detail::refuse;

QString at(qint64 line, qint64 column)
{
    return QStringLiteral("line %1, column %2").arg(line).arg(column);
}

QString at(qint64 line)
{
    return QStringLiteral("line %1").arg(line);
}

std::string_view trimSpaces(std::string_view s)
{
    while (!s.empty() && s.front() == ' ')
        s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ')
        s.remove_suffix(1);
    return s;
}

/// A cell as shown in messages: in single quotes, control characters made visible, shortened
/// (escapedForMessage). Only the cell's first bytes are decoded, however long it is.
QString shown(std::string_view cell)
{
    constexpr size_t kBytes = 4 * 41; // at least 41 characters, when the cell has them
    const std::string_view head = cell.substr(0, kBytes);
    QString text = QString::fromUtf8(head.data(), qsizetype(head.size()));
    if (cell.size() > head.size())
        text += QStringLiteral("…"); // longer than shown: escapedForMessage shortens it
    return QStringLiteral("'%1'").arg(escapedForMessage(text));
}

/// How a cell looks, for telling a header row and a label column from the numbers.
/// NumberLike covers what a number with a typo or a wrong separator looks like ("1;2", "0,5",
/// "1e", "nan", "inf"), so that such a cell is reported as a bad number rather than taken for a
/// label or a column name.
enum class CellKind
{
    Empty,
    NumberLike,
    Text
};

CellKind classify(std::string_view cell)
{
    cell = trimSpaces(cell);
    if (cell.empty())
        return CellKind::Empty;
    std::string_view body = cell;
    if (body.front() == '+' || body.front() == '-')
        body.remove_prefix(1);
    std::string lower(body);
    for (char &ch : lower)
        if (ch >= 'A' && ch <= 'Z')
            ch = char(ch - 'A' + 'a');
    if (lower == "nan" || lower == "inf" || lower == "infinity")
        return CellKind::NumberLike;
    bool digit = false;
    for (const char ch : cell) {
        if (ch >= '0' && ch <= '9')
            digit = true;
        else if (std::string_view("+-.eE,; \t").find(ch) == std::string_view::npos)
            return CellKind::Text;
    }
    return digit ? CellKind::NumberLike : CellKind::Text;
}

/// Parses one cell as a finite double in the C locale (std::from_chars never reads the locale).
/// Returns the reason for a refusal, or nullopt and sets *value (−0 becomes +0).
std::optional<QString> parseNumber(std::string_view raw, double *value)
{
    const std::string_view cell = trimSpaces(raw);
    if (cell.empty())
        return QStringLiteral("empty cell; every cell must hold a number");
    std::string_view body = cell;
    if (body.size() > 1 && body.front() == '+' &&
        ((body[1] >= '0' && body[1] <= '9') || body[1] == '.'))
        body.remove_prefix(1); // from_chars does not take a leading '+'
    double v = 0;
    const char *end = body.data() + body.size();
    const auto [ptr, ec] = std::from_chars(body.data(), end, v, std::chars_format::general);
    if (ptr == end && ec == std::errc()) {
        if (!std::isfinite(v))
            return QStringLiteral("%1 is not a finite number").arg(shown(cell));
        *value = v == 0 ? 0.0 : v;
        return std::nullopt;
    }
    if (ptr == end && ec == std::errc::result_out_of_range) {
        // Only to say which way it is out of range; the value itself is refused.
        const double approx =
            QLocale::c().toDouble(QString::fromLatin1(body.data(), qsizetype(body.size())));
        if (std::isinf(approx))
            return QStringLiteral("%1 is too large for a double").arg(shown(cell));
        return QStringLiteral("%1 is too small for a double (it would round to 0)")
            .arg(shown(cell));
    }
    QString hint;
    if (cell.find(';') != std::string_view::npos)
        hint = QStringLiteral(" (the separator is ',')");
    else if (cell.find('\t') != std::string_view::npos)
        hint = QStringLiteral(" (the separator is ',', not a tab)");
    else if (cell.find(',') != std::string_view::npos)
        hint = QStringLiteral(" (the decimal point is '.', and there are no thousands separators)");
    else if (cell.find(' ') != std::string_view::npos)
        hint = QStringLiteral(" (the separator is ',')");
    return QStringLiteral("%1 is not a number%2").arg(shown(cell), hint);
}

/// One field of a record: a span of the text, without its quotes.
struct Span
{
    qsizetype begin = 0;
    qsizetype end = 0;
    bool quoted = false;
    bool doubledQuotes = false; ///< holds "" that must be turned into "
};

/// Splits RFC 4180 text into records, one at a time, counting physical lines.
class Tokenizer
{
public:
    explicit Tokenizer(std::string_view text) : mText(text) {}

    /// Reads the next record into `fields` and its first line into `recordLine`. Returns false
    /// at the end of the input.
    bool next(std::vector<Span> &fields, qint64 &recordLine)
    {
        const qsizetype n = qsizetype(mText.size());
        if (mPos >= n)
            return false;
        fields.clear();
        recordLine = mLine;
        for (;;) {
            const qint64 column = qint64(fields.size()) + 1;
            if (column > limits::maxDim + 1)
                refuse(ErrorCategory::Limit,
                       QStringLiteral("%1: more than %2 fields; the limit is %3 columns of numbers "
                                      "(plus a label column)")
                           .arg(at(recordLine))
                           .arg(limits::maxDim + 1)
                           .arg(limits::maxDim));
            Span field;
            qsizetype q = mPos;
            while (q < n && mText[size_t(q)] == ' ')
                ++q;
            if (q < n && mText[size_t(q)] == '"') {
                const qint64 openLine = mLine;
                field.quoted = true;
                field.begin = q + 1;
                qsizetype r = q + 1;
                for (;;) {
                    if (r >= n)
                        refuse(ErrorCategory::Syntax,
                               QStringLiteral("%1: the quoted field is never closed (a '\"' is "
                                              "missing)")
                                   .arg(at(openLine, column)));
                    const char c = mText[size_t(r)];
                    if (c == '"') {
                        if (r + 1 < n && mText[size_t(r + 1)] == '"') {
                            field.doubledQuotes = true;
                            r += 2;
                            continue;
                        }
                        break;
                    }
                    if (c == '\n')
                        ++mLine;
                    ++r;
                }
                field.end = r;
                mPos = r + 1;
                while (mPos < n && mText[size_t(mPos)] == ' ')
                    ++mPos;
                if (mPos < n && !isBreak(mText[size_t(mPos)]))
                    refuse(ErrorCategory::Syntax,
                           QStringLiteral("%1: text after the closing quote; quote the whole field "
                                          "and double each '\"' inside it")
                               .arg(at(mLine, column)));
            } else {
                field.begin = mPos;
                qsizetype r = mPos;
                while (r < n && !isBreak(mText[size_t(r)])) {
                    if (mText[size_t(r)] == '"')
                        refuse(ErrorCategory::Syntax,
                               QStringLiteral("%1: a '\"' inside an unquoted field; quote the "
                                              "whole field and double each '\"' inside it")
                                   .arg(at(mLine, column)));
                    ++r;
                }
                field.end = r;
                mPos = r;
            }
            fields.push_back(field);
            if (mPos >= n)
                return true;
            const char c = mText[size_t(mPos)];
            if (c == ',') {
                ++mPos;
                continue;
            }
            if (c == '\r') {
                if (mPos + 1 < n && mText[size_t(mPos + 1)] == '\n') {
                    mPos += 2;
                    ++mLine;
                    return true;
                }
                refuse(ErrorCategory::Syntax,
                       QStringLiteral("%1: a carriage return without a line feed; end lines with "
                                      "LF or CRLF")
                           .arg(at(mLine, column)));
            }
            ++mPos; // '\n'
            ++mLine;
            return true;
        }
    }

    /// The text of a field: a view into the input, or into `buffer` when "" had to be undone.
    std::string_view text(const Span &field, std::string &buffer) const
    {
        const std::string_view raw =
            mText.substr(size_t(field.begin), size_t(field.end - field.begin));
        if (!field.quoted)
            return trimSpaces(raw);
        if (!field.doubledQuotes)
            return raw;
        buffer.clear();
        for (size_t i = 0; i < raw.size(); ++i) {
            buffer.push_back(raw[i]);
            if (raw[i] == '"')
                ++i; // skip the second quote of ""
        }
        return buffer;
    }

private:
    static bool isBreak(char c) { return c == ',' || c == '\n' || c == '\r'; }

    std::string_view mText;
    qsizetype mPos = 0;
    qint64 mLine = 1;
};

QString fromUtf8(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

/// "line 4: 2 fields, but line 1 has 3", with a hint when a wrong separator is the likely cause.
QString raggedMessage(qint64 line, qint64 got, qint64 firstLine, qint64 expected,
                      const std::vector<Span> &fields, const Tokenizer &tokenizer)
{
    QString hint;
    std::string buffer;
    for (const Span &f : fields) {
        if (f.quoted)
            continue;
        const std::string_view t = tokenizer.text(f, buffer);
        if (t.find(';') != std::string_view::npos) {
            hint = QStringLiteral(" (the line holds a ';', but the separator is ',')");
            break;
        }
        if (t.find('\t') != std::string_view::npos) {
            hint = QStringLiteral(" (the line holds a tab, but the separator is ',')");
            break;
        }
    }
    return QStringLiteral("%1: %2 %3, but line %4 has %5%6")
        .arg(at(line))
        .arg(got)
        .arg(QLatin1String(got == 1 ? "field" : "fields"))
        .arg(firstLine)
        .arg(expected)
        .arg(hint);
}

} // namespace

ImportedMatrix CsvMatrix::parseOrThrow(const QByteArray &input)
{
    std::string_view text(input.constData(), size_t(input.size()));
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);

    if (const qsizetype bad = firstInvalidUtf8(QByteArrayView(text.data(), qsizetype(text.size())));
        bad >= 0) {
        const qint64 line = 1 + qint64(std::count(text.begin(), text.begin() + bad, '\n'));
        refuse(ErrorCategory::Encoding, notUtf8Message(at(line), text[size_t(bad)]));
    }

    Tokenizer tokenizer(text);
    std::vector<Span> fields;
    std::string buffer;
    qint64 recordLine = 0;
    qint64 records = 0;            // non-empty records so far
    qint64 columns = 0;            // fields per record, from the first
    qint64 emptyLine = 0;          // the first empty line not yet followed by a record
    std::vector<std::string> row0; // the first record, kept until we know if it is a header
    qint64 line0 = 0;
    std::vector<std::string> firstCells; // records 2…: the first cell (a label or a number)
    std::vector<qint64> lines;           // records 2…: the line each starts on
    std::vector<double> rest;            // records 2…: cells 2…, row-major, parsed

    while (tokenizer.next(fields, recordLine)) {
        if (fields.size() == 1 && !fields[0].quoted && tokenizer.text(fields[0], buffer).empty()) {
            if (emptyLine == 0)
                emptyLine = recordLine;
            continue; // empty lines at the end of the file are fine
        }
        if (emptyLine != 0)
            refuse(
                ErrorCategory::Structure,
                QStringLiteral("%1 is empty; remove empty lines between rows").arg(at(emptyLine)));
        if (records == 0) {
            columns = qint64(fields.size());
            line0 = recordLine;
            for (const Span &f : fields)
                row0.emplace_back(tokenizer.text(f, buffer));
        } else {
            if (qint64(fields.size()) != columns)
                refuse(ErrorCategory::Structure, raggedMessage(recordLine, qint64(fields.size()),
                                                               line0, columns, fields, tokenizer));
            // At least `records` data rows and `columns − 1` number columns: refuse before storing.
            if (records > limits::maxTokens)
                refuse(ErrorCategory::Limit,
                       QStringLiteral("%1: more than %2 rows of numbers, the limit")
                           .arg(at(recordLine))
                           .arg(limits::maxTokens));
            if (records * (columns - 1) > limits::maxVectorEntries)
                refuse(ErrorCategory::Limit,
                       QStringLiteral("%1: more than %2 numbers, the limit for one matrix")
                           .arg(at(recordLine))
                           .arg(limits::maxVectorEntries));
            firstCells.emplace_back(tokenizer.text(fields[0], buffer));
            lines.push_back(recordLine);
            for (qint64 j = 1; j < columns; ++j) {
                double v = 0;
                if (const auto why = parseNumber(tokenizer.text(fields[size_t(j)], buffer), &v))
                    refuse(ErrorCategory::Syntax,
                           QStringLiteral("%1: %2").arg(at(recordLine, j + 1), *why));
                rest.push_back(v);
            }
        }
        ++records;
    }
    if (records == 0)
        refuse(ErrorCategory::Syntax,
               QStringLiteral("the file is empty; expected rows of numbers separated by ','"));

    // Is there a label column, a header row? (See the class comment.)
    std::vector<CellKind> kind0;
    for (const std::string &cell : row0)
        kind0.push_back(classify(cell));
    bool textBelow = false;
    bool emptyBelow = false;
    for (const std::string &cell : firstCells) {
        const CellKind k = classify(cell);
        textBelow = textBelow || k == CellKind::Text;
        emptyBelow = emptyBelow || k == CellKind::Empty;
    }
    bool textInRow0 = false;      // in columns 2…, which always hold numbers
    bool rangeNamesInRow0 = true; // columns 2… named "0", "1", … as pandas does by default
    for (qint64 j = 1; j < columns; ++j) {
        textInRow0 = textInRow0 || kind0[size_t(j)] == CellKind::Text;
        rangeNamesInRow0 = rangeNamesInRow0 && row0[size_t(j)] == std::to_string(j - 1);
    }
    bool hasLabels = false;
    bool hasHeader = false;
    if (columns >= 2 && records >= 2 && kind0[0] == CellKind::Empty && !emptyBelow &&
        (textInRow0 || rangeNamesInRow0)) {
        hasLabels = true; // pandas' DataFrame.to_csv: an empty corner over the index column
        hasHeader = true;
    } else {
        hasLabels = columns >= 2 && (textBelow || (records == 1 && kind0[0] == CellKind::Text));
        hasHeader = textInRow0 || (!hasLabels && kind0[0] == CellKind::Text);
    }
    const qint64 first = hasLabels ? 1 : 0; // first number column

    if (hasHeader && records == 1) {
        qint64 j = 0; // the first cell that is not a number: the one to point at
        while (kind0[size_t(j)] != CellKind::Text)
            ++j;
        refuse(ErrorCategory::Syntax,
               QStringLiteral("%1: %2 is not a number (if line %3 is a header, the rows of numbers "
                              "below it are missing)")
                   .arg(at(line0, j + 1), shown(row0[size_t(j)]))
                   .arg(line0));
    }

    const qint64 cols = columns - first;
    const qint64 rows = records - (hasHeader ? 1 : 0);
    if (cols > limits::maxDim)
        refuse(ErrorCategory::Limit, QStringLiteral("%1 columns of numbers exceed the limit of %2")
                                         .arg(cols)
                                         .arg(limits::maxDim));
    if (rows > limits::maxTokens)
        refuse(ErrorCategory::Limit, QStringLiteral("%1 rows of numbers exceed the limit of %2")
                                         .arg(rows)
                                         .arg(limits::maxTokens));
    if (rows * cols > limits::maxVectorEntries)
        refuse(ErrorCategory::Limit,
               QStringLiteral("%1×%2 = %3 numbers exceed the limit of %4 for one matrix")
                   .arg(rows)
                   .arg(cols)
                   .arg(rows * cols)
                   .arg(limits::maxVectorEntries));

    ImportedMatrix out;
    out.data.resize(Eigen::Index(rows), Eigen::Index(cols));
    Eigen::Index r = 0;
    if (hasHeader) {
        for (qint64 j = first; j < columns; ++j)
            out.columnNames.append(fromUtf8(row0[size_t(j)]));
    } else {
        if (hasLabels)
            out.rowLabels.append(fromUtf8(row0[0]));
        for (qint64 j = first; j < columns; ++j) {
            double v = 0;
            if (const auto why = parseNumber(row0[size_t(j)], &v))
                refuse(ErrorCategory::Syntax, QStringLiteral("%1: %2").arg(at(line0, j + 1), *why));
            out.data(0, Eigen::Index(j - first)) = v;
        }
        r = 1;
    }
    for (size_t k = 0; k < firstCells.size(); ++k, ++r) {
        if (hasLabels) {
            out.rowLabels.append(fromUtf8(firstCells[k]));
        } else {
            double v = 0;
            if (const auto why = parseNumber(firstCells[k], &v))
                refuse(ErrorCategory::Syntax, QStringLiteral("%1: %2").arg(at(lines[k], 1), *why));
            out.data(r, 0) = v;
        }
        const double *row = rest.data() + k * size_t(columns - 1);
        for (qint64 j = 1; j < columns; ++j)
            out.data(r, Eigen::Index(j - first)) = row[j - 1];
    }
    return out;
}

} // namespace sml
