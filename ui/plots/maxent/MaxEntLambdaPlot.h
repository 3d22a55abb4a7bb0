#pragma once

#include "plots/PlotView.h"

#include <Eigen/Core>

#include <optional>
#include <utility>
#include <vector>

namespace sml {

struct QueryDetail;

/// Base of the two MaxEnt plots over the Lagrange multiplier λ of the selected query (MATH.md §5):
/// a curve y(λ) over a λ range that holds 0, 1/τ, the current λ and the Newton iterates from
/// λ = 0; the point λ = 1/τ (labelled "λ = 1/τ = 1/√d_k" when τ = √d_k) and the current λ marked;
/// and the animated solver iterates with their trail (setIterates). When λ is undetermined (all
/// similarities equal, MATH.md §5.4) or the query sees no key, the plot shows a note instead of
/// a curve; nothing is ever NaN. Subclasses give the curve, its name and their own decorations.
///
/// With α-entmax (QueryDetail::alpha > 1) the problem is the Tsallis MaxEnt of MATH.md §7.3:
/// p(λ) = entmax_α(λ f), whose support shrinks to the argmax set at the finite λ_max (and to the
/// argmin set at λ_min). The range then holds λ_min and λ_max (unless they lie far beyond the
/// softmax's range, as near α = 1), both are dashed lines named beside them inside the plot, and
/// the curves are flat beyond them. A target at an end of [min f, max f] marks λ_max (λ_min) as the
/// current λ, "any λ ≥ λ_max" (the core's half-line warning).
class MaxEntLambdaPlot : public PlotView
{
    Q_OBJECT

public:
    void showAnalysis(const Analysis &analysis, int selectedQuery) override;
    QString toolTipAt(const QPointF &pos) const override;

    /// Shows the solver paths λ⁽⁰⁾ … λ⁽ⁿ⁾ (the last one is the current iterate, drawn large);
    /// an empty path hides that method. Replots.
    void setIterates(const std::vector<double> &newton, const std::vector<double> &gis);

    /// The λ range of the MaxEnt plots for one query: it holds 0, 1/τ, the current λ and the
    /// Newton iterates from 0 (the Tsallis solver's with α > 1), and at least the λ over which
    /// p(λ) goes from uniform to nearly one-hot (6/(max f − min f)), plus some λ < 0. With α > 1,
    /// λ_max and λ_min (a little beyond them) instead, unless they lie more than four times
    /// further out. Precondition: not all features equal.
    static std::pair<double, double> lambdaRangeFor(const QueryDetail &detail, double tau);

    /// Colours of the solver iterates, shared with MaxEntOptimizerPlot.
    static QColor newtonColor();
    static QColor gisColor();

    /// α of the query shown: 1 for the softmax (Shannon's H, MATH.md §5), > 1 for α-entmax
    /// (Tsallis's H_α, MATH.md §7.3).
    double alpha() const { return mAlpha; }
    /// λ_max and λ_min of the query shown (MATH.md §7.3); nullopt at α = 1 (±∞) or without a
    /// curve.
    std::optional<double> lambdaMax() const { return mLambdaMax; }
    std::optional<double> lambdaMin() const { return mLambdaMin; }
    /// The curve y(λ) the plot draws, at one λ (needs a curve).
    double valueAt(double lambda) const { return curveAt(lambda); }
    /// Whether the title names the query (the default, for exports). MaxEntPanel turns it off and
    /// names the query once, beside μ, so that neither of its two titles has to be cut.
    void setTitleNamesQuery(bool on) { mTitleNamesQuery = on; }
    /// Where the legend of the solver markers stands: in a row under the title (the default,
    /// covering nothing), or, `inside`, inside the plot at the place along its edges where it
    /// covers least (coverCost), one entry a row, without "λ⁽ⁿ⁾". MaxEntPanel puts it inside when
    /// the row would leave the curve's data area under a third of the window (presented at 1280×800
    /// under a lesson's step caption: 221 px of 752). Replots.
    void setSolverLegendInside(bool inside);
    bool solverLegendInside() const { return mLegendInside; }
    /// The height the solver legend took in its row under the title, as last laid out there
    /// (0 before it was); whether it has entries to show.
    int solverLegendRowHeight() const { return mLegendRowHeight; }
    bool hasSolverLegend() const { return legend->itemCount() > 0; }

