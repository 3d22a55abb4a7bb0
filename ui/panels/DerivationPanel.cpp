#include "panels/DerivationPanel.h"

#include "style/Appearance.h"

#include "Analysis.h"
#include "document/ScenarioDocument.h"
#include "export/TextExport.h"
#include "panels/DerivationHtml.h"
#include "style/PlotStyle.h"
#include "style/TableStyle.h"
#include "style/ViewHelp.h"
#include "widgets/DocumentBinding.h"

#include <QAbstractTextDocumentLayout>
#include <QCheckBox>
#include <QHelpEvent>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextLayout>
#include <QTextTable>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <functional>
#include <numeric>

namespace sml {

namespace {

/// Calls `use` with every table of `document`, however deep, in document order.
void forEachTable(QTextDocument *document, const std::function<void(QTextTable *)> &use)
{
    std::function<void(QTextFrame *)> visit = [&](QTextFrame *parent) {
        for (QTextFrame *frame : parent->childFrames()) {
            if (auto *table = qobject_cast<QTextTable *>(frame))
                use(table);
            visit(frame);
        }
    };
    visit(document->rootFrame());
}

/// Below this share of the body's size for the full tables, the pane takes the narrow tables
/// (derivationHtml's narrowPane).
constexpr double narrowBelow = 0.85;

/// The body text size: 15 pt, times the presentation scale.
double bodyPoints()
{
    return 15 * Appearance::instance()->fontScale();
}

/// The style sheet of the steps; the tables' text at `tableScale` of the body's (the pane
/// narrows the tables, never the prose: fitToWidth), their cells' padding at tableScale² of
/// 6 px (2 px at least), so that a narrow pane gives the numbers the room; 3 px for the
/// `narrow` tables, whose steps take two lines (derivationHtml's narrowPane).
QString derivationStyleSheet(double tableScale = 1.0, bool narrow = false)
{
    // Colours chosen for the light theme, mapped to the theme drawn (issue 7).
    const Appearance *look = Appearance::instance();
    auto colour = [look](const char *light) { return look->themed(QColor(light)).name(); };
    return QStringLiteral("a { text-decoration: none; color: %1; }"
                          "h2 { font-size: %6pt; margin-bottom: 2px; }"
                          "h3 { font-size: %7pt; margin-top: 14px; margin-bottom: 4px; }"
                          "table { font-size: %8pt; }"
                          "th { background-color: %2; font-weight: bold; white-space: nowrap; }"
                          "table.num td { white-space: nowrap; }"
                          "table.num td, table.num th { padding: %9px; }"
                          "td.step { color: %3; }"
                          "td.total, th.total { background-color: %4; }"
                          ".result { font-weight: bold; }"
                          ".note { color: %5; }"
                          // Qt draws a sub- or superscript at 0.7 of its own font: from 1.15
                          // times the text's, it is 0.8 of the text (it was 10 px beside 15 pt
                          // tables in the window, too small to read: a fresh reader).
                          "sub, sup { font-size: %10pt; }"
                          "table sub, table sup { font-size: %11pt; }")
        .arg(colour("#000000"), colour("#eef2f8"), colour("#555555"), colour("#f6f6f6"),
             colour("#7a4a00"))
        .arg(19 * look->fontScale())
        .arg(17 * look->fontScale())
        .arg(bodyPoints() * tableScale)
        .arg(std::max(2, int(std::lround((narrow ? 3 : 6) * tableScale * tableScale))))
        .arg(bodyPoints() * 1.15)
        .arg(bodyPoints() * tableScale * 1.15);
}

} // namespace

DerivationPanel::DerivationPanel(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent), mDocument(document)
{
    mBrowser = new QTextBrowser(this);
    mBrowser->setOpenLinks(false);
    mBrowser->setOpenExternalLinks(false);
    // Always on: with "as needed", every setHtml laid the document out twice (Qt empties it
    // first, the bar hides, the viewport widens, then the bar comes back): 24 -> 13 ms per
    // edit at T = 64 (issue 5).
    mBrowser->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    applyAppearance();
    // Its own text scale (the plots' presentation scale, not the panels'): the window's font
    // walk leaves it alone.
    setProperty("smlOwnFontScale", true);
    connect(Appearance::instance(), &Appearance::changed, this, [this] { applyAppearance(); });
    mBrowser->viewport()->installEventFilter(this);
    setWhatsThis(viewExplanation(QStringLiteral("derivation")));

    mAllKeys = new QCheckBox(tr("Show every key"), this);
    mAllKeys->setToolTip(tr("With many keys only the ten heaviest get a column; tick to show all"));
    QFont big = mAllKeys->font();
    big.setPointSizeF(std::max(13.0, big.pointSizeF()));
    mAllKeys->setFont(big);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mAllKeys);
    layout->addWidget(mBrowser, 1);

