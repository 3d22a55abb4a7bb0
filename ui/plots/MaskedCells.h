#pragma once

#include <QBrush>

namespace sml {

/// A light grey background with dark diagonal hatching, in the colours of the Appearance: what
/// masked cells (a causal mask's keys after the query, MATH.md §2) show through their transparent
/// colour, in the attention heatmap and in the heads view's heatmaps, so that "masked" does not
/// read as "weight 0".
QBrush maskedCellBrush();

} // namespace sml
