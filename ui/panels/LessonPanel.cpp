#include "panels/LessonPanel.h"

#include "document/ScenarioDocument.h"
#include "style/ViewHelp.h"

#include <QFormLayout>
#include <QGridLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace sml {

LessonPanel::LessonPanel(ScenarioDocument *document, CurrentView currentView, QWidget *parent)
    : QWidget(parent), mDocument(document), mCurrentView(std::move(currentView)),
      mList(new QListWidget(this)), mAdd(new QPushButton(tr("&Add Step from What I See"), this)),
      mShow(new QPushButton(tr("&Show"), this)), mUp(new QPushButton(tr("Move &Up"), this)),
      mDown(new QPushButton(tr("Move &Down"), this)), mDelete(new QPushButton(tr("De&lete"), this)),
      mTitle(new QLineEdit(this)), mCaption(new QLineEdit(this))
{
    setObjectName(QStringLiteral("lessonPanel"));
    setWhatsThis(viewExplanation(QStringLiteral("lesson-panel")));
    mList->setObjectName(QStringLiteral("lessonSteps"));
    // Long titles wrap in the narrow dock instead of hiding behind a horizontal scroll bar.
    mList->setWordWrap(true);
    mList->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    mList->setResizeMode(QListView::Adjust);
    mAdd->setObjectName(QStringLiteral("lessonAddStep"));
    mShow->setObjectName(QStringLiteral("lessonShowStep"));
    mUp->setObjectName(QStringLiteral("lessonMoveUp"));
    mDown->setObjectName(QStringLiteral("lessonMoveDown"));
    mDelete->setObjectName(QStringLiteral("lessonDeleteStep"));
    mTitle->setObjectName(QStringLiteral("lessonStepTitleEdit"));
    mCaption->setObjectName(QStringLiteral("lessonStepCaptionEdit"));
    mAdd->setToolTip(tr("A new step: the view shown, the selected query, and every setting that "
                        "differs from the saved scenario"));
    mTitle->setPlaceholderText(tr("Title of the step"));
    mCaption->setPlaceholderText(tr("Caption (optional)"));

    // The tour and the other examples' lessons can be edited like any lesson; what is edited
    // is the reader's untitled copy (every change undoable, Save asks for a new name), and the
    // panel says so, since a step deleted by mistake looks lost.
    mExampleNote = new QLabel(
        tr("This is a built-in example (the tour is one): your changes to its steps are yours. "
           "Ctrl+Z undoes them, and Save asks for a new name; the example stays as it was."),
        this);
    mExampleNote->setObjectName(QStringLiteral("lessonExampleNote"));
    mExampleNote->setWordWrap(true);
    // Italic in the text's own ink: the palette's grey for hint text reads below 4.5:1.
    QFont noteFont = mExampleNote->font();
    noteFont.setItalic(true);
    mExampleNote->setFont(noteFont);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(mExampleNote);
    layout->addWidget(mAdd);
    layout->addWidget(mList, 1);
    auto *buttons = new QGridLayout;
    buttons->addWidget(mShow, 0, 0);
    buttons->addWidget(mDelete, 0, 1);
    buttons->addWidget(mUp, 1, 0);
    buttons->addWidget(mDown, 1, 1);
    layout->addLayout(buttons);
    auto *form = new QFormLayout;
    form->addRow(tr("&Title:"), mTitle);
    form->addRow(tr("&Caption:"), mCaption);
    layout->addLayout(form);

    connect(mAdd, &QPushButton::clicked, this, &LessonPanel::addStepFromView);
    connect(mShow, &QPushButton::clicked, this, &LessonPanel::showSelectedStep);
    connect(mUp, &QPushButton::clicked, this, [this] { moveSelectedStep(-1); });
    connect(mDown, &QPushButton::clicked, this, [this] { moveSelectedStep(+1); });
    connect(mDelete, &QPushButton::clicked, this, &LessonPanel::deleteSelectedStep);
    connect(mList, &QListWidget::itemActivated, this, &LessonPanel::showSelectedStep);
    connect(mList, &QListWidget::itemDoubleClicked, this, &LessonPanel::showSelectedStep);
    connect(mList, &QListWidget::currentRowChanged, this, &LessonPanel::updateEditors);
    for (QLineEdit *edit : {mTitle, mCaption})
        connect(edit, &QLineEdit::textEdited, this, [this] {
            if (mEditRow < 0)
                mEditRow = selectedRow();
        });
    connect(mTitle, &QLineEdit::editingFinished, this, &LessonPanel::commitTitle);
    connect(mCaption, &QLineEdit::editingFinished, this, &LessonPanel::commitCaption);
    connect(document, &ScenarioDocument::changed, this, &LessonPanel::refresh);
    connect(document, &ScenarioDocument::filePathChanged, this,
            [this] { mExampleNote->setVisible(mDocument->isExample()); });
    connect(document, &ScenarioDocument::shownStepChanged, this, [this](std::optional<int> step) {
        refresh();
        // The step shown is the one selected (PageDown in the list steps the lesson).
        if (step && *step < mList->count())
            mList->setCurrentRow(*step);
    });
    refresh();
}

