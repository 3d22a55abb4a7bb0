// MaxEntLambdaPlot, its layout for a size: the axis names, titles and the margins of the marker
// labels fitted to the size being drawn, the reference names thinned or shortened where they
// would not fit, the marker labels and the λ_min/λ_max names placed beside their lines
// (MaxEntLambdaPlot.h).
#include "plots/maxent/MaxEntLambdaPlot.h"

#include "plots/AxisLabelVariants.h"
#include "style/Appearance.h"
#include "style/PlotStyle.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sml {

namespace {

/// The box of `size` whose anchor point `at` is where `alignment` says (Qt::AlignRight: `at`
/// is its right edge, AlignBottom: its bottom, …), as QCPItemText places its text.
QRectF alignedBox(const QSizeF &size, const QPointF &at, Qt::Alignment alignment)
{
    QPointF topLeft = at;
    if (alignment & Qt::AlignRight)
        topLeft.rx() -= size.width();
    else if (alignment & Qt::AlignHCenter)
        topLeft.rx() -= size.width() / 2;
    if (alignment & Qt::AlignBottom)
        topLeft.ry() -= size.height();
    else if (alignment & Qt::AlignVCenter)
        topLeft.ry() -= size.height() / 2;
    return QRectF(topLeft, size);
}

} // namespace

double MaxEntLambdaPlot::plotPixels() const
{
    // Less the left axis (about 90 px) and the right-hand reference labels.
    double right = 20;
    const QFontMetricsF fm = plotStyle::metrics(plotStyle::tickFont());
    for (const auto &tick : mReferenceTicks)
        for (const QString &line : tick.second.split(QLatin1Char('\n')))
            right = std::max(right, fm.horizontalAdvance(line) + 24);
    return std::max(80.0, double(layoutSize().width()) - 90 - right);
}

void MaxEntLambdaPlot::placeLabel(QCPItemText *label, const QStringList &texts,
                                  Qt::Alignment vertical)
{
    const double x = label->position->key();
    // The axis rect as laid out for the current size, ticks and reference labels (see
    // updateTicks()); the estimate only before the first layout.
    const double laidOut = axisRect()->width();
    const double width = laidOut > 20 ? laidOut : plotPixels();
    const double at = std::clamp((x - mXMin) / (mXMax - mXMin), 0.0, 1.0) * width;
    const double rightRoom = width - at, leftRoom = at;
    const QFontMetricsF fm = plotStyle::metrics(label->font());
    QString text = texts.isEmpty() ? QString() : texts.last();
    Qt::Alignment side = rightRoom >= leftRoom ? Qt::AlignLeft : Qt::AlignRight;
    bool placed = false;
    for (const QString &candidate : texts) {
        const double need = fm.horizontalAdvance(candidate) + 16;
        if (need <= rightRoom || need <= leftRoom) {
            text = candidate;
            side = need <= rightRoom ? Qt::AlignLeft : Qt::AlignRight;
            placed = true;
            break;
        }
    }
    Q_UNUSED(placed);
    label->setText(text);
    const Qt::Alignment alignment = vertical | side;
    label->setPositionAlignment(alignment);
    label->setTextAlignment(side);
    // Clear of the dotted line, and of the axis rect's edge.
    label->setPadding(QMargins(side == Qt::AlignLeft ? 8 : 4, (vertical & Qt::AlignTop) ? 4 : 2,
                               side == Qt::AlignRight ? 8 : 4,
                               (vertical & Qt::AlignBottom) ? 4 : 2));
}

