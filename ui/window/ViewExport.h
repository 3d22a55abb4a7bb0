#pragma once

#include "Scenario.h"
#include "export/ImageExportOptions.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace sml {

class PlotView;
class ScenarioDocument;

/// The stable export names of the views, in export order: attention-heatmap, weight-bars,
/// entropy, key-space, value-space, mle-optimizer, maxent-entropy, maxent-constraint,
/// maxent-optimizer, temperature-sweep, alpha-sweep, derivation (scenario-format.md, "Command
/// line").
QStringList exportViewNames();

/// The views a model scenario adds (MATH.md §8), exported after exportViewNames(): projections,
/// heads (scenario-format.md, "View names").
QStringList modelExportViewNames();

/// The export formats exportAllViews() accepts: png, jpg, pdf, svg.
QStringList exportFormats();

/// Writes every view of `scenario` (selected query 0) as DIR/<view-name>.<format>, building the
/// views offscreen for `size` pixels by the export rule (ImageExportOptions::pixels: laid out at
/// size / k, drawn k times larger). `format` is "png", "jpg", "pdf" or "svg". Creates DIR if
/// needed and overwrites files of the same name. Returns nullopt on success or an error message
/// (invalid scenario, unknown format, bad size, a directory or file that cannot be written).
/// The paths written so far are appended to `written`. Needs a QApplication (any platform,
/// including offscreen).
std::optional<QString> exportAllViews(const Scenario &scenario, const QString &dir,
                                      const QString &format, QSize size,
                                      QStringList *written = nullptr);

/// The same with every option of the export dialog (size in pixels or centimetres at a DPI,
/// the text scale F, transparent background for PNG and SVG; see ImageExportOptions), showing
/// `selectedQuery` (clamped) as the window does. The views are built and drawn with
/// Appearance::exportScale() = options.textScale. A model scenario exports every view of its
/// head `head` (0-based, clamped; headScenario()) and also modelExportViewNames().
std::optional<QString> exportAllViews(const Scenario &scenario, const QString &dir,
                                      const ImageExportOptions &options, int selectedQuery = 0,
                                      QStringList *written = nullptr, int head = 0);

/// The same for the views named in `names` only (names from exportViewNames(), and for a model
/// scenario modelExportViewNames(); an unknown name is an error and writes nothing).
std::optional<QString> exportViews(const Scenario &scenario, const QString &dir,
                                   const ImageExportOptions &options, const QStringList &names,
                                   int selectedQuery = 0, QStringList *written = nullptr,
                                   int head = 0);

/// A new plot view of export name `name` (exportViewNames()), unbound, for drawing a given
/// Analysis with showAnalysis(); nullptr for "derivation" (a panel, not a plot) and unknown names.
std::unique_ptr<PlotView> makeExportView(const QString &name);

/// Opens `scenario` in `document` (ScenarioDocument::resetTo) and waits until its Analysis is
/// current (a large scenario is analysed off the GUI thread), for drawing the derivation panel
/// of an export. Returns the refusal's message, or nullopt.
std::optional<QString> openForExport(ScenarioDocument &document, const Scenario &scenario);

} // namespace sml
