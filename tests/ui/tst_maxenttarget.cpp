// Tests of the MaxEnt target controls (issue 14 item 9, issue 16): the μ spin box and slider on
// a round grid over the feasible interval, one undo step per gesture, and the interval's ends,
// which α-entmax accepts (MATH.md §7.3) and the softmax refuses (§5.4). Real key and mouse
// events on the real widgets, offscreen.
#include "MaxEnt.h"
#include "TsallisMaxEnt.h"
#include "document/ScenarioDocument.h"
#include "panels/MaxEntPanel.h"
#include "plots/maxent/MaxEntEntropyPlot.h"
#include "widgets/DecimalSpinBox.h"

#include "SliderEvents.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using namespace sml;

namespace {

const QString irisPath = QStringLiteral(":/scenarios/iris-kernel-smoother.softmaxlab.json");

/// Replaces the spin box's text by `text` with real key presses and commits it with Enter.
void typeTarget(MaxEntPanel &view, const QString &text)
{
    DecimalSpinBox *spin = view.targetSpin();
    spin->setFocus();
    QLineEdit *edit = spin->findChild<QLineEdit *>();
    QVERIFY(edit);
    edit->selectAll();
    QTest::keyClicks(spin, text);
    QTest::keyClick(spin, Qt::Key_Return);
}

/// A key press, `repeats` auto-repeated presses (a held key) and the release.
void holdKey(QWidget *widget, Qt::Key key, int repeats)
{
    for (int k = 0; k <= repeats; ++k) {
        QKeyEvent press(QEvent::KeyPress, key, Qt::NoModifier, QString(), k > 0);
        QApplication::sendEvent(widget, &press);
    }
    QKeyEvent release(QEvent::KeyRelease, key, Qt::NoModifier);
    QApplication::sendEvent(widget, &release);
}

/// Shows the panel at a size where the μ controls fit on one row.
bool shown(MaxEntPanel &view)
{
    view.resize(1000, 800);
    view.show();
    return QTest::qWaitForWindowExposed(&view);
}

double lambdaOf(const ScenarioDocument &doc)
{
    return doc.analysis().detail(doc.selectedQuery()).maxent.lambda.value_or(std::nan(""));
}

} // namespace

class TestMaxEntTarget : public QObject
{
    Q_OBJECT

private slots:
    void typingTheTargetGivesExactlyThatValue();
    void sliderResolutionFollowsTheFeasibleInterval_data();
    void sliderResolutionFollowsTheFeasibleInterval();
    void oneUndoStepPerGesture();
    void intervalEndAcceptedWithEntmaxRefusedWithSoftmax();
    void documentFollowsTheNormalizer();
};

void TestMaxEntTarget::typingTheTargetGivesExactlyThatValue()
{
    ScenarioDocument doc; // f = (1, 0.5, −1), MATH.md §6 B
    MaxEntPanel view(&doc);
    QVERIFY(shown(view));
    QVERIFY(view.targetSpin()->isEnabled());
    typeTarget(view, QStringLiteral("0.95"));
    QCOMPARE(doc.scenario().targetFor(0), std::optional<double>(0.95)); // exactly, no rounding
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(lambdaOf(doc), *maxent::solve(doc.analysis().detail(0).similarities, 0.95).lambda);
    // The slider sits on the same value, a position of its grid.
    QCOMPARE(*view.targetAt(view.targetSlider()->value()), 0.95);
    QVERIFY(view.targetLabel()->text().contains(QStringLiteral("μ = 0.95")));
    // The arrows step by the grid's step, 0.001, onto round values.
    QCOMPARE(view.targetGrid()->step(), 1e-3);
    QTest::keyClick(view.targetSpin(), Qt::Key_Up);
    QCOMPARE(*doc.scenario().targetFor(0), 0.951);
    QTest::keyClick(view.targetSpin(), Qt::Key_Down);
    QTest::keyClick(view.targetSpin(), Qt::Key_Down);
    QCOMPARE(*doc.scenario().targetFor(0), 0.949);
    QCOMPARE(doc.undoStack()->count(), 4);
    // Five decimals can be typed, more are rounded to them.
    typeTarget(view, QStringLiteral("-0.12345"));
    QCOMPARE(*doc.scenario().targetFor(0), -0.12345);
    // Undo goes back one typed value at a time.
    doc.undoStack()->undo();
    QCOMPARE(*doc.scenario().targetFor(0), 0.949);
    QCOMPARE(view.targetSpin()->value(), 0.949);
}

void TestMaxEntTarget::sliderResolutionFollowsTheFeasibleInterval_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<int>("query");
    QTest::newRow("default figure, (−1, 1)") << QString() << 0;
    QTest::newRow("iris, query 4") << irisPath << 3;
}

