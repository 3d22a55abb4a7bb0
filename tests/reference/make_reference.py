#!/usr/bin/python3
"""Reference values for tests/core/tst_reference.cpp, computed independently of the C++ core.

This is a second implementation of docs MATH.md §2–§5 in Python (float64 via NumPy and the
standard library), written from MATH.md only. It writes tests/reference/reference.json, a list
of cases; each case holds its inputs (Q, K, V as row lists, τ, mask, variance model, optional
MaxEnt targets) and, for every query, the expected numbers.

Where it costs nothing, the reference is more careful than it needs to be, so that a mismatch
points at the C++ side:
- similarities f = q·k are computed exactly with fractions.Fraction and rounded once;
- every sum uses math.fsum (exactly rounded);
- for a user target, λ, p(λ), H and Var_λ[f] are computed in 50-digit decimal arithmetic
  (bisection, then Newton) and rounded once; a float64 solver (bisection to adjacent doubles,
  then Newton, with g′(λ) = Σ p_t (f_t − μ)) must agree with it.

Usage (from the repository root): /usr/bin/python3 tests/reference/make_reference.py [--out PATH]
(Debian's interpreter: a pyenv or venv python3 may lack NumPy.)
Requires only the standard library and NumPy (Debian's python3-numpy).

Numbers are written with Python's repr (the shortest string that reads back bit for bit).
"""

import decimal
import math
import sys
from fractions import Fraction

import numpy as np

from reference_checks import fl, near, visible_keys, write_reference

EPS = sys.float_info.epsilon
DBL_MAX = sys.float_info.max
DBL_MIN = sys.float_info.min  # smallest normal double, 2.2250738585072014e-308
LOG_2PI = math.log(2.0 * math.pi)


def fl_list(xs):
    return [fl(x) for x in xs]


def fsum(xs):
    return math.fsum(float(x) for x in xs)


# ---------------------------------------------------------------------------------------------
# MATH.md §2: masks, similarities, scores
# ---------------------------------------------------------------------------------------------

def exact_dot(q, k):
    """q·k, summed exactly and rounded once to the nearest double."""
    return float(sum((Fraction(float(a)) * Fraction(float(b)) for a, b in zip(q, k)),
                     Fraction(0)))


def softmax_shifted(s):
    """MATH.md §2–§3: M = max s, e = exp(s − M), S = Σ e, w = e/S, H = log S − Σ w (s − M).
    Returns (w, M, logS, H)."""
    s = np.asarray(s, dtype=np.float64)
    M = float(np.max(s))
    d = s - M
    e = np.exp(d)
    S = fsum(e)
    w = e / S
    logS = math.log(S)
    H = logS - fsum(w * d)
    return w, M, logS, H


# ---------------------------------------------------------------------------------------------
# MATH.md §4: the Gaussian view
# ---------------------------------------------------------------------------------------------

def variance_or_none(logvar):
    """σ² = exp(log σ²), or None where it is outside the normal double range (MATH.md §4.1)."""
    if logvar > math.log(DBL_MAX) or logvar < math.log(DBL_MIN):
        return None
    v = math.exp(logvar)
    if not (DBL_MIN <= v <= DBL_MAX):
        return None
    return v


def log_likelihood(o, Vvis, logvar):
    """ℓ(o) = Σ_t [−(d_v/2) log(2π σ²_t) − ‖o − v_t‖²/(2σ²_t)] (MATH.md §4.2), in log-variance
    form. Returns (ℓ or None when below −DBL_MAX, scale = Σ|terms| for the test's tolerance)."""
    dv = Vvis.shape[1]
    a = [-(dv / 2.0) * (LOG_2PI + lv) for lv in logvar]
    b = []
    for t, lv in enumerate(logvar):
        d2 = fsum((o - Vvis[t]) ** 2)
        if d2 == 0.0:
            b.append(0.0)
            continue
        L = math.log(d2 / 2.0) - lv
        if L > math.log(DBL_MAX):
            return None, None
        b.append(math.exp(L))
    ell = fsum(a) - fsum(b)
    if not math.isfinite(ell) or ell < -DBL_MAX:
        return None, None
    scale = fsum(abs(x) for x in a) + fsum(b)
    return ell, scale


