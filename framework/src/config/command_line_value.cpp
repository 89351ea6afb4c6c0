#include "config/command_line_value.hpp"

#include <algorithm>
#include <cctype>

#include "config/json_file.hpp"
#include "error.hpp"

namespace plab {

namespace {

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

bool is_bare_word(const std::string& text) {
  if (text.empty()) return false;
  const auto first = static_cast<unsigned char>(text.front());
  const bool starts_well = std::isalpha(first) != 0 || first == '_' || first == '/' ||
                           (first == '.' && (text.size() == 1 || text[1] == '.' || text[1] == '/'));
  if (!starts_well) return false;
  // true, false and null in another case were meant as the JSON literals.
  const std::string word = lower(text);
  if (word == "true" || word == "false" || word == "null") return false;
  return std::none_of(text.begin(), text.end(), [](unsigned char c) {
    return std::isspace(c) != 0 || std::iscntrl(c) != 0 || c == '"' || c == '\'' || c == '[' ||
           c == ']' || c == '{' || c == '}' || c == ',';
  });
}

// The option as messages quote it: a value of 100 kB would bury the message.
std::string quoted_option(const std::string& option) {
  return option.size() <= 100 ? option : option.substr(0, 90) + "...";
}

}  // namespace

Json parse_command_line_value(const std::string& text, const std::string& option) {
  if (text == "true" || text == "false" || text == "null") return Json::parse(text);
  if (is_bare_word(text)) return Json(text);
  if (text.empty()) {
    throw UsageError("'" + quoted_option(option) +
                     "' has an empty value; for an empty string write \"\"");
  }
  try {
    return parse_json_text(text, "'" + quoted_option(option) + "': the value");
  } catch (const ConfigError& error) {
    // Valid JSON that breaks a limit (depth, a duplicate key) needs no hint about strings.
    const std::string message = error.what();
    if (message.find(": invalid JSON") == std::string::npos) throw UsageError(message);
    const std::string word = lower(text);
    const std::string hint =
        word == "true" || word == "false" || word == "null"
            ? "; JSON writes " + word + " in lower case"
            : "; a value is JSON, or a bare word (a letter, '_', '/', './' or '..' first, or '.' "
              "alone; "
              "no spaces, quotes, brackets or commas) taken as a string; a number is JSON, with "
              "a digit before the point (0.5, not .5); quote other strings as JSON, e.g. "
              "'\"a b\"'";
    throw UsageError(message + hint);
  }
}

}  // namespace plab
