#!/usr/bin/python3
"""Reference values for tests/core/tst_entmax_reference.cpp, computed independently of the C++ core.

A second implementation of α-entmax (docs MATH.md §7.1–§7.3), written from MATH.md only, in
extended precision with the standard library alone (decimal at 100 digits, fractions):
- α = 2 (sparsemax) exactly in rational arithmetic: the Euclidean projection onto the simplex by
  the sort rule, on the exact shifted scores;
- every other α > 1 by bisection on the threshold θ itself (the naive form of §7.2, which is
  harmless at 100 digits): Σ_t [(α−1) u_t − θ]₊^(1/(α−1)) = 1, θ ∈ [−1, −n^(1−α)];
- α = 1 the softmax, exp(u)/Σ exp(u);
- for a user MaxEnt target μ (§7.3), λ by bisection on E_λ[f] = μ inside (λ_min, λ_max).
The C++ side uses other algorithms (sort rules on doubles, the log1p bisection, Newton), so an
agreement to 1e-12 says both are right.

Each case gives the scores of an m×T matrix (doubles, so both sides start from the same numbers),
a mask (none or causal, MATH.md §2), α, and per query the expected weights (T entries, masked keys
0), the support (0-based key indices, by the water line), the threshold (max s + θ/(α−1), null at
α = 1), the Shannon entropy and the Tsallis entropy H_α; optionally a MaxEnt target with the
similarities f = s (τ = 1) and the expected λ, p, E_λ[f].

Usage (from the repository root): python3 tests/reference/make_entmax_reference.py [--out PATH]
Numbers are written with Python's repr (the shortest string that reads back bit for bit).
"""

import math
import random
import sys
from decimal import Decimal, getcontext
from fractions import Fraction

from reference_checks import fl, near, visible_keys, write_reference

getcontext().prec = 100
getcontext().Emax = 999999
getcontext().Emin = -999999

BISECTIONS = 330  # halvings of an interval of width ≤ 1: below 1e-99


def sparsemax_exact(z):
    """α = 2 in rationals: u = z − max z exactly; sort, k = max j with 1 + j u_(j) > Σ_{i≤j}
    u_(i); θ' = (Σ_{i≤k} u_(i) − 1)/k; p = [u − θ']₊. Returns (p, θ' as a Fraction)."""
    zf = [Fraction(x) for x in z]
    M = max(zf)
    u = [x - M for x in zf]
    srt = sorted(u, reverse=True)
    k, acc, best = 0, Fraction(0), Fraction(0)
    for j, x in enumerate(srt, start=1):
        acc += x
        if 1 + j * x > acc:
            k, best = j, acc
    theta = (best - 1) / k
    return [max(x - theta, Fraction(0)) for x in u], theta, M


def entmax_bisect(z, alpha, halvings=BISECTIONS):
    """α > 1: bisection on θ for Σ [(α−1) u − θ]₊^(1/(α−1)) = 1 at 100 digits, on Decimal (or
    float) scores z, θ ∈ [−1, −n^(1−α)]: at −1 the max key alone has p = 1 (Σ ≥ 1), at −n^(1−α)
    it has p = 1/n (Σ ≤ 1). Returns (p, θ on the shifted scores, max z)."""
    a = Decimal(alpha)
    am1 = a - 1
    inv = 1 / am1
    zd = [Decimal(x) for x in z]
    M = max(zd)
    u = [x - M for x in zd]

    def powers(theta):
        p = []
        for x in u:
            b = am1 * x - theta
            p.append((b.ln() * inv).exp() if b > 0 else Decimal(0))
        return p

    lo, hi = Decimal(-1), -((1 - a) * Decimal(len(u)).ln()).exp()
    for _ in range(halvings):
        mid = (lo + hi) / 2
        if sum(powers(mid)) > 1:
            lo = mid
        else:
            hi = mid
    theta = (lo + hi) / 2
    p = powers(theta)
    s = sum(p)
    return [x / s for x in p], theta, M


def softmax_exact(z):
    M = max(Decimal(x) for x in z)
    e = [(Decimal(x) - M).exp() for x in z]
    s = sum(e)
    return [x / s for x in e]


def shannon(p):
    return -sum((x * x.ln() for x in p if x > 0), Decimal(0))


def tsallis(p, alpha):
    if alpha == 1.0:
        return shannon(p)
    a = Decimal(alpha)
    return sum((x - (a * x.ln()).exp() for x in p if x > 0), Decimal(0)) / (a * (a - 1))