void MaxEntLambdaPlot::placeSupportLimitNames()
{
    if (mLimitLabels.empty() || axisRect()->width() < 20 || axisRect()->height() < 20)
        return;
    // The other labels as placed (these names out of the count: they are being placed).
    for (QCPItemText *label : mLimitLabels)
        label->setText(QString());
    std::vector<QRectF> labels = otherLabelBoxes();
    // (A refusal's note stands at the bottom of the plot instead of the current λ's label.)
    if (mCurrentLabelIsError && mCurrentLabel->visible() && !mCurrentLabel->text().isEmpty())
        labels.push_back(labelBox(mCurrentLabel, mCurrentLabel->text(),
                                  mCurrentLabel->position->pixelPosition(),
                                  mCurrentLabel->positionAlignment()));
    const std::vector<QPointF> curve = curvePixels();
    const QRectF plot = axisRect()->rect();
    const double inset = 3; // clear of the frame and of the dashed line
    struct Spot
    {
        bool top;
        bool right; // of the line
        int row;    // from the top or the bottom
    };
    // At the top first, where the names were (right of the line, then left), then at the bottom,
    // then rows further in (a crowded plot: the 1/τ label at the top, the other name below).
    std::vector<Spot> spots;
    for (int row = 0; row < 4; ++row)
        for (const bool top : {true, false})
            for (const bool right : {true, false})
                spots.push_back({top, right, row});
    for (size_t k = 0; k < mLimitLabels.size() && k < mLimitNames.size(); ++k) {
        QCPItemText *label = mLimitLabels[k];
        const LimitName &name = mLimitNames[k];
        const double x = xAxis->coordToPixel(name.lambda);
        std::vector<double> lines;
        for (const QCPItemStraightLine *line : {mInvTauLine, mCurrentLine})
            if (line->visible())
                lines.push_back(xAxis->coordToPixel(line->point1->key()));
        for (const LimitName &other : mLimitNames)
            if (&other != &name)
                lines.push_back(xAxis->coordToPixel(other.lambda));
        double best = std::numeric_limits<double>::max();
        QString bestText = name.brief;
        QRectF bestBox;
        Qt::Alignment bestAlignment = Qt::AlignLeft | Qt::AlignTop;
        QPointF bestAt;
        const QStringList texts{name.full, name.brief};
        for (int t = 0; t < texts.size(); ++t) {
            const QSizeF size =
                labelBox(label, texts[t], QPointF(), Qt::AlignLeft | Qt::AlignTop).size();
            for (int s = 0; s < int(spots.size()); ++s) {
                const Qt::Alignment alignment = (spots[s].top ? Qt::AlignTop : Qt::AlignBottom) |
                                                (spots[s].right ? Qt::AlignLeft : Qt::AlignRight);
                const double in = inset + spots[s].row * size.height();
                const QPointF at(x + (spots[s].right ? inset : -inset),
                                 spots[s].top ? plot.top() + in : plot.bottom() - in);
                const QRectF box = alignedBox(size, at, alignment);
                // Across another vertical line (1/τ's, the current λ's, the other limit's) it
                // would seem to name that one.
                double across = 0;
                for (const double other : lines)
                    if (other > box.left() && other < box.right())
                        across += 250;
                // The value dropped, or a spot further down the list, only when it covers less.
                const double cost = coverCost(box, labels, curve) + across + 30.0 * t + 0.5 * s;
                if (cost < best) {
                    best = cost;
                    bestText = texts[t];
                    bestBox = box;
                    bestAlignment = alignment;
                    bestAt = at;
                }
            }
            if (best < 60)
                break;
        }
        label->setText(bestText);
        label->setPositionAlignment(bestAlignment);
        label->setTextAlignment(bestAlignment & Qt::AlignHorizontal_Mask);
        label->position->setCoords(xAxis->pixelToCoord(bestAt.x()),
                                   yAxis->pixelToCoord(bestAt.y()));
        labels.push_back(bestBox);
    }
}

void MaxEntLambdaPlot::setValueRange(double lo, double hi)
{
    mValueLo = lo;
    mValueHi = hi;
    applyValueMargins();
}

