#include "style/ViewHelp.h"

#include <QCoreApplication>

namespace sml {

QString viewExplanation(const QString &viewName)
{
    const auto tr = [](const char *text) { return QCoreApplication::translate("ViewHelp", text); };
    if (viewName == QLatin1String("attention-heatmap"))
        return tr(
            "<p><b>Attention weights.</b> Row i is query i, column t is key t; the colour is the "
            "weight w<sub>it</sub> = softmax(q<sub>i</sub>·k<sub>t</sub>/τ), so every row sums "
            "to 1. This is the quantity both derivations arrive at (MATH.md §2).</p>"
            "<p>With α-entmax (Normalizer, MATH.md §7) the weights of keys below the water line "
            "are <i>exactly</i> 0: those cells have white stripes and read “0”, unlike a small "
            "softmax weight.</p>");
    if (viewName == QLatin1String("weight-bars"))
        return tr(
            "<p><b>Three derivations, one set of weights.</b> For the selected query: the "
            "softmax w, the normalized precisions π of the Gaussian likelihood (MLE step 5) and "
            "the maximum-entropy distribution p (MaxEnt step 4). With linked variances and "
            "the default constraint the three bars are equal (MATH.md §4.3, §5.3).</p>"
            "<p>With α-entmax, π ≠ w: π stays the softmax of the scores, while the Tsallis MaxEnt "
            "p "
            "still equals w (MATH.md §7.3).</p>");
    if (viewName == QLatin1String("entropy"))
        return tr(
            "<p><b>How sharp each query's attention is.</b> The entropy H(w) in nats of each "
            "row of weights, against its ceiling log |V| (uniform weights). A small τ, or "
            "large scores, make attention sharp and H small (MATH.md §3). With α-entmax "
            "each bar also gives |supp|, the number of keys with a weight &gt; 0 (§7.4).</p>");
    if (viewName == QLatin1String("key-space"))
        return tr(
            "<p><b>Key space.</b> The query and the keys in a plane (2-D, or a PCA "
            "projection). A key's score is q·k/τ, so the dashed lines of equal score are "
            "perpendicular to q; disc area is the weight. Drag q or a key and every view "
            "follows (MATH.md §2, §4.5).</p>"
            "<p>α-entmax: keys below the solid blue <i>water line</i> s* get exactly 0 and are "
            "hollow rings (§7.4); a projection (d_k &gt; 2) has none. In a model a drag moves "
            "the token's embedding by Δk·W<sub>K</sub>⁺: its query and value move too (§8).</p>");
    if (viewName == QLatin1String("value-space"))
        return tr(
            "<p><b>The likelihood landscape.</b> Each value v<sub>t</sub> is a noisy reading "
            "of the output o, a Gaussian blob with variance σ²<sub>t</sub> = σ0² e<sup>−s"
            "<sub>t</sub></sup>: a higher score means a tighter blob and more say. The colours "
            "and contours are the log-likelihood ℓ(o); its peak ô is the precision-weighted "
            "mean, which is the attention output (MLE step 6, MATH.md §4.2–§4.3). When the "
            "peak is steep (a small σ²), the colours show ℓ(o) − ℓ(ô), how far below the peak "
            "each point lies, on a log scale, the peak still at the top of the colour bar.</p>");
    if (viewName == QLatin1String("mle-optimizer"))
        return tr(
            "<p><b>Climbing the likelihood.</b> Gradient ascent on ℓ(o) from a start you pick "
            "on the value plane: ℓ per iteration, and the distance to the closed form ô on a "
            "log axis. With the step size (learning rate) η the error shrinks by |1 − η·Σσ⁻²| "
            "per step (MATH.md §4.4).</p>");
    if (viewName == QLatin1String("maxent-entropy"))
        return tr(
            "<p><b>Entropy along the Gibbs path.</b> The Shannon entropy H(λ) in nats of p ∝ "
            "e<sup>λf</sup>: uniform weights (log T) at λ = 0, the argmax as λ → ∞. At λ = 1/τ "
            "the maximum-entropy p is the softmax (MATH.md §5.3, §5.6).</p>"
            "<p>With α-entmax it is the Tsallis entropy H<sub>α</sub>(λ) (no unit) of p = "
            "entmax<sub>α</sub>(λf): keys leave the support as |λ| grows, and H<sub>α</sub> "
            "reaches the argmax's value at the finite λ<sub>max</sub> (MATH.md §7.3).</p>");
    if (viewName == QLatin1String("maxent-constraint"))
        return tr(
            "<p><b>The constraint picks λ.</b> The expected similarity E<sub>λ</sub>[f] "
            "rises with λ; the Lagrange multiplier is where it meets the constraint line μ. Any "
            "μ strictly between min f and max f is feasible (MATH.md §5.2, §5.4).</p>"
            "<p>With α-entmax E<sub>λ</sub>[f] reaches max f at λ<sub>max</sub> and min f at "
            "λ<sub>min</sub>, so the ends are feasible too: μ = max f gives any λ ≥ "
            "λ<sub>max</sub> (MATH.md §7.3).</p>");
    if (viewName == QLatin1String("maxent-optimizer"))
        return tr(
            "<p><b>Solving for λ from λ = 0.</b> Safeguarded Newton and generalized "
            "iterative scaling (GIS) on the dual g(λ) = log Z − λμ: the dual per iteration and "
            "the distance to λ* on a log axis. Newton converges quadratically, GIS "
            "linearly (MATH.md §5.5).</p>"
            "<p>With α-entmax: Newton on the Tsallis dual, bisecting (λ<sub>min</sub>, "
            "λ<sub>max</sub>) when a step does not halve |g′|; its minimum is H<sub>α</sub>(p*) "
            "(MATH.md §7.3).</p>");
    if (viewName == QLatin1String("temperature-sweep"))
        return tr("<p><b>Temperature.</b> The selected query's weights as τ runs from 0.05·√d_k to "
                  "20·√d_k on a log axis: small τ gives the argmax, large τ uniform weights. The "
                  "red line is the current τ (MATH.md §2, §5.6). With α-entmax the keys leave the "
                  "support one by one as τ falls: their curves reach exactly 0 (§7.4).</p>");
    if (viewName == QLatin1String("alpha-sweep"))
        return tr("<p><b>From softmax to sparse.</b> The selected query's weights as α of "
                  "α-entmax runs from 1 (the softmax: every key keeps a weight &gt; 0) through 2 "
                  "(sparsemax) to 4. Maximizing the Tsallis entropy H<sub>α</sub> instead of "
                  "Shannon's gives w = [(α−1)s − θ]<sub>+</sub><sup>1/(α−1)</sup>: keys whose "
                  "score is below the water line get <i>exactly</i> 0, and a cross marks the α at "
                  "which each key first does. The red line is the current α (MATH.md §7.2).</p>");
    if (viewName == QLatin1String("derivation"))
        return tr("<p><b>Both derivations, with the current numbers.</b> MLE: similarities → "
                  "scores → variances → precisions → normalized precisions = weights → output. "
                  "MaxEnt: constraint μ → λ → Z → p. Hover a number for its exact value (MATH.md "
                  "§4, §5).</p>"
                  "<p>With α-entmax: the scores above the water line s*, the ramp "
                  "(α−1)(s − s*)<sub>+</sub> and its power, the support, and the Tsallis MaxEnt "
                  "p = entmax<sub>α</sub>(λf) with λ<sub>min</sub> and λ<sub>max</sub> "
                  "(MATH.md §7.2–§7.3).</p>");
    if (viewName == QLatin1String("lesson-panel"))
        return tr("<p><b>The lesson: a sequence of steps.</b> Each step is a view, a query and "
                  "the settings (τ, mask, variances, MaxEnt targets, normalizer) that differ "
                  "from the base scenario, with a title and a caption. <i>Add step from what I "
                  "see</i> records the view, the query and every such setting as they are now. "
                  "Double-click a step (or <i>Show</i>) to open it; edit its title and caption "
                  "below the list, move it up or down, or delete it. Every change is one undo "
                  "step, and Save writes the lesson into the scenario file.</p>"
                  "<p>Present it with View ▸ Presentation Mode (F5): PageDown and PageUp (what a "
                  "clicker sends), → and ← go through the steps. File ▸ Export Lesson as PDF "
                  "writes one slide per step.</p>");
    if (viewName == QLatin1String("lesson-banner"))
        return tr("<p><b>A lesson step.</b> Its title and caption, and which step of how many. "
                  "The views show the base scenario with this step's settings. A change of τ, "
                  "the mask, the variances, the MaxEnt targets or the normalizer now changes "
                  "this step; other edits (vectors, labels) are only for now and are dropped "
                  "when you leave the step.</p>"
                  "<p>PageDown or → goes to the next step, PageUp or ← to the previous one, "
                  "✕ back to the base scenario.</p>");
    if (viewName == QLatin1String("heads"))
        return tr("<p><b>Every head at once.</b> In a model scenario each head h has its own "
                  "W<sub>Q</sub>, W<sub>K</sub>, W<sub>V</sub>, so its own weights "
                  "w<sup>h</sup> = softmax(Q<sup>h</sup>K<sup>hᵀ</sup>/τ): the heatmaps show them "
                  "side by side at one colour scale (0 to 1), so heads that look at different "
                  "tokens stand out. The framed head is the one every other view shows; click a "
                  "heatmap to select it. Below: the heads' outputs O<sup>h</sup> put side by "
                  "side, times the output projection W<sub>O</sub>, give the layer's output "
                  "Y = [O¹ … O<sup>H</sup>] W<sub>O</sub> (MATH.md §8).</p>");
    if (viewName == QLatin1String("projections"))
        return tr("<p><b>Where the queries and keys come from.</b> The tokens' embeddings X (one "
                  "row per token) times the selected head's projections give Q = X W<sub>Q</sub>, "
                  "K = X W<sub>K</sub> and V = X W<sub>V</sub>; then the scores QKᵀ/τ, their "
                  "softmax (the weights) and the output O = weights · V: the scenario of the "
                  "derivations (MATH.md §8, §2). Red is positive, blue negative. Hover a cell for "
                  "its exact value and the sum that made it; the row and column it came from are "
                  "outlined.</p>");
    if (viewName == QLatin1String("model-panel"))
        return tr("<p><b>The model.</b> <i>Head</i> picks the head every view shows (Ctrl+] and "
                  "Ctrl+[ step through them). The tables hold the tokens' embeddings X and the "
                  "selected head's W<sub>Q</sub>, W<sub>K</sub> and W<sub>V</sub>: an edit "
                  "changes that token's (or every token's) query, key and value at once, since "
                  "Q = X W<sub>Q</sub> (MATH.md §8). <i>Bake head</i> turns the selected head "
                  "into a plain scenario of queries, keys and values (undo gives the model "
                  "back).</p>");
    return QString();
}

} // namespace sml