def entmax_row(z, alpha):
    """(weights as Decimals, support indices, threshold in score units or None)."""
    if alpha == 1.0:
        return softmax_exact(z), list(range(len(z))), None
    if alpha == 2.0:
        p, theta, M = sparsemax_exact(z)
        support = [t for t, x in enumerate(p) if x > 0]
        return [Decimal(x.numerator) / Decimal(x.denominator) for x in p], support, \
            Decimal(M.numerator) / Decimal(M.denominator) + \
            Decimal(theta.numerator) / Decimal(theta.denominator)
    p, theta, M = entmax_bisect(z, alpha)
    am1 = Decimal(alpha) - 1
    M_u = [Decimal(x) - M for x in z]
    support = [t for t, x in enumerate(M_u) if am1 * x > theta]
    return p, support, M + theta / am1


def maxent_lambda(f, mu, alpha):
    """λ with E_λ[f] = μ for p(λ) = entmax_α(λ f) (MATH.md §7.3), μ strictly inside
    (min f, max f): bisection on λ in (λ_min, λ_max), E_λ[f] increasing there."""
    a = Decimal(alpha)
    fd = [Decimal(x) for x in f]
    fmax, fmin = max(fd), min(fd)
    k = sum(1 for x in fd if x == fmax)
    k2 = sum(1 for x in fd if x == fmin)
    f2 = max(x for x in fd if x < fmax)
    f2m = min(x for x in fd if x > fmin)
    lam_max = (Decimal(k) ** (1 - a)) / ((a - 1) * (fmax - f2))
    lam_min = -(Decimal(k2) ** (1 - a)) / ((a - 1) * (f2m - fmin))
    mud = Decimal(mu)

    def expectation(lam):
        # The outer bisection on λ needs only ~1e-30: fewer halvings inside.
        p, _, _ = entmax_bisect([lam * x for x in fd], alpha, halvings=120)
        return sum(x * y for x, y in zip(p, fd)), p

    lo, hi = lam_min, lam_max
    for _ in range(200):
        mid = (lo + hi) / 2
        e, _ = expectation(mid)
        if e < mud:
            lo = mid
        else:
            hi = mid
    lam = (lo + hi) / 2
    e, p = expectation(lam)
    return lam, p, e, lam_max, lam_min


def make_case(name, description, alpha, scores, mask="none", targets=None):
    m, T = len(scores), len(scores[0])
    rows = []
    for i in range(m):
        vis = visible_keys(mask, i, T)
        z = [scores[i][t] for t in vis]
        p, support, threshold = entmax_row(z, alpha)
        weights = [0.0] * T
        for j, t in enumerate(vis):
            weights[t] = fl(p[j])
        row = {
            "visible": vis,
            "weights": weights,
            "support": [vis[j] for j in support],
            "threshold": None if threshold is None else fl(threshold),
            "entropy": fl(shannon(p)),
            "tsallis_entropy": fl(tsallis(p, alpha)),
        }
        if targets and targets[i] is not None:
            lam, pl, e, lam_max, lam_min = maxent_lambda(z, targets[i], alpha)
            pw = [0.0] * T
            for j, t in enumerate(vis):
                pw[t] = fl(pl[j])
            row["maxent"] = {"target": targets[i], "lambda": fl(lam), "weights": pw,
                             "expected_feature": fl(e), "lambda_max": fl(lam_max),
                             "lambda_min": fl(lam_min)}
        rows.append(row)
    return {"name": name, "description": description, "alpha": alpha, "mask": mask,
            "scores": [[fl(x) for x in r] for r in scores], "queries": rows}


