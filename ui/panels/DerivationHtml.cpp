#include "panels/DerivationHtml.h"

#include "Analysis.h"
#include "TsallisMaxEnt.h"
#include "style/PlotStyle.h"
#include "style/TableStyle.h"

#include <QCoreApplication>

#include <cfloat>
#include <cmath>
#include <optional>

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

/// `digits` significant digits in the user's locale, "× 10ⁿ" for exponents, a real minus sign.
QString pretty(double x, int digits)
{
    if (x == 0)
        return QStringLiteral("0");
    QString t = tableStyle::displayNumber(x, digits);
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

QString number(double x, int digits)
{
    return cell(pretty(x, digits), exact(x));
}

/// exp(logValue), computed only when it is inside the double range (MATH.md §4.1).
QString fromLog(double logValue, int digits)
{
    if (!std::isfinite(logValue))
        return logValue > 0 ? cell(QStringLiteral("&gt; 1.8e308"), QStringLiteral("overflow"))
                            : cell(QStringLiteral("&lt; 1e-308"), QStringLiteral("underflow"));
    const QString exactText = QStringLiteral("exp(%1)").arg(exact(logValue));
    if (logValue > std::log(DBL_MAX))
        return cell(
            QStringLiteral("&gt; 1.8e308<br><small>= e^%1</small>").arg(pretty(logValue, digits)),
            exactText);
    if (logValue < std::log(DBL_MIN))
        return cell(
            QStringLiteral("&lt; 1e-308<br><small>= e^(%1)</small>").arg(pretty(logValue, digits)),
            exactText);
    const double v = std::exp(logValue);
    return cell(pretty(v, digits), exact(v));
}

QString vectorText(const Eigen::VectorXd &v, int digits)
{
    QStringList parts;
    const int shown = int(std::min<Eigen::Index>(v.size(), 4));
    for (int k = 0; k < shown; ++k)
        parts << number(v[k], digits);
    if (v.size() > shown)
        parts << QStringLiteral("…");
    return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
}

/// Writes the HTML of derivationHtml(), section by section.
class DerivationWriter
{
    Q_DECLARE_TR_FUNCTIONS(DerivationPanel)

public:
    DerivationWriter(const Analysis &analysis, const QueryDetail &detail,
                     const std::vector<int> &columns, const QFont &font, bool sideBySide,
                     bool oneLine, bool narrow)
        : s(analysis.scenario()), analysis(analysis), d(detail), columns(columns), font(font),
          n(detail.defined ? int(detail.visible.size()) : 0), elided(int(columns.size()) < n),
          sideBySide(sideBySide), oneLine(oneLine), narrow(narrow), digits(narrow ? 4 : 6)
    {
    }

    QString html() const;

private:
    QString header(const QString &totalTitle) const;
    template <typename ValueOf>
    QString row(const QString &step, const QString &quantity, const ValueOf &valueOf,
                const QString &total) const;
    QString maximumLikelihood() const;
    QString entmaxWeights() const;
    QString shannonMaxEnt() const;
    QString tsallisMaxEnt() const;
    /// Steps 1–2 of both MaxEnt sections, appended to `html`: the constraint μ, where it may
    /// lie, and "λ = …". Returns λ, or nullopt (with the reason written and the paragraph
    /// closed) when λ is undetermined or there is no solution.
    std::optional<double> constraintAndLambda(bool closedInterval, QString &html) const;
    /// A weight of α-entmax: "0 exactly" off the support.
    QString sparseWeight(double w) const;
    /// The numbers at this derivation's significant digits (the free functions of the same name
    /// with `digits`).
    QString number(double x) const { return sml::number(x, digits); }
    QString fromLog(double logValue) const { return sml::fromLog(logValue, digits); }
    QString vectorText(const Eigen::VectorXd &v) const { return sml::vectorText(v, digits); }

    static inline const QString tableOpen =
        QStringLiteral("<table class=\"num\" border=\"1\" cellspacing=\"0\" cellpadding=\"6\" "
                       "style=\"border-collapse: collapse; border-color: #bbbbbb;\">");

    const Scenario &s;
    const Analysis &analysis;
    const QueryDetail &d;
    const std::vector<int> &columns;
    const QFont &font;
    const int n;
    const bool elided;
    const bool sideBySide;
    const bool oneLine;
    const bool narrow;
    const int digits; ///< significant digits of the numbers (fewer in a narrow pane)
};

} // namespace

