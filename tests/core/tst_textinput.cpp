// Tests of the UTF-8 check shared by the scenario and CSV readers (core/TextInput.h): the offset
// of the first bad byte for each way UTF-8 can be malformed (RFC 3629), agreement with Qt's own
// validator on every short sequence, and the Encoding message.
#include "TextInput.h"

#include <QtTest>

using namespace sml;

class TestTextInput : public QObject
{
    Q_OBJECT

private slots:
    void firstInvalidOffset_data();
    void firstInvalidOffset();
    void agreesWithQtOnShortSequences();
    void everythingBeforeTheOffsetIsValid();
    void message();
    void escapedForMessage_data();
    void escapedForMessage();
};

void TestTextInput::firstInvalidOffset_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<qsizetype>("offset");

    QTest::newRow("empty") << QByteArray() << qsizetype(-1);
    QTest::newRow("ascii") << QByteArray("line 1\nline 2\n") << qsizetype(-1);
    QTest::newRow("nul is ascii") << QByteArray("a\0b", 3) << qsizetype(-1);
    QTest::newRow("two-byte é") << QByteArray("caf\xC3\xA9") << qsizetype(-1);
    QTest::newRow("three-byte U+0800") << QByteArray("\xE0\xA0\x80") << qsizetype(-1);
    QTest::newRow("last before surrogates U+D7FF") << QByteArray("\xED\x9F\xBF") << qsizetype(-1);
    QTest::newRow("four-byte U+1F600") << QByteArray("\xF0\x9F\x98\x80") << qsizetype(-1);
    QTest::newRow("last code point U+10FFFF") << QByteArray("\xF4\x8F\xBF\xBF") << qsizetype(-1);
    QTest::newRow("BOM is text") << QByteArray("\xEF\xBB\xBF{}") << qsizetype(-1);

    QTest::newRow("latin-1 é") << QByteArray("caf\xE9 au lait") << qsizetype(3);
    QTest::newRow("lone continuation") << QByteArray("ab\x80") << qsizetype(2);
    QTest::newRow("overlong C0") << QByteArray("\xC0\x80") << qsizetype(0);
    QTest::newRow("overlong C1") << QByteArray("x\xC1\xBF") << qsizetype(1);
    QTest::newRow("overlong E0") << QByteArray("\xE0\x9F\xBF") << qsizetype(0);
    QTest::newRow("overlong F0") << QByteArray("\xF0\x8F\xBF\xBF") << qsizetype(0);
    QTest::newRow("surrogate U+D800") << QByteArray("ok \xED\xA0\x80") << qsizetype(3);
    QTest::newRow("above U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << qsizetype(0);
    QTest::newRow("F5 lead") << QByteArray("\xF5\x80\x80\x80") << qsizetype(0);
    QTest::newRow("FF") << QByteArray("\xC3\xA9\xFF") << qsizetype(2);
    QTest::newRow("bad second byte") << QByteArray("\xE2\x28\xA1") << qsizetype(0);
    QTest::newRow("bad third byte") << QByteArray("\xE2\x82\x28") << qsizetype(0);
    QTest::newRow("bad fourth byte") << QByteArray("\xF0\x9F\x98\x41") << qsizetype(0);
    QTest::newRow("cut off at the end") << QByteArray("ab\xE2\x82") << qsizetype(2);
    QTest::newRow("cut off four-byte") << QByteArray("x\xF0\x9F\x98") << qsizetype(1);
    QTest::newRow("first of two") << QByteArray("\xC3\xA9\xC3(\xC3\xA9") << qsizetype(2);
}

void TestTextInput::firstInvalidOffset()
{
    QFETCH(QByteArray, text);
    QFETCH(qsizetype, offset);
    QCOMPARE(firstInvalidUtf8(text), offset);
}

