#include "plots/keyspace/EqualScoreLines.h"

#include "KeySpaceFields.h"
#include "LabelPlacement.h"
#include "plots/PlaneLabels.h"
#include "style/PlotStyle.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace sml {

/// The water line's colour (light theme; Appearance::applyTo maps it to the theme drawn).
static const QColor waterLineColour(0, 84, 190);

QList<QRectF> EqualScoreLines::update(const ScoreLines &lines, bool line, bool exact,
                                      QList<QRectF> obstacles)
{
    const std::vector<double> &levels = lines.levels;
    const Eigen::Vector2d u = lines.direction;
    const double g = lines.gain;
    while (mLines.size() < qsizetype(levels.size())) {
        const bool water = mKind == Kind::WaterLine;
        auto *l = new QCPItemStraightLine(mPlot);
        l->setPen(water ? QPen(waterLineColour, 2.4)
                        : QPen(QColor(110, 110, 110), 1.2, Qt::DashLine));
        l->setSelectable(false);
        QCPItemText *text =
            planeLabels::makeLabel(mPlot, water ? waterLineColour : QColor(70, 70, 70));
        text->setPadding(QMargins(2, 0, 2, 0));
        mLines << l;
        mLabels << text;
    }
    QCPAxis *xAxis = mPlot->xAxis, *yAxis = mPlot->yAxis;
    // Every label's candidate spots (where its line leaves the plot), for labelPlacement.
    struct Spot
    {
        QPointF at; ///< plot coordinates
        Qt::Alignment align;
    };
    std::vector<std::vector<Spot>> spots(size_t(mLines.size()));
    labelPlacement::Problem problem;
    problem.plot = QRectF(mPlot->axisRect()->rect());
    problem.obstacles.assign(obstacles.cbegin(), obstacles.cend());
    for (qsizetype k = 0; k < mLines.size(); ++k) {
        const bool on = k < qsizetype(levels.size());
        mLines[k]->setVisible(on);
        mLabels[k]->setVisible(false);
        labelPlacement::Label request; // names no disc: only the candidates below
        request.priority = -double(k);
        if (!on) {
            problem.labels.push_back(request);
            continue;
        }
        const double level = levels[size_t(k)];
        const double r = level / g; // distance from the origin along û, display units
        const Eigen::Vector2d p0 = u * r;
        mLines[k]->point1->setCoords(p0.x(), line ? 0.0 : p0.y());
        if (line)
            mLines[k]->point2->setCoords(p0.x(), 1.0);
        else
            mLines[k]->point2->setCoords(p0.x() - u.y(), p0.y() + u.x());
        const QString number = plotStyle::compact(level);
        mLabels[k]->setText(mKind == Kind::WaterLine ? tr("water line s* = %1").arg(number)
                            : exact                  ? tr("s = %1").arg(number)
                                                     : tr("Δs = %1").arg(number));
        // The label sits where the line leaves the plot: at the bottom edge, else the left, top
        // or right edge, like the marks of a ruler; it is hidden when the line is not in view.
        const QCPRange xr = xAxis->range(), yr = yAxis->range();
        const double x0 = xr.lower + 0.02 * xr.size(), x1 = xr.upper - 0.02 * xr.size();
        const double y0 = yr.lower + 0.02 * yr.size(), y1 = yr.upper - 0.02 * yr.size();
        const double dx = line ? 0.0 : -u.y(), dy = line ? 1.0 : u.x(); // the line's direction
        const double px0 = p0.x(), py0 = line ? 0.0 : p0.y();
        struct Edge
        {
            bool horizontal;
            double at;
            Qt::Alignment align;
        };
        const Edge edges[] = {{true, y0, Qt::AlignHCenter | Qt::AlignBottom},
                              {false, x0, Qt::AlignLeft | Qt::AlignVCenter},
                              {true, y1, Qt::AlignHCenter | Qt::AlignTop},
                              {false, x1, Qt::AlignRight | Qt::AlignVCenter}};
        const QFontMetricsF fm = plotStyle::metrics(mLabels[k]->font());
        const QSizeF size(fm.horizontalAdvance(mLabels[k]->text()) + 4, fm.height());
        // The box is tried with a margin (6 px beside, 2 above and below).
        request.size = size + QSizeF(12, 4);
        for (const Edge &e : edges) {
            const double along = e.horizontal ? dy : dx;
            if (std::abs(along) < 0.2)
                continue; // nearly parallel to this edge
            const double t = ((e.horizontal ? e.at - py0 : e.at - px0)) / along;
            const QPointF at(px0 + t * dx, py0 + t * dy);
            const bool inside =
                e.horizontal ? at.x() > x0 + 0.04 * xr.size() && at.x() < x1 - 0.04 * xr.size()
                             : at.y() > y0 + 0.04 * yr.size() && at.y() < y1 - 0.04 * yr.size();
            if (!inside)
                continue;
            const QPointF px(xAxis->coordToPixel(at.x()), yAxis->coordToPixel(at.y()));
            QRectF box(px, size);
            if (e.align & Qt::AlignHCenter)
                box.moveLeft(px.x() - size.width() / 2);
            else if (e.align & Qt::AlignRight)
                box.moveRight(px.x());
            if (e.align & Qt::AlignVCenter)
                box.moveTop(px.y() - size.height() / 2);
            else if (e.align & Qt::AlignBottom)
                box.moveBottom(px.y());
            // A long label ("water line s* = …") must not leave the plot: the margin may.
            if (!problem.plot.contains(box))
                continue;
            request.candidates.push_back(box.adjusted(-6, -2, 6, 2));
            spots[size_t(k)].push_back({at, e.align});
        }
        problem.labels.push_back(request);
    }
    // Candidates may leave the plot by their margin only.
    problem.plot.adjust(-6, -2, 6, 2);
    const labelPlacement::Placement placement = labelPlacement::place(problem);
    for (qsizetype k = 0; k < mLabels.size(); ++k) {
        const auto &box = placement.boxes[size_t(k)];
        if (!box)
            continue;
        const auto &candidates = problem.labels[size_t(k)].candidates;
        const size_t which =
            size_t(std::find(candidates.cbegin(), candidates.cend(), *box) - candidates.cbegin());
        const Spot &spot = spots[size_t(k)][which];
        obstacles << box->adjusted(6, 2, -6, -2);
        mLabels[k]->position->setCoords(spot.at);
        mLabels[k]->setPositionAlignment(spot.align);
        mLabels[k]->setVisible(true);
    }
    return obstacles;
}

} // namespace sml
