#pragma once

#include <QFont>
#include <QString>

#include <vector>

namespace sml {

class Analysis;
struct QueryDetail;

/// The derivation of one query's weights as HTML, the text of the Derivation tab and of its
/// export (DerivationPanel). Numbered steps with the current numbers, one column per key of
/// `columns` (indices into detail.visible; fewer than the visible keys adds a "…" column):
/// - maximum likelihood (MATH.md §4): f → s → σ² → precision → π, the softmax of s, → ô;
/// - with α-entmax (α > 1, MATH.md §7.2): s → s − s* above the water line s* → the ramp
///   (α−1)(s − s*)₊ → w, with the support and both entropies (H_α and Shannon, nats);
/// - maximum entropy: with the softmax, §5 (μ → λ → Z → p = e^(λf)/Z); with α-entmax, the
///   Tsallis MaxEnt of §7.3 (μ in the closed interval [min f, max f] → λ, with λ_min and λ_max →
///   p = entmax_α(λ f)).
/// Every number is an anchor "x:<exact value>" for its hover text. Quantities outside the double
/// range are shown from their logarithms (MATH.md §4.1). `font` is the body font (for the width
/// of the key labels).
/// The name anchor (<a name="…">) at the start of the line under the maximum-likelihood table
/// that sums it up ("π = softmax(s)", or what free variances make of it).
inline constexpr const char *mleResultAnchor = "mle-result";

/// With `sideBySide` (a wide page: a slide), the maximum-likelihood steps and the maximum-entropy
/// steps stand in two columns under the title, so that the drawing can be larger. With
/// `oneLineQuantities` (presentation mode) each quantity's name and formula share one line
/// ("precision σ_t⁻² = 1/σ²_t"), so that a table's rows take half the height.
/// With `narrowPane` (a pane where the full tables' text would be small:
/// DerivationPanel::fitToWidth), the numbers take 4 significant digits instead of 6, and each
/// quantity's formula the line under its name and numbers, across the table, so that the tables
/// are narrower and their text can be larger. The hover text is always the exact value.
QString derivationHtml(const Analysis &analysis, const QueryDetail &detail,
                       const std::vector<int> &columns, const QFont &font, bool sideBySide = false,
                       bool oneLineQuantities = false, bool narrowPane = false);

} // namespace sml
