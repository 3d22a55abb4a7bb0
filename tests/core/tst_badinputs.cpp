// The catalog of bad inputs (issue 6, "A catalog of bad inputs"): every way a scenario file, a
// CSV matrix or a .npy matrix can be broken that a student or a teacher is likely to meet, each a
// named row that asserts the exact error category and that the message names the problem (the
// JSON path, or the line and column, or the .npy header field).
//
// The files live in tests/data/bad/{scenario,csv,npy}/ (made by tests/data/bad/make_bad.py, so
// each one's construction is visible); inputs too large to commit, directories and missing files
// are built here. Files named good-* must load; report-* files load, and their problem (an
// infeasible MaxEnt target) is reported per query by the analysis and the report.
//
// tests/core/tst_scenarioio.cpp tests the loader's rules one by one; this file is the catalog.

#include <cstring>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "Analysis.h"
#include "CsvMatrix.h"
#include "JsonChecks.h"
#include "MatrixImport.h"
#include "NpyBytes.h"
#include "NpyMatrix.h"
#include "Report.h"
#include "ScenarioIo.h"
#include "TestInputs.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace sml;
using namespace sml::test;

Q_DECLARE_METATYPE(sml::ErrorCategory)

namespace {

const QString kBadDir = QStringLiteral(SML_TEST_DATA_DIR "/data/bad");

/// Expected outcome of one catalog row: an error of `category`, or (good) a successful load.
struct Expect
{
    bool good = false;
    ErrorCategory category = ErrorCategory::Structure;
};
constexpr Expect kGood{true, ErrorCategory::Structure};
constexpr Expect err(ErrorCategory c)
{
    return Expect{false, c};
}

const QByteArray kRest =
    R"("temperature":{"mode":"sqrt_dk"},"mask":"none",)"
    R"("variance":{"mode":"linked","sigma0_squared":1},"maxent":{"targets":null})";

/// A scenario assembled from JSON fragments.
QByteArray skeleton(const QByteArray &queries, const QByteArray &keys)
{
    return R"({"format":"softmaxlab-scenario","version":1,"title":"t","queries":)" + queries +
           R"(,"keys":)" + keys + "," + kRest + "}";
}

/// A .npy v1.0 file of float64 with the given shape text and data bytes.
QByteArray npy(const QByteArray &shape, const QByteArray &data)
{
    return npyBytes(shape, data);
}

/// A refusal of any reader, or nullopt when the input was accepted.
template <typename Result> std::optional<LoadError> errorOf(const Result &r)
{
    if (const auto *e = std::get_if<LoadError>(&r))
        return *e;
    return std::nullopt;
}

/// Loads a catalog file with the reader its extension names: scenarios through
/// ScenarioIo::loadFile, matrices through readMatrixFile (the import's entry point).
std::optional<LoadError> loadAny(const QString &path)
{
    if (path.endsWith(QLatin1String(".json")))
        return errorOf(ScenarioIo::loadFile(path));
    return errorOf(readMatrixFile(path));
}

/// Checks one outcome against a row's expectation; returns a failure text or an empty string.
QString mismatch(const std::optional<LoadError> &error, const Expect &expect,
                 const QStringList &parts)
{
    if (expect.good)
        return error ? QStringLiteral("refused a good input: [%1] %2")
                           .arg(categoryName(error->category), error->message)
                     : QString();
    if (!error)
        return QStringLiteral("accepted a bad input");
    if (error->category != expect.category)
        return QStringLiteral("category %1, expected %2: %3")
            .arg(categoryName(error->category), categoryName(expect.category), error->message);
    for (const QString &part : parts)
        if (!error->message.contains(part))
            return QStringLiteral("message lacks \"%1\": %2").arg(part, error->message);
    // No message may print a non-finite number as if it were a value.
    for (const char *word : {"nan)", "inf)", "(nan", "(inf"})
        if (error->message.contains(QLatin1String(word)))
            return QStringLiteral("message shows a non-finite number: %1").arg(error->message);
    return QString();
}

} // namespace

Q_DECLARE_METATYPE(Expect)

class TestBadInputs : public QObject
{
    Q_OBJECT

private slots:
    void catalogFiles_data();
    void catalogFiles();
    void everyCatalogFileHasARow();
    void generated_data();
    void generated();
    void notAFile_data();
    void notAFile();
    void bomIsAcceptedAndChangesNothing();
    void infeasibleTargetIsReportedPerQuery_data();
    void infeasibleTargetIsReportedPerQuery();
    void overflowInMemoryMatchesTheLoader_data();
    void overflowInMemoryMatchesTheLoader();
    void matrixImportRefusesOverflow();
    void byteOrderMarkInsideStringsRoundTrips();
    void versionOneAttentionIsAnUnknownField();
    void attentionSectionRoundTrips_data();
    void attentionSectionRoundTrips();
};

// ---------------------------------------------------------------------------------------------
// The catalog files.

namespace {

/// One named row of the catalog: a file under tests/data/bad/ and what loading it must give.
struct CatalogRow
{
    const char *name;
    QString file;
    Expect expect;
    QStringList parts; ///< words the message must contain: the path, or the line and column
};

} // namespace

#include "BadModelRows.h" // the rows of the `model` section (issue 17)

