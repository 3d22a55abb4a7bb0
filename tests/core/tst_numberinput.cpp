// Tests of table-cell number entry (core/NumberInput.h): locale-aware parsing that refuses group
// separators and non-finite values, and shortest round-trip formatting.

#include "NumberInput.h"

#include <QLocale>
#include <QTest>

#include <cfloat>
#include <cmath>
#include <cstring>

using namespace sml;

namespace {

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

} // namespace

class TestNumberInput : public QObject
{
    Q_OBJECT

private slots:
    void parseAccepted_data();
    void parseAccepted();
    void parseRefused_data();
    void parseRefused();
    void errorTextIsClearedOnSuccess();
    void formatExact_data();
    void formatExact();
    void formatRoundTrip_data();
    void formatRoundTrip();
};

void TestNumberInput::parseAccepted_data()
{
    QTest::addColumn<QString>("locale");
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("expected");

    QTest::newRow("C: 1.5") << "C"
                            << "1.5" << 1.5;
    QTest::newRow("C: negative with exponent") << "C"
                                               << "-2.5e-3" << -2.5e-3;
    QTest::newRow("C: capital E and plus sign") << "C"
                                                << "+1E5" << 1e5;
    QTest::newRow("C: surrounding spaces ignored") << "C"
                                                   << "  0.25 \t" << 0.25;
    QTest::newRow("C: integer") << "C"
                                << "42" << 42.0;
    QTest::newRow("C: smallest denormal") << "C"
                                          << "5e-324" << 5e-324;
    QTest::newRow("C: largest double") << "C"
                                       << "1.7976931348623157e308" << DBL_MAX;
    QTest::newRow("C: -0 becomes +0") << "C"
                                      << "-0" << 0.0;
    QTest::newRow("en_US: 1.5") << "en_US"
                                << "1.5" << 1.5;
    QTest::newRow("en_US: 1500 without separator") << "en_US"
                                                   << "1500" << 1500.0;
    QTest::newRow("de_DE: decimal comma 1,5") << "de_DE"
                                              << "1,5" << 1.5;
    QTest::newRow("de_DE: negative with exponent") << "de_DE"
                                                   << "-1,5e3" << -1500.0;
    QTest::newRow("de_DE: 1500 without separator") << "de_DE"
                                                   << "1500" << 1500.0;
    QTest::newRow("fr_FR: decimal comma") << "fr_FR"
                                          << "0,125" << 0.125;
    QTest::newRow("he_IL: Qt's own output with a left-to-right mark")
        << "he_IL" << QStringLiteral("\u200E-1.5") << -1.5;
    QTest::newRow("ar_EG: Arabic-Indic digits with an Arabic letter mark")
        << "ar_EG" << QStringLiteral("\u061C-\u0661\u066B\u0665") << -1.5;
}

void TestNumberInput::parseAccepted()
{
    QFETCH(QString, locale);
    QFETCH(QString, text);
    QFETCH(double, expected);
    QString error = QStringLiteral("stale");
    const std::optional<double> v = parseCellNumber(text, QLocale(locale), &error);
    QVERIFY2(v.has_value(), qPrintable(error));
    // Decimal literals parse to the nearest double: exact comparison is the point here.
    QVERIFY2(sameBits(*v, expected), qPrintable(QString::number(*v, 'g', 17)));
    QVERIFY(error.isEmpty());
}

void TestNumberInput::parseRefused_data()
{
    QTest::addColumn<QString>("locale");
    QTest::addColumn<QString>("text");

    QTest::newRow("C: empty") << "C"
                              << "";
    QTest::newRow("C: spaces only") << "C"
                                    << "   ";
    QTest::newRow("C: inf") << "C"
                            << "inf";
    QTest::newRow("C: -INF") << "C"
                             << "-INF";
    QTest::newRow("C: +Infinity") << "C"
                                  << "+Infinity";
    QTest::newRow("C: infinity") << "C"
                                 << "infinity";
    QTest::newRow("C: nan") << "C"
                            << "nan";
    QTest::newRow("C: -NaN") << "C"
                             << "-NaN";
    QTest::newRow("C: 1e400 overflows") << "C"
                                        << "1e400";
    QTest::newRow("C: -1e400 overflows") << "C"
                                         << "-1e400";
    QTest::newRow("C: letters") << "C"
                                << "abc";
    QTest::newRow("C: trailing garbage") << "C"
                                         << "1.5x";
    QTest::newRow("C: hexadecimal") << "C"
                                    << "0x10";
    QTest::newRow("C: two numbers") << "C"
                                    << "1 2";
    QTest::newRow("en_US: group separator 1,500") << "en_US"
                                                  << "1,500";
    QTest::newRow("en_US: comma decimal 1,5") << "en_US"
                                              << "1,5";
    QTest::newRow("de_DE: group separator 1.500") << "de_DE"
                                                  << "1.500";
    QTest::newRow("de_DE: point decimal 1.5 is not guessed") << "de_DE"
                                                             << "1.5";
    QTest::newRow("de_DE: inf") << "de_DE"
                                << "inf";
    QTest::newRow("de_DE: NAN") << "de_DE"
                                << "NAN";
    QTest::newRow("fr_FR: group separator 1 500 (the locale's space)")
        << "fr_FR"
        << (QStringLiteral("1") + QLocale(QStringLiteral("fr_FR")).groupSeparator() +
            QStringLiteral("500"));
}

