// Tests of the scenario file format (docs: scenario-format.md, "Scenario, version 1"):
// loading, validation, the duplicate-key pre-scan, serialization and atomic saving.

#include "JsonDuplicateKeys.h"
#include "Report.h"
#include "Scenario.h"
#include "ScenarioIo.h"
#include "ScenarioRows.h"
#include "TestInputs.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <cfloat>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace sml;
using namespace sml::test;

using ScenarioEdit = std::function<void(Scenario &)>;
Q_DECLARE_METATYPE(sml::ErrorCategory)
Q_DECLARE_METATYPE(ScenarioEdit)

namespace {

/// The example of scenario-format.md, "Scenario, version 1", verbatim.
const char *const kFormatExample = R"json({
  "format": "softmaxlab-scenario",
  "version": 1,
  "title": "One query, three keys",
  "description": "Lesson notes shown beside the plots (optional, plain text).",
  "queries": [
    { "label": "q", "vector": [1.0, 0.5] }
  ],
  "keys": [
    { "label": "k1", "vector": [1.0, 0.0],  "value": [1.0, 0.0] },
    { "label": "k2", "vector": [0.0, 1.0],  "value": [0.0, 1.0] },
    { "label": "k3", "vector": [-1.0, 0.0], "value": [-1.0, -1.0] }
  ],
  "temperature": { "mode": "sqrt_dk" },
  "mask": "none",
  "variance": { "mode": "linked", "sigma0_squared": 1.0 },
  "maxent": { "targets": null }
}
)json";

QJsonObject exampleObject()
{
    return QJsonDocument::fromJson(kFormatExample).object();
}

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

/// Sets (or, with an undefined value, removes) the value at a '/'-separated path such as
/// "keys/2/vector" in a JSON value; numeric components index arrays.
QJsonValue setAt(const QJsonValue &root, QStringList path, const QJsonValue &value)
{
    if (path.isEmpty())
        return value;
    const QString head = path.takeFirst();
    bool isIndex = false;
    const int index = head.toInt(&isIndex);
    if (isIndex && root.isArray()) {
        QJsonArray a = root.toArray();
        Q_ASSERT(index >= 0 && index <= a.size());
        if (path.isEmpty() && value.isUndefined())
            a.removeAt(index);
        else if (index == a.size())
            a.append(setAt(QJsonValue(), path, value));
        else
            a[index] = setAt(a.at(index), path, value);
        return a;
    }
    QJsonObject o = root.toObject();
    if (path.isEmpty() && value.isUndefined())
        o.remove(head);
    else
        o[head] = setAt(o.value(head), path, value);
    return o;
}

QJsonObject setAt(const QJsonObject &root, const QString &path, const QJsonValue &value)
{
    return setAt(QJsonValue(root), path.split(QLatin1Char('/')), value).toObject();
}

/// The example with one field replaced (or removed: pass QJsonValue::Undefined).
QByteArray exampleWith(const QString &path, const QJsonValue &value)
{
    return compact(setAt(exampleObject(), path, value));
}

QJsonValue json(const char *text)
{
    return QJsonDocument::fromJson(QByteArray("[") + text + "]").array().at(0);
}

/// The compact example with one textual replacement (for input QJsonDocument cannot express).
QByteArray exampleReplaced(const QByteArray &from, const QByteArray &to)
{
    QByteArray text = compact(exampleObject());
    const qsizetype at = text.indexOf(from);
    Q_ASSERT(at >= 0);
    return text.replace(at, from.size(), to);
}

const QByteArray kDefaultRest =
    R"("temperature":{"mode":"sqrt_dk"},"mask":"none",)"
    R"("variance":{"mode":"linked","sigma0_squared":1},"maxent":{"targets":null})";

/// A scenario assembled from JSON fragments, for inputs too large to build as objects cheaply.
QByteArray skeleton(const QByteArray &queries, const QByteArray &keys,
                    const QByteArray &rest = kDefaultRest)
{
    return R"({"format":"softmaxlab-scenario","version":1,"title":"t","queries":)" + queries +
           R"(,"keys":)" + keys + "," + rest + "}";
}

/// "[0,0,…,0]" with n zeros.
QByteArray zeros(qsizetype n)
{
    return repeated("0", n);
}

std::optional<LoadError> errorOf(const LoadResult &r)
{
    if (const auto *e = std::get_if<LoadError>(&r))
        return *e;
    return std::nullopt;
}

/// Writes `contents` as lesson.softmaxlab.json in the folder of `dir`, the file a save then
/// replaces or must keep: its path, or an empty string when the folder or the write failed.
QString writeLesson(const QTemporaryDir &dir, const QByteArray &contents)
{
    if (!dir.isValid())
        return {};
    const QString path = dir.filePath(QStringLiteral("lesson.softmaxlab.json"));
    return writeAll(path, contents) ? path : QString();
}

/// Empty when `error` is a refusal of `category` whose message contains `expected`; else what is
/// wrong ("accepted" when there is no error at all).
QString refusalProblem(const std::optional<LoadError> &error, ErrorCategory category,
                       const QString &expected)
{
    if (!error)
        return QStringLiteral("accepted");
    if (error->category != category)
        return QStringLiteral("category %1, expected %2; message: %3")
            .arg(categoryName(error->category), categoryName(category), error->message);
    if (!error->message.contains(expected))
        return QStringLiteral("message \"%1\" lacks \"%2\"").arg(error->message, expected);
    return {};
}

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

/// Every double of two matrices equal bit for bit.
bool sameBits(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return false;
    for (Eigen::Index i = 0; i < a.size(); ++i)
        if (!sameBits(a.data()[i], b.data()[i]))
            return false;
    return true;
}

/// Lowers RLIMIT_FSIZE for its lifetime (SIGXFSZ ignored), so writes beyond `bytes` fail with
/// As "nobody" (uid and gid 65534) while it lives, when the test runs as root (as CI does), so
/// that file permissions apply: root reads unreadable files and writes into read-only folders.
/// The saved set-user-ID stays 0, so the destructor becomes root again. Does nothing otherwise.
class AsUnprivilegedUser
{
public:
    AsUnprivilegedUser()
    {
        if (geteuid() != 0)
            return;
        mDropped = setegid(65534) == 0 && seteuid(65534) == 0;
    }
    ~AsUnprivilegedUser()
    {
        if (mDropped) {
            [[maybe_unused]] const int u = seteuid(0);
            [[maybe_unused]] const int g = setegid(0);
        }
    }
    AsUnprivilegedUser(const AsUnprivilegedUser &) = delete;
    AsUnprivilegedUser &operator=(const AsUnprivilegedUser &) = delete;
    /// False when running as root could not be left: permissions would not apply.
    bool active() const { return geteuid() != 0; }

private:
    bool mDropped = false;
};

/// EFBIG: a disk-full stand-in that works even as root.
class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        mOldHandler = signal(SIGXFSZ, SIG_IGN);
        getrlimit(RLIMIT_FSIZE, &mOld);
        rlimit lowered = mOld;
        lowered.rlim_cur = bytes;
        mActive = setrlimit(RLIMIT_FSIZE, &lowered) == 0;
    }
    ~FileSizeLimit()
    {
        setrlimit(RLIMIT_FSIZE, &mOld);
        signal(SIGXFSZ, mOldHandler);
    }
    bool active() const { return mActive; }

private:
    rlimit mOld{};
    sighandler_t mOldHandler = SIG_DFL;
    bool mActive = false;
};

} // namespace

class TestScenarioIo : public QObject
{
    Q_OBJECT

private slots:
    void loadsFormatExample();
    void loadsFormatExampleFromDocs();
    void goodInputs_data();
    void goodInputs();
    void badInputs_data();
    void badInputs();
    void loadFileErrors_data();
    void loadFileErrors();
    void roundTripBitExact_data();
    void roundTripBitExact();
    void roundTripModes_data();
    void roundTripModes();
    void unknownFieldsSurvive_data();
    void unknownFieldsSurvive();
    void unknownFieldsKeepTheirText_data();
    void unknownFieldsKeepTheirText();
    void changedUnknownFieldIsWrittenAsItsValue();
    void serializeShape();
    void otherModeFieldsAreKept();
    void validateInMemory_data();
    void validateInMemory();
    void duplicateKeyScan_data();
    void duplicateKeyScan();
    void duplicateKeyScanIsIterative();
    void lineColumn_data();
    void lineColumn();
    void saveAndLoad();
    void saveFailures_data();
    void saveFailures();
    void saveRefusesInvalidScenario();
    void saveRefusesAFileTheLoaderWouldRefuse();
    void largeScenariosAreWrittenCompactly();
    void categoryNames();
};

// ---------------------------------------------------------------------------------------------

