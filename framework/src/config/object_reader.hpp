// Validating reader for one JSON object of a config, tracking its JSON Pointer.
//
// Each getter names an accepted key; finish() then refuses every key no getter asked for,
// suggesting the closest accepted one. Every error names the JSON Pointer of the value,
// what was found and what is accepted.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/json.hpp"

namespace plab {

// "/a/b" + "c" → "/a/b/c", escaping '~' and '/' as RFC 6901 requires.
std::string pointer_append(const std::string& pointer, std::string_view key);
std::string pointer_append(const std::string& pointer, std::size_t index);

// Describes a JSON value for messages: "string \"abc\"", "number 3", "an object", ...
std::string describe_json(const Json& value);

[[noreturn]] void throw_config_error(const std::string& pointer, const std::string& message);

class ObjectReader {
 public:
  ObjectReader(const Json& value, std::string pointer);

  const std::string& pointer() const { return pointer_; }
  std::string pointer_of(std::string_view key) const { return pointer_append(pointer_, key); }
  bool has(std::string_view key);  // also declares the key accepted

  // Getters declare the key accepted; without a default the key is required.
  std::string text(std::string_view key, std::optional<std::string> fallback = std::nullopt);
  std::string choice(std::string_view key, const std::vector<std::string>& accepted,
                     std::optional<std::string> fallback = std::nullopt);
  double number(std::string_view key, std::optional<double> fallback = std::nullopt);
  std::int64_t integer(std::string_view key, std::int64_t min, std::int64_t max,
                       std::optional<std::int64_t> fallback = std::nullopt);
  std::uint64_t seed(std::string_view key, std::uint64_t fallback);
  bool flag(std::string_view key, bool fallback);
  std::vector<double> numbers(std::string_view key);
  std::vector<std::string> texts(std::string_view key);
  const Json& value(std::string_view key);    // required, any type
  ObjectReader object(std::string_view key);  // required object

  // Refuses keys no getter declared. `context` completes "is not accepted ...".
  void finish(const std::string& context = "");

 private:
  const Json& required(std::string_view key);
  const Json* find(std::string_view key);

  const Json& object_;
  std::string pointer_;
  std::vector<std::string> accepted_;
};

}  // namespace plab
