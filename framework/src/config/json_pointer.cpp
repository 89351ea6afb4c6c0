#include "config/json_pointer.hpp"

#include "config/object_reader.hpp"
#include "error.hpp"

namespace plab {

void set_at_pointer(Json& document, const std::string& pointer, const Json& value,
                    const std::string& where) {
  const Json::json_pointer target(pointer);
  const Json::json_pointer parent = target.parent_pointer();
  if (!document.contains(parent)) {
    throw_config_error(where, "the pointer '" + pointer + "' does not lead into the config: '" +
                                  parent.to_string() + "' does not exist");
  }
  Json& holder = document[parent];
  if (holder.is_array()) {
    const std::string& last = target.back();
    std::size_t index = 0;
    try {
      index = std::stoul(last);
    } catch (const std::exception&) {
      throw_config_error(
          where, "'" + last + "' is not an index into the array at '" + parent.to_string() + "'");
    }
    if (index >= holder.size()) {
      throw_config_error(where, "index " + last + " is past the end of the array at '" +
                                    parent.to_string() + "' (" + std::to_string(holder.size()) +
                                    " elements)");
    }
  } else if (!holder.is_object()) {
    throw_config_error(where, "'" + parent.to_string() + "' is " + describe_json(holder) +
                                  ", not an object or array, so '" + pointer + "' cannot be set");
  }
  document[target] = value;
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
  Json value;
  try {
    value = Json::parse(text);
  } catch (const nlohmann::json::exception&) {
    value = text;  // a bare word: a string
  }
  set_at_pointer(document, pointer, value, where);
}

}  // namespace plab
