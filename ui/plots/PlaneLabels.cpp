#include "plots/PlaneLabels.h"

#include "style/PlotStyle.h"

#include <qcustomplot.h>

#include <QStringList>

#include <algorithm>

namespace sml::planeLabels {

QString labelLayer()
{
    return QStringLiteral("labels");
}

QCPItemText *makeLabel(QCustomPlot *plot, const QColor &color, bool bold)
{
    auto *label = new QCPItemText(plot);
    label->setLayer(labelLayer());
    QFont f = plotStyle::tickFont();
    f.setBold(bold);
    label->setFont(f);
    label->setColor(color);
    label->setBrush(QColor(255, 255, 255, 200));
    label->setPadding(QMargins(3, 1, 3, 1));
    label->setSelectable(false);
    return label;
}

QCPItemText *makeAnchoredLabel(QCustomPlot *plot, QCPItemPosition *anchor, QPointF offset,
                               Qt::Alignment alignment, const QString &text, const QColor &color,
                               bool bold)
{
    QCPItemText *label = makeLabel(plot, color, bold);
    label->position->setParentAnchor(anchor);
    label->position->setType(QCPItemPosition::ptAbsolute);
    label->position->setCoords(offset);
    label->setPositionAlignment(alignment);
    label->setText(text);
    return label;
}

QCPTextElement *addSubtitle(QCustomPlot *plot)
{
    plot->plotLayout()->insertRow(1);
    auto *subtitle = new QCPTextElement(plot, QString(), plotStyle::subtitleFont());
    subtitle->setTextColor(QColor(60, 60, 60));
    plot->plotLayout()->addElement(1, 0, subtitle);
    return subtitle;
}

QString vectorText(const Eigen::Ref<const Eigen::VectorXd> &v, int maxEntries)
{
    QStringList parts;
    for (Eigen::Index k = 0; k < std::min<Eigen::Index>(v.size(), maxEntries); ++k)
        parts << plotStyle::exact(v[k]);
    if (v.size() > maxEntries)
        parts << QStringLiteral("… (%1 numbers)").arg(v.size());
    return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
}

} // namespace sml::planeLabels
