#include "plots/attention/EntropyView.h"

#include "Analysis.h"
#include "style/PlotStyle.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sml {

EntropyView::EntropyView(QWidget *parent) : PlotView(parent)
{
    mTitle = addTitle();
    mTitle->setText(tr("Entropy of each query's weights and its ceiling log |V|"));
    plotStyle::styleAxis(xAxis, tr("queries"));
    plotStyle::styleAxis(yAxis, tr("entropy H (nats)"));
    xAxis->grid()->setVisible(false);

    mBars = new QCPBars(xAxis, yAxis);
    mBars->setName(tr("entropy H"));
    mBars->setBrush(plotStyle::softmaxColor());
    mBars->setPen(QPen(plotStyle::softmaxColor().darker(130), 1));
    mBars->setWidth(0.6);

    mSelectedBar = new QCPBars(xAxis, yAxis);
    mSelectedBar->setName(tr("selected query"));
    mSelectedBar->setBrush(plotStyle::highlightColor());
    mSelectedBar->setPen(QPen(plotStyle::highlightColor().darker(130), 1));
    mSelectedBar->setWidth(0.6);

    // The ceiling: one short horizontal segment per query, separated by NaN gaps.
    mCeiling = new QCPGraph(xAxis, yAxis);
    mCeiling->setName(tr("ceiling  log |V|  (uniform weights)"));
    mCeiling->setPen(QPen(plotStyle::ceilingColor(), 3, Qt::DashLine));
    mCeiling->setLineStyle(QCPGraph::lsLine);

    plotStyle::addLegendRow(this, 1);
}

void EntropyView::showAnalysis(const Analysis &analysis, int selectedQuery)
{
    const Scenario &s = analysis.scenario();
    const AttentionResult &att = analysis.attention();
    const int m = s.m();
    const int selected = std::clamp(selectedQuery, 0, std::max(0, m - 1));
    mEntropy = att.entropy;
    mVisibleCount = att.visibleCount;
    mSupportSize = att.supportSize;
    mEntmax = att.isEntmax();
    for (QCPItemText *item : mSupportTexts)
        removeItem(item);
    mSupportTexts.clear();
    mDefined = att.defined;
    mLabels.clear();

    QVector<double> barKeys, barValues, selKeys, selValues, lineKeys, lineValues;
    double top = 0;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (int i = 0; i < m; ++i) {
        const bool defined = size_t(i) < mDefined.size() && mDefined[size_t(i)];
        mLabels << (defined ? s.queryLabels.value(i)
                            : tr("%1 (undefined)").arg(s.queryLabels.value(i)));
        if (!defined)
            continue;
        const double ceiling = std::log(double(std::max(1, mVisibleCount[i])));
        (i == selected ? selKeys : barKeys) << i;
        (i == selected ? selValues : barValues) << mEntropy[i];
        lineKeys << i - 0.42 << i + 0.42 << i + 0.43;
        lineValues << ceiling << ceiling << nan;
        top = std::max({top, ceiling, mEntropy[i]});
        if (mEntmax && m <= 40) {
            // MATH.md §7.4: the support size beside H (the keys with a weight > 0 exactly).
            auto *text = new QCPItemText(this);
            text->position->setCoords(i, mEntropy[i]);
            text->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            text->setText(tr("|supp| = %1 / %2").arg(mSupportSize[i]).arg(mVisibleCount[i]));
            text->setFont(plotStyle::tickFont());
            text->setPadding(QMargins(2, 2, 2, 4));
            text->setClipToAxisRect(false);
            mSupportTexts.push_back(text);
        }
    }
    mBars->setData(barKeys, barValues, true);
    // Legend in a fixed order; the "entropy H" entry only when there are other queries.
    legend->clearItems();
    if (!barKeys.isEmpty())
        mBars->addToLegend();
    mSelectedBar->addToLegend();
    mCeiling->addToLegend();
    mSelectedBar->setData(selKeys, selValues, true);
    mSelectedBar->setName(tr("selected query “%1”").arg(s.queryLabels.value(selected)));
    mCeiling->setData(lineKeys, lineValues, true);

    xAxis->setRange(-0.6, std::max(0, m - 1) + 0.6);
    yAxis->setRange(0, top > 0 ? top * 1.15 : 1.0);
    updateTicks();
    replot();
}

void EntropyView::updateTicks()
{
    const QSize size = layoutSize();
    plotStyle::setCategoryTicks(xAxis, mLabels, std::max(100, size.width() - 110),
                                plotStyle::crossLabelRoom(size.height()));
    // The legend in as few rows as its names allow: the entries closer together, then the
    // ceiling's without "(uniform weights)" (its tooltip says it), each only when it saves a
    // row. Beside both docks at 1280×800 three rows of one entry left the temperature extremes'
    // bars 226 px of the 752 px window.
    plotStyle::fitLegendName(legend, mCeiling, tr("ceiling  log |V|  (uniform weights)"),
                             tr("ceiling  log |V|"), size.width());
}

QString EntropyView::toolTipAt(const QPointF &pos) const
{
    if (!axisRect()->rect().contains(pos.toPoint()))
        return {};
    const int i = int(std::lround(xAxis->pixelToCoord(pos.x())));
    if (i < 0 || i >= mLabels.size())
        return {};
    if (size_t(i) >= mDefined.size() || !mDefined[size_t(i)])
        return tr("query %1 “%2” sees no key: its entropy is undefined")
            .arg(i + 1)
            .arg(mLabels.value(i));
    const double h = mEntropy[i];
    const int n = mVisibleCount[i];
    QString text = tr("query %1 “%2”\nH = %3 nats = %4 bits\nN_eff = exp(H) = %5 of %6 keys\n"
                      "ceiling log %6 = %7 nats (uniform weights)")
                       .arg(i + 1)
                       .arg(mLabels.value(i))
                       .arg(plotStyle::exact(h))
                       .arg(plotStyle::compact(h / std::log(2.0)))
                       .arg(plotStyle::compact(std::exp(h)))
                       .arg(n)
                       .arg(plotStyle::exact(std::log(double(n))));
    if (mEntmax && i < mSupportSize.size())
        text += tr("\nsupport: %1 of %2 keys (the others exactly 0)").arg(mSupportSize[i]).arg(n);
    return text;
}

QString EntropyView::supportText(int i) const
{
    int k = 0;
    for (int q = 0; q < mLabels.size() && k < int(mSupportTexts.size()); ++q) {
        const bool defined = size_t(q) < mDefined.size() && mDefined[size_t(q)];
        if (!defined)
            continue;
        if (q == i)
            return mSupportTexts[size_t(k)]->text();
        ++k;
    }
    return QString();
}

} // namespace sml

namespace sml {

void EntropyView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton &&
        axisRect()->rect().contains(event->position().toPoint())) {
        const int i = int(std::lround(xAxis->pixelToCoord(event->position().x())));
        if (i >= 0 && i < mLabels.size())
            emit queryClicked(i);
    }
    PlotView::mousePressEvent(event);
}

} // namespace sml

namespace sml {

QString EntropyView::dataCsv() const
{
    QString out = csvLine({QStringLiteral("query"), QStringLiteral("H"), QStringLiteral("log|V|")});
    for (int i = 0; i < mLabels.size(); ++i) {
        const bool defined = size_t(i) < mDefined.size() && mDefined[size_t(i)];
        out += csvLine(
            {mLabels.value(i), defined ? csvNumber(mEntropy[i]) : QString(),
             defined ? csvNumber(std::log(double(std::max(1, mVisibleCount[i])))) : QString()});
    }
    return out;
}

} // namespace sml