QString derivationHtml(const Analysis &analysis, const QueryDetail &detail,
                       const std::vector<int> &columns, const QFont &font, bool sideBySide,
                       bool oneLineQuantities, bool narrowPane)
{
    return DerivationWriter(analysis, detail, columns, font, sideBySide, oneLineQuantities,
                            narrowPane)
        .html();
}

namespace {

QString DerivationWriter::header(const QString &totalTitle) const
{
    // (Narrow, each quantity has a line of its own across the key columns: row().)
    QString r = narrow && !oneLine ? QStringLiteral("<tr><th>#</th>")
                                   : tr("<tr><th>#</th><th>quantity</th>");
    for (int j : columns)
        r += QStringLiteral("<th>%1</th>")
                 .arg(plotStyle::elide(s.keyLabels.value(d.visible[size_t(j)]), font, 150)
                          .toHtmlEscaped()
                          .replace(QLatin1Char(' '), QStringLiteral("<br>")));
    if (elided)
        r += QStringLiteral("<th>…</th>");
    r += QStringLiteral("<th class=\"total\">%1</th>").arg(totalTitle);
    return r + QStringLiteral("</tr>");
}

template <typename ValueOf>
QString DerivationWriter::row(const QString &step, const QString &quantity, const ValueOf &valueOf,
                              const QString &total) const
{
    // A quantity is "name<br>formula". Narrow, each step takes two lines: the quantity (name
    // and formula) across the key columns, then its numbers under them, so that the table is
    // only as wide as its numbers (a fresh reader found the tables small in the window: the
    // quantity column took a third of the width).
    const bool twoLines = narrow && !oneLine;
    const QString inOneLine =
        QString(quantity).replace(QStringLiteral("<br>"), QStringLiteral("&nbsp; "));
    QString r =
        twoLines ? QStringLiteral("<tr><td class=\"step\" rowspan=\"2\">%1</td>"
                                  "<td class=\"quantity\" colspan=\"%2\">%3</td></tr><tr>")
                       .arg(step, QString::number(columns.size() + (elided ? 1 : 0) + 1), inOneLine)
                 : QStringLiteral("<tr><td class=\"step\">%1</td><td>%2</td>")
                       .arg(step, oneLine ? inOneLine : quantity);
    for (int j : columns)
        r += QStringLiteral("<td align=\"right\">%1</td>").arg(valueOf(j));
    if (elided)
        r += QStringLiteral("<td>…</td>");
    r += QStringLiteral("<td class=\"total\" align=\"right\">%1</td>").arg(total);
    r += QStringLiteral("</tr>");
    return r;
}

QString DerivationWriter::sparseWeight(double w) const
{
    return w == 0 ? cell(QStringLiteral("<b>0</b> <small>exactly</small>"),
                         tr("0 exactly: below the water line"))
                  : QStringLiteral("<b>%1</b>").arg(number(w));
}

QString DerivationWriter::html() const
{
    const double tau = analysis.tau();
    QString html = tr("<h2>Query “%1”: where its weights come from</h2>")
                       .arg(s.queryLabels.value(d.query).toHtmlEscaped());
    if (!d.defined) {
        html += QStringLiteral("<p class=\"note\">%1</p>")
                    .arg((d.warnings.isEmpty() ? tr("This query sees no key.") : d.warnings.first())
                             .toHtmlEscaped());
        return html;
    }
    const bool sqrtDk = s.temperatureMode == TemperatureMode::SqrtDk;
    const QString tauText = sqrtDk ? tr("τ = √d_k = √%1 ≈ %2").arg(s.dK()).arg(number(tau))
                                   : tr("τ = %1").arg(number(tau));
    const QString normalizer =
        d.alpha > 1 ? tr("α-entmax, α = %1").arg(number(d.alpha)) : tr("softmax");
    html +=
        QStringLiteral("<p>%1 &nbsp;·&nbsp; %2 &nbsp;·&nbsp; %3</p>")
            .arg(tauText, normalizer,
                 (n == 1 ? tr("the query sees 1 key") : tr("the query sees %1 keys").arg(n)) +
                     (elided ? tr(" (the %1 heaviest are shown)").arg(columns.size()) : QString()));
    const QString left = maximumLikelihood() + (d.alpha > 1 ? entmaxWeights() : QString());
    const QString right = d.alpha > 1 ? tsallisMaxEnt() : shannonMaxEnt();
    if (!sideBySide)
        return html + left + right;
    // Two columns of one table without borders (its text wraps; only the number tables' cells
    // keep their lines whole: "table.num td").
    // (A gutter between them: the first table's border ran into the second column's text.)
    return html +
           QStringLiteral("<table width=\"100%\" border=\"0\" cellspacing=\"0\" cellpadding=\"0\">"
                          "<tr><td width=\"49%\" valign=\"top\">%1</td>"
                          "<td width=\"24\">&nbsp;</td>"
                          "<td width=\"49%\" valign=\"top\">%2</td>"
                          "</tr></table>")
               .arg(left, right);
}

// --- maximum likelihood (MATH.md §4) --------------------------------------------------------
QString DerivationWriter::maximumLikelihood() const
{
    const bool linked = s.varianceMode == VarianceMode::Linked;
    const bool sparse = d.alpha > 1;
    QString html = tr("<h3>Maximum likelihood: each value is a noisy reading of the output</h3>");
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
        [&](int j) { return number(d.similarities[j]); }, QString());
    if (linked) {
        html += row(
            next(), tr("score<br>s<sub>t</sub> = f<sub>t</sub> / τ"),
            [&](int j) { return number(d.scores[j]); }, QString());
        html += row(
            next(),
            tr("variance (σ0² = %1)<br>σ²<sub>t</sub> = σ0² e<sup>−s<sub>t</sub></sup>")
                .arg(number(s.sigma0Squared)),
            [&](int j) { return fromLog(logVar[j]); }, QString());
    } else {
        html += row(
            next(), tr("variance, set by hand<br>σ²<sub>t</sub> (free mode)"),
            [&](int j) { return fromLog(logVar[j]); }, QString());
        html += row(
            next(), tr("implied score<br>s̃<sub>t</sub> = −log σ²<sub>t</sub>"),
            [&](int j) { return number(-logVar[j]); }, QString());
    }
    html += row(
        next(), tr("precision<br>σ<sub>t</sub><sup>−2</sup> = 1/σ²<sub>t</sub>"),
        [&](int j) { return fromLog(-logVar[j]); }, fromLog(mle.logTotalPrecision()));
    html += row(
        next(),
        tr("<b>normalized precision<br>π<sub>t</sub> = σ<sub>t</sub><sup>−2</sup> / "
           "Σ<sub>u</sub> σ<sub>u</sub><sup>−2</sup></b>"),
        [&](int j) { return QStringLiteral("<b>%1</b>").arg(number(pi[j])); }, number(pi.sum()));
    html += row(
        QStringLiteral("="),
        sparse ? tr("softmax of the scores<br>e<sup>s<sub>t</sub></sup> / "
                    "Σ<sub>u</sub> e<sup>s<sub>u</sub></sup>")
               : tr("softmax weight<br>w<sub>t</sub> = e<sup>s<sub>t</sub></sup> / "
                    "Σ<sub>u</sub> e<sup>s<sub>u</sub></sup>"),
        [&](int j) { return number(d.softmaxWeights[j]); }, number(d.softmaxWeights.sum()));
    html += row(
        QString(), tr("value<br>v<sub>t</sub>"),
        [&](int j) { return vectorText(s.values.row(d.visible[size_t(j)]).transpose()); },
        QString());
    // The line that sums the table up is the anchor mleResultAnchor (a lesson step on the
    // derivation scrolls it into view, DerivationPanel::showMleResult).
    html += QStringLiteral("</table><p><a name=\"%1\"></a>").arg(QLatin1String(mleResultAnchor));
    if (linked)
        html += tr("<span class=\"result\">π = softmax(s)</span>: the precisions are σ0⁻² "
                   "e<sup>s</sup>, so normalizing them is the softmax (max |π − softmax(s)| = "
                   "%1).<br>")
                    .arg(number(d.mleMaxAbsDiff));
    else
        html += tr("Free variances: π is the softmax of the implied scores, not of q·k/τ "
                   "(max |π − softmax(s)| = %1).<br>")
                    .arg(number(d.mleMaxAbsDiff));
    if (sparse)
        html += tr("<span class=\"note\">With α-entmax the attention weights w are not the "
                   "softmax: a Gaussian reading gives exp-shaped weights, and max |π − w| = %1. "
                   "The α-entmax weights come from the Tsallis entropy (below, MATH.md "
                   "§7.3).</span><br>")
                    .arg(number(d.mleMaxAbsDiffFromAttention));
    html += tr("%1. <span class=\"result\">output ô = Σ<sub>t</sub> π<sub>t</sub> v<sub>t</sub> "
               "= %2</span>")
                .arg(step)
                .arg(vectorText(mle.mleOutput()));
    if (linked && !sparse)
        html += tr(" = the attention output o");
    else if (sparse)
        html += tr("; the attention output is o = Σ<sub>t</sub> w<sub>t</sub> v<sub>t</sub> = %1")
                    .arg(vectorText(d.output));
    html += QStringLiteral("<br>");
    html += tr("log-likelihood at the peak ℓ(ô) = %1")
                .arg(d.logLikelihoodAtMle ? number(*d.logLikelihoodAtMle)
                                          : QStringLiteral("&lt; −1.8e308"));
    return html + QStringLiteral("</p>");
}

