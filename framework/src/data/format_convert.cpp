#include "data/format_convert.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <system_error>
#include <unordered_map>

#include "base/interrupt.hpp"
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

// What a path that exists but is no regular file is, for the refusal below.
std::string kind_of(const fs::file_status& status) {
  switch (status.type()) {
    case fs::file_type::symlink:
      return "a symbolic link";
    case fs::file_type::directory:
      return "a folder";
    case fs::file_type::fifo:
      return "a FIFO (named pipe)";
    case fs::file_type::character:
      return "a character device";
    case fs::file_type::block:
      return "a block device";
    case fs::file_type::socket:
      return "a socket";
    default:
      return "not a regular file";
  }
}

// Only a regular file may be replaced: renaming over a device node, a FIFO or a socket would
// destroy it (as root, a system device), and over a symbolic link would replace the link, not
// the file it names.
void refuse_non_regular_output(const fs::path& out) {
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(out, ec);
  if (!fs::exists(status) || fs::is_regular_file(status)) return;
  throw UsageError("output '" + out.string() + "' is " + kind_of(status) +
                   "; plab convert writes a regular file and replaces only a regular file "
                   "(with --force), never a link, folder, device, FIFO or socket: give a file "
                   "name");
}

// The output, written to a temporary file beside it and renamed into place by commit().
class OutputFile {
 public:
  OutputFile(const fs::path& out, bool force) : out_(out) {
    refuse_non_regular_output(out);
    std::error_code ec;
    if (fs::exists(fs::symlink_status(out, ec)) && !force) {
      throw UsageError("output file '" + out.string() +
                       "' exists; plab convert does not replace it unless given --force");
    }
    const fs::path folder = out.has_parent_path() ? out.parent_path() : fs::path(".");
    temp_ = folder / ("." + out.filename().string() + ".tmp-" + std::to_string(::getpid()));
    // A new file of our own: a name already taken (a FIFO planted there would block the
    // open, a link would send the bytes elsewhere) is an error, not a file to write through.
    const int fd =
        ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) {
      throw WriteError("output file '" + out.string() +
                       "' cannot be written: its temporary file '" + temp_.string() +
                       "': " + std::strerror(errno));
    }
    created_ = true;
    file_ = ::fdopen(fd, "wb");
    if (file_ == nullptr) {
      ::close(fd);
      throw WriteError("output file '" + out.string() +
                       "' cannot be written: " + std::strerror(errno));
    }
  }
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile() {
    if (file_ != nullptr) std::fclose(file_);
    if (created_ && !committed_) {
      std::error_code ec;
      fs::remove(temp_, ec);
    }
  }

  void write(std::string_view text) {
    if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) fail();
  }

  // A signal (Ctrl-C, SIGTERM) ends the conversion between two rows: the temporary file goes
  // with this object, and the output is left as it was.
  void stop_if_interrupted(const fs::path& in) const {
    throw_if_interrupted("converting '" + in.string() + "' to '" + out_.string() + "'",
                         "the output was not written (its temporary file is removed)");
  }

  void commit() {
    const bool flushed = std::fflush(file_) == 0 && std::ferror(file_) == 0;
    const bool closed = std::fclose(file_) == 0;
    file_ = nullptr;
    if (!flushed || !closed) fail();
    // The output may have been replaced while the input was read.
    refuse_non_regular_output(out_);
    std::error_code ec;
    fs::rename(temp_, out_, ec);
    if (ec) {
      throw WriteError("output file '" + out_.string() + "' cannot be written: " + ec.message());
    }
    committed_ = true;
  }

 private:
  [[noreturn]] void fail() const {
    throw WriteError("output file '" + out_.string() +
                     "' could not be written: " + std::strerror(errno != 0 ? errno : EIO));
  }

  fs::path out_;
  fs::path temp_;
  std::FILE* file_ = nullptr;
  bool created_ = false;
  bool committed_ = false;
};

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
  for (const NumericClass& c : numbers.classes) numbers.text[c.name] = std::to_string(c.number);
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
    out.stop_if_interrupted(in);
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
  if (last_nonzero < table.features) {
    result.notes.push_back(
        "the last " + std::to_string(table.features - last_nonzero) +
        " feature column(s) hold only zeros, which svmlight does not record: give n_features " +
        std::to_string(table.features) +
        " when reading the file (--n-features to convert it back, \"n_features\" in a config)");
  }
  return result;
}

// A CSV cell holding `text` exactly: quoted when it has a comma, a quote or edge blanks.
void append_csv_cell(std::string& s, std::string_view text) {
  const bool quote = text.find_first_of(",\"") != std::string_view::npos ||
                     (!text.empty() && (text.front() == ' ' || text.back() == ' '));
  if (!quote) {
    s.append(text);
    return;
  }
  s += '"';
  for (const char c : text) {
    if (c == '"') s += '"';
    s += c;
  }
  s += '"';
}

ConvertResult svmlight_to_csv(const fs::path& in, OutputFile& out, const ConvertOptions& options) {
  SvmlightOptions svm;
  svm.zero_based = options.zero_based;
  svm.n_features = options.n_features;
  svm.n_features_origin = "given with --n-features";
  svm.zero_based_switch = "give --zero-based";
  // The width comes from the whole file: a first pass finds it.
  const SvmlightSummary first =
      read_svmlight(in, svm, [&](const SvmlightRow&) { out.stop_if_interrupted(in); });
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
    out.stop_if_interrupted(in);
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
  OutputFile file(out, options.force);
  if (!options.numeric_labels) {
    ConvertResult result = options.from == DataFormat::kCsv
                               ? csv_to_svmlight(in, file, options, nullptr)
                               : svmlight_to_csv(in, file, options);
    file.stop_if_interrupted(in);
    file.commit();
    return result;
  }
  OutputFile mapping(numeric_labels_file(out), options.force);
  const LabelNumbers numbers = number_the_labels(in, options);
  ConvertResult result = csv_to_svmlight(in, file, options, &numbers);
  file.stop_if_interrupted(in);
  mapping.write(numeric_classes_json(numbers.classes, in.string()));
  mapping.commit();
  file.commit();
  return result;
}

}  // namespace plab
