#pragma once

#include "Scenario.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <variant>

namespace sml {

struct ModelAnalysis;

/// What kind of problem refused an input (scenario-format.md, "Errors"). Tests assert these.
enum class ErrorCategory
{
    Io,        ///< cannot open/read/write (missing file, a directory, permissions, disk full)
    Encoding,  ///< not UTF-8
    Syntax,    ///< JSON syntax error, with line and column (includes NaN/Infinity/1e400)
    Duplicate, ///< a duplicate key in one JSON object
    Format,    ///< wrong or missing `format`
    Version,   ///< a newer (or invalid) `version`
    Structure, ///< a field has the wrong type, is missing, or breaks a rule (names the JSON path)
    Limit,     ///< a size limit is exceeded (states the limit)
    Overflow,  ///< a computed similarity or score is not finite (names the query and key)
};

/// Human-readable name of a category ("syntax", "structure", …).
QString categoryName(ErrorCategory c);

/// A refused input. `message` is the full text shown to the user, e.g.
/// "keys[2].vector: expected 2 numbers (d_k from queries[0]), got 3" or
/// "line 4, column 17: illegal number".
struct LoadError
{
    ErrorCategory category = ErrorCategory::Structure;
    QString message;
};

/// Scenario or error, à la std::expected.
using LoadResult = std::variant<Scenario, LoadError>;

/// Size limits checked before allocating (scenario-format.md, "Limits").
namespace limits {
constexpr qint64 maxFileBytes = 256LL * 1024 * 1024;
constexpr qint64 maxTokens = 100000;          ///< m, T
constexpr qint64 maxDim = 4096;               ///< d_k, d_v
constexpr qint64 maxCells = 50000000;         ///< m·T
constexpr qint64 maxVectorEntries = 50000000; ///< (m+T)·d_k + T·d_v
} // namespace limits

/// Reading and writing scenario files of version 1 and version 2 (its `attention` section;
/// scenario-format.md). core only: no GUI.
class ScenarioIo
{
public:
    /// Reads FILE (≤ 256 MiB, checked before reading) and parses it. Errors: Io for a missing
    /// file, a directory or a read failure, then everything parse() reports.
    static LoadResult loadFile(const QString &path);

    /// Parses and validates UTF-8 JSON (a BOM is accepted). Refuses, in this order: non-UTF-8,
    /// syntax errors (line, column), duplicate keys, wrong format, newer version, structure
    /// (JSON path), limits (before allocating vectors), non-finite numbers, and overflowing
    /// similarities or scores (validateScenario). Nothing is partially returned.
    static LoadResult parse(const QByteArray &json);

    /// The JSON text of a scenario (QJsonDocument: indented, or compact above a million
    /// numbers). Unknown fields are written back; −0 becomes 0; doubles read back bit for bit.
    static QByteArray serialize(const Scenario &scenario);
    /// The five lesson settings of a scenario (temperature, mask, variance, maxent, attention) as
    /// serialize() writes them, with `attention` {"normalizer": "softmax"} even where the file
    /// leaves it out; nothing of the vectors is copied or written (scenario-format.md, `lesson`:
    /// the members a step's `set` may override). Unknown fields are their parsed values.
    static QJsonObject settingsJson(const Scenario &scenario);
    /// How many numbers serialize() writes for the vectors and free variances (not labels).
    static qint64 numberCount(const Scenario &scenario);

    /// Atomic save through QSaveFile. Returns an error message (Io, naming the path and the OS
    /// reason) on failure, in which case the previous file on disk is untouched. A scenario
    /// that fails validateScenario(), or whose text is larger than limits::maxFileBytes (Limit),
    /// is refused before anything is written, so every saved file loads again.
    /// `maxBytes` is that limit; tests pass a smaller one.
    static std::optional<LoadError> saveFile(const Scenario &scenario, const QString &path,
                                             qint64 maxBytes = limits::maxFileBytes);
};

/// Checks a scenario built in memory (an edit, an import) against every rule of the file format
/// that does not concern JSON syntax: shapes, finiteness, positivity, limits, and that every
/// similarity q_i·k_t and score f/τ is finite (MATH.md §2, "Numerics"). Messages use the same
/// JSON paths as the loader.
/// `previous`, for a model scenario, is the analysis of the scenario before an edit (it passed
/// this validation): the heads whose projections it can update (updatedProjections(), one
/// token's embedding changed) are checked on those instead of recomputing X W, with the same
/// result and message (issue 19: the products were a third of an embedding edit at H = 8,
/// T = d_model = 512). It is ignored for a plain scenario.
std::optional<LoadError> validateScenario(const Scenario &scenario,
                                          const ModelAnalysis *previous = nullptr);

/// Converts a byte offset in `text` into "line L, column C" (1-based; columns count code points).
QString lineColumnAt(const QByteArray &text, qint64 offset);

} // namespace sml