namespace {

std::vector<CatalogRow> catalogRows()
{
    using C = ErrorCategory;
    std::vector<CatalogRow> rows;
    const auto row = [&rows](const char *name, const QString &file, Expect expect,
                             const QStringList &parts) {
        rows.push_back(CatalogRow{name, file, expect, parts});
    };
    const auto sc = [](const char *base) {
        return QStringLiteral("scenario/%1.softmaxlab.json").arg(QLatin1String(base));
    };
    const auto csv = [](const char *base) {
        return QStringLiteral("csv/%1.csv").arg(QLatin1String(base));
    };
    const auto np = [](const char *base) {
        return QStringLiteral("npy/%1.npy").arg(QLatin1String(base));
    };

    // --- scenario: truncated, empty, not UTF-8 ---------------------------------------------
    row("scenario: empty file", sc("empty"), err(C::Syntax), {"line 1, column 1", "empty"});
    row("scenario: whitespace only", sc("whitespace-only"), err(C::Syntax),
        {"line 4, column 1", "empty"});
    row("scenario: truncated inside a number", sc("truncated-in-number"), err(C::Syntax),
        {"line 10, column 40"});
    row("scenario: truncated inside a string", sc("truncated-in-string"), err(C::Syntax),
        {"line 4, column 23", "unterminated string"});
    row("scenario: invalid escape \\c in a string", sc("string-invalid-escape"), err(C::Syntax),
        {"line 4, column 17", "invalid escape \\c"});
    row("scenario: \\u with a non-hex digit", sc("string-short-unicode-escape"), err(C::Syntax),
        {"line 4, column 21", "invalid escape sequence"}); // Qt refuses this one itself
    row("scenario: raw tab inside a string", sc("string-control-character"), err(C::Syntax),
        {"line 4, column 16", "control character U+0009"});
    row("scenario: truncated after a comma", sc("truncated-after-comma"), err(C::Syntax),
        {"line 13, column 1"});
    row("scenario: last brace missing", sc("truncated-last-brace"), err(C::Syntax),
        {"line 17, column 1", "unterminated object"});
    row("scenario: Latin-1 byte in the title", sc("not-utf8-latin1-title"), err(C::Encoding),
        {"line 4, column 26", "0xe9", "UTF-8"});
    row("scenario: UTF-16LE with its BOM", sc("not-utf8-utf16le-bom"), err(C::Encoding),
        {"line 1, column 1", "0xff"});
    row("scenario: UTF-8 sequence cut short", sc("not-utf8-cut-sequence"), err(C::Encoding),
        {"line 11, column 19", "0xc3"});
    row("scenario: overlong UTF-8 '/'", sc("not-utf8-overlong-slash"), err(C::Encoding),
        {"line 4, column 24", "0xc0"});
    row("scenario: a CSV file opened as a scenario", sc("not-json-csv-text"), err(C::Syntax),
        {"line 1, column 2"});

    // --- scenario: good cases ------------------------------------------------------------------
    row("scenario: UTF-8 BOM accepted (good)", sc("good-bom"), kGood, {});
    row("scenario: BOM and CRLF accepted (good)", sc("good-bom-crlf"), kGood, {});
    row("scenario: tau 1e-300 with |f| = 1e8 stays finite (good)",
        sc("good-tiny-tau-finite-scores"), kGood, {});
    row("scenario: label of exactly 200 characters (good)", sc("good-label-200-characters"), kGood,
        {});

    // --- scenario: wrong types ------------------------------------------------------------------
    row("scenario: title is a number", sc("type-title-number"), err(C::Structure),
        {"title: expected a string, got the number 42"});
    row("scenario: queries is an object", sc("type-queries-object"), err(C::Structure),
        {"queries: expected an array, got an object"});
    row("scenario: query vector is a string", sc("type-query-vector-string"), err(C::Structure),
        {"queries[0].vector: expected an array, got a string"});
    row("scenario: string inside a value", sc("type-value-element-string"), err(C::Structure),
        {"keys[1].value[0]: expected a number, got a string"});
    row("scenario: null inside a key vector", sc("type-vector-element-null"), err(C::Structure),
        {"keys[2].vector[0]: expected a number, got null"});
    row("scenario: boolean inside a key vector", sc("type-vector-element-bool"), err(C::Structure),
        {"keys[1].vector[1]: expected a number, got a boolean"});
    row("scenario: temperature is a string", sc("type-temperature-string"), err(C::Structure),
        {"temperature: expected an object, got a string"});
    row("scenario: mask is a number", sc("type-mask-number"), err(C::Structure),
        {"mask: expected a string, got the number 0"});
    row("scenario: label is an array", sc("type-label-array"), err(C::Structure),
        {"queries[0].label: expected a string, got an array"});
    row("scenario: sigma0_squared is a string", sc("type-sigma0-string"), err(C::Structure),
        {"variance.sigma0_squared:", "got a string"});
    row("scenario: targets is a number", sc("type-targets-number"), err(C::Structure),
        {"maxent.targets: expected null or an array, got the number 0.5"});
    row("scenario: key entry is an array", sc("type-key-entry-array"), err(C::Structure),
        {"keys[1]: expected an object, got an array"});
    row("scenario: unknown mask", sc("unknown-mask"), err(C::Structure), {"mask:", "\"diagonal\""});
    row("scenario: unknown variance mode", sc("unknown-variance-mode"), err(C::Structure),
        {"variance.mode:", "\"gaussian\""});
    row("scenario: label of 201 characters", sc("label-201-characters"), err(C::Structure),
        {"keys[1].label:", "201", "200"});

    // --- scenario: missing fields ---------------------------------------------------------------
    row("scenario: title missing", sc("missing-title"), err(C::Structure), {"title: missing"});
    row("scenario: keys missing", sc("missing-keys"), err(C::Structure), {"keys: missing"});
    row("scenario: query vector missing", sc("missing-query-vector"), err(C::Structure),
        {"queries[0].vector: missing"});
    row("scenario: key value missing", sc("missing-key-value"), err(C::Structure),
        {"keys[1].value: missing"});
    row("scenario: fixed tau missing", sc("missing-fixed-tau"), err(C::Structure),
        {"temperature.tau: missing"});
    row("scenario: variance missing", sc("missing-variance"), err(C::Structure),
        {"variance: missing"});
    row("scenario: maxent targets missing", sc("missing-maxent-targets"), err(C::Structure),
        {"maxent.targets: missing"});
    row("scenario: free variances missing", sc("missing-free-variances"), err(C::Structure),
        {"variance.variances: missing"});

    // --- scenario: ragged vectors, d_k and d_v, zero tokens -------------------------------------
    row("scenario: key vector too long", sc("ragged-key-vector-long"), err(C::Structure),
        {"keys[2].vector: expected 2 numbers (d_k from queries[0]), got 3"});
    row("scenario: key vector too short", sc("ragged-key-vector-short"), err(C::Structure),
        {"keys[1].vector: expected 2 numbers (d_k from queries[0]), got 1"});
    row("scenario: second query shorter", sc("ragged-query-vector"), err(C::Structure),
        {"queries[1].vector: expected 2 numbers (d_k from queries[0]), got 1"});
    row("scenario: free variances row too short", sc("ragged-free-variances-row"),
        err(C::Structure), {"variance.variances[0]: expected 3 numbers (one per key), got 2"});
    row("scenario: free variances with a row too many", sc("ragged-free-variances-rows"),
        err(C::Structure), {"variance.variances: expected 1 row (one per query), got 2"});
    row("scenario: d_k of the keys differs from the queries", sc("mismatched-dk-all-keys"),
        err(C::Structure), {"keys[0].vector: expected 2 numbers (d_k from queries[0]), got 3"});
    row("scenario: d_v differs between keys", sc("mismatched-dv"), err(C::Structure),
        {"keys[1].value: expected 2 numbers (d_v from keys[0]), got 3"});
    row("scenario: zero queries", sc("zero-queries"), err(C::Structure),
        {"queries: expected at least one query"});
    row("scenario: zero keys", sc("zero-keys"), err(C::Structure),
        {"keys: expected at least one key"});
    row("scenario: d_k = 0", sc("zero-dk"), err(C::Structure), {"queries[0].vector:", "d_k ≥ 1"});
    row("scenario: d_v = 0", sc("zero-dv"), err(C::Structure), {"keys[0].value:", "d_v ≥ 1"});

    // --- scenario: NaN, Infinity, 1e400, variances, σ0², τ --------------------------------------
    row("scenario: NaN in a query", sc("number-nan"), err(C::Syntax),
        {"line 6, column 32", "illegal number"});
    row("scenario: Infinity in a value", sc("number-infinity"), err(C::Syntax),
        {"line 9, column 54", "illegal number"});
    row("scenario: -Infinity in a key", sc("number-minus-infinity"), err(C::Syntax),
        {"line 10, column 34", "illegal number"});
    row("scenario: 1e400 in a value", sc("number-1e400"), err(C::Syntax),
        {"line 11, column 60", "illegal number"});
    row("scenario: sigma0_squared = -1e400", sc("number-minus-1e400-sigma0"), err(C::Syntax),
        {"line 15, column 59"});
    row("scenario: sigma0_squared = 0", sc("sigma0-zero"), err(C::Structure),
        {"variance.sigma0_squared: expected a positive number, got 0"});
    row("scenario: sigma0_squared < 0", sc("sigma0-negative"), err(C::Structure),
        {"variance.sigma0_squared: expected a positive number, got -1"});
    row("scenario: free variance 0", sc("free-variance-zero"), err(C::Structure),
        {"variance.variances[0][1]: expected a positive number, got 0"});
    row("scenario: free variance < 0", sc("free-variance-negative"), err(C::Structure),
        {"variance.variances[0][2]: expected a positive number, got -2"});
    row("scenario: free variance null", sc("free-variance-null"), err(C::Structure),
        {"variance.variances[0][0]:", "got null"});
    row("scenario: tau = 0", sc("tau-zero"), err(C::Structure),
        {"temperature.tau: expected a positive number, got 0"});
    row("scenario: tau < 0", sc("tau-negative"), err(C::Structure),
        {"temperature.tau: expected a positive number, got -1.5"});
    row("scenario: tau = -0", sc("tau-minus-zero"), err(C::Structure),
        {"temperature.tau: expected a positive number"});
    row("scenario: tau is a string", sc("tau-string"), err(C::Structure),
        {"temperature.tau:", "got a string"});

    // --- scenario: MaxEnt targets that the loader refuses ---------------------------------------
    row("scenario: too many targets", sc("targets-too-many"), err(C::Structure),
        {"maxent.targets: expected 1 entry (one per query), got 2"});
    row("scenario: too few targets", sc("targets-too-few"), err(C::Structure),
        {"maxent.targets: expected 1 entry (one per query), got 0"});
    row("scenario: target is a string", sc("targets-string"), err(C::Structure),
        {"maxent.targets[0]: expected a number or null, got a string"});
    // An infeasible target is not a load error: see infeasibleTargetIsReportedPerQuery().
    row("scenario: target above max f loads (report error)", sc("report-target-above-max"), kGood,
        {});
    row("scenario: target equal to min f loads (report error)", sc("report-target-equal-min"),
        kGood, {});
    row("scenario: target with all similarities equal loads (report error)",
        sc("report-target-all-equal"), kGood, {});

    // --- scenario: duplicate keys, version, format ----------------------------------------------
    row("scenario: duplicate title at the top level", sc("duplicate-top-title"), err(C::Duplicate),
        {"top level: duplicate key \"title\"", "line 5, column 3"});
    row("scenario: duplicate vector in a key", sc("duplicate-key-vector"), err(C::Duplicate),
        {"keys[1]: duplicate key \"vector\"", "line 10, column 44"});
    row("scenario: duplicate written as \\u0065", sc("duplicate-unicode-escape"), err(C::Duplicate),
        {"top level: duplicate key \"title\"", "line 5, column 3"});
    row("scenario: duplicate written as \\u005f in an object", sc("duplicate-escape-nested"),
        err(C::Duplicate), {"variance: duplicate key \"sigma0_squared\"", "line 15"});
    row("scenario: duplicate inside an unknown field", sc("duplicate-in-unknown-field"),
        err(C::Duplicate), {"notes: duplicate key \"a\"", "line 14"});
    row("scenario: newer version 3", sc("version-newer"), err(C::Version),
        {"version 3", "version 2"});
    row("scenario: version is a string", sc("version-string"), err(C::Version),
        {"version:", "got a string"});
    row("scenario: version 1.5", sc("version-fraction"), err(C::Version), {"version:", "1.5"});
    row("scenario: version missing", sc("version-missing"), err(C::Version), {"version: missing"});
    row("scenario: format of a report", sc("format-wrong"), err(C::Format),
        {"format:", "\"softmaxlab-report\""});
    row("scenario: format missing", sc("format-missing"), err(C::Format), {"format: missing"});
    row("scenario: top-level array", sc("format-top-level-array"), err(C::Format),
        {"got an array"});

    // --- scenario: overflow from finite vectors -------------------------------------------------
    row("scenario: similarity (1e200,1e200)·(1e200,-1e200)", sc("overflow-similarity-cancelling"),
        err(C::Overflow), {"queries[0]·keys[0]: similarity 1e200·1e200 overflows a double"});
    row("scenario: similarity 1e200·1e200 = +inf", sc("overflow-similarity-positive"),
        err(C::Overflow), {"queries[0]·keys[0]: similarity", "overflows a double"});
    row("scenario: score 2e8/tau with tau = 1e-300", sc("overflow-score-tiny-tau"),
        err(C::Overflow), {"queries[0]·keys[0]: score 2e8/τ with τ = 1e-300 overflows a double"});

    // --- scenario: the version-2 `attention` section (issue 16) ---------------------------------
    row("scenario: attention alpha missing", sc("attention-alpha-missing"), err(C::Structure),
        {"attention.alpha: missing (expected a number with 1 ≤ α ≤ 4)"});
    row("scenario: attention alpha 0.5 < 1", sc("attention-alpha-below-1"), err(C::Structure),
        {"attention.alpha: expected a number with 1 ≤ α ≤ 4, got the number 0.5"});
    row("scenario: attention alpha 4.5 > 4", sc("attention-alpha-above-4"), err(C::Structure),
        {"attention.alpha: expected a number with 1 ≤ α ≤ 4, got the number 4.5"});
    row("scenario: attention alpha is a string", sc("attention-alpha-string"), err(C::Structure),
        {"attention.alpha: expected a number with 1 ≤ α ≤ 4, got a string"});
    row("scenario: attention normalizer unknown", sc("attention-normalizer-unknown"),
        err(C::Structure),
        {"attention.normalizer: expected \"softmax\" or \"entmax\", got \"sparsemax\""});
    row("scenario: attention normalizer missing", sc("attention-normalizer-missing"),
        err(C::Structure), {"attention.normalizer: missing (expected \"softmax\" or \"entmax\")"});
    row("scenario: attention is not an object", sc("attention-not-object"), err(C::Structure),
        {"attention: expected an object, got a string"});
    row("scenario: attention sparsemax (good)", sc("good-attention-sparsemax"), kGood, {});
    row("scenario: attention alpha 1 at the range's end (good)", sc("good-attention-alpha-1"),
        kGood, {});
    row("scenario: attention alpha 4 at the range's end (good)", sc("good-attention-alpha-4"),
        kGood, {});
    row("scenario: softmax keeps an unusable alpha as an unknown field (good)",
        sc("good-attention-softmax-alpha-kept"), kGood, {});
    row("scenario: version 1 with an attention member loads, with a warning (good)",
        sc("good-version1-attention-unknown"), kGood, {});

    // --- scenario: the version-2 `lesson` section (issue 18) ------------------------------------
    row("scenario: lesson without steps", sc("lesson-no-steps"), err(C::Structure),
        {"lesson.steps: expected 1 to 200 steps, got 0"});
    row("scenario: lesson of 201 steps", sc("lesson-201-steps"), err(C::Structure),
        {"lesson.steps: expected 1 to 200 steps, got 201"});
    row("scenario: lesson step without a title", sc("lesson-step-without-title"), err(C::Structure),
        {"lesson.steps[1].title: missing (expected a string)"});
    row("scenario: lesson step title of 201 characters", sc("lesson-title-201-characters"),
        err(C::Structure), {"lesson.steps[0].title: 201 characters, more than the limit of 200"});
    row("scenario: lesson step with an unknown view", sc("lesson-view-unknown"), err(C::Structure),
        {"lesson.steps[0].view: expected a view name (attention-heatmap, weight-bars,",
         "alpha-sweep), got \"weights\""});
    row("scenario: lesson step query out of range", sc("lesson-query-out-of-range"),
        err(C::Structure),
        {"lesson.steps[0].query: expected a query index from 0 to 0 (m = 1), got 1"});
    row("scenario: lesson step head out of range", sc("lesson-head-out-of-range"),
        err(C::Structure),
        {"lesson.steps[0].head: expected a head index from 0 to 0 (H = 1), got 1"});
    row("scenario: lesson step sets a field other than the five", sc("lesson-set-unknown-field"),
        err(C::Structure),
        {"lesson.steps[0].set.keys: a step may set only temperature, mask, variance, maxent and "
         "attention"});
    row("scenario: lesson step sets tau = 0", sc("lesson-set-tau-zero"), err(C::Structure),
        {"lesson.steps[3].set.temperature.tau: expected a positive number, got 0"});
    row("scenario: lesson step's tau makes a score overflow", sc("lesson-set-score-overflow"),
        err(C::Overflow),
        {"lesson.steps[0].set.temperature: queries[0]·keys[0]: score 2e8/τ with τ = 1e-300 "
         "overflows a double"});
    row("scenario: lesson of 200 steps (good)", sc("good-lesson-200-steps"), kGood, {});
    row("scenario: lesson step sets all five settings (good)", sc("good-lesson-every-setting"),
        kGood, {});
    row("scenario: version 1 with a lesson member loads, with a warning (good)",
        sc("good-version1-lesson-unknown"), kGood, {});

    // --- CSV ------------------------------------------------------------------------------------
    row("csv: empty file", csv("empty"), err(C::Syntax), {"empty.csv\"", "the file is empty"});
    row("csv: only line ends", csv("only-line-ends"), err(C::Syntax), {"the file is empty"});
    row("csv: quoted field never closed (truncated)", csv("quote-never-closed"), err(C::Syntax),
        {"line 1, column 2", "never closed"});
    row("csv: not UTF-8", csv("not-utf8"), err(C::Encoding), {"line 2", "0xe9"});
    row("csv: mixed separators in a cell", csv("mixed-separators-cell"), err(C::Syntax),
        {"line 2, column 2", "'4;5' is not a number", "separator is ','"});
    row("csv: mixed separators make a row ragged", csv("mixed-separators-row"), err(C::Structure),
        {"line 2: 2 fields, but line 1 has 3", "';'"});
    row("csv: semicolon-separated", csv("semicolon-separated"), err(C::Syntax),
        {"line 1, column 1", "'1;2'", "separator is ','"});
    row("csv: tab-separated", csv("tab-separated"), err(C::Syntax),
        {"line 1, column 1", "not a tab"});
    row("csv: ragged row", csv("ragged-row"), err(C::Structure),
        {"line 3: 2 fields, but line 1 has 3"});
    row("csv: nan cell", csv("nan-cell"), err(C::Syntax),
        {"line 2, column 2", "'nan' is not a finite number"});
    row("csv: -inf cell", csv("inf-cell"), err(C::Syntax),
        {"line 1, column 2", "'-inf' is not a finite number"});
    row("csv: 1e400", csv("number-1e400"), err(C::Syntax),
        {"line 2, column 1", "too large for a double"});
    row("csv: 1e-400", csv("number-1e-400"), err(C::Syntax),
        {"line 2, column 2", "too small for a double"});
    row("csv: empty cell", csv("empty-cell"), err(C::Syntax), {"line 1, column 2", "empty cell"});
    row("csv: quoted decimal comma", csv("decimal-comma-quoted"), err(C::Syntax),
        {"line 1, column 1", "'0,5'", "decimal point"});
    row("csv: quote inside an unquoted field", csv("quote-inside-unquoted"), err(C::Syntax),
        {"line 2, column 2"});
    row("csv: text after a closing quote", csv("text-after-closing-quote"), err(C::Syntax),
        {"line 1, column 1", "after the closing quote"});
    row("csv: bare carriage return", csv("bare-carriage-return"), err(C::Syntax),
        {"line 1, column 2", "carriage return"});
    row("csv: empty line between rows", csv("empty-line-between-rows"), err(C::Structure),
        {"line 2 is empty"});
    row("csv: header with no rows", csv("header-without-rows"), err(C::Syntax),
        {"line 1, column 1", "header"});
    row("csv: quoted labels with commas (good)", csv("good-quoted-labels-with-commas"), kGood, {});
    row("csv: BOM and CRLF (good)", csv("good-bom-crlf"), kGood, {});
    row("csv: pandas index column and header (good)", csv("good-pandas-index"), kGood, {});

    // --- .npy -----------------------------------------------------------------------------------
    row("npy: bad magic", np("bad-magic"), err(C::Format), {"\\x93NUMPY"});
    row("npy: empty file", np("empty"), err(C::Format), {"empty.npy\"", "\\x93NUMPY"});
    row("npy: text file named .npy", np("text-not-npy"), err(C::Format), {"\\x93NUMPY"});
    row("npy: ZIP archive named .npy", np("zip-archive"), err(C::Format), {"ZIP", "numpy.save"});
    row("npy: truncated preamble", np("truncated-preamble"), err(C::Structure),
        {"truncated", "format version"});
    row("npy: truncated header", np("truncated-header"), err(C::Structure),
        {"truncated header", "118 bytes"});
    row("npy: format version 4.0", np("version-4"), err(C::Version), {"4.0"});
    row("npy: header not a dict literal", np("header-syntax"), err(C::Syntax),
        {"header", "at character"});
    row("npy: extra header key", np("header-extra-key"), err(C::Structure), {"unexpected key 'x'"});
    row("npy: shape missing", np("header-missing-shape"), err(C::Structure), {"no 'shape'"});
    row("npy: unsupported dtype complex128", np("dtype-complex128"), err(C::Structure),
        {"'<c16'", "complex128", "not supported"});
    row("npy: unsupported dtype bool", np("dtype-bool"), err(C::Structure),
        {"'|b1'", "bool", "not supported"});
    row("npy: unsupported dtype uint8", np("dtype-uint8"), err(C::Structure), {"'|u1'", "uint8"});
    row("npy: unsupported dtype unicode", np("dtype-unicode"), err(C::Structure), {"'<U3'"});
    row("npy: unsupported dtype object", np("dtype-object"), err(C::Structure), {"'|O'"});
    row("npy: dtype without byte order", np("dtype-no-byte-order"), err(C::Structure),
        {"'f8'", "byte order"});
    row("npy: shape needs more data than the file has", np("shape-data-too-short"),
        err(C::Structure), {"shape (3, 4) needs 96 bytes of data, file has 80"});
    row("npy: file has more data than the shape", np("shape-data-too-long"), err(C::Structure),
        {"shape (2, 2) needs 32 bytes of data, file has 40"});
    row("npy: 3-D shape", np("shape-3d"), err(C::Structure), {"shape (2, 1, 1)", "3 dimensions"});
    row("npy: 0-D shape", np("shape-0d"), err(C::Structure), {"shape ()", "0-D"});
    row("npy: empty shape (0, 3)", np("shape-empty-rows"), err(C::Structure),
        {"shape (0, 3) is empty"});
    row("npy: negative shape", np("shape-negative"), err(C::Structure), {"'shape'", "≥ 0"});
    row("npy: NaN element", np("element-nan"), err(C::Structure), {"element [1, 0] is nan"});
    row("npy: float16 infinity", np("element-inf-float16"), err(C::Structure),
        {"element [1] is inf"});
    row("npy: claimed 100001 rows, 8 bytes of data", np("claimed-rows-beyond-limit"), err(C::Limit),
        {"shape (100001, 1)", "limit of 100000"});
    row("npy: claimed 4097 columns", np("claimed-columns-beyond-limit"), err(C::Limit),
        {"shape (1, 4097)", "limit of 4096"});
    row("npy: claimed 100000×4096 numbers", np("claimed-numbers-beyond-limit"), err(C::Limit),
        {"shape (100000, 4096)", "limit of 50000000"});
    row("npy: claimed shape (1e18, 1e18)", np("claimed-shape-1e18"), err(C::Limit),
        {"1000000000000000000 rows exceed the limit of 100000"});
    row("npy: float64 C order (good)", np("good-f8-c-order"), kGood, {});
    row("npy: big-endian float32 Fortran order (good)", np("good-f4-fortran-big-endian"), kGood,
        {});
    addModelCatalogRows(rows); // the version-2 `model` section (BadModelRows.h)
    return rows;
}

} // namespace

