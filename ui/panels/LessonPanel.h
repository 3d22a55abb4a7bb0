#pragma once

#include "Lesson.h"
#include "document/ScenarioDocument.h"

#include <QPointer>
#include <QWidget>

#include <functional>
#include <optional>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace sml {

/// The Lesson panel (a dock's content; issue 18, scenario-format.md `lesson`): the list of the
/// lesson's steps; "Add step from what I see" (the view shown, the selected query and every
/// setting that differs from the saved scenario, ScenarioDocument::shownSettingOverrides); the
/// selected step's title and caption; Show, Move up, Move down and Delete. Every change is one
/// undo step (ScenarioDocument::setLesson). The list follows the document's base scenario.
class LessonPanel : public QWidget
{
    Q_OBJECT

public:
    /// The export name of the view the window shows now (exportViewNames()).
    using CurrentView = std::function<QString()>;

    /// What the window calls a view, from its export name (the step list shows it).
    using ViewTitle = std::function<QString(const QString &name)>;

    LessonPanel(ScenarioDocument *document, CurrentView currentView, QWidget *parent = nullptr);
    /// The step list then names each step's view as the window does (default: its export name).
    void setViewTitle(ViewTitle viewTitle);

    QListWidget *stepList() const { return mList; }
    QPushButton *addButton() const { return mAdd; }
    QPushButton *showButton() const { return mShow; }
    QPushButton *upButton() const { return mUp; }
    QPushButton *downButton() const { return mDown; }
    QPushButton *deleteButton() const { return mDelete; }
    QLineEdit *titleEdit() const { return mTitle; }
    QLineEdit *captionEdit() const { return mCaption; }
    /// The line above the steps that says an example's lesson (the tour) is the reader's copy:
    /// shown while the document is an example (ScenarioDocument::isExample).
    QLabel *exampleNote() const { return mExampleNote; }

public slots:
    /// Appends a step recording what is shown, selects it and puts the cursor in its title.
    void addStepFromView();
    /// Shows the selected step (ScenarioDocument::showStep).
    void showSelectedStep();
    /// Moves the selected step one place up (−1) or down (+1).
    void moveSelectedStep(int delta);
    void deleteSelectedStep();

signals:
    /// A refused edit, for the status bar.
    void message(const QString &text);

private:
    /// The settings a step's `set` changes, as the controls name them ("τ, the variances").
    static QString settingNames(const QJsonObject &set);
    void refresh();
    void updateEditors();
    void commitTitle();
    void commitCaption();
    /// Sets the text of `edit` into the `field` of the step it was typed for (mEditRow; else the
    /// selected step) as one undo step named `undoText` ("…step %1"); a refused text is put back
    /// as it was.
    void commitText(QLineEdit *edit, const QString &undoText,
                    const std::function<QString &(LessonStep &)> &field);
    int selectedRow() const;
    /// Pushes `lesson` as one undo step; selects `selectRow` afterwards. False when refused.
    bool apply(const std::optional<Lesson> &lesson, const QString &undoText, int selectRow);

    QPointer<ScenarioDocument> mDocument; ///< (an editor may commit while the window closes)
    CurrentView mCurrentView;
    ViewTitle mViewTitle;
    QListWidget *mList;
    QLabel *mExampleNote;
    QPushButton *mAdd;
    QPushButton *mShow;
    QPushButton *mUp;
    QPushButton *mDown;
    QPushButton *mDelete;
    QLineEdit *mTitle;
    QLineEdit *mCaption;
    bool mRefreshing = false;
    /// The row whose title or caption the user is typing (from the first key to the commit), or
    /// −1. The selection may move on meanwhile (▶ in the banner steps the lesson and the list
    /// follows the step shown), but the text belongs to the step it was typed for.
    int mEditRow = -1;
};

} // namespace sml
