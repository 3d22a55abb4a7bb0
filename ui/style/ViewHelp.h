#pragma once

#include <QString>

namespace sml {

/// "What am I seeing?" for a view (issue 7, Help): two or three sentences of rich text that say
/// what the view shows and which step of which derivation it belongs to, with its MATH.md
/// section. `viewName` is a PlotView::viewName(), "derivation" or "model-panel" (the model rows
/// of the Scenario panel); an unknown name gives an empty string.
QString viewExplanation(const QString &viewName);

} // namespace sml