void TestBadInputs::catalogFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<Expect>("expect");
    QTest::addColumn<QStringList>("parts");
    for (const CatalogRow &r : catalogRows())
        QTest::newRow(r.name) << r.file << r.expect << r.parts;
}

void TestBadInputs::catalogFiles()
{
    QFETCH(QString, file);
    QFETCH(Expect, expect);
    QFETCH(QStringList, parts);
    const QString path = kBadDir + QLatin1Char('/') + file;
    QVERIFY2(QFileInfo(path).isFile(),
             qPrintable(path + QStringLiteral(": missing; run make_bad.py")));

    const std::optional<LoadError> error = loadAny(path);
    const QString problem = mismatch(error, expect, parts);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    // The readers give the same answer on the bytes alone (the file name aside).
    const QByteArray bytes = readAll(path);
    std::optional<LoadError> fromBytes;
    if (file.endsWith(QLatin1String(".json")))
        fromBytes = errorOf(ScenarioIo::parse(bytes));
    else if (file.endsWith(QLatin1String(".csv")))
        fromBytes = errorOf(CsvMatrix::parse(bytes));
    else
        fromBytes = errorOf(NpyMatrix::parse(bytes));
    QCOMPARE(bool(fromBytes), bool(error));
    if (error) {
        QCOMPARE(fromBytes->category, error->category);
        QVERIFY2(error->message.endsWith(fromBytes->message), qPrintable(error->message));
        // Matrix messages name the file; the command line adds it for scenarios.
        if (!file.endsWith(QLatin1String(".json")))
            QVERIFY2(error->message.contains(QFileInfo(path).fileName()),
                     qPrintable(error->message));
    }
}

