// Checked reading of a JSON object from a results file (a runs.jsonl record, manifest.json).
//
// plab writes these files, but people edit them by hand and disks tear them. A field that is
// missing or of the wrong type is a data error naming the file, line and field and saying
// what was expected (exit 2), never an exception from deep inside Boost.JSON.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

namespace plab {

class RecordFields {
 public:
  // `where` names the object in messages: "DIR/runs.jsonl:7" or "DIR/manifest.json".
  // `prefix` is the JSON Pointer of the object inside that text ("" for the whole line).
  RecordFields(const boost::json::object& object, std::string where, std::string prefix = "");

  const boost::json::object& object() const { return object_; }
  bool has(std::string_view key) const { return object_.contains(key); }

  const boost::json::value& any(std::string_view key) const;  // present, any type
  std::size_t count(std::string_view key) const;              // a non-negative integer
  std::optional<std::size_t> count_or_null(std::string_view key) const;
  double number(std::string_view key) const;  // finite
  std::optional<double> number_or_null(std::string_view key) const;
  std::string string(std::string_view key) const;
  std::optional<std::string> string_or_null(std::string_view key) const;
  bool boolean(std::string_view key) const;
  std::optional<bool> boolean_or_null(std::string_view key) const;
  const boost::json::array& array(std::string_view key) const;
  RecordFields object(std::string_view key) const;
  // An array whose elements must be objects (manifest.json's points, plugins), each named in
  // messages by its index ('points/3/theory/R').
  std::vector<RecordFields> objects(std::string_view key) const;

  // A DataError naming this object's file:line and the field: "field 'k' <problem>".
  [[noreturn]] void fail(std::string_view key, const std::string& problem) const;
  // "field 'k' is "lots" (a string); expected <expected>".
  [[noreturn]] void wrong(std::string_view key, const boost::json::value& found,
                          const std::string& expected) const;

 private:
  const boost::json::object& object_;
  std::string where_;
  std::string prefix_;
};

// A count read from an array element or other value outside an object, with the same rules.
std::optional<std::size_t> as_count(const boost::json::value& v);

}  // namespace plab