# ---------------------------------------------------------------------------------------------
# MATH.md §5: maximum entropy
# ---------------------------------------------------------------------------------------------

def gibbs(f, lam):
    w, M, logS, H = softmax_shifted(lam * np.asarray(f))
    return w, H


def expected(f, lam):
    p, _ = gibbs(f, lam)
    return fsum(p * f)


def variance_f(f, lam):
    """Var_λ[f] = Σ p (f − E)² (MATH.md §5.6), over the keys with p > 0; None if it overflows."""
    p, _ = gibbs(f, lam)
    E = fsum(p * f)
    keep = p > 0
    with np.errstate(over="ignore"):
        v = fsum(p[keep] * (f[keep] - E) ** 2)
    return v if math.isfinite(v) else None


def fl_or_none(x):
    return None if x is None else fl(x)


def solve_lambda_decimal(f, mu, digits=50):
    """λ with E_λ[f] = μ in 50-digit decimal arithmetic (bisection, then Newton), and p(λ), H(λ)
    and Var_λ[f] at that λ, each rounded once to the nearest double. Inputs are the exact
    decimal values of the doubles f and μ."""
    with decimal.localcontext() as ctx:
        ctx.prec = digits
        D = decimal.Decimal
        fd = [D(float(x)) for x in f]
        mud = D(float(mu))
        fmax = max(fd)

        def gibbs_d(lam):
            e = [(lam * (x - fmax)).exp() for x in fd]
            Z = sum(e)
            return [x / Z for x in e], Z

        def gp(lam):
            p, _ = gibbs_d(lam)
            return sum(pt * (x - mud) for pt, x in zip(p, fd))

        def var(lam):
            p, _ = gibbs_d(lam)
            E = sum(pt * x for pt, x in zip(p, fd))
            return sum(pt * (x - E) ** 2 for pt, x in zip(p, fd))

        a, b = D(-1), D(1)
        while gp(a) > 0:
            a *= 2
        while gp(b) < 0:
            b *= 2
        for _ in range(120):  # 2^-120 of the bracket, then Newton to full precision
            mid = (a + b) / 2
            if gp(mid) < 0:
                a = mid
            else:
                b = mid
        lam = (a + b) / 2
        for _ in range(6):
            lam = lam - gp(lam) / var(lam)
        p, Z = gibbs_d(lam)
        # H = log Z(λ) − λ E_λ[f] with Z taken relative to exp(λ max f): H = log Z' − λ Σ p (f − max f)
        H = Z.ln() - lam * sum(pt * (x - fmax) for pt, x in zip(p, fd))
        return float(lam), [float(x) for x in p], float(H), float(var(lam)), float(gp(lam))


def solve_lambda(f, mu):
    """λ with E_λ[f] = μ (MATH.md §5.2): bracket by doubling from [−1, 1], bisect until the
    bracket is two adjacent doubles, then up to 5 Newton steps that are kept only while they
    reduce |E_λ[f] − μ|."""
    f = np.asarray(f, dtype=np.float64)
    # g′(λ) = E_λ[f] − μ = Σ p_t (f_t − μ): with the differences taken first, the rounding noise
    # is ε·Σ p|f − μ| instead of ε·max|f| (which matters when |f| ≫ the spread of f).
    fmu = f - mu
    gp = lambda lam: fsum(gibbs(f, lam)[0] * fmu)
    a, b = -1.0, 1.0
    while gp(a) > 0:
        a *= 2.0
        if abs(a) > 1e300:
            raise ValueError("bracket")
    while gp(b) < 0:
        b *= 2.0
        if abs(b) > 1e300:
            raise ValueError("bracket")
    while True:
        mid = 0.5 * (a + b)
        if mid <= a or mid >= b:
            break
        if gp(mid) < 0:
            a = mid
        else:
            b = mid
    lam = a if abs(gp(a)) <= abs(gp(b)) else b
    r = abs(gp(lam))
    for _ in range(5):
        var = variance_f(f, lam)
        if var <= 0:
            break
        nxt = lam - gp(lam) / var
        rn = abs(gp(nxt))
        if rn < r:
            lam, r = nxt, rn
        else:
            break
    return lam


