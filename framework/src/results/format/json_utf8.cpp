#include "results/format/json_utf8.hpp"

#include <string_view>

#include "base/utf8_text.hpp"

namespace plab {

namespace {

std::optional<std::string> bad_text(std::string_view text, const std::string& pointer) {
  const std::size_t at = first_non_utf8(text);
  if (at == std::string_view::npos) return std::nullopt;
  return pointer + " ('" + std::string(text.substr(0, at)) + "' then byte " +
         byte_hex(static_cast<unsigned char>(text[at])) + ")";
}

std::optional<std::string> search(const boost::json::value& value, const std::string& pointer) {
  if (value.is_string()) return bad_text(value.get_string(), pointer);
  if (value.is_array()) {
    const boost::json::array& items = value.get_array();
    for (std::size_t k = 0; k < items.size(); ++k) {
      if (auto found = search(items[k], pointer + "/" + std::to_string(k))) return found;
    }
  }
  if (value.is_object()) {
    for (const auto& [key, item] : value.get_object()) {
      const std::string inner = pointer + "/" + std::string(key);
      if (auto found = bad_text(key, inner)) return found;
      if (auto found = search(item, inner)) return found;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> first_non_utf8_string(const boost::json::value& value) {
  return search(value, "");
}

}  // namespace plab
