#pragma once

#include "KeyPlane.h"
#include "KeySpaceFields.h"

#include <Eigen/Core>
#include <QCoreApplication>
#include <QRectF>
#include <QStringList>

#include <vector>

namespace sml {

class Analysis;
struct Scenario;

/// What the key-space view draws for one Analysis and selected query, before any pixel: the
/// queries and keys projected into a KeyPlane (plane units, p = Bᵀx, MATH.md §4.5), what the
/// selected query's row says about each key (§2), the background fields (KeySpaceFields), and
/// the words for them (the title and the tooltips, with exact numbers).
struct KeyPlaneScene
{
    Q_DECLARE_TR_FUNCTIONS(KeyPlaneScene)

public:
    KeyPlane plane = KeyPlane::dimensions(2, 0, 1);
    int dK = 2;
    int selected = 0;    ///< the selected query, clamped into [0, m − 1]
    bool defined = true; ///< the selected query sees at least one key (else no weights)
    std::vector<Eigen::Vector2d> keyPoints;   ///< T: Bᵀk_t
    std::vector<Eigen::Vector2d> queryPoints; ///< m: Bᵀq_i
    QStringList keyLabels;
    QStringList queryLabels;
    std::vector<bool> visible;    ///< T: the keys the selected query sees
    Eigen::VectorXd weights;      ///< T: w_t (0 where masked)
    Eigen::VectorXd similarities; ///< T: f_t = q·k_t
    KeySpaceFields fields;        ///< score and H(q) of the selected query in this plane

    /// The scene of `analysis` with query `selected` (clamped) in `plane`, whose d_k must be the
    /// scenario's.
    static KeyPlaneScene of(const Analysis &analysis, int selected, const KeyPlane &plane);

    /// True when some key is hidden from the selected query by the mask.
    bool anyMasked() const;
    /// A display unit for these points (planeFit::displayUnit of the largest finite coordinate).
    double displayUnit() const;
    /// The region to show in display units of `unit`: the origin, every query and every key,
    /// padded by a quarter of the larger span on every side; on a line, y ∈ [−1, 1].
    QRectF bounds(double unit) const;
    /// The origin, every query and every key, in display units of `unit`, unpadded (on a line,
    /// y = 0): what must stay in view.
    QRectF pointBounds(double unit) const;

    /// "Key space · query “q”", or which dimensions, or how much variance the PCA plane keeps.
    QString title() const;
    /// title() in fewer words, for a narrow view: "PCA (44.2% of variance) · “q”",
    /// "dimensions 1, 2 of 16 · “q”"; title() where it is short already.
    QString shortTitle() const;
    /// Key t: its label, its full vector when `scenario` is given and d_k ≤ 8, its point when
    /// the plane is a projection, and f = q·k, s = f/τ and w (or that it is masked).
    QString keyToolTip(int t, const Scenario *scenario) const;
    /// Query i: its label, vector and |q| (as for keys), its point in a projection, τ, and what a
    /// drag or a click does.
    QString queryToolTip(int i, const Scenario *scenario) const;
    /// An empty point p of the plane (plane units): its coordinates, the score a key there would
    /// get, and with `withEntropy` H(q) of a query there (nats) and N_eff = exp H.
    QString pointToolTip(const Eigen::Vector2d &p, bool withEntropy) const;
};

} // namespace sml