    bool hasCurve() const { return mHasCurve; }
    QCPGraph *curveGraph() const { return mCurve; }
    QCPGraph *newtonIterateGraph() const { return mNewtonNow; }
    QCPGraph *gisIterateGraph() const { return mGisNow; }
    /// The labels of λ = 1/τ and of the current λ.
    QCPItemText *inverseTemperatureLabel() const { return mInvTauLabel; }
    QCPItemText *currentLabel() const { return mCurrentLabel; }
    /// The names of λ_min and λ_max (α > 1; none at α = 1 or without a curve), in that order:
    /// inside the plot beside their dashed lines.
    const std::vector<QCPItemText *> &supportLimitLabels() const { return mLimitLabels; }
    /// The pixel box a label of this plot takes as laid out now.
    QRectF labelRect(const QCPItemText *label) const
    {
        return labelBox(label, label->text(), label->position->pixelPosition(),
                        label->positionAlignment());
    }
    /// The λ of the current (solution) marker; nullopt when there is none.
    std::optional<double> currentLambda() const { return mCurrentLambda; }
    double inverseTemperature() const { return 1.0 / mTau; }
    /// The text of the note shown instead of the curve (empty when there is a curve).
    QString noteText() const;
    QString titleText() const;

protected:
    explicit MaxEntLambdaPlot(QWidget *parent = nullptr);

    /// y(λ) of the curve at each λ (features(): the similarities f over V_i).
    virtual Eigen::VectorXd curve(const Eigen::VectorXd &lambdas) const = 0;
    /// The curve's symbol for labels and tooltips, e.g. "H(λ)" (valid after showAnalysis()).
    virtual QString curveSymbol() const = 0;
    /// The title without the query, e.g. "Shannon entropy H(λ)" (valid after showAnalysis()).
    virtual QString title() const = 0;
    /// A shorter title for a narrow plot.
    virtual QString shortTitle() const { return title(); }
    /// The y axis label, longest first (axisLabelVariants; valid after showAnalysis()).
    virtual QStringList yAxisLabels() const = 0;
    /// Adds the plot's own lines and labels for a query with a curve, and gives the range of
    /// every value the curve can take (setValueRange). The x range is already set. Items created
    /// here are removed by the base on the next call.
    virtual void decorate(const QueryDetail &detail) = 0;
    /// The values the curve can take, lo < hi. The base adds a margin above and below, one
    /// marker label high at the size being drawn: the labels of λ = 1/τ (top) and of the current
    /// λ (bottom) sit there, where no curve can cross them.
    void setValueRange(double lo, double hi);
    /// Extra tooltip lines for λ (after "λ = …" and the curve value).
    virtual QString toolTipExtra(double lambda) const;

    void updateTicks() override;

    /// A text label owned by the current decoration (removed on the next showAnalysis).
    QCPItemText *addLabel(const QString &text, double x, double y, Qt::Alignment alignment,
                          const QColor &color);
    /// A horizontal line from the left to the right end of the x range, owned by the decoration.
    QCPGraph *addHorizontal(double y, const QPen &pen);
    /// Labels on the right-hand axis for reference levels (asymptotes, bounds, the constraint),
    /// in order of priority: a label too close to an earlier one is left out.
    void setReferenceTicks(std::vector<std::pair<double, QString>> ticks);
    /// A tracked decoration item (removed on the next showAnalysis).
    void own(QCPAbstractItem *item) { mDecorations.push_back(item); }
    void ownGraph(QCPGraph *graph) { mDecorationGraphs.push_back(graph); }