void MaxEntLambdaPlot::applyValueMargins()
{
    if (!mHasCurve)
        return;
    // One marker label (and a little air) above and below the values, at the axis rect's
    // height as last laid out (an estimate before the first layout).
    const double laidOut = axisRect()->height();
    const double height = laidOut > 20 ? laidOut : std::max(60, layoutSize().height() - 140);
    const double label = plotStyle::metrics(plotStyle::subtitleFont()).height() + 6;
    const double margin = std::min(label, height / 4);
    // ext = (hi − lo)·margin/(height − 2·margin), from halves so that hi − lo never overflows.
    const double ext = (mValueHi / 2 - mValueLo / 2) * (2 * margin / (height - 2 * margin));
    const double big = std::numeric_limits<double>::max();
    yAxis->setRange(std::max(-big, mValueLo - ext), std::min(big, mValueHi + ext));
    // The label of λ = 1/τ sits in the top margin (the current λ's beside its dot, placed after
    // the layout; a refusal's note in the bottom margin).
    mInvTauLabel->position->setCoords(mInvTauLabel->position->key(), yAxis->range().upper);
    if (mCurrentLabelIsError)
        mCurrentLabel->position->setCoords(mCurrentLabel->position->key(), yAxis->range().lower);
}

QRectF MaxEntLambdaPlot::labelBox(const QCPItemText *label, const QString &text, const QPointF &at,
                                  Qt::Alignment alignment) const
{
    // Every label of these plots is in the subtitle font: measured at the current scale (the
    // item's own font may still be the last scale's until the next draw restyles it).
    const QFontMetricsF fm = plotStyle::metrics(plotStyle::subtitleFont());
    double width = 0;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &line : lines)
        width = std::max(width, fm.horizontalAdvance(line));
    const QMargins pad = label ? label->padding() : QMargins(4, 2, 4, 2);
    const QSizeF size(width + pad.left() + pad.right(),
                      fm.height() * lines.size() + pad.top() + pad.bottom());
    return alignedBox(size, at, alignment);
}

std::vector<QRectF> MaxEntLambdaPlot::otherLabelBoxes() const
{
    std::vector<QRectF> boxes;
    auto add = [&](const QCPItemText *text) {
        if (text && text->visible() && !text->text().isEmpty())
            boxes.push_back(labelBox(text, text->text(), text->position->pixelPosition(),
                                     text->positionAlignment()));
    };
    add(mInvTauLabel);
    for (QCPItemText *label : mLimitLabels)
        add(label);
    for (QCPAbstractItem *item : mDecorations)
        add(qobject_cast<QCPItemText *>(item));
    return boxes;
}

std::vector<QPointF> MaxEntLambdaPlot::curvePixels() const
{
    std::vector<QPointF> samples;
    const auto curve = mCurve->data();
    QPointF last;
    bool haveLast = false;
    for (auto it = curve->constBegin(); it != curve->constEnd(); ++it) {
        const QPointF p(xAxis->coordToPixel(it->key), yAxis->coordToPixel(it->value));
        if (!std::isfinite(p.x()) || !std::isfinite(p.y()) || std::abs(p.x()) > 1e6 ||
            std::abs(p.y()) > 1e6) {
            haveLast = false; // (far off the plot: nothing to cover)
            continue;
        }
        if (haveLast) {
            // (Clamped as a double: a huge pixel distance is no int.)
            const int steps = int(std::clamp(std::abs(p.x() - last.x()) / 2, 1.0, 50.0));
            for (int k = 1; k <= steps; ++k)
                samples.push_back(last + (p - last) * (double(k) / steps));
        } else {
            samples.push_back(p);
        }
        last = p;
        haveLast = true;
    }
    return samples;
}