void TestBadInputs::everyCatalogFileHasARow()
{
    QSet<QString> rowFiles;
    QSet<QByteArray> names;
    for (const CatalogRow &r : catalogRows()) {
        QVERIFY2(!rowFiles.contains(r.file), qPrintable(r.file));
        QVERIFY2(!names.contains(r.name), r.name);
        rowFiles.insert(r.file);
        names.insert(r.name);
    }
    QVERIFY(rowFiles.size() >= 60);
    QStringList orphans;
    QDirIterator it(kBadDir,
                    {QStringLiteral("*.json"), QStringLiteral("*.csv"), QStringLiteral("*.npy")},
                    QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString rel = QDir(kBadDir).relativeFilePath(it.next());
        if (!rowFiles.contains(rel))
            orphans << rel;
    }
    QVERIFY2(orphans.isEmpty(), qPrintable(QStringLiteral("files without a catalog row: ") +
                                           orphans.join(QStringLiteral(", "))));
}

// ---------------------------------------------------------------------------------------------
// Inputs built here: sizes beyond the limits, claimed (by the first entry or a header) or actual.

void TestBadInputs::generated_data()
{
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<Expect>("expect");
    QTest::addColumn<QStringList>("parts");
    using C = ErrorCategory;
    const QByteArray tinyQuery = R"({"label":"q","vector":[0]})";
    const QByteArray tinyKey = R"({"label":"k","vector":[0],"value":[0]})";

    QTest::newRow("scenario: 100001 queries")
        << ".json" << skeleton(repeated(tinyQuery, 100001), repeated(tinyKey, 1)) << err(C::Limit)
        << QStringList{"m = 100001", "limit of 100000"};
    QTest::newRow("scenario: 100001 keys")
        << ".json" << skeleton(repeated(tinyQuery, 1), repeated(tinyKey, 100001)) << err(C::Limit)
        << QStringList{"T = 100001", "limit of 100000"};
    // The entries are not even objects: the counts alone refuse the file, before anything else
    // is read or allocated.
    QTest::newRow("scenario: m·T = 8000·7000 claimed by the array lengths")
        << ".json" << skeleton(repeated("0", 8000), repeated("0", 7000)) << err(C::Limit)
        << QStringList{"m·T = 8000·7000", "limit of 50000000"};
    QTest::newRow("scenario: d_k = 4097 claimed by queries[0]")
        << ".json"
        << skeleton("[{\"label\":\"q\",\"vector\":" + repeated("0", 4097) + "}]",
                    repeated(tinyKey, 1))
        << err(C::Limit) << QStringList{"d_k = 4097", "limit of 4096"};
    QTest::newRow("scenario: d_v = 4097 claimed by keys[0]")
        << ".json"
        << skeleton(repeated(tinyQuery, 1),
                    "[{\"label\":\"k\",\"vector\":[0],\"value\":" + repeated("0", 4097) + "}]")
        << err(C::Limit) << QStringList{"d_v = 4097", "limit of 4096"};
    QTest::newRow("scenario: (m+T)·d_k + T·d_v beyond 5e7 claimed by the first entries")
        << ".json"
        << skeleton("[{\"label\":\"q\",\"vector\":" + repeated("0", 4096) + "}]",
                    "[{\"label\":\"k\",\"vector\":[],\"value\":" + repeated("0", 4096) + "}," +
                        repeated("0", 6200).mid(1))
        << err(C::Limit) << QStringList{"(m + T)·d_k + T·d_v", "limit of 50000000"};
    QTest::newRow("scenario: d_k = 4096 at the limit (good)")
        << ".json"
        << skeleton("[{\"label\":\"q\",\"vector\":" + repeated("1", 4096) + "}]",
                    "[{\"label\":\"k\",\"vector\":" + repeated("1", 4096) + ",\"value\":[1]}]")
        << kGood << QStringList{};

    QByteArray wide = repeated("1", 4097).mid(1);
    wide.chop(1);
    QTest::newRow("csv: 4097 columns")
        << ".csv" << (wide + "\n" + wide + "\n") << err(C::Limit) << QStringList{"limit", "4096"};
    QByteArray tall;
    for (int i = 0; i < 100002; ++i)
        tall += "1\n";
    QTest::newRow("csv: 100002 rows") << ".csv" << tall << err(C::Limit) << QStringList{"100000"};
    QTest::newRow("npy: claimed 50000001 numbers, no data")
        << ".npy" << npy("(12208, 4096)", QByteArray()) << err(C::Limit)
        << QStringList{"shape (12208, 4096)", "limit of 50000000"};
    QTest::newRow("npy: claimed 100000×4096 with only the header")
        << ".npy" << npy("(100000, 4096)", QByteArray()) << err(C::Limit)
        << QStringList{"numbers exceed the limit"};
    addModelGeneratedRows(); // the limits of the `model` section (BadModelRows.h)
}

