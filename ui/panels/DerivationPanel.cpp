#include "panels/DerivationPanel.h"

#include "style/Appearance.h"

#include "Analysis.h"
#include "document/ScenarioDocument.h"
#include "export/TextExport.h"
#include "style/PlotStyle.h"
#include "style/TableStyle.h"
#include "style/ViewHelp.h"
#include "widgets/DocumentBinding.h"

#include <QCheckBox>
#include <QHelpEvent>
#include <QScrollBar>
#include <QTextBrowser>
#include <QTextDocument>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <numeric>

namespace sml {

namespace {

const QString minus = QStringLiteral("−");

QString superscript(int exponent)
{
    static const QString digits = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    QString out = exponent < 0 ? QStringLiteral("⁻") : QString();
    for (QChar c : QString::number(std::abs(exponent)))
        out += digits[c.digitValue()];
    return out;
}

/// 6 significant digits in the user's locale, "× 10ⁿ" for exponents, a real minus sign.
QString pretty(double x)
{
    if (x == 0)
        return QStringLiteral("0");
    QString t = tableStyle::displayNumber(x);
    const qsizetype e = t.indexOf(QLatin1Char('e'));
    if (e >= 0)
        t = t.left(e) + QStringLiteral(" × 10") + superscript(t.mid(e + 1).toInt());
    t.replace(QLatin1Char('-'), minus);
    return t;
}

QString exact(double x)
{
    return QString::number(x, 'g', QLocale::FloatingPointShortest);
}

/// A number with its exact value as the hover text (see DerivationPanel::eventFilter).
QString cell(const QString &shown, const QString &exactText)
{
    return QStringLiteral("<a href=\"x:%1\">%2</a>").arg(exactText.toHtmlEscaped(), shown);
}

QString number(double x)
{
    return cell(pretty(x), exact(x));
}

/// exp(logValue), computed only when it is inside the double range (MATH.md §4.1).
QString fromLog(double logValue)
{
    if (!std::isfinite(logValue))
        return logValue > 0 ? cell(QStringLiteral("&gt; 1.8e308"), QStringLiteral("overflow"))
                            : cell(QStringLiteral("&lt; 1e-308"), QStringLiteral("underflow"));
    const QString exactText = QStringLiteral("exp(%1)").arg(exact(logValue));
    if (logValue > std::log(DBL_MAX))
        return cell(QStringLiteral("&gt; 1.8e308<br><small>= e^%1</small>").arg(pretty(logValue)),
                    exactText);
    if (logValue < std::log(DBL_MIN))
        return cell(QStringLiteral("&lt; 1e-308<br><small>= e^(%1)</small>").arg(pretty(logValue)),
                    exactText);
    const double v = std::exp(logValue);
    return cell(pretty(v), exact(v));
}

QString vectorText(const Eigen::VectorXd &v)
{
    QStringList parts;
    const int shown = int(std::min<Eigen::Index>(v.size(), 4));
    for (int k = 0; k < shown; ++k)
        parts << number(v[k]);
    if (v.size() > shown)
        parts << QStringLiteral("…");
    return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
}

QString derivationStyleSheet()
{
    // Colours chosen for the light theme, mapped to the theme drawn (issue 7).
    const Appearance *look = Appearance::instance();
    auto colour = [look](const char *light) { return look->themed(QColor(light)).name(); };
    return QStringLiteral("a { text-decoration: none; color: %1; }"
                          "h2 { font-size: %6pt; margin-bottom: 2px; }"
                          "h3 { font-size: %7pt; margin-top: 14px; margin-bottom: 4px; }"
                          "th { background-color: %2; font-weight: bold; white-space: nowrap; }"
                          "td { white-space: nowrap; }"
                          "td.step { color: %3; }"
                          "td.total, th.total { background-color: %4; }"
                          ".result { font-weight: bold; }"
                          ".note { color: %5; }")
        .arg(colour("#000000"), colour("#eef2f8"), colour("#555555"), colour("#f6f6f6"),
             colour("#7a4a00"))
        .arg(19 * look->fontScale())
        .arg(17 * look->fontScale());
}

/// The body text size: 15 pt, times the presentation scale.
double bodyPoints()
{
    return 15 * Appearance::instance()->fontScale();
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
    mBrowser->document()->setDefaultStyleSheet(derivationStyleSheet());
}

std::optional<QString> DerivationPanel::exportImage(const QString &path,
                                                    const ImageExportOptions &options,
                                                    const QString &title)
{
    // Lay the steps out for the export's layout width (how many key columns fit) in its text
    // scale F, then draw them (k times larger).
    std::optional<Appearance::ExportScale> scale;
    if (options.textScale != Appearance::instance()->exportScale()) {
        scale.emplace(options.textScale);
        applyAppearance();
    }
    const QSize oldSize = size();
    resize(options.layoutSize());
    refresh();
    QTextDocument document;
    document.setDefaultFont(mBrowser->document()->defaultFont());
    document.setDefaultStyleSheet(derivationStyleSheet());
    document.setDocumentMargin(16);
    document.setHtml(mHtml);
    auto result =
        exportTextDocument(document, path, options, title.isEmpty() ? tr("Derivation") : title);
    if (scale) {
        scale.reset();
        applyAppearance();
    }
    resize(oldSize);
    refresh();
    return result;
}

QString DerivationPanel::plainText() const
{
    return mBrowser->toPlainText();
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
    const int fit = keyColumnsThatFit(d);
    mAllKeys->setVisible(n > fit);
    std::vector<int> columns(static_cast<size_t>(n));
    std::iota(columns.begin(), columns.end(), 0);
    if (n > fit && !mAllKeys->isChecked()) {
        std::stable_sort(columns.begin(), columns.end(),
                         [&](int a, int b) { return d.weights[a] > d.weights[b]; });
        columns.resize(size_t(fit));
        std::sort(columns.begin(), columns.end());
    }
    mHtml = buildHtml(d, columns);
    QScrollBar *vertical = mBrowser->verticalScrollBar();
    QScrollBar *horizontal = mBrowser->horizontalScrollBar();
    const int v = vertical->value(), h = horizontal->value();
    mBrowser->setHtml(mHtml);
    vertical->setValue(v);
    horizontal->setValue(h);
}

QString DerivationPanel::buildHtml(const QueryDetail &d, const std::vector<int> &columns) const
{
    const Scenario &s = mDocument->scenario();
    const Analysis &analysis = mDocument->analysis();
    const double tau = analysis.tau();
    const QString queryLabel = s.queryLabels.value(d.query).toHtmlEscaped();
    QString html;
    html += tr("<h2>Query “%1”: where its weights come from</h2>").arg(queryLabel);
    if (!d.defined) {
        html += QStringLiteral("<p class=\"note\">%1</p>")
                    .arg((d.warnings.isEmpty() ? tr("This query sees no key.") : d.warnings.first())
                             .toHtmlEscaped());
        return html;
    }
    const int n = int(d.visible.size());
    const bool linked = s.varianceMode == VarianceMode::Linked;
    const bool sqrtDk = s.temperatureMode == TemperatureMode::SqrtDk;
    const QString tauText = sqrtDk ? tr("τ = √d_k = √%1 ≈ %2").arg(s.dK()).arg(number(tau))
                                   : tr("τ = %1").arg(number(tau));
    html +=
        QStringLiteral("<p>%1 &nbsp;·&nbsp; %2</p>")
            .arg(tauText)
            .arg((n == 1 ? tr("the query sees 1 key") : tr("the query sees %1 keys").arg(n)) +
                 (int(columns.size()) < n ? tr(" (the %1 heaviest are shown)").arg(columns.size())
                                          : QString()));

    // Table helpers: a header row with the key labels, then one row per step.
    const bool elided = int(columns.size()) < n;
    auto header = [&](const QString &totalTitle) {
        QString row = tr("<tr><th>step</th><th>quantity</th>");
        for (int j : columns)
            row += QStringLiteral("<th>%1</th>")
                       .arg(plotStyle::elide(s.keyLabels.value(d.visible[size_t(j)]),
                                             mBrowser->font(), 150)
                                .toHtmlEscaped()
                                .replace(QLatin1Char(' '), QStringLiteral("<br>")));
        if (elided)
            row += QStringLiteral("<th>…</th>");
        row += totalTitle.isEmpty() ? QString()
                                    : QStringLiteral("<th class=\"total\">%1</th>").arg(totalTitle);
        return row + QStringLiteral("</tr>");
    };
    auto row = [&](const QString &step, const QString &quantity, const auto &valueOf,
                   const QString &total, bool hasTotalColumn) {
        QString r = QStringLiteral("<tr><td class=\"step\">%1</td><td>%2</td>").arg(step, quantity);
        for (int j : columns)
            r += QStringLiteral("<td align=\"right\">%1</td>").arg(valueOf(j));
        if (elided)
            r += QStringLiteral("<td>…</td>");
        if (hasTotalColumn)
            r += QStringLiteral("<td class=\"total\" align=\"right\">%1</td>").arg(total);
        return r + QStringLiteral("</tr>");
    };
    const QString tableOpen =
        QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"6\" "
                       "style=\"border-collapse: collapse; border-color: #bbbbbb;\">");