void TestScenarioIo::loadsFormatExample()
{
    const LoadResult r = ScenarioIo::parse(kFormatExample);
    const auto error = errorOf(r);
    QVERIFY2(!error, error ? qPrintable(error->message) : "");
    const Scenario &s = std::get<Scenario>(r);

    QCOMPARE(s.title, QStringLiteral("One query, three keys"));
    QVERIFY(s.description.has_value());
    QCOMPARE(*s.description,
             QStringLiteral("Lesson notes shown beside the plots (optional, plain text)."));
    QCOMPARE(s.m(), 1);
    QCOMPARE(s.T(), 3);
    QCOMPARE(s.dK(), 2);
    QCOMPARE(s.dV(), 2);
    QCOMPARE(s.queryLabels, QStringList{QStringLiteral("q")});
    QCOMPARE(s.keyLabels,
             (QStringList{QStringLiteral("k1"), QStringLiteral("k2"), QStringLiteral("k3")}));

    Eigen::MatrixXd q(1, 2), k(3, 2), v(3, 2);
    q << 1.0, 0.5;
    k << 1.0, 0.0, 0.0, 1.0, -1.0, 0.0;
    v << 1.0, 0.0, 0.0, 1.0, -1.0, -1.0;
    // Literals in the file are exact binary fractions: these compare exactly by design.
    QVERIFY(sameBits(s.queries, q));
    QVERIFY(sameBits(s.keys, k));
    QVERIFY(sameBits(s.values, v));

    QCOMPARE(s.temperatureMode, TemperatureMode::SqrtDk);
    QVERIFY(std::abs(s.tau() - std::sqrt(2.0)) <= 1e-15);
    QCOMPARE(s.mask, MaskKind::None);
    QCOMPARE(s.varianceMode, VarianceMode::Linked);
    QVERIFY(std::abs(s.sigma0Squared - 1.0) <= 0.0);
    QVERIFY(!s.maxentTargets.has_value());
    QVERIFY(s.extraTop.isEmpty());
    QVERIFY(s.extraTemperature.isEmpty());
    QVERIFY(s.extraVariance.isEmpty());
    QVERIFY(s.extraMaxent.isEmpty());
    QCOMPARE(s.extraQueries.size(), size_t(1));
    QCOMPARE(s.extraKeys.size(), size_t(3));

    // The built-in default scenario is the same figure (MATH.md §6 B).
    const Scenario d = defaultScenario();
    QVERIFY(sameBits(d.queries, s.queries));
    QVERIFY(sameBits(d.keys, s.keys));
    QVERIFY(sameBits(d.values, s.values));
}

void TestScenarioIo::loadsFormatExampleFromDocs()
{
    // Guards against drift between the repository's copy of the format document and the code:
    // its scenario example must load, and the report of that scenario must have exactly the
    // fields of the documented report example (values aside). Runs in every clone: the document
    // is part of the repository (docs/scenario-format.md).
    const QString docPath = QStringLiteral(SML_SOURCE_DIR "/docs/scenario-format.md");
    QVERIFY2(QFileInfo::exists(docPath), qPrintable(docPath + " is missing"));
    const QByteArray doc = readAll(docPath);
    const auto jsonBlock = [&doc](qsizetype from) -> std::pair<QByteArray, qsizetype> {
        const qsizetype start = doc.indexOf("```json\n", from);
        if (start < 0)
            return {QByteArray(), -1};
        const qsizetype end = doc.indexOf("```", start + 8);
        if (end < 0)
            return {QByteArray(), -1};
        return {doc.mid(start + 8, end - start - 8), end + 3};
    };
    const auto [example, afterExample] = jsonBlock(0);
    QVERIFY(!example.isEmpty());
    auto loaded = ScenarioIo::parse(example);
    const auto error = errorOf(loaded);
    QVERIFY2(!error, error ? qPrintable(error->message) : "");

    const auto [documentedReport, afterReport] = jsonBlock(afterExample);
    QVERIFY(afterReport > 0);
    const QJsonObject documented = QJsonDocument::fromJson(documentedReport).object();
    QCOMPARE(documented.value(QStringLiteral("format")).toString(),
             QStringLiteral("softmaxlab-report"));
    const QJsonObject actual =
        QJsonDocument::fromJson(reportJson(std::get<Scenario>(loaded))).object();
    // Field names, recursively (arrays: their first element).
    std::function<QStringList(const QJsonValue &, const QString &)> fields =
        [&fields](const QJsonValue &value, const QString &prefix) {
            QStringList names;
            if (value.isObject()) {
                const QJsonObject object = value.toObject();
                for (auto it = object.begin(); it != object.end(); ++it) {
                    names << prefix + it.key();
                    names << fields(it.value(), prefix + it.key() + QLatin1Char('.'));
                }
            } else if (value.isArray() && !value.toArray().isEmpty()) {
                names << fields(value.toArray().first(), prefix + QStringLiteral("[]."));
            }
            return names;
        };
    QStringList documentedFields = fields(documented, QString());
    QStringList actualFields = fields(actual, QString());
    documentedFields.sort();
    actualFields.sort();
    QCOMPARE(actualFields, documentedFields);
}

// ---------------------------------------------------------------------------------------------

void TestScenarioIo::goodInputs_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("T");
    QTest::addColumn<int>("dK");
    QTest::addColumn<int>("dV");

    const QByteArray example = compact(exampleObject());
    QTest::newRow("UTF-8 byte-order mark accepted")
        << ("\xEF\xBB\xBF" + example) << 1 << 3 << 2 << 2;
    QTest::newRow("CRLF line endings")
        << QByteArray(kFormatExample).replace("\n", "\r\n") << 1 << 3 << 2 << 2;
    QTest::newRow("description absent")
        << exampleWith("description", QJsonValue::Undefined) << 1 << 3 << 2 << 2;
    QTest::newRow("empty title") << exampleWith("title", QString()) << 1 << 3 << 2 << 2;
    QTest::newRow("version written as 1.0")
        << exampleReplaced("\"version\":1", "\"version\":1.0") << 1 << 3 << 2 << 2;
    QTest::newRow("label of exactly 200 code points (astral)")
        << exampleWith("queries/0/label", QString(QStringLiteral("\U0001F600")).repeated(200)) << 1
        << 3 << 2 << 2;
    QTest::newRow("labels may repeat")
        << exampleWith("keys/1/label", QStringLiteral("k1")) << 1 << 3 << 2 << 2;
    QTest::newRow("fixed tau, causal mask, free variances, targets with null")
        << skeleton(
               R"([{"label":"a","vector":[1]},{"label":"b","vector":[2]}])",
               R"([{"label":"x","vector":[1],"value":[1,2,3]}])",
               R"("temperature":{"mode":"fixed","tau":0.5},"mask":"causal",)"
               R"("variance":{"mode":"free","variances":[[0.5],[2]]},"maxent":{"targets":[null,1.5]})")
        << 2 << 1 << 1 << 3;
    QTest::newRow("fixed tau 1e-300 with |f| = 1e8 stays finite")
        << skeleton(R"([{"label":"q","vector":[1e8]}])",
                    R"([{"label":"k","vector":[1],"value":[0]}])",
                    R"("temperature":{"mode":"fixed","tau":1e-300},"mask":"none",)"
                    R"("variance":{"mode":"linked","sigma0_squared":1},"maxent":{"targets":null})")
        << 1 << 1 << 1 << 1;
    QTest::newRow("denormal and huge entries")
        << skeleton(R"([{"label":"q","vector":[5e-324,1e-300]}])",
                    R"([{"label":"k","vector":[1e300,1],"value":[1.7976931348623157e308]}])")
        << 1 << 1 << 2 << 1;
    QTest::newRow("d_k at the limit 4096")
        << skeleton(R"([{"label":"q","vector":)" + zeros(4096) + "}]",
                    R"([{"label":"k","vector":)" + zeros(4096) + R"(,"value":[0]}])")
        << 1 << 1 << 4096 << 1;
    QTest::newRow("escaped strings and unknown nested fields")
        << skeleton(R"([{"label":"q\u00e9\n\"","vector":[1],"note":{"deep":[[[{}]]]}}])",
                    R"([{"label":"k","vector":[1],"value":[0]}])")
        << 1 << 1 << 1 << 1;
}

void TestScenarioIo::goodInputs()
{
    QFETCH(QByteArray, input);
    QFETCH(int, m);
    QFETCH(int, T);
    QFETCH(int, dK);
    QFETCH(int, dV);
    const LoadResult r = ScenarioIo::parse(input);
    const auto error = errorOf(r);
    QVERIFY2(!error, error ? qPrintable(error->message) : "");
    const Scenario &s = std::get<Scenario>(r);
    QCOMPARE(s.m(), m);
    QCOMPARE(s.T(), T);
    QCOMPARE(s.dK(), dK);
    QCOMPARE(s.dV(), dV);
    QCOMPARE(s.queryLabels.size(), qsizetype(m));
    QCOMPARE(s.keyLabels.size(), qsizetype(T));
    if (s.varianceMode == VarianceMode::Free) {
        QCOMPARE(s.freeVariances.rows(), Eigen::Index(m));
        QCOMPARE(s.freeVariances.cols(), Eigen::Index(T));
    } else {
        QCOMPARE(s.freeVariances.size(), Eigen::Index(0)); // linked mode stores none
    }
    QVERIFY(!validateScenario(s));
}

// ---------------------------------------------------------------------------------------------

