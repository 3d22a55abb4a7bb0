// The version-2 `lesson` section (scenario-format.md, `lesson`; issue 18): loading, saving,
// applying a step's settings and keeping the steps valid when the shape changes. The refusals
// are rows of tests/core/tst_badinputs.cpp.

#include "Lesson.h"
#include "Report.h"
#include "ScenarioIo.h"
#include "ScenarioRows.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace sml;

namespace {

/// The default scenario (MATH.md §6 B: m = 1, T = 3, d_k = 2) with a lesson of the JSON `steps`,
/// loaded through the file format.
Scenario withLesson(const char *steps)
{
    QJsonObject top = QJsonDocument::fromJson(ScenarioIo::serialize(defaultScenario())).object();
    top.insert(QLatin1String("version"), 2);
    top.insert(QLatin1String("lesson"),
               QJsonObject{{QLatin1String("steps"), QJsonDocument::fromJson(steps).array()}});
    const LoadResult r = ScenarioIo::parse(QJsonDocument(top).toJson());
    if (const auto *e = std::get_if<LoadError>(&r))
        qFatal("withLesson: %s", qPrintable(e->message));
    return std::get<Scenario>(r);
}

const char *kTwoSteps = R"([
  {"title": "Three answers, one set of weights", "caption": "The softmax, the MLE and MaxEnt agree.",
   "view": "weight-bars", "query": 0},
  {"title": "Cool it down", "caption": "Lower τ: the weights sharpen.", "view": "attention-heatmap",
   "set": {"temperature": {"mode": "fixed", "tau": 0.3}}},
  {"title": "Causal", "view": "entropy", "set": {"mask": "causal", "maxent": {"targets": [0.2]}}},
  {"title": "Free variances", "view": "value-space",
   "set": {"variance": {"mode": "free", "variances": [[1, 2, 3]]},
           "attention": {"normalizer": "entmax", "alpha": 2}}}
])";

QJsonObject reportOf(const Scenario &s)
{
    return QJsonDocument::fromJson(reportJson(s)).object();
}

QJsonObject setOf(const Scenario &s, int step)
{
    return *s.lesson->steps[size_t(step)].set;
}

} // namespace

class TestLesson : public QObject
{
    Q_OBJECT

private slots:
    void loadsEveryMember();
    void roundTripsAsVersion2();
    void withoutALessonStaysVersion1();
    void versionOneLessonIsAnUnknownField();
    void applyStepReplacesOnlyTheStepsFields();
    void stepReportEqualsASavedScenarioWithItsSettings();
    void linkedStepOverAFreeBase();
    void validatesInMemoryLessons();
    void keyInsertedAndRemoved();
    void queryInsertedAndRemoved();
    void settingOverridesRecordWhatDiffers();
    void modelLessonsHaveTokensHeadsAndTheModelViews();
};

void TestLesson::loadsEveryMember()
{
    const Scenario s = withLesson(kTwoSteps);
    QVERIFY(s.lesson);
    QCOMPARE(s.lesson->steps.size(), size_t(4));
    const LessonStep &first = s.lesson->steps[0];
    QCOMPARE(first.title, QStringLiteral("Three answers, one set of weights"));
    QCOMPARE(first.caption,
             std::optional(QStringLiteral("The softmax, the MLE and MaxEnt agree.")));
    QCOMPARE(first.view, QStringLiteral("weight-bars"));
    QCOMPARE(first.query, std::optional(0));
    QVERIFY(!first.head && !first.set);
    const LessonStep &second = s.lesson->steps[1];
    QVERIFY(!second.query);
    QCOMPARE(second.queryIndex(), 0);
    QCOMPARE(second.set->value(QLatin1String("temperature"))
                 .toObject()
                 .value(QLatin1String("tau"))
                 .toDouble(),
             0.3);
    // The base is untouched by the steps.
    QCOMPARE(s.temperatureMode, TemperatureMode::SqrtDk);
    QCOMPARE(s.mask, MaskKind::None);
    QVERIFY(!s.writesAttention());
}

