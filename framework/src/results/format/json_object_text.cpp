#include "results/format/json_object_text.hpp"

#include <charconv>

#include <boost/json/serialize.hpp>
#include <boost/json/string_view.hpp>

#include "results/format/json_text.hpp"

namespace plab {

namespace {

// Text Boost.JSON prints as is between quotes: printable ASCII but the quote and backslash.
bool plain(std::string_view s) {
  for (const char c : s) {
    if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') return false;
  }
  return true;
}

void append_string(std::string& out, std::string_view s) {
  if (plain(s)) {
    out += '"';
    out += s;
    out += '"';
  } else {
    out += boost::json::serialize(boost::json::string_view(s.data(), s.size()));
  }
}

void append_count(std::string& out, std::uint64_t value) {
  char buffer[24];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  out.append(buffer, end);
}

}  // namespace

JsonObjectText::JsonObjectText(std::string& out) : out_(out) { out_ += '{'; }

void JsonObjectText::key(std::string_view key) {
  if (!first_) out_ += ',';
  first_ = false;
  append_string(out_, key);
  out_ += ':';
}

void JsonObjectText::number(std::string_view key, const std::optional<double>& value) {
  member_or_null(key, value, [this](double v) { append_json_number(out_, v); });
}

void JsonObjectText::count(std::string_view key, const std::optional<std::uint64_t>& value) {
  member_or_null(key, value, [this](std::uint64_t v) { append_count(out_, v); });
}

void JsonObjectText::flag(std::string_view key, const std::optional<bool>& value) {
  member_or_null(key, value, [this](bool v) { out_ += v ? "true" : "false"; });
}

void JsonObjectText::text(std::string_view key, const std::optional<std::string>& value) {
  member_or_null(key, value, [this](const std::string& v) { append_string(out_, v); });
}

void JsonObjectText::string(std::string_view key, std::string_view value) {
  this->key(key);
  append_string(out_, value);
}

void JsonObjectText::object(std::string_view key, const boost::json::object& value) {
  this->key(key);
  JsonObjectText members(out_);
  for (const auto& member : value) members.value(member.key(), member.value());
  members.close();
}

void JsonObjectText::numbers(std::string_view key, std::span<const double> values) {
  this->key(key);
  append_json_numbers(out_, values);
}

void JsonObjectText::counts(std::string_view key, std::span<const std::uint64_t> values) {
  this->key(key);
  out_ += '[';
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out_ += ',';
    append_count(out_, values[i]);
  }
  out_ += ']';
}

void JsonObjectText::null(std::string_view key) {
  this->key(key);
  out_ += "null";
}

void JsonObjectText::value(std::string_view key, const boost::json::value& value) {
  this->key(key);
  append_json(out_, value);
}

void JsonObjectText::close() { out_ += '}'; }

}  // namespace plab
