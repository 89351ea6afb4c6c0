#include "results/format/json_text.hpp"

#include <charconv>
#include <cmath>

#include <boost/json/serialize.hpp>

namespace plab {

void append_json_number(std::string& out, double value) {
  if (!std::isfinite(value)) {
    out += "null";
    return;
  }
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  out.append(buffer, end);
}

void append_json_numbers(std::string& out, std::span<const double> values) {
  out += '[';
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ',';
    append_json_number(out, values[i]);
  }
  out += ']';
}

void append_json(std::string& out, const boost::json::value& value) {
  switch (value.kind()) {
    case boost::json::kind::double_:
      append_json_number(out, value.get_double());
      return;
    case boost::json::kind::object: {
      out += '{';
      bool first = true;
      for (const auto& member : value.get_object()) {
        if (!first) out += ',';
        first = false;
        out += boost::json::serialize(boost::json::string_view(member.key()));
        out += ':';
        append_json(out, member.value());
      }
      out += '}';
      return;
    }
    case boost::json::kind::array: {
      out += '[';
      bool first = true;
      for (const auto& element : value.get_array()) {
        if (!first) out += ',';
        first = false;
        append_json(out, element);
      }
      out += ']';
      return;
    }
    default:
      out += boost::json::serialize(value);
      return;
  }
}

std::string to_json_text(const boost::json::value& value) {
  std::string out;
  append_json(out, value);
  return out;
}

}  // namespace plab