void TestLesson::roundTripsAsVersion2()
{
    Scenario s = withLesson(kTwoSteps);
    s.lesson->steps[0].extra.insert(QStringLiteral("grader"), 7); // unknown members survive
    s.lesson->extra.insert(QStringLiteral("author"), QStringLiteral("me"));
    const QByteArray text = ScenarioIo::serialize(s);
    const QJsonObject top = QJsonDocument::fromJson(text).object();
    QCOMPARE(top.value(QLatin1String("version")).toInt(), 2);
    QVERIFY(!top.contains(QLatin1String("attention"))); // only what the file had
    const LoadResult again = ScenarioIo::parse(text);
    QVERIFY(std::holds_alternative<Scenario>(again));
    QVERIFY(std::get<Scenario>(again) == s);
    QCOMPARE(
        std::get<Scenario>(again).lesson->steps[0].extra.value(QLatin1String("grader")).toInt(), 7);
    QVERIFY(std::get<Scenario>(again).loadWarnings.isEmpty());
    // Absent members stay absent; a changed lesson is a different scenario.
    const QJsonObject step1 =
        top.value(QLatin1String("lesson")).toObject()[QLatin1String("steps")][1].toObject();
    QVERIFY(!step1.contains(QLatin1String("query")) && !step1.contains(QLatin1String("head")));
    Scenario other = s;
    other.lesson->steps[2].title = QStringLiteral("Masked");
    QVERIFY(!(other == s));
}

void TestLesson::withoutALessonStaysVersion1()
{
    const Scenario plain = defaultScenario();
    const QByteArray text = ScenarioIo::serialize(plain);
    QVERIFY(text.contains("\"version\": 1"));
    QVERIFY(!text.contains("lesson"));
    Scenario s = withLesson(kTwoSteps);
    s.lesson.reset(); // the lesson removed: version 1 again, the same bytes as before
    QCOMPARE(ScenarioIo::serialize(s), text);
}

void TestLesson::versionOneLessonIsAnUnknownField()
{
    QJsonObject top = QJsonDocument::fromJson(ScenarioIo::serialize(defaultScenario())).object();
    const QJsonObject lesson{{QLatin1String("steps"), QJsonArray{}}}; // would be refused in v2
    top.insert(QLatin1String("lesson"), lesson);
    const LoadResult r = ScenarioIo::parse(QJsonDocument(top).toJson());
    QVERIFY(std::holds_alternative<Scenario>(r));
    const Scenario s = std::get<Scenario>(r);
    QVERIFY(!s.lesson);
    QCOMPARE(s.loadWarnings,
             QStringList{QStringLiteral(
                 "lesson: kept as an unknown field; this section needs \"version\": 2")});
    const QJsonObject saved = QJsonDocument::fromJson(ScenarioIo::serialize(s)).object();
    QCOMPARE(saved.value(QLatin1String("version")).toInt(), 1);
    QCOMPARE(saved.value(QLatin1String("lesson")).toObject(), lesson);
    // A real lesson replaces the unknown member and makes the file version 2.
    Scenario withOne = s;
    withOne.lesson = Lesson{{LessonStep{QStringLiteral("One"), {}, QStringLiteral("entropy")}}, {}};
    const QJsonObject v2 = QJsonDocument::fromJson(ScenarioIo::serialize(withOne)).object();
    QCOMPARE(v2.value(QLatin1String("version")).toInt(), 2);
    QCOMPARE(
        v2[QLatin1String("lesson")][QLatin1String("steps")][0][QLatin1String("title")].toString(),
        QStringLiteral("One"));
}

void TestLesson::applyStepReplacesOnlyTheStepsFields()
{
    const Scenario s = withLesson(kTwoSteps);
    QVERIFY(applyStep(s, 0) == s); // no `set`: the base itself
    const Scenario cool = applyStep(s, 1);
    QCOMPARE(cool.temperatureMode, TemperatureMode::Fixed);
    QCOMPARE(cool.tau(), 0.3);
    QCOMPARE(cool.mask, MaskKind::None);
    // Step 2 is applied to the base, not to step 1: τ is back to √d_k.
    const Scenario causal = applyStep(s, 2);
    QCOMPARE(causal.tau(), std::sqrt(2.0));
    QCOMPARE(causal.mask, MaskKind::Causal);
    QCOMPARE(causal.maxentTargets->at(0), std::optional(0.2));
    const Scenario freeStep = applyStep(s, 3);
    QCOMPARE(freeStep.varianceMode, VarianceMode::Free);
    QCOMPARE(freeStep.freeVariances(0, 2), 3.0);
    QCOMPARE(freeStep.normalizer, NormalizerKind::Entmax);
    QCOMPARE(freeStep.alpha(), 2.0);
    QCOMPARE(freeStep.mask, MaskKind::None);
    QVERIFY(!freeStep.maxentTargets);
    // The vectors, labels and the lesson itself are the base's.
    QCOMPARE(freeStep.queries, s.queries);
    QCOMPARE(freeStep.keyLabels, s.keyLabels);
    QVERIFY(freeStep.lesson == s.lesson);
    QVERIFY(!validateScenario(freeStep));
    // Out of range: the base.
    QVERIFY(applyStep(s, 4) == s);
    QVERIFY(applyStep(s, -1) == s);
}

