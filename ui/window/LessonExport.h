#pragma once

#include "Scenario.h"

#include <QString>

#include <optional>

namespace sml {

/// Writes the lesson of `scenario` as a PDF handout at `path` (`--export-lesson`, File ▸ Export
/// Lesson as PDF…; scenario-format.md, "Command line: additions"): one 16:9 page per step of
/// `lesson.steps`, 1920 × 1080 pt, with the step's title, caption and "Step i of n" above its
/// view drawn with the step's settings (applyStep; the step's query selected, and for a model
/// scenario the step's head). The page is laid out like `--slide` (1422 × 800 layout pixels
/// drawn 1.35 times larger, the view at text scale 1.5), so the title is 46 pt and the caption
/// 30 pt on the page: readable when projected. Text stays text (QPdfWriter). Written
/// atomically: a failed export leaves a file already at `path` as it was.
///
/// Returns nullopt, or a message when the scenario has no lesson or is invalid, or the file
/// cannot be written. `pages` (if given) gets the number of pages written. Needs a QApplication
/// (any platform, including offscreen).
std::optional<QString> exportLessonPdf(const Scenario &scenario, const QString &path,
                                       int *pages = nullptr);

} // namespace sml