void TestBadInputs::generated()
{
    QFETCH(QString, suffix);
    QFETCH(QByteArray, content);
    QFETCH(Expect, expect);
    QFETCH(QStringList, parts);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("input") + suffix);
    QVERIFY(writeAll(path, content));
    const std::optional<LoadError> error = loadAny(path);
    const QString problem = mismatch(error, expect, parts);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

// ---------------------------------------------------------------------------------------------
// Not a readable file: a directory, a missing file, a file beyond 256 MiB.

void TestBadInputs::notAFile_data()
{
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<QString>("what"); // "directory", "missing", "huge", "fifo", … or a path
    QTest::addColumn<Expect>("expect");
    QTest::addColumn<QStringList>("parts");
    using C = ErrorCategory;
    for (const char *suffix : {".softmaxlab.json", ".csv", ".npy"}) {
        const QString s = QLatin1String(suffix);
        const QByteArray kind = s == QLatin1String(".csv")   ? "csv"
                                : s == QLatin1String(".npy") ? "npy"
                                                             : "scenario";
        QTest::newRow((kind + ": a directory instead of a file").constData())
            << s << "directory" << err(C::Io) << QStringList{"input" + s, "directory"};
        QTest::newRow((kind + ": a missing file").constData())
            << s << "missing" << err(C::Io) << QStringList{"input" + s, "no such file"};
        QTest::newRow((kind + ": 256 MiB + 1 byte (sparse), refused before reading").constData())
            << s << "huge" << err(C::Limit)
            << QStringList{"input" + s, "268435457 bytes", "256 MiB"};
        // Not a regular file: refused before open(), which would block on a FIFO (issue 15 #1).
        QTest::newRow((kind + ": a named pipe (FIFO), no writer").constData())
            << s << "fifo" << err(C::Io) << QStringList{"input" + s, "a named pipe (FIFO)"};
        QTest::newRow((kind + ": a symbolic link to a FIFO").constData())
            << s << "fifo-link" << err(C::Io) << QStringList{"input" + s, "a named pipe (FIFO)"};
        QTest::newRow((kind + ": a Unix socket").constData())
            << s << "socket" << err(C::Io) << QStringList{"input" + s, "a socket"};
        QTest::newRow((kind + ": /dev/zero, an endless character device").constData())
            << s << "/dev/zero" << err(C::Io) << QStringList{"/dev/zero", "a character device"};
    }
}

