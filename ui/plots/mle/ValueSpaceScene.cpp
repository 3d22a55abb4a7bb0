#include "plots/mle/ValueSpaceScene.h"

#include "Analysis.h"
#include "plots/PlaneFit.h"
#include "style/PlotStyle.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>

namespace sml {

void ValueSpaceScene::load(const Analysis &analysis, int selectedQuery)
{
    const Scenario &s = analysis.scenario();
    const AttentionResult &att = analysis.attention();
    dV = std::max(1, s.dV());
    selected = std::clamp(selectedQuery, 0, std::max(0, s.m() - 1));
    dimX = std::clamp(dimX, 0, dV - 1);
    dimY = std::clamp(dimY, 0, dV - 1);
    if (dV >= 2 && dimX == dimY)
        dimY = (dimX + 1) % dV;
    linked = s.varianceMode == VarianceMode::Linked;
    defined = s.m() > 0 && size_t(selected) < att.defined.size() && att.defined[size_t(selected)];
    keyLabels = s.keyLabels;
    queryLabel = s.queryLabels.value(selected);
    mle.reset();
    keys.clear();
    values.resize(0, dV);
    weights.resize(0);
    output = Eigen::VectorXd::Zero(dV);
    if (defined) {
        keys = visibleKeys(analysis.mask(), selected, s.T());
        mle.emplace(analysis.gaussian(selected));
        values.resize(Eigen::Index(keys.size()), dV);
        weights.resize(Eigen::Index(keys.size()));
        // weightRow(): a large scenario's Analysis keeps no weight matrix (issue 5).
        const Eigen::VectorXd weightRow = analysis.weightRow(selected);
        for (size_t j = 0; j < keys.size(); ++j) {
            values.row(Eigen::Index(j)) = s.values.row(keys[j]);
            weights[Eigen::Index(j)] = weightRow[keys[j]];
        }
        output = att.outputs.row(selected).transpose();
    }
}

void ValueSpaceScene::fitRegion()
{
    double largest = 0;
    if (values.size() > 0)
        largest = values.cwiseAbs().maxCoeff();
    unit = planeFit::displayUnit(largest);
    double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, y0 = x0, y1 = -x0;
    auto include = [&](const Eigen::VectorXd &v) {
        x0 = std::min(x0, coordX(v));
        x1 = std::max(x1, coordX(v));
        y0 = std::min(y0, coordY(v));
        y1 = std::max(y1, coordY(v));
    };
    for (Eigen::Index j = 0; j < values.rows(); ++j)
        include(values.row(j).transpose());
    if (mle)
        include(mle->mleOutput());
    include(output);
    // The view shows what it draws: the 2σ circles of the heavy keys too, so a projector does
    // not cut them off (issue 14 item 3). Heavy: the fewest keys, by precision weight, that hold
    // 80 % of it; a light key's wide circle may leave the view.
    bool circles = false;
    if (mle && !isLine()) {
        const Eigen::VectorXd &logVariance = mle->logVariances();
        double held = 0;
        for (int j : byPrecision()) {
            if (held >= 0.8 || j >= values.rows())
                break;
            held += mle->precisionWeights()[j];
            const double r = 2 * std::exp(0.5 * logVariance[j]);
            if (!std::isfinite(r))
                continue;
            for (const auto &[dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
                Eigen::VectorXd edge = values.row(j).transpose();
                edge[dimX] += dx * r;
                edge[dimY] += dy * r;
                include(edge);
            }
            circles = true;
        }
    }
    if (!std::isfinite(x0)) {
        x0 = y0 = -1;
        x1 = y1 = 1;
    }
    double span = std::max(x1 - x0, isLine() ? 0.0 : y1 - y0);
    if (!(span > 0))
        span = std::max(1.0, std::abs(x0));
    const double pad = (circles ? 0.06 : 0.28) * span;
    bounds = QRectF(QPointF(x0 - pad, y0 - pad), QPointF(x1 + pad, y1 + pad));
}

std::vector<int> ValueSpaceScene::byPrecision() const
{
    const Eigen::VectorXd &pi = mle->precisionWeights();
    std::vector<int> order(keys.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return pi[a] > pi[b]; });
    return order;
}

int ValueSpaceScene::rankOf(int slot) const
{
    int rank = 0;
    const Eigen::VectorXd &pi = mle->precisionWeights();
    for (int k = 0; k < int(keys.size()); ++k)
        if (pi[k] > pi[slot] || (pi[k] == pi[slot] && k < slot))
            ++rank;
    return rank;
}

int ValueSpaceScene::drawnCount() const
{
    return std::min(int(keys.size()), isLine() ? maxLanes : maxBlobs);
}

double ValueSpaceScene::drawnRadius(int slot, double multiple) const
{
    // σ in display units, computed in the log domain so that σ² = 1e±300 never overflows.
    const double span = std::max(bounds.width(), bounds.height());
    const double lo = std::log(std::max(span * 0.004, std::numeric_limits<double>::min()));
    const double hi = std::log(std::max(span * 30, std::numeric_limits<double>::min()));
    const double logR = 0.5 * mle->logVariances()[slot] - std::log(unit) + std::log(multiple);
    return std::exp(std::clamp(logR, lo, hi));
}

double ValueSpaceScene::laneY(int rank) const
{
    const int lanes = std::min<int>(maxLanes, int(keys.size()));
    return 0.05 + 0.34 * (rank + 0.5) / std::max(1, lanes);
}

QString ValueSpaceScene::title() const
{
    const QString q = queryLabel.isEmpty() ? QString::number(selected + 1) : queryLabel;
    if (isLine())
        return tr("Likelihood ℓ(o) · query “%1” (d_v = 1)").arg(q);
    if (dV == 2)
        return tr("Likelihood ℓ(o) · query “%1”").arg(q);
    return tr("Likelihood ℓ(o) · query “%1” · value dimensions %2, %3 of %4")
        .arg(q)
        .arg(dimX + 1)
        .arg(dimY + 1)
        .arg(dV);
}

QString ValueSpaceScene::subtitle() const
{
    QString sub;
    if (!defined) {
        sub = tr("This query sees no key: there is no likelihood.");
    } else if (isLine()) {
        sub = tr("v_t ~ N(o, σ_t²): bars at ±1σ and ±2σ\ndarker = larger precision weight π_t");
    } else {
        const QString circles = int(keys.size()) > maxFilledBlobs
                                    ? tr("circles at 1σ (2σ: the %1 heaviest)").arg(maxFilledBlobs)
                                    : tr("circles at 1σ and 2σ");
        sub = tr("v_t ~ N(o, σ_t² I): %1\ndarker = larger precision weight π_t · lines: equal ℓ")
                  .arg(circles);
        if (dV > 2 && mle) {
            // The slice: the coordinates not shown are held at those of ô.
            QStringList fixed;
            for (int k = 0; k < dV && fixed.size() < 3; ++k)
                if (k != dimX && k != dimY)
                    fixed
                        << tr("o_%1 = %2").arg(k + 1).arg(plotStyle::compact(mle->mleOutput()[k]));
            if (dV - 2 > 3)
                fixed << tr("…");
            sub += tr("\na slice through ô: %1").arg(fixed.join(QStringLiteral(", ")));
        }
    }
    if (defined && !linked)
        sub += tr("\nfree variances: drag a 1σ circle to change its σ²");
    return sub;
}

} // namespace sml
