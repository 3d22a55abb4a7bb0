#!/usr/bin/env python3
"""Build the SoftmaxLab lesson library (scenario files, see docs/scenario-format.md).

Writes into resources/scenarios/:

  sharp-vs-flat-dk{2,16,64,256}.softmaxlab.json  why divide by √d_k (MATH.md §2, §3): random
                                                 N(0,1) vectors at τ = 1; entropy collapses as d_k grows
  temperature-extremes.softmaxlab.json           the §6 B figure, several queries, τ = 0.05 (argmax limit)
  temperature-extremes-hot.softmaxlab.json       the same at τ = 50 (uniform limit); MaxEnt λ = 1/τ (§5.3)
  free-variances.softmaxlab.json                 MATH.md §6 C: free variances, MLE ≠ softmax (§4.1, §4.3)
  causal-sentence.softmaxlab.json                causal self-attention over "the cat sat on the mat" (§2)
  digits-kernel-smoother.softmaxlab.json         UCI digits, d_k = 64, τ = √d_k, kernel smoother
  sparse-attention.softmaxlab.json               version 2, sparsemax (α = 2) on the §6 B figure:
                                                 MATH.md §7.5 F, k3 gets exactly 0
  sparse-attention-digits.softmaxlab.json        version 2, sparsemax on the digits smoother:
                                                 each query keeps a handful of its 200 keys
  two-heads.softmaxlab.json                      version 2, MATH.md §8 D: three tokens, two heads
                                                 with W_Q, W_K, W_V, and W_O (a `model` section)

Then it gives lessons their guided steps (the version-2 `lesson` section of
docs/scenario-format.md; issue 18): the README's "A first lesson" (seven steps) in
default.softmaxlab.json, opened by Help ▸ Take the Tour, and steps for the √d_k, temperature-extremes,
free-variance, iris and sparse-attention lessons. Those files become version 2. default and
iris-kernel-smoother are read, given their steps and written back (their other fields as they were;
scripts/make_iris_scenario.py writes iris without steps, so run this script after it).

and resources/scenarios/README.md, which lists every shipped scenario (including the existing
default.softmaxlab.json and iris-kernel-smoother.softmaxlab.json, which this script does not
touch). Every number quoted in a description (entropies, weights, accuracies) is computed here,
with the shifted softmax and the shifted entropy of MATH.md §2–§3, from the numbers exactly as
they are written to the file (after rounding). Every written file, and every other
*.softmaxlab.json already in the folder, is then checked against the format's rules (version 1,
and the version-2 `attention` and `model` sections).

Only the standard library is used (json, math, random, csv, argparse, os).

Usage (from anywhere; defaults are relative to the repository root):
    python3 scripts/make_lessons.py [--data-dir data] [--out-dir resources/scenarios]
        [--seed-dk 2025] [--seed-digits 7] [--check-only]
"""

import argparse
import csv
import json
import math
import os
import random
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIG_DIGITS = 6
LN2 = math.log(2.0)


# ---------------------------------------------------------------------------------------------
# Numbers and the attention math (MATH.md §2, §3, §4.3, §5.3), recomputed independently of the app

def round_sig(x, digits=SIG_DIGITS):
    """x rounded to `digits` significant digits, as the double nearest that decimal (−0 → +0)."""
    if x == 0.0:
        return 0.0
    return float(f"{x:.{digits - 1}e}")


def dot(a, b):
    return math.fsum(x * y for x, y in zip(a, b))


def softmax_stats(scores):
    """Shifted softmax (MATH.md §2) and shifted entropy (MATH.md §3):
    returns (weights, entropy in nats)."""
    M = max(scores)
    e = [math.exp(s - M) for s in scores]
    S = math.fsum(e)
    w = [x / S for x in e]
    H = math.log(S) - math.fsum(wi * (s - M) for wi, s in zip(w, scores))
    return w, max(H, 0.0)


def sparsemax(scores):
    """Sparsemax (α-entmax at α = 2, MATH.md §7.2) by the exact sort rule: p_t = max(0, s_t − θ)
    with θ such that the weights sum to 1. Returns (weights, θ)."""
    z = sorted(scores, reverse=True)
    cumulative, k, total = 0.0, 0, 0.0
    for j, zj in enumerate(z, start=1):
        cumulative += zj
        if 1 + j * zj > cumulative:
            k, total = j, cumulative
    theta = (total - 1) / k
    return [max(0.0, x - theta) for x in scores], theta


def attend(q, keys, values, tau, visible=None):
    """Attention for one query (MATH.md §2): similarities f, weights w over the visible keys
    (0 elsewhere), entropy H, output o, default MaxEnt target μ = Σ w f (MATH.md §5.3)."""
    T = len(keys)
    vis = list(range(T)) if visible is None else visible
    f = [dot(q, keys[t]) for t in vis]
    wv, H = softmax_stats([x / tau for x in f])
    w = [0.0] * T
    for t, wt in zip(vis, wv):
        w[t] = wt
    dv = len(values[0])
    o = [math.fsum(w[t] * values[t][j] for t in range(T)) for j in range(dv)]
    mu = math.fsum(wt * ft for wt, ft in zip(wv, f))
    return {"f": f, "w": w, "H": H, "o": o, "mu": mu}


def fmt(x, d=3):
    """A number for the lesson text: d significant digits, true minus sign."""
    s = f"{x:.{d}g}"
    if "e" in s:
        mant, ex = s.split("e")
        s = f"{mant}·10^{int(ex)}"
    return s.replace("-", "−")


def fmt_f(x, d=3):
    """Fixed d decimals, true minus sign."""
    return f"{x:.{d}f}".replace("-", "−")


def fmt_w(x):
    """A weight for the lesson text: 4 decimals, more digits near 1, powers of ten near 0."""
    if x == 0.0:
        return "0"
    if x < 1e-3:
        return fmt(x, 2)
    if x > 0.999 and x != 1.0:
        return f"{x:.6f}".rstrip("0")
    return f"{x:.4f}"


def vec(xs, d=3, fixed=True):
    return "(" + ", ".join(fmt_f(x, d) if fixed else fmt(x, d) for x in xs) + ")"


# ---------------------------------------------------------------------------------------------
# Scenario assembly, writing and validation (scenario-format.md, version 1)

def scenario(title, description, queries, keys, temperature, mask="none", variance=None,
             targets=None):
    return {
        "format": "softmaxlab-scenario",
        "version": 1,
        "title": title,
        "description": description,
        "queries": [{"label": lab, "vector": v} for lab, v in queries],
        "keys": [{"label": lab, "vector": k, "value": v} for lab, k, v in keys],
        "temperature": temperature,
        "mask": mask,
        "variance": variance or {"mode": "linked", "sigma0_squared": 1.0},
        "maxent": {"targets": targets},
    }


def _js(x):
    return json.dumps(x, ensure_ascii=False, allow_nan=False, separators=(", ", ": "))


def _object_lines(obj, pad, one_per_line):
    """The member lines of JSON object `obj` at indentation `pad`: the arrays under the keys in
    `one_per_line` with one entry per line, a `model` object with one line per token and per
    head, everything else inline."""
    lines = []
    items = list(obj.items())
    for n, (k, v) in enumerate(items):
        comma = "," if n + 1 < len(items) else ""
        if k in one_per_line:
            lines.append(f"{pad}  {_js(k)}: [")
            lines += [f"{pad}    {_js(e)}" + ("," if j + 1 < len(v) else "")
                      for j, e in enumerate(v)]
            lines.append(f"{pad}  ]{comma}")
        elif k == "lesson":  # one line per step
            steps = v["steps"]
            lines.append(f'{pad}  {_js(k)}: {{"steps": [')
            lines += [f"{pad}    {_js(st)}" + ("," if j + 1 < len(steps) else "")
                      for j, st in enumerate(steps)]
            lines.append(f"{pad}  ]}}{comma}")
        elif k == "model" and isinstance(v, dict):
            lines.append(f"{pad}  {_js(k)}: {{")
            lines += _object_lines(v, pad + "  ", ("tokens", "heads"))
            lines.append(f"{pad}  }}{comma}")
        else:
            lines.append(f"{pad}  {_js(k)}: {_js(v)}{comma}")
    return lines


def dumps_scenario(sc):
    """Readable JSON: one line per query, key, token and head (vectors inline), 2-space
    indentation."""
    return "\n".join(["{"] + _object_lines(sc, "", ("queries", "keys")) + ["}"]) + "\n"


class Invalid(Exception):
    pass


def _no_dupes(pairs):
    seen = set()
    for k, _ in pairs:
        if k in seen:
            raise Invalid(f"duplicate key {k!r} in one JSON object")
        seen.add(k)
    return dict(pairs)


def _refuse_constant(name):
    raise Invalid(f"illegal number {name}")


