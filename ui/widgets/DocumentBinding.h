#pragma once

#include <functional>

class QWidget;

namespace sml {

class ScenarioDocument;

/// The one way a widget gets its data (docs/ARCHITECTURE.md, "The document"): runs `refresh`
/// now, and again after every change of `document` (ScenarioDocument::changed and
/// selectedQueryChanged: an edit, undo, load, a new selected query) and of the Appearance (a new
/// theme or text scale changes fonts and colours). Each time through refreshWhenVisible, so a
/// widget in a hidden tab or dock costs nothing per edit and is refreshed when next shown
/// (issue 5). Binding the same widget again replaces the earlier binding; the connections end
/// with the widget or the document. PlotView::bindToDocument and every panel use it; the
/// window pushes nothing into the views.
void bindToDocument(QWidget *widget, ScenarioDocument *document, std::function<void()> refresh);

/// Runs `refresh` now when `widget` is visible (or its window is not shown at all, as in tests
/// and exports), otherwise once, when `widget` is next shown; a later call replaces a pending
/// refresh.
void refreshWhenVisible(QWidget *widget, std::function<void()> refresh);

} // namespace sml
