// `softmaxlab --export-lesson OUT.pdf FILE` (scenario-format.md, "Command line: additions";
// issue 18): one 16:9 PDF page per lesson step, the step's title and caption as text above its
// view drawn with its settings. Run as a child process with no display; the PDF is read back
// with poppler's pdfinfo, pdftotext and pdftoppm (poppler-utils, scripts/setup.sh).
#include "AppRunner.h"
#include "TestScenarios.h"

#include <QJsonArray>

#include <QFile>

#include "Lesson.h"
#include "ScenarioIo.h"

#include <QtTest>

#include <QDir>
#include <QDirIterator>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

using namespace sml;
using namespace sml::test;

namespace {

/// The default scenario with a lesson of three steps on different views and settings, one on
/// the derivation (a text panel, not a plot) and one with a caption that needs several lines.
Scenario lessonScenario()
{
    Scenario s = defaultScenario();
    const auto set = [](const char *json) { return QJsonDocument::fromJson(json).object(); };
    s.lesson = Lesson{
        {
            {QStringLiteral("Three answers, one set of weights"),
             QStringLiteral("The softmax, the MLE and MaxEnt agree."),
             QStringLiteral("weight-bars")},
            {QStringLiteral("Cool it down"),
             QStringLiteral("Lower τ: the weights sharpen. At τ = 0.3 the key k1 takes almost all "
                            "of the weight, and the output moves to its value; the other two keys "
                            "keep a sliver each, never exactly zero."),
             QStringLiteral("attention-heatmap"), std::nullopt, std::nullopt,
             set(R"({"temperature": {"mode": "fixed", "tau": 0.3}})")},
            {QStringLiteral("Every step of the derivation"), std::nullopt,
             QStringLiteral("derivation")},
        },
        {}};
    return s;
}

/// Runs a poppler tool and returns its stdout (empty when it failed).
QByteArray poppler(const QString &tool, const QStringList &args)
{
    QProcess p;
    p.start(tool, args);
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return {};
    return p.readAllStandardOutput();
}

/// pdfinfo's "Pages:" and "Page size:" lines.
int pageCount(const QString &pdf)
{
    const QString info = QString::fromUtf8(poppler(QStringLiteral("pdfinfo"), {pdf}));
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(info);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

QSizeF pageSize(const QString &pdf)
{
    const QString info = QString::fromUtf8(poppler(QStringLiteral("pdfinfo"), {pdf}));
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("Page size:\\s+([\\d.]+) x ([\\d.]+) pts")).match(info);
    return m.hasMatch() ? QSizeF(m.captured(1).toDouble(), m.captured(2).toDouble()) : QSizeF();
}

/// The text of page `page` (1-based), every run of white space one space and ligatures (ﬁ, ﬀ)
/// as their letters (NFKC): a wrapped caption reads as it was written.
QString pageText(const QString &pdf, int page)
{
    const QString n = QString::number(page);
    const QString text = QString::fromUtf8(
        poppler(QStringLiteral("pdftotext"),
                {QStringLiteral("-f"), n, QStringLiteral("-l"), n, pdf, QStringLiteral("-")}));
    return text.normalized(QString::NormalizationForm_KC).simplified();
}

/// Checks that `pdf` has one page per step of `s`'s lesson and that page i's text holds step i's
/// title, its caption and "Step i of n".
void checkPages(const QString &pdf, const Scenario &s)
{
    QVERIFY(s.lesson);
    const int n = int(s.lesson->steps.size());
    QCOMPARE(pageCount(pdf), n);
    const QSizeF size = pageSize(pdf);
    QCOMPARE(size, QSizeF(1920, 1080)); // 16:9
    for (int i = 0; i < n; ++i) {
        const LessonStep &step = s.lesson->steps[size_t(i)];
        // pdftotext joins a word hyphenated at a line end ("maximum-" / "entropy" gives
        // "maximumentropy"): hyphens are compared out of both sides.
        const QString text = pageText(pdf, i + 1).remove(QLatin1Char('-'));
        QVERIFY2(text.contains(step.title.normalized(QString::NormalizationForm_KC)
                                   .simplified()
                                   .remove(QLatin1Char('-'))),
                 qPrintable(QStringLiteral("page %1: no title '%2' in '%3'")
                                .arg(i + 1)
                                .arg(step.title, text.left(400))));
        if (step.caption)
            QVERIFY2(text.contains(step.caption->normalized(QString::NormalizationForm_KC)
                                       .simplified()
                                       .remove(QLatin1Char('-'))),
                     qPrintable(QStringLiteral("page %1: no caption '%2' in '%3'")
                                    .arg(i + 1)
                                    .arg(*step.caption, text.left(600))));
        QVERIFY2(text.contains(QStringLiteral("Step %1 of %2").arg(i + 1).arg(n)),
                 qPrintable(QStringLiteral("page %1: no step counter").arg(i + 1)));
    }
}

/// Page `page` of `pdf` as an image of about `width` pixels (pdftoppm).
QImage pageImage(const QTemporaryDir &dir, const QString &pdf, int page, int width = 480)
{
    const QString prefix = dir.filePath(QStringLiteral("page%1").arg(page));
    const QString n = QString::number(page);
    poppler(QStringLiteral("pdftoppm"),
            {QStringLiteral("-png"), QStringLiteral("-singlefile"), QStringLiteral("-f"), n,
             QStringLiteral("-l"), n, QStringLiteral("-scale-to-x"), QString::number(width),
             QStringLiteral("-scale-to-y"), QStringLiteral("-1"), pdf, prefix});
    return QImage(prefix + QStringLiteral(".png"));
}

/// The shipped scenarios (resources/scenarios) that have a lesson.
QStringList shippedLessons()
{
    QStringList files;
    QDirIterator it(QStringLiteral(SML_SOURCE_DIR "/resources/scenarios"),
                    {QStringLiteral("*.softmaxlab.json")}, QDir::Files);
    while (it.hasNext()) {
        const QString path = it.next();
        LoadResult loaded = ScenarioIo::loadFile(path);
        if (const auto *s = std::get_if<Scenario>(&loaded); s && s->lesson)
            files << path;
    }
    files.sort();
    return files;
}

} // namespace