void TestMaxEntTarget::sliderResolutionFollowsTheFeasibleInterval()
{
    QFETCH(QString, scenario);
    QFETCH(int, query);
    ScenarioDocument doc;
    if (!scenario.isEmpty())
        QVERIFY(!doc.loadExample(scenario));
    doc.setSelectedQuery(query);
    MaxEntPanel view(&doc);
    QVERIFY(shown(view));
    const Eigen::VectorXd f = doc.analysis().detail(query).similarities;
    const double lo = f.minCoeff(), hi = f.maxCoeff();
    QSlider *slider = view.targetSlider();
    // The step is the power of ten that puts 1000 to 10 000 steps across (min f, max f).
    const double step = view.targetGrid()->step();
    QCOMPARE(step, std::pow(10.0, std::floor(std::log10((hi - lo) / 1000))));
    QVERIFY((hi - lo) / step >= 1000 && (hi - lo) / step < 10000);
    QCOMPARE(slider->minimum(), 0);
    QVERIFY(slider->maximum() + 1 >= int((hi - lo) / step) - 2);
    // Every position is inside the open interval (softmax), neighbours one step apart, and
    // each is a round number k·step.
    for (int p = 0; p <= slider->maximum(); ++p) {
        const double mu = *view.targetAt(p);
        QVERIFY(mu > lo && mu < hi);
        if (p > 0)
            QVERIFY(std::abs(mu - *view.targetAt(p - 1) - step) <= 1e-9 * step + 1e-12 * hi);
        QVERIFY(std::abs(mu / step - std::round(mu / step)) <= 1e-6);
    }
    // A key press moves μ by one step (the old slider jumped hundreds of steps in a few pixels).
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_Right);
    const double first = *doc.scenario().targetFor(query);
    QTest::keyClick(slider, Qt::Key_Right);
    QVERIFY(std::abs(*doc.scenario().targetFor(query) - first - step) <= 1e-9 * step);
    // A 27-pixel drag moves μ by its share of the interval, no more (issue 14 item 9).
    const double before = *doc.scenario().targetFor(query);
    test::dragHandle(slider, 27);
    const double moved = *doc.scenario().targetFor(query) - before;
    const double groove = slider->width() - test::handleRect(slider).width();
    QVERIFY2(moved > 0 && moved <= (hi - lo) * 29.0 / groove,
             qPrintable(QStringLiteral("μ moved %1 for 27 px of %2").arg(moved).arg(groove)));
}

void TestMaxEntTarget::oneUndoStepPerGesture()
{
    ScenarioDocument doc;
    MaxEntPanel view(&doc);
    QVERIFY(shown(view));
    QUndoStack *stack = doc.undoStack();
    // A drag of the slider in many moves: one step.
    test::dragHandle(view.targetSlider(), 90, 12);
    QCOMPARE(stack->count(), 1);
    const double dragged = *doc.scenario().targetFor(0);
    // A held Up key on the spin box (a press and its auto-repeats): five steps of μ, one undo
    // step; the next press is a step of its own.
    DecimalSpinBox *spin = view.targetSpin();
    spin->setFocus();
    typeTarget(view, QStringLiteral("0.2"));
    QCOMPARE(stack->count(), 2);
    holdKey(spin, Qt::Key_Up, 4);
    // (Qt's spin box may add steps of its own while a key repeats.)
    const double held = *doc.scenario().targetFor(0);
    QVERIFY2(held >= 0.205 && held == std::round(held * 1000) / 1000,
             qPrintable(QString::number(held)));
    QCOMPARE(stack->count(), 3);
    QTest::keyClick(spin, Qt::Key_Up);
    QCOMPARE(*doc.scenario().targetFor(0), std::round(held * 1000 + 1) / 1000);
    QCOMPARE(stack->count(), 4);
    // A held arrow key on the slider: one step too.
    view.targetSlider()->setFocus();
    const int position = view.targetSlider()->value();
    holdKey(view.targetSlider(), Qt::Key_Left, 9);
    QCOMPARE(view.targetSlider()->value(), position - 10);
    QCOMPARE(stack->count(), 5);
    // Undo takes back one gesture each time.
    stack->undo();
    QCOMPARE(*doc.scenario().targetFor(0), std::round(held * 1000 + 1) / 1000);
    stack->undo();
    QCOMPARE(*doc.scenario().targetFor(0), held);
    stack->undo();
    QCOMPARE(*doc.scenario().targetFor(0), 0.2);
    stack->undo();
    QCOMPARE(*doc.scenario().targetFor(0), dragged);
    stack->undo();
    QVERIFY(!doc.scenario().targetFor(0).has_value());
}

