#include "plots/keyspace/QueryArrow.h"

#include "style/PlotStyle.h"

#include <qcustomplot.h>

#include <limits>

namespace sml {

namespace {

constexpr int maxFeet = 8; // perpendicular feet onto the q line up to this many keys

} // namespace

QueryArrow::QueryArrow(QCustomPlot *plot, const QString &arrowLayer)
{
    mLine = new QCPItemStraightLine(plot);
    mLine->setPen(QPen(plotStyle::highlightColor().lighter(140), 1.5, Qt::DashDotLine));
    mLine->setSelectable(false);

    mFeet = new QCPCurve(plot->xAxis, plot->yAxis);
    mFeet->setPen(QPen(QColor(90, 90, 90), 1.2, Qt::DotLine));
    mFeet->removeFromLegend();

    mArrow = new QCPItemLine(plot);
    mArrow->setLayer(arrowLayer);
    mArrow->setPen(QPen(plotStyle::highlightColor(), 4));
    mArrow->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 16, 22));
    mArrow->start->setCoords(0, 0);
    mArrow->end->setCoords(0, 0);
}

void QueryArrow::update(const Eigen::Vector2d &q, const std::vector<Eigen::Vector2d> &keys,
                        const std::vector<bool> &visible, double unit, bool line)
{
    auto toDisplay = [unit](const Eigen::Vector2d &p) {
        return QPointF(p.x() / unit, p.y() / unit);
    };
    const QPointF d = toDisplay(q);
    mArrow->end->setCoords(d.x(), line ? 0.0 : d.y());
    mArrow->start->setCoords(0, 0);
    mArrow->setVisible(q.norm() > 0);
    mLine->point1->setCoords(0, 0);
    mLine->point2->setCoords(d.x(), line ? 0.0 : d.y());
    mLine->setVisible(q.norm() > 0 && !line);

    // Feet of the perpendiculars from the keys onto the q line: the signed distance from the
    // origin to a foot, times |q|, is the dot product q·k.
    QVector<double> fx, fy;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double qn = q.norm();
    const int T = int(keys.size());
    if (qn > 0 && T <= maxFeet && !line) {
        const Eigen::Vector2d u = q / qn;
        for (int t = 0; t < T; ++t) {
            if (!visible[size_t(t)])
                continue;
            const QPointF a = toDisplay(keys[size_t(t)]);
            const QPointF b = toDisplay(u * u.dot(keys[size_t(t)]));
            fx << a.x() << b.x() << nan;
            fy << a.y() << b.y() << nan;
        }
    }
    mFeet->setData(fx, fy);
}

void QueryArrow::hide()
{
    mArrow->setVisible(false);
    mLine->setVisible(false);
    mFeet->data()->clear();
}

} // namespace sml