# ---------------------------------------------------------------------------------------------
# One query, one case
# ---------------------------------------------------------------------------------------------

def query_reference(case, i):
    Q = np.array(case["Q"], dtype=np.float64)
    K = np.array(case["K"], dtype=np.float64)
    V = np.array(case["V"], dtype=np.float64)
    T = K.shape[0]
    tau = case["tau"]
    vis = visible_keys(case["mask"], i, T)
    n = len(vis)
    out = {"index": i, "visible": vis}
    f = np.array([exact_dot(Q[i], K[t]) for t in vis])
    fscale = [fsum(np.abs(Q[i] * K[t])) for t in vis]
    s = f / tau
    w, M, logS, H = softmax_shifted(s)
    Vvis = V[vis]
    o = np.array([fsum(w * Vvis[:, j]) for j in range(V.shape[1])])
    out.update({
        "similarities": fl_list(f),
        "similarity_scale": fl_list(fscale),
        "scores": fl_list(s),
        "weights": fl_list(w),
        "log_partition": fl(M + logS),
        "output": fl_list(o),
        "entropy": fl(H),
        "effective_keys": fl(math.exp(H)),
    })

    # §4: Gaussian view.
    var = case["variance"]
    if var["mode"] == "linked":
        logvar = np.array([math.log(var["sigma0_squared"]) - x for x in s])
    else:
        logvar = np.array([math.log(var["variances"][i][t]) for t in vis])
    pi, Mp, logSp, _ = softmax_shifted(-logvar)
    mle = np.array([fsum(pi * Vvis[:, j]) for j in range(V.shape[1])])
    ltp = Mp + logSp  # log Σ σ⁻² = logsumexp(−log σ²)
    ell, ell_scale = log_likelihood(mle, Vvis, logvar)
    se = variance_or_none(-0.5 * ltp) if True else None  # (Σσ⁻²)^(−1/2) = exp(−ltp/2)
    out["mle"] = {
        "log_variances": fl_list(logvar),
        "variances": [None if variance_or_none(lv) is None else fl(variance_or_none(lv))
                      for lv in logvar],
        "precision_weights": fl_list(pi),
        "output": fl_list(mle),
        "log_total_precision": fl(ltp),
        "standard_error": None if se is None else fl(se),
        "log_likelihood": None if ell is None else fl(ell),
        "log_likelihood_scale": None if ell_scale is None else fl(ell_scale),
        "max_abs_diff_from_softmax": fl(np.max(np.abs(pi - w))),
    }

    # §5: maximum entropy.
    mu_default = fsum(w * f)
    out["default_target"] = fl(mu_default)
    out["default_target_scale"] = fl(fsum(w * np.abs(f)))
    targets = case.get("targets")
    user = targets[i] if targets is not None else None
    all_equal = bool(np.all(f == f[0]))
    me = {}
    if user is None:
        me["target"] = fl(mu_default)
        me["is_default"] = True
        if all_equal:
            me.update(status="undetermined", **{"lambda": None},
                      weights=fl_list(np.full(n, 1.0 / n)), entropy=fl(math.log(n)))
        else:
            me.update(status="ok", **{"lambda": fl(1.0 / tau)}, weights=fl_list(w),
                      entropy=fl(H), feature_variance=fl_or_none(variance_f(f, 1.0 / tau)),
                      max_abs_diff_from_softmax=0.0)
    else:
        mu = float(user)
        me["target"] = fl(mu)
        me["is_default"] = False
        lo, hi = float(np.min(f)), float(np.max(f))
        if all_equal:
            if mu == f[0]:
                me.update(status="undetermined", **{"lambda": None},
                          weights=fl_list(np.full(n, 1.0 / n)), entropy=fl(math.log(n)))
            else:
                me.update(status="infeasible", interval=[fl(lo), fl(hi)])
        elif not (lo < mu < hi):
            me.update(status="infeasible", interval=[fl(lo), fl(hi)])
        else:
            lam, p, Hp, var_f, _ = solve_lambda_decimal(f, mu)
            lam64 = solve_lambda(f, mu)  # the float64 solver must agree with the decimal one
            assert abs(lam64 - lam) <= 1e-12 * abs(lam) + 64 * EPS * np.max(np.abs(f)) / var_f, \
                (lam64, lam)
            p = np.array(p)
            me.update(status="ok", **{"lambda": fl(lam)}, weights=fl_list(p), entropy=fl(Hp),
                      feature_variance=fl(var_f),
                      max_abs_diff_from_softmax=fl(np.max(np.abs(p - w))))
    out["maxent"] = me
    return out