void TestLesson::stepReportEqualsASavedScenarioWithItsSettings()
{
    const Scenario s = withLesson(kTwoSteps);
    // Step 1 by hand: the base with τ = 0.3.
    Scenario byHand = defaultScenario();
    byHand.temperatureMode = TemperatureMode::Fixed;
    byHand.fixedTau = 0.3;
    const QJsonObject cool = reportOf(applyStep(s, 1));
    QCOMPARE(cool, reportOf(byHand));
    QCOMPARE(cool.value(QLatin1String("tau")).toDouble(), 0.3);
    QVERIFY(cool != reportOf(s));
    // Step 3 by hand: free variances and sparsemax (the report gains `normalizer`).
    Scenario sparse = defaultScenario();
    sparse.varianceMode = VarianceMode::Free;
    sparse.freeVariances = Eigen::RowVector3d(1, 2, 3);
    sparse.normalizer = NormalizerKind::Entmax;
    sparse.entmaxAlpha = 2;
    sparse.attentionSection = true;
    QCOMPARE(reportOf(applyStep(s, 3)), reportOf(sparse));
    QCOMPARE(
        reportOf(applyStep(s, 3))[QLatin1String("normalizer")][QLatin1String("alpha")].toDouble(),
        2.0);
}

void TestLesson::linkedStepOverAFreeBase()
{
    Scenario s = withLesson(R"([{"title": "Linked", "view": "value-space",
        "set": {"variance": {"mode": "linked", "sigma0_squared": 2}}}])");
    s.varianceMode = VarianceMode::Free;
    s.freeVariances = Eigen::RowVector3d(4, 5, 6);
    QVERIFY(!validateScenario(s));
    const Scenario linked = applyStep(s, 0);
    QCOMPARE(linked.varianceMode, VarianceMode::Linked);
    QCOMPARE(linked.sigma0Squared, 2.0);
    QCOMPARE(linked.freeVariances.size(), Eigen::Index(0)); // linked mode stores none
    QVERIFY(!validateScenario(linked));
}

void TestLesson::validatesInMemoryLessons()
{
    Scenario s = withLesson(kTwoSteps);
    s.lesson->steps[1].query = 1; // m = 1
    auto error = validateScenario(s);
    QVERIFY(error);
    QCOMPARE(error->message, QStringLiteral("lesson.steps[1].query: expected a query index from "
                                            "0 to 0 (m = 1), got 1"));
    // A step's free variances must have the scenario's shape: a key added without adaptLesson.
    s = withLesson(kTwoSteps);
    insertKeyRow(s, 3,
                 KeyRow{QStringLiteral("k4"),
                        Eigen::RowVector2d(0, -1),
                        Eigen::RowVector2d(0, 0),
                        Eigen::VectorXd(),
                        {}});
    error = validateScenario(s);
    QVERIFY(error);
    QCOMPARE(error->message,
             QStringLiteral("lesson.steps[3].set.variance.variances[0]: expected 4 numbers (one "
                            "per key), got 3"));
    QVERIFY(applyStep(s, 3) == s); // a step that does not fit gives the base
    s.lesson->steps.clear();
    QCOMPARE(validateScenario(s)->message,
             QStringLiteral("lesson.steps: expected 1 to 200 steps, got 0"));
    // saveFile refuses what would not load again.
    QVERIFY(ScenarioIo::saveFile(s, QStringLiteral("/nonexistent/never-written.json")));
}

