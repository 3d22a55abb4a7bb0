#include "plots/attention/WeightBarsView.h"

#include "Analysis.h"
#include "plots/PlaneFit.h"
#include "style/PlotStyle.h"

#include <QFontMetricsF>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace sml {

static QCPBars *makeBars(QCustomPlot *plot, const QString &name, const QColor &color)
{
    auto *bars = new QCPBars(plot->xAxis, plot->yAxis);
    bars->setName(name);
    bars->setPen(QPen(color.darker(130), 1));
    bars->setBrush(color);
    bars->setWidth(0.27);
    return bars;
}

WeightBarsView::WeightBarsView(QWidget *parent) : PlotView(parent)
{
    mTitle = addTitle();
    plotStyle::styleAxis(xAxis, tr("keys the query sees"));
    plotStyle::styleAxis(yAxis, tr("weight"));
    xAxis->grid()->setVisible(false);

    // Short names, so the symbols the derivations use (w, π, p) never fall off a narrow plot.
    mSoftmax = makeBars(this, tr("softmax  w"), plotStyle::softmaxColor());
    mMle = makeBars(this, tr("MLE precisions  π"), plotStyle::mleColor());
    mMaxEnt = makeBars(this, tr("MaxEnt  p"), plotStyle::maxentColor());
    auto *group = new QCPBarsGroup(this);
    group->setSpacingType(QCPBarsGroup::stAbsolute);
    group->setSpacing(2);
    for (QCPBars *bars : {mSoftmax, mMle, mMaxEnt})
        bars->setBarsGroup(group);

    // Legend in its own row under the title, laid out horizontally, so it never hides a bar.
    plotStyle::addLegendRow(this, 1);
    mLegendRow = qobject_cast<QCPLayoutGrid *>(plotLayout()->element(1, 0));

    // The bars' axis rect in a grid of its own, which takes the readout beside it in a wide view.
    QCPLayoutElement *bars = plotLayout()->element(2, 0);
    plotLayout()->take(bars);
    mBody = new QCPLayoutGrid;
    plotLayout()->addElement(2, 0, mBody);
    mBody->addElement(0, 0, bars);
    mBody->setColumnSpacing(16);
    mSummary = new QCPTextElement(this, QString(), plotStyle::textFont());
    plotLayout()->addElement(plotLayout()->rowCount(), 0, mSummary);
    plotLayout()->setRowStretchFactor(plotLayout()->rowCount() - 1, 0.001);
    // The side column, empty until a wide view with short bars takes it (placeSummary):
    // the legend on top, the readout under it, the rest empty.
    mSide = new QCPLayoutGrid;
    mSide->setRowSpacing(12);
    // A margin on the right: the readout's longest line ran to the edge of a --slide export.
    mSide->setMargins(QMargins(0, 0, 12, 0));
}

WeightBarsView::~WeightBarsView()
{
    // The side column belongs to no layout while unused.
    if (!summaryBeside())
        delete mSide; // (the legend and readout are in the plot's layout then)
}

bool WeightBarsView::summaryBeside() const
{
    return mBody->hasElement(0, 1);
}

bool WeightBarsView::legendBeside() const
{
    return legend->layout() == mSide;
}

void WeightBarsView::placeSummary(bool beside, bool withLegend)
{
    withLegend = beside && withLegend;
    if (beside == summaryBeside() && withLegend == legendBeside())
        return;
    // Back to the stacked layout: the legend in its row under the title, the readout under
    // the bars.
    if (summaryBeside()) {
        mBody->take(mSide);
        mBody->simplify();
        if (legendBeside()) {
            mSide->take(legend);
            plotLayout()->insertRow(1);
            plotLayout()->addElement(1, 0, mLegendRow);
            plotLayout()->setRowStretchFactor(1, 0.001);
            mLegendRow->addElement(0, 1, legend);
        }
        mSide->take(mSummary);
        delete mSide->element(mSide->rowCount() - 1, 0); // the spacer under them
        mSide->simplify();
        plotLayout()->addElement(plotLayout()->rowCount(), 0, mSummary);
        plotLayout()->setRowStretchFactor(plotLayout()->rowCount() - 1, 0.001);
        mSummary->setTextFlags(Qt::AlignCenter);
    }
    if (!beside)
        return;
    // (No empty cell in mSide: QCustomPlot 2.1 dereferences it on adding the grid.)
    plotLayout()->take(mSummary);
    if (withLegend) {
        mLegendRow->take(legend);
        plotLayout()->take(mLegendRow);
        mSide->addElement(0, 0, legend);
    }
    plotLayout()->simplify();
    mSide->addElement(mSide->rowCount(), 0, mSummary);
    mSide->addElement(mSide->rowCount(), 0, new QCPLayoutElement(this));
    for (int row = 0; row < mSide->rowCount(); ++row)
        mSide->setRowStretchFactor(row, row + 1 < mSide->rowCount() ? 0.001 : 1.0);
    mBody->addElement(0, 1, mSide);
    mBody->setColumnStretchFactor(1, 0.001);
    mSummary->setTextFlags(Qt::AlignLeft | Qt::AlignTop);
}

