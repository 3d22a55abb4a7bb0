"""Shared by the reference generators: numbers as JSON writes them, the visible keys of MATH.md
§2, the check of their output against MATH.md's worked examples (8 significant digits there), and
the writing of the reference file."""
import math


def fl(x):
    """A plain Python float (repr gives 17 significant digits at most, bit-exact), −0 → +0,
    refusing non-finite numbers."""
    x = float(x)
    if x == 0.0:
        return 0.0
    if not math.isfinite(x):
        raise ValueError(f"non-finite number in the reference: {x}")
    return x


def visible_keys(mask, i, T):
    """V_i, 0-based (MATH.md §2). none: all keys. causal (top-left aligned): t ≤ i; queries
    i ≥ T see all."""
    if mask == "none":
        return list(range(T))
    if mask == "causal":
        return list(range(min(i + 1, T)))
    raise ValueError(mask)


def near(a, b, tol=6e-9):
    """Asserts |a − b| ≤ tol·max(1, |b|), entry by entry for lists."""
    if isinstance(a, (list, tuple)):
        assert len(a) == len(b), (a, b)
        for x, y in zip(a, b):
            near(x, y, tol)
        return
    assert abs(a - b) <= tol * max(1.0, abs(b)), (a, b)


def write_reference(argv, default_name, header, build_cases, check):
    """The generators' main: builds the cases, checks them against MATH.md, and writes
    {header…, "cases": […]} as JSON (indent 1, shortest round-trip numbers) to --out (default
    `default_name` beside the script). Returns (the output path, the cases)."""
    import argparse
    import json
    import os

    here = os.path.dirname(os.path.abspath(__file__))  # tests/reference, beside the generators
    ap = argparse.ArgumentParser(description=f"Write tests/reference/{default_name}")
    ap.add_argument("--out", default=os.path.join(here, default_name))
    args = ap.parse_args(argv)
    cases = build_cases()
    check(cases)
    doc = dict(header)
    doc["cases"] = cases
    text = json.dumps(doc, indent=1, ensure_ascii=False, allow_nan=False)
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write(text + "\n")
    nq = sum(len(c["queries"]) for c in cases)
    print(f"wrote {args.out}: {len(cases)} cases, {nq} queries")
    return args.out, cases