void TestTextInput::agreesWithQtOnShortSequences()
{
    // Every 1- and 2-byte sequence, every 3-byte sequence with a three-byte lead (E0…EF), and
    // every 4-byte lead (F0…F7) with every second byte: valid exactly when Qt says so.
    int disagreements = 0;
    QByteArray firstDisagreement;
    auto check = [&](const QByteArray &bytes) {
        const bool ours = firstInvalidUtf8(bytes) < 0;
        if (ours != QByteArrayView(bytes).isValidUtf8() && disagreements++ == 0)
            firstDisagreement = bytes.toHex(' ');
    };
    QByteArray b(1, '\0');
    for (int x = 0; x < 256; ++x) {
        b = QByteArray(1, char(x));
        check(b);
        for (int y = 0; y < 256; ++y) {
            check(b + char(y));
            if (x >= 0xE0 && x <= 0xEF)
                for (int z = 0; z < 256; ++z)
                    check(b + char(y) + char(z));
            if (x >= 0xF0 && x <= 0xF7)
                for (int z : {0x7F, 0x80, 0xBF, 0xC0})
                    check(b + char(y) + char(z) + char(0x80));
        }
    }
    QVERIFY2(disagreements == 0, qPrintable(QStringLiteral("%1 disagreements, first: %2")
                                                .arg(disagreements)
                                                .arg(QString::fromLatin1(firstDisagreement))));
}

void TestTextInput::everythingBeforeTheOffsetIsValid()
{
    const QByteArray text = QByteArray("naïve ") + "\xE2\x82\xAC" + " 10 " + "\xE9t\xE9";
    const qsizetype bad = firstInvalidUtf8(text);
    QCOMPARE(bad, qsizetype(14));
    QVERIFY(QByteArrayView(text).first(bad).isValidUtf8());
    QVERIFY(!QByteArrayView(text).isValidUtf8());
}

void TestTextInput::message()
{
    QCOMPARE(notUtf8Message(QStringLiteral("line 2"), char(0xE9)),
             QStringLiteral("line 2: not UTF-8 (byte 0xe9); save the file as UTF-8"));
    QCOMPARE(notUtf8Message(QStringLiteral("line 1, column 5"), char(0x80)),
             QStringLiteral("line 1, column 5: not UTF-8 (byte 0x80); save the file as UTF-8"));
}

QTEST_APPLESS_MAIN(TestTextInput)
void TestTextInput::escapedForMessage_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("shown");
    QTest::newRow("plain text is as it is") << "the"
                                            << "the";
    QTest::newRow("NUL bytes (issue 15 #9)") << QString(3, QChar(0)) << "\\0\\0\\0";
    QTest::newRow("tab, CR, LF") << "a\tb\r\nc"
                                 << "a\\tb\\r\\nc";
    QTest::newRow("a terminal escape sequence") << "\x1b[31mred"
                                                << "\\x1b[31mred";
    QTest::newRow("DEL and a C1 control") << QStringLiteral("x\u007fy\u0085") << "x\\x7fy\\x85";
    QTest::newRow("a right-to-left override")
        << QStringLiteral("abc\u202Edef") << "abc\\u{202e}def";
    QTest::newRow("40 characters: not shortened") << QString(40, 'x') << QString(40, 'x');
    QTest::newRow("41 characters: 39 and an ellipsis")
        << QString(41, 'x') << QString(39, 'x') + QStringLiteral("…");
    QTest::newRow("a megabyte of NUL: 39 escapes and an ellipsis")
        << QString(1 << 20, QChar(0)) << QStringLiteral("\\0").repeated(39) + QStringLiteral("…");
    QTest::newRow("no half of a surrogate pair before the ellipsis")
        << QString(38, 'x') + QStringLiteral("\U0001F600\U0001F600")
        << QString(38, 'x') + QStringLiteral("…");
    QTest::newRow("non-ASCII letters stay") << QStringLiteral("über é") << QStringLiteral("über é");
}

void TestTextInput::escapedForMessage()
{
    QFETCH(QString, input);
    QFETCH(QString, shown);
    const QString out = sml::escapedForMessage(input);
    QCOMPARE(out, shown);
    for (QChar c : out)
        QVERIFY2(c.unicode() >= 0x20 && c.unicode() != 0x7f, "a control character is left");
}

#include "tst_textinput.moc"