// --- α-entmax (MATH.md §7.2) ----------------------------------------------------------------
QString DerivationWriter::entmaxWeights() const
{
    const double alpha = d.alpha;
    QString html = tr("<h3>α-entmax: the attention weights, with exact zeros</h3>");
    html += tr("<p>w = argmax over the simplex of w·s + H<sub>α</sub>(w), so "
               "w<sub>t</sub> = [(α−1)(s<sub>t</sub> − s*)]<sub>+</sub><sup>1/(α−1)</sup> "
               "(1/(α−1) = %1), with the water line s* set so that Σ w = 1. Keys below the water "
               "line get exactly 0.</p>")
                .arg(number(1 / (alpha - 1)));
    if (!d.threshold)
        return html;
    const double waterLine = *d.threshold;
    html += tableOpen + header(tr("Σ"));
    html += row(
        QStringLiteral("1"), tr("score<br>s<sub>t</sub> = f<sub>t</sub> / τ"),
        [&](int j) { return number(d.scores[j]); }, QString());
    html += row(
        QStringLiteral("2"),
        tr("above the water line<br>s<sub>t</sub> − s*, s* = %1").arg(number(waterLine)),
        [&](int j) { return number(d.scores[j] - waterLine); }, QString());
    html += row(
        QStringLiteral("3"), tr("ramp<br>(α−1)(s<sub>t</sub> − s*)<sub>+</sub>"),
        [&](int j) { return number(std::max(0.0, (alpha - 1) * (d.scores[j] - waterLine))); },
        QString());
    html += row(
        QStringLiteral("4"),
        tr("<b>attention weight<br>w<sub>t</sub> = ramp<sup>1/(α−1)</sup></b>"),
        [&](int j) { return sparseWeight(d.weights[j]); }, number(d.weights.sum()));
    html += QStringLiteral("</table><p>");
    QStringList supportLabels;
    for (int t : d.support)
        supportLabels << s.keyLabels.value(t).toHtmlEscaped();
    html += tr("<span class=\"result\">support: %1 of %2 keys</span> (%3); the others get exactly "
               "0.<br>")
                .arg(d.support.size())
                .arg(n)
                .arg(supportLabels.join(QStringLiteral(", ")));
    html += tr("Tsallis entropy H<sub>α</sub>(w) = Σ(w<sub>t</sub> − w<sub>t</sub><sup>α</sup>)"
               "/(α(α−1)) = %1 &nbsp;&nbsp; Shannon entropy H(w) = %2 nats")
                .arg(number(d.tsallisEntropy), number(d.entropy));
    return html + QStringLiteral("</p>");
}

