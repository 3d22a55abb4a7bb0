#!/usr/bin/python3
"""Reference values for tests/core/tst_model_reference.cpp, computed independently of the C++ core
with NumPy (Debian's python3-numpy; run with /usr/bin/python3).

A second implementation of MATH.md §8 (tokens to heads), written from MATH.md only:
- Q = X W_Q, K = X W_K, V = X W_V per head (NumPy float64 matrix products);
- the scores s = Q Kᵀ / τ and the weights over the visible keys (MATH.md §2 masks): the softmax
  in extended precision (numpy.longdouble, shifted by the max), or α-entmax (§7.2) by bisection
  on the threshold θ in numpy.longdouble: Σ_t [(α−1)(s_t − max s) − θ]₊^(1/(α−1)) = 1 with
  θ ∈ [−1, −n^(1−α)], 200 halvings;
- O^h = W^h V^h and, with W_O, Y = [O¹ … O^H] W_O (the concatenation built explicitly).
The C++ side sums Y head by head and solves entmax with other algorithms, so an agreement to
1e-12 says both are right.

Each case is a whole model scenario file (the numbers are doubles, so both sides start from the
same input) and per head the expected Q, K, V, weights (T×T, masked keys 0) and O, and Y or null.
Worked example D of MATH.md §8 is checked first, to its 8 printed decimals.

Usage (from the repository root): /usr/bin/python3 tests/reference/make_model_reference.py [--out PATH]
"""

import argparse
import json
import os
import sys

import numpy as np

from reference_checks import fl, near, visible_keys

HALVINGS = 200
LD = np.longdouble


def normalize(s, alpha):
    """The weights of one row of visible scores s (float64) for α = 1 (softmax) or α > 1."""
    z = np.asarray(s, dtype=LD)
    u = z - z.max()
    if alpha == 1:
        e = np.exp(u)
        return e / e.sum()
    a = LD(alpha)
    am1 = a - 1
    n = len(u)

    def powers(theta):
        b = np.maximum(am1 * u - theta, LD(0))
        return np.where(b > 0, b ** (1 / am1), LD(0))

    lo, hi = LD(-1), -(LD(n) ** (1 - a))
    for _ in range(HALVINGS):
        mid = (lo + hi) / 2
        if powers(mid).sum() > 1:
            lo = mid
        else:
            hi = mid
    p = powers((lo + hi) / 2)
    return p / p.sum()


def solve(scenario):
    """Per head Q, K, V, weights, O, and Y (or None) of a model scenario (a dict)."""
    model = scenario["model"]
    X = np.array([t["embedding"] for t in model["tokens"]], dtype=np.float64)
    T = X.shape[0]
    heads = []
    for head in model["heads"]:
        WQ, WK, WV = (np.array(head[k], dtype=np.float64) for k in ("w_q", "w_k", "w_v"))
        Q, K, V = X @ WQ, X @ WK, X @ WV
        dk = Q.shape[1]
        temp = scenario["temperature"]
        tau = np.sqrt(dk) if temp["mode"] == "sqrt_dk" else temp["tau"]
        S = (Q @ K.T) / tau
        att = scenario.get("attention", {"normalizer": "softmax"})
        alpha = att["alpha"] if att["normalizer"] == "entmax" else 1
        W = np.zeros((T, T), dtype=LD)
        for i in range(T):
            vis = visible_keys(scenario["mask"], i, T)
            W[i, vis] = normalize(S[i, vis], alpha)
        O = W @ V.astype(LD)
        heads.append({"Q": Q, "K": K, "V": V, "weights": W, "O": O})
    Y = None
    if "w_o" in model:
        concat = np.concatenate([h["O"] for h in heads], axis=1)
        Y = concat @ np.array(model["w_o"], dtype=LD)
    return heads, Y


def listed(m):
    return [[fl(x) for x in row] for row in np.asarray(m, dtype=np.float64)]


