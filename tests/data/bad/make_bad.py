#!/usr/bin/env python3
"""Writes the bad-input catalog files of issue 6 into tests/data/bad/{scenario,csv,npy}/.

The expectations (error category, the words the message must contain) live in
tests/core/tst_badinputs.cpp, one named row per file; this script only makes the bytes, so that
each file's construction is visible and can be re-run. Pure Python (no NumPy): the .npy files are
assembled byte by byte after numpy.lib.format (NEP 1), which is what makes the broken ones
possible at all. Files whose name starts with "good-" must load; "report-" files load but carry a
problem that the report names (an infeasible MaxEnt target).

Cases too large to commit (sizes beyond the limits, a directory, a missing file) are built in code
by the tests.

    python3 tests/data/bad/make_bad.py
"""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))

BASE = """{
  "format": "softmaxlab-scenario",
  "version": 1,
  "title": "Bad input catalog",
  "queries": [
    { "label": "q", "vector": [1.0, 0.5] }
  ],
  "keys": [
    { "label": "k1", "vector": [1.0, 0.0], "value": [1.0, 0.0] },
    { "label": "k2", "vector": [0.0, 1.0], "value": [0.0, 1.0] },
    { "label": "k3", "vector": [-1.0, 0.0], "value": [-1.0, -1.0] }
  ],
  "temperature": { "mode": "sqrt_dk" },
  "mask": "none",
  "variance": { "mode": "linked", "sigma0_squared": 1.0 },
  "maxent": { "targets": null }
}
"""


def sub(old, new, text=BASE):
    assert text.count(old) == 1, old
    return text.replace(old, new)