    // --- maximum likelihood (MATH.md §4) ----------------------------------------------------
    html += tr("<h3>Maximum likelihood: each value is a noisy reading of the output</h3>");
    html += tr("<p>v<sub>t</sub> ~ N(o, σ²<sub>t</sub> I). The output that makes the values most "
               "likely is the precision-weighted mean of the values.</p>");
    const GaussianMle &mle = *d.mle;
    const Eigen::VectorXd &logVar = mle.logVariances();
    const Eigen::VectorXd &pi = mle.precisionWeights();
    html += tableOpen + header(tr("Σ"));
    int step = 1;
    auto next = [&step] { return QString::number(step++); };
    html += row(
        next(), tr("similarity<br>f<sub>t</sub> = q·k<sub>t</sub>"),
        [&](int j) { return number(d.similarities[j]); }, QString(), true);
    if (linked) {
        html += row(
            next(), tr("score<br>s<sub>t</sub> = f<sub>t</sub> / τ"),
            [&](int j) { return number(d.scores[j]); }, QString(), true);
        html += row(
            next(),
            tr("variance (σ0² = %1)<br>σ²<sub>t</sub> = σ0² e<sup>−s<sub>t</sub></sup>")
                .arg(number(s.sigma0Squared)),
            [&](int j) { return fromLog(logVar[j]); }, QString(), true);
    } else {
        html += row(
            next(), tr("variance, set by hand<br>σ²<sub>t</sub> (free mode)"),
            [&](int j) { return fromLog(logVar[j]); }, QString(), true);
        html += row(
            next(), tr("implied score<br>s̃<sub>t</sub> = −log σ²<sub>t</sub>"),
            [&](int j) { return number(-logVar[j]); }, QString(), true);
    }
    html += row(
        next(), tr("precision<br>σ<sub>t</sub><sup>−2</sup> = 1/σ²<sub>t</sub>"),
        [&](int j) { return fromLog(-logVar[j]); }, fromLog(mle.logTotalPrecision()), true);
    html += row(
        next(),
        tr("<b>normalized precision<br>π<sub>t</sub> = σ<sub>t</sub><sup>−2</sup> / "
           "Σ<sub>u</sub> σ<sub>u</sub><sup>−2</sup></b>"),
        [&](int j) { return QStringLiteral("<b>%1</b>").arg(number(pi[j])); }, number(pi.sum()),
        true);
    html += row(
        QStringLiteral("="),
        tr("softmax weight<br>w<sub>t</sub> = e<sup>s<sub>t</sub></sup> / "
           "Σ<sub>u</sub> e<sup>s<sub>u</sub></sup>"),
        [&](int j) { return number(d.weights[j]); }, number(d.weights.sum()), true);
    html += row(
        QString(), tr("value<br>v<sub>t</sub>"),
        [&](int j) { return vectorText(s.values.row(d.visible[size_t(j)]).transpose()); },
        QString(), true);
    html += QStringLiteral("</table>");
    html += QStringLiteral("<p>");
    if (linked)
        html += tr("<span class=\"result\">π = w</span>: the precisions are σ0⁻² e<sup>s</sup>, "
                   "so normalizing them is the softmax (max |π − w| = %1).<br>")
                    .arg(number(d.mleMaxAbsDiff));
    else
        html += tr("Free variances: π is the softmax of the implied scores, not of q·k/τ "
                   "(max |π − w| = %1).<br>")
                    .arg(number(d.mleMaxAbsDiff));
    html += tr("%1. <span class=\"result\">output ô = Σ<sub>t</sub> π<sub>t</sub> v<sub>t</sub> "
               "= %2</span>")
                .arg(step)
                .arg(vectorText(mle.mleOutput()));
    if (linked)
        html += tr(" = the attention output o");
    html += QStringLiteral("<br>");
    html += tr("log-likelihood at the peak ℓ(ô) = %1")
                .arg(d.logLikelihoodAtMle ? number(*d.logLikelihoodAtMle)
                                          : QStringLiteral("&lt; −1.8e308"));
    html += QStringLiteral("</p>");

