#pragma once

#include "GaussianMle.h"

#include <Eigen/Core>
#include <QCoreApplication>
#include <QRectF>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

class QColor;
class QCPItemText;

namespace sml {

class Analysis;

/// Makes a text label in the value-space view's style, in `color`: how the view lends its label
/// style to the parts that draw for it.
using ValueSpaceLabelFactory = std::function<QCPItemText *(const QColor &color)>;

/// The layers the value space draws on, above QCustomPlot's "main", bottom to top.
namespace valueSpaceLayer {
inline const QString blobs = QStringLiteral("blobs");     ///< the 1σ, 2σ circles and bars
inline const QString markers = QStringLiteral("markers"); ///< the value dots, ô and o
inline const QString path = QStringLiteral("path");       ///< the gradient ascent
inline const QString labels = QStringLiteral("labels");
} // namespace valueSpaceLayer

/// What the value space shows of one query (MATH.md §4), read from an Analysis, and the geometry
/// its drawing and its hit-testing share. No pixels: plane coordinates are value coordinates
/// divided by the display unit, with x = o_dimX and y = o_dimY (d_v = 1: y = 0).
struct ValueSpaceScene
{
    Q_DECLARE_TR_FUNCTIONS(ValueSpaceScene)

public:
    static constexpr int maxBlobs = 300;      ///< values drawn as blobs, the largest π first
    static constexpr int maxFilledBlobs = 16; ///< of those, filled and with a 2σ circle
    static constexpr int maxLanes = 24;       ///< d_v = 1: intervals drawn, one lane each
    static constexpr int maxValueLabels = 12; ///< labels of values (groups of coincident ones)

    /// The value dimensions on x and y (0-based), the user's choice, kept across analyses;
    /// load() clamps them into d_v and makes them differ.
    int dimX = 0;
    int dimY = 1;

    // What load() read.
    int dV = 2;
    int selected = 0;    ///< the query (0-based)
    bool defined = true; ///< the query sees a key, so it has a likelihood
    bool linked = true;  ///< σ² = σ0² exp(−s) (MATH.md §4.1); false: free variances
    std::optional<GaussianMle> mle;
    std::vector<int> keys; ///< the visible keys (scenario indices); "slot" j is keys[j]
    QStringList keyLabels; ///< all T key labels of the scenario
    QString queryLabel;
    Eigen::MatrixXd values;  ///< n×d_v values of the visible keys
    Eigen::VectorXd weights; ///< attention weights w (n)
    Eigen::VectorXd output;  ///< attention output o (d_v)

    // What fitRegion() chose.
    double unit = 1; ///< display unit (planeFit::displayUnit of the largest value)
    QRectF bounds;   ///< the region to show (plane coordinates)

    /// Reads query `selectedQuery` (clamped into the scenario's queries) of `analysis`:
    /// everything above but the unit and the region.
    void load(const Analysis &analysis, int selectedQuery);
    /// The display unit and a region holding every visible value, ô and o (not the radii,
    /// which may be huge), padded by 28% of its larger side.
    void fitRegion();

    bool isLine() const { return dV == 1; }
    bool hasLikelihood() const { return defined && mle.has_value(); }
    double coordX(const Eigen::Ref<const Eigen::VectorXd> &v) const { return v[dimX] / unit; }
    double coordY(const Eigen::Ref<const Eigen::VectorXd> &v) const
    {
        return isLine() ? 0.0 : v[dimY] / unit;
    }
    /// The value of slot j (d_v).
    Eigen::VectorXd value(int slot) const { return values.row(slot).transpose(); }
    /// The slots by precision weight π, the largest first (ties in slot order). Needs mle.
    std::vector<int> byPrecision() const;
    /// The place of slot j in byPrecision(). Needs mle.
    int rankOf(int slot) const;
    /// How many of byPrecision() are drawn: at most maxBlobs (d_v = 1: maxLanes).
    int drawnCount() const;
    /// `multiple` σ of slot j in plane units, computed from log σ² (σ² = 1e±300 never
    /// overflows) and clamped into [0.4%, 3000%] of the region's larger side. Needs mle.
    double drawnRadius(int slot, double multiple) const;
    /// d_v = 1: the height (0…1 on the right axis) of the lane of the value of rank `rank`.
    double laneY(int rank) const;

    /// The plot's title and its subtitle (what is drawn, the slice, how to edit).
    QString title() const;
    QString subtitle() const;
};

} // namespace sml
