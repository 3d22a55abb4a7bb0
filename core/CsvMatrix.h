#pragma once

#include "MatrixReader.h"

#include <QByteArray>
#include <QString>

namespace sml {

/// A small, strict reader of numeric matrices in CSV (RFC 4180), for the matrix import of
/// scenario-format.md, "Command line" (`--queries Q --keys K [--values V]`).
///
/// What it accepts:
/// - UTF-8 text, with or without a byte-order mark; CRLF or LF line ends (mixed is fine), with or
///   without a final line end; empty lines at the very end of the file are ignored.
/// - The separator is always ','. Fields may be quoted ("…"); a quoted field may hold commas,
///   line ends and doubled quotes (""). ASCII spaces around a field are ignored.
/// - Numbers in the C locale whatever the user's locale (std::from_chars): "0.5", "-1e-3",
///   "+2", ".5"; a number may also be quoted.
/// - An optional label column: the first column holds row labels when the file has at least two
///   columns and some data row has a first cell that is not a number ("the", "a, b"). Labels may
///   then look like numbers in other rows ("2023").
/// - An optional header row: the first row holds column names when one of its cells in a number
///   column is not a number ("x1", "dim 2"). An empty first cell in the first row, over a first
///   column with no empty cell, also marks a header over a label column: this is what pandas'
///   DataFrame.to_csv writes (",0,1,2" then "the,0.1,…").
///
/// What it refuses (LoadError, first problem in file order within each pass):
/// - Encoding: not UTF-8 ("line 2: not UTF-8 (byte 0xe9); save the file as UTF-8").
/// - Syntax, with "line L, column C" (1-based; C counts fields, the label column included):
///   a cell that is not a number, with a hint when it holds ';', a tab or a decimal comma
///   ("line 3, column 2: '1;2' is not a number (the separator is ',')"); NaN, Inf, and numbers
///   outside the double range (1e400, 1e-400); empty cells; a quote inside an unquoted field;
///   text after a closing quote; a quoted field that is never closed; a carriage return without
///   a line feed; an empty file.
/// - Structure: rows with a different number of fields than the first ("line 4: 2 fields, but
///   line 1 has 3"), with a hint when the line holds ';' or a tab; an empty line between rows;
///   a header with no data rows below it.
/// - Limit: more than 100 000 data rows, more than 4 096 number columns, or more than 5·10⁷
///   numbers (one matrix cannot be larger in a valid scenario), checked while reading, before
///   the matrix is allocated.
///
/// MatrixReader::parse reads a rows×columns matrix with optional row labels and column names.
class CsvMatrix : public MatrixReader<CsvMatrix>
{
    friend class MatrixReader<CsvMatrix>;
    /// The reader itself (MatrixReader::parse): refuses by throwing detail::Refusal.
    static ImportedMatrix parseOrThrow(const QByteArray &csv);
};

} // namespace sml
