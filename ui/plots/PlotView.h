#pragma once

#include "export/ImageExportOptions.h"
#include "widgets/Prompts.h"

#include <qcustomplot.h>

#include <QPointer>
#include <QSize>
#include <QString>

#include <functional>
#include <optional>

class QAction;
class QMouseEvent;

namespace sml {

class Analysis;
class PlotInteraction;
class ScenarioDocument;

/// Base of the plot views (QCustomPlot widgets). A view shows an Analysis and the selected
/// query. It gets them one way: bindToDocument() once, after which every change of the document
/// redraws it (showAnalysis() of the document's Analysis), at once when visible and otherwise
/// when next shown. An export draws a given Analysis with showAnalysis() directly. A view never
/// edits the scenario itself; the views that can be dragged hand the drag to an interaction
/// object that pushes one undo command.
/// Subclasses provide the plot, the tooltip text under the mouse, and the tick layout for a size
/// (so that exports at a fixed size thin their labels like the window does).
///
/// Every view has the same context menu, implemented here: "Export image…" (ExportImageDialog,
/// then exportImage()), "Copy image" (the clipboard) and "Export data as CSV…" (dataCsv()).
class PlotView : public QCustomPlot
{
    Q_OBJECT

public:
    /// Runs a modal dialog; true when accepted (widgets/Prompts.h). Replaceable so tests can
    /// fill and accept it.
    using DialogRunner = sml::DialogRunner;
    /// Asks for a file name to write; an empty string cancels.
    using SaveFileNamePrompt = std::function<QString(
        const QString &caption, const QString &suggestedPath, const QString &filter)>;

    explicit PlotView(QWidget *parent = nullptr);

    /// 320 × 240: a plot shrinks with its window (titles and legends wrap or elide to fit)
    /// rather than asking for its full layout width, which would push a window with three
    /// columns of panels past a 1280-pixel projector.
    QSize minimumSizeHint() const override { return mMinimumSizeHint; }
    /// QCustomPlot's own hint, unless a view fixed it (setFixedSizeHints()).
    QSize sizeHint() const override;

    /// Stable, lowercase, hyphenated name used for exports ("attention-heatmap").
    virtual QString viewName() const = 0;
    /// "What am I seeing?": what the view shows and its derivation step (viewExplanation()),
    /// also the view's What's This text.
    QString explanation() const;
    /// Follows `document` from now on (see above; nullptr unbinds): refreshFromDocument() now and
    /// after every change of the document, its selected query or the Appearance.
    void bindToDocument(ScenarioDocument *document);
    /// The document bound with bindToDocument(); nullptr for an export's view.
    ScenarioDocument *document() const;
    /// Rebuilds the plot for `analysis` with `selectedQuery` highlighted, then replots.
    virtual void showAnalysis(const Analysis &analysis, int selectedQuery) = 0;
    /// The tooltip text for a widget position (empty: no tooltip).
    virtual QString toolTipAt(const QPointF &pos) const = 0;

    /// Lays the ticks out for a plot of `size` pixels (called on resize and before an export).
    void setLayoutSize(const QSize &size);
    QSize layoutSize() const { return mLayoutSize; }

    /// The numbers behind the plot as CSV: RFC 4180 (fields with commas, quotes or line ends are
    /// quoted), a header row, numbers in the C locale in shortest round-trip form, LF line ends.
    /// Views override it with a table that names their quantities. The default lists every
    /// plottable's data in long form, with the columns
    /// `series,kind,key,key_label,value,value_label,z`: one row per data point of a graph, curve
    /// or bars (key, value; key_label is the category name when the key axis has text ticks),
    /// and one row per cell of a colour map (key, value = the cell's coordinates, z = its
    /// number). NaN (a gap) is written as an empty field.
    virtual QString dataCsv() const;

    /// Writes the plot to PATH (PNG, JPEG, PDF or SVG, see ImageExportOptions): laid out at
    /// options.layoutSize(), drawn k = options.magnification times larger, with text, lines and
    /// markers × options.textScale, and put back as it was afterwards. `title` goes into the
    /// PDF/SVG metadata. Returns nullopt on success, else a message (bad options, a file that
    /// cannot be written).
    std::optional<QString> exportImage(const QString &path, const ImageExportOptions &options,
                                       const QString &title = QString());
    /// The plot as an image of options.outputPixels(), drawn as exportImage() draws it (format
    /// and file ignored).
    QImage renderImage(const ImageExportOptions &options);
    /// Draws the plot as exportImage() draws a PDF page, onto `painter` (active, on any device)
    /// in the rectangle (0, 0)–options.layoutSize() of the painter's current coordinates: for a
    /// plot that is part of a larger page (a lesson handout, window/LessonExport). The caller
    /// maps those coordinates onto the device.
    void drawOnto(QCPPainter &painter, const ImageExportOptions &options);