void TestNumberInput::parseRefused()
{
    QFETCH(QString, locale);
    QFETCH(QString, text);
    QString error;
    const std::optional<double> v = parseCellNumber(text, QLocale(locale), &error);
    QVERIFY2(!v.has_value(), qPrintable(QString::number(v.value_or(0), 'g', 17)));
    QVERIFY(!error.isEmpty());
    // Without an error pointer it must not crash either.
    QVERIFY(!parseCellNumber(text, QLocale(locale)).has_value());
}

void TestNumberInput::errorTextIsClearedOnSuccess()
{
    QString error;
    QVERIFY(!parseCellNumber(QStringLiteral("nan"), QLocale::c(), &error));
    QVERIFY(error.contains(QStringLiteral("finite")));
    QVERIFY(parseCellNumber(QStringLiteral("2"), QLocale::c(), &error));
    QVERIFY(error.isEmpty());
    QVERIFY(!parseCellNumber(QStringLiteral("1.5"), QLocale(QStringLiteral("de_DE")), &error));
    QVERIFY2(error.contains(QLatin1Char(',')), qPrintable(error)); // names the decimal separator
}

void TestNumberInput::formatExact_data()
{
    QTest::addColumn<QString>("locale");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("expected");

    QTest::newRow("C: 0.1") << "C" << 0.1 << "0.1";
    QTest::newRow("C: 1/3 shortest") << "C" << 1.0 / 3.0 << "0.3333333333333333";
    QTest::newRow("C: -0 as 0") << "C" << -0.0 << "0";
    QTest::newRow("C: 1234567 without separators") << "C" << 1234567.0 << "1234567";
    QTest::newRow("en_US: 1234567 without separators") << "en_US" << 1234567.0 << "1234567";
    QTest::newRow("de_DE: 0,1") << "de_DE" << 0.1 << "0,1";
    QTest::newRow("de_DE: 1234567,5 without separators") << "de_DE" << 1234567.5 << "1234567,5";
    QTest::newRow("de_DE: -2,5") << "de_DE" << -2.5 << "-2,5";
}

void TestNumberInput::formatExact()
{
    QFETCH(QString, locale);
    QFETCH(double, value);
    QFETCH(QString, expected);
    QCOMPARE(formatCellNumber(value, QLocale(locale)), expected);
}

void TestNumberInput::formatRoundTrip_data()
{
    QTest::addColumn<QString>("locale");
    QTest::addColumn<double>("value");

    const double values[] = {0.1,
                             1.0 / 3.0,
                             1e-300,
                             5e-324,
                             DBL_MIN,
                             DBL_MAX,
                             -1234567.125,
                             1e21,
                             1e-7,
                             123456789012345680.0,
                             2.0 / 3.0 * 1e-5,
                             -0.0};
    const char *names[] = {"0.1",          "1/3",
                           "1e-300",       "5e-324",
                           "DBL_MIN",      "DBL_MAX",
                           "-1234567.125", "1e21",
                           "1e-7",         "1.2345678901234568e17",
                           "2/3e-5",       "-0"};
    static_assert(std::size(names) == std::size(values));
    for (const char *loc : {"C", "en_US", "de_DE", "fr_FR", "hi_IN", "ar_EG", "fa_IR", "he_IL"}) {
        for (size_t i = 0; i < std::size(names); ++i)
            QTest::addRow("%s: %s", loc, names[i]) << QString::fromLatin1(loc) << values[i];
    }
}

void TestNumberInput::formatRoundTrip()
{
    QFETCH(QString, locale);
    QFETCH(double, value);
    const QLocale loc(locale);
    const QString text = formatCellNumber(value, loc);
    QString error;
    const std::optional<double> back = parseCellNumber(text, loc, &error);
    QVERIFY2(back.has_value(), qPrintable(text + QStringLiteral(": ") + error));
    QVERIFY2(sameBits(*back, value == 0 ? 0.0 : value), qPrintable(text));
    if (!loc.groupSeparator().isEmpty() && loc.groupSeparator() != loc.decimalPoint())
        QVERIFY2(!text.contains(loc.groupSeparator()), qPrintable(text));
}

QTEST_APPLESS_MAIN(TestNumberInput)
#include "tst_numberinput.moc"