def make_case(name, description, Q, K, V, temperature, mask, variance, targets=None):
    Q = [[float(x) for x in row] for row in Q]
    K = [[float(x) for x in row] for row in K]
    V = [[float(x) for x in row] for row in V]
    dk = len(Q[0])
    tau = math.sqrt(dk) if temperature["mode"] == "sqrt_dk" else float(temperature["tau"])
    case = {
        "name": name,
        "description": description,
        "m": len(Q), "T": len(K), "d_k": dk, "d_v": len(V[0]),
        "Q": Q, "K": K, "V": V,
        "temperature": temperature,
        "tau": tau,
        "mask": mask,
        "variance": variance,
        "targets": targets,
    }
    case["queries"] = [query_reference(case, i) for i in range(len(Q))]
    return case


def rounded(a):
    return [[float(x) for x in row] for row in np.asarray(a)]


def build_cases():
    cases = []
    linked1 = {"mode": "linked", "sigma0_squared": 1.0}

    # MATH.md §6 A: scores only, s = (2, 1, 0), f = s, τ = 1; MaxEnt with μ = 1.5.
    cases.append(make_case(
        "A", "MATH.md §6 A: s = f = (2, 1, 0), tau = 1, MaxEnt target 1.5",
        Q=[[1.0]], K=[[2.0], [1.0], [0.0]], V=[[1.0], [0.0], [-1.0]],
        temperature={"mode": "fixed", "tau": 1.0}, mask="none", variance=linked1,
        targets=[1.5]))

    # MATH.md §6 B: the default 2-D figure.
    QB = [[1.0, 0.5]]
    KB = [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]]
    VB = [[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]]
    cases.append(make_case(
        "B", "MATH.md §6 B: default figure, tau = sqrt(2), linked sigma0^2 = 1",
        QB, KB, VB, {"mode": "sqrt_dk"}, "none", linked1))

    # MATH.md §6 C: same as B with free variances (0.5, 2, 4).
    cases.append(make_case(
        "C", "MATH.md §6 C: B with free variances (0.5, 2, 4)",
        QB, KB, VB, {"mode": "sqrt_dk"}, "none",
        {"mode": "free", "variances": [[0.5, 2.0, 4.0]]}))

    rng = np.random.default_rng(20250917)

    def rand_case(name, m, T, dk, dv, mask, variance_mode, tau_mode="sqrt_dk", targets=None):
        Q = rounded(rng.standard_normal((m, dk)))
        K = rounded(rng.standard_normal((T, dk)))
        V = rounded(rng.standard_normal((T, dv)))
        if variance_mode == "linked":
            variance = {"mode": "linked", "sigma0_squared": 0.5}
        else:
            variance = {"mode": "free",
                        "variances": rounded(np.exp(rng.uniform(-1.5, 1.5, (m, T))))}
        temperature = {"mode": "sqrt_dk"} if tau_mode == "sqrt_dk" else {"mode": "fixed",
                                                                         "tau": tau_mode}
        desc = (f"numpy default_rng(20250917) draws, m={m}, T={T}, d_k={dk}, d_v={dv}, "
                f"mask {mask}, {variance_mode} variances")
        return make_case(name, desc, Q, K, V, temperature, mask, variance, targets)

    cases.append(rand_case("random none linked", 4, 6, 3, 2, "none", "linked"))
    cases.append(rand_case("random causal linked", 4, 6, 3, 2, "causal", "linked"))
    cases.append(rand_case("random none free", 4, 6, 3, 2, "none", "free"))
    cases.append(rand_case("random causal free", 4, 6, 3, 2, "causal", "free"))
    cases.append(rand_case("random causal m>T", 7, 4, 3, 2, "causal", "linked", tau_mode=0.75))
    cases.append(rand_case("random causal m<T", 3, 6, 3, 2, "causal", "free"))

    # Large scores: integer vectors, τ = 1, so every f and s is an exact integer and the test
    # can stay at 1e-12 relative. Naive exp overflows (s ≈ 4500) or underflows for every key
    # (max s = −999); σ² leaves the double range; ℓ(ô) overflows to below −1.8e308 in q0 and q2.
    KL = [[1, 0], [0, 1], [1, 1], [2, -1], [-1, 2]]
    VL = [[1, 0], [0, 1], [-1, 1], [2, 2], [0, -1]]
    QL = [[3000, 1499], [-1000, -1001], [1000, 1000], [700, -350]]
    cases.append(make_case(
        "large scores", "integer Q, K; tau = 1; scores up to ~4500 and all below -745 in q1; "
        "MaxEnt target -1000.5 in q1",
        QL, KL, VL, {"mode": "fixed", "tau": 1.0}, "none", linked1,
        targets=[None, -1000.5, None, None]))

    # Huge scores: f = 1e300·(1, 0.5, −1) (one multiplication, identical on both sides).
    cases.append(make_case(
        "huge scores", "f = (1e300, 5e299, -1e300), tau = 1: one-hot weights, H = 0, "
        "sigma^2 out of range, log-likelihood below -1.8e308",
        [[1e150]], [[1e150], [0.5e150], [-1e150]], VB, {"mode": "fixed", "tau": 1.0}, "none",
        linked1))

    # MaxEnt with user targets inside the interval for several rows, one default row and one
    # infeasible row.
    Q = rounded(rng.standard_normal((5, 3)))
    K = rounded(rng.standard_normal((6, 3)))
    V = rounded(rng.standard_normal((6, 2)))
    targets = []
    for i, frac in enumerate([0.15, 0.5, 0.9, None, "above"]):
        f = [exact_dot(Q[i], K[t]) for t in range(6)]
        lo, hi = min(f), max(f)
        if frac is None:
            targets.append(None)
        elif frac == "above":
            targets.append(float(hi + 0.25))
        else:
            targets.append(float(np.float64(round(lo + frac * (hi - lo), 6))))
    cases.append(make_case(
        "maxent targets", "random m=5, T=6, d_k=3; targets at 15%, 50%, 90% of (min f, max f), "
        "default, and max f + 0.25 (infeasible)",
        Q, K, V, {"mode": "sqrt_dk"}, "none", {"mode": "linked", "sigma0_squared": 2.0},
        targets))

    # Causal with user targets: q0 sees one key (all f equal; target equal to it is accepted,
    # λ undetermined); the others get interior targets.
    Q = rounded(rng.standard_normal((4, 2)))
    K = rounded(rng.standard_normal((4, 2)))
    V = rounded(rng.standard_normal((4, 3)))
    targets = []
    for i in range(4):
        f = [exact_dot(Q[i], K[t]) for t in range(i + 1)]
        if i == 0:
            targets.append(f[0])
        else:
            targets.append(float(round(min(f) + 0.3 * (max(f) - min(f)), 6)))
    cases.append(make_case(
        "maxent causal targets", "random m=4, T=4, d_k=2, causal; q0 target = its only f",
        Q, K, V, {"mode": "fixed", "tau": 0.5}, "causal", linked1, targets))

    # One key: every row is undetermined for MaxEnt; w = (1), H = 0.
    cases.append(make_case(
        "single key", "T = 1: w = 1, H = 0, lambda undetermined",
        [[0.3, -1.2], [2.0, 0.5]], [[1.5, 0.25]], [[0.5, -2.0]], {"mode": "sqrt_dk"}, "none",
        {"mode": "linked", "sigma0_squared": 3.0}))
    return cases


