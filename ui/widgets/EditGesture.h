#pragma once

#include <QObject>

class QWidget;

namespace sml {

class ScenarioDocument;

/// Makes one gesture on a control one undo step (ARCHITECTURE.md, "The document"): the edits a
/// watched control makes from a mouse press to its release (a slider drag, a click held on a
/// slider's groove or a spin box's arrow), or during one key press and its auto-repeats, carry
/// one gesture number of the document, so that the document merges them. Outside a gesture
/// gesture() is 0: each edit (a typed value committed with Enter) is its own step.
class EditGesture : public QObject
{
    Q_OBJECT

public:
    EditGesture(ScenarioDocument *document, QObject *parent);

    /// Watches the mouse and keys of `widget` (and of its children that receive them, such as a
    /// spin box's line edit).
    void watch(QWidget *widget);
    /// The gesture number to pass to the document's edit function; 0 outside a gesture.
    int gesture() const { return mGesture; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    ScenarioDocument *mDocument;
    int mGesture = 0;
    bool mMouseDown = false;
};

} // namespace sml