// --- maximum entropy (MATH.md §5, §7.3) -----------------------------------------------------
std::optional<double> DerivationWriter::constraintAndLambda(bool closedInterval,
                                                            QString &html) const
{
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
                   "(MATH.md §5.4).</span></p>")
                    .arg(number(minF))
                    .arg(n)
                    .arg(number(1.0 / n));
        return std::nullopt;
    }
    html += closedInterval
                ? tr("&nbsp;&nbsp;&nbsp;feasible because min f = %1 ≤ μ ≤ max f = %2 (a closed "
                     "interval: the support reaches a single key at a finite λ)<br>")
                      .arg(number(minF), number(maxF))
                : tr("&nbsp;&nbsp;&nbsp;feasible because min f = %1 &lt; μ &lt; max f = %2<br>")
                      .arg(number(minF), number(maxF));
    if (d.maxent.status != maxent::Status::Ok || !d.maxent.lambda) {
        html += QStringLiteral("<span class=\"note\">%1</span></p>")
                    .arg(d.maxent.message.toHtmlEscaped());
        return std::nullopt;
    }
    html += tr("2. Lagrange multiplier: λ solves E<sub>λ</sub>[f] = μ: "
               "<span class=\"result\">λ = %1</span>")
                .arg(number(*d.maxent.lambda));
    return d.maxent.lambda;
}

