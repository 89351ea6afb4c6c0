// `plab convert`: a data file from CSV to svmlight (dense to sparse: zeros left out) or back
// (sparse to dense: a header f1..fn and the label column). Streamed: memory holds a row,
// never the file. Values are written in the shortest text that reads back as the same double,
// so CSV -> svmlight -> CSV gives the same values bit for bit.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/csv_reader.hpp"

namespace plab {

enum class DataFormat { kCsv, kSvmlight };

const char* format_name(DataFormat format);
// "csv", "svmlight" or "libsvm"; nullopt for another word.
std::optional<DataFormat> format_named(std::string_view word);
// By the file name's extension: .csv; .svm, .svmlight or .libsvm.
std::optional<DataFormat> format_of_file(const std::filesystem::path& file);

struct ConvertOptions {
  DataFormat from = DataFormat::kCsv;
  DataFormat to = DataFormat::kSvmlight;
  bool force = false;                     // replace an existing output file
  bool zero_based = false;                // svmlight indices count from 0 (read and written)
  std::optional<std::size_t> n_features;  // svmlight input: the width (else the largest index)
  CsvOptions csv;                         // CSV input: the label column, the header
  // CSV to svmlight: numbers for labels (data/numeric_labels.hpp), with the mapping written
  // beside the output (numeric_labels_file); otherwise the labels as written.
  bool numeric_labels = false;
};

// OUT.labels.json: where --labels numeric writes its class mapping.
std::filesystem::path numeric_labels_file(const std::filesystem::path& out);

struct ConvertResult {
  std::size_t rows = 0;
  std::size_t features = 0;
  std::vector<std::string> notes;
};

// Writes `out` through a temporary file in its folder, renamed into place at the end: a
// failed or interrupted conversion leaves no partial file. Throws DataError (bad input),
// UsageError (an existing output without `force`; an output that is not a regular file, even
// with it), WriteError, or InterruptedError when a signal asked to stop (polled each row).
ConvertResult convert_data_file(const std::filesystem::path& in, const std::filesystem::path& out,
                                const ConvertOptions& options);

}  // namespace plab
