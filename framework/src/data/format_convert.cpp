#include "data/format_convert.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <system_error>
#include <unordered_map>

#include "base/csv_cell.hpp"
#include "base/interrupt.hpp"
#include "base/output_file.hpp"
#include "data/line_stream.hpp"
#include "data/numeric_labels.hpp"
#include "data/svmlight_reader.hpp"
#include "error.hpp"

namespace plab {

namespace {

namespace fs = std::filesystem;

// The shortest decimal text that reads back as exactly `v` (std::to_chars' promise).
void append_number(std::string& s, double v) {
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;
  s.append(buffer, end);
}

// --labels numeric: every label's number, from a first pass over the labels.
struct LabelNumbers {
  std::vector<NumericClass> classes;
  std::unordered_map<std::string, std::string> text;  // label -> its number as text
  std::string sha256;                                 // of the bytes the first pass read
};

LabelNumbers number_the_labels(const fs::path& in, const ConvertOptions& options) {
  std::vector<std::string> distinct;
  std::vector<std::size_t> first_line;  // where each distinct label first occurs
  std::unordered_map<std::string, std::size_t> seen;
  const CsvTable table = read_csv_rows(in, options.csv, [&](const CsvRow& row) {
    const std::string label(row.label);
    if (seen.emplace(label, distinct.size()).second) {
      distinct.push_back(label);
      first_line.push_back(row.line);
    }
  });
  LabelNumbers numbers;
  numbers.classes = numeric_classes(distinct, first_line, in.string());
  for (const NumericClass& c : numbers.classes) numbers.text[c.name] = c.text;
  numbers.sha256 = table.sha256;
  return numbers;
}

ConvertResult csv_to_svmlight(const fs::path& in, OutputFile& out, const ConvertOptions& options,
                              const LabelNumbers* numbers) {
  ConvertResult result;
  const std::size_t first_number = options.zero_based ? 0 : 1;
  std::string line;
  std::size_t last_nonzero = 0;  // 1 + the last column with a value other than +0
  CsvTable table = read_csv_rows(in, options.csv, [&](const CsvRow& row) {
    out.stop_if_interrupted("converting", in);
    if (numbers == nullptr && row.label.find_first_of(" \t:#") != std::string_view::npos) {
      throw DataError(in.string() + ":" + std::to_string(row.line) + ": the label '" +
                      std::string(row.label.substr(0, 40)) +
                      "' cannot be written in svmlight: labels there may not hold spaces, tabs, "
                      "':' or '#'");
    }
    line.assign(numbers != nullptr ? std::string_view(numbers->text.at(std::string(row.label)))
                                   : row.label);
    for (std::size_t j = 0; j < row.values.size(); ++j) {
      const double v = row.values[j];
      if (v == 0.0 && !std::signbit(v)) continue;  // -0 is kept: the values come back exactly
      line += ' ';
      line += std::to_string(j + first_number);
      line += ':';
      append_number(line, v);
      last_nonzero = std::max(last_nonzero, j + 1);
    }
    line += '\n';
    out.write(line);
  });
  if (numbers != nullptr && table.sha256 != numbers->sha256) {
    throw DataError("data file '" + in.string() +
                    "' changed while plab was reading it; leave the file alone during a "
                    "conversion");
  }
  result.rows = table.rows;
  result.features = table.features;
  result.notes = table.notes;
  if (last_nonzero < table.features) {
    result.notes.push_back(
        "the last " + std::to_string(table.features - last_nonzero) +
        " feature column(s) hold only zeros, which svmlight does not record: give n_features " +
        std::to_string(table.features) +
        " when reading the file (--n-features to convert it back, \"n_features\" in a config)");
  }
  return result;
}

ConvertResult svmlight_to_csv(const fs::path& in, OutputFile& out, const ConvertOptions& options) {
  SvmlightOptions svm;
  svm.zero_based = options.zero_based;
  svm.n_features = options.n_features;
  svm.n_features_origin = "given with --n-features";
  svm.zero_based_switch = "give --zero-based";
  // The width comes from the whole file: a first pass finds it.
  const SvmlightSummary first = read_svmlight(
      in, svm, [&](const SvmlightRow&) { out.stop_if_interrupted("converting", in); });
  if (first.features == 0) {
    throw DataError(in.string() +
                    ": no line has a feature (every line is a label alone); give --n-features");
  }
  // Each CSV cell takes at least 2 bytes ("0,") and the label at least 1: a row of more
  // features than this is past the line limit of plab's CSV reader (and of the conversion
  // back). The header's names are longer still: checked as it is written below.
  if (first.features > (kMaxDataLineBytes - 1) / 2) {
    throw DataError(in.string() + ": " + std::to_string(first.features) +
                    " features make CSV rows of at least " +
                    std::to_string(2 * first.features + 1) + " bytes, beyond the " +
                    std::to_string(kMaxDataLineBytes >> 20) +
                    " MiB line limit of plab's CSV reader; keep this data in svmlight (plab "
                    "reads it with \"storage\": \"sparse\")");
  }
  const std::size_t first_number = options.zero_based ? 0 : 1;
  std::string line;
  for (std::size_t j = 0; j < first.features; ++j) {
    line += 'f';
    line += std::to_string(j + first_number);
    line += ',';
    if (line.size() + 5 > kMaxDataLineBytes) {  // + "label"
      throw DataError(in.string() + ": the CSV header naming " + std::to_string(first.features) +
                      " features (f1, f2, ...) would be longer "
                      "than the " +
                      std::to_string(kMaxDataLineBytes >> 20) +
                      " MiB line limit of plab's CSV reader; keep this data in svmlight (plab "
                      "reads it with \"storage\": \"sparse\")");
    }
  }
  line += "label\n";
  out.write(line);
  std::vector<double> row(first.features);
  const SvmlightSummary second = read_svmlight(in, svm, [&](const SvmlightRow& r) {
    out.stop_if_interrupted("converting", in);
    std::fill(row.begin(), row.end(), 0.0);
    for (std::size_t k = 0; k < r.indices.size(); ++k) {
      if (r.indices[k] < row.size()) row[r.indices[k]] = r.values[k];
    }
    line.clear();
    for (const double v : row) {
      append_number(line, v);
      line += ',';
    }
    append_csv_cell(line, r.label);
    line += '\n';
    out.write(line);
  });
  if (second.sha256 != first.sha256) {
    throw DataError("data file '" + in.string() +
                    "' changed while plab was reading it; leave the file alone during a "
                    "conversion");
  }
  return ConvertResult{first.rows, first.features, first.notes};
}

}  // namespace

const char* format_name(DataFormat format) {
  return format == DataFormat::kCsv ? "csv" : "svmlight";
}

fs::path numeric_labels_file(const fs::path& out) {
  return fs::path(out.string() + ".labels.json");
}

std::optional<DataFormat> format_named(std::string_view word) {
  if (word == "csv") return DataFormat::kCsv;
  if (word == "svmlight" || word == "libsvm") return DataFormat::kSvmlight;
  return std::nullopt;
}

std::optional<DataFormat> format_of_file(const fs::path& file) {
  const std::string ext = file.extension().string();
  if (ext == ".csv") return DataFormat::kCsv;
  if (ext == ".svm" || ext == ".svmlight" || ext == ".libsvm") return DataFormat::kSvmlight;
  return std::nullopt;
}

ConvertResult convert_data_file(const fs::path& in, const fs::path& out,
                                const ConvertOptions& options) {
  if (options.from == options.to) {
    throw UsageError(std::string("input and output are both ") + format_name(options.from) +
                     ": nothing to convert (plab convert turns csv into svmlight and back)");
  }
  std::error_code ec;
  if (!fs::is_regular_file(in, ec)) {
    throw DataError("data file '" + in.string() + "' does not exist or is not a regular file");
  }
  if (fs::exists(out, ec) && fs::equivalent(in, out, ec)) {
    throw UsageError("the output '" + out.string() + "' is the input file; give another name");
  }
  if (options.numeric_labels && options.to != DataFormat::kSvmlight) {
    throw UsageError(
        "--labels numeric writes svmlight labels for LIBLINEAR and LIBSVM; a CSV output keeps "
        "the labels as they are");
  }
  // The mapping is a second output: --force must not let it replace the data being converted.
  if (const fs::path mapping = numeric_labels_file(out);
      options.numeric_labels && fs::exists(mapping, ec) && fs::equivalent(in, mapping, ec)) {
    throw UsageError("the label mapping '" + mapping.string() +
                     "' that --labels numeric writes beside the output is the input file; give "
                     "the output another name");
  }
  OutputFile file(out, options.force, "plab convert");
  if (!options.numeric_labels) {
    ConvertResult result = options.from == DataFormat::kCsv
                               ? csv_to_svmlight(in, file, options, nullptr)
                               : svmlight_to_csv(in, file, options);
    file.stop_if_interrupted("converting", in);
    file.commit();
    return result;
  }
  OutputFile mapping(numeric_labels_file(out), options.force, "plab convert");
  const LabelNumbers numbers = number_the_labels(in, options);
  ConvertResult result = csv_to_svmlight(in, file, options, &numbers);
  file.stop_if_interrupted("converting", in);
  mapping.write(numeric_classes_json(numbers.classes, in.string()));
  mapping.commit();
  file.commit();
  return result;
}

}  // namespace plab