class TestCliExportLesson : public QObject
{
    Q_OBJECT

private slots:
    void onePagePerStepWithTitleAndCaption();
    void pagesDrawTheStepsSettings();
    void everyShippedLesson();
    void errors_data();
    void errors();
    void failedWriteKeepsTheOldFile();
    void modelLessonDrawsTheHeadsAndProjections();
};

void TestCliExportLesson::onePagePerStepWithTitleAndCaption()
{
    QTemporaryDir dir;
    const Scenario s = lessonScenario();
    const QString file = saveTo(dir, QStringLiteral("lesson.softmaxlab.json"), s);
    const QString pdf = dir.filePath(QStringLiteral("handout.pdf"));
    const AppRun r = runApp({QStringLiteral("--export-lesson"), pdf, file});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    QVERIFY(r.out.isEmpty());
    QVERIFY2(QString::fromUtf8(r.err).contains(QStringLiteral("wrote %1 (3 pages)").arg(pdf)),
             qPrintable(describe(r)));
    checkPages(pdf, s);
    // The views' own text is text too: the heatmap's key labels, the derivation's words.
    QVERIFY(pageText(pdf, 2).contains(QStringLiteral("k3")));
    QVERIFY(pageText(pdf, 3).contains(QStringLiteral("softmax"), Qt::CaseInsensitive));
    // The derivation keeps the header's margins (28 of the layout's 1422 px, 9 of these 480):
    // its columns and last line touched the page's edges (a reader's find).
    const QImage derivation = pageImage(dir, pdf, 3);
    QVERIFY(!derivation.isNull());
    const int edge = 8;
    int outside = 0;
    for (int y = 0; y < derivation.height(); ++y)
        for (int x = 0; x < derivation.width(); ++x) {
            const bool inMargin = x < edge || x >= derivation.width() - edge ||
                                  y >= derivation.height() - edge;
            outside += inMargin && qGray(derivation.pixel(x, y)) < 200;
        }
    QVERIFY2(outside == 0, qPrintable(QStringLiteral("%1 dark pixels in the margins").arg(outside)));
}

