// The bytes of small NumPy .npy files for the tests of the matrix readers (numpy.lib.format
// version 1.0, float64, little endian), shared by tests/core and tests/ui.
#pragma once

#include <QByteArray>

#include <vector>

namespace sml::test {

/// A .npy v1.0 file of '<f8' with `shape` (Python tuple text, e.g. "(2, 3)") and the raw `data`
/// bytes after the header (which may disagree with the shape, for the bad-input tests).
inline QByteArray npyBytes(const QByteArray &shape, const QByteArray &data, bool fortran = false)
{
    QByteArray header =
        "{'descr': '<f8', 'fortran_order': " + QByteArray(fortran ? "True" : "False") +
        ", 'shape': " + shape + ", }";
    while ((10 + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    QByteArray out("\x93NUMPY\x01\x00", 8);
    out += char(header.size() & 0xff);
    out += char(header.size() >> 8);
    return out + header + data;
}

/// The same with `values` (in the file's order) as the data.
inline QByteArray npyBytes(const QByteArray &shape, const std::vector<double> &values,
                           bool fortran = false)
{
    return npyBytes(shape,
                    QByteArray(reinterpret_cast<const char *>(values.data()),
                               qsizetype(values.size() * sizeof(double))),
                    fortran);
}

} // namespace sml::test
