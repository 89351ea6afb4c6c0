#include "data/svmlight_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <memory>

#include "data/decimal_number.hpp"
#include "data/line_stream.hpp"
#include "error.hpp"

namespace plab {

namespace {

constexpr LineStreamWords kSvmlightWords{
    "a text svmlight file", "lines this long are not accepted (is this an svmlight file?)"};

bool is_blank(char c) { return c == ' ' || c == '\t'; }

std::string quoted(std::string_view text) { return "'" + std::string(text.substr(0, 40)) + "'"; }

// Digits only (no sign, no spaces); nullopt when the text is not that. Too large for 64 bits
// is reported as the largest value, which every check then refuses as too large.
std::optional<std::uint64_t> parse_whole(std::string_view text) {
  if (text.empty() ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec == std::errc::result_out_of_range) return UINT64_MAX;
  return n;
}

class SvmlightParser {
 public:
  SvmlightParser(std::string origin, const SvmlightOptions& options, const SvmlightRowSink& sink)
      : origin_(std::move(origin)), options_(options), sink_(sink) {}

  // One line without its '\n'.
  void line(std::string_view line) {
    line = clean_line(line, ++line_number_, origin_, kSvmlightWords);
    // Everything from '#' on is a comment (svmlight's <info>), whatever it holds.
    const std::string_view content = line.substr(0, line.find('#'));
    require_utf8(content, line_number_, origin_);
    std::size_t i = skip_blanks(content, 0);
    if (i == content.size()) return;  // blank or comment-only
    const std::size_t label_end = token_end(content, i);
    const std::string_view label = content.substr(i, label_end - i);
    if (label.find(':') != std::string_view::npos) {
      fail(i, quoted(label) +
                  " comes where the label should be: the line has no label; every line starts "
                  "with its label (a class name or number), then index:value pairs");
    }
    indices_.clear();
    values_.clear();
    bool qid_seen = false;
    for (i = skip_blanks(content, label_end); i < content.size();
         i = skip_blanks(content, token_end(content, i))) {
      const std::string_view token = content.substr(i, token_end(content, i) - i);
      if (token.starts_with("qid:")) {
        read_qid(token, i, qid_seen);
        qid_seen = true;
        continue;
      }
      read_feature(token, i);
    }
    if (qid_seen) ++summary_.qid_lines;
    ++summary_.rows;
    summary_.entries += indices_.size();
    if (!indices_.empty()) {
      summary_.largest_index = std::max(summary_.largest_index.value_or(0), indices_.back());
    }
    sink_(SvmlightRow{label, indices_, values_, line_number_});
  }

  SvmlightSummary finish() {
    if (summary_.rows == 0) {
      throw DataError(origin_ +
                      ": the file has no data rows (it is empty, or holds only blank and comment "
                      "lines); expected lines like '+1 1:0.5 3:-2'");
    }
    summary_.features =
        options_.n_features
            ? *options_.n_features
            : (summary_.largest_index ? *summary_.largest_index + std::size_t{1} : std::size_t{0});
    if (summary_.qid_lines > 0) {
      summary_.notes.push_back(origin_ + ": qid: on " + std::to_string(summary_.qid_lines) +
                               " lines is ignored: plab treats every line as one sample "
                               "(ranking queries are not used)");
    }
    return std::move(summary_);
  }

 private:
  std::string where() const { return origin_ + ":" + std::to_string(line_number_); }

  [[noreturn]] void fail(std::size_t offset, const std::string& what) const {
    throw DataError(where() + ":" + std::to_string(offset + 1) + ": " + what);
  }

  static std::size_t skip_blanks(std::string_view s, std::size_t i) {
    while (i < s.size() && is_blank(s[i])) ++i;
    return i;
  }
  static std::size_t token_end(std::string_view s, std::size_t i) {
    while (i < s.size() && !is_blank(s[i])) ++i;
    return i;
  }

  // The first file index that does not fit (svmlight_reader.hpp).
  std::uint64_t first_too_large() const {
    return kSvmlightMaxIndex + (options_.zero_based ? 1 : 2);
  }

  void read_qid(std::string_view token, std::size_t offset, bool qid_seen) const {
    if (!indices_.empty()) {
      fail(offset, quoted(token) + " comes after a feature; qid: goes right after the label");
    }
    if (qid_seen) fail(offset, quoted(token) + ": a second qid: on one line");
    if (!parse_whole(token.substr(4))) {
      fail(offset + 4, quoted(token.substr(4)) + " is not a qid; a qid is a whole number >= 0");
    }
  }

