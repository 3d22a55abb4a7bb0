// What the projector sweeps share (issue 14): a window shown on a scenario, and the scenarios
// and modes each sweep runs over.
#pragma once

#include "style/Appearance.h"
#include "window/MainWindow.h"

#include <QDir>
#include <QString>
#include <QTest>

namespace sml::test {

/// Shows `w` with `scenario` open (the start-up figure when empty), in presentation mode or
/// not. Returns "" or why the scenario did not open.
inline QString showScenario(MainWindow &w, const QString &scenario, bool presentation)
{
    w.show();
    if (!QTest::qWaitForWindowExposed(&w))
        return QStringLiteral("the window was not exposed");
    QString error;
    if (!scenario.isEmpty() && !w.openFile(scenario, &error))
        return error;
    Appearance::instance()->setPresentation(presentation);
    QTest::qWait(100);
    return {};
}

/// The rows of a sweep: columns "scenario" (a resource path, "" for the start-up figure) and
/// "presentation"; the start-up figure and every shipped example (":/scenarios", sixteen
/// today, the default figure's lesson among them: iris and digits, d_k = 256, causal, sparse, a
/// tiny model's layers, the temperature extremes, …), each in the window and presented.
inline void addScenarioRows()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<bool>("presentation");
    QStringList files{QString()};
    // Every example a teacher can open from Help ▸ Examples: a fixed list had left out the
    // sparse digits, whose bars were 205 px of the 752 px window beside both docks.
    const QDir examples(QStringLiteral(":/scenarios"));
    for (const QString &name :
         examples.entryList({QStringLiteral("*.softmaxlab.json")}, QDir::Files, QDir::Name))
        files << examples.filePath(name);
    // SML_SWEEP_SCENARIOS="a.softmaxlab.json:b.softmaxlab.json" sweeps your own files too (a
    // twelve-token import, the digits lesson) before a lecture.
    for (const QString &extra :
         qEnvironmentVariable("SML_SWEEP_SCENARIOS").split(QLatin1Char(':'), Qt::SkipEmptyParts))
        files << extra;
    for (const QString &file : std::as_const(files))
        for (const bool presentation : {false, true})
            QTest::addRow("%s %s",
                          file.isEmpty() ? "default"
                                         : qPrintable(file.section(QLatin1Char('/'), -1)),
                          presentation ? "presented" : "window")
                << file << presentation;
}

} // namespace sml::test