    /// The context-menu actions (also in actions(), shown by Qt::ActionsContextMenu).
    QAction *exportImageAction() const { return mExportImageAction; }
    QAction *copyImageAction() const { return mCopyImageAction; }
    QAction *exportDataAction() const { return mExportDataAction; }
    QAction *explainAction() const { return mExplainAction; }

    /// Shows an error to the user (widgets/Prompts.h).
    using ErrorReporter = sml::ErrorReporter;

    /// Test hooks shared by all views: how the export dialog runs, how a file name is asked and
    /// how an error is shown (defaults: exec(), QFileDialog, QMessageBox).
    static void setDialogRunner(DialogRunner runner);
    static void setSaveFileNamePrompt(SaveFileNamePrompt prompt);
    static void setErrorReporter(ErrorReporter reporter);

    /// CSV helpers (RFC 4180): a field quoted when needed, a number in shortest round-trip form
    /// (C locale; NaN and ±∞ give an empty field), and a line of fields ending in "\n".
    static QString csvField(const QString &text);
    static QString csvNumber(double value);
    static QString csvLine(const QStringList &fields);

public slots:
    /// "Export image…": the dialog, then exportImage(); errors in a message box.
    void exportImageInteractive();
    /// "Copy image": the plot at its current size, as an image on the clipboard.
    void copyImageToClipboard();
    /// "Export data as CSV…": a file name, then dataCsv() written atomically (UTF-8).
    void exportDataInteractive();

signals:
    /// A short report for the status bar ("Exported …", "Copied …").
    void exportMessage(const QString &message);

protected:
    /// Fixes both size hints, for the plane views: QCustomPlot's own hints follow the title's
    /// text width, which would let a long title widen the dock and with it the window.
    void setFixedSizeHints(const QSize &hint, const QSize &minimum);

    /// Called by the binding: shows the bound document's Analysis and selected query.
    virtual void refreshFromDocument();
    /// Hands the mouse to `interaction` (owned by the view): press, move and release go to it
    /// first, and to QCustomPlot only when it does not use them.
    void setInteraction(PlotInteraction *interaction);
    /// After the interaction's gesture ended (a drag released): the view redraws what it kept
    /// frozen during the gesture. The default refreshes from the document.
    virtual void interactionFinished() { refreshFromDocument(); }
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    /// No view zooms with the wheel, so the wheel scrolls the scroll area the view is in (the
    /// Maximum entropy tab); QCustomPlot took every wheel event.
    void wheelEvent(QWheelEvent *event) override;
    /// Recomputes the tick labels for layoutSize(); no replot.
    virtual void updateTicks() = 0;
    /// QCustomPlot's layout, then the tick counts, axis labels, legend columns and fitToLayout()
    /// fitted to its lengths, laid out again until the axis rects hold (at most four more times).
    void updateLayout() override;
    /// What the view fits to the axis rects of the last layout (a plane's ranges and labels);
    /// returns whether it changed anything that moves the margins. Runs after every layout pass.
    virtual bool fitToLayout() { return false; }

    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

    /// Adds a title row above the axis rect and returns the title element. Unless the view fits
    /// it itself (planeFit::fitTitle), the title is fitted to the width before every draw: 18 pt
    /// bold shrinking to 13 pt, then broken at spaces (× the presentation scale).
    QCPTextElement *addTitle();

private:
    /// Before every replot and export: fitTitles(), then the Appearance's style.
    void prepareToDraw();
    /// prepareToDraw() for a drawing of `size` (an export), laid out at that size first.
    void prepareToDrawAt(const QSize &size);
    void fitTitles();
    /// Each fit below works on the lengths of the last layout and returns whether it changed
    /// anything (then the layout is done again: updateLayout).
    bool fitAxisLabels();
    bool fitTickCounts(); ///< fewer ticks on a vertical axis too short for its numbers
    /// Every visible legend gets as many columns as fit its width (plotStyle::fitLegendColumns);
    /// one whose property "_sml_oneColumn" is true keeps one entry a row.
    bool fitLegends();
    /// Around one export's `draw`: options.textScale in force (restyled), the layout of
    /// options.layoutSize(), a transparent background when asked; then all put back.
    void drawForExport(const ImageExportOptions &options, const std::function<void()> &draw);
    /// The plot on an image of options.outputPixels() (inside drawForExport).
    QImage paintImage(const ImageExportOptions &options);

    /// A file name suggestion: the last export folder and the view's name with `ext`.
    QString suggestedPath(const QString &ext) const;
    void reportError(const QString &title, const QString &message);

    QPointer<ScenarioDocument> mDocument;
    PlotInteraction *mInteraction = nullptr;
    QSize mLayoutSize{900, 600};
    QSize mSizeHint; ///< invalid: QCustomPlot's
    QSize mMinimumSizeHint{320, 240};
    QAction *mExportImageAction;
    QAction *mCopyImageAction;
    QAction *mExplainAction = nullptr;
    QAction *mExportDataAction;
};

} // namespace sml
