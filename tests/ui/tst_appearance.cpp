// Presentation mode, themes and the presentation keys (issue 7), offscreen.
#include "document/ScenarioDocument.h"
#include "panels/ControlPanel.h"
#include "panels/DerivationPanel.h"
#include "panels/MaxEntPanel.h"
#include "panels/PresentationControls.h"
#include "panels/ValueSpacePanel.h"
#include "plots/PlotView.h"
#include "plots/attention/AttentionHeatmapView.h"
#include "plots/attention/WeightBarsView.h"
#include "plots/maxent/MaxEntLambdaPlot.h"
#include "plots/mle/ValueSpaceView.h"
#include "style/Appearance.h"
#include "style/PlotStyle.h"
#include "widgets/AnimationControls.h"
#include "widgets/NumberLineEdit.h"
#include "window/MainWindow.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMetaProperty>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QWheelEvent>

#include <cmath>

using namespace sml;

namespace {

/// WCAG relative luminance and contrast ratio (1 … 21).
double luminance(const QColor &c)
{
    auto channel = [](double v) {
        v /= 255.0;
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    const QColor rgb = c.toRgb();
    return 0.2126 * channel(rgb.red()) + 0.7152 * channel(rgb.green()) +
           0.0722 * channel(rgb.blue());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

/// `over` composited on `under` (for a translucent label box).
QColor over(const QColor &top, const QColor &under)
{
    const double a = top.alphaF();
    return QColor::fromRgbF(top.redF() * a + under.redF() * (1 - a),
                            top.greenF() * a + under.greenF() * (1 - a),
                            top.blueF() * a + under.blueF() * (1 - a));
}

/// Every visible text of `plot` with its colour and the colour behind it, described.
struct Text
{
    QString what;
    QColor colour;
    QColor behind;
};

QList<Text> visibleTexts(QCustomPlot *plot)
{
    const QColor paper = Appearance::instance()->background(); // what the plot fills with
    QList<Text> texts;
    const QString name = plot->objectName().isEmpty()
                             ? QString::fromLatin1(plot->metaObject()->className())
                             : plot->objectName();
    for (QCPLayerable *l : plot->findChildren<QCPLayerable *>()) {
        if (!l->realVisibility())
            continue;
        if (auto *axis = qobject_cast<QCPAxis *>(l)) {
            if (axis->tickLabels())
                texts << Text{name + QStringLiteral(" tick labels of ") + axis->label(),
                              axis->tickLabelColor(), paper};
            if (!axis->label().isEmpty())
                texts << Text{name + QStringLiteral(" axis label ") + axis->label(),
                              axis->labelColor(), paper};
        } else if (auto *title = qobject_cast<QCPTextElement *>(l)) {
            if (!title->text().isEmpty())
                texts << Text{name + QStringLiteral(" text ") + title->text(), title->textColor(),
                              paper};
        } else if (auto *item = qobject_cast<QCPAbstractLegendItem *>(l)) {
            texts << Text{name + QStringLiteral(" legend item"), item->textColor(), paper};
        } else if (auto *text = qobject_cast<QCPItemText *>(l)) {
            if (text->text().isEmpty())
                continue;
            const QColor box = text->brush().style() == Qt::SolidPattern
                                   ? over(text->brush().color(), paper)
                                   : paper;
            // Text drawn straight on data (a weight printed in a heatmap cell) picks its own
            // colour against that cell (cellTextsKeepTheirColoursInEveryTheme).
            if (text->property(Appearance::onDataProperty).toBool())
                continue;
            texts << Text{name + QStringLiteral(" label ") + text->text(), text->color(), box};
        }
    }
    return texts;
}

/// Every colour, pen, brush and font property of every element, as text (to compare).
QStringList styleSnapshot(QCustomPlot *plot)
{
    QStringList out;
    for (QCPLayerable *l : plot->findChildren<QCPLayerable *>()) {
        const QMetaObject *meta = l->metaObject();
        for (int i = QObject::staticMetaObject.propertyCount(); i < meta->propertyCount(); ++i) {
            const QMetaProperty p = meta->property(i);
            const QVariant v = p.read(l);
            QString text;
            switch (p.userType()) {
            case QMetaType::QPen: {
                const QPen pen = v.value<QPen>();
                text = QStringLiteral("pen %1 %2 %3")
                           .arg(pen.color().name(QColor::HexArgb))
                           .arg(pen.widthF())
                           .arg(int(pen.style()));
                break;
            }
            case QMetaType::QBrush:
                text = QStringLiteral("brush %1 %2")
                           .arg(v.value<QBrush>().color().name(QColor::HexArgb))
                           .arg(int(v.value<QBrush>().style()));
                break;
            case QMetaType::QColor:
                text = v.value<QColor>().name(QColor::HexArgb);
                break;
            case QMetaType::QFont:
                text = v.value<QFont>().toString();
                break;
            default:
                continue;
            }
            out << QStringLiteral("%1.%2.%3 = %4")
                       .arg(QString::fromLatin1(meta->className()))
                       .arg(quintptr(l))
                       .arg(QString::fromLatin1(p.name()), text);
        }
    }
    return out;
}

void resetAppearance()
{
    Appearance *look = Appearance::instance();
    look->setPresentation(false);
    look->setTheme(Appearance::Theme::Light);
    look->setPresentationScale(Appearance::defaultPresentationScale);
}

/// Makes view tab `tab` of `window` current, lets it lay out, and returns the plot views visible
/// on it (not yet redrawn).
QList<PlotView *> showTab(MainWindow &window, int tab)
{
    window.viewTabs()->setCurrentIndex(tab);
    QCoreApplication::processEvents();
    QList<PlotView *> visible;
    for (PlotView *view : window.plotViews())
        if (view->isVisible())
            visible << view;
    return visible;
}

/// Three queries, so that ←/→ have somewhere to go.
/// Drags `slider`'s handle by `dx` pixels with real mouse events: press on the handle, move in
/// steps, release.
void dragSliderHandle(QSlider *slider, int dx)
{
    const int length = slider->style()->pixelMetric(QStyle::PM_SliderLength, nullptr, slider);
    const int x = QStyle::sliderPositionFromValue(slider->minimum(), slider->maximum(),
                                                  slider->value(), slider->width() - length) +
                  length / 2;
    const QPoint start(x, slider->height() / 2);
    QTest::mousePress(slider, Qt::LeftButton, Qt::NoModifier, start);
    for (int k = 1; k <= 5; ++k)
        QTest::mouseMove(slider, start + QPoint(dx * k / 5, 0));
    QTest::mouseRelease(slider, Qt::LeftButton, Qt::NoModifier, start + QPoint(dx, 0));
}

Scenario threeQueries()
{
    Scenario s = defaultScenario();
    s.queryLabels = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    s.queries.resize(3, 2);
    s.queries << 1.0, 0.5, 0.5, -1.0, -0.3, 0.8;
    s.normalizeSideArrays();
    return s;
}

} // namespace

class TestAppearance : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init()
    {
        QSettings().clear();
        resetAppearance();
    }
    void cleanup() { resetAppearance(); }

    void presentationScalesFontsAndLinesAndComesBackExactly()
    {
        ScenarioDocument document;
        WeightBarsView view;
        view.resize(900, 600);
        view.showAnalysis(document.analysis(), 0);
        view.replot();
        const QStringList before = styleSnapshot(&view);
        const double tickPoints = view.xAxis->tickLabelFont().pointSizeF();
        const double axisPen = view.xAxis->basePen().widthF();
        QCOMPARE(tickPoints, plotStyle::tickFont().pointSizeF());

        Appearance *look = Appearance::instance();
        look->setPresentationScale(2.5);
        look->setPresentation(true);
        view.replot();
        QCOMPARE(view.xAxis->tickLabelFont().pointSizeF(), 2.5 * tickPoints);
        QCOMPARE(view.xAxis->basePen().widthF(), 2 * axisPen);
        QCOMPARE(plotStyle::tickFont().pointSizeF(), 2.5 * tickPoints); // new elements too
        QVERIFY(styleSnapshot(&view) != before);

        // A different scale while presenting: sizes follow the new scale, not the product.
        look->setPresentationScale(1.5);
        view.replot();
        QCOMPARE(view.xAxis->tickLabelFont().pointSizeF(), 1.5 * tickPoints);

        look->setTheme(Appearance::Theme::Dark);
        view.replot();
        QVERIFY(view.toPixmap(40, 40).toImage().pixelColor(2, 2).lightness() < 60);

        look->setPresentation(false);
        look->setTheme(Appearance::Theme::Light);
        view.replot();
        QCOMPARE(styleSnapshot(&view), before);
        QCOMPARE(view.toPixmap(40, 40).toImage().pixelColor(2, 2), QColor(Qt::white));
    }

    void scatterStylesKeepAnUndefinedPen()
    {
        // A scatter style without a pen draws with its plottable's pen; restyling must not
        // define one (it turned the MLE optimizer's gold iterates into black dots).
        WeightBarsView view;
        auto *graph = view.addGraph();
        graph->setPen(QPen(QColor(230, 159, 0), 2));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 8));
        graph->setData({0.0, 1.0}, {0.2, 0.4});
        QVERIFY(!graph->scatterStyle().isPenDefined());
        Appearance::instance()->setPresentation(true);
        view.replot();
        QVERIFY(!graph->scatterStyle().isPenDefined());
        QCOMPARE(graph->scatterStyle().size(), 8 * Appearance::instance()->markerScale());
        Appearance::instance()->setPresentation(false);
        view.replot();
        QVERIFY(!graph->scatterStyle().isPenDefined());
        QCOMPARE(graph->scatterStyle().size(), 8.0);
    }

    void everyTextReadsOnItsBackground_data()
    {
        QTest::addColumn<QString>("theme");
        QTest::addColumn<bool>("presentation");
        QTest::addColumn<double>("minimum");
        QTest::addColumn<bool>("switchAfterStart"); // chosen in the menu, or saved before
        for (bool later : {false, true}) {
            const char *when = later ? " chosen in the window" : " at start";
            QTest::addRow("light%s", when) << "light" << false << 4.5 << later;
            QTest::addRow("dark%s", when) << "dark" << false << 4.5 << later;
            QTest::addRow("light presentation%s", when) << "light" << true << 4.5 << later;
            QTest::addRow("dark presentation%s", when) << "dark" << true << 4.5 << later;
        }
    }
    void everyTextReadsOnItsBackground()
    {
        // WCAG contrast 4.5:1 (normal text) in every theme and mode.
        QFETCH(QString, theme);
        QFETCH(bool, presentation);
        QFETCH(double, minimum);
        QFETCH(bool, switchAfterStart);
        Appearance *look = Appearance::instance();
        auto choose = [&] {
            look->setTheme(Appearance::themeFromName(theme));
            look->setPresentation(presentation);
        };
        if (!switchAfterStart)
            choose();
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        if (switchAfterStart) {
            // Every tab drawn once in the light theme first, then the switch.
            for (int tab = 0; tab < window.viewTabs()->count(); ++tab)
                showTab(window, tab);
            choose();
        }
        int checked = 0;
        for (int tab = 0; tab < window.viewTabs()->count(); ++tab) {
            for (PlotView *view : showTab(window, tab)) {
                view->replot();
                for (const Text &t : visibleTexts(view)) {
                    ++checked;
                    QVERIFY2(contrast(t.colour, t.behind) >= minimum,
                             qPrintable(QStringLiteral("%1: %2 on %3, contrast %4")
                                            .arg(t.what, t.colour.name(), t.behind.name())
                                            .arg(contrast(t.colour, t.behind))));
                }
            }
        }
        QVERIFY(checked > 50);
    }

    void titlesAndAxisLabelsFitAtEveryScale_data()
    {
        QTest::addColumn<double>("scale");
        QTest::newRow("1x") << 1.0;
        QTest::newRow("2x") << 2.0;
        QTest::newRow("3x") << 3.0;
    }
    void titlesAndAxisLabelsFitAtEveryScale()
    {
        // A label longer than its axis, or a title wider than its plot, is cut at both ends.
        QFETCH(double, scale);
        Appearance::instance()->setPresentationScale(scale);
        Appearance::instance()->setPresentation(scale > 1);
        MainWindow window;
        window.resize(1280, 800); // a common projector
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        int checked = 0;
        for (int tab = 0; tab < window.viewTabs()->count(); ++tab) {
            for (PlotView *view : showTab(window, tab)) {
                view->replot(); // labels fit the axis lengths of the layout before
                view->replot();
                const QString name = QString::fromLatin1(view->metaObject()->className());
                for (QCPAxis *axis : view->findChildren<QCPAxis *>()) {
                    if (!axis->visible() || axis->label().isEmpty() ||
                        !axis->property("_sml_styledAxis").toBool())
                        continue;
                    const double length = axis->orientation() == Qt::Vertical
                                              ? axis->axisRect()->height()
                                              : axis->axisRect()->width();
                    if (length <= 40)
                        continue; // a collapsed plot: nothing to read anyway
                    ++checked;
                    const double width =
                        plotStyle::metrics(axis->labelFont()).horizontalAdvance(axis->label());
                    QVERIFY2(width <= length + 1,
                             qPrintable(QStringLiteral("%1: axis label “%2” %3 px on %4 px")
                                            .arg(name, axis->label())
                                            .arg(width)
                                            .arg(length)));
                }
                // The MaxEnt plots' "λ = 1/τ" and "current λ" labels choose a text that fits
                // beside their line, inside the plot that clips them.
                if (qobject_cast<MaxEntLambdaPlot *>(view) && view->axisRect()->width() > 40) {
                    const QRect rect = view->axisRect()->rect();
                    for (int k = 0; k < view->itemCount(); ++k) {
                        auto *text = qobject_cast<QCPItemText *>(view->item(k));
                        if (!text || !text->visible() || !text->clipToAxisRect() ||
                            text->text().isEmpty())
                            continue;
                        ++checked;
                        const double left = text->topLeft->pixelPosition().x();
                        const double right = text->bottomRight->pixelPosition().x();
                        QVERIFY2(left >= rect.left() - 1 && right <= rect.right() + 2,
                                 qPrintable(QStringLiteral("%1: “%2” spans %3…%4 px, the plot "
                                                           "%5…%6 px")
                                                .arg(name, text->text())
                                                .arg(left)
                                                .arg(right)
                                                .arg(rect.left())
                                                .arg(rect.right())));
                    }
                }
                for (QCPTextElement *text : view->findChildren<QCPTextElement *>()) {
                    if (!text->realVisibility() || text->text().isEmpty())
                        continue;
                    ++checked;
                    double widest = 0;
                    for (const QString &line : text->text().split(QLatin1Char('\n')))
                        widest = std::max(widest,
                                          plotStyle::metrics(text->font()).horizontalAdvance(line));
                    QVERIFY2(widest <= view->width(),
                             qPrintable(QStringLiteral("%1: “%2” %3 px in a %4 px plot")
                                            .arg(name, text->text())
                                            .arg(widest)
                                            .arg(view->width())));
                }
            }
        }
        QVERIFY2(checked > 15, qPrintable(QString::number(checked)));
    }

    void theWindowFitsA1280By800Projector()
    {
        // The docks, the central tabs and their controls together must not ask for more than a
        // common projector has (window frame and panel bar aside).
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        for (int tab = 0; tab < window.viewTabs()->count(); ++tab) {
            window.viewTabs()->setCurrentIndex(tab);
            QCoreApplication::processEvents();
            const QSize minimum = window.minimumSizeHint().expandedTo(window.minimumSize());
            QVERIFY2(minimum.width() <= 1280 && minimum.height() <= 760,
                     qPrintable(QStringLiteral("tab %1 needs %2×%3")
                                    .arg(tab)
                                    .arg(minimum.width())
                                    .arg(minimum.height())));
        }
    }

    void cellTextsKeepTheirColoursInEveryTheme()
    {
        // The default scenario's weights 0.514, 0.361, 0.125 sit on the dark end of viridis:
        // white text there, whatever the theme (the cells do not change colour with it).
        ScenarioDocument document;
        AttentionHeatmapView view;
        view.resize(900, 600);
        view.showAnalysis(document.analysis(), 0);
        Appearance::instance()->setTheme(Appearance::Theme::Dark);
        Appearance::instance()->setPresentation(true);
        view.showAnalysis(document.analysis(), 0);
        view.replot();
        int cells = 0;
        for (QCPItemText *text : view.findChildren<QCPItemText *>())
            if (text->property(Appearance::onDataProperty).toBool()) {
                ++cells;
                QCOMPARE(text->color(), QColor(Qt::white));
                QCOMPARE(text->font().pointSizeF() > 9, true);
            }
        QCOMPARE(cells, 3);
    }

    void exportsFollowTheStyle()
    {
        QTemporaryDir dir;
        ScenarioDocument document;
        WeightBarsView view;
        view.resize(900, 600);
        view.showAnalysis(document.analysis(), 0);
        ImageExportOptions options;
        options.size = QSize(600, 400);
        const QString light = dir.filePath(QStringLiteral("light.png"));
        QVERIFY(!view.exportImage(light, options));
        Appearance::instance()->setTheme(Appearance::Theme::Dark);
        const QString dark = dir.filePath(QStringLiteral("dark.png"));
        QVERIFY(!view.exportImage(dark, options));
        QCOMPARE(QImage(light).pixelColor(3, 3), QColor(Qt::white));
        QCOMPARE(QImage(dark).pixelColor(3, 3), Appearance::instance()->background());
        // The export at scale 2 (device pixel ratio 2) has twice the pixels, same layout.
        options.scale = 2;
        const QString crisp = dir.filePath(QStringLiteral("crisp.png"));
        QVERIFY(!view.exportImage(crisp, options));
        QCOMPARE(QImage(crisp).size(), QSize(1200, 800));
    }

    void presentationKeysStepQueriesViewsAndAnimation()
    {
        MainWindow window;
        QVERIFY(!window.document()->replaceScenario(threeQueries(), QStringLiteral("three")));
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        window.viewTabs()->setFocus();
        QCOMPARE(window.document()->selectedQuery(), 0);

        // Not presenting: → is the tables' and fields' key; Alt+→ steps the query.
        QTest::keyClick(&window, Qt::Key_Right, Qt::AltModifier);
        QCOMPARE(window.document()->selectedQuery(), 1);

        QTest::keyClick(&window, Qt::Key_F5);
        QVERIFY(Appearance::instance()->presentation());
        QVERIFY(window.presentationAction()->isChecked());
        QTest::keyClick(&window, Qt::Key_Right);
        QCOMPARE(window.document()->selectedQuery(), 2);
        QTest::keyClick(&window, Qt::Key_Right); // stays on the last
        QCOMPARE(window.document()->selectedQuery(), 2);
        QTest::keyClick(&window, Qt::Key_Left);
        QCOMPARE(window.document()->selectedQuery(), 1);

        const int tab = window.viewTabs()->currentIndex();
        const int n = window.viewTabs()->count();
        QTest::keyClick(&window, Qt::Key_Tab);
        QCOMPARE(window.viewTabs()->currentIndex(), (tab + 1) % n);
        QTest::keyClick(&window, Qt::Key_Backtab, Qt::ShiftModifier);
        QCOMPARE(window.viewTabs()->currentIndex(), tab);
        // Without a model, Tab goes past Heads and Projections (their "no model" note) from
        // the Derivation, the view before them, round to the first view; Shift+Tab back.
        QVERIFY(!window.document()->isModel());
        window.viewTabs()->setCurrentWidget(window.derivationPanel());
        QCOMPARE(window.viewTabs()->widget(window.viewTabs()->currentIndex() + 1)->objectName(),
                 QStringLiteral("headsView"));
        QTest::keyClick(&window, Qt::Key_Tab);
        QCOMPARE(window.viewTabs()->currentIndex(), 0);
        QTest::keyClick(&window, Qt::Key_Backtab, Qt::ShiftModifier);
        QCOMPARE(window.viewTabs()->currentWidget(),
                 static_cast<QWidget *>(window.derivationPanel()));
        window.viewTabs()->setCurrentIndex(tab);

        // Space plays the MLE optimizer, or MaxEnt's animation on its tab.
        AnimationControls *mle = window.valueSpacePanel()->controls();
        QSignalSpy mlePlaying(mle, &AnimationControls::playingChanged);
        QTest::keyClick(&window, Qt::Key_Space);
        QCOMPARE(mlePlaying.count(), 1);
        QCOMPARE(mlePlaying.last().at(0).toBool(), true);
        QTest::keyClick(&window, Qt::Key_Space);
        QCOMPARE(mlePlaying.last().at(0).toBool(), false);
        window.viewTabs()->setCurrentWidget(window.maxEntView());
        QSignalSpy maxEntPlaying(window.maxEntView()->animationControls(),
                                 &AnimationControls::playingChanged);
        QTest::keyClick(&window, Qt::Key_Space);
        QCOMPARE(maxEntPlaying.count(), 1);
        QCOMPARE(mlePlaying.count(), 2);

        window.statusBar()->clearMessage();
        QTest::keyClick(&window, Qt::Key_Escape); // Esc leaves presentation mode too
        QVERIFY(!Appearance::instance()->presentation());
        QVERIFY(!window.presentationAction()->isChecked());
        // ... and says how to come back (a fresh reader left it by a stray Esc).
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("F5 presents again")),
                 qPrintable(window.statusBar()->currentMessage()));
        QTest::keyClick(&window, Qt::Key_Right); // plain → steps nothing now
        QCOMPARE(window.document()->selectedQuery(), 1);
    }

    void presentationShowsTauAndAlphaOnTheView()
    {
        // Issue 14 item 10, issue 16: with the docks closed, τ and α have large controls on the
        // view; a drag is one undo step; the presentation keys still step the query.
        MainWindow window;
        QVERIFY(!window.document()->replaceScenario(threeQueries(), QStringLiteral("three")));
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        PresentationControls *bar = window.presentationControls();
        QVERIFY(bar->isHidden());
        const int width = window.width();
        QTest::keyClick(&window, Qt::Key_F5);
        QVERIFY(Appearance::instance()->presentation());
        QVERIFY(bar->isVisible());
        QCOMPARE(window.width(), width); // showing the bar does not widen the window
        QVERIFY(bar->tauValue()->font().pointSizeF() >= 14);
        // The value labels hold their widest text in the presentation font (they were measured
        // in the small font, and "= 0.103" lost its last digit).
        const auto holds = [](QWidget *label, const QString &text) {
            return label->width() >= label->fontMetrics().horizontalAdvance(text);
        };
        QVERIFY(holds(bar->tauValue(), QStringLiteral("0.00000")));
        // Handles to aim at from a lectern and to see from the back: the style's own were 12 px
        // dark squares, all but invisible in the dark theme (a fresh reader).
        // (Measured as drawn: the pixels in the highlight colour of a grab, beyond the groove.)
        const QColor highlight = bar->palette().color(QPalette::Highlight);
        for (QSlider *slider : {bar->tauSlider(), bar->alphaSlider()}) {
            const QImage image = slider->grab().toImage();
            int top = image.height(), bottom = -1;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x) {
                    const QColor c = image.pixelColor(x, y);
                    if (std::abs(c.red() - highlight.red()) +
                            std::abs(c.green() - highlight.green()) +
                            std::abs(c.blue() - highlight.blue()) <
                        30) {
                        top = std::min(top, y);
                        bottom = std::max(bottom, y);
                    }
                }
            QVERIFY2(bottom - top + 1 >= 16 * image.devicePixelRatio(),
                     qPrintable(QStringLiteral("%1 px tall").arg(bottom - top + 1)));
        }
        ScenarioDocument *doc = window.document();
        QVERIFY(bar->sqrtDkButton()->isChecked());
        QVERIFY(bar->tauValue()->text().contains(QStringLiteral("1.414")));

        // τ: drag the handle left. One undo step, τ fixed and smaller, the label follows.
        QUndoStack *undo = doc->undoStack();
        const int steps = undo->count();
        const double tauBefore = doc->scenario().tau();
        dragSliderHandle(bar->tauSlider(), -80);
        QCOMPARE(doc->scenario().temperatureMode, TemperatureMode::Fixed);
        QVERIFY(doc->scenario().tau() < tauBefore);
        QCOMPARE(undo->count(), steps + 1);
        QCOMPARE(doc->scenario().tau(), ControlPanel::sliderToTau(bar->tauSlider()->value()));
        QVERIFY(!bar->sqrtDkButton()->isChecked());
        QVERIFY(
            bar->tauValue()->text().contains(QLocale().toString(doc->scenario().tau(), 'g', 4)));
        undo->undo();
        QCOMPARE(doc->scenario().temperatureMode, TemperatureMode::SqrtDk);
        QCOMPARE(bar->tauSlider()->value(), ControlPanel::tauToSlider(std::sqrt(2.0)));

        // The mouse wheel over it steps τ finely (the drag spans three decades in 150 px, too
        // coarse to land on a τ: a fresh reader): one notch up is 30 of the 1000 steps, τ times
        // 1000^0.03 ≈ 1.23, and one undo step.
        {
            const int before = bar->tauSlider()->value();
            const QPoint centre = bar->tauSlider()->rect().center();
            QWheelEvent wheel(centre, bar->tauSlider()->mapToGlobal(centre), QPoint(),
                              QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                              false);
            QApplication::sendEvent(bar->tauSlider(), &wheel);
            QCOMPARE(bar->tauSlider()->value(), before + 30);
            QCOMPARE(doc->scenario().temperatureMode, TemperatureMode::Fixed);
            QVERIFY(std::abs(doc->scenario().tau() / ControlPanel::sliderToTau(before) -
                             std::pow(1000.0, 0.03)) < 1e-9);
            QCOMPARE(undo->count(), steps + 1);
            undo->undo();
            QCOMPARE(doc->scenario().temperatureMode, TemperatureMode::SqrtDk);
        }

        // α: drag right from the softmax; entmax with α > 1, one undo step.
        QCOMPARE(doc->scenario().normalizer, NormalizerKind::Softmax);
        QVERIFY(bar->alphaValue()->text().contains(QStringLiteral("softmax")));
        dragSliderHandle(bar->alphaSlider(), 120);
        QCOMPARE(doc->scenario().normalizer, NormalizerKind::Entmax);
        QVERIFY(doc->scenario().alpha() > 1.2);
        QCOMPARE(doc->scenario().alpha(), ControlPanel::sliderToAlpha(bar->alphaSlider()->value()));
        QCOMPARE(undo->count(), steps + 1); // the undone τ step was replaced
        QVERIFY(bar->alphaValue()->text().contains(
            QLocale().toString(doc->scenario().alpha(), 'g', 3)));

        // The sliders never take the keyboard: → still steps the query.
        QCOMPARE(bar->tauSlider()->focusPolicy(), Qt::NoFocus);
        QCOMPARE(doc->selectedQuery(), 0);
        QTest::keyClick(&window, Qt::Key_Right);
        QCOMPARE(doc->selectedQuery(), 1);

        // τ typed in its field (a reader's find: the slider alone covered 0.05 … 50 in 107 px):
        // Enter sets it, one undo step, and gives the keyboard back, so → steps the query again.
        QVERIFY(bar->tauSlider()->width() >= 150);
        const int before = undo->count();
        QTest::mouseClick(bar->tauValue(), Qt::LeftButton);
        QVERIFY(bar->tauValue()->hasFocus());
        bar->tauValue()->selectAll();
        QTest::keyClicks(bar->tauValue(), QLocale().toString(0.25));
        QTest::keyClick(bar->tauValue(), Qt::Key_Return);
        QCOMPARE(doc->scenario().temperatureMode, TemperatureMode::Fixed);
        QCOMPARE(doc->scenario().tau(), 0.25);
        QCOMPARE(undo->count(), before + 1);
        QVERIFY(!bar->tauValue()->hasFocus());
        QCOMPARE(bar->tauSlider()->value(), ControlPanel::tauToSlider(0.25));
        QTest::keyClick(&window, Qt::Key_Right);
        QCOMPARE(doc->selectedQuery(), 2);
        // Esc drops what was typed: τ stays, the field shows it again.
        QTest::mouseClick(bar->tauValue(), Qt::LeftButton);
        bar->tauValue()->selectAll();
        QTest::keyClicks(bar->tauValue(), QStringLiteral("7"));
        QTest::keyClick(bar->tauValue(), Qt::Key_Escape);
        QCOMPARE(doc->scenario().tau(), 0.25);
        QCOMPARE(bar->tauValue()->text(), QLocale().toString(0.25));
        QVERIFY(Appearance::instance()->presentation());
        // Not a number: refused with the reason in the status bar, τ unchanged.
        QTest::mouseClick(bar->tauValue(), Qt::LeftButton);
        bar->tauValue()->selectAll();
        QTest::keyClicks(bar->tauValue(), QStringLiteral("-1"));
        QTest::keyClick(bar->tauValue(), Qt::Key_Return);
        QCOMPARE(doc->scenario().tau(), 0.25);
        QVERIFY(!window.statusBar()->currentMessage().isEmpty());
        undo->undo();

        // The likelihood landscape keeps a third of the window's height for its plot (issue 14
        // item 3): the optimizer's settings row is hidden while presenting.
        window.viewTabs()->setCurrentWidget(window.valueSpacePanel());
        QCoreApplication::processEvents();
        ValueSpaceView *landscape = window.valueSpacePanel()->view();
        landscape->replot();
        QVERIFY2(landscape->axisRect()->rect().height() >= window.height() / 3,
                 qPrintable(QString::number(landscape->axisRect()->rect().height())));

        // α's readout holds what it shows at every α (only 1 and 2 are named: "= 2 sparsemax").
        for (const double alpha : {2.0, 1.0, 1.25, 3.14, 4.0}) {
            QVERIFY(!doc->setNormalizer(NormalizerKind::Entmax, alpha));
            QVERIFY2(holds(bar->alphaValue(), bar->alphaValue()->text()),
                     qPrintable(bar->alphaValue()->text()));
        }
        QCOMPARE(bar->alphaValue()->text(), QStringLiteral("= 4"));

        QTest::keyClick(&window, Qt::Key_F5);
        QVERIFY(bar->isHidden());
    }

    void presentingClosesTheDocksAndBringsThemBack()
    {
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QList<QDockWidget *> docks = window.findChildren<QDockWidget *>();
        QVERIFY(docks.size() >= 3);
        QStringList openBefore;
        for (QDockWidget *dock : docks)
            if (dock->isVisible())
                openBefore << dock->objectName();
        QVERIFY(openBefore.contains(QStringLiteral("scenarioDock")));
        const int centralBefore = window.viewTabs()->width();
        window.presentationAction()->trigger();
        QCoreApplication::processEvents();
        for (QDockWidget *dock : docks)
            QVERIFY2(!dock->isVisible(), qPrintable(dock->objectName()));
        QVERIFY(window.viewTabs()->width() > centralBefore + 500);
        // View ▸ <dock> brings any back while presenting, the Scenario panel included.
        for (QDockWidget *dock : docks)
            QVERIFY2(dock->toggleViewAction()->isEnabled(), qPrintable(dock->objectName()));
        auto *scenario = window.findChild<QDockWidget *>(QStringLiteral("scenarioDock"));
        // (The View menu's own entry: a dock's toggle action is not in the menu.)
        QAction *entry = window.findChild<QAction *>(QStringLiteral("scenarioDockMenuEntry"));
        QVERIFY(entry);
        entry->trigger();
        QCoreApplication::processEvents();
        QVERIFY(scenario->isVisible());
        entry->trigger();
        QCoreApplication::processEvents();
        // Closing the window while presenting saves the layout from before.
        window.close();
        QSettings settings;
        QVERIFY(!settings.value(QStringLiteral("window/state")).toByteArray().isEmpty());
        window.presentationAction()->trigger();
        QCoreApplication::processEvents();
        QStringList openAfter;
        for (QDockWidget *dock : docks)
            if (dock->isVisible() || !dock->isHidden())
                openAfter << dock->objectName();
        QCOMPARE(openAfter, openBefore);
    }

    void presentationScalesThePanelsHalfAsMuch()
    {
        MainWindow window;
        const double base = window.queriesTable()->font().pointSizeF();
        // The menus and the status bar too (a fresh reader saw them stay small presented).
        QMenu *fileMenu = window.menuBar()->findChildren<QMenu *>().value(0);
        QVERIFY(fileMenu);
        const double bar = window.statusBar()->font().pointSizeF();
        const double menu = fileMenu->font().pointSizeF();
        QCOMPARE(window.menuBar()->font().pointSizeF(), menu);
        // At 1.5× (the most a screen 800 to 852 pixels high takes) the panels grow 1.25×.
        Appearance::instance()->setPresentationScale(1.5);
        window.presentationAction()->trigger();
        QCOMPARE(window.queriesTable()->font().pointSizeF(), 1.25 * base); // 1 + (1.5 − 1)/2
        QCOMPARE(window.statusBar()->font().pointSizeF(), 1.25 * bar);
        QCOMPARE(fileMenu->font().pointSizeF(), 1.25 * menu);
        QCOMPARE(window.menuBar()->font().pointSizeF(), 1.25 * menu);
        window.presentationAction()->trigger();
        QCOMPARE(window.queriesTable()->font().pointSizeF(), base);
        QCOMPARE(window.statusBar()->font().pointSizeF(), bar);
        QCOMPARE(fileMenu->font().pointSizeF(), menu);
    }

    void savePromptIsPresentedInThePanelsSize()
    {
        // Presenting, opening an example (Help ▸ Examples) or a new scenario asked in the app's
        // small 9-pt text, about "untitled" while the window showed "One query, three keys" (a
        // fresh reader).
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(!window.document()->setTemperature(TemperatureMode::Fixed, 1.0));
        Appearance::instance()->setPresentationScale(1.5);
        window.presentationAction()->trigger();
        QString text;
        double points = 0;
        QTimer::singleShot(0, &window, [&] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                text = box->text();
                points = box->font().pointSizeF();
                box->button(QMessageBox::Cancel)->click();
            }
        });
        window.newFile();
        QVERIFY2(text.contains(QStringLiteral("“One query, three keys (untitled)”")),
                 qPrintable(text));
        QCOMPARE(points, 1.25 * QApplication::font().pointSizeF()); // the panels' 1 + (1.5 − 1)/2
        QCOMPARE(window.document()->scenario().tau(), 1.0);         // Cancel: the edit stays
        window.presentationAction()->trigger();
        // In the window: the app's own size.
        QTimer::singleShot(0, &window, [&] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                points = box->font().pointSizeF();
                box->button(QMessageBox::Cancel)->click();
            }
        });
        window.newFile();
        QCOMPARE(points, QApplication::font().pointSizeF());
        window.document()->undoStack()->setIndex(0); // unmodified: no question when it closes
    }

    void wrappedTextKeepsFormulasWhole()
    {
        // Titles break at spaces, never beside a binary operator: "‖o" at the end of a line and
        // "− ô‖" at the start of the next (the MLE optimizer's title in the narrow dock).
        const QFont font = plotStyle::titleFont();
        const QString text = QStringLiteral("ready: press Play or Step  ·  ‖o − ô‖ = 1.859");
        const double width = plotStyle::metrics(font).horizontalAdvance(
            QStringLiteral("ready: press Play or Step  ·  ‖o"));
        const QStringList lines = plotStyle::wrapText(text, font, width).split(QLatin1Char('\n'));
        QVERIFY(lines.size() >= 2);
        QVERIFY2(lines.contains(QStringLiteral("‖o − ô‖ = 1.859")), qPrintable(lines.join('|')));
        // Nothing lost or added but the breaks.
        QCOMPARE(lines.join(QLatin1Char(' ')).simplified(), text.simplified());
        // A text that fits stays one line.
        QCOMPARE(plotStyle::wrapText(text, font, 1e6), text);
    }

    void presentationScaleFitsTheScreen()
    {
        // A fresh reader chose 3× on a 1280×800 projector: every plot became a strip and the
        // step captions were cut. A screen draws at most what it has room for (852 pixels
        // high here: 1.6×), the choice is kept for a larger screen, and the window says so.
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        Appearance *look = Appearance::instance();
        QCOMPARE(look->screenScaleCap(), Appearance::scaleCapForScreen(852));
        QCOMPARE(Appearance::scaleCapForScreen(800), 1.5);
        QCOMPARE(Appearance::scaleCapForScreen(1080), 1080 * 1.5 / 800);
        QCOMPARE(Appearance::scaleCapForScreen(2000), Appearance::maxScale);
        for (QAction *a : window.scaleActions())
            if (a->data().toDouble() == 3.0)
                a->trigger();
        QCOMPARE(look->presentationScale(), 3.0);
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("drawn at")));
        window.presentationAction()->trigger();
        QCOMPARE(look->fontScale(), look->screenScaleCap());
        window.presentationAction()->trigger();
        look->setPresentationScale(Appearance::defaultPresentationScale);
    }

    void themeAndScaleAreRemembered()
    {
        {
            MainWindow window;
            for (QAction *a : window.themeActions())
                if (a->data().toString() == QLatin1String("dark"))
                    a->trigger();
            for (QAction *a : window.scaleActions())
                if (a->data().toDouble() == 2.5)
                    a->trigger();
            QCOMPARE(Appearance::instance()->theme(), Appearance::Theme::Dark);
            QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 100);
        }
        QCOMPARE(QSettings().value(QStringLiteral("style/theme")).toString(),
                 QStringLiteral("dark"));
        resetAppearance();
        QSettings().setValue(QStringLiteral("style/theme"), QStringLiteral("dark"));
        QSettings().setValue(QStringLiteral("style/presentationScale"), 2.5);
        MainWindow again;
        QCOMPARE(Appearance::instance()->theme(), Appearance::Theme::Dark);
        QCOMPARE(Appearance::instance()->presentationScale(), 2.5);
        QVERIFY(!Appearance::instance()->presentation()); // presenting starts off
        int checkedThemes = 0;
        for (QAction *a : again.themeActions())
            checkedThemes += a->isChecked() && a->data().toString() == QLatin1String("dark");
        QCOMPARE(checkedThemes, 1);
    }
};

QTEST_MAIN(TestAppearance)
#include "tst_appearance.moc"