def build_cases():
    rng = random.Random(20251216)

    def draws(m, T, scale=1.0):
        return [[rng.gauss(0.0, 1.0) * scale for _ in range(T)] for _ in range(m)]

    r2 = math.sqrt(2.0)
    F = [[1.0 / r2, 0.5 / r2, -1.0 / r2]]
    E = [[-2.0, 0.0, 0.5]]
    cases = [
        make_case("E alpha 1", "MATH.md §7.5 E, softmax", 1.0, E),
        make_case("E alpha 1.5", "MATH.md §7.5 E", 1.5, E),
        make_case("E alpha 2", "MATH.md §7.5 E, sparsemax", 2.0, E),
        make_case("F alpha 2", "MATH.md §7.5 F: s = f/sqrt 2, f = (1, 0.5, -1)", 2.0, F),
        make_case("F maxent alpha 2", "MATH.md §7.5 F: the MaxEnt row f = (1, 0.5, -1), mu = 0",
                  2.0, [[1.0, 0.5, -1.0]], targets=[0.0]),
        make_case("F alpha 1.5", "MATH.md §7.5 F", 1.5, F),
        make_case("F alpha 3", "MATH.md §7.5 F", 3.0, F),
        make_case("ties alpha 2", "three keys tied at the maximum, one tied pair below", 2.0,
                  [[1.0, 1.0, 0.25, 1.0, 0.25, -3.0]]),
        make_case("ties alpha 1.5", "ties at the maximum and below", 1.5,
                  [[1.0, 1.0, 0.25, 1.0, 0.25, -3.0]]),
        make_case("ties alpha 1.7", "ties, general alpha", 1.7,
                  [[1.0, 1.0, 0.25, 1.0, 0.25, -3.0]]),
        make_case("all equal alpha 2.5", "every score equal: uniform, every key on the support",
                  2.5, [[0.3, 0.3, 0.3, 0.3]]),
        make_case("alpha 1+1e-6", "random N(0, 4) scores; alpha one ulp-ish above 1", 1.0 + 1e-6,
                  draws(3, 7, 2.0)),
        make_case("alpha 4", "random N(0, 1) scores", 4.0, draws(3, 7)),
        make_case("T = 1 alpha 1.5", "one key: p = 1, threshold max s - 2", 1.5, [[0.7], [-3.0]]),
        make_case("causal alpha 1.5", "causal mask, m = 5 > T = 4", 1.5, draws(5, 4),
                  mask="causal"),
        make_case("causal alpha 2.5", "causal mask, m = 3 < T = 5", 2.5, draws(3, 5),
                  mask="causal"),
        make_case("causal alpha 2", "causal mask, m = T = 4", 2.0, draws(4, 4), mask="causal"),
        make_case("huge alpha 2", "scores of ±1e300", 2.0,
                  [[1e300, -1e300, 1e300, 0.0], [-1e300, -1e300, -1e300, -1e300]]),
        make_case("huge alpha 1.5", "scores of ±1e300", 1.5,
                  [[1e300, -1e300, 1e300, 0.0], [1e300, 1e300 * (1 - 2 ** -52), -1e300, 1.0]]),
        make_case("huge alpha 1.25", "scores of ±1e300", 1.25,
                  [[1e300, -1e300, 1e300, 0.0], [-1e300, 5e299, -1e300, 1e299]]),
        make_case("1e17 alpha 2", "MATH.md §7.2: (1e17, 1e17 - 16, 0)", 2.0,
                  [[1e17, 1e17 - 16, 0.0]]),
        make_case("random alpha 1.3", "random N(0, 1), T = 40", 1.3, draws(2, 40)),
        make_case("random alpha 3.7", "random N(0, 3), T = 40", 3.7, draws(2, 40, 3.0)),
        make_case("random alpha 2 T = 40", "random N(0, 1), T = 40", 2.0, draws(2, 40)),
        make_case("random alpha 1.5 T = 40", "random N(0, 1), T = 40", 1.5, draws(2, 40)),
        make_case("maxent alpha 1.5", "Tsallis MaxEnt (§7.3), user targets", 1.5,
                  [[1.0, 0.5, -1.0, 0.25], [2.0, -0.5, 0.75, 0.0]], targets=[0.6, -0.2]),
        make_case("maxent alpha 3", "Tsallis MaxEnt (§7.3), user targets", 3.0,
                  [[1.0, 0.5, -1.0, 0.25]], targets=[0.9]),
    ]
    return cases


def check_against_math_md(cases):
    """The worked examples E and F of MATH.md §7.5 (8 digits there)."""
    by = {c["name"]: c for c in cases}

    near(by["E alpha 1"]["queries"][0]["weights"], [0.04861082, 0.35918811, 0.59220107])
    e15 = by["E alpha 1.5"]["queries"][0]
    near(e15["weights"], [0, 0.32600736, 0.67399264])
    near(e15["tsallis_entropy"], 0.34737506)
    e2 = by["E alpha 2"]["queries"][0]
    near(e2["weights"], [0, 0.25, 0.75], 0)
    near(e2["tsallis_entropy"], 0.1875)
    f2 = by["F alpha 2"]["queries"][0]
    near(f2["weights"], [0.5 + 1 / (4 * math.sqrt(2)), 0.5 - 1 / (4 * math.sqrt(2)), 0], 1e-15)
    fm = by["F maxent alpha 2"]["queries"][0]["maxent"]
    near(fm["lambda"], -1 / 13, 1e-15)
    near(fm["weights"], [7 / 26, 8 / 26, 11 / 26], 1e-15)
    near(fm["lambda_max"], 2.0, 1e-15)
    near(fm["lambda_min"], -2 / 3, 1e-15)
    near(by["F alpha 1.5"]["queries"][0]["weights"], [0.62036806, 0.37314723, 0.00648471])
    near(by["F alpha 3"]["queries"][0]["weights"],
         [(2 + math.sqrt(2)) / 4, (2 - math.sqrt(2)) / 4, 0], 1e-15)


def main(argv=None):
    header = {
        "format": "softmaxlab-entmax-reference",
        "version": 1,
        "generator": "tests/reference/make_entmax_reference.py (independent standard-library "
                     "implementation of docs MATH.md §7 at 100 decimal digits; numbers in "
                     "shortest round-trip form)",
    }
    write_reference(argv, "entmax_reference.json", header, build_cases, check_against_math_md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
