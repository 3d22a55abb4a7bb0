#!/usr/bin/env python3
"""Writes the numerical-extreme scenarios of issue 6, section 3, into tests/data/extremes/.

tests/core/tst_extremes.cpp checks the core and the report on each; tests/ui/tst_extremes_export.cpp
exports every view of each and checks that no image is blank. The query with no visible key cannot
be written as a version-1 file (MATH.md §2) and is tested at the core API instead.

    python3 tests/data/extremes/make_extremes.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def scenario(title, queries, keys, values, tau=None, variance=None, targets=None, mask="none",
             description=None):
    s = {
        "format": "softmaxlab-scenario",
        "version": 1,
        "title": title,
        "queries": [{"label": "q%d" % (i + 1), "vector": q} for i, q in enumerate(queries)],
        "keys": [{"label": "k%d" % (t + 1), "vector": k, "value": v}
                 for t, (k, v) in enumerate(zip(keys, values))],
        "temperature": {"mode": "sqrt_dk"} if tau is None else {"mode": "fixed", "tau": tau},
        "mask": mask,
        "variance": variance or {"mode": "linked", "sigma0_squared": 1.0},
        "maxent": {"targets": targets},
    }
    if description:
        s["description"] = description
    return s


V3 = [[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]]


def lcg_vectors(n, d, seed):
    """Deterministic numbers in [-1, 1] with two decimals (a 64-bit LCG), so the file stays small."""
    x = seed
    rows = []
    for _ in range(n):
        row = []
        for _ in range(d):
            x = (6364136223846793005 * x + 1442695040888963407) % 2 ** 64
            row.append(round((x >> 11) / 2 ** 53 * 2 - 1, 2))
        rows.append(row)
    return rows


scenarios = {
    "scores-pm1e300": scenario(
        "Scores of ±1e300", [[1.0], [-1.0]], [[1e300], [-1e300], [0.0]], V3, tau=1.0,
        description="τ = 1 and one-dimensional keys of ±1e300: every score is ±1e300 or 0."),
    "tau-1e-300": scenario(
        "τ = 1e-300", [[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [0.5, 0.5], [-1.0, 0.0]], V3,
        tau=1e-300, description="A frozen softmax: scores of ±1e300, one-hot weights."),
    "tau-1e300": scenario(
        "τ = 1e300", [[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [0.5, 0.5], [-1.0, 0.0]], V3,
        tau=1e300, description="A molten softmax: scores of 1e-300, uniform weights."),
    "one-key": scenario(
        "T = 1", [[1.0, 0.5], [-2.0, 3.0]], [[1.0, 0.0]], [[0.25, -0.5]],
        description="One key: weight 1, entropy 0, λ undetermined."),
    "exact-ties": scenario(
        "Exact ties", [[1.0, 0.0]], [[1.0, 0.0], [1.0, 7.0], [0.0, 0.0], [1.0, -7.0]],
        [[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0], [3.0, 3.0]], tau=0.5,
        description="Keys 1, 2 and 4 tie exactly at similarity 1."),
    "all-features-equal": scenario(
        "All similarities equal", [[1.0, 0.0]], [[2.0, 0.0], [2.0, 3.0], [2.0, -3.0]], V3,
        description="Every similarity is 2: uniform weights, MaxEnt λ undetermined."),
    "free-variances-extreme": scenario(
        "σ² = 1e-300 and 1e300", [[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]],
        V3, variance={"mode": "free", "variances": [[1e-300, 1e300, 1.0], [1e300, 1e300, 1e300]]},
        description="Free variances at both ends of the double range."),
    "free-variances-all-tiny": scenario(
        "Every σ² = 1e-300", [[1.0, 0.0]], [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]],
        [[1e5, 0.0], [0.0, 1e5], [-1e5, -1e5]],
        variance={"mode": "free", "variances": [[1e-300, 1e-300, 1e-300]]},
        description="Equal tiny variances: uniform precision weights, log-likelihood below "
                    "−1.8e308."),
    "sigma0-squared-1e-300": scenario(
        "σ0² = 1e-300", [[1.0, 0.5]], [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]], V3,
        variance={"mode": "linked", "sigma0_squared": 1e-300}),
    "sigma0-squared-1e300": scenario(
        "σ0² = 1e300", [[1.0, 0.5]], [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]], V3,
        variance={"mode": "linked", "sigma0_squared": 1e300}),
    "dk-1024": scenario(
        "d_k = 1024", lcg_vectors(3, 1024, 1), lcg_vectors(8, 1024, 2), lcg_vectors(8, 3, 3),
        mask="causal", description="Three queries and eight keys in 1024 dimensions, causal."),
}

for name, s in scenarios.items():
    with open(os.path.join(HERE, name + ".softmaxlab.json"), "w", encoding="utf-8") as f:
        if name == "dk-1024":  # one line per vector is enough to read it
            json.dump(s, f, ensure_ascii=False, separators=(",", ":"))
        else:
            json.dump(s, f, ensure_ascii=False, indent=1)
        f.write("\n")
print("wrote %d scenarios" % len(scenarios))