def _is_num(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _numbers(path, xs, n=None, what="numbers"):
    if not isinstance(xs, list):
        raise Invalid(f"{path}: expected an array of {what}")
    if n is not None and len(xs) != n:
        raise Invalid(f"{path}: expected {n} {what}, got {len(xs)}")
    for j, x in enumerate(xs):
        if not _is_num(x):
            raise Invalid(f"{path}[{j}]: expected a finite number, got {x!r}")


def _label(path, entry):
    lab = entry.get("label")
    if not isinstance(lab, str):
        raise Invalid(f"{path}.label: expected a string")
    if len(lab) > 200:
        raise Invalid(f"{path}.label: longer than 200 code points")


def _matrix(path, rows, n_rows, n_cols=None):
    """Checks an array of n_rows rows of n_cols numbers (n_cols from the first row when None);
    returns n_cols."""
    if not isinstance(rows, list) or len(rows) != n_rows:
        raise Invalid(f"{path}: expected {n_rows} rows")
    if n_cols is None:
        n_cols = len(rows[0]) if isinstance(rows[0], list) else 0
        if n_cols < 1:
            raise Invalid(f"{path}[0]: expected a non-empty array of numbers")
    for r, row in enumerate(rows):
        _numbers(f"{path}[{r}]", row, n_cols)
    return n_cols


def matmul(A, B):
    """A B for lists of rows (exact sums: math.fsum)."""
    cols = list(zip(*B))
    return [[math.fsum(a * b for a, b in zip(row, col)) for col in cols] for row in A]


def _model_heads(model):
    """Checks a version-2 `model` section (scenario-format.md): T tokens of d_model numbers, H
    heads whose w_q, w_k are d_model×d_k and w_v d_model×d_v (the same for every head), the
    optional w_o of H·d_v rows of d_model numbers, H ≤ 64, d_model ≤ 4096. Returns ([(Q, K) per
    head], T, d_k, d_v) with Q = X W_Q and K = X W_K (MATH.md §8)."""
    if not isinstance(model, dict):
        raise Invalid("model: expected an object")
    tokens, heads = model.get("tokens"), model.get("heads")
    if not isinstance(tokens, list) or not tokens:
        raise Invalid("model.tokens: expected a non-empty array")
    if not isinstance(heads, list) or not heads or len(heads) > 64:
        raise Invalid("model.heads: expected 1 to 64 heads")
    for t, tok in enumerate(tokens):
        if not isinstance(tok, dict):
            raise Invalid(f"model.tokens[{t}]: expected an object")
        _label(f"model.tokens[{t}]", tok)
    X = [tok.get("embedding") for tok in tokens]
    d_model = _matrix("model.tokens[].embedding", X, len(X))
    if d_model > 4096:
        raise Invalid("model: d_model above 4096")
    out, dk, dv = [], None, None
    for h, head in enumerate(heads):
        if not isinstance(head, dict):
            raise Invalid(f"model.heads[{h}]: expected an object")
        _label(f"model.heads[{h}]", head)
        dk = _matrix(f"model.heads[{h}].w_q", head.get("w_q"), d_model, dk)
        _matrix(f"model.heads[{h}].w_k", head.get("w_k"), d_model, dk)
        dv = _matrix(f"model.heads[{h}].w_v", head.get("w_v"), d_model, dv)
        out.append((matmul(X, head["w_q"]), matmul(X, head["w_k"])))
    if "w_o" in model:
        _matrix("model.w_o", model["w_o"], len(heads) * dv, d_model)
    T = len(X)
    if T > 100_000 or dk > 4096 or dv > 4096 or len(heads) * T * T > 5e7 \
            or len(heads) * (2 * T * dk + T * dv) > 5e7:
        raise Invalid("a size limit of scenario-format.md is exceeded")
    return out, T, dk, dv


def validate_text(text, max_bytes=1 << 20):
    """Check one scenario file's text against the rules of scenario-format.md (version 1, and the
    version-2 `attention` and `model` sections; plus this library's own size limit, max_bytes).
    Returns (m, T, d_k, d_v); raises Invalid."""
    raw = text.encode("utf-8")
    if len(raw) >= max_bytes:
        raise Invalid(f"file is {len(raw)} bytes, not below {max_bytes}")
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        sc = json.loads(text, object_pairs_hook=_no_dupes, parse_constant=_refuse_constant,
                        parse_float=float)
    except json.JSONDecodeError as e:
        raise Invalid(f"line {e.lineno}, column {e.colno}: {e.msg}")
    if not isinstance(sc, dict):
        raise Invalid("top level: expected an object")
    if sc.get("format") != "softmaxlab-scenario":
        raise Invalid("format: expected 'softmaxlab-scenario'")
    if type(sc.get("version")) is not int or sc["version"] not in (1, 2):
        raise Invalid(f"version: expected 1 or 2, got {sc.get('version')!r}")
    if sc["version"] == 2 and "attention" in sc:  # scenario-format.md, version 2 `attention`
        att = sc["attention"]
        if not isinstance(att, dict) or att.get("normalizer") not in ("softmax", "entmax"):
            raise Invalid("attention.normalizer: expected 'softmax' or 'entmax'")
        if att["normalizer"] == "entmax" and not (_is_num(att.get("alpha"))
                                                  and 1 <= att["alpha"] <= 4):
            raise Invalid("attention.alpha: expected a number with 1 <= alpha <= 4")
    if not isinstance(sc.get("title"), str):
        raise Invalid("title: expected a string")
    if "description" in sc and not isinstance(sc["description"], str):
        raise Invalid("description: expected a string")
    if "model" in sc:  # scenario-format.md, version 2 `model` (MATH.md §8)
        if sc["version"] != 2:
            raise Invalid("model: a model section needs version 2")
        if "queries" in sc or "keys" in sc:
            raise Invalid("model: a model scenario has no queries or keys")
        heads, T, dk, dv = _model_heads(sc["model"])
        m = T
    else:
        Q, K = sc.get("queries"), sc.get("keys")
        if not isinstance(Q, list) or not Q:
            raise Invalid("queries: expected a non-empty array")
        if not isinstance(K, list) or not K:
            raise Invalid("keys: expected a non-empty array")
        m, T = len(Q), len(K)
        if not isinstance(Q[0], dict) or not isinstance(Q[0].get("vector"), list):
            raise Invalid("queries[0].vector: expected an array")
        dk = len(Q[0]["vector"])
        if not isinstance(K[0], dict) or not isinstance(K[0].get("value"), list):
            raise Invalid("keys[0].value: expected an array")
        dv = len(K[0]["value"])
        if dk < 1 or dv < 1:
            raise Invalid("d_k and d_v must be at least 1")
        if m > 100_000 or T > 100_000 or dk > 4096 or dv > 4096 or m * T > 5e7 \
                or (m + T) * dk + T * dv > 5e7:
            raise Invalid("a size limit of scenario-format.md is exceeded")
        for i, q in enumerate(Q):
            if not isinstance(q, dict):
                raise Invalid(f"queries[{i}]: expected an object")
            _label(f"queries[{i}]", q)
            _numbers(f"queries[{i}].vector", q.get("vector"), dk)
        for t, k in enumerate(K):
            if not isinstance(k, dict):
                raise Invalid(f"keys[{t}]: expected an object")
            _label(f"keys[{t}]", k)
            _numbers(f"keys[{t}].vector", k.get("vector"), dk)
            _numbers(f"keys[{t}].value", k.get("value"), dv)
        heads = [([q["vector"] for q in Q], [k["vector"] for k in K])]
    temp = sc.get("temperature")
    if not isinstance(temp, dict):
        raise Invalid("temperature: expected an object")
    if temp.get("mode") == "sqrt_dk":
        tau = math.sqrt(dk)
    elif temp.get("mode") == "fixed":
        tau = temp.get("tau")
        if not _is_num(tau) or tau <= 0:
            raise Invalid("temperature.tau: expected a finite number > 0")
    else:
        raise Invalid("temperature.mode: expected 'sqrt_dk' or 'fixed'")
    if sc.get("mask") not in ("none", "causal"):
        raise Invalid("mask: expected 'none' or 'causal'")
    var = sc.get("variance")
    if not isinstance(var, dict):
        raise Invalid("variance: expected an object")
    if var.get("mode") == "linked":
        s0 = var.get("sigma0_squared")
        if not _is_num(s0) or s0 <= 0:
            raise Invalid("variance.sigma0_squared: expected a finite number > 0")
    elif var.get("mode") == "free":
        per_head = var.get("variances") if "model" in sc else [var.get("variances")]
        if not isinstance(per_head, list) or len(per_head) != len(heads):
            raise Invalid(f"variance.variances: expected {len(heads)} entries, one per head")
        for rows in per_head:
            if not isinstance(rows, list) or len(rows) != m:
                raise Invalid(f"variance.variances: expected {m} rows")
            for i, row in enumerate(rows):
                _numbers(f"variance.variances[{i}]", row, T)
                if any(x <= 0 for x in row):
                    raise Invalid(f"variance.variances[{i}]: variances must be > 0")
    else:
        raise Invalid("variance.mode: expected 'linked' or 'free'")
    me = sc.get("maxent")
    if not isinstance(me, dict) or "targets" not in me:
        raise Invalid("maxent: expected an object with 'targets'")
    tg = me["targets"]
    if tg is not None and "model" in sc:
        if not isinstance(tg, list) or len(tg) != len(heads):
            raise Invalid(f"maxent.targets: expected null or {len(heads)} entries, one per head")
        per_head = [x for x in tg if x is not None]
    else:
        per_head = [] if tg is None else [tg]
    for tg in per_head:
        if not isinstance(tg, list) or len(tg) != m:
            raise Invalid(f"maxent.targets: expected null or {m} entries")
        for i, x in enumerate(tg):
            if x is not None and not _is_num(x):
                raise Invalid(f"maxent.targets[{i}]: expected a finite number or null")
    for h, (Qv, Kv) in enumerate(heads):
        for i, q in enumerate(Qv):
            for t, k in enumerate(Kv):
                try:
                    f = math.fsum(a * b for a, b in zip(q, k))
                except (OverflowError, ValueError):  # fsum: intermediate overflow, or inf − inf
                    f = math.inf
                if not math.isfinite(f) or not math.isfinite(f / tau):
                    where = f"model.heads[{h}]: " if "model" in sc else ""
                    raise Invalid(f"{where}queries[{i}]·keys[{t}]: similarity or score is not "
                                  "finite")
    return m, T, dk, dv


def write_scenario(out_dir, name, sc, written):
    text = dumps_scenario(sc)
    validate_text(text)
    if json.loads(text) != sc:
        raise Invalid(f"{name}: the written JSON does not read back identically")
    path = os.path.join(out_dir, name)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    os.replace(tmp, path)
    written.append((name, sc["title"], os.path.getsize(path)))
    print(f"wrote {path} ({os.path.getsize(path)} bytes)")


# ---------------------------------------------------------------------------------------------
# 1. Why √d_k: sharp-vs-flat-dk{2,16,64,256}

DKS = [2, 16, 64, 256]
DK_QUERIES, DK_KEYS = 4, 8


def build_sqrt_dk(seed):
    """One random draw shared by the four files: random.Random(seed); the 4 query vectors, then
    the 8 key vectors, each 256 entries rng.gauss(0, 1), rounded to 6 significant digits. The
    file for d_k keeps the first d_k entries. Values: the 8 unit-circle points
    (cos(2π(t−1)/8), sin(2π(t−1)/8)), rounded."""
    rng = random.Random(seed)
    full_q = [[round_sig(rng.gauss(0.0, 1.0)) for _ in range(max(DKS))] for _ in range(DK_QUERIES)]
    full_k = [[round_sig(rng.gauss(0.0, 1.0)) for _ in range(max(DKS))] for _ in range(DK_KEYS)]
    values = [[round_sig(math.cos(2 * math.pi * t / DK_KEYS)),
               round_sig(math.sin(2 * math.pi * t / DK_KEYS))] for t in range(DK_KEYS)]
    per = {}
    for dk in DKS:
        qs = [v[:dk] for v in full_q]
        ks = [v[:dk] for v in full_k]
        r1 = [attend(q, ks, values, 1.0) for q in qs]
        rs = [attend(q, ks, values, math.sqrt(dk)) for q in qs]
        allf = [x for r in r1 for x in r["f"]]
        mean_f = math.fsum(allf) / len(allf)
        sd_f = math.sqrt(math.fsum((x - mean_f) ** 2 for x in allf) / len(allf))
        per[dk] = dict(qs=qs, ks=ks, r1=r1, rs=rs, sd_f=sd_f,
                       H1=math.fsum(r["H"] for r in r1) / DK_QUERIES,
                       Hs=math.fsum(r["H"] for r in rs) / DK_QUERIES)
    return per, values


def sqrt_dk_files(seed, out_dir, written, summary):
    per, values = build_sqrt_dk(seed)
    hmax = math.log(DK_KEYS)
    table1 = ", ".join(f"{fmt_f(per[d]['H1'], 2)}" for d in DKS)
    tables = ", ".join(f"{fmt_f(per[d]['Hs'], 2)}" for d in DKS)
    dks = ", ".join(str(d) for d in DKS)
    for dk in DKS:
        p = per[dk]
        rt = math.sqrt(dk)
        rt_s = fmt(rt, 4) if dk != 2 else "√2 ≈ 1.414"
        H1 = ", ".join(fmt_f(r["H"], 3) for r in p["r1"])
        Hs = ", ".join(fmt_f(r["H"], 3) for r in p["rs"])
        top1 = ", ".join(fmt_f(max(r["w"]), 3) for r in p["r1"])
        tops = ", ".join(fmt_f(max(r["w"]), 3) for r in p["rs"])
        desc = [
            f"Why attention divides by √d_k: four queries and eight keys whose {dk} entries are "
            f"independent standard-normal draws, with the temperature fixed at τ = 1 (no scaling). "
            f"A dot product of two such vectors is a sum of d_k unit-variance terms, so its standard "
            f"deviation grows like √d_k = {fmt(rt, 4)} (the 32 similarities in this file have "
            f"standard deviation {fmt(p['sd_f'], 3)}), and the softmax of such large scores "
            f"piles onto a single key as d_k grows.",
            f"Look at the heatmap and the entropy view: at τ = 1 the four entropies are {H1} nats "
            f"(uniform over 8 keys would be log 8 = {fmt_f(hmax, 3)}), and the largest weight in "
            f"each row is {top1}. "
            f"Now switch the temperature to √d_k ({rt_s}): the scores get unit variance again, the "
            f"entropies become {Hs} nats and the largest weights {tops}.",
            f"Compare the four sibling files (d_k = {dks}): the mean entropy at τ = 1 is {table1} "
            f"nats, collapsing as d_k grows, while at τ = √d_k it is {tables} nats, roughly "
            f"independent of d_k. The values are eight points on the unit circle, "
            f"v_t = (cos(2π(t−1)/8), sin(2π(t−1)/8)), so a sharp row puts its output near the "
            f"circle and a flat row pulls it towards the centre.",
            f"How it was built (scripts/make_lessons.py, --seed-dk {seed}): Python "
            f"random.Random({seed}) draws 4 query vectors and then 8 key vectors of 256 entries "
            f"each with rng.gauss(0, 1), rounded to 6 significant digits; the d_k = {dk} file keeps "
            f"the first {dk} entries of each vector, so the four files share one draw (entropies "
            f"computed with the shifted softmax from the rounded numbers).",
        ]
        sc = scenario(
            f"Why √d_k: random vectors at d_k = {dk}",
            "\n\n".join(desc),
            [(f"q{i + 1}", q) for i, q in enumerate(p["qs"])],
            [(f"k{t + 1}", k, values[t]) for t, k in enumerate(p["ks"])],
            {"mode": "fixed", "tau": 1.0})
        write_scenario(out_dir, f"sharp-vs-flat-dk{dk}.softmaxlab.json", sc, written)
        h1 = ", ".join(f"{r['H']:.4f}" for r in p["r1"])
        hs = ", ".join(f"{r['H']:.4f}" for r in p["rs"])
        summary.append(f"d_k = {dk:>3}: sd(q·k) = {p['sd_f']:.3f}; entropies at tau=1: "
                       f"[{h1}] mean {p['H1']:.4f}; at tau=sqrt(d_k): [{hs}] mean {p['Hs']:.4f}")


# ---------------------------------------------------------------------------------------------
# 2. Temperature extremes (the §6 B figure with several queries)

B_KEYS = [("k1", [1.0, 0.0], [1.0, 0.0]),
          ("k2", [0.0, 1.0], [0.0, 1.0]),
          ("k3", [-1.0, 0.0], [-1.0, -1.0])]
EXT_QUERIES = [("q (1, 0.5)", [1.0, 0.5]),
               ("tie (1, 1)", [1.0, 1.0]),
               ("left (−1, 0.5)", [-1.0, 0.5]),
               ("short (0.2, 0.1)", [0.2, 0.1])]


def temperature_files(out_dir, written, summary):
    ks = [k for _, k, _ in B_KEYS]
    vs = [v for _, _, v in B_KEYS]
    res = {}
    for tau in (0.05, 50.0, math.sqrt(2.0)):
        res[tau] = [attend(q, ks, vs, tau) for _, q in EXT_QUERIES]
    cold, hot, mid = res[0.05], res[50.0], res[math.sqrt(2.0)]
    for name, tau, r in (("cold", 0.05, cold), ("hot", 50.0, hot)):
        summary.append(f"temperature {name} tau = {tau}: " + "; ".join(
            lab + ": w = [" + ", ".join(f"{x:.6g}" for x in x_["w"]) + "]"
            + f" H = {x_['H']:.6g} mu = {x_['mu']:.17g}" for (lab, _), x_ in zip(EXT_QUERIES, r)))

    def wlist(r, hd):
        return "; ".join(lab.split(" ")[0] + ": w ≈ (" + ", ".join(fmt_w(x) for x in x_["w"])
                         + f"), H = {fmt(x_['H'], hd)}" for (lab, _), x_ in zip(EXT_QUERIES, r))

    spread = max(max(x["f"]) - min(x["f"]) for x in hot) / 50.0
    mid_h = ", ".join(fmt_f(x["H"], 3) for x in mid)

    f0 = cold[0]["f"]
    mean_f0 = math.fsum(f0) / 3
    desc_cold = [
        "The default figure (keys k1 = (1, 0), k2 = (0, 1), k3 = (−1, 0), values "
        "(1, 0), (0, 1), (−1, −1)) with four queries, frozen at a very low temperature, τ = 0.05: "
        "every similarity is multiplied by 1/τ = 20 before the softmax. "
        "In the limit τ → 0 the softmax becomes an argmax: all the weight goes to the most "
        "similar key, or is shared equally by the keys tied for the maximum, and the output "
        "jumps onto that value.",
        f"What to look at: {wlist(cold, 3)} (entropies in nats). The tie query (1, 1) matches "
        "k1 and k2 equally and splits its weight half and half (H ≈ log 2), with output "
        "(0.5, 0.5). The short query points the same way as q but is 5 times shorter, so its "
        "scores are 5 times smaller: a query's length acts as an inverse temperature.",
        "MaxEnt reading: the Lagrange multiplier is λ = 1/τ = 20, and the default "
        f"constraint μ (the expected similarity) sits right at the top of its range: for q, "
        f"μ = {fmt(cold[0]['mu'], 6)} against max f = 1 (for the tie query μ equals 1 to double "
        "precision), and a large λ pins the distribution onto the argmax set.",
        "Try: raise τ step by step and watch the entropies climb towards log 3 = 1.099; then open "
        "the twin file temperature-extremes-hot.softmaxlab.json (τ = 50); at the default "
        f"τ = √2 the entropies are {mid_h}.",
    ]
    desc_hot = [
        "The default figure (keys k1 = (1, 0), k2 = (0, 1), k3 = (−1, 0), values "
        "(1, 0), (0, 1), (−1, −1)) with four queries, at a very high temperature, τ = 50: every "
        f"similarity is divided by 50, so in each row the scores are within {fmt(spread, 2)} of "
        "each other. "
        "In the limit τ → ∞ the softmax becomes uniform (each weight → 1/3, H → log 3 = 1.0986 "
        "nats), and every output tends to the mean of the values, which here is (0, 0).",
        f"What to look at: {wlist(hot, 5)} (entropies in nats). "
        "The weights still lean very slightly towards the better-matching keys: to first order "
        "w_t ≈ (1/3)(1 + (f_t − mean f)/τ).",
        f"MaxEnt reading: λ = 1/τ = 0.02 is close to 0, and λ = 0 means μ = the mean "
        f"similarity and uniform weights. For q, f = (1, 0.5, −1) has mean {fmt(mean_f0, 6)} and "
        f"the default constraint is μ = {fmt(hot[0]['mu'], 6)}, just above it; moving the MaxEnt "
        "target μ down to the mean makes the weights exactly uniform, and below the mean λ turns "
        "negative (attention to the least similar keys).",
        "Try: lower τ and watch the weights separate; compare with the twin file "
        "temperature-extremes.softmaxlab.json (τ = 0.05, the argmax limit); at the default "
        f"τ = √2 the entropies are {mid_h}.",
    ]
    keys = [(lab, k, v) for lab, k, v in B_KEYS]
    write_scenario(out_dir, "temperature-extremes.softmaxlab.json", scenario(
        "Temperature extremes: the argmax and the uniform limit", "\n\n".join(desc_cold),
        EXT_QUERIES, keys, {"mode": "fixed", "tau": 0.05}), written)
    write_scenario(out_dir, "temperature-extremes-hot.softmaxlab.json", scenario(
        "Temperature extremes: τ = 50, the uniform limit", "\n\n".join(desc_hot),
        EXT_QUERIES, keys, {"mode": "fixed", "tau": 50.0}), written)


# ---------------------------------------------------------------------------------------------
# 3. Free variances (MATH.md §6 C)

def free_variances_file(out_dir, written, summary):
    q = [1.0, 0.5]
    ks = [k for _, k, _ in B_KEYS]
    vs = [v for _, _, v in B_KEYS]
    var = [0.5, 2.0, 4.0]
    tau = math.sqrt(2.0)
    a = attend(q, ks, vs, tau)
    s = [x / tau for x in a["f"]]
    # MLE with free variances (MATH.md §4.3): π = softmax(−log σ²), ô = Σ π v.
    pi, _ = softmax_stats([-math.log(x) for x in var])
    ohat = [math.fsum(p * v[j] for p, v in zip(pi, vs)) for j in range(2)]

    def loglik(o):
        # MATH.md §4.2, d_v = 2
        return math.fsum(-(2 / 2) * math.log(2 * math.pi * s2)
                         - dot([o[0] - v[0], o[1] - v[1]], [o[0] - v[0], o[1] - v[1]]) / (2 * s2)
                         for s2, v in zip(var, vs))

    l_hat, l_att = loglik(ohat), loglik(a["o"])
    maxdiff = max(abs(x - y) for x, y in zip(pi, a["w"]))
    kl = math.fsum(p * (math.log(p) - math.log(w)) for p, w in zip(pi, a["w"]))
    linked = [math.exp(-x) for x in s]
    implied = [-math.log(x) for x in var]
    summary.append(f"free variances: pi = {pi} (8/11, 2/11, 1/11 = {8 / 11}, {2 / 11}, {1 / 11}); "
                   f"ohat = {ohat}; softmax w = {a['w']}, o = {a['o']}; max|pi-w| = {maxdiff:.6g}; "
                   f"KL(pi||w) = {kl:.6g}; l(ohat) = {l_hat:.8g}, l(o) = {l_att:.8g}")
    desc = [
        "The same query, keys and values as the default figure (one query, three keys), but the "
        "variances are set by hand (variance mode \"free\") to σ² = (0.5, 2, 4) instead of being "
        "linked to the keys by σ² = σ0²·exp(−s). "
        "The maximum-likelihood output is still the precision-weighted mean of the values, "
        "but the precision weights π = σ⁻²/Σσ⁻² = (2, 0.5, 0.25)/2.75 = (8/11, 2/11, 1/11) ≈ "
        f"{vec(pi, 3)} now come from the variances, not from the keys, so the MLE is no longer "
        "the softmax.",
        f"Compare the two weight vectors: softmax w ≈ {vec(a['w'], 3)} against π; the largest "
        f"difference is {fmt_f(maxdiff, 3)} and KL(π‖w) = {fmt(kl, 3)} nats. Compare the two "
        f"outputs: attention o ≈ {vec(a['o'], 3)} against the MLE ô = (7/11, 1/11) ≈ "
        f"{vec(ohat, 3)}; the log-likelihood is {fmt_f(l_hat, 3)} at ô and only "
        f"{fmt_f(l_att, 3)} at o, because under these variances o is not the peak.",
        "The implied scores −log σ² = (log 2, −log 2, −log 4) ≈ "
        f"{vec(implied, 3)} say which scores would have produced these variances; the real "
        f"scores q·k/√2 are {vec(s, 3)}.",
        "Try: switch the variance mode back to linked (σ0² = 1 gives σ² ≈ "
        f"{vec(linked, 3)}) and watch π snap onto w; or, in free mode, type variances "
        "proportional to exp(−s) yourself; or make one key's variance tiny and see the MLE "
        "jump to its value.",
    ]
    sc = scenario("Free variances: when the MLE is not the softmax", "\n\n".join(desc),
                  [("q", q)], B_KEYS, {"mode": "sqrt_dk"},
                  variance={"mode": "free", "variances": [var]})
    write_scenario(out_dir, "free-variances.softmaxlab.json", sc, written)


# ---------------------------------------------------------------------------------------------
# 4. Causal self-attention over a sentence

# Hand-made embeddings, axes (noun, verb, determiner, preposition).
# key = what the word is; query = what the word looks for; value = its part of speech one-hot
# (noun, verb, function word).
SENTENCE = [
    # word, key,                query,                value
    ("the", [0.0, 0.0, 2.0, 0.0], [2.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0]),  # looks ahead for its noun
    ("cat", [2.0, 0.0, 0.0, 0.0], [0.0, 0.0, 2.0, 0.0], [1.0, 0.0, 0.0]),  # looks for its determiner
    ("sat", [0.0, 2.0, 0.0, 0.0], [2.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0]),  # looks for its subject
    ("on", [0.0, 0.0, 0.0, 2.0], [0.0, 2.0, 0.0, 0.0], [0.0, 0.0, 1.0]),   # looks for its verb
    ("the", [0.0, 0.0, 2.0, 0.0], [2.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0]),  # looks for its noun
    ("mat", [2.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.5, 1.5], [1.0, 0.0, 0.0]),  # determiner + preposition
]


def causal_sentence_file(out_dir, written, summary):
    words = [w for w, _, _, _ in SENTENCE]
    ks = [k for _, k, _, _ in SENTENCE]
    qs = [q for _, _, q, _ in SENTENCE]
    vs = [v for _, _, _, v in SENTENCE]
    T = len(SENTENCE)
    tau = math.sqrt(4.0)
    rows = [attend(qs[i], ks, vs, tau, visible=list(range(i + 1))) for i in range(T)]
    unmasked = [attend(qs[i], ks, vs, tau) for i in range(T)]
    for i, r in enumerate(rows):
        wc = ", ".join(f"{x:.6g}" for x in r["w"])
        wn = ", ".join(f"{x:.4g}" for x in unmasked[i]["w"])
        summary.append(f"causal row {i + 1} ({words[i]}): w = [{wc}] H = {r['H']:.6g} "
                       f"(max log {i + 1} = {math.log(i + 1):.6g}); no mask: w = [{wn}]")

    def ww(i, t, rr=rows):
        return fmt_f(rr[i]["w"][t], 2)

    desc = [
        "Causal self-attention over the sentence \"the cat sat on the mat\": every token is both a "
        "query and a key (m = T = 6), and the causal mask lets token i see only tokens 1 … i. "
        "The weight matrix is therefore a lower triangle: everything above the diagonal is "
        "exactly 0, and row i spreads its weight over i keys, so its entropy is at most log i "
        "(row by row here: " + ", ".join(fmt_f(r["H"], 3) for r in rows) + " nats).",
        "The d_k = 4 embeddings are hand-made, with axes (noun, verb, determiner, preposition): a "
        "key says what a word is (each key is 2 on its own axis), a query says what the word "
        "looks for (each 'the' looks for a noun, cat for a determiner, sat for a noun subject, "
        "on for a verb, mat for both a determiner and a preposition), and a value is the "
        "word's part of speech as a one-hot vector (noun, verb, function word), so each output "
        "says what kinds of word the token gathered information from (τ = √d_k = 2).",
        "The first token sees only itself: its weight is 1, its entropy 0, and MaxEnt reports "
        "λ undetermined (one visible key, so all similarities are equal). "
        f"Then cat puts {ww(1, 0)} on 'the', sat {ww(2, 1)} on cat, on {ww(3, 2)} on sat, and "
        f"the second 'the' {ww(4, 1)} on cat: it looks for a noun, but its own noun, mat, is in its "
        f"future; mat shares its weight between the two 'the' and 'on' ({ww(5, 0)} each).",
        "There is no position information in these vectors: the two 'the' have identical keys "
        "and values, so any query that sees both weights them equally; only the mask knows the "
        "order. Try: switch the mask to none and watch the first 'the' find its noun (cat and "
        f"mat get {ww(0, 1, unmasked)} each, since it cannot tell them apart); then lower τ to "
        "sharpen every row of the triangle.",
    ]
    sc = scenario("Causal self-attention: \"the cat sat on the mat\"", "\n\n".join(desc),
                  [(w, q) for w, q in zip(words, qs)],
                  [(w, k, v) for w, k, v in zip(words, ks, vs)],
                  {"mode": "sqrt_dk"}, mask="causal")
    write_scenario(out_dir, "causal-sentence.softmaxlab.json", sc, written)


# ---------------------------------------------------------------------------------------------
# 4b. From tokens to heads: MATH.md §8 D, two heads by hand

def two_heads_file(out_dir, written, summary):
    """MATH.md §8 D as a lesson: X = ((1, 0), (0, 1), (1, 1)), two heads, W_O, τ = √2, no mask.
    Every number of the notes is recomputed here from the matrices (Q = X W_Q, K = X W_K,
    V = X W_V, the §2 softmax, O = W V, Y = [O¹ O²] W_O) and checked against §8's decimals."""
    X = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]
    heads = [
        {"label": "head 1", "w_q": [[1.0, 0.0], [0.0, 0.5]], "w_k": [[1.0, 0.0], [-1.0, 1.0]],
         "w_v": [[1.0, 0.0], [0.0, 1.0]]},
        {"label": "head 2", "w_q": [[0.0, 1.0], [1.0, 0.0]], "w_k": [[1.0, 1.0], [0.0, 1.0]],
         "w_v": [[0.0, 1.0], [1.0, 0.0]]},
    ]
    w_o = [[1.0, 0.0], [0.0, 1.0], [0.5, 0.0], [0.0, 0.5]]
    tau = math.sqrt(2.0)
    results = []
    for hd in heads:
        Q, K, V = (matmul(X, hd[w]) for w in ("w_q", "w_k", "w_v"))
        rows = [attend(q, K, V, tau) for q in Q]
        results.append({"Q": Q, "K": K, "V": V, "W": [r["w"] for r in rows],
                        "O": [r["o"] for r in rows]})
    Y = matmul([o1 + o2 for o1, o2 in zip(results[0]["O"], results[1]["O"])], w_o)
    # MATH.md §8 D, to its 8 decimals.
    printed = {"W1": [[0.57597535, 0.14002925, 0.28399541], [0.25985918, 0.37007041, 0.37007041],
                      [0.48818217, 0.16902193, 0.34279590]],
               "W2": [[0.24825508, 0.24825508, 0.50348984], [0.40111209, 0.19777581, 0.40111209],
                      [0.28399541, 0.14002925, 0.57597535]],
               "Y": [[1.23584322, 0.79989712], [0.92937355, 1.14125291],
                     [1.18898037, 0.94180321]]}
    for got, want in ((results[0]["W"], printed["W1"]), (results[1]["W"], printed["W2"]),
                      (Y, printed["Y"])):
        if max(abs(a - b) for ra, rb in zip(got, want) for a, b in zip(ra, rb)) > 6e-9:
            raise SystemExit("two-heads: the weights disagree with MATH.md §8 D")

    def mat(A, d=3, fixed=True):
        return "(" + ", ".join(vec(r, d, fixed) for r in A) + ")"

    r1, r2 = results
    desc = [
        "Where do queries and keys come from? In a transformer they are computed from the "
        "tokens, by three matrices of each head. Three tokens have embeddings X = "
        "((1, 0), (0, 1), (1, 1)) (d_model = 2, positions already added in). Each head has its "
        "own projections W_Q, W_K, W_V, and its queries, keys and values are Q = X W_Q, "
        "K = X W_K, V = X W_V: the same three tokens give each head different vectors.",
        f"Head 1: W_Q = ((1, 0), (0, 0.5)), W_K = ((1, 0), (−1, 1)), W_V = I, so Q = {mat(r1['Q'], 3, False)} "
        f"and K = {mat(r1['K'], 3, False)}. With τ = √2 and no mask its weights are the rows "
        f"{mat(r1['W'])}: x1 attends mostly to itself ({fmt_f(r1['W'][0][0])}), x2 spreads "
        f"evenly over x2 and x3.",
        f"Head 2: W_Q = ((0, 1), (1, 0)), W_K = ((1, 1), (0, 1)), W_V = ((0, 1), (1, 0)): "
        f"weights {mat(r2['W'])}. The same tokens, another pattern: x1 and x3 now look "
        f"mostly at x3. A score is a bilinear form of two tokens, s_ij = x_i W_Q W_Kᵀ x_jᵀ / τ: "
        "tokens attend to each other through the product W_Q W_Kᵀ, not through their own "
        "similarity.",
        f"Each head is a scenario of its own (its own MLE and MaxEnt views); their outputs O¹ = "
        f"{mat(r1['O'])} and O² are put side by side and mixed by W_O = ((1, 0), (0, 1), "
        f"(0.5, 0), (0, 0.5)) into the multi-head output Y = [O¹ O²] W_O = {mat(Y)}.",
        "Change one entry of a head's W_K and every row of that head's weights moves, while the "
        "other head stays as it is. softmaxlab --report FILE --head N prints head N's numbers "
        "(every quantity of a plain scenario), and the report's output is Y.",
    ]
    sc = {
        "format": "softmaxlab-scenario",
        "version": 2,
        "title": "From tokens to heads: two heads by hand",
        "description": "\n\n".join(desc),
        "model": {
            "tokens": [{"label": f"x{t + 1}", "embedding": x} for t, x in enumerate(X)],
            "heads": heads,
            "w_o": w_o,
        },
        "temperature": {"mode": "sqrt_dk"},
        "mask": "none",
        "variance": {"mode": "linked", "sigma0_squared": 1.0},
        "maxent": {"targets": None},
    }
    write_scenario(out_dir, "two-heads.softmaxlab.json", sc, written)
    summary.append("two-heads: head 1 row 1 w = " + vec(r1["W"][0], 8) + "; Y row 1 = "
                   + vec(Y[0], 8))


