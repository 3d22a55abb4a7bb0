// What the projector sweeps share (issue 14): a window shown on a scenario, and the scenarios
// and modes each sweep runs over.
#pragma once

#include "style/Appearance.h"
#include "window/MainWindow.h"

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
/// "presentation"; six scenarios (the figure, iris, d_k = 256, causal, sparse, a tiny model's
/// layer 2), each in the window and presented.
inline void addScenarioRows()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<bool>("presentation");
    for (const char *file : {"", ":/scenarios/iris-kernel-smoother.softmaxlab.json",
                             ":/scenarios/sharp-vs-flat-dk256.softmaxlab.json",
                             ":/scenarios/causal-sentence.softmaxlab.json",
                             ":/scenarios/sparse-attention.softmaxlab.json",
                             ":/scenarios/tiny-transformer-layer2.softmaxlab.json"})
        for (const bool presentation : {false, true})
            QTest::addRow("%s %s", *file ? file + 12 : "default",
                          presentation ? "presented" : "window")
                << QString::fromLatin1(file) << presentation;
}

} // namespace sml::test
