#!/usr/bin/env python3
"""Writes the bad-input catalog files of the version-2 `model` section (issue 17;
scenario-format.md `model`) into tests/data/bad/scenario/model-*.softmaxlab.json.

As make_bad.py: the expectations live in tests/core/BadModelRows.h (included by
tst_badinputs.cpp), one named row per file; files whose name starts with "good-" must load.
The base is worked example D of MATH.md §8 (T = 3 tokens, d_model = d_k = d_v = 2, H = 2, W_O).
Inputs too large to commit (the total limits, d_model = 4097) are built by the test.

    python3 tests/data/bad/make_bad_model.py
"""
import copy
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

BASE = {
    "format": "softmaxlab-scenario",
    "version": 2,
    "title": "Bad model catalog",
    "model": {
        "tokens": [{"label": "the", "embedding": [1, 0]}, {"label": "cat", "embedding": [0, 1]},
                   {"label": "sat", "embedding": [1, 1]}],
        "heads": [
            {"label": "head 1", "w_q": [[1, 0], [0, 0.5]], "w_k": [[1, 0], [-1, 1]],
             "w_v": [[1, 0], [0, 1]]},
            {"label": "head 2", "w_q": [[0, 1], [1, 0]], "w_k": [[1, 1], [0, 1]],
             "w_v": [[0, 1], [1, 0]]},
        ],
        "w_o": [[1, 0], [0, 1], [0.5, 0], [0, 0.5]],
    },
    "temperature": {"mode": "sqrt_dk"},
    "mask": "none",
    "variance": {"mode": "linked", "sigma0_squared": 1.0},
    "maxent": {"targets": None},
}


def case(edit):
    s = copy.deepcopy(BASE)
    edit(s)
    return s


def setting(path, value):
    """An edit that sets s[path[0]][path[1]]… = value."""
    def edit(s):
        o = s
        for k in path[:-1]:
            o = o[k]
        o[path[-1]] = value
    return edit


def free(variances):
    return setting(["variance"], {"mode": "free", "variances": variances})


ONES = [[1, 1, 1], [1, 1, 1], [1, 1, 1]]
M = ["model"]
H0, H1 = M + ["heads", 0], M + ["heads", 1]


def one_head(s):
    s["model"]["heads"] = s["model"]["heads"][:1]
    del s["model"]["w_o"]


def head_65(s):
    s["model"]["heads"] = [copy.deepcopy(s["model"]["heads"][0]) for _ in range(65)]
    del s["model"]["w_o"]


def with_queries(s):
    s["queries"] = [{"label": "q", "vector": [1, 0]}]


def with_keys(s):
    s["keys"] = [{"label": "k", "vector": [1, 0], "value": [1, 0]}]


def overflow_similarity(s):
    # 4 tokens; token 3 "sat" has x = (1e150, 0); head 2's W_Q scales it by 1e100: q_3·k_3 = 1e400.
    s["model"]["tokens"].append({"label": "sat", "embedding": [1e150, 0]})
    s["model"]["tokens"][2]["label"] = "mat"
    s["model"]["heads"][1]["w_q"] = [[1e100, 0], [0, 1]]
    s["model"]["heads"][1]["w_k"] = [[1, 0], [0, 1]]


def version1(s):
    s["version"] = 1
    s["queries"] = [{"label": "q", "vector": [1, 0]}]
    s["keys"] = [{"label": "k", "vector": [1, 0], "value": [1, 0]}]


scenarios = {
    "model-embedding-ragged": setting(M + ["tokens", 1, "embedding"], [0, 1, 2]),
    "model-tokens-empty": setting(M + ["tokens"], []),
    "model-not-object": setting(M, [1, 2]),
    "model-w-q-wrong-rows": setting(H0 + ["w_q"], [[1, 0], [0, 1], [1, 1]]),
    "model-w-k-row-too-short": setting(H0 + ["w_k"], [[1, 0], [1]]),
    "model-w-v-wrong-rows": setting(H1 + ["w_v"], [[1, 0]]),
    "model-d-k-differs-between-heads": setting(H1 + ["w_q"], [[0, 1, 0], [1, 0, 0]]),
    "model-d-v-differs-between-heads": setting(H1 + ["w_v"], [[0], [1]]),
    "model-w-o-wrong-rows": setting(M + ["w_o"], [[1, 0], [0, 1], [0.5, 0]]),
    "model-w-o-row-too-long": setting(M + ["w_o"], [[1, 0], [0, 1], [0.5, 0], [0, 0.5, 1]]),
    "model-with-queries": with_queries,
    "model-with-keys": with_keys,
    "model-heads-empty": setting(M + ["heads"], []),
    "model-heads-65": head_65,
    "model-head-label-missing": lambda s: s["model"]["heads"][1].pop("label"),
    "model-variances-one-entry-for-two-heads": free([ONES]),
    "model-variances-head-wrong-rows": free([ONES, [[1, 1, 1], [1, 1, 1]]]),
    "model-variances-not-wrapped-for-one-head": lambda s: (one_head(s), free(ONES)(s)),
    "model-variances-zero": free([ONES, [[1, 1, 1], [1, 0, 1], [1, 1, 1]]]),
    "model-targets-one-entry-for-two-heads": setting(["maxent", "targets"], [None]),
    "model-targets-head-wrong-length": setting(["maxent", "targets"], [None, [0.1, None]]),
    "model-targets-head-number": setting(["maxent", "targets"], [0.5, None]),
    "model-overflow-similarity": overflow_similarity,
    "model-overflow-projection": lambda s: (setting(M + ["tokens", 0, "embedding"], [1e308, 0])(s),
                                            setting(H0 + ["w_q"], [[2, 0], [0, 1]])(s)),
    "model-overflow-score": lambda s: (setting(["temperature"], {"mode": "fixed", "tau": 1e-300})(s),
                                       setting(M + ["tokens", 0, "embedding"], [1e10, 0])(s)),
    "good-model-example-d": lambda s: None,
    "good-model-one-head-wrapped-variances": lambda s: (one_head(s), free([ONES])(s)),
    "good-model-targets-per-head": setting(["maxent", "targets"], [None, [0.1, None, -0.2]]),
    "good-model-version1-unknown": version1,
}

for name, edit in scenarios.items():
    path = os.path.join(HERE, "scenario", name + ".softmaxlab.json")
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(case(edit), indent=2, ensure_ascii=False) + "\n")
print("wrote %d model scenario files" % len(scenarios))