QString DerivationWriter::shannonMaxEnt() const
{
    QString html = tr("<h3>Maximum entropy: the flattest weights with the right expected "
                      "similarity</h3>");
    const std::optional<double> solved = constraintAndLambda(false, html);
    if (!solved)
        return html;
    const double lambda = *solved;
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
        finite ? fromLog(logZ) : QStringLiteral("&gt; 1.8e308"));
    html += row(
        QStringLiteral("4"),
        tr("<b>MaxEnt weight<br>p<sub>t</sub> = e<sup>λ f<sub>t</sub></sup> / Z</b>"),
        [&](int j) { return QStringLiteral("<b>%1</b>").arg(number(d.maxent.weights[j])); },
        number(d.maxent.weights.sum()));
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
    return html + QStringLiteral("</p>");
}

QString DerivationWriter::tsallisMaxEnt() const
{
    const double alpha = d.alpha;
    QString html = tr("<h3>Maximum entropy with the Tsallis entropy: the same weights, exact "
                      "zeros included</h3>");
    html +=
        tr("<p>Maximize H<sub>α</sub>(p) subject to Σ p<sub>t</sub> = 1, "
           "Σ p<sub>t</sub> f<sub>t</sub> = μ and p ≥ 0. The KKT conditions give "
           "α p<sub>t</sub><sup>α−1</sup> = 1 + α(α−1)(λ f<sub>t</sub> + γ) where p<sub>t</sub> "
           "&gt; 0, and p<sub>t</sub> = 0 where that is negative: p(λ) = "
           "entmax<sub>α</sub>(λ f), the α-power in place of Shannon's exp.</p>");
    const std::optional<double> solved = constraintAndLambda(true, html);
    if (!solved)
        return html;
    const double lambda = *solved;
    const auto lambdaMax = maxent::lambdaMax(d.similarities, alpha);
    const auto lambdaMin = maxent::lambdaMin(d.similarities, alpha);
    if (d.maxentTargetIsDefault)
        html += tr(" = 1/τ exactly (closed form, MATH.md §7.3)");
    else
        html += tr(" (Newton with the entmax Jacobian, bisection when a step does not halve "
                   "|g′|: %1 steps)")
                    .arg(d.maxent.iterations);
    html += QStringLiteral("<br>");
    if (lambdaMin && lambdaMax)
        html += tr("&nbsp;&nbsp;&nbsp;bracket: λ<sub>min</sub> = %1 (p on the argmin keys) "
                   "&lt; λ &lt; λ<sub>max</sub> = %2 (p on the argmax keys)<br>")
                    .arg(number(*lambdaMin), number(*lambdaMax));
    if (!d.maxent.message.isEmpty())
        html += QStringLiteral("<span class=\"note\">%1</span><br>")
                    .arg(d.maxent.message.toHtmlEscaped());
    html += QStringLiteral("</p>");

    html += tableOpen + header(tr("Σ"));
    html += row(
        QStringLiteral("3"), tr("scaled similarity<br>λ f<sub>t</sub>"),
        [&](int j) { return number((lambda * (d.similarities[j] / 2)) * 2); }, QString());
    html += row(
        QStringLiteral("4"),
        tr("<b>MaxEnt weight<br>p<sub>t</sub> = entmax<sub>α</sub>(λ f)<sub>t</sub></b>"),
        [&](int j) { return sparseWeight(d.maxent.weights[j]); }, number(d.maxent.weights.sum()));
    html += QStringLiteral("</table><p>");
    html += tr("Tsallis entropy H<sub>α</sub>(p) = %1 &nbsp;&nbsp; Shannon entropy H(p) = %2 nats")
                .arg(number(d.maxent.tsallisEntropy), number(d.maxent.entropy));
    html += QStringLiteral("<br>");
    if (d.maxentMaxAbsDiffFromAttention)
        html += d.maxentTargetIsDefault
                    ? tr("<span class=\"result\">p = w</span>: at the default μ the Tsallis "
                         "MaxEnt distribution is the α-entmax attention itself, zeros included "
                         "(max |p − w| = %1).")
                          .arg(number(*d.maxentMaxAbsDiffFromAttention))
                    : tr("μ was moved, so p is α-entmax at temperature 1/λ, not at τ "
                         "(max |p − w| = %1).")
                          .arg(number(*d.maxentMaxAbsDiffFromAttention));
    return html + QStringLiteral("</p>");
}

} // namespace

} // namespace sml