  void read_feature(std::string_view token, std::size_t offset) {
    const std::size_t colon = token.find(':');
    if (colon == std::string_view::npos) {
      fail(offset, quoted(token) +
                       " has no ':'; features are written index:value, like 3:0.5 (a label "
                       "goes first on its line, once)");
    }
    const std::string_view index_text = token.substr(0, colon);
    const std::optional<std::uint64_t> file_index = parse_whole(index_text);
    if (!file_index) {
      fail(offset, quoted(index_text) +
                       " is not a feature index; indices are whole numbers counting from " +
                       (options_.zero_based ? "0" : "1"));
    }
    if (*file_index >= first_too_large()) {
      fail(offset, "feature index " + quoted(index_text) +
                       " is too large: plab accepts indices up to " +
                       std::to_string(first_too_large() - 1) +
                       " (the features and the bias column must fit 32-bit indices)");
    }
    if (*file_index == 0 && !options_.zero_based) {
      fail(offset, std::string("feature index 0 in a file whose indices count from 1; if the file "
                               "counts from 0, ") +
                       options_.zero_based_switch);
    }
    const std::uint64_t index = *file_index - (options_.zero_based ? 0 : 1);
    if (options_.n_features && index >= *options_.n_features) {
      fail(offset, "feature index " + std::to_string(*file_index) + " is beyond n_features (" +
                       std::to_string(*options_.n_features) + ", " + options_.n_features_origin +
                       "); raise n_features or leave it out");
    }
    if (!indices_.empty() && index <= indices_.back()) {
      const std::uint64_t before = indices_.back() + (options_.zero_based ? 0 : 1);
      fail(offset, index == indices_.back()
                       ? "feature index " + std::to_string(*file_index) +
                             " appears twice on the line; each index at most once"
                       : "feature index " + std::to_string(*file_index) + " comes after index " +
                             std::to_string(before) +
                             "; indices must increase along a line (sort them)");
    }
    const std::string_view value_text = token.substr(colon + 1);
    double value = 0;
    if (const DecimalRead read = read_decimal(value_text, value); read != DecimalRead::kNumber) {
      fail(offset + colon + 1,
           quoted(value_text) + " (feature " + std::to_string(*file_index) + ") " +
               (read == DecimalRead::kNotANumber
                    ? "is not a number; values must be decimal numbers like 1.5 or -2e-3"
                    : out_of_range_reason(read)));
    }
    if (!std::isfinite(value)) {
      fail(offset + colon + 1,
           quoted(value_text) +
               " is not finite; NaN and infinity are not accepted as feature values");
    }
    indices_.push_back(static_cast<std::uint32_t>(index));
    values_.push_back(value);
  }

  std::string origin_;
  const SvmlightOptions& options_;
  const SvmlightRowSink& sink_;
  SvmlightSummary summary_;
  std::vector<std::uint32_t> indices_;  // of the line being read
  std::vector<double> values_;
  std::size_t line_number_ = 0;
};

SvmlightSummary read_lines(std::FILE* file, const std::string& origin,
                           const SvmlightOptions& options, const SvmlightRowSink& sink,
                           std::size_t chunk_bytes) {
  SvmlightParser parser(origin, options, sink);
  const std::string sha256 = stream_lines(file, origin, chunk_bytes, kSvmlightWords,
                                          [&parser](std::string_view line) { parser.line(line); });
  SvmlightSummary summary = parser.finish();
  summary.sha256 = sha256;
  return summary;
}

}  // namespace

SvmlightSummary parse_svmlight(const std::string& text, const std::string& origin,
                               const SvmlightOptions& options, const SvmlightRowSink& sink) {
  SvmlightParser parser(origin, options, sink);
  const std::string sha256 =
      split_lines(text, [&parser](std::string_view line) { parser.line(line); });
  SvmlightSummary summary = parser.finish();
  summary.sha256 = sha256;
  return summary;
}

SvmlightSummary read_svmlight_stream(std::FILE* file, const std::string& origin,
                                     const SvmlightOptions& options, const SvmlightRowSink& sink,
                                     std::size_t chunk_bytes) {
  return read_lines(file, origin, options, sink, chunk_bytes);
}

SvmlightSummary read_svmlight(const std::filesystem::path& path, const SvmlightOptions& options,
                              const SvmlightRowSink& sink, std::size_t chunk_bytes) {
  const DataFile file = open_data_file(path);
  return read_lines(file.get(), path.string(), options, sink, chunk_bytes);
}

}  // namespace plab
