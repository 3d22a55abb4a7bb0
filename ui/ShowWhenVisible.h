#pragma once

#include <functional>

class QWidget;

namespace sml {

class PlotView;
class ScenarioDocument;

/// Shows the document's Analysis in `view` now if the view is visible (or its window is not
/// shown at all, as in tests and exports); otherwise marks the view stale and shows the
/// document's then-current Analysis when the view is next shown (issue 5: "edit → every
/// visible view replotted"; a plot in a hidden tab costs nothing per edit).
void showWhenVisible(PlotView *view, ScenarioDocument *document);

/// The same for a widget that refreshes itself from the document (a slot on changed() or
/// selectedQueryChanged()): runs `refresh` now when `widget` is visible (or its window is not
/// shown at all), otherwise once, when `widget` is next shown; a later call replaces a pending
/// refresh. Use it as
///
///   connect(document, &ScenarioDocument::changed, this,
///           [this] { refreshWhenVisible(this, [this] { refreshFromDocument(); }); });
void refreshWhenVisible(QWidget *widget, std::function<void()> refresh);

} // namespace sml