double MaxEntLambdaPlot::coverCost(const QRectF &box, const std::vector<QRectF> &labels,
                                   const std::vector<QPointF> &curve, const QPointF &own) const
{
    const QRectF plot = QRectF(axisRect()->rect()).adjusted(1, 1, -1, -1);
    double cost = 0;
    if (!plot.contains(box)) {
        const QRectF inside = plot.intersected(box);
        cost += 1e6 + (box.width() * box.height() - inside.width() * inside.height());
    }
    for (const QRectF &other : labels)
        if (other.intersects(box))
            cost += 1e5;
    // The curve, sampled every 2 px along x between its points.
    for (const QPointF &p : curve)
        if (box.contains(p))
            cost += 100;
    // The markers (at most 20 px across at 1×).
    const double r = 10 * Appearance::instance()->fontScale() + 2;
    for (const QCPGraph *g :
         {mInvTauMarker, mCurrentMarker, mNewtonNow, mGisNow, mNewtonTrail, mGisTrail}) {
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
            const QPointF p(xAxis->coordToPixel(it->key), yAxis->coordToPixel(it->value));
            if (QLineF(p, own).length() < 1)
                continue; // the labelled dot itself: its label belongs beside it
            if (box.adjusted(-r, -r, r, r).contains(p))
                cost += 300;
        }
    }
    // The reference levels and the dotted lines: a label may cross them, at a small cost.
    for (const QCPGraph *g : mDecorationGraphs)
        if (!g->data()->isEmpty()) {
            const double y = yAxis->coordToPixel(g->data()->constBegin()->value);
            if (y > box.top() && y < box.bottom())
                cost += 20;
        }
    for (const QCPItemStraightLine *line : {mInvTauLine, mCurrentLine})
        if (line->visible()) {
            const double x = xAxis->coordToPixel(line->point1->key());
            if (x > box.left() && x < box.right())
                cost += 20;
        }
    return cost;
}

void MaxEntLambdaPlot::placeSolverLegend()
{
    if (!mLegendInside || !legend->visible() || axisRect()->width() < 20 ||
        axisRect()->height() < 20 || axisRect()->insetLayout()->rect().width() < 20 ||
        axisRect()->insetLayout()->rect().height() < 20)
        return;
    const QRectF plot = axisRect()->rect();
    const QSizeF size = legend->minimumOuterSizeHint();
    // Every label placed before it, the current λ's too (it says more than the legend).
    std::vector<QRectF> labels = otherLabelBoxes();
    if (mCurrentLabel->visible() && !mCurrentLabel->text().isEmpty())
        labels.push_back(labelRect(mCurrentLabel));
    const std::vector<QPointF> curve = curvePixels();
    // Where it stood, while that covers nothing: the animated iterates move on every frame, the
    // legend should not (and one coverCost is all a frame costs then, not one per place).
    QCPLayoutInset *inset = axisRect()->insetLayout();
    const QRectF room = inset->rect();
    const QRectF was = inset->insetRect(0);
    const QRectF before(room.left() + was.left() * room.width(),
                        room.top() + was.top() * room.height(), size.width(), size.height());
    const double beforeCost = mLegendPlaced ? coverCost(before, labels, curve) : -1;
    // Along the plot's edges, every 8 px: the corners first (where a tie goes).
    const double gap = 4;
    const double left = plot.left() + gap;
    const double right = std::max(left, plot.right() - gap - size.width());
    const double top = plot.top() + gap;
    const double bottom = std::max(top, plot.bottom() - gap - size.height());
    std::vector<QPointF> corners{{left, top}, {right, top}, {left, bottom}, {right, bottom}};
    for (double x = left + 8; x < right; x += 8)
        corners.insert(corners.end(), {{x, top}, {x, bottom}});
    for (double y = top + 8; y < bottom; y += 8)
        corners.insert(corners.end(), {{left, y}, {right, y}});
    QRectF best;
    double bestCost = 0;
    if (beforeCost == 0) {
        best = before;
    } else {
        for (const QPointF &corner : corners) {
            const QRectF box(corner, size);
            const double cost = coverCost(box, labels, curve);
            if (best.isNull() || cost < bestCost) {
                best = box;
                bestCost = cost;
            }
            if (cost == 0)
                break; // (no later place can cover less, and a tie goes to the first)
        }
        // Where it stood, unless that now covers more than a marker more.
        if (mLegendPlaced && beforeCost <= bestCost + 300)
            best = before;
    }
    // As fractions of the inset layout's rect (the axis rect's less the inset's margins), laid
    // out again at once: the drawing follows this layout.
    mLegendPlaced = true;
    inset->setInsetRect(0, QRectF((best.left() - room.left()) / room.width(),
                                  (best.top() - room.top()) / room.height(),
                                  size.width() / room.width(), size.height() / room.height()));
    inset->update(QCPLayoutElement::upLayout);
}

