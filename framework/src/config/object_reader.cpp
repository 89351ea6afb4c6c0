#include "config/object_reader.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "config/did_you_mean.hpp"
#include "config/json_integer.hpp"
#include "error.hpp"

namespace plab {

std::string pointer_append(const std::string& pointer, std::string_view key) {
  std::string out = pointer + "/";
  for (char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

std::string pointer_append(const std::string& pointer, std::size_t index) {
  return pointer + "/" + std::to_string(index);
}

std::string describe_json(const Json& value) {
  std::string text = value.dump();
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  switch (value.type()) {
    case nlohmann::json::value_t::object:
      return "an object";
    case nlohmann::json::value_t::array:
      return "an array " + text;
    case nlohmann::json::value_t::string:
      return "the string " + text;
    case nlohmann::json::value_t::boolean:
      return "the boolean " + text;
    case nlohmann::json::value_t::null:
      return "null";
    default:
      return "the number " + text;
  }
}

void throw_config_error(const std::string& pointer, const std::string& message) {
  throw ConfigError("config error at " + (pointer.empty() ? std::string("/") : pointer) + ": " +
                    message);
}

ObjectReader::ObjectReader(const Json& value, std::string pointer)
    : object_(value), pointer_(std::move(pointer)) {
  if (!value.is_object()) {
    throw_config_error(pointer_, "expected an object, found " + describe_json(value));
  }
}

const Json* ObjectReader::find(std::string_view key) {
  accepted_.emplace_back(key);
  const auto it = object_.find(std::string(key));
  return it == object_.end() ? nullptr : &*it;
}

bool ObjectReader::has(std::string_view key) { return find(key) != nullptr; }

const Json& ObjectReader::required(std::string_view key) {
  const Json* v = find(key);
  if (v == nullptr) throw_config_error(pointer_of(key), "this field is required but missing");
  return *v;
}

std::string ObjectReader::text(std::string_view key, std::optional<std::string> fallback) {
  const Json* v = find(key);
  if (v == nullptr) {
    if (fallback) return *fallback;
    throw_config_error(pointer_of(key), "this field is required but missing (a string)");
  }
  if (!v->is_string()) {
    throw_config_error(pointer_of(key), "expected a string, found " + describe_json(*v));
  }
  return v->get<std::string>();
}

std::string ObjectReader::choice(std::string_view key, const std::vector<std::string>& accepted,
                                 std::optional<std::string> fallback) {
  const Json* v = find(key);
  if (v == nullptr) {
    if (fallback) return *fallback;
    throw_config_error(pointer_of(key),
                       "this field is required but missing; accepted: " + quoted_list(accepted));
  }
  if (!v->is_string()) {
    throw_config_error(pointer_of(key),
                       "expected one of " + quoted_list(accepted) + ", found " + describe_json(*v));
  }
  std::string s = v->get<std::string>();
  if (std::find(accepted.begin(), accepted.end(), s) == accepted.end()) {
    throw_config_error(pointer_of(key), "'" + s + "' is not accepted" + did_you_mean(s, accepted) +
                                            "; accepted: " + quoted_list(accepted));
  }
  return s;
}

double ObjectReader::number(std::string_view key, std::optional<double> fallback) {
  const Json* v = find(key);
  if (v == nullptr) {
    if (fallback) return *fallback;
    throw_config_error(pointer_of(key), "this field is required but missing (a number)");
  }
  if (!v->is_number()) {
    throw_config_error(pointer_of(key), "expected a number, found " + describe_json(*v));
  }
  const double d = v->get<double>();
  if (!std::isfinite(d)) throw_config_error(pointer_of(key), "expected a finite number");
  return d;
}

// One integer rule (json_integer.hpp); the message names the whole range, so that a value
// past 2^63 - 1 is not refused as if it were below the minimum.
std::int64_t ObjectReader::integer(std::string_view key, std::int64_t min, std::int64_t max,
                                   std::optional<std::int64_t> fallback) {
  const Json* v = find(key);
  const std::string range = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
  if (v == nullptr) {
    if (fallback) return *fallback;
    throw_config_error(pointer_of(key), "this field is required but missing (" + range + ")");
  }
  const std::optional<std::int64_t> n = exact_int64(*v);
  if (!n || *n < min || *n > max) {
    throw_config_error(pointer_of(key), "expected " + range + ", found " + describe_json(*v));
  }
  return *n;
}

std::uint64_t ObjectReader::seed(std::string_view key, std::uint64_t fallback) {
  const Json* v = find(key);
  if (v == nullptr) return fallback;
  const std::optional<std::uint64_t> n = exact_uint64(*v);
  if (!n) {
    throw_config_error(
        pointer_of(key),
        "expected an integer from 0 to 18446744073709551615, found " + describe_json(*v));
  }
  return *n;
}

bool ObjectReader::flag(std::string_view key, bool fallback) {
  const Json* v = find(key);
  if (v == nullptr) return fallback;
  if (!v->is_boolean()) {
    throw_config_error(pointer_of(key), "expected true or false, found " + describe_json(*v));
  }
  return v->get<bool>();
}

std::vector<double> ObjectReader::numbers(std::string_view key) {
  const Json& v = required(key);
  if (!v.is_array()) {
    throw_config_error(pointer_of(key), "expected an array of numbers, found " + describe_json(v));
  }
  std::vector<double> out;
  out.reserve(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_number() || !std::isfinite(v[i].get<double>())) {
      throw_config_error(pointer_append(pointer_of(key), i),
                         "expected a finite number, found " + describe_json(v[i]));
    }
    out.push_back(v[i].get<double>());
  }
  return out;
}

std::vector<std::string> ObjectReader::texts(std::string_view key) {
  const Json& v = required(key);
  if (!v.is_array()) {
    throw_config_error(pointer_of(key), "expected an array of strings, found " + describe_json(v));
  }
  std::vector<std::string> out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_string()) {
      throw_config_error(pointer_append(pointer_of(key), i),
                         "expected a string, found " + describe_json(v[i]));
    }
    out.push_back(v[i].get<std::string>());
  }
  return out;
}

const Json& ObjectReader::value(std::string_view key) { return required(key); }

ObjectReader ObjectReader::object(std::string_view key) {
  return ObjectReader(required(key), pointer_of(key));
}

void ObjectReader::finish(const std::string& context) {
  for (auto it = object_.begin(); it != object_.end(); ++it) {
    if (std::find(accepted_.begin(), accepted_.end(), it.key()) != accepted_.end()) continue;
    std::vector<std::string> accepted = accepted_;
    std::sort(accepted.begin(), accepted.end());
    accepted.erase(std::unique(accepted.begin(), accepted.end()), accepted.end());
    throw_config_error(pointer_of(it.key()), "unknown key '" + it.key() + "'" +
                                                 did_you_mean(it.key(), accepted) +
                                                 (context.empty() ? "" : " " + context) +
                                                 "; accepted keys here: " + quoted_list(accepted));
  }
}

}  // namespace plab
