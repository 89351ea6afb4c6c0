// Reading the svmlight/libsvm text format (LIBSVM, LIBLINEAR, scikit-learn's
// load_svmlight_file, Vowpal Wabbit's converters): one sample a line,
//
//   label [qid:N] index:value index:value ... [# comment]
//
// indices 1-based and strictly increasing (0-based when the file says so), absent indices
// are zeros. The label is any text without ':' (a class name, as a CSV label cell is).
// `qid:` is accepted and ignored (a summary note says so); `#` starts a comment that runs to
// the line's end; blank and comment-only lines are skipped. Errors name file:line:column and
// what would be accepted (docs/data-formats.md).
//
// The reader keeps no rows: each one goes to a callback, so the caller decides the storage
// (dense rows, CSR, or another file for `plab convert`).
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

namespace plab {

struct SvmlightOptions {
  bool zero_based = false;                // index 0 is the first feature
  std::optional<std::size_t> n_features;  // declared width; an index beyond it is an error
  const char* n_features_origin = "declared in the dataset";  // where n_features was given
  const char* zero_based_switch = "set \"zero_based\": true in the dataset";  // how to say so
};

// The largest 0-based index a file may use: n_features and the bias column then fit the 32-bit
// column indices of sparse rows (n_features <= 2^32 - 2).
inline constexpr std::uint64_t kSvmlightMaxIndex = 0xFFFF'FFFDull;

// One sample, valid only during the callback.
struct SvmlightRow {
  std::string_view label;
  std::span<const std::uint32_t> indices;  // 0-based, strictly increasing
  std::span<const double> values;          // one per index, finite (zeros kept as written)
  std::size_t line = 0;                    // 1-based line of the file
};

using SvmlightRowSink = std::function<void(const SvmlightRow&)>;

struct SvmlightSummary {
  std::size_t rows = 0;
  std::size_t entries = 0;  // index:value pairs over all rows (what sparse storage holds)
  // n_features when declared, else the largest index + 1 (0 when no row has a feature).
  std::size_t features = 0;
  std::optional<std::uint32_t> largest_index;  // 0-based
  std::size_t qid_lines = 0;                   // lines that had a qid: (ignored)
  std::vector<std::string> notes;              // for the user, once each
  // SHA-256 (hex) of exactly the bytes parsed, hashed while reading them.
  std::string sha256;
};

// Streams the file in chunks of `chunk_bytes`; memory holds one line, never the file.
// Lines longer than 64 MiB and NUL bytes are refused (as in the CSV reader).
SvmlightSummary read_svmlight(const std::filesystem::path& path, const SvmlightOptions& options,
                              const SvmlightRowSink& sink,
                              std::size_t chunk_bytes = std::size_t{1} << 20);

// The same from an open stream; `origin` names it in errors.
SvmlightSummary read_svmlight_stream(std::FILE* file, const std::string& origin,
                                     const SvmlightOptions& options, const SvmlightRowSink& sink,
                                     std::size_t chunk_bytes = std::size_t{1} << 20);

// Text already in memory (tests and the fuzzer).
SvmlightSummary parse_svmlight(const std::string& text, const std::string& origin,
                               const SvmlightOptions& options, const SvmlightRowSink& sink);

}  // namespace plab
