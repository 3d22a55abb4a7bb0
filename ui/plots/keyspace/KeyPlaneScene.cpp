#include "plots/keyspace/KeyPlaneScene.h"

#include "Analysis.h"
#include "plots/PlaneFit.h"
#include "plots/PlaneLabels.h"
#include "style/PlotStyle.h"

#include <algorithm>
#include <cmath>

namespace sml {

KeyPlaneScene KeyPlaneScene::of(const Analysis &analysis, int selected, const KeyPlane &plane)
{
    const Scenario &s = analysis.scenario();
    const AttentionResult &att = analysis.attention();
    const int m = s.m();
    const int T = s.T();
    KeyPlaneScene scene;
    scene.plane = plane;
    scene.dK = s.dK();
    scene.selected = std::clamp(selected, 0, std::max(0, m - 1));
    const int i = scene.selected;
    scene.defined = m > 0 && size_t(i) < att.defined.size() && att.defined[size_t(i)];
    scene.keyPoints.assign(size_t(T), Eigen::Vector2d::Zero());
    scene.queryPoints.assign(size_t(m), Eigen::Vector2d::Zero());
    for (int t = 0; t < T; ++t)
        scene.keyPoints[size_t(t)] = plane.project(s.keys.row(t).transpose());
    for (int q = 0; q < m; ++q)
        scene.queryPoints[size_t(q)] = plane.project(s.queries.row(q).transpose());
    scene.keyLabels = s.keyLabels;
    scene.queryLabels = s.queryLabels;
    scene.visible.assign(size_t(T), false);
    scene.weights = Eigen::VectorXd::Zero(T);
    scene.similarities = Eigen::VectorXd::Zero(T);
    const std::vector<int> visible = visibleKeys(analysis.mask(), i, T);
    for (int t : visible)
        scene.visible[size_t(t)] = true;
    if (m > 0) {
        // weightRow(): a large scenario's Analysis keeps no weight matrix (issue 5).
        scene.weights = analysis.weightRow(i);
        for (int t = 0; t < T; ++t)
            scene.similarities[t] = att.similarities(i, t);
    }
    scene.fields = KeySpaceFields(plane, s.keys,
                                  m > 0 ? Eigen::VectorXd(s.queries.row(i).transpose())
                                        : Eigen::VectorXd::Zero(scene.dK),
                                  visible, att.tau);
    return scene;
}

bool KeyPlaneScene::anyMasked() const
{
    return std::find(visible.begin(), visible.end(), false) != visible.end();
}

double KeyPlaneScene::displayUnit() const
{
    double largest = 0;
    for (const auto *points : {&keyPoints, &queryPoints})
        for (const Eigen::Vector2d &p : *points)
            if (p.allFinite())
                largest = std::max(largest, p.cwiseAbs().maxCoeff());
    return planeFit::displayUnit(largest);
}

QRectF KeyPlaneScene::pointBounds(double unit) const
{
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    for (const auto *points : {&keyPoints, &queryPoints})
        for (const Eigen::Vector2d &p : *points) {
            const QPointF d(p.x() / unit, p.y() / unit);
            x0 = std::min(x0, d.x());
            x1 = std::max(x1, d.x());
            y0 = std::min(y0, d.y());
            y1 = std::max(y1, d.y());
        }
    return QRectF(QPointF(x0, y0), QPointF(x1, y1));
}

QRectF KeyPlaneScene::bounds(double unit) const
{
    const QRectF points = pointBounds(unit);
    const double span = std::max({points.width(), points.height(), 1e-300});
    const double pad = 0.25 * span;
    if (plane.kind == KeyPlane::Kind::Line)
        return QRectF(QPointF(points.left() - pad, -1), QPointF(points.right() + pad, 1));
    return points.adjusted(-pad, -pad, pad, pad);
}

QString KeyPlaneScene::title() const
{
    const QString q = queryLabels.value(selected);
    switch (plane.kind) {
    case KeyPlane::Kind::Line:
        return tr("Key space (d_k = 1, a line) · query “%1”").arg(q);
    case KeyPlane::Kind::Dimensions:
        if (dK == 2)
            return tr("Key space · query “%1”").arg(q);
        return tr("Key space: dimensions %1 and %2 of d_k = %3 · query “%4”")
            .arg(plane.dimX + 1)
            .arg(plane.dimY + 1)
            .arg(dK)
            .arg(q);
    case KeyPlane::Kind::Pca:
        if (plane.degenerate)
            return tr("PCA projection of d_k = %1 (all points coincide)").arg(dK);
        return tr("PCA projection (explains %1% of variance) · query “%2”")
            .arg(QString::number(100 * plane.explainedVariance, 'f', 1))
            .arg(q);
    }
    return {};
}

QString KeyPlaneScene::shortTitle() const
{
    const QString q = queryLabels.value(selected);
    switch (plane.kind) {
    case KeyPlane::Kind::Dimensions:
        if (dK == 2)
            break;
        return tr("dimensions %1, %2 of %3 · “%4”")
            .arg(plane.dimX + 1)
            .arg(plane.dimY + 1)
            .arg(dK)
            .arg(q);
    case KeyPlane::Kind::Pca:
        if (plane.degenerate)
            break;
        return tr("PCA (%1% of variance) · “%2”")
            .arg(QString::number(100 * plane.explainedVariance, 'f', 1))
            .arg(q);
    default:
        break;
    }
    return title();
}

QString KeyPlaneScene::keyToolTip(int t, const Scenario *s) const
{
    const bool showFull = s && dK <= 8;
    const Eigen::Vector2d p = keyPoints[size_t(t)];
    QString text = tr("key %1 “%2”").arg(t + 1).arg(keyLabels.value(t));
    if (showFull && t < s->T())
        text += tr("\nk = %1").arg(planeLabels::vectorText(s->keys.row(t).transpose()));
    if (!plane.isExact())
        text +=
            tr("\nin this plane: (%1, %2)").arg(plotStyle::exact(p.x()), plotStyle::exact(p.y()));
    if (!visible[size_t(t)] || !defined)
        return text +
               tr("\nmasked: query “%1” does not see this key").arg(queryLabels.value(selected));
    text += tr("\nf = q·k = %1\ns = f/τ = %2\nw = %3")
                .arg(plotStyle::exact(similarities[t]))
                .arg(plotStyle::exact(similarities[t] / fields.tau()))
                .arg(plotStyle::exact(weights[t]));
    return text + tr("\ndrag: moving it along q raises its score");
}

QString KeyPlaneScene::queryToolTip(int i, const Scenario *s) const
{
    const bool showFull = s && dK <= 8;
    QString text = tr("query %1 “%2”").arg(i + 1).arg(queryLabels.value(i));
    if (showFull && i < s->m()) {
        text += tr("\nq = %1").arg(planeLabels::vectorText(s->queries.row(i).transpose()));
        text += tr("\n|q| = %1").arg(plotStyle::exact(s->queries.row(i).norm()));
    }
    if (!plane.isExact()) {
        const Eigen::Vector2d p = queryPoints[size_t(i)];
        text +=
            tr("\nin this plane: (%1, %2)").arg(plotStyle::exact(p.x()), plotStyle::exact(p.y()));
    }
    text += tr("\nτ = %1").arg(plotStyle::exact(fields.tau()));
    return text +
           (i == selected ? tr("\ndrag to move the query") : tr("\nclick to select this query"));
}

QString KeyPlaneScene::pointToolTip(const Eigen::Vector2d &p, bool withEntropy) const
{
    // The background: the point, the score a key there would get, and H(q) of a query there.
    QString text = plane.kind == KeyPlane::Kind::Line
                       ? tr("x = %1").arg(plotStyle::exact(p.x()))
                       : tr("(%1, %2)").arg(plotStyle::exact(p.x()), plotStyle::exact(p.y()));
    if (!queryPoints.empty() && defined) {
        const double s0 = fields.scoreAt(p);
        if (std::isfinite(s0))
            text += plane.isExact()
                        ? tr("\na key here would score s = q·k/τ = %1").arg(plotStyle::exact(s0))
                        : tr("\nin-plane part of the score of a key here: %1")
                              .arg(plotStyle::exact(s0));
    }
    if (withEntropy) {
        if (const std::optional<double> h = fields.entropyAt(p))
            text += tr("\nH(q) of a query here = %1 nats (N_eff = %2 keys)")
                        .arg(plotStyle::exact(*h), plotStyle::compact(std::exp(*h)));
    }
    return text;
}

} // namespace sml