# ---------------------------------------------------------------------------------------------
# 5. Digits kernel smoother

def load_digits(path):
    """Rows as (row_number, [64 floats], digit); row_number is 1-based, header not counted."""
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.reader(fh)
        header = next(reader)
        if header[:64] != [f"pixel_{j}" for j in range(64)] or header[64] != "digit":
            raise SystemExit(f"{path}: unexpected header")
        for n, rec in enumerate(reader, start=1):
            rows.append((n, [float(x) for x in rec[:64]], int(rec[64])))
    return rows


def digits_file(data_dir, seed, per_class_keys, out_dir, written, summary):
    path = os.path.join(data_dir, "digits.csv")
    rows = load_digits(path)
    rng = random.Random(seed)
    key_idx, query_idx = [], []
    for c in range(10):
        idx = [i for i, r in enumerate(rows) if r[2] == c]
        pick = rng.sample(idx, per_class_keys + 1)
        key_idx += sorted(pick[:per_class_keys])
        query_idx.append(pick[per_class_keys])
    n = len(key_idx)
    mean = [math.fsum(rows[i][1][j] for i in key_idx) / n for j in range(64)]
    std = [math.sqrt(math.fsum((rows[i][1][j] - mean[j]) ** 2 for i in key_idx) / n)
           for j in range(64)]
    const = [j for j in range(64) if std[j] == 0.0]

    def z(x):
        return [round_sig((x[j] - mean[j]) / std[j]) if std[j] > 0 else round_sig(x[j] - mean[j])
                for j in range(64)]

    keys = [z(rows[i][1]) for i in key_idx]
    key_cls = [rows[i][2] for i in key_idx]
    onehot = [[1.0 if c == d else 0.0 for c in range(10)] for d in key_cls]
    queries = [z(rows[i][1]) for i in query_idx]
    dk = 64
    tau = math.sqrt(dk)

    def classify(q, t):
        r = attend(q, keys, onehot, t)
        p = r["o"]
        return max(range(10), key=lambda c: p[c]), p, r

    def evaluate(idx_list, t, augmented=False):
        correct, logp, H = 0, 0.0, 0.0
        if augmented:
            kaug = [k + [-math.fsum(x * x for x in k) / 2.0] for k in keys]
        for i in idx_list:
            q = z(rows[i][1])
            if augmented:
                r = attend(q + [1.0], kaug, onehot, t)
            else:
                r = attend(q, keys, onehot, t)
            p = r["o"]
            pred = max(range(10), key=lambda c: p[c])
            correct += pred == rows[i][2]
            logp += math.log(max(p[rows[i][2]], 1e-300))
            H += r["H"]
        k = len(idx_list)
        return correct, k, logp / k, H / k

    key_set = set(key_idx)
    held = [i for i in range(len(rows)) if i not in key_set]
    in_file = [classify(q, tau) for q in queries]
    acc_q = sum(pred == rows[i][2] for (pred, _, _), i in zip(in_file, query_idx))
    Hq = [r["H"] for _, _, r in in_file]
    ev_s = evaluate(held, tau)
    ev_1 = evaluate(held, 1.0)
    ev_q1 = evaluate(query_idx, 1.0)
    ev_aug = evaluate(held, 4.0, augmented=True)
    summary.append(f"digits: seed {seed}, {n} keys, constant columns {const}; queries rows "
                   f"{[rows[i][0] for i in query_idx]}; in-file accuracy at tau=8: {acc_q}/10; "
                   f"all {len(held)} non-key rows: tau=8 {ev_s}, tau=1 {ev_1}, "
                   f"augmented tau=4 {ev_aug}; in-file at tau=1: {ev_q1}")
    for (pred, p, r), i in zip(in_file, query_idx):
        summary.append(f"  digit {rows[i][2]} #{rows[i][0]}: predicted {pred}, "
                       f"p(true) = {p[rows[i][2]]:.4f}, H = {r['H']:.4f}, N_eff = {math.exp(r['H']):.2f}")

    wrong = [f"the {rows[i][2]} #{rows[i][0]} is taken for a {pred}"
             for (pred, _, _), i in zip(in_file, query_idx) if pred != rows[i][2]]
    # The constant columns: every key is exactly 0 there, so they add nothing to q·k.
    assert all(k[j] == 0.0 for k in keys for j in const)
    q_nonzero = sum(1 for q in queries if any(q[j] != 0.0 for j in const))
    allf = [x for _, _, r in in_file for x in r["f"]]
    mf = math.fsum(allf) / len(allf)
    sd_f = math.sqrt(math.fsum((x - mf) ** 2 for x in allf) / len(allf))
    summary.append(f"digits: sd of the {len(allf)} similarities in the file = {sd_f:.4g}; "
                   f"queries nonzero in constant columns: {q_nonzero}")
    pct = lambda e: f"{100.0 * e[0] / e[1]:.1f}%"
    const_txt = ", ".join(f"pixel_{j}" for j in const)
    desc = [
        "Attention with one query is a kernel smoother: the keys are 200 handwritten digits "
        f"(8×8 images, {per_class_keys} per digit), the values their digit as a one-hot vector "
        "(d_v = 10, digits 0 … 9), and each of the 10 queries is a held-out image, one per "
        "digit, so each output is a vector of class probabilities and each weight is one "
        "reference image's vote (labels read \"digit #row\", the data row of "
        "data/digits.csv, 1-based, header not counted).",
        "This is where √d_k matters: with d_k = 64 standardized pixels a dot product is a sum of "
        f"64 terms (here the {len(allf)} similarities have standard deviation {fmt(sd_f, 3)}, more "
        "than √64 because neighbouring pixels are correlated), so "
        "the file keeps the default temperature τ = √d_k = 8 (mode sqrt_dk), and each query "
        f"spreads its weight over an effective {math.exp(min(Hq)):.0f} to "
        f"{math.exp(max(Hq)):.0f} reference images (entropies {fmt_f(min(Hq), 2)} to {fmt_f(max(Hq), 2)} nats); switch to "
        "τ = 1 and nearly every row turns one-hot (mean entropy "
        f"{fmt_f(ev_q1[3], 2)} nats): the nearest dot-product neighbour takes all the weight.",
        f"Held-out accuracy at τ = 8, where the class with the largest output wins: {acc_q}/10 on "
        "the queries in this file"
        + (f" ({'; '.join(wrong)})" if wrong else "")
        + f", and {ev_s[0]}/{ev_s[1]} = {pct(ev_s)} on all {len(held)} rows that are not keys, "
        f"with mean log-probability of the true digit {fmt_f(ev_s[2], 2)}. "
        f"At τ = 1 the accuracy on those rows is about the same ({pct(ev_1)}; {ev_q1[0]}/10 on "
        f"this file's queries), but the mean log-probability falls to {fmt_f(ev_1[2], 2)}: a "
        "sharp smoother is overconfident when it is wrong. "
        "Plain dot products are not a distance; the iris lesson's kernel trick (keys "
        f"[k, −‖k‖²/2], queries [q, 1], τ = 4 set by hand) would reach {pct(ev_aug)} on the same rows.",
        "How it was built (scripts/make_lessons.py, --seed-digits "
        f"{seed}): Python random.Random({seed}), for each digit 0 … 9 in turn, samples "
        f"{per_class_keys + 1} of its rows, the first {per_class_keys} being keys and the last "
        "that digit's query; the 64 pixel columns are standardized with the mean and population "
        "standard deviation of the 200 key rows, and the "
        f"{len(const)} columns that are constant over the keys ({const_txt}) have standard "
        "deviation 0, so they are only centred, not divided (every key is exactly 0 there, so "
        "they add nothing to any similarity). "
        "Every standardized number is rounded to 6 significant digits, and every number quoted "
        "here is computed from the rounded file.",
    ]
    sc = scenario(
        "Digits: a kernel smoother at d_k = 64",
        "\n\n".join(desc),
        [(f"{rows[i][2]} #{rows[i][0]}", q) for i, q in zip(query_idx, queries)],
        [(f"{rows[i][2]} #{rows[i][0]}", k, v) for i, k, v in zip(key_idx, keys, onehot)],
        {"mode": "sqrt_dk"})
    write_scenario(out_dir, "digits-kernel-smoother.softmaxlab.json", sc, written)