    // --- maximum entropy (MATH.md §5) -------------------------------------------------------
    html += tr("<h3>Maximum entropy: the flattest weights with the right expected "
               "similarity</h3>");
    const double minF = d.similarities.minCoeff();
    const double maxF = d.similarities.maxCoeff();
    html += QStringLiteral("<p>");
    html += tr("1. constraint: <span class=\"result\">μ = %1</span> ").arg(number(d.maxentTarget));
    html += d.maxentTargetIsDefault
                ? tr("= Σ<sub>t</sub> w<sub>t</sub> f<sub>t</sub> = E<sub>w</sub>[q·k] "
                     "(the default)")
                : tr("(set by hand)");
    html += QStringLiteral("<br>");
    if (d.maxent.status == maxent::Status::Undetermined) {
        html += tr("<span class=\"note\">All similarities are equal (f = %1): λ is "
                   "undetermined and p is uniform, p<sub>t</sub> = 1/%2 = %3 "
                   "(MATH.md §5.4).</span>")
                    .arg(number(minF))
                    .arg(n)
                    .arg(number(1.0 / n));
        html += QStringLiteral("</p>");
        return html;
    }
    html += tr("&nbsp;&nbsp;&nbsp;feasible because min f = %1 &lt; μ &lt; max f = %2<br>")
                .arg(number(minF), number(maxF));
    if (d.maxent.status != maxent::Status::Ok || !d.maxent.lambda) {
        html += QStringLiteral("<span class=\"note\">%1</span></p>")
                    .arg(d.maxent.message.toHtmlEscaped());
        return html;
    }
    const double lambda = *d.maxent.lambda;
    html += tr("2. Lagrange multiplier: λ solves E<sub>λ</sub>[f] = μ: "
               "<span class=\"result\">λ = %1</span>")
                .arg(number(lambda));
    if (d.maxentTargetIsDefault)
        html += tr(" = 1/τ exactly (closed form; Newton from λ = 0 takes %1 steps)")
                    .arg(d.maxent.iterations);
    else
        html += tr(" (safeguarded Newton from λ = 0, %1 steps); 1/λ = %2 acts as the "
                   "temperature")
                    .arg(d.maxent.iterations)
                    .arg(number(1.0 / lambda));
    html += QStringLiteral("</p>");