void TestMaxEntTarget::intervalEndAcceptedWithEntmaxRefusedWithSoftmax()
{
    ScenarioDocument doc; // f = (1, 0.5, −1)
    QVERIFY(!doc.setNormalizer(NormalizerKind::Entmax, 2.0));
    MaxEntPanel view(&doc);
    QVERIFY(shown(view));
    const int undoBefore = doc.undoStack()->count();
    QSlider *slider = view.targetSlider();
    // α = 2: the closed interval [−1, 1]; its ends are the slider's ends.
    QVERIFY(view.targetGrid()->closed());
    QVERIFY(view.targetSlider()->toolTip().contains(QStringLiteral("closed interval")));
    auto labelStarting = [&view](const QString &start) {
        for (QLabel *label : view.findChildren<QLabel *>())
            if (label->text().startsWith(start))
                return true;
        return false;
    };
    QVERIFY(labelStarting(QStringLiteral("["))); // "[−1 ——— 1]"
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_End);
    QCOMPARE(*doc.scenario().targetFor(0), 1.0);
    // μ = max f: λ_max = 2 (MATH.md §7.5 F) with the core's half-line warning.
    const QueryDetail top = doc.analysis().detail(0);
    QCOMPARE(top.maxent.status, maxent::Status::Ok);
    QVERIFY(top.maxent.atBoundary);
    QVERIFY(std::abs(*top.maxent.lambda - 2) <= 1e-15);
    QVERIFY(view.targetLabel()->text().contains(QStringLiteral("λ_max = 2")));
    QVERIFY(view.noteLabel()->isVisible());
    QVERIFY2(view.noteLabel()->text().contains(QStringLiteral("any λ ≥ λ_max = 2")),
             qPrintable(view.noteLabel()->text()));
    QCOMPARE(*view.entropyPlot()->currentLambda(), *top.maxent.lambda);
    // μ = min f, typed: λ_min = −2/3.
    typeTarget(view, QStringLiteral("-1"));
    QCOMPARE(*doc.scenario().targetFor(0), -1.0);
    QVERIFY(std::abs(lambdaOf(doc) + 2.0 / 3) <= 1e-15);
    QVERIFY(view.noteLabel()->text().contains(QStringLiteral("any λ ≤ λ_min")));
    QCOMPARE(doc.undoStack()->count(), undoBefore + 2);

    // α = 1 (the softmax): the open interval; typing its end is refused and changes nothing.
    QVERIFY(!doc.setNormalizer(NormalizerKind::Softmax));
    QVERIFY(!doc.setMaxEntTarget(0, 0.5));
    QVERIFY(!view.targetGrid()->closed());
    QVERIFY(labelStarting(QStringLiteral("("))); // "(−1 ——— 1)"
    const int undoSoftmax = doc.undoStack()->count();
    QSignalSpy messages(&view, &MaxEntPanel::message);
    typeTarget(view, QStringLiteral("1"));
    QCOMPARE(*doc.scenario().targetFor(0), 0.5);
    QCOMPARE(doc.undoStack()->count(), undoSoftmax);
    QCOMPARE(messages.count(), 1);
    QVERIFY(messages.first().first().toString().contains(QStringLiteral("(min f, max f)")));
    QVERIFY(view.noteLabel()->text().startsWith(QStringLiteral("Refused")));
    QCOMPARE(view.targetSpin()->value(), 0.5); // the box shows the document's μ again
    // The slider's End stays inside: one step below max f.
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_End);
    QCOMPARE(*doc.scenario().targetFor(0), 0.999);
}

void TestMaxEntTarget::documentFollowsTheNormalizer()
{
    ScenarioDocument doc; // f = (1, 0.5, −1)
    QVERIFY(!doc.maxEntTargetsIncludeEnds());
    // The softmax: the open interval of MATH.md §5.4.
    for (double mu : {1.0, -1.0, 1.5}) {
        const auto error = doc.setMaxEntTarget(0, mu);
        QVERIFY(error);
        QCOMPARE(*error, maxent::infeasibleMessage(mu, -1, 1));
    }
    QCOMPARE(doc.undoStack()->count(), 0);
    // α-entmax at α = 1 is the softmax: still open.
    QVERIFY(!doc.setNormalizer(NormalizerKind::Entmax, 1.0));
    QVERIFY(doc.setMaxEntTarget(0, 1.0));
    // α > 1: the closed interval of §7.3; outside it the closed form of the message.
    for (double alpha : {1.5, 2.0, 4.0}) {
        QVERIFY(!doc.setNormalizer(NormalizerKind::Entmax, alpha));
        QVERIFY(doc.maxEntTargetsIncludeEnds());
        QVERIFY(!doc.setMaxEntTarget(0, 1.0));
        QVERIFY(doc.analysis().detail(0).maxent.atBoundary);
        QVERIFY(!doc.setMaxEntTarget(0, -1.0));
        const auto error = doc.setMaxEntTarget(0, std::nextafter(1.0, 2.0));
        QVERIFY(error);
        QCOMPARE(*error, maxent::closedInfeasibleMessage(std::nextafter(1.0, 2.0), -1, 1));
    }
    // α = 1.5: λ_max = 4 (MATH.md §7.5 F).
    QVERIFY(!doc.setNormalizer(NormalizerKind::Entmax, 1.5));
    QVERIFY(!doc.setMaxEntTarget(0, 1.0));
    QVERIFY(std::abs(*doc.analysis().detail(0).maxent.lambda - 4) <= 1e-14);
}

QTEST_MAIN(TestMaxEntTarget)
#include "tst_maxenttarget.moc"