def random_scenario(rng, name, H, T, d_model, dk, dv, mask, with_wo, alpha):
    """A random model scenario: N(0, 1) embeddings and N(0, 1/√d_model) projections."""
    g = lambda *shape, scale=1.0: rng.standard_normal(shape) * scale  # noqa: E731
    sc = 1 / np.sqrt(d_model)
    model = {
        "tokens": [{"label": f"tok{t + 1}", "embedding": [fl(x) for x in g(d_model)]}
                   for t in range(T)],
        "heads": [{"label": f"head {h + 1}", "w_q": listed(g(d_model, dk, scale=sc)),
                   "w_k": listed(g(d_model, dk, scale=sc)), "w_v": listed(g(d_model, dv, scale=sc))}
                  for h in range(H)],
    }
    if with_wo:
        model["w_o"] = listed(g(H * dv, d_model, scale=sc))
    s = {"format": "softmaxlab-scenario", "version": 2, "title": name, "model": model,
         "temperature": {"mode": "sqrt_dk"}, "mask": mask,
         "variance": {"mode": "linked", "sigma0_squared": 1.0}, "maxent": {"targets": None}}
    if alpha != 1:
        s["attention"] = {"normalizer": "entmax", "alpha": alpha}
    return s


def example_d():
    tokens = [{"label": f"x{t + 1}", "embedding": e} for t, e in enumerate([[1, 0], [0, 1], [1, 1]])]
    model = {"tokens": tokens, "heads": [
        {"label": "head 1", "w_q": [[1, 0], [0, 0.5]], "w_k": [[1, 0], [-1, 1]], "w_v": [[1, 0], [0, 1]]},
        {"label": "head 2", "w_q": [[0, 1], [1, 0]], "w_k": [[1, 1], [0, 1]], "w_v": [[0, 1], [1, 0]]}],
        "w_o": [[1, 0], [0, 1], [0.5, 0], [0, 0.5]]}
    return {"format": "softmaxlab-scenario", "version": 2, "title": "MATH.md §8 D", "model": model,
            "temperature": {"mode": "sqrt_dk"}, "mask": "none",
            "variance": {"mode": "linked", "sigma0_squared": 1.0}, "maxent": {"targets": None}}


def check_example_d():
    heads, Y = solve(example_d())
    near([float(x) for x in heads[0]["weights"].ravel()],
         [0.57597535, 0.14002925, 0.28399541, 0.25985918, 0.37007041, 0.37007041,
          0.48818217, 0.16902193, 0.34279590])
    near([float(x) for x in heads[0]["O"].ravel()],
         [0.85997075, 0.42402465, 0.62992959, 0.74014082, 0.83097807, 0.51181783])
    near([float(x) for x in heads[1]["weights"].ravel()],
         [0.24825508, 0.24825508, 0.50348984, 0.40111209, 0.19777581, 0.40111209,
          0.28399541, 0.14002925, 0.57597535])
    near([float(x) for x in Y.ravel()],
         [1.23584322, 0.79989712, 0.92937355, 1.14125291, 1.18898037, 0.94180321])


def build_cases():
    rng = np.random.default_rng(20261202)
    specs = [  # name, H, T, d_model, d_k, d_v, mask, W_O, α
        ("one head, softmax, no mask, no W_O", 1, 4, 3, 2, 2, "none", False, 1),
        ("two heads, softmax, causal, W_O", 2, 5, 4, 3, 2, "causal", True, 1),
        ("three heads, 1.5-entmax, no mask, W_O", 3, 6, 5, 2, 3, "none", True, 1.5),
        ("four heads, 1.5-entmax, causal, no W_O", 4, 7, 6, 3, 2, "causal", False, 1.5),
        ("four heads, softmax, no mask, W_O, d_model 8", 4, 5, 8, 4, 4, "none", True, 1),
        ("two heads, sparsemax, causal, W_O", 2, 6, 4, 2, 2, "causal", True, 2),
    ]
    cases = [{"name": "worked example D (MATH.md §8)", "scenario": example_d()}]
    for spec in specs:
        cases.append({"name": spec[0], "scenario": random_scenario(rng, *spec)})
    for case in cases:
        heads, Y = solve(case["scenario"])
        case["heads"] = [{k: listed(h[k]) for k in ("Q", "K", "V", "weights", "O")} for h in heads]
        case["output"] = listed(Y) if Y is not None else None
    return cases


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description="Write tests/reference/model_reference.json")
    ap.add_argument("--out", default=os.path.join(here, "model_reference.json"))
    args = ap.parse_args(argv)
    check_example_d()
    cases = build_cases()
    doc = {"source": "tests/reference/make_model_reference.py (NumPy %s, MATH.md §8)" % np.__version__,
           "cases": cases}
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write(json.dumps(doc, indent=1, ensure_ascii=False, allow_nan=False) + "\n")
    print(f"wrote {args.out}: {len(cases)} cases")


if __name__ == "__main__":
    main(sys.argv[1:])