# ---------------------------------------------------------------------------------------------
# README of the folder

# ---------------------------------------------------------------------------------------------
# 7. Sparse attention (MATH.md §7): sparsemax on the §6 B figure and on the digits smoother

def entmax_weights(scores, alpha, iterations=200):
    """α-entmax (MATH.md §7.2) for 1 < α, by bisection on the threshold τ_θ of
    p_t = max(0, (α−1)s_t − θ)^(1/(α−1)), Σ p = 1 (plain float bisection, enough for a lesson
    note; the app uses the exact rules and the log1p form)."""
    z = [(alpha - 1) * x for x in scores]
    hi = max(z)
    lo = hi - 1.0
    power = 1.0 / (alpha - 1)
    for _ in range(iterations):
        mid = (lo + hi) / 2
        total = sum(max(0.0, x - mid) ** power for x in z)
        lo, hi = (mid, hi) if total > 1 else (lo, mid)
    return [max(0.0, x - lo) ** power for x in z]


def alpha_leaving_support(scores, key, lo=1.0 + 1e-9, hi=4.0):
    """The α at which `key` leaves the support (its entmax weight becomes 0), by bisection."""
    if entmax_weights(scores, hi)[key] > 0:
        return None
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if entmax_weights(scores, mid)[key] > 0 else (lo, mid)
    return hi