    connect(mAllKeys, &QCheckBox::toggled, this, &DerivationPanel::refresh);
    // In a hidden tab, refreshed when shown rather than on every edit (issue 5).
    bindToDocument(this, mDocument, [this] { refresh(); });
}

void DerivationPanel::applyAppearance()
{
    QFont body = mBrowser->font();
    body.setPointSizeF(bodyPoints());
    mBrowser->setFont(body);
    mBrowser->document()->setDefaultFont(body);
    // Numbers are anchors only for their hover text: draw them as plain text.
    // (The theme's text colour, not the browser's: the window may set the new palette later.)
    QPalette palette = mBrowser->palette();
    palette.setColor(QPalette::Link, Appearance::instance()->palette().color(QPalette::Text));
    mBrowser->setPalette(palette);
    mBrowser->document()->setDefaultStyleSheet(derivationStyleSheet(mFitScale, mNarrow));
    // (Not from the constructor, before the pane's parts exist: mHtml is empty until then.)
    if (!mExporting && !mHtml.isEmpty() && mOneLine != Appearance::instance()->presentation())
        refresh();
}

void DerivationPanel::withExportDocument(const ImageExportOptions &options,
                                         const std::function<void(QTextDocument &)> &use)
{
    // Lay the steps out for the export's layout width (how many key columns fit) in its text
    // scale F, then draw them (k times larger).
    mExporting = true;
    std::optional<Appearance::ExportScale> scale;
    if (options.textScale != Appearance::instance()->exportScale()) {
        scale.emplace(options.textScale);
        applyAppearance();
    }
    // A wide, large page (a slide) takes the two derivations side by side, each with half the
    // width (on a small one each half would be a narrow column of wrapped lines).
    const QSize oldSize = size();
    const QSize layout = options.layoutSize();
    mSideBySide = layout.width() >= 1.4 * layout.height() && layout.width() >= 1000;
    resize(mSideBySide ? QSize(layout.width() / 2, layout.height()) : layout);
    refresh();
    QTextDocument document;
    QFont body = mBrowser->document()->defaultFont();
    body.setPointSizeF(bodyPoints()); // never the pane's narrowed tables (fitToWidth)
    document.setDefaultFont(body);
    document.setDefaultStyleSheet(derivationStyleSheet());
    // The margin of a slide (28 layout px, as the lesson PDF's header): at 16 the right-hand
    // table seemed to touch the slide's edge (a reader's find).
    document.setDocumentMargin(28);
    document.setHtml(mHtml);
    use(document);
    if (scale) {
        scale.reset();
        applyAppearance();
    }
    mSideBySide = false;
    mExporting = false;
    resize(oldSize);
    refresh();
}

std::optional<QString> DerivationPanel::exportImage(const QString &path,
                                                    const ImageExportOptions &options,
                                                    const QString &title)
{
    std::optional<QString> result;
    withExportDocument(options, [&](QTextDocument &document) {
        result =
            exportTextDocument(document, path, options, title.isEmpty() ? tr("Derivation") : title);
    });
    return result;
}