def check_against_math_md(cases):
    """The worked examples of MATH.md §6 (8 significant digits there)."""
    by = {c["name"]: c for c in cases}

    a = by["A"]["queries"][0]
    near(a["weights"], [0.66524096, 0.24472847, 0.09003057])
    near(a["entropy"], 0.83239558)
    near(a["default_target"], 1.57521038)
    near(a["maxent"]["lambda"], 0.83411519)
    near(a["maxent"]["weights"], [0.61620406, 0.26759188, 0.11620406])
    near(a["maxent"]["entropy"], 0.90123470)
    s = np.array(a["scores"])
    w = np.array(a["weights"])
    near(fsum(w * (s - fsum(w * s)) ** 2), 0.42440454)

    b = by["B"]["queries"][0]
    near(b["similarities"], [1.0, 0.5, -1.0])
    near(b["weights"], [0.51405814, 0.36096572, 0.12497614])
    near(b["mle"]["precision_weights"], [0.51405814, 0.36096572, 0.12497614])
    near(b["output"], [0.38908201, 0.23598958])
    near(b["mle"]["output"], [0.38908201, 0.23598958])
    near(b["entropy"], 0.96978250)
    near(b["mle"]["variances"], [0.49306869, 0.70218850, 2.02811498])
    near(math.exp(b["mle"]["log_total_precision"]), 3.94530269)
    near(b["mle"]["log_likelihood"], -6.97077497)
    near(b["default_target"], 0.56956487)
    near(b["maxent"]["lambda"], 1 / math.sqrt(2))
    # The solver, run on the default target, lands on 1/τ as well (MATH.md §5.3).
    near(solve_lambda(np.array(b["similarities"]), b["default_target"]), 1 / math.sqrt(2), 1e-14)

    c = by["C"]["queries"][0]
    near(c["mle"]["precision_weights"], [8 / 11, 2 / 11, 1 / 11], 1e-15)
    near(c["mle"]["output"], [7 / 11, 1 / 11], 1e-15)


def main(argv=None):
    header = {
        "format": "softmaxlab-test-reference",
        "version": 1,
        "generator": "tests/reference/make_reference.py (independent NumPy implementation of "
                     "docs MATH.md; float64; numbers in shortest round-trip form)",
        "numpy_version": np.__version__,
    }
    _, cases = write_reference(argv, "reference.json", header, build_cases,
                               check_against_math_md)
    for c in cases:
        for q in c["queries"]:
            me = q["maxent"]
            ll = q["mle"]["log_likelihood"]
            print(f"  {c['name']} q{q['index']}: H={q['entropy']:.6g} "
                  f"ell={'null' if ll is None else f'{ll:.6g}'} maxent {me['status']}"
                  + (f" lambda={me['lambda']!r}" if me.get("lambda") is not None else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