def with_sparsemax(sc, title, description):
    """A copy of scenario `sc` as version 2 with sparsemax attention (scenario-format.md)."""
    out = {}
    for k, v in sc.items():
        out[k] = v
        if k == "mask":
            out["attention"] = {"normalizer": "entmax", "alpha": 2}
    out["version"] = 2
    out["title"] = title
    out["description"] = description
    return out


def sparse_attention_files(out_dir, written, summary):
    q = [1.0, 0.5]
    keys = [("k1", [1.0, 0.0], [1.0, 0.0]), ("k2", [0.0, 1.0], [0.0, 1.0]),
            ("k3", [-1.0, 0.0], [-1.0, -1.0])]
    tau = math.sqrt(2)
    scores = [dot(q, k) / tau for _, k, _ in keys]
    w, theta = sparsemax(scores)
    soft = [math.exp(x - max(scores)) for x in scores]
    soft = [x / sum(soft) for x in soft]
    base = scenario("", "", [("q", q)], keys, {"mode": "sqrt_dk"})
    description = (
        "Change the entropy, and the softmax becomes sparse. This is the default "
        "figure (one query, three keys) with one change: the normalizer is sparsemax (α-entmax with α = 2), the "
        "distribution of largest Tsallis entropy H_2 under the same constraint on the expected "
        "similarity. The scores are s = (%s); sparsemax subtracts a threshold θ = %s (the water "
        "line, in score units) and keeps what is above it: w = (%s). k3 gets exactly 0, not just "
        "a small number: the softmax gave it %s.\n\n"
        "Look at the heatmap (an exact zero is marked as such), the weight bars (the Gaussian MLE "
        "π stays the softmax of the scores, so π ≠ w now) and the key space (k3 drawn hollow, "
        "outside the support). Move the α control from 1 (softmax) to 2 and watch k3 leave the "
        "support at α = %s; raise τ and it comes back, because a higher temperature flattens "
        "the scores below the water line's reach." % (
            ", ".join(fmt(x) for x in scores), fmt(theta), ", ".join(fmt(x) for x in w),
            fmt(soft[2]), fmt(alpha_leaving_support(scores, 2), 3)))
    sc = with_sparsemax(base, "Change the entropy: sparse attention", description)
    write_scenario(out_dir, "sparse-attention.softmaxlab.json", sc, written)
    summary.append("sparse-attention: w = (" + ", ".join(fmt(x) for x in w) + ")")

    # The digits smoother under sparsemax: how many of the keys each query keeps.
    with open(os.path.join(out_dir, "digits-kernel-smoother.softmaxlab.json"),
              encoding="utf-8") as fh:
        digits = json.load(fh)
    dk = len(digits["queries"][0]["vector"])
    tau = math.sqrt(dk) if digits["temperature"]["mode"] == "sqrt_dk" \
        else digits["temperature"]["tau"]
    supports = []
    for qq in digits["queries"]:
        row = [dot(qq["vector"], k["vector"]) / tau for k in digits["keys"]]
        weights, _ = sparsemax(row)
        supports.append(sum(1 for x in weights if x > 0))
    T = len(digits["keys"])
    description = (
        "The digits kernel smoother (UCI handwritten digits, d_k = %d, τ = √d_k) with sparsemax "
        "attention (α-entmax with α = 2) instead of the softmax. Each query now keeps only the "
        "keys above its water line: %d to %d of the %d keys (%.1f on average), and every other "
        "weight is exactly 0, where the softmax gave every key a positive weight. The prediction "
        "is then an average over a handful of similar training digits.\n\n"
        "Open the heatmap: the zero cells are marked, the support of each row is what remains. "
        "Move α back towards 1 and the supports grow until, at α = 1, every key is back." % (
            dk, min(supports), max(supports), T, sum(supports) / len(supports)))
    sc = with_sparsemax(digits, "Sparse attention on handwritten digits", description)
    write_scenario(out_dir, "sparse-attention-digits.softmaxlab.json", sc, written)
    summary.append("sparse-attention-digits: support %d…%d of %d" % (
        min(supports), max(supports), T))