void TestScenarioIo::badInputs_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<ErrorCategory>("category");
    QTest::addColumn<QString>("expected"); // a substring of the message

    const QByteArray example = compact(exampleObject());
    const QByteArray indented = kFormatExample;
    using C = ErrorCategory;

    // --- syntax and encoding
    QTest::newRow("empty file") << QByteArray() << C::Syntax << "line 1, column 1";
    QTest::newRow("whitespace only") << QByteArray(" \n\t\n") << C::Syntax << "line 3, column 1";
    QTest::newRow("truncated in the middle")
        << indented.left(indented.size() / 2) << C::Syntax << "line ";
    QTest::newRow("truncated before the last brace")
        << indented.left(indented.lastIndexOf('}')) << C::Syntax << "line 18";
    QTest::newRow("NaN literal, position as documented")
        << QByteArray("{\n  \"format\": \"softmaxlab-scenario\",\n  \"version\": 1,\n  "
                      "\"variance\":   NaN\n}")
        << C::Syntax << "line 4, column 17: illegal number";
    QTest::newRow("Infinity in a vector")
        << exampleReplaced("[1,0.5]", "[Infinity,0.5]") << C::Syntax << "illegal number";
    QTest::newRow("-Infinity in a value")
        << exampleReplaced("[-1,-1]", "[-1,-Infinity]") << C::Syntax << "illegal number";
    QTest::newRow("1e400 overflows a double")
        << exampleReplaced("[1,0.5]", "[1e400,0.5]") << C::Syntax << "line 1, column";
    QTest::newRow("trailing comma")
        << exampleReplaced("\"mask\":\"none\"", "\"mask\":\"none\",,") << C::Syntax << "line 1";
    QTest::newRow("garbage after the document")
        << (example + "x") << C::Syntax << "garbage at the end";
    QTest::newRow("nested deeper than Qt allows")
        << exampleReplaced("\"mask\":\"none\"", "\"mask\":\"none\",\"deep\":" +
                                                    QByteArray(2000, '[') + QByteArray(2000, ']'))
        << C::Syntax << "line 1, column";
    QTest::newRow("non-UTF-8 byte 0xff in the title")
        << QByteArray(kFormatExample).replace("One query", "One \xff query") << C::Encoding
        << "line 4, column 17";
    QTest::newRow("overlong UTF-8 encoding of '/'")
        << exampleReplaced("One query", "One \xC0\xAF query") << C::Encoding << "0xc0";
    QTest::newRow("UTF-8-encoded surrogate")
        << exampleReplaced("One query", "One \xED\xA0\x80 query") << C::Encoding << "line 1";
    QTest::newRow("UTF-16LE file with BOM")
        << QByteArray(reinterpret_cast<const char *>(QString::fromUtf8(example).utf16()),
                      example.size() * 2)
               .prepend("\xFF\xFE")
        << C::Encoding << "line 1, column 1";

    // --- duplicate keys
    QTest::newRow("duplicate key at the top level")
        << exampleReplaced("\"mask\":\"none\"", "\"mask\":\"none\",\"title\":\"again\"")
        << C::Duplicate << "top level: duplicate key \"title\"";
    QTest::newRow("duplicate key in a key entry")
        << exampleReplaced("\"label\":\"k2\"", "\"label\":\"k2\",\"vector\":[5,5]") << C::Duplicate
        << "keys[1]: duplicate key \"vector\"";
    QTest::newRow("duplicate key written with \\u escape")
        << exampleReplaced("\"label\":\"k2\"", "\"label\":\"k2\",\"\\u0076ector\":[5,5]")
        << C::Duplicate << "keys[1]: duplicate key \"vector\"";
    QTest::newRow("duplicate key inside an unknown field")
        << exampleReplaced("\"mode\":\"sqrt_dk\"",
                           "\"mode\":\"sqrt_dk\",\"x\":[0,{\"a\":1,\"a\":2}]")
        << C::Duplicate << "temperature.x[1]: duplicate key \"a\"";
    QTest::newRow("duplicate key via surrogate-pair escape")
        << exampleReplaced("\"mode\":\"sqrt_dk\"",
                           "\"mode\":\"sqrt_dk\",\"\xF0\x9F\x98\x80\":1,\"\\ud83d\\ude00\":2")
        << C::Duplicate << "temperature: duplicate key \"\U0001F600\"";

    // --- format and version
    QTest::newRow("top-level array")
        << QByteArray("[" + example + "]") << C::Format << "softmaxlab-scenario";
    QTest::newRow("format missing")
        << exampleWith("format", QJsonValue::Undefined) << C::Format << "format: missing";
    QTest::newRow("wrong format")
        << exampleWith("format", QStringLiteral("softmaxlab-report")) << C::Format
        << "format: expected \"softmaxlab-scenario\", got \"softmaxlab-report\"";
    QTest::newRow("format not a string")
        << exampleWith("format", 1) << C::Format << "format: expected";
    QTest::newRow("newer version 3") << exampleWith("version", 3) << C::Version
                                     << "version 3 is newer than this SoftmaxLab reads (version 2)";
    QTest::newRow("version missing")
        << exampleWith("version", QJsonValue::Undefined) << C::Version << "version: missing";
    QTest::newRow("version as a string")
        << exampleWith("version", QStringLiteral("1")) << C::Version
        << "version: expected the integer 1 or 2, got a string";
    QTest::newRow("version 0") << exampleWith("version", 0) << C::Version
                               << "version: expected the integer 1";
    QTest::newRow("version 1.5") << exampleWith("version", 1.5) << C::Version
                                 << "version: expected the integer 1 or 2, got 1.5";

    // --- structure: wrong types and missing fields
    QTest::newRow("title missing") << exampleWith("title", QJsonValue::Undefined) << C::Structure
                                   << "title: missing (expected a string)";
    QTest::newRow("title is a number")
        << exampleWith("title", 3) << C::Structure << "title: expected a string, got the number 3";
    QTest::newRow("description is null")
        << exampleWith("description", QJsonValue::Null) << C::Structure
        << "description: expected a string, got null";
    QTest::newRow("queries is an object") << exampleWith("queries", QJsonObject()) << C::Structure
                                          << "queries: expected an array, got an object";
    QTest::newRow("zero queries") << exampleWith("queries", QJsonArray()) << C::Structure
                                  << "queries: expected at least one query";
    QTest::newRow("zero keys") << exampleWith("keys", QJsonArray()) << C::Structure
                               << "keys: expected at least one key";
    QTest::newRow("keys missing") << exampleWith("keys", QJsonValue::Undefined) << C::Structure
                                  << "keys: missing";
    QTest::newRow("query is a number")
        << exampleWith("queries/0", 7) << C::Structure << "queries[0]: expected an object";
    QTest::newRow("query label missing") << exampleWith("queries/0/label", QJsonValue::Undefined)
                                         << C::Structure << "queries[0].label: missing";
    QTest::newRow("key label is null")
        << exampleWith("keys/2/label", QJsonValue::Null) << C::Structure
        << "keys[2].label: expected a string, got null";
    QTest::newRow("label of 201 code points")
        << exampleWith("keys/1/label", QString(QStringLiteral("\U0001F600")).repeated(201))
        << C::Structure << "keys[1].label: 201 characters, more than the limit of 200";
    QTest::newRow("query vector is a string")
        << exampleWith("queries/0/vector", QStringLiteral("1,2")) << C::Structure
        << "queries[0].vector: expected an array, got a string";
    QTest::newRow("empty query vector (d_k = 0)")
        << exampleWith("queries/0/vector", QJsonArray()) << C::Structure
        << "queries[0].vector: expected at least one number (d_k ≥ 1)";
    QTest::newRow("empty value (d_v = 0)")
        << exampleWith("keys/0/value", QJsonArray()) << C::Structure
        << "keys[0].value: expected at least one number (d_v ≥ 1)";
    QTest::newRow("ragged key vector")
        << exampleWith("keys/2/vector", json("[1, 2, 3]")) << C::Structure
        << "keys[2].vector: expected 2 numbers (d_k from queries[0]), got 3";
    QTest::newRow("key vector shorter than d_k")
        << exampleWith("keys/0/vector", json("[1]")) << C::Structure
        << "keys[0].vector: expected 2 numbers (d_k from queries[0]), got 1";
    QTest::newRow("ragged query vector")
        << exampleWith("queries/1", json(R"({"label":"q2","vector":[1,2,3]})")) << C::Structure
        << "queries[1].vector: expected 2 numbers (d_k from queries[0]), got 3";
    QTest::newRow("d_v differs between keys")
        << exampleWith("keys/1/value", json("[0, 1, 2]")) << C::Structure
        << "keys[1].value: expected 2 numbers (d_v from keys[0]), got 3";
    QTest::newRow("value missing") << exampleWith("keys/2/value", QJsonValue::Undefined)
                                   << C::Structure << "keys[2].value: missing";
    QTest::newRow("string inside a vector")
        << exampleWith("keys/1/vector/0", QStringLiteral("0")) << C::Structure
        << "keys[1].vector[0]: expected a number, got a string";
    QTest::newRow("null inside a value")
        << exampleWith("keys/2/value/1", QJsonValue::Null) << C::Structure
        << "keys[2].value[1]: expected a number, got null";
    QTest::newRow("boolean inside a query")
        << exampleWith("queries/0/vector/1", true) << C::Structure
        << "queries[0].vector[1]: expected a number, got a boolean";

    QTest::newRow("temperature missing")
        << exampleWith("temperature", QJsonValue::Undefined) << C::Structure
        << "temperature: missing (expected an object)";
    QTest::newRow("temperature mode unknown")
        << exampleWith("temperature/mode", QStringLiteral("sqrt")) << C::Structure
        << "temperature.mode: expected \"sqrt_dk\" or \"fixed\", got \"sqrt\"";
    QTest::newRow("fixed tau missing") << exampleWith("temperature", json(R"({"mode":"fixed"})"))
                                       << C::Structure << "temperature.tau: missing";
    QTest::newRow("fixed tau = 0")
        << exampleWith("temperature", json(R"({"mode":"fixed","tau":0})")) << C::Structure
        << "temperature.tau: expected a positive number, got 0";
    QTest::newRow("fixed tau < 0")
        << exampleWith("temperature", json(R"({"mode":"fixed","tau":-1e-300})")) << C::Structure
        << "temperature.tau: expected a positive number, got -1e-300";
    QTest::newRow("mask unknown") << exampleWith("mask", QStringLiteral("diagonal")) << C::Structure
                                  << "mask: expected \"none\" or \"causal\", got \"diagonal\"";
    QTest::newRow("mask missing") << exampleWith("mask", QJsonValue::Undefined) << C::Structure
                                  << "mask: missing";

    QTest::newRow("variance mode unknown")
        << exampleWith("variance/mode", QStringLiteral("tied")) << C::Structure
        << "variance.mode: expected \"linked\" or \"free\"";
    QTest::newRow("sigma0_squared = 0")
        << exampleWith("variance/sigma0_squared", 0) << C::Structure
        << "variance.sigma0_squared: expected a positive number, got 0";
    QTest::newRow("sigma0_squared < 0")
        << exampleWith("variance/sigma0_squared", -2) << C::Structure
        << "variance.sigma0_squared: expected a positive number, got -2";
    QTest::newRow("sigma0_squared missing")
        << exampleWith("variance/sigma0_squared", QJsonValue::Undefined) << C::Structure
        << "variance.sigma0_squared: missing";
    QTest::newRow("free variance negative")
        << exampleWith("variance", json(R"({"mode":"free","variances":[[1,-1,1]]})"))
        << C::Structure << "variance.variances[0][1]: expected a positive number, got -1";
    QTest::newRow("free variance zero")
        << exampleWith("variance", json(R"({"mode":"free","variances":[[1,1,0]]})")) << C::Structure
        << "variance.variances[0][2]: expected a positive number, got 0";
    QTest::newRow("free variances: too many rows")
        << exampleWith("variance", json(R"({"mode":"free","variances":[[1,1,1],[1,1,1]]})"))
        << C::Structure << "variance.variances: expected 1 row (one per query), got 2";
    QTest::newRow("free variances: ragged row")
        << exampleWith("variance", json(R"({"mode":"free","variances":[[1,1]]})")) << C::Structure
        << "variance.variances[0]: expected 3 numbers (one per key), got 2";
    QTest::newRow("free variances missing") << exampleWith("variance", json(R"({"mode":"free"})"))
                                            << C::Structure << "variance.variances: missing";

    QTest::newRow("maxent missing")
        << exampleWith("maxent", QJsonValue::Undefined) << C::Structure << "maxent: missing";
    QTest::newRow("targets missing") << exampleWith("maxent", QJsonObject()) << C::Structure
                                     << "maxent.targets: missing (expected null or an array)";
    QTest::newRow("targets is a number") << exampleWith("maxent/targets", 0.5) << C::Structure
                                         << "maxent.targets: expected null or an array";
    QTest::newRow("too many targets")
        << exampleWith("maxent/targets", json("[0.5, 0.6]")) << C::Structure
        << "maxent.targets: expected 1 entry (one per query), got 2";
    QTest::newRow("too few targets")
        << skeleton(
               R"([{"label":"a","vector":[1]},{"label":"b","vector":[2]}])",
               R"([{"label":"k","vector":[1],"value":[1]}])",
               R"("temperature":{"mode":"sqrt_dk"},"mask":"none","variance":{"mode":"linked","sigma0_squared":1},"maxent":{"targets":[0.5]})")
        << C::Structure << "maxent.targets: expected 2 entries (one per query), got 1";
    QTest::newRow("target is a string")
        << exampleWith("maxent/targets", json(R"(["0.5"])")) << C::Structure
        << "maxent.targets[0]: expected a number or null, got a string";

    // --- limits (inputs built cheaply as text)
    const QByteArray tinyQuery = R"({"label":"","vector":[0]})";
    const QByteArray tinyKey = R"({"label":"","vector":[0],"value":[0]})";
    QTest::newRow("100001 queries") << skeleton(repeated(tinyQuery, 100001), repeated(tinyKey, 1))
                                    << C::Limit << "m = 100001 queries exceed the limit of 100000";
    QTest::newRow("100001 keys") << skeleton(repeated(tinyQuery, 1), repeated(tinyKey, 100001))
                                 << C::Limit << "T = 100001 keys exceed the limit of 100000";
    QTest::newRow("m·T = 8000·7000 beyond 5e7")
        << skeleton(repeated(tinyQuery, 8000), repeated(tinyKey, 7000)) << C::Limit
        << "exceeds the limit of 50000000";
    QTest::newRow("d_k = 4097") << skeleton(R"([{"label":"q","vector":)" + zeros(4097) + "}]",
                                            R"([{"label":"k","vector":)" + zeros(4097) +
                                                R"(,"value":[0]}])")
                                << C::Limit
                                << "queries[0].vector: d_k = 4097 exceeds the limit of 4096";
    QTest::newRow("d_v = 4097") << skeleton(R"([{"label":"q","vector":[0]}])",
                                            R"([{"label":"k","vector":[0],"value":)" + zeros(4097) +
                                                "}]")
                                << C::Limit
                                << "keys[0].value: d_v = 4097 exceeds the limit of 4096";
    // (1 + 12300)·4096 + 12300·1 > 5e7; the keys after the first are empty objects, so this also
    // shows that the limit is checked before the entries are read.
    QTest::newRow("(m + T)·d_k + T·d_v beyond 5e7")
        << skeleton(R"([{"label":"q","vector":)" + zeros(4096) + "}]",
                    "[" + tinyKey + "," + repeated("{}", 12299).mid(1))
        << C::Limit << "numbers exceed the limit of 50000000";

    // --- overflowing similarities and scores (MATH.md §2, "Numerics")
    QTest::newRow("similarity (1e200,1e200)·(1e200,-1e200) overflows")
        << skeleton(
               R"([{"label":"q","vector":[1e200,1e200]}])",
               R"([{"label":"a","vector":[1,0],"value":[0]},{"label":"b","vector":[1e200,-1e200],"value":[0]}])")
        << C::Overflow << "queries[0]·keys[1]: similarity 1e200·1e200 overflows a double";
    QTest::newRow("score f/τ with τ = 1e-300 and f = 2e8 overflows")
        << skeleton(R"([{"label":"q","vector":[1]},{"label":"r","vector":[2e8]}])",
                    R"([{"label":"k","vector":[1],"value":[0]}])",
                    R"("temperature":{"mode":"fixed","tau":1e-300},"mask":"none",)"
                    R"("variance":{"mode":"linked","sigma0_squared":1},"maxent":{"targets":null})")
        << C::Overflow << "queries[1]·keys[0]";
}

