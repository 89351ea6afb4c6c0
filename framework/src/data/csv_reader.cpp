#include "data/csv_reader.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string_view>

#include "config/did_you_mean.hpp"
#include "error.hpp"

namespace plab {

namespace {

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
  LineSplitter(const std::string& origin) : origin_(origin) {}

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

// std::from_chars, plus the leading '+' people write; false unless the whole text is a number.
bool parse_number(std::string_view text, double& value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

bool is_number(std::string_view text) {
  double v = 0;
  return parse_number(trim(text), v);
}

}  // namespace

CsvTable parse_csv(const std::string& text, const std::string& origin, const CsvOptions& options) {
  std::string_view rest(text);
  if (rest.starts_with("\xEF\xBB\xBF")) rest.remove_prefix(3);  // UTF-8 byte-order mark

  LineSplitter splitter(origin);
  std::vector<Field> fields;
  CsvTable table;
  std::size_t line_number = 0;
  std::size_t width = 0;  // fields per row, fixed by the first row
  std::size_t label_col = 0;
  bool first = true;

  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (trim(line).empty()) continue;
    splitter.split(line, line_number, fields);
    const std::string where = origin + ":" + std::to_string(line_number);

    if (first) {
      first = false;
      width = fields.size();
      if (width < 2) {
        throw DataError(where + ": found " + std::to_string(width) +
                        " column; a data file needs at least one feature column and one label "
                        "column, separated by commas");
      }
      bool header = false;
      if (options.header) {
        header = *options.header;
      } else if (options.label_name) {
        header = true;
      } else {
        const std::size_t guess = options.label_index.value_or(width - 1);
        for (std::size_t j = 0; j < width; ++j) {
          if (j != guess && !is_number(fields[j].text)) header = true;
        }
      }
      std::vector<std::string> names;
      for (std::size_t j = 0; j < width; ++j) {
        names.push_back(header ? trim_copy(field_text(fields[j])) : "x" + std::to_string(j + 1));
      }
      if (header) {
        for (std::size_t a = 0; a < width; ++a) {
          for (std::size_t b = a + 1; b < width; ++b) {
            if (names[a] == names[b]) {
              throw DataError(where + ": the header names column '" + names[a] +
                              "' twice (columns " + std::to_string(a + 1) + " and " +
                              std::to_string(b + 1) + "); column names must be unique");
            }
          }
        }
      }
      if (options.label_name) {
        if (!header) {
          throw DataError(origin + ": the label column is given by name ('" + *options.label_name +
                          "') but the file has no header; give its 0-based index instead");
        }
        std::size_t j = 0;
        while (j < width && names[j] != *options.label_name) ++j;
        if (j == width) {
          throw DataError(where + ": no column is named '" + *options.label_name + "'" +
                          did_you_mean(*options.label_name, names) +
                          "; columns: " + quoted_list(names));
        }
        label_col = j;
      } else {
        label_col = options.label_index.value_or(width - 1);
        if (label_col >= width) {
          throw DataError(where + ": label column index " + std::to_string(label_col) +
                          " is out of range; the file has columns 0 to " +
                          std::to_string(width - 1));
        }
      }
      table.label_name = names[label_col];
      for (std::size_t j = 0; j < width; ++j) {
        if (j != label_col) table.feature_names.push_back(names[j]);
      }
      table.features = width - 1;
      if (header) continue;
    }

    if (fields.size() != width) {
      throw DataError(where + ": found " + std::to_string(fields.size()) + " fields, expected " +
                      std::to_string(width) + " like the first row");
    }
    for (std::size_t j = 0; j < width; ++j) {
      if (j == label_col) {
        std::string label = field_text(fields[j]);
        if (label.empty()) {
          throw DataError(where + ":" + std::to_string(fields[j].column) +
                          ": the label cell is empty");
        }
        table.labels.push_back(std::move(label));
        continue;
      }
      double v = 0;
      if (!parse_number(fields[j].text, v)) {
        throw DataError(where + ":" + std::to_string(fields[j].column) + ": '" +
                        std::string(fields[j].text.substr(0, 40)) + "' in column '" +
                        (j < label_col ? table.feature_names[j] : table.feature_names[j - 1]) +
                        "' is not a number; feature cells must be decimal numbers like 1.5 or "
                        "-2e-3");
      }
      if (!std::isfinite(v)) {
        throw DataError(where + ":" + std::to_string(fields[j].column) + ": '" +
                        std::string(fields[j].text) +
                        "' is not finite; NaN and infinity are not "
                        "accepted as feature values");
      }
      table.values.push_back(v);
    }
    table.line_of_row.push_back(line_number);
    ++table.rows;
  }
  if (first)
    throw DataError(origin + ": the file is empty; expected rows of comma-separated numbers");
  if (table.rows == 0) throw DataError(origin + ": the file has a header but no data rows");
  return table;
}

CsvTable read_csv(const std::filesystem::path& path, const CsvOptions& options) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw DataError("data file '" + path.string() + "' does not exist or is not a regular file");
  }
  // One read into memory: a fopen/fread of the whole file is the fastest portable way, and
  // the table needs the data in memory anyway.
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                       &std::fclose);
  if (!file) throw DataError("data file '" + path.string() + "' cannot be opened for reading");
  std::string text(std::filesystem::file_size(path, ec), '\0');
  if (ec) throw DataError("data file '" + path.string() + "': " + ec.message());
  const std::size_t got = std::fread(text.data(), 1, text.size(), file.get());
  if (got != text.size())
    throw DataError("data file '" + path.string() + "' could not be read whole");
  return parse_csv(text, path.string(), options);
}

}  // namespace plab