void TestBadInputs::notAFile()
{
    QFETCH(QString, suffix);
    QFETCH(QString, what);
    QFETCH(Expect, expect);
    QFETCH(QStringList, parts);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString path = dir.filePath(QStringLiteral("input") + suffix);
    if (what == QLatin1String("directory")) {
        QVERIFY(QDir().mkpath(path));
    } else if (what == QLatin1String("fifo")) {
        QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
    } else if (what == QLatin1String("fifo-link")) {
        const QString fifo = dir.filePath(QStringLiteral("pipe"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        QVERIFY(QFile::link(fifo, path));
    } else if (what == QLatin1String("socket")) {
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        QVERIFY(fd >= 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        const QByteArray native = QFile::encodeName(path);
        QVERIFY(size_t(native.size()) < sizeof(address.sun_path));
        std::memcpy(address.sun_path, native.constData(), size_t(native.size()));
        const bool bound = ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0;
        ::close(fd); // the socket file stays
        QVERIFY(bound);
    } else if (what.startsWith(QLatin1Char('/'))) {
        path = what;
    } else if (what == QLatin1String("huge")) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(limits::maxFileBytes + 1)); // sparse: no disk used
    }
    // A device's path has no suffix: the row's suffix says which reader is asked.
    const std::optional<LoadError> error = suffix.endsWith(QLatin1String(".json"))
                                               ? errorOf(ScenarioIo::loadFile(path))
                                               : loadAny(path);
    const QString problem = mismatch(error, expect, parts);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestBadInputs::bomIsAcceptedAndChangesNothing()
{
    const LoadResult plain = ScenarioIo::parse(
        readAll(kBadDir + QStringLiteral("/scenario/good-bom.softmaxlab.json")).mid(3));
    for (const char *name : {"good-bom", "good-bom-crlf"}) {
        const LoadResult withBom = ScenarioIo::loadFile(
            kBadDir + QStringLiteral("/scenario/%1.softmaxlab.json").arg(QLatin1String(name)));
        QVERIFY(std::holds_alternative<Scenario>(plain));
        QVERIFY2(std::holds_alternative<Scenario>(withBom), name);
        QVERIFY(std::get<Scenario>(withBom) == std::get<Scenario>(plain));
        QCOMPARE(std::get<Scenario>(withBom).m(), 1);
        QCOMPARE(std::get<Scenario>(withBom).T(), 3);
    }
}

// ---------------------------------------------------------------------------------------------
// An infeasible MaxEnt target is not a load error: the analysis and the report name it per query.

void TestBadInputs::infeasibleTargetIsReportedPerQuery_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    QTest::newRow("target 5 above max f") << "report-target-above-max"
                                          << "target 5 outside (min f, max f) = (-1, 1)";
    QTest::newRow("target -1 equal to min f (the interval is open)")
        << "report-target-equal-min"
        << "target -1 outside (min f, max f) = (-1, 1)";
    QTest::newRow("target 0.3 with all similarities equal 1")
        << "report-target-all-equal"
        << "target 0.3 is infeasible: all similarities equal 1 (λ undetermined)";
}

void TestBadInputs::infeasibleTargetIsReportedPerQuery()
{
    QFETCH(QString, file);
    QFETCH(QString, message);
    const LoadResult loaded =
        ScenarioIo::loadFile(kBadDir + QStringLiteral("/scenario/%1.softmaxlab.json").arg(file));
    QVERIFY(std::holds_alternative<Scenario>(loaded));
    const Scenario &s = std::get<Scenario>(loaded);

    const QueryDetail d = Analysis(s).detail(0);
    QCOMPARE(d.maxent.status, maxent::Status::Infeasible);
    QCOMPARE(d.maxent.message, message);
    QVERIFY(!d.maxent.lambda);
    QVERIFY(d.defined); // the rest of the query is still computed
    QVERIFY(std::abs(d.weights.sum() - 1) <= 1e-15);

    const QJsonObject report = buildReport(s);
    const QJsonObject q = report[QLatin1String("queries")].toArray()[0].toObject();
    const QJsonObject me = q[QLatin1String("maxent")].toObject();
    QCOMPARE(me[QLatin1String("error")].toString(), message);
    QVERIFY(me[QLatin1String("target")].isDouble());
    QVERIFY(!me.contains(QLatin1String("lambda")));
    QCOMPARE(q[QLatin1String("weights")].toArray().size(), s.T());
    QVERIFY(q[QLatin1String("mle")].isObject());
    QVERIFY(allFinite(report));
}

// ---------------------------------------------------------------------------------------------
// The same overflow rules hold for a scenario built in memory (an edit, an import).

void TestBadInputs::overflowInMemoryMatchesTheLoader_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("similarity (1e200,1e200)·(1e200,-1e200)") << "overflow-similarity-cancelling";
    QTest::newRow("similarity 1e200·1e200") << "overflow-similarity-positive";
    QTest::newRow("score 2e8/tau, tau = 1e-300") << "overflow-score-tiny-tau";
}