void WeightBarsView::showAnalysis(const Analysis &analysis, int selectedQuery)
{
    const Scenario &s = analysis.scenario();
    const int i = std::clamp(selectedQuery, 0, std::max(0, s.m() - 1));
    const auto shared = analysis.sharedDetail(i);
    const QueryDetail &d = *shared;
    const QString label = s.queryLabels.value(i);
    mTitleText = tr("Query “%1”: three derivations of the weights").arg(label);

    mVisible = d.defined ? d.visible : std::vector<int>();
    mLabels.clear();
    for (int t : mVisible)
        mLabels << s.keyLabels.value(t);
    const int n = int(mVisible.size());

    mEntmax = d.alpha != 1;
    mWName = plotStyle::normalizerName(d.alpha);
    mSoftmax->setName(mWName + QStringLiteral("  w"));
    mW = d.defined ? d.weights : Eigen::VectorXd();
    mPi = (d.defined && d.mle) ? d.mle->precisionWeights() : Eigen::VectorXd();
    mP = (d.defined && d.maxent.weights.size() == n) ? d.maxent.weights : Eigen::VectorXd();

    QVector<double> keys(n);
    for (int j = 0; j < n; ++j)
        keys[j] = j;
    auto toVector = [n](const Eigen::VectorXd &v) {
        QVector<double> out(v.size() == n ? n : 0);
        for (int j = 0; j < out.size(); ++j)
            out[j] = v[j];
        return out;
    };
    mSoftmax->setData(mW.size() == n ? keys : QVector<double>(), toVector(mW), true);
    mMle->setData(mPi.size() == n ? keys : QVector<double>(), toVector(mPi), true);
    mMaxEnt->setData(mP.size() == n ? keys : QVector<double>(), toVector(mP), true);

    double top = 0;
    for (const Eigen::VectorXd *v : {&mW, &mPi, &mP})
        if (v->size() > 0)
            top = std::max(top, v->maxCoeff());
    yAxis->setRange(0, std::clamp(top * 1.15, 0.05, 1.1));
    xAxis->setRange(-0.6, std::max(0, n - 1) + 0.6);

    // The readout: how closely the three derivations agree (MATH.md §3, "max |p − r|").
    QStringList lines;
    QColor color = Qt::black;
    if (!d.defined) {
        lines << (d.warnings.isEmpty() ? tr("This query sees no key: its weights are undefined.")
                                       : d.warnings.join(QLatin1Char('\n')));
        color = plotStyle::errorColor();
    } else {
        if (!mEntmax) {
            QString agree =
                tr("max |π − w| = %1").arg(plotStyle::compact(d.mleMaxAbsDiffFromAttention));
            if (d.maxentMaxAbsDiffFromAttention)
                agree += tr("        max |p − w| = %1")
                             .arg(plotStyle::compact(*d.maxentMaxAbsDiffFromAttention));
            lines << agree;
        } else {
            // MATH.md §7.3: the Gaussian view is specific to the softmax. Each difference on
            // the line that says why it is what it is (four lines: beside both docks at
            // 1280×800 five left the digits' bars under a third of the window).
            lines << tr("%1 of %2 keys on the support, the others exactly 0")
                         .arg(d.support.size())
                         .arg(n);
            lines << tr("π = softmax(s) ≠ w,   max |π − w| = %1")
                         .arg(plotStyle::compact(d.mleMaxAbsDiffFromAttention));
            // (The legend names the normalizer: "sparsemax  w".) At the default μ, p = w: the
            // entmax weights are the maximum of the Tsallis entropy (MATH.md §7.3).
            const QString alpha = plotStyle::compact(d.alpha);
            if (!d.maxentMaxAbsDiffFromAttention)
                lines << tr("w maximizes the Tsallis entropy H_%1 at the default μ").arg(alpha);
            else if (d.maxentTargetIsDefault)
                lines << tr("p = w maximizes Tsallis H_%1,   max |p − w| = %2")
                             .arg(alpha, plotStyle::compact(*d.maxentMaxAbsDiffFromAttention));
            else
                lines << tr("p maximizes Tsallis H_%1 at this μ,   max |p − w| = %2")
                             .arg(alpha, plotStyle::compact(*d.maxentMaxAbsDiffFromAttention));
        }
        const QString muText =
            tr("μ = %1 (%2)")
                .arg(plotStyle::compact(d.maxentTarget))
                .arg(d.maxentTargetIsDefault ? tr("default: E_w[f]") : tr("set by hand"));
        switch (d.maxent.status) {
        case maxent::Status::Ok: {
            // "λ = 1/τ = 0.7071" when they agree as shown (the default μ), one quantity fewer
            // on a line that wrapped beside both docks at 1280×800.
            const QString lambda = plotStyle::compact(d.maxent.lambda.value_or(0));
            const QString invTau = plotStyle::compact(1.0 / analysis.tau());
            lines << (lambda == invTau
                          ? tr("%1,   λ = 1/τ = %2").arg(muText, lambda)
                          : tr("%1,   λ = %2,   1/τ = %3").arg(muText, lambda, invTau));
            break;
        }
        case maxent::Status::Undetermined:
            lines << tr("%1:  %2").arg(muText, d.maxent.message.isEmpty()
                                                   ? tr("all similarities equal; λ undetermined")
                                                   : d.maxent.message);
            color = plotStyle::mleColor().darker(150);
            break;
        case maxent::Status::Infeasible:
        case maxent::Status::TooClose:
            lines << tr("MaxEnt: %1").arg(d.maxent.message);
            color = plotStyle::errorColor();
            break;
        }
    }
    mSummaryLines = lines;
    mSummary->setTextColor(color);

    updateTicks();
    replot();
}