void LessonPanel::setViewTitle(ViewTitle viewTitle)
{
    mViewTitle = std::move(viewTitle);
    refresh();
}

QString LessonPanel::settingNames(const QJsonObject &set)
{
    // The format's `set` fields (scenario-format.md, `lesson`), in the words of the controls.
    const std::pair<const char *, QString> names[] = {{"temperature", tr("τ")},
                                                      {"mask", tr("the mask")},
                                                      {"variance", tr("the variances")},
                                                      {"maxent", tr("the MaxEnt targets")},
                                                      {"attention", tr("the normalizer")}};
    QStringList out;
    for (const auto &[key, name] : names)
        if (set.contains(QLatin1String(key)))
            out << name;
    return out.join(tr(", "));
}

int LessonPanel::selectedRow() const
{
    const std::optional<Lesson> &lesson = mDocument->baseScenario().lesson;
    const int row = mList->currentRow();
    return lesson && row >= 0 && row < int(lesson->steps.size()) ? row : -1;
}

void LessonPanel::refresh()
{
    mExampleNote->setVisible(mDocument->isExample());
    const std::optional<Lesson> &lesson = mDocument->baseScenario().lesson;
    const int n = lesson ? int(lesson->steps.size()) : 0;
    const std::optional<int> shown = mDocument->shownStep();
    {
        const QSignalBlocker block(mList);
        mRefreshing = true;
        const int row = mList->currentRow();
        while (mList->count() > n)
            delete mList->takeItem(mList->count() - 1);
        while (mList->count() < n)
            mList->addItem(QString());
        for (int i = 0; i < n; ++i) {
            const LessonStep &step = lesson->steps[size_t(i)];
            QListWidgetItem *item = mList->item(i);
            // The view as the window names it, and what the step sets, on a line of their own.
            QString detail = mViewTitle ? mViewTitle(step.view) : step.view;
            // …and which query (and head) it shows, when there is a choice (a reader building
            // a lesson could not tell which steps had recorded the query they had selected).
            const Scenario &base = mDocument->baseScenario();
            if (base.model && base.model->heads.size() > 1)
                detail += tr(" · head %1").arg(step.headIndex() + 1);
            if (base.queries.rows() > 1) {
                const int q = step.queryIndex();
                const QString label = q < base.queryLabels.size() ? base.queryLabels[q] : QString();
                detail += label.isEmpty() ? tr(" · query %1").arg(q + 1)
                                          : tr(" · query %1 “%2”").arg(q + 1).arg(label);
            }
            if (step.set && !step.set->isEmpty())
                detail = tr("%1 · sets %2").arg(detail, settingNames(*step.set));
            item->setText(tr("%1. %2").arg(i + 1).arg(step.title) + QStringLiteral("\n    ") +
                          detail);
            item->setToolTip(step.caption.value_or(step.title));
            QFont f = item->font();
            f.setBold(shown == i);
            item->setFont(f);
        }
        mList->setCurrentRow(std::min(row < 0 && n > 0 ? 0 : row, n - 1));
        mRefreshing = false;
    }
    updateEditors();
}

void LessonPanel::updateEditors()
{
    const int row = selectedRow();
    const int n = mList->count();
    for (QWidget *w : std::initializer_list<QWidget *>{mShow, mDelete, mTitle, mCaption})
        w->setEnabled(row >= 0);
    mUp->setEnabled(row > 0);
    mDown->setEnabled(row >= 0 && row + 1 < n);
    const LessonStep *step =
        row >= 0 ? &mDocument->baseScenario().lesson->steps[size_t(row)] : nullptr;
    const QString title = step ? step->title : QString();
    const QString caption = step ? step->caption.value_or(QString()) : QString();
    // Not while the user types: the editor keeps its text until it is committed (to mEditRow).
    // (isModified: typed into since the last commit, not just focused on another step's text.)
    const auto typing = [step](QLineEdit *edit, const QString &text) {
        return step && edit->hasFocus() && edit->isModified() && edit->text() != text;
    };
    const bool typingTitle = typing(mTitle, title);
    const bool typingCaption = typing(mCaption, caption);
    if (!typingTitle)
        mTitle->setText(title);
    if (!typingCaption) {
        mCaption->setText(caption);
        mCaption->setCursorPosition(0); // its beginning, not its end, in the narrow dock
    }
    if (!typingTitle && !typingCaption)
        mEditRow = -1;
    if (!mTitle->hasFocus())
        mTitle->setCursorPosition(0);
    mCaption->setToolTip(caption); // all of it
}