void MaxEntLambdaPlot::placeCurrentLabel()
{
    if (!mCurrentLambda || mCurrentTexts.isEmpty())
        return;
    const double x = *mCurrentLambda;
    const QPointF dot(xAxis->coordToPixel(x), yAxis->coordToPixel(curveAt(x)));
    if (!std::isfinite(dot.x()) || !std::isfinite(dot.y()))
        return;
    if (axisRect()->width() < 20 || axisRect()->height() < 20) {
        mCurrentLabel->setText(mCurrentTexts.first()); // not laid out yet: nothing to fit
        return;
    }
    // Clear of the dot (the 1/τ circle is 16 px across at 1×, the current λ's diamond 20).
    const double r = (mCurrentIsInvTau ? 8 : 10) * Appearance::instance()->fontScale() + 4;
    const std::vector<QRectF> labels = otherLabelBoxes();
    const std::vector<QPointF> curve = curvePixels(); // once for every candidate box
    struct Spot
    {
        QPointF offset;
        Qt::Alignment alignment;
    };
    // Beside the dot first (right, left), then above and below it, then a little further out.
    const Spot spots[] = {
        {{r, -0.3 * r}, Qt::AlignLeft | Qt::AlignBottom},
        {{r, 0.3 * r}, Qt::AlignLeft | Qt::AlignTop},
        {{-r, -0.3 * r}, Qt::AlignRight | Qt::AlignBottom},
        {{-r, 0.3 * r}, Qt::AlignRight | Qt::AlignTop},
        {{0, -r}, Qt::AlignHCenter | Qt::AlignBottom},
        {{0, r}, Qt::AlignHCenter | Qt::AlignTop},
        {{0.6 * r, -1.8 * r}, Qt::AlignLeft | Qt::AlignBottom},
        {{0.6 * r, 1.8 * r}, Qt::AlignLeft | Qt::AlignTop},
        {{-0.6 * r, -1.8 * r}, Qt::AlignRight | Qt::AlignBottom},
        {{-0.6 * r, 1.8 * r}, Qt::AlignRight | Qt::AlignTop},
        {{0, -3 * r}, Qt::AlignHCenter | Qt::AlignBottom},
        {{0, 3 * r}, Qt::AlignHCenter | Qt::AlignTop},
    };
    mCurrentLabel->setPadding(QMargins(4, 2, 4, 2));
    double best = std::numeric_limits<double>::max();
    QString bestText = mCurrentTexts.last();
    Spot bestSpot = spots[0];
    for (int t = 0; t < mCurrentTexts.size(); ++t) {
        const QString &text = mCurrentTexts.at(t);
        // Measured once per text, then moved to each spot: measuring it at all twelve spots was
        // a fifth of an edit in this tab at T = 64 (perf, issue 19).
        const QSizeF size =
            labelBox(mCurrentLabel, text, QPointF(), Qt::AlignLeft | Qt::AlignTop).size();
        for (int k = 0; k < int(std::size(spots)); ++k) {
            const QRectF box = alignedBox(size, dot + spots[k].offset, spots[k].alignment);
            // A shorter text or a spot further down the list only when it covers less.
            const double cost = coverCost(box, labels, curve, dot) + 30.0 * t + 0.5 * k;
            if (cost < best) {
                best = cost;
                bestText = text;
                bestSpot = spots[k];
            }
        }
        if (best < 60) // beside its dot, over no curve, marker or label: the longest such text
            break;
    }
    mCurrentLabel->setText(bestText);
    mCurrentLabel->setPositionAlignment(bestSpot.alignment);
    mCurrentLabel->setTextAlignment(bestSpot.alignment & Qt::AlignHorizontal_Mask);
    const QPointF at = dot + bestSpot.offset;
    mCurrentLabel->position->setCoords(xAxis->pixelToCoord(at.x()), yAxis->pixelToCoord(at.y()));
}