void TestScenarioIo::badInputs()
{
    QFETCH(QByteArray, input);
    QFETCH(ErrorCategory, category);
    QFETCH(QString, expected);
    const QString problem = refusalProblem(errorOf(ScenarioIo::parse(input)), category, expected);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

// ---------------------------------------------------------------------------------------------

void TestScenarioIo::loadFileErrors_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<ErrorCategory>("category");
    QTest::addColumn<QString>("expected");

    QTest::newRow("missing file") << "missing" << ErrorCategory::Io << "no such file";
    QTest::newRow("directory instead of a file")
        << "directory" << ErrorCategory::Io << "is a directory";
    QTest::newRow("file larger than 256 MiB (sparse)")
        << "large" << ErrorCategory::Limit << "256 MiB";
    QTest::newRow("unreadable file") << "unreadable" << ErrorCategory::Io << "Permission denied";
    QTest::newRow("file with a syntax error")
        << "syntax" << ErrorCategory::Syntax << "line 1, column";
}

void TestScenarioIo::loadFileErrors()
{
    QFETCH(QString, kind);
    QFETCH(ErrorCategory, category);
    QFETCH(QString, expected);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString path = dir.filePath(QStringLiteral("scenario.softmaxlab.json"));
    if (kind == QLatin1String("directory")) {
        path = dir.filePath(QStringLiteral("folder.softmaxlab.json"));
        QVERIFY(QDir().mkpath(path));
    } else if (kind == QLatin1String("large")) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(limits::maxFileBytes + 1)); // sparse: no disk space used
    } else if (kind == QLatin1String("unreadable")) {
        QVERIFY(writeAll(path, kFormatExample));
        QVERIFY(QFile::setPermissions(path, QFileDevice::Permissions()));
    } else if (kind == QLatin1String("syntax")) {
        QVERIFY(writeAll(path, "{\"format\": "));
    }

    // Every kind is loaded as "nobody" when root, in a folder open to all (rwxr-xr-x).
    QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::Permissions(0x7755)));
    std::optional<LoadError> error;
    {
        AsUnprivilegedUser nobody;
        QVERIFY2(nobody.active(), "cannot leave root: permissions would not apply");
        error = errorOf(ScenarioIo::loadFile(path));
    }
    const QString problem = refusalProblem(error, category, expected);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    if (category == ErrorCategory::Io || category == ErrorCategory::Limit)
        QVERIFY2(error->message.contains(QDir::toNativeSeparators(path)),
                 qPrintable(error->message));
}