QString WeightBarsView::summaryText() const
{
    return mSummary->text();
}

void WeightBarsView::updateTicks()
{
    const QSize size = layoutSize();
    plotStyle::setCategoryTicks(xAxis, mLabels, std::max(100, size.width() - 140),
                                plotStyle::crossLabelRoom(size.height()));
    // The title shrinks, then wraps, to the width; the legend stacks when the plot is narrow.
    planeFit::fitTitle(mTitle, mTitleText, size.width(), 18, 13, true);
    // Summary lines too wide for their room break at their ",   " and "        " separators;
    // beside the bars they always do, one quantity a line, so the column stays narrow.
    // (Then any piece still too wide wraps at spaces.)
    // The readout's font: the text font, smaller beside the bars when their column is short.
    QFont font = plotStyle::textFont();
    QFontMetricsF metrics = plotStyle::metrics(font);
    const auto wrapped = [&](double room, bool split = false) {
        QStringList shown;
        for (const QString &line : std::as_const(mSummaryLines)) {
            static const QRegularExpression separators(QStringLiteral(",   |        "));
            if (!split && metrics.horizontalAdvance(line) <= room) {
                shown << line;
                continue;
            }
            // Too wide: its pieces, as many a line as fit (one each beside the bars).
            QString packed;
            qsizetype from = 0;
            QString separator; // the one before the next piece, kept when pieces share a line
            auto add = [&](const QString &piece) {
                const QString joined = packed + separator + piece;
                if (!split && !packed.isEmpty() && metrics.horizontalAdvance(joined) <= room) {
                    packed = joined;
                    return;
                }
                if (!packed.isEmpty())
                    shown << plotStyle::wrapText(packed, font, room);
                packed = piece;
            };
            for (auto it = separators.globalMatch(line); it.hasNext();) {
                const QRegularExpressionMatch match = it.next();
                add(line.mid(from, match.capturedStart() - from));
                separator = match.captured();
                from = match.capturedEnd();
            }
            add(line.mid(from));
            shown << plotStyle::wrapText(packed, font, room);
        }
        return shown.join(QLatin1Char('\n'));
    };
    const auto height = [&metrics](const QString &text) {
        return metrics.lineSpacing() * double(text.count(QLatin1Char('\n')) + 1);
    };
    QString text = wrapped(size.width() - 16);
    // Stacked, the legend's rows, the turned key labels (their room at most) and the readout
    // take this much of the height from the bars.
    const double legendLine = plotStyle::metrics(legend->font()).lineSpacing() + 8;
    // (Its entries: legend->itemCount() counts the empty cells of its grid too.)
    const int entries = int(plotStyle::legendEntryWidths(legend).size());
    // "MLE  π" when "MLE precisions  π" would take a second row (the bars' tooltip says
    // "MLE precision weight π").
    const int legendRows =
        plotStyle::fitLegendName(legend, mMle, tr("MLE precisions  π"), tr("MLE  π"), size.width());
    const double keyLabels = xAxis->tickLabelRotation() != 0
                                 ? plotStyle::crossLabelRoom(size.height())
                                 : plotStyle::metrics(xAxis->tickLabelFont()).lineSpacing();
    const double stacked = height(text) + legendRows * legendLine + keyLabels;
    bool beside = false;
    bool withLegend = false;
    // Beside in a view shaped like a banner (the central area presented at 1280×800 is
    // 1251×489: stacked, the bars of most scenarios took under a third of the window), as the
    // likelihood landscape puts its legend (ValueSpaceView), or in a wide one where stacking
    // would take much of the height.
    const bool banner = size.width() > 2.1 * size.height();
    if (banner || (size.width() > 1.5 * size.height() &&
                   (height(text) > 0.25 * size.height() || stacked > 0.4 * size.height()))) {
        // The side column's height is the view's less the title, and less the legend's row when
        // the legend is not over the readout. The readout's font shrinks to that room: to 70 %,
        // or 60 % in a banner, where the bars under a stacked readout are a strip. (Presented
        // beside the Key space dock, α-entmax's readout, one quantity a line, lost its last line
        // and the legend over it its glyphs' feet, or it went under the bars and left them
        // 45 px: a fresh reader.) The legend stays over the readout if both fit.
        const double titleHeight =
            static_cast<const QCPLayoutElement *>(mTitle)->minimumOuterSizeHint().height() +
            plotLayout()->rowSpacing();
        const double column = size.height() - titleHeight - 8;
        const double full = font.pointSizeF();
        const double smallest = banner ? 0.6 : 0.7;
        QString side;
        for (const bool legendToo : {true, false}) {
            const double room =
                column - (legendToo ? entries * legendLine + mSide->rowSpacing()
                                    : legendRows * legendLine + plotLayout()->rowSpacing());
            for (double f = 1.0; f > smallest - 0.01 && !beside; f -= 0.05) {
                font.setPointSizeF(full * f);
                metrics = plotStyle::metrics(font);
                side = wrapped(0.45 * size.width(), true);
                beside = height(side) <= room;
            }
            if (beside) {
                withLegend = legendToo;
                text = side;
                break;
            }
        }
        if (!beside) { // stacked, at the full size its text was broken for
            font = plotStyle::textFont();
            metrics = plotStyle::metrics(font);
        }
    }
    placeSummary(beside, withLegend);
    if (mSummary->font() != font)
        mSummary->setFont(font);
    mSummary->setText(text);
    if (beside) {
        // The key labels fit the bars' narrower axis, not the view's width.
        double column = 0;
        for (const QString &line : text.split(QLatin1Char('\n')))
            column = std::max(column, metrics.horizontalAdvance(line));
        if (withLegend)
            for (const double entry : plotStyle::legendEntryWidths(legend))
                column = std::max(column, entry + 16);
        plotStyle::setCategoryTicks(
            xAxis, mLabels,
            std::max(100, size.width() - 140 - int(column) - mBody->columnSpacing()),
            plotStyle::crossLabelRoom(size.height()));
    }
    // Beside the bars, one entry a row over the readout (PlotView::fitLegends keeps it so).
    legend->setProperty("_sml_oneColumn", withLegend);
    plotStyle::fitLegendColumns(legend, withLegend ? 0 : size.width());
}