void TestBadInputs::overflowInMemoryMatchesTheLoader()
{
    QFETCH(QString, file);
    const LoadResult loaded =
        ScenarioIo::loadFile(kBadDir + QStringLiteral("/scenario/%1.softmaxlab.json").arg(file));
    QVERIFY(std::holds_alternative<LoadError>(loaded));
    const LoadError &fromFile = std::get<LoadError>(loaded);

    // The good base with the offending numbers put in by hand.
    const LoadResult base =
        ScenarioIo::loadFile(kBadDir + QStringLiteral("/scenario/good-bom.softmaxlab.json"));
    QVERIFY(std::holds_alternative<Scenario>(base));
    Scenario s = std::get<Scenario>(base);
    if (file == QLatin1String("overflow-score-tiny-tau")) {
        s.temperatureMode = TemperatureMode::Fixed;
        s.fixedTau = 1e-300;
        s.queries << 2e8, 0;
    } else {
        s.queries << 1e200, (file.contains(QLatin1String("cancelling")) ? 1e200 : 0.0);
        s.keys.row(0) << 1e200, (file.contains(QLatin1String("cancelling")) ? -1e200 : 0.0);
    }
    const std::optional<LoadError> inMemory = validateScenario(s);
    QVERIFY(inMemory);
    QCOMPARE(inMemory->category, ErrorCategory::Overflow);
    QCOMPARE(inMemory->message, fromFile.message);
    // Saving refuses it too, before anything is written.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("never-written.softmaxlab.json"));
    const std::optional<LoadError> saved = ScenarioIo::saveFile(s, path);
    QVERIFY(saved);
    QCOMPARE(saved->category, ErrorCategory::Overflow);
    QVERIFY(!QFileInfo::exists(path));
}