// ---------------------------------------------------------------------------------------------

void TestScenarioIo::roundTripBitExact_data()
{
    QTest::addColumn<double>("x");
    QTest::newRow("0.1") << 0.1;
    QTest::newRow("1/3") << 1.0 / 3.0;
    QTest::newRow("1e-300") << 1e-300;
    QTest::newRow("5e-324 (smallest denormal)") << 5e-324;
    QTest::newRow("-0.0 becomes +0.0") << -0.0;
    QTest::newRow("largest double") << DBL_MAX;
    QTest::newRow("-2^53 - 2") << -9007199254740994.0;
    QTest::newRow("pi") << 3.141592653589793;
    QTest::newRow("smallest normal") << DBL_MIN;
}

void TestScenarioIo::roundTripBitExact()
{
    QFETCH(double, x);
    const double expected = (x == 0) ? 0.0 : x;

    Scenario s = defaultScenario();
    s.queries(0, 0) = x; // f stays finite: q·k1 = x, q·k3 = −x (+0.5·x with k3 = (−1, x))
    s.keys(2, 1) = x;
    s.values(2, 1) = x;
    s.values(1, 0) = -x;
    s.maxentTargets = std::vector<std::optional<double>>{x};
    for (const bool free : {false, true}) {
        if (free) {
            s.varianceMode = VarianceMode::Free;
            s.normalizeSideArrays(); // free variances of 1 (linked mode stores none)
            s.freeVariances(0, 1) = (x == 0) ? 1.0 : std::abs(x);
        }
        const QByteArray text = ScenarioIo::serialize(s);
        const LoadResult r = ScenarioIo::parse(text);
        const auto error = errorOf(r);
        QVERIFY2(!error, error ? qPrintable(error->message) : "");
        const Scenario &back = std::get<Scenario>(r);
        QVERIFY(sameBits(back.queries(0, 0), expected));
        QVERIFY(sameBits(back.keys(2, 1), expected));
        QVERIFY(sameBits(back.values(2, 1), expected));
        QVERIFY(sameBits(back.values(1, 0), -x == 0 ? 0.0 : -x));
        QVERIFY(!std::signbit(back.queries(0, 0)) || x < 0);
        QVERIFY(back.maxentTargets && back.maxentTargets->size() == 1 && (*back.maxentTargets)[0]);
        QVERIFY(sameBits(*(*back.maxentTargets)[0], expected));
        if (free)
            QVERIFY(sameBits(back.freeVariances, s.freeVariances));
        QVERIFY(back == s);
        // Serialization is a fixed point after one round trip.
        QCOMPARE(ScenarioIo::serialize(back), text);
    }
}

void TestScenarioIo::roundTripModes_data()
{
    QTest::addColumn<ScenarioEdit>("edit");
    QTest::newRow("default scenario") << ScenarioEdit([](Scenario &) {});
    QTest::newRow("fixed tau 1/3") << ScenarioEdit([](Scenario &s) {
        s.temperatureMode = TemperatureMode::Fixed;
        s.fixedTau = 1.0 / 3.0;
    });
    QTest::newRow("fixed tau 1e-300 with |f| <= 1") << ScenarioEdit([](Scenario &s) {
        s.temperatureMode = TemperatureMode::Fixed;
        s.fixedTau = 1e-300;
    });
    QTest::newRow("causal mask, sigma0^2 = 5e-324") << ScenarioEdit([](Scenario &s) {
        s.mask = MaskKind::Causal;
        s.sigma0Squared = 5e-324;
    });
    QTest::newRow("free variances 5e-324, 1e300, 0.1") << ScenarioEdit([](Scenario &s) {
        s.varianceMode = VarianceMode::Free;
        s.freeVariances.resize(1, 3);
        s.freeVariances << 5e-324, 1e300, 0.1;
    });
    QTest::newRow("targets array with null") << ScenarioEdit([](Scenario &s) {
        s.queries.conservativeResize(2, Eigen::NoChange);
        s.queries.row(1) << 0.25, -0.75;
        s.normalizeSideArrays();
        s.maxentTargets = std::vector<std::optional<double>>{std::nullopt, 0.1};
    });
    QTest::newRow("no description, unicode labels") << ScenarioEdit([](Scenario &s) {
        s.description.reset();
        s.queryLabels[0] = QStringLiteral("q\u00e9 \U0001F600 \"quoted\"\n");
        s.title = QString();
    });
    QTest::newRow("d_v = 1, d_k = 3, T = 1") << ScenarioEdit([](Scenario &s) {
        s.queries = Eigen::MatrixXd::Constant(1, 3, 0.1);
        s.keys = Eigen::MatrixXd::Constant(1, 3, 1.0 / 3.0);
        s.values = Eigen::MatrixXd::Constant(1, 1, -0.0);
        s.normalizeSideArrays();
    });
}

void TestScenarioIo::roundTripModes()
{
    QFETCH(ScenarioEdit, edit);
    Scenario s = defaultScenario();
    edit(s);
    const auto invalid = validateScenario(s);
    QVERIFY2(!invalid, invalid ? qPrintable(invalid->message) : "");

    const LoadResult r = ScenarioIo::parse(ScenarioIo::serialize(s));
    const auto error = errorOf(r);
    QVERIFY2(!error, error ? qPrintable(error->message) : "");
    const Scenario &back = std::get<Scenario>(r);
    QVERIFY(back == s);
    QVERIFY(sameBits(back.queries, s.queries));
    QVERIFY(sameBits(back.keys, s.keys));
    if (s.temperatureMode == TemperatureMode::Fixed)
        QVERIFY(sameBits(back.fixedTau, s.fixedTau));
    QVERIFY(sameBits(back.sigma0Squared, s.sigma0Squared));
    if (s.varianceMode == VarianceMode::Free)
        QVERIFY(sameBits(back.freeVariances, s.freeVariances));
}

// ---------------------------------------------------------------------------------------------

void TestScenarioIo::unknownFieldsSurvive_data()
{
    QTest::addColumn<QString>("where"); // "" = top level, else a '/' path to an object
    QTest::addColumn<QString>("name");
    QTest::addColumn<QJsonValue>("value");

    const QJsonValue nested = json(R"({"list":[1,"two",null,true,{"x":[[]]}],"n":1e-300})");
    QTest::newRow("top level, nested object") << ""
                                              << "x-generator" << nested;
    QTest::newRow("top level, unicode name")
        << "" << QStringLiteral("\u00fcber \U0001F600") << QJsonValue(QStringLiteral("\u00e9"));
    QTest::newRow("temperature") << "temperature"
                                 << "note" << QJsonValue(QStringLiteral("from a script"));
    QTest::newRow("tau in sqrt_dk mode is kept") << "temperature"
                                                 << "tau" << QJsonValue(2.5);
    QTest::newRow("variance") << "variance"
                              << "units" << QJsonValue(QStringLiteral("squared"));
    QTest::newRow("variances in linked mode are kept") << "variance"
                                                       << "variances" << json("[[1,2,3]]");
    QTest::newRow("maxent") << "maxent"
                            << "solver" << json(R"({"name":"newton","tol":1e-12})");
    QTest::newRow("a query") << "queries/0"
                             << "token_id" << QJsonValue(42);
    QTest::newRow("a key, null value") << "keys/2"
                                       << "position" << QJsonValue(QJsonValue::Null);
    QTest::newRow("a key, array value") << "keys/0"
                                        << "embedding_source" << json(R"(["layer 3", 7])");
}

void TestScenarioIo::unknownFieldsSurvive()
{
    QFETCH(QString, where);
    QFETCH(QString, name);
    QFETCH(QJsonValue, value);

    const QString path = where.isEmpty() ? name : where + QLatin1Char('/') + name;
    const QJsonObject original = setAt(exampleObject(), path, value);
    const LoadResult first = ScenarioIo::parse(compact(original));
    const auto error = errorOf(first);
    QVERIFY2(!error, error ? qPrintable(error->message) : "");

    // Save, load again, save again: the field is at the same place with the same value.
    const QByteArray saved = ScenarioIo::serialize(std::get<Scenario>(first));
    const LoadResult second = ScenarioIo::parse(saved);
    QVERIFY(!errorOf(second));
    const Scenario &s = std::get<Scenario>(second);
    QVERIFY(s == std::get<Scenario>(first));

    QJsonValue node = QJsonDocument::fromJson(saved).object();
    for (const QString &part : path.split(QLatin1Char('/'))) {
        bool isIndex = false;
        const int index = part.toInt(&isIndex);
        node = (isIndex && node.isArray()) ? node.toArray().at(index) : node.toObject().value(part);
    }
    QCOMPARE(node, value);
    QCOMPARE(QJsonDocument::fromJson(saved).object(), original);

    // The value also sits in the matching extra* member of the Scenario.
    QJsonObject extra;
    if (where.isEmpty())
        extra = s.extraTop;
    else if (where == QLatin1String("temperature"))
        extra = s.extraTemperature;
    else if (where == QLatin1String("variance"))
        extra = s.extraVariance;
    else if (where == QLatin1String("maxent"))
        extra = s.extraMaxent;
    else if (where.startsWith(QLatin1String("queries/")))
        extra = s.extraQueries.at(size_t(where.section(QLatin1Char('/'), 1).toInt()));
    else
        extra = s.extraKeys.at(size_t(where.section(QLatin1Char('/'), 1).toInt()));
    QCOMPARE(extra.value(name), value);
    QCOMPARE(extra.size(), qsizetype(1));
}

