// One JSON object's text, member after member, without building a boost::json::object.
//
// Run records and timings are written once per run, and a 1,000-run sweep of a small data
// set spent more time building objects (a hash table, an allocation a member) than training.
// The text is the one append_json (json_text.hpp) prints for the object with the same
// members in the same order: doubles in their shortest round-trip form, non-finite ones and
// absent optionals as null, strings escaped by Boost.JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

namespace plab {

class JsonObjectText {
 public:
  explicit JsonObjectText(std::string& out);  // appends '{'
  void number(std::string_view key, const std::optional<double>& value);
  void count(std::string_view key, const std::optional<std::uint64_t>& value);
  void flag(std::string_view key, const std::optional<bool>& value);
  void text(std::string_view key, const std::optional<std::string>& value);
  void string(std::string_view key, std::string_view value);
  void object(std::string_view key, const boost::json::object& value);       // as append_json
  void numbers(std::string_view key, std::span<const double> values);        // an array
  void counts(std::string_view key, std::span<const std::uint64_t> values);  // an array
  void null(std::string_view key);
  void value(std::string_view key, const boost::json::value& value);
  void close();  // appends '}'

 private:
  void key(std::string_view key);
  template <class T, class Append>
  void member_or_null(std::string_view key, const std::optional<T>& value, Append append) {
    this->key(key);
    if (value) {
      append(*value);
    } else {
      out_ += "null";
    }
  }
  std::string& out_;
  bool first_ = true;
};

}  // namespace plab
