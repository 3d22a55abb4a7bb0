#include "panels/LessonBanner.h"

#include "Lesson.h"
#include "document/ScenarioDocument.h"
#include "style/Appearance.h"
#include "style/ViewHelp.h"

#include <QGridLayout>
#include <QLabel>
#include <QToolButton>

namespace sml {

LessonBanner::LessonBanner(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent), mDocument(document), mTitle(new QLabel(this)), mCaption(new QLabel(this)),
      mCounter(new QLabel(this)), mPrevious(new QToolButton(this)), mNext(new QToolButton(this)),
      mLeave(new QToolButton(this))
{
    setObjectName(QStringLiteral("lessonBanner"));
    setWhatsThis(viewExplanation(QStringLiteral("lesson-banner")));
    // Its own text sizes (applyFonts), not the panels' scale: large on a projector, modest in the
    // window beside the docks.
    setProperty("smlOwnFontScale", true);
    mTitle->setObjectName(QStringLiteral("lessonStepTitle"));
    mCaption->setObjectName(QStringLiteral("lessonStepCaption"));
    mCounter->setObjectName(QStringLiteral("lessonStepCounter"));
    for (QLabel *label : {mTitle, mCaption}) {
        label->setWordWrap(true);
        label->setTextFormat(Qt::PlainText);
        // Wraps to the width it is given and never widens the window.
        label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    }
    const auto button = [this](QToolButton *b, const QString &text, const QString &tip,
                               const char *name) {
        b->setText(text);
        b->setToolTip(tip);
        b->setObjectName(QLatin1String(name));
        b->setAutoRaise(true);
    };
    button(mPrevious, tr("◀"), tr("Previous step (PageUp or ← in presentation mode)"),
           "lessonPreviousStep");
    button(mNext, tr("▶"), tr("Next step (PageDown or → in presentation mode)"), "lessonNextStep");
    button(mLeave, tr("✕"), tr("Leave the lesson: show the base scenario"), "lessonLeave");
    connect(mPrevious, &QToolButton::clicked, this, &LessonBanner::previousStep);
    connect(mNext, &QToolButton::clicked, this, &LessonBanner::nextStep);
    connect(mLeave, &QToolButton::clicked, this, &LessonBanner::leaveLesson);

    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(mTitle, 0, 0);
    layout->addWidget(mCounter, 0, 1, Qt::AlignRight | Qt::AlignVCenter);
    layout->addWidget(mPrevious, 0, 2);
    layout->addWidget(mNext, 0, 3);
    layout->addWidget(mLeave, 0, 4);
    layout->addWidget(mCaption, 1, 0, 1, 5);
    layout->setColumnStretch(0, 1);

    connect(Appearance::instance(), &Appearance::changed, this, &LessonBanner::applyFonts);
    applyFonts();
    connect(document, &ScenarioDocument::shownStepChanged, this, &LessonBanner::refresh);
    connect(document, &ScenarioDocument::changed, this, &LessonBanner::refresh);
    refresh();
}

void LessonBanner::applyFonts()
{
    // Presenting: 24 pt titles at the default presentation scale 1.5, growing with it; otherwise
    // 15 pt, a little above the scenario's notes.
    const Appearance *look = Appearance::instance();
    const double scale = look->presentation() ? 1.6 * look->presentationScale() / 1.5 : 1.0;
    const auto sized = [this, scale](QWidget *w, double points, bool bold) {
        QFont f = font();
        f.setPointSizeF(points * scale);
        f.setBold(bold);
        w->setFont(f);
    };
    sized(mTitle, 15, true);
    sized(mCaption, 11.5, false);
    sized(mCounter, 11, false);
    for (QToolButton *b : {mPrevious, mNext, mLeave})
        sized(b, 12, false);
}

void LessonBanner::refresh()
{
    const std::optional<int> step = mDocument->shownStep();
    const std::optional<Lesson> &lesson = mDocument->baseScenario().lesson;
    if (!step || !lesson || *step >= int(lesson->steps.size())) {
        setVisible(false);
        return;
    }
    const LessonStep &s = lesson->steps[size_t(*step)];
    const int n = int(lesson->steps.size());
    mTitle->setText(s.title);
    mCaption->setText(s.caption.value_or(QString()));
    mCaption->setVisible(!mCaption->text().isEmpty());
    mCounter->setText(tr("Step %1 of %2").arg(*step + 1).arg(n));
    mNext->setEnabled(*step + 1 < n);
    setVisible(true);
}

void LessonBanner::nextStep()
{
    const std::optional<Lesson> &lesson = mDocument->baseScenario().lesson;
    if (!lesson)
        return;
    const int next = mDocument->shownStep() ? *mDocument->shownStep() + 1 : 0;
    if (next < int(lesson->steps.size()))
        mDocument->showStep(next);
}

void LessonBanner::previousStep()
{
    const std::optional<int> step = mDocument->shownStep();
    if (!step)
        return;
    mDocument->showStep(*step > 0 ? std::optional<int>(*step - 1) : std::nullopt);
}

void LessonBanner::leaveLesson()
{
    mDocument->showStep(std::nullopt);
}

} // namespace sml