void TestScenarioIo::unknownFieldsKeepTheirText_data()
{
    QTest::addColumn<QByteArray>("anchor"); // the member is inserted just before this text
    QTest::addColumn<QByteArray>("member"); // "name": value, as it stands in the file
    // The issue's case (issue 15 #6): Qt's parser makes the integers doubles and -0.0 zero.
    QTest::newRow("top level: integers past 2^53 and -0.0")
        << QByteArray(R"("mask")")
        << QByteArray(
               R"("grader": {"student_id": 12345678901234567891, "pos": 18446744073709551615, "neg": -0.0})");
    QTest::newRow("a key: trailing zeros, exponents, 17+ digits")
        << QByteArray(R"("label": "k2")")
        << QByteArray(R"("w": [1.50, 1e5, -0.0, 0.1000000000000000055511151231257827])");
    QTest::newRow("temperature: 2^53 + 1, escapes and layout")
        << QByteArray(R"("mode": "sqrt_dk")")
        << QByteArray("\"seed\": {\n      \"n\" : 9007199254740993,\"s\": \"caf\\u00e9 "
                      "\\ud83d\\ude00\"\n  }");
}

// Whatever the app does not understand is carried through byte for byte, across edits: the
// member's text is written back as it was, not the value Qt parsed from it.
void TestScenarioIo::unknownFieldsKeepTheirText()
{
    QFETCH(QByteArray, anchor);
    QFETCH(QByteArray, member);
    QByteArray text = kFormatExample;
    const qsizetype at = text.indexOf(anchor);
    QVERIFY(at > 0);
    text.insert(at, member + ", ");
    const LoadResult loaded = ScenarioIo::parse(text);
    QVERIFY2(!errorOf(loaded), errorOf(loaded) ? qPrintable(errorOf(loaded)->message) : "");
    Scenario s = std::get<Scenario>(loaded);

    // Edits of what the app knows: τ, and key 1 moved to the front with its unknown fields.
    s.temperatureMode = TemperatureMode::Fixed;
    s.fixedTau = 0.75;
    const KeyRow moved = keyRowAt(s, 1);
    removeKeyRow(s, 1);
    insertKeyRow(s, 0, moved);

    const QByteArray saved = ScenarioIo::serialize(s);
    const qsizetype colon = member.indexOf(':');
    const QByteArray name = member.left(colon).trimmed();
    const QByteArray value = member.mid(colon + 1).trimmed();
    QVERIFY2(saved.contains(name + ": " + value), saved.constData());

    // Saved again after a reload: the same bytes; and the edits are there.
    const LoadResult again = ScenarioIo::parse(saved);
    QVERIFY(!errorOf(again));
    QVERIFY(std::get<Scenario>(again) == s);
    QCOMPARE(ScenarioIo::serialize(std::get<Scenario>(again)), saved);
    QCOMPARE(std::get<Scenario>(again).fixedTau, 0.75);
    QCOMPARE(std::get<Scenario>(again).keyLabels.at(0), QStringLiteral("k2"));
}

void TestScenarioIo::changedUnknownFieldIsWrittenAsItsValue()
{
    QByteArray text = kFormatExample;
    text.insert(text.indexOf(R"("mask")"), R"("pos": 18446744073709551615, "keep": 1.50, )");
    const LoadResult loaded = ScenarioIo::parse(text);
    QVERIFY(!errorOf(loaded));
    Scenario s = std::get<Scenario>(loaded);
    s.extraTop.insert(QStringLiteral("pos"), 7); // a program changed it: its value is written
    const QByteArray saved = ScenarioIo::serialize(s);
    QVERIFY2(saved.contains(R"("pos": 7)"), saved.constData());
    QVERIFY2(saved.contains(R"("keep": 1.50)"), saved.constData());
    QVERIFY(!saved.contains("18446744073709551615"));

    // A string that looks like the placeholder does not fool the writer.
    s.title = QStringLiteral("\x01sml-original-text:0");
    const QByteArray tricky = ScenarioIo::serialize(s);
    const LoadResult back = ScenarioIo::parse(tricky);
    QVERIFY(!errorOf(back));
    QCOMPARE(std::get<Scenario>(back).title, s.title);
    QCOMPARE(std::get<Scenario>(back).extraTop.value(QStringLiteral("keep")).toDouble(), 1.5);
}

void TestScenarioIo::serializeShape()
{
    Scenario s = defaultScenario();
    s.description.reset();
    s.queries(0, 1) = -0.0;
    QJsonObject o = QJsonDocument::fromJson(ScenarioIo::serialize(s)).object();
    QVERIFY(!o.contains(QLatin1String("description")));
    QCOMPARE(o.value(QLatin1String("format")).toString(), QStringLiteral("softmaxlab-scenario"));
    QCOMPARE(o.value(QLatin1String("version")).toVariant().typeId(), int(QMetaType::LongLong));
    QCOMPARE(o.value(QLatin1String("version")).toInteger(), qint64(1));
    QVERIFY(o.value(QLatin1String("maxent")).toObject().value(QLatin1String("targets")).isNull());
    QCOMPARE(o.value(QLatin1String("temperature")).toObject(),
             QJsonObject({{QStringLiteral("mode"), QStringLiteral("sqrt_dk")}}));
    QCOMPARE(o.value(QLatin1String("mask")).toString(), QStringLiteral("none"));
    const QByteArray text = ScenarioIo::serialize(s);
    QVERIFY2(!text.contains("-0"), text.constData());
    QVERIFY(text.contains("\n    \"format\"")); // QJsonDocument::Indented, 4 spaces

    s.description = QString();
    s.varianceMode = VarianceMode::Free;
    s.freeVariances.resize(1, 3);
    s.freeVariances << 1, 2, 3;
    s.maxentTargets = std::vector<std::optional<double>>{0.25};
    s.temperatureMode = TemperatureMode::Fixed;
    s.fixedTau = 2;
    s.mask = MaskKind::Causal;
    o = QJsonDocument::fromJson(ScenarioIo::serialize(s)).object();
    QVERIFY(o.value(QLatin1String("description")).isString());
    QCOMPARE(o.value(QLatin1String("variance")).toObject(),
             json(R"({"mode":"free","variances":[[1,2,3]]})").toObject());
    QCOMPARE(o.value(QLatin1String("maxent")).toObject(), json(R"({"targets":[0.25]})").toObject());
    QCOMPARE(o.value(QLatin1String("temperature")).toObject(),
             json(R"({"mode":"fixed","tau":2})").toObject());
    QCOMPARE(o.value(QLatin1String("mask")).toString(), QStringLiteral("causal"));
}

void TestScenarioIo::otherModeFieldsAreKept()
{
    // "tau" in sqrt_dk mode and "sigma0_squared" in free mode mean nothing in that mode: they
    // are unknown fields, written back unchanged, and seed the value for a later mode switch.
    QJsonObject o = setAt(exampleObject(), QStringLiteral("temperature/tau"), 2.5);
    o = setAt(o, QStringLiteral("variance"),
              json(R"({"mode":"free","variances":[[1,2,3]],"sigma0_squared":3})"));
    const LoadResult r = ScenarioIo::parse(compact(o));
    const auto error = errorOf(r);
    QVERIFY2(!error, error ? qPrintable(error->message) : "");
    const Scenario &s = std::get<Scenario>(r);
    QCOMPARE(s.temperatureMode, TemperatureMode::SqrtDk);
    QVERIFY(std::abs(s.fixedTau - 2.5) <= 0.0);
    QCOMPARE(s.varianceMode, VarianceMode::Free);
    QVERIFY(std::abs(s.sigma0Squared - 3.0) <= 0.0);
    QCOMPARE(QJsonDocument::fromJson(ScenarioIo::serialize(s)).object(), o);

    // After switching modes, the known field wins over the stale unknown one, and the file holds
    // exactly the fields of the new mode (free variances stay in memory only).
    Scenario switched = s;
    switched.temperatureMode = TemperatureMode::Fixed;
    switched.fixedTau = 0.75;
    switched.varianceMode = VarianceMode::Linked;
    const QJsonObject saved = QJsonDocument::fromJson(ScenarioIo::serialize(switched)).object();
    QCOMPARE(saved.value(QLatin1String("temperature")).toObject(),
             json(R"({"mode":"fixed","tau":0.75})").toObject());
    QCOMPARE(saved.value(QLatin1String("variance")).toObject(),
             json(R"({"mode":"linked","sigma0_squared":3})").toObject());
}

// ---------------------------------------------------------------------------------------------