    const Eigen::VectorXd &features() const { return mF; }
    double xMin() const { return mXMin; }
    double xMax() const { return mXMax; }
    double tau() const { return mTau; }
    /// "1/√2" when τ = √d_k, "1/0.5" otherwise: the text after "λ = 1/τ = ".
    QString inverseTauText() const;

private:
    void clearDecorations();
    double curveAt(double lambda) const;
    /// Puts a marker label beside its dotted line: the longest of `texts` (longest first) that
    /// fits to the right of it, else to the left, else the shortest on the roomier side.
    void placeLabel(QCPItemText *label, const QStringList &texts, Qt::Alignment vertical);
    /// Puts the current λ's label next to its dot (the blue dot of λ = 1/τ at the default μ):
    /// the longest of mCurrentTexts, on the side of the dot where it covers no other label, no
    /// marker and no part of the curve, inside the plot (it was in the bottom margin, ~90 px
    /// from its dot, on the argmax line). After the last layout of updateTicks().
    void placeCurrentLabel();
    /// The legend of the solver markers (the Newton square, the GIS triangle) while shown: in a
    /// row under the title, or inside the plot (setSolverLegendInside).
    void showSolverLegend(bool shown);
    /// The solver markers' legend names: "Newton λ⁽ⁿ⁾" ("Newton/bisection λ⁽ⁿ⁾" with α > 1) and
    /// "GIS λ⁽ⁿ⁾" in the row, without " λ⁽ⁿ⁾" inside the plot.
    void nameSolvers();
    /// The solver legend, when inside, to the place along the plot's edges where it covers
    /// least (coverCost; the current λ's label counts as a label); after the last layout, after
    /// placeCurrentLabel().
    void placeSolverLegend();
    /// The pixel box `text` takes in `label`'s font when its `alignment` corner is at `at`.
    QRectF labelBox(const QCPItemText *label, const QString &text, const QPointF &at,
                    Qt::Alignment alignment) const;
    /// What a box put on the plot covers: the points of the curve, the markers, the lines and
    /// the boxes of `labels` (each far worse than a line), and leaving the axis rect (worst);
    /// the marker at `own` (the labelled dot) does not count.
    /// `curve` is curvePixels(): the curve sampled every 2 px, computed once for all the boxes.
    double coverCost(const QRectF &box, const std::vector<QRectF> &labels,
                     const std::vector<QPointF> &curve,
                     const QPointF &own = QPointF(-1e9, -1e9)) const;
    /// The curve's points in pixels, sampled every 2 px along x between its data points (pieces
    /// far off the plot left out).
    std::vector<QPointF> curvePixels() const;
    /// The boxes of the plot's other labels (λ = 1/τ, the decorations' labels).
    std::vector<QRectF> otherLabelBoxes() const;
    /// The estimated width of the axis rect in pixels at layoutSize().
    double plotPixels() const;
    /// λ_min and λ_max as dashed lines with their names (α > 1).
    void markSupportLimits();
    /// The y range: the value range and the label margins for the axis rect's height.
    void applyValueMargins();
    /// Puts the names of λ_min and λ_max inside the plot, beside their dashed lines, at the top
    /// or the bottom, where they cover least (coverCost): "λ_max = 2", else "λ_max". As the top
    /// axis's tick labels they took a row of the height above the plot, two where a value had
    /// to go under its name (the sparse scenario's constraint presented at 1280×800: 196 px).
    /// After the last layout, like placeCurrentLabel().
    void placeSupportLimitNames();

    QCPTextElement *mTitle;
    QString mFullTitle;
    QCPItemText *mNote;
    QString mNoteText; ///< the note unbroken (mNote shows it wrapped to the width)
    QCPGraph *mCurve;
    QCPGraph *mInvTauMarker;
    QCPGraph *mCurrentMarker;
    QCPGraph *mNewtonTrail;
    QCPGraph *mNewtonNow;
    QCPGraph *mGisTrail;
    QCPGraph *mGisNow;
    QCPItemStraightLine *mInvTauLine;
    QCPItemStraightLine *mCurrentLine;
    QCPItemText *mInvTauLabel;
    QCPItemText *mCurrentLabel;
    std::vector<std::pair<double, QString>> mReferenceTicks;
    bool mCurrentLabelIsError = false;
    bool mCurrentIsInvTau = false; ///< the current λ's dot is the one of λ = 1/τ
    QStringList mInvTauTexts;      ///< label variants, longest first
    QStringList mCurrentTexts;
    std::vector<QCPAbstractItem *> mDecorations;
    std::vector<QCPGraph *> mDecorationGraphs;

    std::vector<QCPItemStraightLine *> mLimitLines; ///< λ_min, λ_max (α > 1)
    struct LimitName
    {
        double lambda;
        QString full;  ///< "λ_max = 2"
        QString brief; ///< "λ_max"
    };
    std::vector<LimitName> mLimitNames;
    std::vector<QCPItemText *> mLimitLabels; ///< their names, in the order of mLimitNames
    double mValueLo = 0, mValueHi = 1;
    bool mTitleNamesQuery = true;

    Eigen::VectorXd mF;
    double mAlpha = 1;
    std::optional<double> mLambdaMax;
    std::optional<double> mLambdaMin;
    bool mAtBoundary = false;
    double mTau = 1;
    bool mSqrtDk = true;
    int mDk = 1;
    bool mHasCurve = false;
    bool mLegendInside = false;
    int mLegendRowHeight = 0;
    bool mLegendPlaced = false; ///< placeSolverLegend() has put it somewhere since it went inside
    std::optional<double> mCurrentLambda;
    double mMu = 0;
    bool mTargetIsDefault = true;
    double mXMin = -1, mXMax = 1;
    std::vector<double> mNewtonPath;
    std::vector<double> mGisPath;
};

} // namespace sml
