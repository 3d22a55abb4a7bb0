#pragma once

#include <QBrush>

class QCPAxisRect;

namespace sml {

/// A light grey background with dark diagonal hatching, in the colours of the Appearance: what
/// masked cells (a causal mask's keys after the query, MATH.md §2) show through their transparent
/// colour, in the attention heatmap and in the heads view's heatmaps, so that "masked" does not
/// read as "weight 0".
QBrush maskedCellBrush();

/// The background of `rect`: the masked-cell hatch (maskedCellBrush) when `masked`, else none.
/// While it is the hatch it follows the Appearance (a new theme redraws it in the new colours);
/// every axis rect with masked cells sets its background here, so that none keeps an old theme.
void setMaskedCellBackground(QCPAxisRect *rect, bool masked);

} // namespace sml