void TestScenarioIo::validateInMemory_data()
{
    QTest::addColumn<ScenarioEdit>("edit");
    QTest::addColumn<ErrorCategory>("category");
    QTest::addColumn<QString>("expected");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    using C = ErrorCategory;

    QTest::newRow("NaN in a query")
        << ScenarioEdit([=](Scenario &s) { s.queries(0, 1) = nan; }) << C::Structure
        << "queries[0].vector[1]: expected a finite number";
    QTest::newRow("infinity in a key") << ScenarioEdit([=](Scenario &s) { s.keys(2, 0) = -inf; })
                                       << C::Structure << "keys[2].vector[0]";
    QTest::newRow("infinity in a value") << ScenarioEdit([=](Scenario &s) { s.values(1, 1) = inf; })
                                         << C::Structure << "keys[1].value[1]";
    QTest::newRow("no queries") << ScenarioEdit([](Scenario &s) {
        s.queries.resize(0, 2);
        s.normalizeSideArrays();
    }) << C::Structure << "queries: expected at least one query";
    QTest::newRow("no keys") << ScenarioEdit([](Scenario &s) {
        s.keys.resize(0, 2);
        s.values.resize(0, 2);
        s.normalizeSideArrays();
    }) << C::Structure << "keys: expected at least one key";
    QTest::newRow("d_k of keys differs") << ScenarioEdit([](Scenario &s) {
        s.keys.conservativeResize(Eigen::NoChange, 3);
        s.keys.col(2).setZero();
    }) << C::Structure << "expected 2 numbers (d_k from queries[0]), got 3";
    QTest::newRow("values rows differ from keys")
        << ScenarioEdit([](Scenario &s) { s.values.conservativeResize(2, Eigen::NoChange); })
        << C::Structure << "keys: 3 keys but 2 values";
    QTest::newRow("label count differs")
        << ScenarioEdit([](Scenario &s) { s.keyLabels.removeLast(); }) << C::Structure
        << "keys: 2 labels for 3 keys";
    QTest::newRow("label of 201 code points")
        << ScenarioEdit([](Scenario &s) { s.queryLabels[0] = QString(201, QLatin1Char('x')); })
        << C::Structure << "queries[0].label: 201 characters";
    QTest::newRow("fixed tau = 0") << ScenarioEdit([](Scenario &s) {
        s.temperatureMode = TemperatureMode::Fixed;
        s.fixedTau = 0;
    }) << C::Structure << "temperature.tau: expected a positive number, got 0";
    QTest::newRow("fixed tau NaN") << ScenarioEdit([=](Scenario &s) {
        s.temperatureMode = TemperatureMode::Fixed;
        s.fixedTau = nan;
    }) << C::Structure << "temperature.tau";
    QTest::newRow("fixed tau infinite") << ScenarioEdit([=](Scenario &s) {
        s.temperatureMode = TemperatureMode::Fixed;
        s.fixedTau = inf;
    }) << C::Structure << "temperature.tau";
    QTest::newRow("sigma0^2 = 0 in linked mode")
        << ScenarioEdit([](Scenario &s) { s.sigma0Squared = 0; }) << C::Structure
        << "variance.sigma0_squared";
    QTest::newRow("sigma0^2 = -1 in linked mode")
        << ScenarioEdit([](Scenario &s) { s.sigma0Squared = -1; }) << C::Structure
        << "variance.sigma0_squared: expected a positive number, got -1";
    QTest::newRow("free variance negative") << ScenarioEdit([](Scenario &s) {
        s.varianceMode = VarianceMode::Free;
        s.normalizeSideArrays();
        s.freeVariances(0, 2) = -3;
    }) << C::Structure << "variance.variances[0][2]: expected a positive number, got -3";
    QTest::newRow("free variance NaN") << ScenarioEdit([=](Scenario &s) {
        s.varianceMode = VarianceMode::Free;
        s.normalizeSideArrays();
        s.freeVariances(0, 0) = nan;
    }) << C::Structure << "variance.variances[0][0]";
    QTest::newRow("free variances not m×T") << ScenarioEdit([](Scenario &s) {
        s.varianceMode = VarianceMode::Free;
        s.freeVariances.resize(1, 2);
        s.freeVariances.setOnes();
    }) << C::Structure << "variance.variances[0]: expected 3 numbers (one per key), got 2";
    QTest::newRow("too many targets") << ScenarioEdit([](Scenario &s) {
        s.maxentTargets = std::vector<std::optional<double>>{1.0, 2.0};
    }) << C::Structure << "maxent.targets: expected 1 entry (one per query), got 2";
    QTest::newRow("too few targets (empty array)")
        << ScenarioEdit([](Scenario &s) { s.maxentTargets = std::vector<std::optional<double>>{}; })
        << C::Structure << "maxent.targets: expected 1 entry (one per query), got 0";
    QTest::newRow("target NaN") << ScenarioEdit([=](Scenario &s) {
        s.maxentTargets = std::vector<std::optional<double>>{nan};
    }) << C::Structure << "maxent.targets[0]";
    QTest::newRow("d_k = 4097") << ScenarioEdit([](Scenario &s) {
        s.queries = Eigen::MatrixXd::Zero(1, 4097);
        s.keys = Eigen::MatrixXd::Zero(3, 4097);
    }) << C::Limit << "d_k = 4097 exceeds the limit of 4096";
    QTest::newRow("similarity overflows") << ScenarioEdit([](Scenario &s) {
        s.queries << 1e200, 1e200;
        s.keys.row(2) << 1e200, -1e200;
    }) << C::Overflow << "queries[0]·keys[2]: similarity 1e200·1e200 overflows a double";
    QTest::newRow("score overflows with tau = 1e-300") << ScenarioEdit([](Scenario &s) {
        s.temperatureMode = TemperatureMode::Fixed;
        s.fixedTau = 1e-300;
        s.queries << 2e8, 0;
    }) << C::Overflow << "queries[0]·keys[0]";
}

void TestScenarioIo::validateInMemory()
{
    QFETCH(ScenarioEdit, edit);
    QFETCH(ErrorCategory, category);
    QFETCH(QString, expected);

    QVERIFY(!validateScenario(defaultScenario()));
    Scenario s = defaultScenario();
    edit(s);
    const QString problem = refusalProblem(validateScenario(s), category, expected);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

// ---------------------------------------------------------------------------------------------

void TestScenarioIo::duplicateKeyScan_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<bool>("found");
    QTest::addColumn<QString>("objectPath");
    QTest::addColumn<QString>("key");

    QTest::newRow("no duplicates")
        << QByteArray(R"({"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]})") << false << ""
        << "";
    QTest::newRow("same key in sibling objects")
        << QByteArray(R"([{"x":1},{"x":1}])") << false << ""
        << "";
    QTest::newRow("key-like text inside string values")
        << QByteArray(R"({"a":"\"a\":1,","b":"a"})") << false << ""
        << "";
    QTest::newRow("keys differing by case") << QByteArray(R"({"a":1,"A":2})") << false << ""
                                            << "";
    QTest::newRow("top level") << QByteArray(R"({"a":1,"b":2,"a":3})") << true << ""
                               << "a";
    QTest::newRow("nested path") << QByteArray(R"({"a":[1,{"b":{"c":1,"c":2}}]})") << true
                                 << "a[1].b"
                                 << "c";
    QTest::newRow("\\u0061 equals a") << QByteArray(R"({"x":{"a":1,"\u0061":2}})") << true << "x"
                                      << "a";
    QTest::newRow("escaped quote in a key")
        << QByteArray(R"({"a\"b":1,"a\u0022b":2})") << true << ""
        << "a\"b";
    QTest::newRow("escaped slash and backslash")
        << QByteArray(R"({"a/\\":1,"a\/\u005c":2})") << true << ""
        << "a/\\";
    QTest::newRow("surrogate pair escape equals literal")
        << QByteArray("{\"k\":[{\"\xF0\x9F\x98\x80\":1,\"\\uD83D\\uDE00\":2}]}") << true << "k[0]"
        << QStringLiteral("\U0001F600");
    QTest::newRow("non-ASCII literal keys")
        << QByteArray("{\"\xC3\xA9\":1,\"\\u00e9\":2}") << true << "" << QStringLiteral("\u00e9");
    QTest::newRow("duplicate after a closed sibling object")
        << QByteArray(R"({"a":{"z":1},"b":[],"a":0})") << true << ""
        << "a";
    QTest::newRow("top-level array of objects")
        << QByteArray(R"([{}, {"p":1,"p":1}])") << true << "[1]"
        << "p";
}

void TestScenarioIo::duplicateKeyScan()
{
    QFETCH(QByteArray, input);
    QFETCH(bool, found);
    QFETCH(QString, objectPath);
    QFETCH(QString, key);
    QVERIFY2(!QJsonDocument::fromJson(input).isNull(), "test input must be valid JSON");
    const auto dup = findDuplicateKey(input);
    QCOMPARE(dup.has_value(), found);
    if (found) {
        QCOMPARE(dup->objectPath, objectPath);
        QCOMPARE(dup->key, key);
        QCOMPARE(input.at(dup->offset), '"');
    }
}