README_LINES = [
    ("default.softmaxlab.json",
     "MATH.md §6 B: one query, three keys in 2-D, τ = √2; the built-in default."),
    ("iris-kernel-smoother.softmaxlab.json",
     "Attention as a Gaussian (Nadaraya–Watson) kernel smoother on Fisher's iris "
     "(built by scripts/make_iris_scenario.py)."),
    ("sharp-vs-flat-dk2.softmaxlab.json",
     "Why √d_k, d_k = 2: random N(0,1) queries and keys at τ = 1; attention is still flat."),
    ("sharp-vs-flat-dk16.softmaxlab.json",
     "Why √d_k, d_k = 16: the same draw, longer vectors; attention sharpens at τ = 1."),
    ("sharp-vs-flat-dk64.softmaxlab.json",
     "Why √d_k, d_k = 64: entropy collapses at τ = 1; switch to τ = √d_k to flatten it back."),
    ("sharp-vs-flat-dk256.softmaxlab.json",
     "Why √d_k, d_k = 256: nearly one-hot at τ = 1; τ = √d_k = 16 restores it."),
    ("temperature-extremes.softmaxlab.json",
     "The §6 B figure with four queries at τ = 0.05: the argmax limit (MaxEnt λ = 1/τ = 20)."),
    ("temperature-extremes-hot.softmaxlab.json",
     "The same at τ = 50: the uniform limit (λ = 0.02, μ near the mean similarity)."),
    ("free-variances.softmaxlab.json",
     "MATH.md §6 C: free variances (0.5, 2, 4), π = (8/11, 2/11, 1/11): the MLE is not the softmax."),
    ("causal-sentence.softmaxlab.json",
     "Causal self-attention over \"the cat sat on the mat\" (m = T = 6, d_k = 4): the triangle."),
    ("digits-kernel-smoother.softmaxlab.json",
     "UCI handwritten digits as a kernel smoother: 200 reference images, 10 queries, "
     "d_k = 64, τ = √d_k = 8."),
    ("sparse-attention.softmaxlab.json",
     "Version 2, MATH.md §7.5 F: sparsemax (α = 2) on the §6 B figure; k3 gets exactly 0."),
    ("sparse-attention-digits.softmaxlab.json",
     "Version 2: sparsemax on the digits smoother; each query keeps a handful of keys."),
    ("two-heads.softmaxlab.json",
     "Version 2, MATH.md §8 D: three tokens, two heads with their own W_Q, W_K, W_V, and W_O; "
     "Q = X W_Q, K = X W_K, V = X W_V, Y = [O¹ O²] W_O."),
    ("tiny-transformer-layer1.softmaxlab.json",
     "Version 2: a real trained model, layer 1 of a 2-layer attention-only transformer on the "
     "U.S. Constitution (written by scripts/train_tiny_transformer.py); X = token + position "
     "embeddings of a 31-character sample."),
    ("tiny-transformer-layer2.softmaxlab.json",
     "Version 2: the same model's layer 2, on the residual stream after layer 1 "
     "(X + [O¹ … O⁴] W_O of the layer-1 lesson)."),
]

