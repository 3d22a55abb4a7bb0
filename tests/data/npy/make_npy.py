#!/usr/bin/python3
"""Makes the .npy files read by tests/core/tst_npymatrix.cpp and tst_matriximport.cpp.

Run with Debian's Python, which has python3-numpy:  /usr/bin/python3 make_npy.py
The files are small and committed beside this script; run it again only to change them.
Every good file holds the same 2x3 matrix A (values exact in float16, so that every dtype reads
back exactly), so a wrong byte order or a wrong C/Fortran order shows up as a wrong entry.
"""
import io
import os
import struct
import zipfile

import numpy as np
from numpy.lib import format as npyformat

HERE = os.path.dirname(os.path.abspath(__file__))

A = np.array([[1.5, -2.25, 3.0],
              [0.5, 0.125, -4.0]])


def save(name, array, version=None):
    with open(os.path.join(HERE, name), "wb") as f:
        npyformat.write_array(f, array, version=version, allow_pickle=False)


def raw(name, header, data, version=(1, 0)):
    """A file with a hand-written header dict (bytes), padded as numpy pads it."""
    major, minor = version
    preamble = b"\x93NUMPY" + bytes([major, minor])
    length_bytes = 2 if major == 1 else 4
    total = len(preamble) + length_bytes + len(header) + 1
    header = header + b" " * ((-total) % 64) + b"\n"
    fmt = "<H" if major == 1 else "<I"
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(preamble + struct.pack(fmt, len(header)) + header + data)


# --- good files: float64/float32 x C/Fortran x little/big endian -------------------------------
for dtype, tag in (("f8", "f8"), ("f4", "f4")):
    for order, otag in (("C", "c"), ("F", "f")):
        for endian, etag in (("<", "le"), (">", "be")):
            a = np.array(A, dtype=endian + dtype, order=order)
            assert a.flags["F_CONTIGUOUS" if order == "F" else "C_CONTIGUOUS"]
            save(f"a_{tag}_{otag}_{etag}.npy", a)

# Other accepted dtypes.
save("a_f2_c_le.npy", A.astype("<f2"))
save("a_i4_c_le.npy", (A * 8).astype("<i4"))   # A*8 is integer-valued
save("a_i8_f_be.npy", np.asfortranarray((A * 8).astype(">i8")))

# Format versions 2.0 and 3.0.
save("a_f8_v2.npy", A, version=(2, 0))
save("a_f8_v3.npy", A, version=(3, 0))

# A 1-D vector (3,) -> read as 3x1.
save("vector_f8.npy", np.array([1.0, 2.0, 3.0]))

# float64 precision: must read back bit for bit; -0.0 becomes +0.
save("precise_f8.npy", np.array([[0.1, 1e-300, -1.7976931348623157e308, -0.0]]))

# Matrices for the import tests: queries 2x3, keys 4x3, values 4x2, keys with d_k = 4.
save("import_q.npy", np.array([[1.0, 0.5, 0.0], [0.0, 1.0, -1.0]]))
save("import_k.npy", np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [-1.0, 0.0, 0.0]]))
save("import_v.npy", np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0], [2.0, 0.5]]))
save("import_k_dk4.npy", np.zeros((4, 4)))

# --- bad files -----------------------------------------------------------------------------
with open(os.path.join(HERE, "a_f8_c_le.npy"), "rb") as f:
    good = f.read()
with open(os.path.join(HERE, "bad_magic.npy"), "wb") as f:
    f.write(b"\x93NUMPZ" + good[6:])
with open(os.path.join(HERE, "truncated_header.npy"), "wb") as f:
    f.write(good[:40])
with open(os.path.join(HERE, "version_4.npy"), "wb") as f:
    f.write(good[:6] + b"\x04\x00" + good[8:])

save("dtype_i2.npy", np.array([[1, 2], [3, 4]], dtype="<i2"))
save("dtype_c16.npy", np.array([[1 + 2j, 3]], dtype="<c16"))
save("dtype_bool.npy", np.array([[True, False]]))
save("dtype_structured.npy", np.zeros(2, dtype=[("x", "<f8"), ("y", "<f8")]))
save("scalar_0d.npy", np.array(2.0))
save("three_d.npy", np.zeros((2, 2, 2)))
save("empty_rows.npy", np.zeros((0, 3)))

nan = A.copy()
nan[1, 2] = np.nan
save("nan_f8.npy", nan)
inf = A.astype("<f4")
inf[0, 1] = np.inf
save("inf_f4.npy", inf)

# shape (3, 4) float64 needs 96 bytes; give 80.
raw("shape_mismatch.npy", b"{'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }", bytes(80))
# ... and 8 bytes too many.
raw("shape_extra_bytes.npy", b"{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }", bytes(40))
raw("extra_key.npy", b"{'descr': '<f8', 'fortran_order': False, 'shape': (1, 1), 'x': 1, }", bytes(8))
raw("missing_shape.npy", b"{'descr': '<f8', 'fortran_order': False, }", bytes(8))
raw("header_syntax.npy", b"{'descr': '<f8', 'fortran_order': Flase, 'shape': (1, 1), }", bytes(8))
raw("too_many_rows.npy", b"{'descr': '<f8', 'fortran_order': False, 'shape': (100001, 1), }", bytes(8))
raw("too_many_columns.npy", b"{'descr': '<f8', 'fortran_order': False, 'shape': (1, 4097), }", bytes(8))
raw("too_many_numbers.npy", b"{'descr': '<f8', 'fortran_order': False, 'shape': (100000, 4096), }", bytes(8))
# A hand-written header in double quotes, as other writers produce it.
raw("double_quotes.npy", b'{"descr": "<f8", "fortran_order": False, "shape": (1, 2)}',
    struct.pack("<2d", 7.0, -8.0))

buf = io.BytesIO()
np.savez(buf, a=A)
with open(os.path.join(HERE, "archive.npz"), "wb") as f:
    f.write(buf.getvalue())

# Check that numpy itself reads the good files as A, and refuses what it should.
for name in sorted(os.listdir(HERE)):
    if name.startswith("a_") and name.endswith(".npy"):
        a = np.load(os.path.join(HERE, name))
        expected = A * 8 if "_i" in name else A
        assert a.shape == (2, 3) and np.array_equal(a, expected), name
print("wrote", len([n for n in os.listdir(HERE) if n.endswith((".npy", ".npz"))]), "files")