void DerivationPanel::drawOnto(QPainter &painter, const ImageExportOptions &options)
{
    withExportDocument(options, [&](QTextDocument &document) {
        paintTextDocument(painter, document, options.layoutSize(), options.transparent);
    });
}

QString DerivationPanel::plainText() const
{
    return mBrowser->toPlainText();
}

QRectF DerivationPanel::mleResultRect() const
{
    QTextDocument *document = mBrowser->document();
    const QString name = QLatin1String(mleResultAnchor);
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.charFormat().anchorNames().contains(name))
                continue;
            const QRectF blockRect = document->documentLayout()->blockBoundingRect(block);
            const QTextLine line =
                block.layout()->lineForTextPosition(fragment.position() - block.position());
            if (!line.isValid())
                return blockRect;
            return QRectF(blockRect.left() + line.x(), blockRect.top() + line.y(), line.width(),
                          line.height());
        }
    }
    return QRectF();
}

QRectF DerivationPanel::mleTableRect() const
{
    QTextDocument *document = mBrowser->document();
    const QRectF line = mleResultRect();
    if (line.isEmpty())
        return QRectF();
    QRectF table;
    const auto *layout = document->documentLayout();
    // The last table that starts above the line.
    forEachTable(document, [&](QTextTable *frame) {
        const QRectF rect = layout->frameBoundingRect(frame);
        if (rect.top() < line.top() && (table.isEmpty() || rect.top() > table.top()))
            table = rect;
    });
    return table;
}

void DerivationPanel::showMleResult()
{
    if (mStale)
        refresh();
    auto scroll = [this] {
        const QRectF line = mleResultRect();
        if (line.isEmpty())
            return;
        // The line and the one after it (the output ô) at the bottom of the pane, with as much
        // of the table above it as fits: the table is what the line sums up (a caption that
        // said "scroll up for its rows" was a fresh reader's find). When even the line does
        // not fit under the pane's top, the line goes first.
        const double lineHeight = mBrowser->fontMetrics().height();
        QTextDocument *document = mBrowser->document();
        // (The line, the output ô and the peak's log-likelihood are one paragraph.)
        const QTextBlock paragraph =
            document->findBlock(document->documentLayout()->hitTest(line.center(), Qt::FuzzyHit));
        const double end = paragraph.isValid()
                               ? document->documentLayout()->blockBoundingRect(paragraph).bottom()
                               : line.bottom();
        const int bottomFirst = int(std::ceil(end)) - mBrowser->viewport()->height();
        const int lineFirst = std::max(0, int(std::floor(line.top() - lineHeight / 2)));
        int value = std::clamp(bottomFirst, 0, lineFirst);
        // The table's header row before the rest of the paragraph, when the header and the
        // line fit together (presented, the rows were there but not which key each column is).
        const QRectF table = mleTableRect();
        const int tableFirst = std::max(0, int(std::floor(table.top() - lineHeight / 2)));
        if (!table.isEmpty() && tableFirst < value &&
            line.bottom() - tableFirst <= mBrowser->viewport()->height())
            value = tableFirst;
        mBrowser->verticalScrollBar()->setValue(value);
        mBrowser->horizontalScrollBar()->setValue(0);
    };
    scroll();
    QTimer::singleShot(0, this, scroll);
}

bool DerivationPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == mBrowser->viewport() && event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString anchor = mBrowser->anchorAt(help->pos());
        if (anchor.startsWith(QLatin1String("x:")))
            QToolTip::showText(help->globalPos(), anchor.mid(2), mBrowser->viewport());
        else
            QToolTip::hideText();
        return true;
    }
    // The pane's text fits the width it really gets (laid out after the panel's resize, and
    // by the browser after this filter: measured once the event is handled).
    if (watched == mBrowser->viewport() && event->type() == QEvent::Resize && !mStale)
        QTimer::singleShot(0, this, &DerivationPanel::fitToWidth);
    return QWidget::eventFilter(watched, event);
}