# The account of the trained heads, as scripts/train_tiny_transformer.py measured it.
TRAINED_RECORD = os.path.join(REPO, "tests", "reference", "tiny_transformer_attention.json")


# ---------------------------------------------------------------------------------------------
# Guided lessons: the steps of the version-2 `lesson` section (scenario-format.md, `lesson`)

LESSON_VIEWS = {"attention-heatmap", "weight-bars", "entropy", "key-space", "value-space",
                "mle-optimizer", "maxent-entropy", "maxent-constraint", "maxent-optimizer",
                "temperature-sweep", "derivation", "alpha-sweep"}
LESSON_SETTINGS = {"temperature", "mask", "variance", "maxent", "attention"}


def step(title, view, caption=None, query=None, **settings):
    """One lesson step; `settings` are the `set` overrides (temperature=…, variance=…)."""
    assert view in LESSON_VIEWS, view
    assert set(settings) <= LESSON_SETTINGS, settings
    assert len(title) <= 200
    out = {"title": title}
    if caption:
        out["caption"] = caption
    out["view"] = view
    if query is not None:
        out["query"] = query
    if settings:
        out["set"] = settings
    return out


def first_lesson():
    """The README's "A first lesson" as seven steps of the default scenario (Help ▸ Take the Tour).

    It opens on plain attention (the heatmap) before the claim that three derivations agree; a
    step on key space shows the heatmap beside the dock (LessonPresenter::centreViewBeside)."""
    f = [1.0, 0.5, -1.0]  # q·k of MATH.md §6 B
    w = softmax_stats([x / math.sqrt(2.0) for x in f])[0]
    # Free variances for step 4: k2's σ² a quarter of the others, so its precision weight grows.
    free = [[1.0, 0.25, 1.0]]
    prec = [1.0 / v for v in free[0]]
    pi = [p / sum(prec) for p in prec]
    return [
        step("This is attention", "attention-heatmap",
             "Each cell is the weight w = softmax(q·k/τ) the query q gives a key: the "
             "similarities q·k = (1, 0.5, −1), divided by τ = √2 and normalized to sum 1, give "
             f"w = ({fmt(w[0])}, {fmt(w[1])}, {fmt(w[2])}). The output o is the values' mean "
             "with these weights."),
        step("Three answers, one set of weights", "weight-bars",
             "Three bars for every key: the softmax weight w, the normalized precision π of the "
             "Gaussian likelihood and the maximum-entropy p. All three are "
             f"({fmt(w[0])}, {fmt(w[1])}, {fmt(w[2])}): max |π − w| = 0."),
        step("Why the MLE gives the softmax", "value-space",
             "Each value vₜ is a Gaussian observation of the output with variance "
             "σ² = σ0² e⁻ˢ: its precision is proportional to eˢ, so normalizing the precisions "
             "is exactly the softmax. The peak ô of the log-likelihood sits on the attention "
             "output (⊗, ô = o)."),
        step("Move a key", "key-space",
             "Moving k2 towards the direction of q raises its score q·k/τ and its weight w "
             "(its disc grows, and so does its cell in the heatmap): scores are dot products, "
             "not distances. In the app, drag k2 in Key space to see it (Ctrl+Z undoes; the step "
             "forgets the drag when you leave it)."),
        step("Break the link", "weight-bars",
             "This step sets the Variances to free, by hand: σ² = (1, 0.25, 1). Now π = "
             f"({fmt(pi[0])}, {fmt(pi[1])}, {fmt(pi[2])}) ≠ w. The MLE is still a "
             "precision-weighted mean; the softmax is the special case σ² = σ0² e⁻ˢ.",
             variance={"mode": "free", "variances": free}),
        step("Why MaxEnt gives the softmax", "maxent-entropy",
             "The Shannon entropy H(λ) falls from uniform weights at λ = 0 towards the argmax. "
             "At the default constraint μ the multiplier is "
             f"λ = 1/τ = {fmt(1 / math.sqrt(2.0))} and p is the softmax. A larger μ asks for more "
             "weight on the most similar keys and gives a larger λ (in the app, the Constraint μ "
             "slider)."),
        step("All the numbers", "derivation",
             "Both derivations as numbered steps with the current values. The line "
             "“π = softmax(s)” under the first table is the whole MLE argument: the precisions "
             "are σ0⁻² eˢ, so normalizing them is the softmax."),
    ]