void TestScenarioIo::duplicateKeyScanIsIterative()
{
    // 200 000 levels would overflow the stack of a recursive scanner. (Qt refuses this depth,
    // but the scan is specified for any text.)
    const int depth = 200000;
    QByteArray text;
    text.reserve(depth * 2 + 64);
    for (int i = 0; i < depth; ++i)
        text += "[";
    text += R"({"d":1,"d":2})";
    for (int i = 0; i < depth; ++i)
        text += "]";
    const auto dup = findDuplicateKey(text);
    QVERIFY(dup.has_value());
    QCOMPARE(dup->key, QStringLiteral("d"));
    QCOMPARE(dup->objectPath.size(), qsizetype(3 * depth)); // "[0]" per level
}

// ---------------------------------------------------------------------------------------------

void TestScenarioIo::lineColumn_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<QString>("expected");
    QTest::newRow("start") << QByteArray("abc") << qint64(0) << "line 1, column 1";
    QTest::newRow("end of first line") << QByteArray("abc\ndef") << qint64(3) << "line 1, column 4";
    QTest::newRow("start of second line")
        << QByteArray("abc\ndef") << qint64(4) << "line 2, column 1";
    QTest::newRow("multi-byte characters count once")
        << QByteArray("\xC3\xA9\xF0\x9F\x98\x80x") << qint64(6) << "line 1, column 3";
    QTest::newRow("CRLF: CR is a column")
        << QByteArray("a\r\nb") << qint64(4) << "line 2, column 2";
    QTest::newRow("offset past the end is clamped")
        << QByteArray("ab\n") << qint64(99) << "line 2, column 1";
    QTest::newRow("negative offset is clamped")
        << QByteArray("ab") << qint64(-5) << "line 1, column 1";
}

void TestScenarioIo::lineColumn()
{
    QFETCH(QByteArray, text);
    QFETCH(qint64, offset);
    QFETCH(QString, expected);
    QCOMPARE(lineColumnAt(text, offset), expected);
}

// ---------------------------------------------------------------------------------------------

void TestScenarioIo::saveAndLoad()
{
    QTemporaryDir dir;
    const QString path = writeLesson(dir, "old contents");
    QVERIFY(!path.isEmpty());

    Scenario s = defaultScenario();
    s.extraTop.insert(QStringLiteral("x-note"), QStringLiteral("kept"));
    const auto saveError = ScenarioIo::saveFile(s, path);
    QVERIFY2(!saveError, saveError ? qPrintable(saveError->message) : "");
    QCOMPARE(readAll(path), ScenarioIo::serialize(s));

    const LoadResult r = ScenarioIo::loadFile(path);
    const auto loadError = errorOf(r);
    QVERIFY2(!loadError, loadError ? qPrintable(loadError->message) : "");
    QVERIFY(std::get<Scenario>(r) == s);
    // No temporary files are left beside the target.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("lesson.softmaxlab.json")});
}

void TestScenarioIo::saveFailures_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("reason"); // part of the OS reason expected in the message
    QTest::newRow("nonexistent directory") << "nonexistent"
                                           << "No such file or directory";
    QTest::newRow("target is a directory") << "directory"
                                           << "directory";
    QTest::newRow("write fails midway (file size limit), old file intact") << "sizelimit"
                                                                           << "File too large";
    QTest::newRow("read-only directory, old file intact") << "readonly"
                                                          << "Permission denied";
}

void TestScenarioIo::saveFailures()
{
    QFETCH(QString, kind);
    QFETCH(QString, reason);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QByteArray oldContents = "previous version of the file";
    QString path = dir.filePath(QStringLiteral("lesson.softmaxlab.json"));
    QString existing; // a file that must survive the failed save

    std::optional<LoadError> error;
    const Scenario s = defaultScenario();
    if (kind == QLatin1String("nonexistent")) {
        path = dir.filePath(QStringLiteral("no/such/dir/lesson.softmaxlab.json"));
        error = ScenarioIo::saveFile(s, path);
        QVERIFY(!QFileInfo::exists(path));
    } else if (kind == QLatin1String("directory")) {
        QVERIFY(QDir().mkpath(path));
        error = ScenarioIo::saveFile(s, path);
        QVERIFY(QFileInfo(path).isDir());
    } else if (kind == QLatin1String("sizelimit")) {
        existing = path;
        QVERIFY(writeAll(path, oldContents));
        FileSizeLimit limit(64); // far less than the serialized scenario
        QVERIFY(limit.active());
        error = ScenarioIo::saveFile(s, path);
    } else if (kind == QLatin1String("readonly")) {
        existing = path;
        QVERIFY(writeAll(path, oldContents));
        // r-x for everyone: "nobody" (when the test runs as root) can enter, not write.
        QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::Permissions(0x5555)));
        {
            AsUnprivilegedUser nobody;
            QVERIFY2(nobody.active(), "cannot leave root: permissions would not apply");
            error = ScenarioIo::saveFile(s, path);
        }
        QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                              QFileDevice::ExeOwner);
    }

    QVERIFY2(error.has_value(), "the save reported success");
    QVERIFY2(error->category == ErrorCategory::Io, qPrintable(error->message));
    QVERIFY2(error->message.contains(QDir::toNativeSeparators(path)), qPrintable(error->message));
    QVERIFY2(error->message.contains(reason, Qt::CaseInsensitive), qPrintable(error->message));
    if (!existing.isEmpty()) {
        QCOMPARE(readAll(existing), oldContents);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QFileInfo(existing).fileName()});
    }
}

void TestScenarioIo::saveRefusesInvalidScenario()
{
    QTemporaryDir dir;
    const QString path = writeLesson(dir, "keep me");
    QVERIFY(!path.isEmpty());
    Scenario s = defaultScenario();
    s.values(0, 0) = std::numeric_limits<double>::quiet_NaN();
    const auto error = ScenarioIo::saveFile(s, path);
    QVERIFY(error.has_value());
    QCOMPARE(error->category, ErrorCategory::Structure);
    QVERIFY2(error->message.contains(QStringLiteral("keys[0].value[0]")),
             qPrintable(error->message));
    QCOMPARE(readAll(path), QByteArray("keep me"));
}

void TestScenarioIo::saveRefusesAFileTheLoaderWouldRefuse()
{
    // A 4096×4096 free-variance matrix is a 330 MB file: more than the loader takes. The save
    // is refused (with the limit), and the file on disk stays as it was. Here with a small limit.
    QTemporaryDir dir;
    const QString path = writeLesson(dir, "keep me");
    QVERIFY(!path.isEmpty());
    const Scenario s = defaultScenario();
    const qint64 size = ScenarioIo::serialize(s).size();
    const auto error = ScenarioIo::saveFile(s, path, size - 1);
    QVERIFY(error.has_value());
    QCOMPARE(error->category, ErrorCategory::Limit);
    QVERIFY2(error->message.contains(QString::number(size)) &&
                 error->message.contains(QString::number(size - 1)),
             qPrintable(error->message));
    QCOMPARE(readAll(path), QByteArray("keep me"));
    QVERIFY(!ScenarioIo::saveFile(s, path, size)); // exactly at the limit: written
    QVERIFY(std::holds_alternative<Scenario>(ScenarioIo::loadFile(path)));
}

void TestScenarioIo::largeScenariosAreWrittenCompactly()
{
    // Above a million numbers there is no indentation (one number per line would more than
    // double the file); below, the file is indented for people to read. Both load back exactly.
    Scenario small = defaultScenario();
    QCOMPARE(ScenarioIo::numberCount(small), qint64(2 + 3 * 4));
    QVERIFY(ScenarioIo::serialize(small).contains("\n    \""));
    Scenario large = defaultScenario();
    const int m = 1001;
    large.queries = Eigen::MatrixXd::Constant(m, 2, 0.5);
    large.keys = Eigen::MatrixXd::Constant(m, 2, 0.25);
    large.values = Eigen::MatrixXd::Constant(m, 2, 1.0);
    large.varianceMode = VarianceMode::Free;
    large.queryLabels.clear();
    large.keyLabels.clear();
    large.normalizeSideArrays();
    large.freeVariances(7, 9) = 0.1 + 0.2; // a number with 17 digits
    QVERIFY(ScenarioIo::numberCount(large) > 1000000);
    const QByteArray text = ScenarioIo::serialize(large);
    QVERIFY(!text.contains('\n') || text.count('\n') <= 1);
    const LoadResult back = ScenarioIo::parse(text);
    QVERIFY(std::holds_alternative<Scenario>(back));
    QVERIFY(std::get<Scenario>(back) == large);
}

void TestScenarioIo::categoryNames()
{
    QSet<QString> names;
    for (ErrorCategory c :
         {ErrorCategory::Io, ErrorCategory::Encoding, ErrorCategory::Syntax,
          ErrorCategory::Duplicate, ErrorCategory::Format, ErrorCategory::Version,
          ErrorCategory::Structure, ErrorCategory::Limit, ErrorCategory::Overflow})
        names.insert(categoryName(c));
    QCOMPARE(names.size(), qsizetype(9));
    QCOMPARE(categoryName(ErrorCategory::Syntax), QStringLiteral("syntax"));
    QCOMPARE(categoryName(ErrorCategory::Structure), QStringLiteral("structure"));
}

QTEST_GUILESS_MAIN(TestScenarioIo)
#include "tst_scenarioio.moc"
