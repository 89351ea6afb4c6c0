#include "config/json_scan.hpp"

#include <map>
#include <vector>

#include "config/json.hpp"
#include "config/json_number_text.hpp"
#include "config/object_reader.hpp"
#include "error.hpp"

namespace plab {

namespace {

// Index one past the closing quote of the string starting at `open` (text.size() if none).
std::size_t end_of_string(const std::string& text, std::size_t open) {
  std::size_t i = open + 1;
  while (i < text.size() && text[i] != '"') i += text[i] == '\\' ? 2 : 1;
  return i < text.size() ? i + 1 : text.size();
}

// Index of the first byte after the comment starting at `slash`, or `slash` if none starts
// there (nlohmann's ignore_comments takes // to the line end and /* to */).
std::size_t end_of_comment(const std::string& text, std::size_t slash) {
  if (slash + 1 >= text.size()) return slash;
  if (text[slash + 1] == '/') {
    const std::size_t end = text.find('\n', slash);
    return end == std::string::npos ? text.size() : end;
  }
  if (text[slash + 1] == '*') {
    const std::size_t end = text.find("*/", slash + 2);
    return end == std::string::npos ? text.size() : end + 2;
  }
  return slash;
}

// Calls on_string(open, end) for each string and on_char(c, i) for each other byte that is
// not in a comment: the two checks see the text as nlohmann's parser does.
template <typename OnString, typename OnChar>
void walk(const std::string& text, OnString on_string, OnChar on_char) {
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '"') {
      const std::size_t end = end_of_string(text, i);
      on_string(i, end);
      i = end;
      continue;
    }
    const std::size_t after = text[i] == '/' ? end_of_comment(text, i) : i;
    if (after != i) {
      i = after;
      continue;
    }
    on_char(text[i], i);
    ++i;
  }
}

}  // namespace

std::string line_and_column(const std::string& text, std::size_t byte) {
  std::size_t line = 1;
  std::size_t column = 1;
  for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return std::to_string(line) + ":" + std::to_string(column);
}

void check_json_text_limits(const std::string& text, const std::string& origin) {
  const std::size_t nul = text.find('\0');
  if (nul != std::string::npos) {
    throw ConfigError(origin + ":" + line_and_column(text, nul) +
                      ": a NUL byte; a config is JSON text");
  }
  std::size_t depth = 0;
  walk(
      text, [](std::size_t, std::size_t) {},
      [&](char c, std::size_t i) {
        if (c == '[' || c == '{') {
          if (++depth > kMaxJsonDepth) {
            throw ConfigError(origin + ":" + line_and_column(text, i) + ": nested deeper than " +
                              std::to_string(kMaxJsonDepth) +
                              " levels of [ ] and { }; plab reads JSON nested at most " +
                              std::to_string(kMaxJsonDepth) + " deep");
          }
        } else if ((c == ']' || c == '}') && depth > 0) {
          --depth;
        }
      });
}

void check_duplicate_keys(const std::string& text, const std::string& origin) {
  struct Frame {
    bool object = false;
    bool expect_key = false;
    std::map<std::string, std::size_t> keys;  // key -> byte offset of its opening quote
  };
  std::vector<Frame> frames;
  walk(
      text,
      [&](std::size_t open, std::size_t end) {
        if (frames.empty() || !frames.back().object || !frames.back().expect_key) return;
        Frame& f = frames.back();
        f.expect_key = false;
        // Keys compare decoded: "a" and "\u0061" are the same key.
        const std::string key = Json::parse(text.substr(open, end - open)).get<std::string>();
        const auto [it, inserted] = f.keys.emplace(key, open);
        if (!inserted) {
          throw ConfigError(origin + ":" + line_and_column(text, open) + ": the key " +
                            Json(key).dump() + " appears twice in one object (first at " +
                            line_and_column(text, it->second) +
                            "); JSON would keep only the last, so remove one");
        }
      },
      [&](char c, std::size_t) {
        if (c == '{' || c == '[') {
          frames.push_back(Frame{c == '{', c == '{', {}});
        } else if ((c == '}' || c == ']') && !frames.empty()) {
          frames.pop_back();
        } else if (c == ',' && !frames.empty() && frames.back().object) {
          frames.back().expect_key = true;
        }
      });
}

void check_numbers_rounded_to_whole(const std::string& text, const std::string& origin) {
  // Where the walk is: one frame per open array (its element index) or object (its key).
  struct Frame {
    bool object = false;
    bool expect_key = false;
    std::string key;
    std::size_t index = 0;
  };
  std::vector<Frame> frames;
  std::size_t skip_to = 0;  // one past the number token being read
  const auto pointer = [&] {
    std::string p;
    for (const Frame& f : frames)
      p = f.object ? pointer_append(p, f.key) : pointer_append(p, f.index);
    return p;
  };
  walk(
      text,
      [&](std::size_t open, std::size_t end) {
        if (frames.empty() || !frames.back().object || !frames.back().expect_key) return;
        frames.back().expect_key = false;
        frames.back().key = Json::parse(text.substr(open, end - open)).get<std::string>();
      },
      [&](char c, std::size_t i) {
        if (i < skip_to) return;
        if (c == '{' || c == '[') {
          frames.push_back(Frame{c == '{', c == '{', {}, 0});
        } else if ((c == '}' || c == ']') && !frames.empty()) {
          frames.pop_back();
        } else if (c == ',' && !frames.empty()) {
          if (frames.back().object) {
            frames.back().expect_key = true;
          } else {
            ++frames.back().index;
          }
        } else if (c == '-' || (c >= '0' && c <= '9')) {
          skip_to = text.find_first_not_of("0123456789+-.eE", i);
          if (skip_to == std::string::npos) skip_to = text.size();
          const std::string token = text.substr(i, skip_to - i);
          const auto whole = whole_double_of_fraction(token);
          if (!whole) return;
          const std::string at = pointer();
          throw ConfigError(
              origin + ":" + line_and_column(text, i) + ": the number " + token +
              (at.empty() ? "" : " at " + at) + " is not an integer, but a double holds it as " +
              whole_number_text(*whole) +
              ": an integer field (a seed, repeats, max_epochs, a count or size) would take it "
              "as that integer, so plab refuses such a number wherever it stands; write the "
              "integer, or a value a double tells apart from it");
        }
      });
}

}  // namespace plab
