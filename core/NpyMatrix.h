#pragma once

#include "MatrixReader.h"

#include <QByteArray>
#include <QString>

namespace sml {

/// A small, strict reader of NumPy .npy files holding one numeric matrix or vector, for the
/// matrix import of scenario-format.md, "Command line" (`--queries Q --keys K [--values V]`).
///
/// Why our own: Debian 12 packages no maintained C++ .npy reader that fits here (cnpy and
/// libnpy are not packaged, and neither checks the header strictly), and the format is small
/// and documented (numpy.lib.format, NEP 1). This reader covers that documented format only
/// and has its own tests (tests/core/tst_npymatrix.cpp, files made by
/// tests/data/npy/make_npy.py with NumPy itself).
///
/// Accepted:
/// - format versions 1.0, 2.0 and 3.0 (a 2- or 4-byte header length; 3.0 has a UTF-8 header);
/// - a header dict with exactly the keys 'descr', 'fortran_order' and 'shape', as numpy.save
///   writes it (Python literal syntax, single or double quotes, trailing commas, spaces);
/// - dtypes float64, float32, float16, int64 and int32, little ('<') or big ('>') endian;
/// - C order and Fortran order;
/// - shape (n,) read as an n×1 matrix (n rows of one number each), or (rows, columns).
///
/// Refused (LoadError):
/// - Format: not starting with the magic "\x93NUMPY" (a ZIP/.npz archive gets a hint);
/// - Version: a format version other than 1.0, 2.0, 3.0;
/// - Syntax: a header that is not a Python dict literal of strings, booleans and tuples;
/// - Structure: a truncated header; missing or extra keys; an unsupported dtype, named
///   ("dtype '<c16' (complex128) is not supported; …"); a 0-D shape, more than 2 dimensions, or
///   an empty dimension; data whose length disagrees with the shape
///   ("shape (3, 4) needs 96 bytes of data, file has 80"); a value that is not finite, with
///   its NumPy index ("element [1, 2] is nan");
/// - Limit: more than 100 000 rows, 4 096 columns or 5·10⁷ numbers, checked from the shape
///   before anything is allocated.
///
/// MatrixReader::parse reads a rows×columns matrix (no labels, no column names; −0 becomes +0;
/// int64 values beyond 2⁵³ are rounded to the nearest double).
class NpyMatrix : public MatrixReader<NpyMatrix>
{
public:
    /// True when the bytes start with the .npy magic "\x93NUMPY".
    static bool hasMagic(const QByteArray &bytes);

    /// As parse(), but a 3-D shape (H, rows, columns) is accepted too: the weight stacks of
    /// `--wq/--wk/--wv` (scenario-format.md, "Command line: additions"; issue 17). The matrix is
    /// then (H·rows)×columns, head h in rows h·rows … (h+1)·rows − 1, with `stack` = H; refused
    /// above H = 64 heads (Limit) or with more than 3 dimensions (Structure). A 2-D file reads as
    /// with parse().
    static MatrixResult parseStack(const QByteArray &bytes);

private:
    friend class MatrixReader<NpyMatrix>;
    /// The reader itself (MatrixReader::parse): refuses by throwing detail::Refusal.
    static ImportedMatrix parseOrThrow(const QByteArray &npy);
    static ImportedMatrix parseStackOrThrow(const QByteArray &npy);
    /// Both: `allowStack` admits the 3-D shapes of parseStack().
    static ImportedMatrix parseShaped(const QByteArray &npy, bool allowStack);
};

} // namespace sml