void TestCliExportLesson::pagesDrawTheStepsSettings()
{
    // Two lessons that differ only in step 1's τ: their first pages differ, their second
    // pages (same settings) are the same picture.
    QTemporaryDir dir;
    Scenario a = lessonScenario();
    Scenario b = a;
    b.lesson->steps[0].set =
        QJsonDocument::fromJson(R"({"temperature": {"mode": "fixed", "tau": 0.2}})").object();
    const QString pdfA = dir.filePath(QStringLiteral("a.pdf"));
    const QString pdfB = dir.filePath(QStringLiteral("b.pdf"));
    QCOMPARE(runApp({QStringLiteral("--export-lesson"), pdfA,
                     saveTo(dir, QStringLiteral("a.softmaxlab.json"), a)})
                 .exitCode,
             0);
    QCOMPARE(runApp({QStringLiteral("--export-lesson"), pdfB,
                     saveTo(dir, QStringLiteral("b.softmaxlab.json"), b)})
                 .exitCode,
             0);
    const QImage a1 = pageImage(dir, pdfA, 1);
    const QImage b1 = pageImage(dir, pdfB, 1);
    QVERIFY(!a1.isNull());
    QCOMPARE(a1.size(), QSize(480, 270));
    QVERIFY(a1 != b1);
    QCOMPARE(pageImage(dir, pdfA, 2), pageImage(dir, pdfB, 2));
    // The weight bars are drawn below the header: the lower half of page 1 is not blank.
    const QColor white(Qt::white);
    int inked = 0;
    for (int y = a1.height() / 2; y < a1.height(); ++y)
        for (int x = 0; x < a1.width(); ++x)
            inked += a1.pixelColor(x, y) != white;
    QVERIFY2(inked > a1.width() * a1.height() / 50, qPrintable(QString::number(inked)));
}

void TestCliExportLesson::everyShippedLesson()
{
    const QStringList files = shippedLessons();
    // The default scenario's tour and the √d_k, temperature-extremes, free-variance, iris and
    // sparse-attention lessons (scripts/make_lessons.py).
    QVERIFY2(files.size() >= 6, qPrintable(files.join(QLatin1Char(' '))));
    QTemporaryDir dir;
    for (const QString &file : files) {
        const Scenario s = std::get<Scenario>(ScenarioIo::loadFile(file));
        const QString pdf =
            dir.filePath(QFileInfo(file).completeBaseName() + QStringLiteral(".pdf"));
        const AppRun r = runApp({QStringLiteral("--export-lesson"), pdf, file});
        QVERIFY2(r.exitCode == 0, qPrintable(file + QLatin1Char(' ') + describe(r)));
        checkPages(pdf, s);
        if (QTest::currentTestFailed())
            qWarning("in %s", qPrintable(file));
    }
}

void TestCliExportLesson::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString opt = QStringLiteral("--export-lesson");
    const QString out = QStringLiteral("OUT");
    QTest::newRow("no lesson") << QStringList{opt, out, QStringLiteral("PLAIN")} << 2
                               << QStringLiteral("the scenario has no lesson");
    QTest::newRow("default scenario")
        << QStringList{opt, out} << 2 << QStringLiteral("the scenario has no lesson");
    QTest::newRow("refused file") << QStringList{opt, out, QStringLiteral("BAD")} << 2
                                  << QStringLiteral("lesson.steps[0].view");
    QTest::newRow("missing file") << QStringList{opt, out,
                                                 QStringLiteral("/nonexistent/x.softmaxlab.json")}
                                  << 2 << QStringLiteral("/nonexistent/x.softmaxlab.json");
    QTest::newRow("no file name") << QStringList{opt} << 64 << QStringLiteral("export-lesson");
    QTest::newRow("with --report")
        << QStringList{opt, out, QStringLiteral("--report"), QStringLiteral("LESSON")} << 64
        << QStringLiteral("--export-lesson goes with FILE only");
    QTest::newRow("with --step") << QStringList{opt, out, QStringLiteral("LESSON"),
                                                QStringLiteral("--step"), QStringLiteral("1")}
                                 << 64 << QStringLiteral("--step does not go with --export-lesson");
    QTest::newRow("with --size") << QStringList{opt, out, QStringLiteral("LESSON"),
                                                QStringLiteral("--size"), QStringLiteral("800x600")}
                                 << 64 << QStringLiteral("--size does not go with --export-lesson");
    QTest::newRow("twice") << QStringList{opt, out, opt, out, QStringLiteral("LESSON")} << 64
                           << QStringLiteral("--export-lesson may be given only once");
}