void TestBadInputs::matrixImportRefusesOverflow()
{
    // Matrices that read fine but whose similarities overflow: the import names query and key.
    QTemporaryDir dir;
    const QString q = dir.filePath(QStringLiteral("q.csv"));
    const QString k = dir.filePath(QStringLiteral("k.csv"));
    QVERIFY(writeAll(q, "1e200,1e200\n"));
    QVERIFY(writeAll(k, "1,0\n1e200,-1e200\n"));
    const LoadResult r = importScenario(q, k, QString());
    QVERIFY(std::holds_alternative<LoadError>(r));
    QCOMPARE(std::get<LoadError>(r).category, ErrorCategory::Overflow);
    QVERIFY2(std::get<LoadError>(r).message.contains(QStringLiteral("queries[0]·keys[1]")),
             qPrintable(std::get<LoadError>(r).message));
}

void TestBadInputs::byteOrderMarkInsideStringsRoundTrips()
{
    // Qt's parser drops a U+FEFF that starts a string, and then QJsonObject::operator== told
    // the loaded unknown field from its saved copy (found by tests/fuzz/fuzz_scenario).
    const QByteArray base =
        readAll(kBadDir + QStringLiteral("/scenario/good-bom.softmaxlab.json")).mid(3);
    QByteArray text = base;
    text.replace("\"mask\"",
                 "\"notes\": {\"a\": \"\xEF\xBB\xBFx\", \"b\": [\"\xEF\xBB\xBF\"]}, \"mask\"");
    const LoadResult first = ScenarioIo::parse(text);
    QVERIFY(std::holds_alternative<Scenario>(first));
    const Scenario &s = std::get<Scenario>(first);
    const LoadResult again = ScenarioIo::parse(ScenarioIo::serialize(s));
    QVERIFY(std::holds_alternative<Scenario>(again));
    QVERIFY(std::get<Scenario>(again) == s);
    QVERIFY(s.extraTop.contains(QLatin1String("notes")));
}

void TestBadInputs::versionOneAttentionIsAnUnknownField()
{
    // scenario-format.md: in a version-1 file `attention` is an unknown field, kept and written
    // back unchanged, with a warning that the section needs version 2. The weights stay the
    // softmax's.
    const LoadResult loaded =
        ScenarioIo::loadFile(kBadDir + QStringLiteral("/scenario/good-version1-attention-unknown"
                                                      ".softmaxlab.json"));
    QVERIFY(std::holds_alternative<Scenario>(loaded));
    const Scenario s = std::get<Scenario>(loaded);
    QCOMPARE(s.normalizer, NormalizerKind::Softmax);
    QVERIFY(!s.writesAttention());
    QCOMPARE(s.loadWarnings,
             QStringList{QStringLiteral(
                 "attention: kept as an unknown field; this section needs \"version\": 2")});
    QVERIFY(s.extraTop.contains(QLatin1String("attention")));
    const QJsonObject saved = QJsonDocument::fromJson(ScenarioIo::serialize(s)).object();
    QCOMPARE(saved[QLatin1String("version")].toInt(), 1);
    QCOMPARE(saved[QLatin1String("attention")].toObject(),
             QJsonDocument::fromJson(R"({"normalizer": "entmax", "alpha": 2})").object());
    const Analysis a(s);
    QCOMPARE(a.attention().alpha, 1.0);
    QVERIFY((a.weightRow(0).array() > 0).all());
    // Setting a normalizer writes version 2, and its section replaces the unknown member.
    Scenario entmax = s;
    entmax.normalizer = NormalizerKind::Entmax;
    entmax.entmaxAlpha = 1.5;
    const QJsonObject v2 = QJsonDocument::fromJson(ScenarioIo::serialize(entmax)).object();
    QCOMPARE(v2[QLatin1String("version")].toInt(), 2);
    QCOMPARE(v2[QLatin1String("attention")].toObject(),
             QJsonDocument::fromJson(R"({"normalizer": "entmax", "alpha": 1.5})").object());
    // A version-2 file has no such warning.
    const LoadResult again = ScenarioIo::parse(ScenarioIo::serialize(entmax));
    QVERIFY(std::get<Scenario>(again).loadWarnings.isEmpty());
}

void TestBadInputs::attentionSectionRoundTrips_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("version");
    QTest::addColumn<QString>("attention"); // compact JSON of the section written back
    QTest::newRow("sparsemax") << "good-attention-sparsemax" << 2
                               << R"({"alpha":2,"normalizer":"entmax"})";
    QTest::newRow("alpha 1") << "good-attention-alpha-1" << 2
                             << R"({"alpha":1,"normalizer":"entmax"})";
    QTest::newRow("softmax keeps its alpha")
        << "good-attention-softmax-alpha-kept" << 2 << R"({"alpha":9,"normalizer":"softmax"})";
    QTest::newRow("version 1 stays version 1") << "good-bom" << 1 << QString();
}

void TestBadInputs::attentionSectionRoundTrips()
{
    QFETCH(QString, file);
    QFETCH(int, version);
    QFETCH(QString, attention);
    const QString path = kBadDir + QStringLiteral("/scenario/") + file + ".softmaxlab.json";
    const Scenario s = std::get<Scenario>(ScenarioIo::loadFile(path));
    const QByteArray text = ScenarioIo::serialize(s);
    const QJsonObject top = QJsonDocument::fromJson(text).object();
    QCOMPARE(top[QLatin1String("version")].toInt(), version);
    if (attention.isEmpty())
        QVERIFY(!top.contains(QLatin1String("attention")));
    else
        QCOMPARE(QJsonDocument(top[QLatin1String("attention")].toObject())
                     .toJson(QJsonDocument::Compact),
                 attention.toUtf8());
    // Load → save → load → save is a fixed point, and the scenario compares equal.
    const Scenario back = std::get<Scenario>(ScenarioIo::parse(text));
    QVERIFY(back == s);
    QCOMPARE(ScenarioIo::serialize(back), text);
}

QTEST_GUILESS_MAIN(TestBadInputs)
#include "tst_badinputs.moc"
