// The model lessons of the lesson library (issue 17, "A real trained model in the lesson
// library"; MATH.md §8): the two lessons of scripts/train_tiny_transformer.py load, and every
// head's weights, computed by the core from the W_Q, W_K and X the files hold, reproduce the
// attention the script recorded (tests/reference/tiny_transformer_attention.json) to 1e-9;
// layer 2's tokens are the residual stream after layer 1 (X + Y of the layer-1 lesson); the
// notes carry the script's measured account of the heads; and the hand-sized lesson
// two-heads.softmaxlab.json is worked example D. No training here.

#include "ModelAnalysis.h"
#include "ReferenceJson.h"
#include "ScenarioIo.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace sml;

namespace {

constexpr double kTolerance = 1e-9;

QJsonObject recorded()
{
    return test::referenceJson("tiny_transformer_attention.json",
                               "scripts/train_tiny_transformer.py");
}

Scenario load(const QString &repoPath)
{
    LoadResult r = ScenarioIo::loadFile(QStringLiteral(SML_SOURCE_DIR "/") + repoPath);
    if (const auto *e = std::get_if<LoadError>(&r))
        qFatal("%s: %s", qPrintable(repoPath), qPrintable(e->message));
    return std::get<Scenario>(std::move(r));
}

/// The token label the script writes for a character (␣ for a space).
QString labelOf(QChar c)
{
    return c == QLatin1Char(' ') ? QStringLiteral("␣") : QString(c);
}

} // namespace

class TestTrainedLessons : public QObject
{
    Q_OBJECT

private slots:
    void lessonsLoad_data();
    void lessonsLoad();
    void headsReproduceTheRecordedAttention_data() { lessonsLoad_data(); }
    void headsReproduceTheRecordedAttention();
    void layerTwoReadsTheResidualStreamOfLayerOne();
    void twoHeadsLessonIsWorkedExampleD();
};

void TestTrainedLessons::lessonsLoad_data()
{
    QTest::addColumn<QJsonObject>("lesson");
    const QJsonArray lessons = recorded()["lessons"].toArray();
    QCOMPARE(lessons.size(), 2);
    for (const QJsonValue &l : lessons)
        QTest::newRow(qPrintable(l["file"].toString())) << l.toObject();
}

void TestTrainedLessons::lessonsLoad()
{
    QFETCH(QJsonObject, lesson);
    const Scenario s = load(lesson["file"].toString());
    QVERIFY(s.model);
    QVERIFY(!validateScenario(s));
    QCOMPARE(s.model->H(), 4);
    QCOMPARE(s.model->dModel(), 64);
    QCOMPARE(s.model->dK(), 16);
    QCOMPARE(s.model->dV(), 16);
    QVERIFY(s.model->wO && s.model->wO->rows() == 64 && s.model->wO->cols() == 64);
    // The model's own attention: causal, scores / √d_k = 4 (scenario-format.md `model`).
    QCOMPARE(s.mask, MaskKind::Causal);
    QCOMPARE(s.tau(), 4.0);
    const QString sample = recorded()["sample"].toString();
    QCOMPARE(s.model->T(), int(sample.size()));
    for (int t = 0; t < s.model->T(); ++t)
        QCOMPARE(s.model->tokenLabels[t], labelOf(sample[t]));
    // The notes carry the measured account, one line per head.
    QVERIFY(s.description);
    const QJsonArray account = recorded()["account"].toArray();
    QCOMPARE(account.size(), 8);
    for (const QJsonValue &line : account)
        QVERIFY2(s.description->contains(line.toString()), qPrintable(line.toString()));
}

void TestTrainedLessons::headsReproduceTheRecordedAttention()
{
    QFETCH(QJsonObject, lesson);
    const Scenario s = load(lesson["file"].toString());
    const ModelAnalysis analysis = analyzeModel(s);
    const QJsonArray heads = lesson["heads"].toArray();
    QCOMPARE(int(analysis.heads.size()), int(heads.size()));
    for (int h = 0; h < heads.size(); ++h) {
        QCOMPARE(s.model->heads[size_t(h)].label, heads[h]["label"].toString());
        const QJsonArray rows = heads[h]["weights"].toArray();
        const Analysis &a = *analysis.heads[size_t(h)];
        QCOMPARE(a.scenario().m(), int(rows.size()));
        double worst = 0, fromUniform = 0;
        for (int i = 0; i < rows.size(); ++i) {
            const Eigen::VectorXd w = a.weightRow(i);
            const QJsonArray expected = rows[i].toArray();
            QCOMPARE(int(w.size()), int(expected.size()));
            for (int t = 0; t < w.size(); ++t) {
                worst = std::max(worst, std::abs(w(t) - expected[t].toDouble()));
                if (t > i) // causal: exactly 0 above the diagonal
                    QCOMPARE(w(t), 0.0);
                else
                    fromUniform = std::max(fromUniform, std::abs(w(t) - 1.0 / (i + 1)));
            }
        }
        qInfo("%s: max |w − recorded| = %.3g", qPrintable(heads[h]["label"].toString()), worst);
        QVERIFY2(worst <= kTolerance,
                 qPrintable(QStringLiteral("head %1: weights differ by %2").arg(h + 1).arg(worst)));
        // A trained head is far from uniform, so agreeing with it means something.
        QVERIFY(fromUniform > 0.2);
    }
}

void TestTrainedLessons::layerTwoReadsTheResidualStreamOfLayerOne()
{
    const QJsonArray lessons = recorded()["lessons"].toArray();
    const Scenario one = load(lessons[0]["file"].toString());
    const Scenario two = load(lessons[1]["file"].toString());
    const ModelAnalysis a = analyzeModel(one);
    QVERIFY(a.output());
    // x¹ = x⁰ + [O¹ … O⁴] W_O (MATH.md §8): layer 1's Y added to its input.
    const Eigen::MatrixXd residual = one.model->embeddings + *a.output();
    const double diff = (two.model->embeddings - residual).cwiseAbs().maxCoeff();
    QVERIFY2(diff <= kTolerance, qPrintable(QStringLiteral("differ by %1").arg(diff)));
    QVERIFY((two.model->embeddings - one.model->embeddings).cwiseAbs().maxCoeff() > 0.1);
    QCOMPARE(two.model->tokenLabels, one.model->tokenLabels);
    QVERIFY(!(two.model->heads[0] == one.model->heads[0]));
}

void TestTrainedLessons::twoHeadsLessonIsWorkedExampleD()
{
    const Scenario lesson = load(QStringLiteral("resources/scenarios/two-heads.softmaxlab.json"));
    const Scenario d = load(QStringLiteral("tests/data/model/worked-example-d.softmaxlab.json"));
    QVERIFY(lesson.model && d.model);
    QVERIFY(*lesson.model == *d.model);
    QCOMPARE(lesson.tau(), d.tau());
    QCOMPARE(lesson.mask, d.mask);
    // MATH.md §8 D, head 1, row 1 and Y, to the 8 printed decimals.
    const ModelAnalysis a = analyzeModel(lesson);
    QVERIFY(std::abs(a.heads[0]->weightRow(0)(0) - 0.57597535) < 6e-9);
    QVERIFY(std::abs(a.heads[1]->weightRow(1)(1) - 0.19777581) < 6e-9);
    QVERIFY(a.output() && std::abs((*a.output())(2, 1) - 0.94180321) < 6e-9);
}

QTEST_GUILESS_MAIN(TestTrainedLessons)
#include "tst_trained_lessons.moc"