void MaxEntLambdaPlot::updateTicks()
{
    const QSize size = layoutSize();
    if (mNote->visible())
        mNote->setText(plotStyle::wrapText(mNoteText, mNote->font(), size.width() - 120));
    // The title; without its query part when it does not fit, then its short form, which
    // PlotView shrinks and wraps if it must (never cut).
    const QFontMetricsF titleMetrics = plotStyle::metrics(plotStyle::titleFont());
    QString title = shortTitle();
    for (const QString &candidate : {mFullTitle, this->title()})
        if (titleMetrics.horizontalAdvance(candidate) <= size.width() - 24) {
            title = candidate;
            break;
        }
    mTitle->setText(title);
    // Lay out at the size being drawn (the widget's, or an export's) so that the axis names fit
    // the real axis lengths, the label margins the real height, and placeLabel() measures the
    // plot's real width; QCustomPlot lays out again when it draws.
    const QRect drawn = viewport();
    setViewport(QRect(QPoint(0, 0), size));
    updateLayout();
    // The axis names' shorter forms: PlotView fits one to the axis lengths as laid out.
    axisLabelVariants::set(xAxis, {tr("λ  (inverse temperature)"), QStringLiteral("λ")});
    if (mHasCurve)
        axisLabelVariants::set(yAxis, yAxisLabels());
    updateLayout();
    applyValueMargins();
    // The reference levels on the right-hand axis, thinned where they would overlap.
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    const double axisPixels =
        axisRect()->height() > 20 ? axisRect()->height() : std::max(60, size.height() - 140);
    const QCPRange range = yAxis->range();
    std::vector<double> kept;
    const QFontMetricsF tickMetrics = plotStyle::metrics(plotStyle::tickFont());
    const double lineHeight = tickMetrics.height();
    // Where the names would take more than a quarter of the width, each keeps its first word and
    // its value ("uniform, λ = 0 / log 3 = 1.099" → "uniform / 1.099").
    double widest = 0;
    for (const auto &tick : mReferenceTicks)
        for (const QString &line : tick.second.split(QLatin1Char('\n')))
            widest = std::max(widest, tickMetrics.horizontalAdvance(line));
    const bool brief = widest + 24 > 0.25 * size.width();
    for (const auto &[y, full] : mReferenceTicks) {
        if (!range.contains(y))
            continue;
        QString text = full;
        if (brief && full.contains(QLatin1Char('\n')))
            text = full.section(QLatin1Char('\n'), 0, 0).section(QLatin1Char(','), 0, 0) +
                   QLatin1Char('\n') + full.section(QStringLiteral(" = "), -1);
        const double need = lineHeight * (text.count(QLatin1Char('\n')) + 1.2);
        const bool clear = std::all_of(kept.begin(), kept.end(), [&](double other) {
            return std::abs(other - y) / range.size() * axisPixels >= need;
        });
        if (clear) {
            ticker->addTick(y, text);
            kept.push_back(y);
        }
    }
    yAxis2->setTicker(ticker);
    yAxis2->setRange(range);
    yAxis2->setVisible(mHasCurve && !mReferenceTicks.empty());
    updateLayout();
    if (mInvTauLabel->visible())
        placeLabel(mInvTauLabel, mInvTauTexts, Qt::AlignTop);
    placeSupportLimitNames();
    setViewport(drawn);
    // Tick counts for the axis rect as laid out (the reference names take part of the width).
    const int rectWidth = axisRect()->width() > 20 ? axisRect()->width() : size.width() - 200;
    xAxis->ticker()->setTickCount(std::clamp(rectWidth / 85, 3, 8));
    const int rectHeight = axisRect()->height() > 20 ? axisRect()->height() : size.height() - 140;
    // At least four: three over E_λ[f]'s range [−1.6, 1.6] made steps of 2, and the constraint
    // in the tour's MaxEnt step presented (a 220 px axis) named only its 0.
    yAxis->ticker()->setTickCount(std::clamp(rectHeight / 55, 4, 8));
}

} // namespace sml
