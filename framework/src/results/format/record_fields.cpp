#include "results/format/record_fields.hpp"

#include <cmath>

#include "error.hpp"
#include "results/format/json_text.hpp"

namespace plab {

namespace {

std::string kind_of(const boost::json::value& v) {
  switch (v.kind()) {
    case boost::json::kind::null:
      return "null";
    case boost::json::kind::bool_:
      return "a boolean";
    case boost::json::kind::string:
      return "a string";
    case boost::json::kind::array:
      return "an array";
    case boost::json::kind::object:
      return "an object";
    default:
      return "a number";
  }
}

// The value as it appears in the file, cut short: enough to find it.
std::string shown(const boost::json::value& v) {
  if (v.is_array()) return "an array";
  if (v.is_object()) return "an object";
  // 1e400 parses as infinity, which would print as null: say what it is instead.
  if (v.is_double() && !std::isfinite(v.get_double()))
    return "a number beyond the range of a double";
  std::string text = to_json_text(v);
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return v.is_null() ? text : text + " (" + kind_of(v) + ")";
}

}  // namespace

std::optional<std::size_t> as_count(const boost::json::value& v) {
  // Counts stay below 2^63, so that they are also valid signed 64-bit numbers (a point index
  // is one in summary.json).
  if (v.is_uint64()) {
    if (v.get_uint64() > 9223372036854775807ull) return std::nullopt;
    return static_cast<std::size_t>(v.get_uint64());
  }
  if (v.is_int64()) {
    if (v.get_int64() < 0) return std::nullopt;
    return static_cast<std::size_t>(v.get_int64());
  }
  if (v.is_double()) {
    // 3.0 is a count written by another tool; 2^63 and beyond is not one.
    const double d = v.get_double();
    if (!(d >= 0) || d >= 9223372036854775808.0 || std::floor(d) != d) return std::nullopt;
    return static_cast<std::size_t>(d);
  }
  return std::nullopt;
}

RecordFields::RecordFields(const boost::json::object& object, std::string where, std::string prefix)
    : object_(object), where_(std::move(where)), prefix_(std::move(prefix)) {}

void RecordFields::fail(std::string_view key, const std::string& problem) const {
  throw DataError(where_ + ": field '" + prefix_ + (prefix_.empty() ? "" : "/") + std::string(key) +
                  "' " + problem +
                  "; the results folder was edited or damaged (plab writes every field)");
}

void RecordFields::wrong(std::string_view key, const boost::json::value& found,
                         const std::string& expected) const {
  fail(key, "is " + shown(found) + "; expected " + expected);
}

const boost::json::value& RecordFields::any(std::string_view key) const {
  const boost::json::value* v = object_.if_contains(key);
  if (v == nullptr) fail(key, "is missing");
  return *v;
}

std::size_t RecordFields::count(std::string_view key) const {
  const boost::json::value& v = any(key);
  const auto c = as_count(v);
  if (!c) wrong(key, v, "a count (an integer from 0 to 2^63-1)");
  return *c;
}

std::optional<std::size_t> RecordFields::count_or_null(std::string_view key) const {
  const boost::json::value& v = any(key);
  if (v.is_null()) return std::nullopt;
  const auto c = as_count(v);
  if (!c) wrong(key, v, "a count (an integer from 0 to 2^63-1) or null");
  return c;
}

double RecordFields::number(std::string_view key) const {
  const boost::json::value& v = any(key);
  if (!v.is_number() || !std::isfinite(v.to_number<double>())) wrong(key, v, "a finite number");
  return v.to_number<double>();
}

std::optional<double> RecordFields::number_or_null(std::string_view key) const {
  const boost::json::value& v = any(key);
  if (v.is_null()) return std::nullopt;
  if (!v.is_number() || !std::isfinite(v.to_number<double>()))
    wrong(key, v, "a finite number or null");
  return v.to_number<double>();
}

std::string RecordFields::string(std::string_view key) const {
  const boost::json::value& v = any(key);
  if (!v.is_string()) wrong(key, v, "a string");
  return std::string(v.get_string());
}

std::optional<std::string> RecordFields::string_or_null(std::string_view key) const {
  const boost::json::value& v = any(key);
  if (v.is_null()) return std::nullopt;
  if (!v.is_string()) wrong(key, v, "a string or null");
  return std::string(v.get_string());
}

bool RecordFields::boolean(std::string_view key) const {
  const boost::json::value& v = any(key);
  if (!v.is_bool()) wrong(key, v, "true or false");
  return v.get_bool();
}

std::optional<bool> RecordFields::boolean_or_null(std::string_view key) const {
  const boost::json::value& v = any(key);
  if (v.is_null()) return std::nullopt;
  if (!v.is_bool()) wrong(key, v, "true, false or null");
  return v.get_bool();
}

const boost::json::array& RecordFields::array(std::string_view key) const {
  const boost::json::value& v = any(key);
  if (!v.is_array()) wrong(key, v, "an array");
  return v.get_array();
}

RecordFields RecordFields::object(std::string_view key) const {
  const boost::json::value& v = any(key);
  if (!v.is_object()) wrong(key, v, "an object");
  return RecordFields(v.get_object(), where_,
                      prefix_ + (prefix_.empty() ? "" : "/") + std::string(key));
}

std::vector<RecordFields> RecordFields::objects(std::string_view key) const {
  const boost::json::array& a = array(key);
  std::vector<RecordFields> out;
  out.reserve(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string name = std::string(key) + "/" + std::to_string(i);
    if (!a[i].is_object()) wrong(name, a[i], "an object");
    out.emplace_back(a[i].get_object(), where_, prefix_ + (prefix_.empty() ? "" : "/") + name);
  }
  return out;
}

}  // namespace plab