void TestLesson::keyInsertedAndRemoved()
{
    Scenario s = withLesson(kTwoSteps);
    insertKeyRow(s, 1,
                 KeyRow{QStringLiteral("k1b"),
                        Eigen::RowVector2d(0.5, 0.5),
                        Eigen::RowVector2d(0, 0),
                        Eigen::VectorXd(),
                        {}});
    adaptLesson(s, RowChange::KeyInserted, 1);
    QVERIFY(!validateScenario(s));
    QCOMPARE(setOf(s, 3)[QLatin1String("variance")][QLatin1String("variances")].toArray(),
             QJsonDocument::fromJson("[[1, 1, 2, 3]]").array()); // the new key's σ² = 1
    QCOMPARE(applyStep(s, 3).freeVariances, Eigen::RowVector4d(1, 1, 2, 3).eval());
    // Other steps' sets are unchanged.
    QCOMPARE(setOf(s, 2)[QLatin1String("maxent")][QLatin1String("targets")].toArray(),
             QJsonDocument::fromJson("[0.2]").array());
    removeKeyRow(s, 3);
    adaptLesson(s, RowChange::KeyRemoved, 3);
    QVERIFY(!validateScenario(s));
    QCOMPARE(setOf(s, 3)[QLatin1String("variance")][QLatin1String("variances")].toArray(),
             QJsonDocument::fromJson("[[1, 1, 2]]").array());
}

void TestLesson::queryInsertedAndRemoved()
{
    Scenario s = withLesson(kTwoSteps);
    insertQueryRow(s, 0,
                   QueryRow{QStringLiteral("q0"),
                            Eigen::RowVector2d(0, 1),
                            Eigen::RowVectorXd(),
                            std::nullopt,
                            {}});
    adaptLesson(s, RowChange::QueryInserted, 0);
    QVERIFY(!validateScenario(s));
    QCOMPARE(setOf(s, 2)[QLatin1String("maxent")][QLatin1String("targets")].toArray(),
             QJsonDocument::fromJson("[null, 0.2]").array()); // the new query: a null target
    QCOMPARE(setOf(s, 3)[QLatin1String("variance")][QLatin1String("variances")].toArray(),
             QJsonDocument::fromJson("[[1, 1, 1], [1, 2, 3]]").array());
    QCOMPARE(s.lesson->steps[0].query, std::optional(1)); // still the query "q"
    QVERIFY(!s.lesson->steps[1].query);                   // absent stays absent (query 0)
    // Removing the query a step shows clamps its index into range.
    s.lesson->steps[0].query = 1;
    removeQueryRow(s, 1);
    adaptLesson(s, RowChange::QueryRemoved, 1);
    QVERIFY(!validateScenario(s));
    QCOMPARE(s.lesson->steps[0].query, std::optional(0));
    QCOMPARE(setOf(s, 2)[QLatin1String("maxent")][QLatin1String("targets")].toArray(),
             QJsonDocument::fromJson("[null]").array());
    QCOMPARE(setOf(s, 3)[QLatin1String("variance")][QLatin1String("variances")].toArray(),
             QJsonDocument::fromJson("[[1, 1, 1]]").array());
    // Without a lesson nothing happens.
    Scenario plain = defaultScenario();
    adaptLesson(plain, RowChange::KeyRemoved, 0);
    QVERIFY(plain == defaultScenario());
}

void TestLesson::settingOverridesRecordWhatDiffers()
{
    // "Add step from what I see": the `set` holds exactly the settings that differ, and applying
    // it to the base gives those settings back (scenario-format.md, `lesson`).
    const Scenario base = defaultScenario();
    const QJsonObject baseSettings = lessonSettingsJson(base);
    QCOMPARE(
        baseSettings.keys(),
        (QStringList{QStringLiteral("attention"), QStringLiteral("mask"), QStringLiteral("maxent"),
                     QStringLiteral("temperature"), QStringLiteral("variance")}));
    QCOMPARE(baseSettings.value(QLatin1String("attention"))[QLatin1String("normalizer")].toString(),
             QStringLiteral("softmax"));
    QVERIFY(!settingOverrides(baseSettings, base));

    Scenario shown = base;
    shown.temperatureMode = TemperatureMode::Fixed;
    shown.fixedTau = 0.3;
    shown.normalizer = NormalizerKind::Entmax;
    shown.entmaxAlpha = 1.5;
    shown.keys(0, 0) = 7.0; // a vector is not a setting
    const std::optional<QJsonObject> set = settingOverrides(baseSettings, shown);
    QVERIFY(set);
    QCOMPARE(set->keys(),
             (QStringList{QStringLiteral("attention"), QStringLiteral("temperature")}));
    QCOMPARE(set->value(QLatin1String("temperature"))[QLatin1String("tau")].toDouble(), 0.3);
    QCOMPARE(set->value(QLatin1String("attention"))[QLatin1String("alpha")].toDouble(), 1.5);

    Scenario withStep = base;
    withStep.lesson = Lesson{{{QStringLiteral("s"), std::nullopt, QStringLiteral("entropy"),
                               std::nullopt, std::nullopt, set}},
                             {}};
    QVERIFY(!validateScenario(withStep));
    const Scenario applied = applyStep(withStep, 0);
    QCOMPARE(applied.fixedTau, 0.3);
    QVERIFY(applied.temperatureMode == TemperatureMode::Fixed);
    QVERIFY(applied.normalizer == NormalizerKind::Entmax);
    QCOMPARE(applied.entmaxAlpha, 1.5);
    QCOMPARE(applied.keys(0, 0), 1.0);
    // Back from entmax to the softmax of a base with `attention`: recorded as the softmax.
    Scenario sparse = withStep;
    sparse.normalizer = NormalizerKind::Entmax;
    sparse.entmaxAlpha = 2;
    sparse.lesson.reset();
    const std::optional<QJsonObject> back = settingOverrides(lessonSettingsJson(sparse), base);
    QVERIFY(back);
    QCOMPARE(back->keys(), QStringList{QStringLiteral("attention")});
    QCOMPARE(back->value(QLatin1String("attention"))[QLatin1String("normalizer")].toString(),
             QStringLiteral("softmax"));
}

