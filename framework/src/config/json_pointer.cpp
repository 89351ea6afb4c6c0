#include "config/json_pointer.hpp"

#include <vector>

#include "config/command_line_value.hpp"
#include "config/object_reader.hpp"
#include "error.hpp"

namespace plab {

namespace {

// An array index as RFC 6901 writes it: digits, no leading zero, no sign.
bool parse_index(const std::string& token, std::size_t& index) {
  if (token.empty() || token.size() > 18 || (token.size() > 1 && token.front() == '0')) {
    return false;
  }
  index = 0;
  for (char c : token) {
    if (c < '0' || c > '9') return false;
    index = index * 10 + static_cast<std::size_t>(c - '0');
  }
  return true;
}

// The reference tokens of a pointer, first to last.
std::vector<std::string> tokens_of(Json::json_pointer pointer) {
  std::vector<std::string> tokens;
  while (!pointer.empty()) {
    tokens.insert(tokens.begin(), pointer.back());
    pointer.pop_back();
  }
  return tokens;
}

}  // namespace

// Walks the pointer token by token rather than through nlohmann's lookups, which throw
// their own exceptions for a token that is not an index into an array.
void set_at_pointer(Json& document, const std::string& pointer, const Json& value,
                    const std::string& where) {
  const std::vector<std::string> tokens = tokens_of(Json::json_pointer(pointer));
  if (tokens.empty()) throw_config_error(where, "the empty pointer would replace the whole config");
  Json* holder = &document;
  std::string walked;
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    const std::string& token = tokens[k];
    const bool last = k + 1 == tokens.size();
    if (holder->is_object()) {
      if (last) {
        (*holder)[token] = value;
        return;
      }
      const auto it = holder->find(token);
      if (it == holder->end()) {
        throw_config_error(where, "the pointer '" + pointer + "' does not lead into the config: '" +
                                      pointer_append(walked, token) + "' does not exist");
      }
      holder = &*it;
    } else if (holder->is_array()) {
      std::size_t index = 0;
      if (!parse_index(token, index)) {
        throw_config_error(where, "'" + token + "' is not an index into the array at '" +
                                      (walked.empty() ? "/" : walked) + "'");
      }
      if (index >= holder->size()) {
        throw_config_error(where, "index " + token + " is past the end of the array at '" +
                                      (walked.empty() ? "/" : walked) + "' (" +
                                      std::to_string(holder->size()) + " elements)");
      }
      if (last) {
        (*holder)[index] = value;
        return;
      }
      holder = &(*holder)[index];
    } else {
      throw_config_error(where, "'" + (walked.empty() ? "/" : walked) + "' is " +
                                    describe_json(*holder) + ", not an object or array, so '" +
                                    pointer + "' cannot be set");
    }
    walked = pointer_append(walked, token);
  }
}

void apply_override(Json& document, const std::string& assignment) {
  const std::string where = "--set " + assignment;
  const auto equals = assignment.find('=');
  if (equals == std::string::npos || assignment.empty() || assignment.front() != '/') {
    throw UsageError("'" + where + "' is not of the form --set /json/pointer=VALUE");
  }
  const std::string pointer = assignment.substr(0, equals);
  const std::string text = assignment.substr(equals + 1);
  try {
    (void)Json::json_pointer(pointer);
  } catch (const nlohmann::json::exception&) {
    throw UsageError("'" + pointer + "' in '" + where + "' is not a valid JSON Pointer");
  }
  const Json value = parse_command_line_value(text, where);
  set_at_pointer(document, pointer, value, where);
}

}  // namespace plab