def sqrt_dk_lesson(dk):
    return [
        step(f"d_k = {dk} at τ = 1", "attention-heatmap",
             f"Random N(0, 1) queries and keys with d_k = {dk}: a score q·k has variance d_k, so "
             f"at τ = 1 its spread is √{dk} ≈ {fmt(math.sqrt(dk), 2)}. "
             + ("The weights are still spread out." if dk <= 2 else
                "The largest score takes almost all of the weight.")),
        step("The entropy collapses", "entropy",
             "The entropy of each query's weights at τ = 1 (ln 8 ≈ 2.08 nats is uniform over the "
             f"eight keys): {'near uniform' if dk <= 2 else 'far below it'} at d_k = {dk}."),
        step("Divide by √d_k", "entropy",
             f"τ = √d_k = {fmt(math.sqrt(dk), 3)} gives the scores unit spread again, whatever "
             "d_k is: the entropies come back to where they are at d_k = 2.",
             temperature={"mode": "sqrt_dk"}),
        step("Where τ puts the weights", "temperature-sweep",
             "The selected query's weights as τ runs over a log axis; the red line is the "
             "current τ = 1. Small τ is the argmax, large τ uniform weights."),
    ]


def temperature_lesson():
    return [
        step("Cold: the argmax", "attention-heatmap",
             "At τ = 0.05 every query puts nearly all of its weight on its best key (a tie "
             "splits it): the softmax becomes the argmax."),
        step("Every temperature at once", "temperature-sweep",
             "The selected query's weights as τ runs from 0.05·√d_k to 20·√d_k; the red line is "
             "τ = 0.05."),
        step("Hot: uniform weights", "attention-heatmap",
             "At τ = 50 the scores are nearly equal and every key gets about 1/3.",
             temperature={"mode": "fixed", "tau": 50.0}),
        step("MaxEnt: λ = 1/τ", "maxent-constraint",
             "At the default constraint the Lagrange multiplier is λ = 1/τ = 0.02: a hot "
             "softmax is the maximum-entropy distribution with a weak constraint.",
             temperature={"mode": "fixed", "tau": 50.0}),
    ]


def free_variance_lesson():
    return [
        step("MLE ≠ softmax", "weight-bars",
             "Free variances σ² set by hand: the normalized precisions π differ from the "
             "softmax weights w (max |π − w| > 0)."),
        step("The peak leaves the attention output", "value-space",
             "The maximum-likelihood output ô is still a precision-weighted mean of the values, "
             "but no longer the attention output o."),
        step("Linked again: π = w", "weight-bars",
             "With σ² = σ0² e⁻ˢ (linked, σ0² = 1) the precisions are proportional to eˢ and "
             "π = w again.",
             variance={"mode": "linked", "sigma0_squared": 1.0}),
    ]


def iris_lesson():
    return [
        step("Attention as a kernel smoother", "attention-heatmap",
             "Six iris flowers (queries) attend to 30 labelled ones (keys) at τ = 0.5: each "
             "puts its weight on flowers of its own species."),
        step("The output is a class vote", "weight-bars",
             "The values are one-hot species labels, so the output o is the weight each "
             "species gets: the smoother's prediction for this flower.", query=0),
        step("A wider kernel", "attention-heatmap",
             "At τ = 2 the weights spread over more flowers and the vote gets less certain.",
             temperature={"mode": "fixed", "tau": 2.0}),
        step("The bandwidth", "temperature-sweep",
             "τ is the kernel's bandwidth: the weights of one flower as τ runs over a log axis.",
             query=2),
    ]


def sparse_lesson():
    return [
        step("Sparsemax: exactly zero", "weight-bars",
             "α-entmax at α = 2 (sparsemax) on the 2-D figure: k3's score is below the water "
             "line, so its weight is exactly 0."),
        step("From softmax to sparse", "alpha-sweep",
             "The weights as α runs from 1 (the softmax: every weight > 0) to 4; a cross marks "
             "the α at which k3 leaves the support."),
        step("Back to the softmax", "weight-bars",
             "At α = 1 (the softmax) every key keeps a weight > 0.",
             attention={"normalizer": "softmax"}),
        step("In between: α = 1.5", "weight-bars",
             "1.5-entmax: the weights are sparser than the softmax's, smoother than sparsemax's.",
             attention={"normalizer": "entmax", "alpha": 1.5}),
    ]


def lesson_files(out_dir, written):
    """Gives the shipped lessons their steps (read, `lesson` added, version 2, written back)."""
    lessons = {"default.softmaxlab.json": first_lesson(),
               "temperature-extremes.softmaxlab.json": temperature_lesson(),
               "free-variances.softmaxlab.json": free_variance_lesson(),
               "iris-kernel-smoother.softmaxlab.json": iris_lesson(),
               "sparse-attention.softmaxlab.json": sparse_lesson()}
    for dk in DKS:
        lessons[f"sharp-vs-flat-dk{dk}.softmaxlab.json"] = sqrt_dk_lesson(dk)
    for name, steps in lessons.items():
        path = os.path.join(out_dir, name)
        with open(path, encoding="utf-8") as fh:
            sc = json.load(fh)
        sc["version"] = 2
        sc["lesson"] = {"steps": steps}
        for i, st in enumerate(steps):
            if "query" in st and not st["query"] < len(sc["queries"]):
                raise Invalid(f"{name}: lesson.steps[{i}].query out of range")
        write_scenario(out_dir, name, sc, written)


def write_readme(out_dir):
    lines = [
        "# Shipped scenarios",
        "",
        "Each file is a scenario ([`docs/scenario-format.md`](../../docs/scenario-format.md); version 1, or 2 for sparse attention, models and guided lessons); its `description`",
        "holds the lesson notes. Open one with `softmaxlab FILE` or print its numbers with",
        "`softmaxlab --report FILE`. The files with a `lesson` section (the default, √d_k,",
        "temperature extremes, free variances, iris and sparse attention) are guided lessons:",
        "present them with F5 and PageDown, or write a handout with",
        "`softmaxlab --export-lesson OUT.pdf FILE`.",
        "",
        "| file | what it shows |",
        "|---|---|",
    ]
    for name, what in README_LINES:
        lines.append(f"| `{name}` | {what} |")
    lines += [
        "",
        "All files except the first two and the `tiny-transformer-*` lessons are written by",
        "`scripts/make_lessons.py` (`python3 scripts/make_lessons.py`, standard library only,",
        "deterministic seeds), which also adds the lesson steps to the first two; it also checks",
        "every `*.softmaxlab.json` in this folder against the format's rules. The",
        "`tiny-transformer-*` lessons are written by `scripts/train_tiny_transformer.py`",
        "(`/usr/bin/python3`, torch 1.13 on the CPU, a fixed seed).",
        "",
    ]
    if os.path.exists(TRAINED_RECORD):
        with open(TRAINED_RECORD, encoding="utf-8") as fh:
            record = json.load(fh)
        lines += [
            "## What the trained heads do",
            "",
            "Measured by `scripts/train_tiny_transformer.py` on the held-out last 10 % of the",
            "Constitution (the mean over every query position; the same account is in both",
            f"lessons' notes). Loss on the held-out text: {record['training']['held_out_loss']:.2f}"
            " nats per character.",
            "",
        ] + [f"- {line}." for line in record["account"]] + [""]
    path = os.path.join(out_dir, "README.md")
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write("\n".join(lines))
    print(f"wrote {path}")


def check_folder(out_dir):
    """Validate every *.softmaxlab.json in out_dir (read only) and check that the README lists
    exactly the files present. Returns the number of problems."""
    problems = 0
    names = sorted(f for f in os.listdir(out_dir) if f.endswith(".softmaxlab.json"))
    for name in names:
        with open(os.path.join(out_dir, name), encoding="utf-8") as fh:
            text = fh.read()
        try:
            m, T, dk, dv = validate_text(text)
            print(f"ok   {name:<44} m={m:<3} T={T:<4} d_k={dk:<4} d_v={dv:<3} "
                  f"{os.path.getsize(os.path.join(out_dir, name))} bytes")
        except Invalid as e:
            problems += 1
            print(f"FAIL {name}: {e}")
    listed = {n for n, _ in README_LINES}
    for name in sorted(set(names) ^ listed):
        problems += 1
        print(f"FAIL README.md and folder disagree about {name}")
    return problems


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data-dir", default=os.path.join(REPO, "data"),
                    help="folder with digits.csv (default: data/ of the repository)")
    ap.add_argument("--out-dir", default=os.path.join(REPO, "resources", "scenarios"))
    ap.add_argument("--seed-dk", type=int, default=2025,
                    help="seed of the random vectors of the sharp-vs-flat files")
    ap.add_argument("--seed-digits", type=int, default=7, help="seed of the digits split")
    ap.add_argument("--per-class-keys", type=int, default=20)
    ap.add_argument("--check-only", action="store_true",
                    help="write nothing; only validate the scenario files in --out-dir")
    args = ap.parse_args(argv)

    if not args.check_only:
        written, summary = [], []
        sqrt_dk_files(args.seed_dk, args.out_dir, written, summary)
        temperature_files(args.out_dir, written, summary)
        free_variances_file(args.out_dir, written, summary)
        causal_sentence_file(args.out_dir, written, summary)
        two_heads_file(args.out_dir, written, summary)
        digits_file(args.data_dir, args.seed_digits, args.per_class_keys, args.out_dir,
                    written, summary)
        sparse_attention_files(args.out_dir, written, summary)
        lesson_files(args.out_dir, written)
        write_readme(args.out_dir)
        print("\nkey numbers:")
        for line in summary:
            print("  " + line)
        print()
    problems = check_folder(args.out_dir)
    if problems:
        print(f"{problems} problem(s)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
