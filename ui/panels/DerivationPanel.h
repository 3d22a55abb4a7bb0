#pragma once

#include "export/ImageExportOptions.h"

#include <QRectF>
#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

class QCheckBox;
class QPainter;
class QTextDocument;
class QTextBrowser;

namespace sml {

class ScenarioDocument;
struct QueryDetail;

/// Both derivations of the selected query's weights as numbered steps with the current numbers
/// filled in, one column per visible key, rebuilt on every change (drags included):
/// - maximum likelihood (MATH.md §4): similarities f = q·k → scores s = f/τ → variances
///   σ² = σ0² e^(−s) (or set by hand in free mode, with the implied score −log σ²) →
///   precisions σ⁻² → normalized precisions π = the softmax weights → output ô = Σ π v;
/// - maximum entropy (MATH.md §5): constraint μ → Lagrange multiplier λ → partition function
///   Z = Σ e^(λf) (and log Z) → p = e^(λf)/Z.
/// Text is projector-sized (15 pt body) with Unicode math. Quantities outside the double range are
/// computed from their logarithms and shown as "< 1e-308" or "> 1.8e308" with the exponent
/// (MATH.md §4.1), never 0, inf or NaN. Hovering a number shows its exact value. When the keys do
/// not fit the width (and there are more than everyKeyUpTo), only the heaviest get columns,
/// unless "Show every key" is ticked. With α-entmax the water line, the support and the Tsallis
/// MaxEnt of MATH.md §7 are written out too (DerivationHtml.h).
class DerivationPanel : public QWidget
{
    Q_OBJECT

public:
    /// Scenarios with at most this many visible keys show every key's column.
    static constexpr int everyKeyUpTo = 8;

    explicit DerivationPanel(ScenarioDocument *document, QWidget *parent = nullptr);

    QTextBrowser *browser() const { return mBrowser; }
    QCheckBox *allKeysCheck() const { return mAllKeys; }
    /// The HTML shown, and its plain text.
    QString html() const { return mHtml; }
    QString plainText() const;
    /// Scrolls the line under the first table that sums it up ("π = softmax(s)",
    /// mleResultAnchor) into the pane, at its left edge, near its bottom with as much of the
    /// table above as fits (at the top when the pane is shorter than that): what a lesson step
    /// on the derivation shows, wherever the pane was scrolled before. Again after the next
    /// layout (the tab may only now get its size).
    void showMleResult();
    /// The line of showMleResult() in the browser's document coordinates (empty when the
    /// query has no derivation).
    QRectF mleResultRect() const;
    /// The maximum-likelihood table (the one above that line), in the same coordinates; empty
    /// when there is none.
    QRectF mleTableRect() const;
    /// Writes the steps, laid out for `options.size`, as PNG, JPEG, PDF or SVG (text stays text
    /// in PDF and SVG; see exportTextDocument). Returns nullopt or an error message.
    std::optional<QString> exportImage(const QString &path, const ImageExportOptions &options,
                                       const QString &title = QString());
    /// Draws the steps as exportImage() does, onto `painter` (active) in the rectangle
    /// (0, 0)–options.layoutSize() of its current coordinates (a lesson handout's page).
    void drawOnto(QPainter &painter, const ImageExportOptions &options);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    /// A hidden panel (another tab) is rebuilt when it is shown, not on every edit.
    void showEvent(QShowEvent *event) override;
    /// The number of key columns follows the width.
    void resizeEvent(QResizeEvent *event) override;

private:
    /// Lays the steps out for options.layoutSize() in options.textScale, hands the document to
    /// `use`, and puts the panel back as it was.
    void withExportDocument(const ImageExportOptions &options,
                            const std::function<void(QTextDocument &)> &use);
    /// Body font (15 pt × the presentation scale), link colour and themed style sheet.
    void applyAppearance();
    void refresh();
    /// Shrinks the tables' text (to 60 % at least) while the widest table is wider than the
    /// pane, and grows it back when there is room: the pane does not scroll sideways. The prose
    /// keeps the body size. Where the full tables' text would be below 85 % of the body's, the
    /// pane takes the narrow tables (derivationHtml's narrowPane; never in an export).
    void fitToWidth();
    /// The steps' HTML for the query shown, with mColumns, narrow or full (derivationHtml).
    QString htmlWith(bool narrow) const;
    /// How many key columns of the query fit the panel's width, heaviest first (at least three).
    int keyColumnsThatFit(const QueryDetail &detail) const;

    ScenarioDocument *mDocument;
    QTextBrowser *mBrowser;
    QCheckBox *mAllKeys;
    QString mHtml;
    bool mStale = false;
    bool mSideBySide = false;    ///< while laid out for a wide export page (withExportDocument)
    bool mExporting = false;     ///< while laid out for an export (withExportDocument)
    bool mOneLine = false;       ///< the shown HTML has one-line quantities (presentation mode)
    double mFitScale = 1.0;      ///< the tables' text's share of bodyPoints() that fits the pane
    bool mNarrow = false;        ///< the pane shows the narrow tables (fitToWidth)
    double mNarrowRoom = 0;      ///< the room they were chosen for
    bool mNarrowOneLine = false; ///< and the line form (mOneLine)
    std::vector<int> mColumns;   ///< the keys with a column (indices into the query's visible keys)
};

} // namespace sml