bool LessonPanel::apply(const std::optional<Lesson> &lesson, const QString &undoText, int selectRow)
{
    if (auto error = mDocument->setLesson(lesson, undoText)) {
        emit message(*error);
        return false;
    }
    mList->setCurrentRow(selectRow);
    return true;
}

void LessonPanel::addStepFromView()
{
    Lesson lesson = mDocument->baseScenario().lesson.value_or(Lesson{});
    LessonStep step;
    step.title = tr("Step %1").arg(lesson.steps.size() + 1);
    step.view = mCurrentView ? mCurrentView() : QStringLiteral("attention-heatmap");
    if (const int query = mDocument->selectedQuery(); query != 0)
        step.query = query;
    step.set = mDocument->shownSettingOverrides();
    lesson.steps.push_back(std::move(step));
    const int row = int(lesson.steps.size()) - 1;
    if (apply(lesson, tr("Add lesson step %1").arg(row + 1), row)) {
        mTitle->setFocus(Qt::OtherFocusReason);
        mTitle->selectAll();
    }
}

void LessonPanel::showSelectedStep()
{
    const int row = selectedRow();
    if (row >= 0)
        if (auto error = mDocument->showStep(row))
            emit message(*error);
}

void LessonPanel::moveSelectedStep(int delta)
{
    const int row = selectedRow();
    const int to = row + delta;
    if (row < 0 || to < 0 || to >= mList->count())
        return;
    Lesson lesson = *mDocument->baseScenario().lesson;
    std::swap(lesson.steps[size_t(row)], lesson.steps[size_t(to)]);
    apply(lesson,
          (delta < 0 ? tr("Move lesson step %1 up") : tr("Move lesson step %1 down")).arg(row + 1),
          to);
}

void LessonPanel::deleteSelectedStep()
{
    const int row = selectedRow();
    if (row < 0)
        return;
    Lesson lesson = *mDocument->baseScenario().lesson;
    lesson.steps.erase(lesson.steps.begin() + row);
    // A lesson has at least one step (scenario-format.md): deleting the last removes it.
    const std::optional<Lesson> result =
        lesson.steps.empty() ? std::nullopt : std::optional<Lesson>(std::move(lesson));
    apply(result, tr("Delete lesson step %1").arg(row + 1),
          std::min(row, result ? int(result->steps.size()) - 1 : -1));
}

void LessonPanel::commitTitle()
{
    commitText(mTitle, tr("Edit the title of lesson step %1"),
               [](LessonStep &step) -> QString & { return step.title; });
}

void LessonPanel::commitCaption()
{
    commitText(mCaption, tr("Edit the caption of lesson step %1"),
               [](LessonStep &step) -> QString & {
                   if (!step.caption) // (commitText turns an empty caption into none)
                       step.caption = QString();
                   return *step.caption;
               });
}

void LessonPanel::commitText(QLineEdit *edit, const QString &undoText,
                             const std::function<QString &(LessonStep &)> &field)
{
    if (!mDocument || mRefreshing)
        return;
    const int n = mList->count();
    const int row = mEditRow >= 0 && mEditRow < n ? mEditRow : selectedRow();
    mEditRow = -1;
    edit->setModified(false);
    // The list stays where it is (on the step shown, when ▶ moved it on while the user typed).
    const int selected = selectedRow() >= 0 ? selectedRow() : row;
    if (row < 0 || !mDocument->baseScenario().lesson)
        return;
    Lesson lesson = *mDocument->baseScenario().lesson;
    LessonStep &step = lesson.steps[size_t(row)];
    const LessonStep before = step;
    field(step) = edit->text();
    if (step.caption && step.caption->isEmpty())
        step.caption.reset();
    if (step == before)
        return;
    if (!apply(lesson, undoText.arg(row + 1), selected)) {
        LessonStep old = before;
        edit->setText(field(old)); // refused (the message is in the status bar): as it was
    }
}

} // namespace sml
