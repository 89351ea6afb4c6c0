#include "config/json_canonical.hpp"

#include "config/json_integer.hpp"

namespace plab {

namespace {

// Strings as JSON writes them; bytes that are not UTF-8 (a hand-edited manifest) replaced
// rather than thrown on.
std::string json_text(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

std::string canonical_json_text(const Json& value) {
  if (value.is_number()) {
    if (const auto u = exact_uint64(value)) return std::to_string(*u);
    if (const auto i = exact_int64(value)) return std::to_string(*i);
    return json_text(value);  // not a whole number: its shortest round-trip form
  }
  if (value.is_array()) {
    std::string text = "[";
    for (const Json& e : value) text += canonical_json_text(e) + ",";
    return text + "]";
  }
  if (value.is_object()) {
    std::string text = "{";
    for (auto it = value.begin(); it != value.end(); ++it) {
      text += json_text(Json(it.key())) + ":" + canonical_json_text(it.value()) + ",";
    }
    return text + "}";
  }
  return json_text(value);
}

}  // namespace plab
