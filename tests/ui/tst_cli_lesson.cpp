// `--step N` of `--report` and `--export` (scenario-format.md, "Command line: additions";
// issue 18): the report or the views of lesson step N are those of a scenario saved with the
// step's settings. Run as a child process with no display, as a script would.
#include "AppRunner.h"

#include "Lesson.h"
#include "ScenarioIo.h"
#include "window/ViewExport.h"

#include <QtTest>

#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

using namespace sml;
using namespace sml::test;

namespace {

/// The default scenario with a lesson of four steps, each setting something else.
Scenario lessonScenario()
{
    Scenario s = defaultScenario();
    const auto set = [](const char *json) { return QJsonDocument::fromJson(json).object(); };
    s.lesson = Lesson{
        {
            {QStringLiteral("Three answers"), QStringLiteral("They agree."),
             QStringLiteral("weight-bars")},
            {QStringLiteral("Cool it down"), std::nullopt, QStringLiteral("attention-heatmap"),
             std::nullopt, std::nullopt, set(R"({"temperature": {"mode": "fixed", "tau": 0.3}})")},
            {QStringLiteral("Targets and a mask"), std::nullopt, QStringLiteral("entropy"), 0,
             std::nullopt, set(R"({"mask": "causal", "maxent": {"targets": [0.2]},
                                   "variance": {"mode": "linked", "sigma0_squared": 3}})")},
            {QStringLiteral("Sparse"), std::nullopt, QStringLiteral("alpha-sweep"), std::nullopt,
             std::nullopt, set(R"({"attention": {"normalizer": "entmax", "alpha": 2},
                                   "variance": {"mode": "free", "variances": [[1, 2, 3]]}})")},
        },
        {}};
    return s;
}

QJsonObject reportOf(const QStringList &args)
{
    const AppRun r = runApp(QStringList{QStringLiteral("--report")} + args);
    if (r.exitCode != 0)
        qWarning("%s", qPrintable(describe(r)));
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace

class TestCliLesson : public QObject
{
    Q_OBJECT

private slots:
    void lessonViewsAreTheExportedViews();
    void reportOfStepEqualsTheSavedSettings();
    void exportOfStepUsesItsSettings();
    void stepErrors_data();
    void stepErrors();
};

void TestCliLesson::lessonViewsAreTheExportedViews()
{
    // A step's `view` and the file names of --export are the same names (scenario-format.md).
    QStringList lesson = lessonViewNames();
    QStringList exported = exportViewNames();
    lesson.sort();
    exported.sort();
    QCOMPARE(lesson, exported);
}

void TestCliLesson::reportOfStepEqualsTheSavedSettings()
{
    QTemporaryDir dir;
    const Scenario s = lessonScenario();
    const QString file = saveTo(dir, QStringLiteral("lesson.softmaxlab.json"), s);
    const QJsonObject base = reportOf({file});
    QCOMPARE(base,
             reportOf({saveTo(dir, QStringLiteral("base.softmaxlab.json"), defaultScenario())}));
    for (int n = 1; n <= 4; ++n) {
        // The scenario saved with step n's settings and no lesson.
        Scenario settings = applyStep(s, n - 1);
        settings.lesson.reset();
        const QString saved =
            saveTo(dir, QStringLiteral("step%1.softmaxlab.json").arg(n), settings);
        const QJsonObject step = reportOf({file, QStringLiteral("--step"), QString::number(n)});
        QVERIFY(!step.isEmpty());
        QCOMPARE(step, reportOf({saved}));
        QCOMPARE(step == base, n == 1); // step 1 sets nothing
    }
    // Step 2 by hand: τ = 0.3 and the weights of f/0.3 (f = 1, 0.5, −1).
    const QJsonObject cool = reportOf({file, QStringLiteral("--step"), QStringLiteral("2")});
    QCOMPARE(cool[QLatin1String("tau")].toDouble(), 0.3);
    const double z = std::exp(1 / 0.3) + std::exp(0.5 / 0.3) + std::exp(-1 / 0.3);
    QVERIFY(std::abs(cool[QLatin1String("queries")][0][QLatin1String("weights")][0].toDouble() -
                     std::exp(1 / 0.3) / z) < 1e-12);
    // Step 4: sparsemax gives the report its `normalizer`.
    const QJsonObject sparse = reportOf({file, QStringLiteral("--step"), QStringLiteral("4")});
    QCOMPARE(sparse[QLatin1String("normalizer")][QLatin1String("kind")].toString(),
             QStringLiteral("entmax"));
}

void TestCliLesson::exportOfStepUsesItsSettings()
{
    QTemporaryDir dir;
    const Scenario s = lessonScenario();
    const QString file = saveTo(dir, QStringLiteral("lesson.softmaxlab.json"), s);
    Scenario settings = applyStep(s, 1);
    settings.lesson.reset();
    const QString saved = saveTo(dir, QStringLiteral("cool.softmaxlab.json"), settings);
    const auto exportTo = [&](const QString &out, QStringList args) {
        const AppRun r = runApp(QStringList{QStringLiteral("--export"), out,
                                            QStringLiteral("--size"), QStringLiteral("600x400")} +
                                args);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    };
    exportTo(dir.filePath(QStringLiteral("step")),
             {file, QStringLiteral("--step"), QStringLiteral("2")});
    exportTo(dir.filePath(QStringLiteral("saved")), {saved});
    exportTo(dir.filePath(QStringLiteral("base")), {file});
    // Every view is exported (the step's `view` does not narrow it), with the step's settings.
    for (const QString &name : exportViewNames()) {
        const QImage step(dir.filePath(QStringLiteral("step/%1.png").arg(name)));
        const QImage same(dir.filePath(QStringLiteral("saved/%1.png").arg(name)));
        QVERIFY2(!step.isNull(), qPrintable(name));
        QVERIFY2(step == same, qPrintable(name));
    }
    const QImage baseBars(dir.filePath(QStringLiteral("base/weight-bars.png")));
    QVERIFY(baseBars != QImage(dir.filePath(QStringLiteral("step/weight-bars.png"))));
}

void TestCliLesson::stepErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString L = QStringLiteral("LESSON");
    const QString step = QStringLiteral("--step");
    const QString report = QStringLiteral("--report");
    QTest::newRow("step 0") << QStringList{report, L, step, QStringLiteral("0")} << 2
                            << QStringLiteral("--step 0: out of range; the lesson has 4 steps (1 "
                                              "to 4)");
    QTest::newRow("step 5 of 4") << QStringList{report, L, step, QStringLiteral("5")} << 2
                                 << QStringLiteral("--step 5: out of range");
    QTest::newRow("export step 9 of 4")
        << QStringList{QStringLiteral("--export"), QStringLiteral("OUT"), L, step,
                       QStringLiteral("9")}
        << 2 << QStringLiteral("--step 9: out of range");
    QTest::newRow("no lesson") << QStringList{report, QStringLiteral("PLAIN"), step,
                                              QStringLiteral("1")}
                               << 2 << QStringLiteral("--step 1: the scenario has no lesson");
    QTest::newRow("default scenario") << QStringList{report, step, QStringLiteral("1")} << 2
                                      << QStringLiteral("the scenario has no lesson");
    QTest::newRow("not a number") << QStringList{report, L, step, QStringLiteral("two")} << 64
                                  << QStringLiteral("--step must be a step number");
    QTest::newRow("without --report or --export")
        << QStringList{L, step, QStringLiteral("1")} << 64
        << QStringLiteral("--step goes with --report or --export");
}

void TestCliLesson::stepErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString lesson = saveTo(dir, QStringLiteral("lesson.softmaxlab.json"), lessonScenario());
    const QString plain = saveTo(dir, QStringLiteral("plain.softmaxlab.json"), defaultScenario());
    // Whole arguments only: a temporary directory's random name can hold "OUT" ("…-nQOUTH"),
    // and replacing inside the paths already put in broke one run in many.
    for (QString &arg : args) {
        if (arg == QLatin1String("LESSON"))
            arg = lesson;
        else if (arg == QLatin1String("PLAIN"))
            arg = plain;
        else if (arg == QLatin1String("OUT"))
            arg = dir.filePath(QStringLiteral("out"));
    }
    const AppRun r = runApp(args);
    QCOMPARE(r.status, QProcess::NormalExit);
    QVERIFY2(r.exitCode == exitCode, qPrintable(describe(r)));
    QVERIFY2(QString::fromUtf8(r.err).contains(message), qPrintable(describe(r)));
    QVERIFY(r.out.isEmpty());
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("out"))));
}

QTEST_GUILESS_MAIN(TestCliLesson)
#include "tst_cli_lesson.moc"
