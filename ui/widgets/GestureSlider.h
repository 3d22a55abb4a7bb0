#pragma once

#include <QString>

#include <functional>
#include <optional>

class QSlider;

namespace sml {

class ScenarioDocument;

/// Connects a slider to one document setting so that one drag is one undo step: pressing starts
/// a gesture (ScenarioDocument::beginGesture), every move while held calls `apply(position,
/// gesture)`, and a click on the groove or a key press (not held) calls it with gesture 0, its
/// own undo step. `apply` returns the document's refusal, if any, and `report` is called with it.
/// Used by the Scenario panel's τ and α sliders and by their large twins on the view in
/// presentation mode (PresentationControls).
void bindGestureSlider(QSlider *slider, ScenarioDocument *document,
                       std::function<std::optional<QString>(int position, int gesture)> apply,
                       std::function<void(const std::optional<QString> &)> report);

} // namespace sml
