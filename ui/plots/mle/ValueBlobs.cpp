#include "plots/mle/ValueBlobs.h"

#include "plots/PlaneFit.h"
#include "plots/mle/ValueSpaceScene.h"
#include "style/Appearance.h"
#include "style/PlotStyle.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace sml {

namespace {

/// d_v = 1: slot j's ±2σ and ±1σ bars in lane y, its dot, and (the heaviest) a label above.
void addLane(QCustomPlot *plot, const ValueSpaceScene &scene, int j, int rank, const QColor &fill,
             const QColor &edge, const ValueSpaceLabelFactory &newLabel,
             QList<QCPAbstractItem *> &items)
{
    const QColor base = plotStyle::softmaxColor();
    const double x = scene.coordX(scene.value(j));
    const double y = scene.laneY(rank);
    for (double multiple : {2.0, 1.0}) {
        auto *bar = new QCPItemLine(plot);
        bar->setLayer(valueSpaceLayer::blobs);
        const double rad = scene.drawnRadius(j, multiple);
        bar->start->setAxes(plot->xAxis, plot->yAxis2);
        bar->end->setAxes(plot->xAxis, plot->yAxis2);
        bar->start->setCoords(x - rad, y);
        bar->end->setCoords(x + rad, y);
        bar->setPen(QPen(multiple == 1.0 ? edge : fill, multiple == 1.0 ? 7 : 2.5, Qt::SolidLine,
                         Qt::FlatCap));
        bar->setHead(QCPLineEnding(QCPLineEnding::esBar, 10));
        bar->setTail(QCPLineEnding(QCPLineEnding::esBar, 10));
        items << bar;
    }
    auto *dot = new QCPItemTracer(plot);
    dot->setLayer(valueSpaceLayer::markers);
    dot->position->setAxes(plot->xAxis, plot->yAxis2);
    dot->position->setCoords(x, y);
    dot->setStyle(QCPItemTracer::tsCircle);
    dot->setSize(9);
    dot->setPen(QPen(Qt::white, 1.5));
    dot->setBrush(base.darker(150));
    items << dot;
    if (rank < ValueSpaceScene::maxValueLabels) {
        auto *label = newLabel(base.darker(170));
        label->position->setParentAnchor(dot->position);
        label->position->setType(QCPItemPosition::ptAbsolute);
        label->position->setCoords(0, -9);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->setText(QStringLiteral("%1  π = %2")
                           .arg(scene.keyLabels.value(scene.keys[size_t(j)]),
                                planeFit::labelNumber(scene.mle->precisionWeights()[j])));
        label->setPadding(QMargins(2, 0, 2, 0));
        items << label;
    }
}

/// d_v ≥ 2: slot j's 1σ circle and (the heaviest) its dashed 2σ circle.
void addCircles(QCustomPlot *plot, const ValueSpaceScene &scene, int j, int rank,
                const QColor &fill, const QColor &edge, QList<QCPAbstractItem *> &items)
{
    const double x = scene.coordX(scene.value(j));
    const double y = scene.coordY(scene.value(j));
    for (double multiple : {2.0, 1.0}) {
        // Dashed 2σ circles only for the heaviest blobs: stroking dashes along an ellipse
        // costs a path each, and a light blob's 2σ circle only adds clutter (issue 5).
        if (multiple == 2.0 && rank >= ValueSpaceScene::maxFilledBlobs)
            continue;
        const double rad = scene.drawnRadius(j, multiple);
        auto *circle = new QCPItemEllipse(plot);
        circle->setLayer(valueSpaceLayer::blobs);
        circle->topLeft->setCoords(x - rad, y + rad);
        circle->bottomRight->setCoords(x + rad, y - rad);
        const double span = std::max(scene.bounds.width(), scene.bounds.height());
        // Pens of 1 px: Qt draws them directly, while wider pens and fills go through a
        // span fill that Qt 6 splits across threads and waits for, which made the outlines
        // and fills of many blobs cost most of a replot (issue 5).
        if (multiple == 1.0) {
            circle->setPen(QPen(edge, rank < 4 ? 2 : 1)); // the 4 heaviest stand out
            // A circle far larger than the plot would only tint everything: outline only.
            // Past the heaviest few, a fill would be nearly transparent anyway.
            circle->setBrush(rad < 3 * span && rank < ValueSpaceScene::maxFilledBlobs
                                 ? QBrush(fill)
                                 : QBrush(Qt::NoBrush));
        } else {
            QColor faint = edge;
            faint.setAlpha(edge.alpha() * 2 / 3);
            circle->setPen(QPen(faint, 1, Qt::DashLine));
            circle->setBrush(Qt::NoBrush);
        }
        circle->setSelectable(false);
        items << circle;
    }
}

/// d_v ≥ 2: the value dots, with one label per group of coincident points. Returns the room
/// the widest label needs.
double addDots(QCustomPlot *plot, const ValueSpaceScene &scene, const std::vector<int> &order,
               const ValueSpaceLabelFactory &newLabel, QList<QCPAbstractItem *> &items,
               const QHash<QString, int> &spots)
{
    const QColor base = plotStyle::softmaxColor();
    const Eigen::VectorXd &pi = scene.mle->precisionWeights();
    auto *dots = new QCPGraph(plot->xAxis, plot->yAxis);
    dots->setLayer(valueSpaceLayer::markers);
    dots->setLineStyle(QCPGraph::lsNone);
    // White dots ringed in dark blue, on the blobs as on the paper, in every theme (themed, the
    // white of an ssDisc, which fills with its pen's colour, became the dark theme's background:
    // black dots on a dark plane).
    dots->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(base.darker(150), 1.5),
                                          QBrush(Qt::white), 10));
    dots->setProperty(Appearance::onDataProperty, true);
    dots->removeFromLegend();
    QVector<double> xs, ys;
    const double tol = 1e-9 * std::max(scene.bounds.width(), scene.bounds.height());

    std::vector<std::vector<int>> groups;
    std::vector<QPointF> groupAt; // each group's point, projected once (d_v can be 64)
    for (const int j : order) {
        const double x = scene.coordX(scene.value(j));
        const double y = scene.coordY(scene.value(j));
        xs << x;
        ys << y;
        int found = -1;
        for (size_t g = 0; g < groups.size() && g < 64; ++g) {
            if (std::abs(groupAt[g].x() - x) <= tol && std::abs(groupAt[g].y() - y) <= tol) {
                found = int(g);
                break;
            }
        }
        if (found < 0) {
            groups.push_back({j});
            groupAt.emplace_back(x, y);
        } else {
            groups[size_t(found)].push_back(j);
        }
    }
    dots->setData(xs, ys);
    double labelPixels = 0;
    for (size_t g = 0; g < groups.size() && g < size_t(ValueSpaceScene::maxValueLabels); ++g) {
        const std::vector<int> &members = groups[g];
        const int first = members.front();
        double sumPi = 0;
        for (int j : members)
            sumPi += pi[j];
        QString text;
        const QString name = plotStyle::elide(scene.keyLabels.value(scene.keys[size_t(first)]),
                                              plotStyle::tickFont(), 120);
        if (members.size() == 1)
            text = QStringLiteral("%1  π = %2").arg(name, planeFit::labelNumber(sumPi));
        else
            text = QStringLiteral("%1 +%2  Σπ = %3")
                       .arg(name)
                       .arg(members.size() - 1)
                       .arg(planeFit::labelNumber(sumPi));
        auto *anchor = new QCPItemTracer(plot);
        anchor->setStyle(QCPItemTracer::tsNone);
        anchor->position->setCoords(scene.coordX(scene.value(first)),
                                    scene.coordY(scene.value(first)));
        items << anchor;
        auto *label = newLabel(base.darker(170));
        label->position->setParentAnchor(anchor->position);
        label->position->setType(QCPItemPosition::ptAbsolute);
        label->position->setCoords(16, -11); // clear of the ô ring when ô is on the point
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        label->setText(text);
        planeFit::setLabelId(label, QStringLiteral("value %1").arg(scene.keys[size_t(first)]),
                             spots);
        labelPixels =
            std::max(labelPixels, plotStyle::metrics(label->font()).horizontalAdvance(text) + 16);
        items << label;
    }
    return labelPixels;
}

} // namespace

double addValueBlobs(QCustomPlot *plot, const ValueSpaceScene &scene,
                     const ValueSpaceLabelFactory &newLabel, QList<QCPAbstractItem *> &items,
                     const QHash<QString, int> &spots)
{
    const std::vector<int> order = scene.byPrecision();
    const Eigen::VectorXd &pi = scene.mle->precisionWeights();
    const QColor base = plotStyle::softmaxColor();
    // Blobs, the least weighted first so the heavy ones sit on top.
    for (int r = scene.drawnCount() - 1; r >= 0; --r) {
        const int j = order[size_t(r)];
        const double strength = std::sqrt(std::clamp(pi[j], 0.0, 1.0)); // opacity by π
        QColor fill = base;
        fill.setAlpha(int(110 * strength));
        QColor edge = base.darker(130);
        edge.setAlpha(int(40 + 200 * strength));
        if (scene.isLine())
            addLane(plot, scene, j, r, fill, edge, newLabel, items);
        else
            addCircles(plot, scene, j, r, fill, edge, items);
    }
    return scene.isLine() ? 0.0 : addDots(plot, scene, order, newLabel, items, spots);
}

} // namespace sml