void TestLesson::modelLessonsHaveTokensHeadsAndTheModelViews()
{
    // MATH.md §8 D: T = 3 tokens (each a query and a key), H = 2 heads. A step may pick the
    // second head, the third token as its query, and the heads or projections view; not a third
    // head, and not the model views in a scenario without a model.
    QFile file(QStringLiteral(SML_SOURCE_DIR "/resources/scenarios/two-heads.softmaxlab.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QJsonObject top = QJsonDocument::fromJson(file.readAll()).object();
    QVERIFY(top.contains(QLatin1String("model")));
    auto load = [&top](const char *steps) {
        QJsonObject withSteps = top;
        withSteps.insert(
            QLatin1String("lesson"),
            QJsonObject{{QLatin1String("steps"), QJsonDocument::fromJson(steps).array()}});
        return ScenarioIo::parse(QJsonDocument(withSteps).toJson());
    };
    const LoadResult ok = load(R"([{"title": "Every head", "view": "heads", "head": 1, "query": 2},
        {"title": "Where q comes from", "view": "projections"},
        {"title": "Cooler", "view": "attention-heatmap",
         "set": {"temperature": {"mode": "fixed", "tau": 0.5}}}])");
    QVERIFY2(std::holds_alternative<Scenario>(ok),
             qPrintable(std::get_if<LoadError>(&ok) ? std::get<LoadError>(ok).message : QString()));
    const Scenario &s = std::get<Scenario>(ok);
    QCOMPARE(s.lesson->steps[0].headIndex(), 1);
    QCOMPARE(s.lesson->steps[0].queryIndex(), 2);
    QCOMPARE(applyStep(s, 2).tau(), 0.5);

    const LoadResult thirdHead = load(R"([{"title": "No such head", "view": "heads", "head": 2}])");
    QVERIFY(std::holds_alternative<LoadError>(thirdHead));
    QVERIFY2(std::get<LoadError>(thirdHead).message.startsWith(QStringLiteral(
                 "lesson.steps[0].head: expected a head index from 0 to 1 (H = 2), got 2")),
             qPrintable(std::get<LoadError>(thirdHead).message));
    const LoadResult fourthToken =
        load(R"([{"title": "No such token", "view": "heads", "query": 3}])");
    QVERIFY(std::holds_alternative<LoadError>(fourthToken));
    QVERIFY(std::get<LoadError>(fourthToken)
                .message.startsWith(QStringLiteral(
                    "lesson.steps[0].query: expected a query index from 0 to 2 (m = 3)")));

    // Without a model, "heads" is no view of a step.
    QJsonObject plain = QJsonDocument::fromJson(ScenarioIo::serialize(defaultScenario())).object();
    plain.insert(QLatin1String("version"), 2);
    plain.insert(
        QLatin1String("lesson"),
        QJsonObject{{QLatin1String("steps"),
                     QJsonDocument::fromJson(R"([{"title": "x", "view": "heads"}])").array()}});
    const LoadResult refused = ScenarioIo::parse(QJsonDocument(plain).toJson());
    QVERIFY(std::holds_alternative<LoadError>(refused));
    QVERIFY(std::get<LoadError>(refused).message.startsWith(
        QStringLiteral("lesson.steps[0].view: expected a view name")));
}

QTEST_APPLESS_MAIN(TestLesson)
#include "tst_lesson.moc"