def write(folder, name, data):
    path = os.path.join(HERE, folder, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(path, "wb") as f:
        f.write(data)


Q = '{ "label": "q", "vector": [1.0, 0.5] }'
K1 = '{ "label": "k1", "vector": [1.0, 0.0], "value": [1.0, 0.0] }'
K2 = '{ "label": "k2", "vector": [0.0, 1.0], "value": [0.0, 1.0] }'
K3 = '{ "label": "k3", "vector": [-1.0, 0.0], "value": [-1.0, -1.0] }'
KEYS = "[\n    " + K1 + ",\n    " + K2 + ",\n    " + K3 + "\n  ]"
TEMP = '"temperature": { "mode": "sqrt_dk" }'
VAR = '"variance": { "mode": "linked", "sigma0_squared": 1.0 }'
TARGETS = '"targets": null'



def v2(attention):
    """A version-2 scenario whose `attention` section is the JSON text `attention`."""
    return sub('  "mask": "none",\n', '  "mask": "none",\n  "attention": ' + attention + ',\n',
               sub('"version": 1', '"version": 2'))


def lesson(steps, text=None):
    """A version-2 scenario whose `lesson.steps` is the JSON text `steps` (`text`: the base)."""
    return sub('  "maxent": { "targets": null }\n',
               '  "maxent": { "targets": null },\n  "lesson": { "steps": ' + steps + ' }\n',
               sub('"version": 1', '"version": 2', text or BASE))


STEP = '{ "title": "Step", "view": "weight-bars" }'


def step_with(members):
    """A step with a title, the view weight-bars and the JSON members `members`."""
    return '[ { "title": "Step", "view": "weight-bars", ' + members + ' } ]'


scenarios = {
    # Truncated, empty, not UTF-8.
    "empty": b"",
    "whitespace-only": b"\n  \n\t\n",
    "truncated-in-number": BASE[: BASE.index('"vector": [0.0, 1.0]') + len('"vector": [0.0, 1.')],
    "truncated-in-string": BASE[: BASE.index("catalog")],
    # Qt's parser lets these through; JSON forbids them (found by tests/fuzz, issue 6).
    "string-invalid-escape": sub("Bad input catalog", "Bad \\c input"),
    "string-short-unicode-escape": sub("Bad input catalog", "Bad \\u12G4 input"),
    "string-control-character": sub("Bad input catalog", "Bad\tinput"),
    "truncated-after-comma": BASE[: BASE.index('  "temperature"')],
    "truncated-last-brace": BASE.rstrip()[:-1],
    "not-utf8-latin1-title": sub("catalog", "caf\u00e9").encode("latin-1"),
    "not-utf8-utf16le-bom": b"\xff\xfe" + BASE.encode("utf-16-le"),
    "not-utf8-cut-sequence": sub('"k3"', '"k3\u00e9"').encode("utf-8").replace(b"\xc3\xa9", b"\xc3"),
    "not-utf8-overlong-slash": sub("catalog", "a/b").encode().replace(b"a/b", b"a\xc0\xafb"),
    "not-json-csv-text": b"1,2\n3,4\n",
    # Good cases.
    "good-bom": b"\xef\xbb\xbf" + BASE.encode(),
    "good-bom-crlf": b"\xef\xbb\xbf" + BASE.replace("\n", "\r\n").encode(),
    "good-tiny-tau-finite-scores": sub(TEMP, '"temperature": { "mode": "fixed", "tau": 1e-300 }',
                                       sub(Q, '{ "label": "q", "vector": [1e8, 0] }')),
    "good-label-200-characters": sub('"label": "q"', '"label": "' + "\u00e9" * 200 + '"'),
    # Wrong types.
    "type-title-number": sub('"Bad input catalog"', "42"),
    "type-queries-object": sub("[\n    " + Q + "\n  ]", Q),
    "type-query-vector-string": sub("[1.0, 0.5]", '"1.0, 0.5"'),
    "type-value-element-string": sub('"value": [0.0, 1.0]', '"value": ["0", 1.0]'),
    "type-vector-element-null": sub('"vector": [-1.0, 0.0]', '"vector": [null, 0.0]'),
    "type-vector-element-bool": sub('"vector": [0.0, 1.0]', '"vector": [0.0, true]'),
    "type-temperature-string": sub(TEMP, '"temperature": "sqrt_dk"'),
    "type-mask-number": sub('"mask": "none"', '"mask": 0'),
    "type-label-array": sub('"label": "q"', '"label": ["q"]'),
    "type-sigma0-string": sub('"sigma0_squared": 1.0', '"sigma0_squared": "1"'),
    "type-targets-number": sub(TARGETS, '"targets": 0.5'),
    "type-key-entry-array": sub(K2, "[0.0, 1.0]"),
    "unknown-mask": sub('"mask": "none"', '"mask": "diagonal"'),
    "unknown-variance-mode": sub('"mode": "linked"', '"mode": "gaussian"'),
    # Missing fields.
    "missing-title": sub('  "title": "Bad input catalog",\n', ""),
    "missing-keys": sub('  "keys": ' + KEYS + ",\n", ""),
    "missing-query-vector": sub(', "vector": [1.0, 0.5]', ""),
    "missing-key-value": sub(', "value": [0.0, 1.0]', ""),
    "missing-fixed-tau": sub(TEMP, '"temperature": { "mode": "fixed" }'),
    "missing-variance": sub("  " + VAR + ",\n", ""),
    "missing-maxent-targets": sub("{ " + TARGETS + " }", "{ }"),
    "missing-free-variances": sub(VAR, '"variance": { "mode": "free" }'),
    # Ragged vectors, mismatched d_k and d_v, zero tokens.
    "ragged-key-vector-long": sub("[-1.0, 0.0], \"value\"", "[-1.0, 0.0, 2.0], \"value\""),
    "ragged-key-vector-short": sub("[0.0, 1.0], \"value\"", "[0.0], \"value\""),
    "ragged-query-vector": sub(Q, Q + ',\n    { "label": "q2", "vector": [1.0] }'),
    "ragged-free-variances-row": sub(VAR, '"variance": { "mode": "free", "variances": [[1, 1]] }'),
    "ragged-free-variances-rows": sub(VAR, '"variance": { "mode": "free", "variances": [[1, 1, 1], [1, 1, 1]] }'),
    "mismatched-dk-all-keys": BASE.replace('"vector": [1.0, 0.0]', '"vector": [1.0, 0.0, 0.0]')
    .replace('"vector": [0.0, 1.0]', '"vector": [0.0, 1.0, 0.0]')
    .replace('"vector": [-1.0, 0.0]', '"vector": [-1.0, 0.0, 0.0]'),
    "mismatched-dv": sub('"value": [0.0, 1.0]', '"value": [0.0, 1.0, 2.0]'),
    "zero-queries": sub("[\n    " + Q + "\n  ]", "[]"),
    "zero-keys": sub(KEYS, "[]"),
    "zero-dk": sub("[1.0, 0.5]", "[]"),
    "zero-dv": sub('"value": [1.0, 0.0]', '"value": []'),
    # NaN, Infinity, 1e400; variances, sigma0^2 and tau.
    "number-nan": sub("[1.0, 0.5]", "[NaN, 0.5]"),
    "number-infinity": sub('"value": [1.0, 0.0]', '"value": [Infinity, 0.0]'),
    "number-minus-infinity": sub('"vector": [0.0, 1.0]', '"vector": [-Infinity, 1.0]'),
    "number-1e400": sub('"value": [-1.0, -1.0]', '"value": [1e400, -1.0]'),
    "number-minus-1e400-sigma0": sub('"sigma0_squared": 1.0', '"sigma0_squared": -1e400'),
    "sigma0-zero": sub('"sigma0_squared": 1.0', '"sigma0_squared": 0'),
    "sigma0-negative": sub('"sigma0_squared": 1.0', '"sigma0_squared": -1'),
    "free-variance-zero": sub(VAR, '"variance": { "mode": "free", "variances": [[1, 0, 1]] }'),
    "free-variance-negative": sub(VAR, '"variance": { "mode": "free", "variances": [[1, 1, -2]] }'),
    "free-variance-null": sub(VAR, '"variance": { "mode": "free", "variances": [[null, 1, 1]] }'),
    "tau-zero": sub(TEMP, '"temperature": { "mode": "fixed", "tau": 0 }'),
    "tau-negative": sub(TEMP, '"temperature": { "mode": "fixed", "tau": -1.5 }'),
    "tau-minus-zero": sub(TEMP, '"temperature": { "mode": "fixed", "tau": -0.0 }'),
    "tau-string": sub(TEMP, '"temperature": { "mode": "fixed", "tau": "1" }'),
    # MaxEnt targets: too many, too few, wrong type (load errors) and infeasible (a report error).
    "targets-too-many": sub(TARGETS, '"targets": [0.5, 0.1]'),
    "targets-too-few": sub(TARGETS, '"targets": []'),
    "targets-string": sub(TARGETS, '"targets": ["0.5"]'),
    "report-target-above-max": sub(TARGETS, '"targets": [5]'),
    "report-target-equal-min": sub(TARGETS, '"targets": [-1]'),
    "report-target-all-equal": sub(KEYS, "[\n    " + K1 + "\n  ]", sub(TARGETS, '"targets": [0.3]')),
    # Duplicate keys, version, format.
    "duplicate-top-title": sub('  "version": 1,\n', '  "version": 1,\n  "title": "first",\n'),
    "duplicate-key-vector": sub(K2, '{ "label": "k2", "vector": [0.0, 1.0], "vector": [5.0, 5.0], "value": [0.0, 1.0] }'),
    "duplicate-unicode-escape": sub('  "version": 1,\n', '  "version": 1,\n  "titl\\u0065": "first",\n'),
    "duplicate-escape-nested": sub('"sigma0_squared": 1.0', '"sigma0_squared": 1.0, "sigma0\\u005fsquared": 2.0'),
    "duplicate-in-unknown-field": sub('  "mask"', '  "notes": { "a": 1, "b": 2, "a": 3 },\n  "mask"'),
    "version-newer": sub('"version": 1', '"version": 3'),
    "version-string": sub('"version": 1', '"version": "1"'),
    "version-fraction": sub('"version": 1', '"version": 1.5'),
    "version-missing": sub('  "version": 1,\n', ""),
    "format-wrong": sub('"softmaxlab-scenario"', '"softmaxlab-report"'),
    "format-missing": sub('  "format": "softmaxlab-scenario",\n', ""),
    "format-top-level-array": "[" + BASE.strip() + "]\n",
    # Similarities and scores that overflow from finite vectors.
    "overflow-similarity-cancelling": sub(Q, '{ "label": "q", "vector": [1e200, 1e200] }',
                                          sub("[1.0, 0.0], \"value\"", "[1e200, -1e200], \"value\"")),
    "overflow-similarity-positive": sub(Q, '{ "label": "q", "vector": [1e200, 0] }',
                                        sub("[1.0, 0.0], \"value\"", "[1e200, 0.0], \"value\"")),
    "overflow-score-tiny-tau": sub(TEMP, '"temperature": { "mode": "fixed", "tau": 1e-300 }',
                                   sub(Q, '{ "label": "q", "vector": [2e8, 0] }')),
    "label-201-characters": sub('"label": "k2"', '"label": "' + "x" * 201 + '"'),
    # The version-2 `attention` section (scenario-format.md; issue 16).
    "attention-alpha-missing": v2('{ "normalizer": "entmax" }'),
    "attention-alpha-below-1": v2('{ "normalizer": "entmax", "alpha": 0.5 }'),
    "attention-alpha-above-4": v2('{ "normalizer": "entmax", "alpha": 4.5 }'),
    "attention-alpha-string": v2('{ "normalizer": "entmax", "alpha": "1.5" }'),
    "attention-normalizer-unknown": v2('{ "normalizer": "sparsemax", "alpha": 2 }'),
    "attention-normalizer-missing": v2('{ "alpha": 2 }'),
    "attention-not-object": v2('"entmax"'),
    "good-attention-sparsemax": v2('{ "normalizer": "entmax", "alpha": 2 }'),
    "good-attention-alpha-1": v2('{ "normalizer": "entmax", "alpha": 1 }'),
    "good-attention-alpha-4": v2('{ "normalizer": "entmax", "alpha": 4 }'),
    "good-attention-softmax-alpha-kept": v2('{ "normalizer": "softmax", "alpha": 9 }'),
    # In a version-1 file `attention` is an unknown field: kept, with a warning.
    "good-version1-attention-unknown": sub('  "mask": "none",\n',
                                           '  "mask": "none",\n  "attention": { "normalizer": '
                                           '"entmax", "alpha": 2 },\n'),
    # The version-2 `lesson` section (scenario-format.md; issue 18).
    "lesson-no-steps": lesson("[]"),
    "lesson-201-steps": lesson("[" + ", ".join([STEP] * 201) + "]"),
    "lesson-step-without-title": lesson('[ ' + STEP + ', { "view": "entropy" } ]'),
    "lesson-title-201-characters": lesson('[ { "title": "' + "x" * 201 + '", "view": "entropy" } ]'),
    "lesson-view-unknown": lesson('[ { "title": "Step", "view": "weights" } ]'),
    "lesson-query-out-of-range": lesson(step_with('"query": 1')),
    "lesson-head-out-of-range": lesson(step_with('"head": 1')),
    "lesson-set-unknown-field": lesson(step_with('"set": { "keys": [] }')),
    "lesson-set-tau-zero": lesson('[ ' + STEP + ', ' + STEP + ', ' + STEP + ', { "title": "Hot", '
                                  '"view": "entropy", "set": { "temperature": { "mode": "fixed", '
                                  '"tau": 0 } } } ]'),
    "lesson-set-score-overflow": lesson(
        step_with('"set": { "temperature": { "mode": "fixed", "tau": 1e-300 } }'),
        sub(Q, '{ "label": "q", "vector": [2e8, 0] }')),
    "good-lesson-200-steps": lesson("[" + ", ".join([STEP] * 200) + "]"),
    "good-lesson-every-setting": lesson(step_with(
        '"caption": "All five.", "query": 0, "head": 0, "set": { "temperature": { "mode": '
        '"fixed", "tau": 0.3 }, "mask": "causal", "variance": { "mode": "free", "variances": '
        '[[1, 2, 3]] }, "maxent": { "targets": [0.2] }, "attention": { "normalizer": "entmax", '
        '"alpha": 2 } }')),
    # In a version-1 file `lesson` is an unknown field: kept, with a warning.
    "good-version1-lesson-unknown": sub('  "mask": "none",\n',
                                        '  "mask": "none",\n  "lesson": { "steps": [] },\n'),
}

for name, data in scenarios.items():
    write("scenario", name + ".softmaxlab.json", data)

csvs = {
    "empty": b"",
    "only-line-ends": b"\n\n",
    "quote-never-closed": b'1,"2\n3,4\n',
    "not-utf8": b"1,2\n\xe9,3\n",
    "mixed-separators-cell": b"1,2\n3,4;5\n",
    "mixed-separators-row": b"1,2,3\n4,5;6\n",
    "semicolon-separated": b"1;2\n3;4\n",
    "tab-separated": b"1\t2\n3\t4\n",
    "ragged-row": b"1,2,3\n4,5,6\n7,8\n",
    "nan-cell": b"1,2\n3,nan\n",
    "inf-cell": b"1,-inf\n2,3\n",
    "number-1e400": b"1,2\n1e400,3\n",
    "number-1e-400": b"1,2\n3,1e-400\n",
    "empty-cell": b"1,,3\n",
    "decimal-comma-quoted": b'"0,5",1\n2,3\n',
    "quote-inside-unquoted": b'1,2\n3,4"5\n',
    "text-after-closing-quote": b'"1"2,3\n',
    "bare-carriage-return": b"1,2\r3,4\n",
    "empty-line-between-rows": b"1,2\n\n3,4\n",
    "header-without-rows": b"x,y\n",
    "good-quoted-labels-with-commas": b'"the, cat",1,2\n"a ""b"", c",3,4\n',
    "good-bom-crlf": b"\xef\xbb\xbf1,2\r\n3,4\r\n",
    "good-pandas-index": b",0,1\nthe,0.5,1\ncat,2,-3e-2\n",
}
for name, data in csvs.items():
    write("csv", name + ".csv", data)


def npy(descr, shape, data, fortran=False, version=(1, 0), header=None, magic=b"\x93NUMPY"):
    """A .npy file as numpy.save writes it (header padded to a multiple of 64 bytes)."""
    if header is None:
        shape_text = "(" + ", ".join(str(n) for n in shape) + ("," if len(shape) == 1 else "") + ")"
        header = "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" % (
            descr, "True" if fortran else "False", shape_text)
    header = header.encode("latin-1")
    length_bytes = 2 if version[0] == 1 else 4
    pad = (64 - (len(magic) + 2 + length_bytes + len(header) + 1) % 64) % 64
    header = header + b" " * pad + b"\n"
    length = struct.pack("<H" if length_bytes == 2 else "<I", len(header))
    return magic + bytes(version) + length + header + data


def f8(*values, order="<"):
    return struct.pack(order + "%dd" % len(values), *values)


NAN = float("nan")
INF = float("inf")
npys = {
    "bad-magic": npy("<f8", (2,), f8(1, 2), magic=b"\x93NUMPX"),
    "empty": b"",
    "text-not-npy": b"1,2\n3,4\n",
    "zip-archive": b"PK\x03\x04" + b"\x00" * 60,
    "truncated-preamble": b"\x93NUMPY\x01",
    "truncated-header": npy("<f8", (2,), f8(1, 2))[:40],
    "version-4": npy("<f8", (2,), f8(1, 2), version=(4, 0)),
    "header-syntax": npy("", (), b"", header="{'descr': '<f8', 'fortran_order': False, 'shape': (2,)"),
    "header-extra-key": npy("", (), f8(1, 2), header="{'descr': '<f8', 'fortran_order': False, 'shape': (2,), 'x': 1}"),
    "header-missing-shape": npy("", (), f8(1, 2), header="{'descr': '<f8', 'fortran_order': False}"),
    "dtype-complex128": npy("<c16", (1,), f8(1, 2)),
    "dtype-bool": npy("|b1", (2,), b"\x01\x00"),
    "dtype-uint8": npy("|u1", (2,), b"\x01\x02"),
    "dtype-unicode": npy("<U3", (1,), b"a\0\0\0b\0\0\0c\0\0\0"),
    "dtype-object": npy("|O", (1,), b"\x00" * 8),
    "dtype-no-byte-order": npy("f8", (2,), f8(1, 2)),
    "shape-data-too-short": npy("<f8", (3, 4), f8(*range(10))),
    "shape-data-too-long": npy("<f8", (2, 2), f8(*range(5))),
    "shape-3d": npy("<f8", (2, 1, 1), f8(1, 2)),
    "shape-0d": npy("<f8", (), f8(1)),
    "shape-empty-rows": npy("<f8", (0, 3), b""),
    "shape-negative": npy("", (), f8(1, 2), header="{'descr': '<f8', 'fortran_order': False, 'shape': (-1, 2), }"),
    "element-nan": npy("<f8", (2, 2), f8(1, 2, NAN, 4)),
    "element-inf-float16": npy("<f2", (3,), struct.pack("<3H", 0x3C00, 0x7C00, 0x0000)),
    "claimed-rows-beyond-limit": npy("<f8", (100001, 1), f8(1)),
    "claimed-columns-beyond-limit": npy("<f8", (1, 4097), f8(1)),
    "claimed-numbers-beyond-limit": npy("<f8", (100000, 4096), f8(1)),
    "claimed-shape-1e18": npy("<f8", (10 ** 18, 10 ** 18), f8(1)),
    "good-f8-c-order": npy("<f8", (2, 3), f8(1, 2, 3, 4, 5, 6)),
    "good-f4-fortran-big-endian": npy(">f4", (2, 3), struct.pack(">6f", 1, 4, 2, 5, 3, 6), fortran=True),
}
for name, data in npys.items():
    write("npy", name + ".npy", data)

print("wrote %d scenario, %d CSV and %d .npy files" % (len(scenarios), len(csvs), len(npys)))