    // λ f_t as (λ·(f_t/2))·2, so that it only overflows when the product itself does.
    Eigen::VectorXd lf(n);
    for (int j = 0; j < n; ++j)
        lf[j] = (lambda * (d.similarities[j] / 2)) * 2;
    const bool finite = lf.allFinite();
    const double logZ = finite ? softmax(lf).logPartition() : 0.0;
    html += tableOpen + header(tr("Σ"));
    html += row(
        QStringLiteral("3"), tr("partition function<br>e<sup>λ f<sub>t</sub></sup>, Σ = Z"),
        [&](int j) { return fromLog(lf[j]); },
        finite ? fromLog(logZ) : QStringLiteral("&gt; 1.8e308"), true);
    html += row(
        QStringLiteral("4"),
        tr("<b>MaxEnt weight<br>p<sub>t</sub> = e<sup>λ f<sub>t</sub></sup> / Z</b>"),
        [&](int j) { return QStringLiteral("<b>%1</b>").arg(number(d.maxent.weights[j])); },
        number(d.maxent.weights.sum()), true);
    html += QStringLiteral("</table><p>");
    if (finite)
        html += tr("log Z = %1 &nbsp;&nbsp; ").arg(number(logZ));
    html += tr("entropy H(p) = %1 nats (at most log %2 = %3)")
                .arg(number(d.maxent.entropy))
                .arg(n)
                .arg(number(std::log(double(n))));
    html += QStringLiteral("<br>");
    if (d.maxentMaxAbsDiff)
        html += d.maxentTargetIsDefault
                    ? tr("<span class=\"result\">p = w</span>: at the default μ the MaxEnt "
                         "distribution is the softmax (max |p − w| = %1).")
                          .arg(number(*d.maxentMaxAbsDiff))
                    : tr("μ was moved, so p is the softmax at temperature 1/λ, not at τ "
                         "(max |p − w| = %1).")
                          .arg(number(*d.maxentMaxAbsDiff));
    html += QStringLiteral("</p>");
    return html;
}

} // namespace sml
