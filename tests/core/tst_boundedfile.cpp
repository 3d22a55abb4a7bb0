// Tests of the bounded whole-file reader shared by the scenario and matrix readers
// (core/BoundedFile.h): the bytes of a file, and the refusals with their category and message.
// The size limit is tested through both readers (tst_scenarioio, tst_csvmatrix, tst_badinputs).
#include "BoundedFile.h"

#include <QtTest>

using namespace sml;

namespace {

/// The error of `r`, or an Io error saying that the file was read.
LoadError errorOf(const FileBytes &r)
{
    if (const auto *e = std::get_if<LoadError>(&r))
        return *e;
    return LoadError{
        ErrorCategory::Io,
        QStringLiteral("read %1 bytes, expected a refusal").arg(std::get<QByteArray>(r).size())};
}

} // namespace

class TestBoundedFile : public QObject
{
    Q_OBJECT

private slots:
    void readsTheWholeFile();
    void refusesMissingFile();
    void refusesDirectoryNamingTheKind();
};

void TestBoundedFile::readsTheWholeFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("bytes.bin"));
    QByteArray bytes;
    for (int i = 0; i < 70000; ++i) // more than one read buffer, every byte value
        bytes += char(i * 7 % 256);
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(bytes), qint64(bytes.size()));
    }
    const FileBytes r = readBoundedFile(path, QStringLiteral("matrix file"));
    QVERIFY2(std::holds_alternative<QByteArray>(r), qPrintable(errorOf(r).message));
    QCOMPARE(std::get<QByteArray>(r), bytes);

    const QString empty = dir.filePath(QStringLiteral("empty.json"));
    {
        QFile f(empty);
        QVERIFY(f.open(QIODevice::WriteOnly));
    }
    const FileBytes e = readBoundedFile(empty, QStringLiteral("scenario file"));
    QVERIFY2(std::holds_alternative<QByteArray>(e), qPrintable(errorOf(e).message));
    QCOMPARE(std::get<QByteArray>(e), QByteArray());
}

void TestBoundedFile::refusesMissingFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString missing = dir.filePath(QStringLiteral("missing.json"));
    const LoadError e = errorOf(readBoundedFile(missing, QStringLiteral("scenario file")));
    QCOMPARE(e.category, ErrorCategory::Io);
    QCOMPARE(
        e.message,
        QStringLiteral("cannot open \"%1\": no such file").arg(QDir::toNativeSeparators(missing)));
}

void TestBoundedFile::refusesDirectoryNamingTheKind()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString shown = QDir::toNativeSeparators(dir.path());
    const LoadError scenario =
        errorOf(readBoundedFile(dir.path(), QStringLiteral("scenario file")));
    QCOMPARE(scenario.category, ErrorCategory::Io);
    QCOMPARE(
        scenario.message,
        QStringLiteral("cannot open \"%1\": it is a directory, not a scenario file").arg(shown));
    const LoadError matrix = errorOf(readBoundedFile(dir.path(), QStringLiteral("matrix file")));
    QCOMPARE(matrix.message,
             QStringLiteral("cannot open \"%1\": it is a directory, not a matrix file").arg(shown));
}

QTEST_APPLESS_MAIN(TestBoundedFile)
#include "tst_boundedfile.moc"
