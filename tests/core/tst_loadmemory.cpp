// The memory bound of loading (issue 15 #9; docs/promises.md, "Memory"): loading a scenario
// file takes at most kBound times its size in peak memory above what the process had. The worst
// case is a file of one-character numbers ("1,"): each costs 2 bytes of file, a JSON value while
// the document is parsed, and a double in the Scenario. Measured in a child process
// (core_savechild load), so the figure is the load's own.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

/// Peak memory of a load, at most this many times the file's size (docs/promises.md).
constexpr double kBound = 16;

/// A valid scenario of `m` queries and `T` keys (d_k = d_v = 1), free variances, every number
/// one character, compact: about 2·m·T bytes.
QByteArray worstCaseScenario(int m, int T)
{
    QByteArray out = R"({"format":"softmaxlab-scenario","version":1,"title":"memory","queries":[)";
    for (int i = 0; i < m; ++i)
        out += i ? R"(,{"label":"","vector":[1]})" : R"({"label":"","vector":[1]})";
    out += R"(],"keys":[)";
    for (int t = 0; t < T; ++t)
        out += t ? R"(,{"label":"","vector":[0],"value":[1]})"
                 : R"({"label":"","vector":[0],"value":[1]})";
    out +=
        R"(],"temperature":{"mode":"sqrt_dk"},"mask":"none","variance":{"mode":"free","variances":[)";
    QByteArray row = "[1";
    for (int t = 1; t < T; ++t)
        row += ",1";
    row += "]";
    for (int i = 0; i < m; ++i) {
        if (i)
            out += ',';
        out += row;
    }
    out += R"(]},"maxent":{"targets":null}})";
    return out;
}

} // namespace

class TestLoadMemory : public QObject
{
    Q_OBJECT

private slots:
    void peakMemoryIsBoundedByTheFileSize();
};

void TestLoadMemory::peakMemoryIsBoundedByTheFileSize()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("worst.softmaxlab.json"));
    const QByteArray text = worstCaseScenario(1000, 6000); // about 12 MB (CI: at most 32 MB)
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(text), text.size());
    }
    QProcess child;
    child.start(QStringLiteral(SML_SAVECHILD_PATH), {QStringLiteral("load"), path});
    QVERIFY(child.waitForFinished(240000));
    const QList<QByteArray> fields = child.readAllStandardOutput().trimmed().split(' ');
    QCOMPARE(fields.size(), 4);
    QCOMPARE(fields.at(0), QByteArray("loaded"));
    const double grownBytes = (fields.at(2).toDouble() - fields.at(1).toDouble()) * 1024;
    const double multiple = grownBytes / double(text.size());
    qInfo("file %.1f MB, peak memory grew by %.1f MB: %.2f times the file size", text.size() / 1e6,
          grownBytes / 1e6, multiple);
    if (fields.at(3) == "sanitized")
        return; // AddressSanitizer's shadow memory and quarantine are not the app's
    QVERIFY2(multiple <= kBound,
             qPrintable(QStringLiteral("%1 times the file size").arg(multiple)));
    QVERIFY(grownBytes > text.size()); // the figure is real: the scenario itself is in memory
}

QTEST_GUILESS_MAIN(TestLoadMemory)
#include "tst_loadmemory.moc"