void TestCliExportLesson::errors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString lesson =
        saveTo(dir, QStringLiteral("lesson.softmaxlab.json"), lessonScenario());
    const QString plain = saveTo(dir, QStringLiteral("plain.softmaxlab.json"), defaultScenario());
    const QString out = dir.filePath(QStringLiteral("out.pdf"));
    // Whole arguments only: a temporary directory's random name can hold "OUT" or "BAD"
    // (tst_cli_lesson failed once on "…-nQOUTH").
    for (QString &arg : args) {
        if (arg == QLatin1String("LESSON"))
            arg = lesson;
        else if (arg == QLatin1String("PLAIN"))
            arg = plain;
        else if (arg == QLatin1String("BAD"))
            arg = QStringLiteral(SML_TEST_DATA_DIR
                                 "/data/bad/scenario/lesson-view-unknown.softmaxlab.json");
        else if (arg == QLatin1String("OUT"))
            arg = out;
    }
    const AppRun r = runApp(args);
    QCOMPARE(r.status, QProcess::NormalExit);
    QVERIFY2(r.exitCode == exitCode, qPrintable(describe(r)));
    QVERIFY2(QString::fromUtf8(r.err).contains(message), qPrintable(describe(r)));
    QVERIFY(r.out.isEmpty());
    QVERIFY(!QFileInfo::exists(out));
}

void TestCliExportLesson::failedWriteKeepsTheOldFile()
{
    QTemporaryDir dir;
    const QString file = saveTo(dir, QStringLiteral("lesson.softmaxlab.json"), lessonScenario());
    // A directory that does not exist: exit 2 with a message naming the file.
    const QString missing = dir.filePath(QStringLiteral("no/such/dir/out.pdf"));
    AppRun r = runApp({QStringLiteral("--export-lesson"), missing, file});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(QStringLiteral("cannot write")),
             qPrintable(describe(r)));
    // A refused scenario leaves an existing PDF as it was.
    const QString pdf = writeFile(dir, QStringLiteral("old.pdf"), "old bytes");
    r = runApp({QStringLiteral("--export-lesson"), pdf,
                saveTo(dir, QStringLiteral("plain.softmaxlab.json"), defaultScenario())});
    QCOMPARE(r.exitCode, 2);
    QFile old(pdf);
    QVERIFY(old.open(QIODevice::ReadOnly));
    QCOMPARE(old.readAll(), QByteArray("old bytes"));
}

void TestCliExportLesson::modelLessonDrawsTheHeadsAndProjections()
{
    // MATH.md §8 D with a lesson on the model views: one page each, with the views' own text
    // (the heads view names its heads; the projections view its matrices).
    const QByteArray text = test::twoHeadsWithLesson(R"([
        {"title": "Both heads", "view": "heads", "head": 1},
        {"title": "Where Q comes from", "view": "projections"},
        {"title": "Head 2's weights", "view": "attention-heatmap", "head": 1}])");
    QVERIFY(!text.isEmpty());
    QTemporaryDir dir;
    const QString lesson = dir.filePath(QStringLiteral("heads.softmaxlab.json"));
    QFile out(lesson);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(text);
    out.close();
    const QString pdf = dir.filePath(QStringLiteral("heads.pdf"));
    const AppRun r = runApp({QStringLiteral("--export-lesson"), pdf, lesson});
    QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
    QCOMPARE(pageCount(pdf), 3);
    QVERIFY2(pageText(pdf, 1).contains(QStringLiteral("head 2")), qPrintable(pageText(pdf, 1)));
    QVERIFY2(pageText(pdf, 2).contains(QStringLiteral("W_Q")) ||
                 pageText(pdf, 2).contains(QStringLiteral("WQ")),
             qPrintable(pageText(pdf, 2)));
}

QTEST_GUILESS_MAIN(TestCliExportLesson)
#include "tst_cli_export_lesson.moc"