int DerivationPanel::keyColumnsThatFit(const QueryDetail &d) const
{
    // The step, quantity and Σ columns take about 450 px at 15 pt; each key column is as wide
    // as the longest word of its label in bold (labels wrap at spaces) or a 9-character number,
    // whichever is wider. The heaviest
    // keys come first. The panel's own width is used: the browser's viewport lags behind
    // while the panel is hidden.
    const int n = d.defined ? int(d.visible.size()) : 0;
    QFont bold = mBrowser->font();
    bold.setBold(true);
    const QFontMetricsF fm = plotStyle::metrics(bold);
    const double numberWidth = fm.horizontalAdvance(QStringLiteral("0.000000"));
    std::vector<int> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return d.weights[a] > d.weights[b]; });
    double used = 430;
    int fit = 0;
    for (int j : order) {
        const QString label = plotStyle::elide(
            mDocument->scenario().keyLabels.value(d.visible[size_t(j)]), mBrowser->font(), 150);
        double widestWord = 0;
        for (const QString &word : label.split(QLatin1Char(' '), Qt::SkipEmptyParts))
            widestWord = std::max(widestWord, fm.horizontalAdvance(word));
        used += std::max(numberWidth, widestWord) + 14;
        if (used > width() - 40 && fit >= 3)
            break;
        ++fit;
    }
    return std::max(std::min(3, n), fit);
}

void DerivationPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    refresh(); // the key columns follow the width (deferred while hidden, see refresh)
}

void DerivationPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (mStale)
        refresh();
}

void DerivationPanel::refresh()
{
    if (!isVisible() && window() && window()->isVisible()) {
        mStale = true;
        return;
    }
    mStale = false;
    const int q = mDocument->selectedQuery();
    const auto shared = mDocument->analysis().sharedDetail(q);
    const QueryDetail &d = *shared;
    const int n = d.defined ? int(d.visible.size()) : 0;
    // A small scenario shows every key (the table scrolls sideways if it must); a large one its
    // heaviest keys, as many as fit, unless "Show every key" is ticked.
    const int fit = n <= everyKeyUpTo ? n : keyColumnsThatFit(d);
    mAllKeys->setVisible(n > fit);
    std::vector<int> columns(static_cast<size_t>(n));
    std::iota(columns.begin(), columns.end(), 0);
    if (n > fit && !mAllKeys->isChecked()) {
        std::stable_sort(columns.begin(), columns.end(),
                         [&](int a, int b) { return d.weights[a] > d.weights[b]; });
        columns.resize(size_t(fit));
        std::sort(columns.begin(), columns.end());
    }
    mColumns = std::move(columns);
    // Presented, a quantity's name and formula share a line: the tour's last step showed the
    // likelihood table's rows but not its header, with the line under it (a fresh reader).
    mOneLine = Appearance::instance()->presentation() && !mExporting;
    mHtml = htmlWith(mNarrow && !mExporting);
    QScrollBar *vertical = mBrowser->verticalScrollBar();
    QScrollBar *horizontal = mBrowser->horizontalScrollBar();
    const int v = vertical->value(), h = horizontal->value();
    mBrowser->setHtml(mHtml);
    fitToWidth();
    vertical->setValue(v);
    horizontal->setValue(h);
}

QString DerivationPanel::htmlWith(bool narrow) const
{
    const auto shared = mDocument->analysis().sharedDetail(mDocument->selectedQuery());
    return derivationHtml(mDocument->analysis(), *shared, mColumns, mBrowser->font(), mSideBySide,
                          mOneLine, narrow);
}

