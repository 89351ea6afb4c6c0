#include "data/csv_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <string_view>

#include "config/did_you_mean.hpp"
#include "data/decimal_number.hpp"
#include "data/line_stream.hpp"
#include "error.hpp"

namespace plab {

namespace {

constexpr LineStreamWords kCsvWords{"a text CSV file",
                                    "rows this long are not accepted (is this a CSV file?)"};

struct Field {
  std::string_view text;  // unquoted; escaped quotes still doubled when `escaped`
  std::size_t column;     // 1-based character column where the field starts
  bool escaped = false;
};

std::string trim_copy(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return std::string(s);
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

class LineSplitter {
 public:
  explicit LineSplitter(const std::string& origin) : origin_(origin) {}

  // Splits one line (without its line end) into fields; reuses the vector's storage.
  void split(std::string_view line, std::size_t line_number, std::vector<Field>& out) {
    out.clear();
    std::size_t i = 0;
    while (true) {
      std::size_t start = i;
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
      if (i < line.size() && line[i] == '"') {
        const std::size_t open = i++;
        bool escaped = false;
        while (true) {
          if (i >= line.size()) {
            throw DataError(origin_ + ":" + std::to_string(line_number) + ":" +
                            std::to_string(open + 1) +
                            ": unterminated quoted field (quoted fields may not span lines)");
          }
          if (line[i] == '"') {
            if (i + 1 < line.size() && line[i + 1] == '"') {
              escaped = true;
              i += 2;
              continue;
            }
            break;
          }
          ++i;
        }
        Field f{line.substr(open + 1, i - open - 1), open + 1, escaped};
        ++i;  // closing quote
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        if (i < line.size() && line[i] != ',') {
          throw DataError(origin_ + ":" + std::to_string(line_number) + ":" +
                          std::to_string(i + 1) + ": unexpected text after a quoted field");
        }
        out.push_back(f);
      } else {
        while (i < line.size() && line[i] != ',') ++i;
        out.push_back(Field{trim(line.substr(start, i - start)), start + 1, false});
      }
      if (i >= line.size()) break;
      ++i;  // comma
    }
  }

 private:
  const std::string& origin_;
};

std::string field_text(const Field& f) {
  if (!f.escaped) return std::string(f.text);
  std::string s;
  for (std::size_t i = 0; i < f.text.size(); ++i) {
    s += f.text[i];
    if (f.text[i] == '"') ++i;  // "" → "
  }
  return s;
}

// A number as written, held by a double or not: a first row with 1e-400 or 1e999 is data
// (refused when read, naming the cell), never taken for a header and dropped.
bool is_number(std::string_view text) {
  double v = 0;
  return read_decimal(trim(text), v) != DecimalRead::kNotANumber;
}

// What a first pass over the text found: an upper bound on its rows.
struct LineCount {
  std::size_t lines = 1;  // line ends + 1
  std::size_t bytes = 0;
};

// Reads one row at a time, so a file is parsed as it streams in and a bad row stops the
// read at once, however large the file: a bad file fails as soon as it is read, never after
// being read whole.
class CsvParser {
 public:
  CsvParser(std::string origin, const CsvOptions& options, std::optional<LineCount> size,
            const CsvRowSink* sink = nullptr)
      : origin_(std::move(origin)),
        options_(options),
        splitter_(origin_),
        size_(size),
        sink_(sink) {}

  std::size_t lines_read() const { return line_number_; }

  // One line without its '\n'.
  void line(std::string_view line) {
    line = clean_line(line, ++line_number_, origin_, kCsvWords);
    require_utf8(line, line_number_, origin_);
    if (trim(line).empty()) return;
    splitter_.split(line, line_number_, fields_);
    if (first_) {
      first_ = false;
      if (read_first_row()) return;  // a header
    }
    read_row();
  }

  CsvTable finish() {
    if (first_)
      throw DataError(origin_ + ": the file is empty; expected rows of comma-separated numbers");
    if (table_.rows == 0) throw DataError(origin_ + ": the file has a header but no data rows");
    if (spaced_labels_ > 0) {
      table_.notes.push_back(first_spaced_label_ + " (" + std::to_string(spaced_labels_) +
                             (spaced_labels_ == 1 ? " row has" : " rows have") +
                             " a label with spaces or tabs at its ends inside quotes)");
    }
    return std::move(table_);
  }

 private:
  std::string where() const { return origin_ + ":" + std::to_string(line_number_); }

  // Fixes the width, the column names and the label column; true when the row is a header.
  bool read_first_row() {
    width_ = fields_.size();
    if (width_ < 2) {
      throw DataError(where() + ": found " + std::to_string(width_) +
                      " column; a data file needs at least one feature column and one label "
                      "column, separated by commas");
    }
    bool header = false;
    if (options_.header) {
      header = *options_.header;
    } else if (options_.label_name) {
      header = true;
    } else {
      const std::size_t guess = options_.label_index.value_or(width_ - 1);
      for (std::size_t j = 0; j < width_; ++j) {
        if (j != guess && !is_number(fields_[j].text)) header = true;
      }
    }
    std::vector<std::string> names;
    for (std::size_t j = 0; j < width_; ++j) {
      names.push_back(header ? trim_copy(field_text(fields_[j])) : "x" + std::to_string(j + 1));
    }
    if (header) check_unique(names);
    if (options_.label_name) {
      if (!header) {
        throw DataError(origin_ + ": the label column is given by name ('" + *options_.label_name +
                        "') but the file has no header; give its 0-based index instead");
      }
      std::size_t j = 0;
      while (j < width_ && names[j] != *options_.label_name) ++j;
      if (j == width_) {
        throw DataError(where() + ": no column is named '" + *options_.label_name + "'" +
                        did_you_mean(*options_.label_name, names) +
                        "; columns: " + quoted_list(names));
      }
      label_col_ = j;
    } else {
      label_col_ = options_.label_index.value_or(width_ - 1);
      if (label_col_ >= width_) {
        throw DataError(where() + ": label column index " + std::to_string(label_col_) +
                        " is out of range; the file has columns 0 to " +
                        std::to_string(width_ - 1));
      }
    }
    table_.label_name = names[label_col_];
    for (std::size_t j = 0; j < width_; ++j) {
      if (j != label_col_) table_.feature_names.push_back(names[j]);
    }
    table_.features = width_ - 1;
    table_.values = FeatureRows(table_.features, options_.bias_column);
    reserve_rows();
    return header;
  }

  // Room for every row the text can hold, so the block never moves: at most one row a line,
  // and a row of w cells takes at least 2w bytes with its commas and line end (the last may
  // have none: the + 1), which keeps the reservation near 4 bytes a byte of text even for a
  // file of blank lines.
  void reserve_rows() {
    if (!size_) return;
    const std::size_t rows = std::min(size_->lines, size_->bytes / (2 * width_) + 1);
    try {
      table_.values.reserve(rows);
      table_.labels.reserve(rows);
      table_.line_of_row.reserve(rows);
    } catch (const std::bad_alloc&) {
      // Address space for the bound is refused: the rows still fit as they come.
    }
  }

  void check_unique(const std::vector<std::string>& names) const {
    // Sorted copies find a repeat in n log n: a header may have a million columns.
    std::vector<std::pair<std::string_view, std::size_t>> sorted;
    for (std::size_t j = 0; j < names.size(); ++j) sorted.emplace_back(names[j], j);
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t k = 1; k < sorted.size(); ++k) {
      if (sorted[k].first == sorted[k - 1].first) {
        throw DataError(where() + ": the header names column '" + std::string(sorted[k].first) +
                        "' twice (columns " + std::to_string(sorted[k - 1].second + 1) + " and " +
                        std::to_string(sorted[k].second + 1) + "); column names must be unique");
      }
    }
  }

  void read_row() {
    if (fields_.size() != width_) {
      throw DataError(where() + ": found " + std::to_string(fields_.size()) + " fields, expected " +
                      std::to_string(width_) + " like the first row");
    }
    if (sink_ != nullptr) row_.resize(table_.features);
    double* values = sink_ != nullptr ? row_.data() : table_.values.append_row();
    std::string_view label_text;
    for (std::size_t j = 0; j < width_; ++j) {
      const Field& f = fields_[j];
      if (j == label_col_) {
        std::string label = field_text(f);
        if (label.empty()) {
          throw DataError(where() + ":" + std::to_string(f.column) + ": the label cell is empty");
        }
        note_spaced_label(label);
        if (sink_ == nullptr) {
          table_.labels.push_back(std::move(label));
        } else {
          label_ = std::move(label);
          label_text = label_;
        }
        continue;
      }
      double v = 0;
      if (const DecimalRead read = read_decimal(f.text, v); read != DecimalRead::kNumber) {
        throw DataError(where() + ":" + std::to_string(f.column) + ": '" +
                        std::string(f.text.substr(0, 40)) + "' in column '" +
                        table_.feature_names[j < label_col_ ? j : j - 1] + "' " +
                        (read == DecimalRead::kNotANumber
                             ? "is not a number; feature cells must be decimal numbers like 1.5 "
                               "or -2e-3"
                             : out_of_range_reason(read)));
      }
      if (!std::isfinite(v)) {
        throw DataError(where() + ":" + std::to_string(f.column) + ": '" +
                        std::string(f.text.substr(0, 40)) +
                        "' is not finite; NaN and infinity are not accepted as feature values");
      }
      *values++ = v;
    }
    ++table_.rows;
    if (sink_ != nullptr) {
      (*sink_)(CsvRow{row_, label_text, line_number_});
      return;
    }
    table_.line_of_row.push_back(line_number_);
  }

  std::string origin_;
  const CsvOptions& options_;
  LineSplitter splitter_;
  std::vector<Field> fields_;
  CsvTable table_;
  std::size_t line_number_ = 0;
  std::size_t width_ = 0;  // fields per row, fixed by the first row
  std::size_t label_col_ = 0;
  bool first_ = true;
  std::optional<LineCount> size_;
  const CsvRowSink* sink_;   // rows go here instead of into table_ when set
  std::vector<double> row_;  // the row being handed to sink_
  std::string label_;
  std::size_t spaced_labels_ = 0;
  std::string first_spaced_label_;

  // Only a quoted cell keeps spaces at its ends (an unquoted one is trimmed), and they are
  // part of its text: `" 1"` is a class of its own, distinct from `1`. Kept exactly as
  // written (a label is text), but said, since it is almost always a slip.
  void note_spaced_label(const std::string& label) {
    if (trim(label).size() == label.size()) return;
    if (spaced_labels_++ > 0) return;
    first_spaced_label_ = where() + ": the quoted label '" + label +
                          "' has spaces or tabs at its ends, which a quoted cell keeps: it is a "
                          "class of its own, distinct from '" +
                          trim_copy(label) +
                          "'; remove them inside the quotes if they are not meant";
  }
};

// The first pass of read_csv. It stops early at a NUL byte or an overlong line, where the
// second pass stops with the error; the count is then too small, which only costs growth.
LineCount count_lines(std::FILE* file, std::size_t chunk_bytes) {
  LineCount count;
  std::vector<char> buffer(std::max<std::size_t>(chunk_bytes, 1));
  std::size_t line_bytes = 0;  // of the line still open at the end of the chunk
  std::size_t got = 0;
  while ((got = std::fread(buffer.data(), 1, buffer.size(), file)) > 0) {
    const std::string_view chunk(buffer.data(), got);
    count.bytes += got;
    if (chunk.find('\0') != std::string_view::npos) break;
    count.lines += static_cast<std::size_t>(std::count(chunk.begin(), chunk.end(), '\n'));
    const std::size_t last_end = chunk.rfind('\n');
    line_bytes = last_end == std::string_view::npos ? line_bytes + got : got - last_end - 1;
    if (line_bytes > kMaxDataLineBytes) break;
  }
  return count;
}

// The second pass, or the only one for a stream.
CsvTable read_rows(std::FILE* file, const std::string& origin, const CsvOptions& options,
                   std::size_t chunk_bytes, std::optional<LineCount> size,
                   const CsvRowSink* sink = nullptr) {
  CsvParser parser(origin, options, size, sink);
  const std::string sha256 = stream_lines(file, origin, chunk_bytes, kCsvWords,
                                          [&parser](std::string_view line) { parser.line(line); });
  CsvTable table = parser.finish();
  table.sha256 = sha256;
  return table;
}

}  // namespace

CsvTable parse_csv(const std::string& text, const std::string& origin, const CsvOptions& options) {
  const LineCount size{static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1,
                       text.size()};
  CsvParser parser(origin, options, size);
  const std::string sha256 =
      split_lines(text, [&parser](std::string_view line) { parser.line(line); });
  CsvTable table = parser.finish();
  table.sha256 = sha256;
  return table;
}

CsvTable read_csv_rows(const std::filesystem::path& path, const CsvOptions& options,
                       const CsvRowSink& sink, std::size_t chunk_bytes) {
  const auto file = open_data_file(path);
  return read_rows(file.get(), path.string(), options, chunk_bytes, std::nullopt, &sink);
}

CsvTable read_csv(const std::filesystem::path& path, const CsvOptions& options,
                  std::size_t chunk_bytes) {
  const auto file = open_data_file(path);
  const LineCount size = count_lines(file.get(), chunk_bytes);
  if (std::fseek(file.get(), 0, SEEK_SET) != 0) {
    throw DataError("data file '" + path.string() + "' could not be read: " + std::strerror(errno));
  }
  std::clearerr(file.get());
  return read_rows(file.get(), path.string(), options, chunk_bytes, size);
}

CsvTable read_csv_stream(std::FILE* file, const std::string& origin, const CsvOptions& options,
                         std::size_t chunk_bytes) {
  return read_rows(file, origin, options, chunk_bytes, std::nullopt);
}

}  // namespace plab
