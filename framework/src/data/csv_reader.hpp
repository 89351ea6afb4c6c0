// Reading a numeric CSV file with one label column.
//
// Accepted: a UTF-8 byte-order mark, LF or CRLF line ends, a trailing newline or none, blank
// lines (skipped), fields quoted with "..." ("" inside for a quote; a quoted field may not
// span lines), spaces around fields. Feature cells must be finite numbers; the label cell is
// any text. Errors name file:line:column and what would be accepted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "data/feature_rows.hpp"

namespace plab {

struct CsvOptions {
  std::optional<std::string> label_name;   // the label column by header name
  std::optional<std::size_t> label_index;  // or by 0-based index; default: the last column
  std::optional<bool> header;              // nullopt: a first row with a non-numeric feature
                                           // cell is a header
  // Every row starts with a constant 1 before its features (a Dataset's augmented layout),
  // so that the rows become the Dataset's block without a copy.
  bool bias_column = false;
};

struct CsvTable {
  std::vector<std::string> feature_names;  // from the header, or "x1", "x2", ...
  std::string label_name;
  std::size_t rows = 0;
  std::size_t features = 0;
  FeatureRows values;                    // rows × features (after the bias column, if any)
  std::vector<std::string> labels;       // one per row
  std::vector<std::size_t> line_of_row;  // 1-based file line of each row, for messages
  // SHA-256 (hex) of exactly the bytes the rows were parsed from, hashed while reading them:
  // the manifest records this, not a later read of a file that may have been replaced.
  std::string sha256;
  // For the user: a label kept with spaces at its ends (a quoted `" 1"`, not the class `1`).
  std::vector<std::string> notes;
};

// Streams the file in chunks of `chunk_bytes` (tests use tiny chunks to cross every boundary):
// memory holds the parsed table, never the file's text, and a bad row ends the read at once.
// Lines longer than 64 MiB and NUL bytes are refused. A first pass counts the file's lines,
// so that the rows are parsed straight into a block of the right size: memory holds the
// values once plus a constant (the rows, hashed and parsed, are those of the second pass).
CsvTable read_csv(const std::filesystem::path& path, const CsvOptions& options,
                  std::size_t chunk_bytes = std::size_t{1} << 20);

// The same from an open stream, in one pass (the block grows as rows come); `origin` names it
// in errors.
CsvTable read_csv_stream(std::FILE* file, const std::string& origin, const CsvOptions& options,
                         std::size_t chunk_bytes = std::size_t{1} << 20);

// One row handed to a sink instead of kept; valid only during the call.
struct CsvRow {
  std::span<const double> values;  // the features, without a bias column
  std::string_view label;
  std::size_t line = 0;  // 1-based file line
};
using CsvRowSink = std::function<void(const CsvRow&)>;

// Streams the rows to `sink` in one pass and keeps none (`plab convert`): the table returned
// has the names, the row count and the digest, and no values or labels.
CsvTable read_csv_rows(const std::filesystem::path& path, const CsvOptions& options,
                       const CsvRowSink& sink, std::size_t chunk_bytes = std::size_t{1} << 20);

// Parses CSV text already in memory; `origin` names it in errors. Used by tests and the fuzzer.
CsvTable parse_csv(const std::string& text, const std::string& origin, const CsvOptions& options);

}  // namespace plab