void DerivationPanel::fitToWidth()
{
    // A table wider than the pane (the window at 1280×800 with both docks: 545 px for three
    // keys' 770) made the pane scroll sideways, k3 and Σ out of sight (a fresh reader): the
    // tables' text shrinks to fit, down to 60 %, and grows back when there is room. The prose
    // keeps its size: when the whole text shrank, a fresh reader found the tab's text small
    // in the window.
    const double room = mBrowser->viewport()->width() - 2;
    // (An export lays out its own document, at the body size, with the full tables.)
    if (mSideBySide || mExporting || room < 100)
        return;
    QTextDocument *document = mBrowser->document();
    // The room the tables of `doc` take, their right edges (a paragraph wraps to the pane; a
    // table's cells do not).
    const auto used = [](QTextDocument *doc) {
        double right = 0;
        forEachTable(doc, [&](QTextTable *table) {
            right = std::max(right, doc->documentLayout()->frameBoundingRect(table).right());
        });
        return right + doc->documentMargin();
    };
    // Every edit comes here: the scale stays while the tables fit with 2 % to spare (a sideways
    // scroll bar came and went at the edge) and the scale is 100 % or they fill at least 90 %
    // of the room (no new layout then).
    // The narrow tables are chosen for a width and a line form: in another (the pane wider,
    // presented) the full ones may fit again (the presented tour showed 4 digits, a fresh
    // reader).
    const double now = used(document);
    const bool narrowElsewhere =
        mNarrow && (std::abs(room - mNarrowRoom) > 1 || mOneLine != mNarrowOneLine);
    if (now <= 0.98 * room && (mFitScale >= 1.0 || now >= 0.9 * room) && !narrowElsewhere)
        return;
    if (now > 0.98 * room && mFitScale <= 0.6)
        return; // as small as the tables go: the pane scrolls sideways
    // Otherwise 100 % if that fits, else the scale narrowed towards room / width a few times
    // (the borders do not shrink and the padding shrinks faster, so from above), 60 % at the
    // least. Each try is laid out in a scratch document: trying them in the pane's own made its
    // sideways scroll bar come and go, and each of those resizes asked for this search again,
    // for ever (with tables too wide even at 60 %).
    QTextDocument scratch;
    scratch.setDefaultFont(document->defaultFont());
    scratch.setDocumentMargin(document->documentMargin());
    scratch.setTextWidth(mBrowser->viewport()->width());
    const auto scaleThatFits = [&](const QString &html, bool narrow) {
        const auto usedAt = [&](double scale) {
            scratch.setDefaultStyleSheet(derivationStyleSheet(scale, narrow));
            scratch.setHtml(html);
            return used(&scratch);
        };
        double scale = 1.0;
        double width = usedAt(scale);
        for (int round = 0; round < 5 && width > 0.98 * room && scale > 0.6; ++round) {
            scale = std::max(0.6, std::floor(100 * scale * 0.97 * room / width) / 100);
            width = usedAt(scale);
        }
        return scale;
    };
    // The full tables while their text stays at narrowBelow of the body's or more; else the
    // narrow ones, 4 digits and the formulas under the names (fresh readers found the tables
    // small in the window at 1280×800: 9.75 pt beside 15 pt prose, then 11.7 pt with 4 digits).
    QString html = mNarrow ? htmlWith(false) : mHtml;
    double scale = scaleThatFits(html, false);
    bool narrow = false;
    if (scale < narrowBelow) {
        html = htmlWith(true);
        scale = scaleThatFits(html, true);
        narrow = true;
        mNarrowRoom = room;
        mNarrowOneLine = mOneLine;
    }
    if (scale == mFitScale && narrow == mNarrow)
        return; // (the pane's document has it already: no new layout)
    mFitScale = scale;
    mNarrow = narrow;
    mHtml = html;
    QScrollBar *vertical = mBrowser->verticalScrollBar();
    QScrollBar *horizontal = mBrowser->horizontalScrollBar();
    const int v = vertical->value(), h = horizontal->value();
    // The scale is the style sheet's (a new sheet needs the HTML again: one layout).
    document->setDefaultStyleSheet(derivationStyleSheet(mFitScale, mNarrow));
    document->setHtml(mHtml);
    vertical->setValue(v);
    horizontal->setValue(h);
}

} // namespace sml