QString WeightBarsView::toolTipAt(const QPointF &pos) const
{
    if (!axisRect()->rect().contains(pos.toPoint()) || mVisible.empty())
        return {};
    const int j = int(std::lround(xAxis->pixelToCoord(pos.x())));
    if (j < 0 || j >= int(mVisible.size()))
        return {};
    QString text = tr("key %1 “%2”").arg(mVisible[size_t(j)] + 1).arg(mLabels.value(j));
    if (mW.size() > j)
        text += mEntmax && mW[j] == 0 ? tr("\nw = 0 exactly: below the threshold")
                                      : tr("\n%1 w = %2").arg(mWName, plotStyle::exact(mW[j]));
    if (mPi.size() > j)
        text += tr("\nMLE precision weight π = %1").arg(plotStyle::exact(mPi[j]));
    if (mP.size() > j)
        text += tr("\nMaxEnt p = %1").arg(plotStyle::exact(mP[j]));
    return text;
}

} // namespace sml

namespace sml {

QString WeightBarsView::dataCsv() const
{
    QString out = csvLine(
        {QStringLiteral("key"), QStringLiteral("w"), QStringLiteral("pi"), QStringLiteral("p")});
    for (int j = 0; j < int(mVisible.size()); ++j)
        out += csvLine({mLabels.value(j), mW.size() > j ? csvNumber(mW[j]) : QString(),
                        mPi.size() > j ? csvNumber(mPi[j]) : QString(),
                        mP.size() > j ? csvNumber(mP[j]) : QString()});
    return out;
}

} // namespace sml
