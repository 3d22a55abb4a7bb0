#include "panels/LessonBanner.h"

#include "Lesson.h"
#include "document/ScenarioDocument.h"
#include "style/Appearance.h"
#include "style/Contrast.h"
#include "style/ViewHelp.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QToolButton>

#include <algorithm>

namespace sml {

LessonBanner::LessonBanner(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent), mDocument(document), mTitle(new ReservedHeightLabel(this)),
      mCaption(new ReservedHeightLabel(this)), mCounter(new QLabel(this)),
      mHint(new ReservedHeightLabel(this)), mPrevious(new QToolButton(this)),
      mNext(new QToolButton(this)), mLeave(new QToolButton(this))
{
    setObjectName(QStringLiteral("lessonBanner"));
    setWhatsThis(viewExplanation(QStringLiteral("lesson-banner")));
    // Its own text sizes (applyFonts), not the panels' scale: large on a projector, modest in the
    // window beside the docks.
    setProperty("smlOwnFontScale", true);
    mTitle->setObjectName(QStringLiteral("lessonStepTitle"));
    mCaption->setObjectName(QStringLiteral("lessonStepCaption"));
    mCounter->setObjectName(QStringLiteral("lessonStepCounter"));
    mHint->setObjectName(QStringLiteral("lessonStepHint"));
    for (ReservedHeightLabel *label : {mTitle, mCaption, mHint}) {
        label->setAlignment(Qt::AlignLeft | Qt::AlignTop); // (the reserved room below the text)
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
    button(mPrevious, tr("◀"), tr("Previous step (PageUp; ← in presentation mode)"),
           "lessonPreviousStep");
    button(mNext, tr("▶"), tr("Next step (PageDown; → in presentation mode)"), "lessonNextStep");
    button(mLeave, tr("✕"), tr("Leave the lesson: show the base scenario"), "lessonLeave");
    connect(mPrevious, &QToolButton::clicked, this, &LessonBanner::previousStep);
    connect(mNext, &QToolButton::clicked, this, &LessonBanner::nextStep);
    connect(mLeave, &QToolButton::clicked, this, &LessonBanner::leaveLesson);

    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setColumnStretch(0, 1);

    connect(Appearance::instance(), &Appearance::changed, this, &LessonBanner::applyFonts);
    applyFonts();
    applyHintInk();
    connect(document, &ScenarioDocument::shownStepChanged, this, &LessonBanner::refresh);
    connect(document, &ScenarioDocument::changed, this, &LessonBanner::refresh);
    refresh();
}

QString LessonBanner::nextHint()
{
    return tr("PageDown: next step · PageUp: back · F5: present · Esc: leave the lesson");
}

QString LessonBanner::lastHint()
{
    return tr("The last step. Esc or ✕ leaves the lesson; Help ▸ Examples has more lessons.");
}

QString LessonBanner::awayHint()
{
    return tr("Not this step's view: its caption is about the view the step opened.");
}

void LessonBanner::setOnAnotherView(bool away)
{
    if (away == mAway)
        return;
    mAway = away;
    applyHintInk();
    refresh();
}

void LessonBanner::applyFonts()
{
    // Presenting: 24 pt titles at the default presentation scale 1.5, growing with it; otherwise
    // 15 pt, a little above the scenario's notes.
    const Appearance *look = Appearance::instance();
    const double scale = look->presentation() ? 1.6 * look->drawnPresentationScale() / 1.5 : 1.0;
    const auto sized = [this, scale](QWidget *w, double points, bool bold) {
        QFont f = font();
        f.setPointSizeF(points * scale);
        f.setBold(bold);
        w->setFont(f);
    };
    sized(mTitle, 15, true);
    sized(mCaption, 11.5, false);
    sized(mCounter, 11, false);
    sized(mHint, 10, false);
    for (QToolButton *b : {mPrevious, mNext, mLeave})
        sized(b, 12, false);
    placeControls();
}

void LessonBanner::applyHintInk()
{
    // From the palette now, on every palette change: on Appearance::changed the window's new
    // palette is not set yet; and not the palette's grey for hint text, which reads below 4.5:1.
    const QPalette current = palette();
    QPalette muted = mHint->palette();
    muted.setColor(QPalette::WindowText, contrast::mutedInk(current.color(QPalette::WindowText),
                                                            current.color(QPalette::Window)));
    mHint->setPalette(muted);
    // Away from the step's view, its title and caption in the same grey.
    for (QLabel *label : {static_cast<QLabel *>(mTitle), static_cast<QLabel *>(mCaption)}) {
        QPalette ink = label->palette();
        ink.setColor(QPalette::WindowText, mAway ? muted.color(QPalette::WindowText)
                                                 : current.color(QPalette::WindowText));
        label->setPalette(ink);
    }
}

void LessonBanner::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyHintInk();
    QWidget::changeEvent(event);
}

void LessonBanner::placeControls()
{
    auto *grid = static_cast<QGridLayout *>(layout());
    for (QWidget *w : std::initializer_list<QWidget *>{mTitle, mCaption, mHint, mCounter, mPrevious,
                                                       mNext, mLeave})
        grid->removeWidget(w);
    // Presenting, the window is wide and the title row has room; in the window beside the docks
    // the title gets the whole width and the controls go to the hint's row.
    const bool presenting = Appearance::instance()->presentation();
    const int row = presenting ? 0 : 2;
    grid->addWidget(mTitle, 0, 0, 1, presenting ? 1 : 5);
    grid->addWidget(mCaption, 1, 0, 1, 5);
    if (!presenting)
        grid->addWidget(mHint, 2, 0);
    grid->addWidget(mCounter, row, 1, Qt::AlignRight | Qt::AlignVCenter);
    grid->addWidget(mPrevious, row, 2);
    grid->addWidget(mNext, row, 3);
    grid->addWidget(mLeave, row, 4);
    mHint->setVisible(!presenting);
}

void LessonBanner::reserveHeights()
{
    // Each label is as tall as the tallest of its texts at the width the layout gives it.
    QStringList titles, captions;
    if (const std::optional<Lesson> &lesson = mDocument->baseScenario().lesson)
        for (const LessonStep &s : lesson->steps) {
            titles << s.title;
            captions << s.caption.value_or(QString());
        }
    mTitle->setReservedTexts(titles);
    mCaption->setReservedTexts(captions);
    mHint->setReservedTexts({nextHint(), lastHint(), awayHint()});
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
    // (Kept, empty, when another step has a caption: the views below stay where they are.)
    mCaption->setVisible(std::any_of(lesson->steps.cbegin(), lesson->steps.cend(),
                                     [](const LessonStep &t) { return bool(t.caption); }));
    // The last step says so in the counter too: on the projector the hint line is hidden, and
    // a clicker's PageDown there does nothing else visible (a fresh reader of the tour).
    const QString last = tr("Step %1 of %2 · the end").arg(n).arg(n);
    const QString away = tr("Step %1 of %2 · another view").arg(*step + 1).arg(n);
    mCounter->setText(mAway           ? away
                      : *step + 1 < n ? tr("Step %1 of %2").arg(*step + 1).arg(n)
                                      : last);
    // As wide on every step, so the title and caption beside it wrap the same way.
    mCounter->setMinimumWidth(int(std::max(mCounter->fontMetrics().horizontalAdvance(last),
                                           mCounter->fontMetrics().horizontalAdvance(
                                               tr("Step %1 of %2 · another view").arg(n).arg(n)))) +
                              4);
    mNext->setEnabled(*step + 1 < n);
    mHint->setText(mAway ? awayHint() : *step + 1 < n ? nextHint() : lastHint());
    reserveHeights();
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
