#include "results/export/sqlite_values.hpp"

#include <cstdint>
#include <limits>

#include "results/format/json_text.hpp"

namespace plab {

void bind_value(sqlite3_stmt* s, int index, const boost::json::value* v) {
  if (v == nullptr || v->is_null()) {
    sqlite3_bind_null(s, index);
  } else if (v->is_int64()) {
    sqlite3_bind_int64(s, index, v->as_int64());
  } else if (v->is_uint64()) {
    const std::uint64_t u = v->as_uint64();
    if (u <= static_cast<std::uint64_t>(std::numeric_limits<sqlite3_int64>::max())) {
      sqlite3_bind_int64(s, index, static_cast<sqlite3_int64>(u));
    } else {
      const std::string text = std::to_string(u);
      sqlite3_bind_text(s, index, text.c_str(), -1, SQLITE_TRANSIENT);
    }
  } else if (v->is_double()) {
    sqlite3_bind_double(s, index, v->as_double());
  } else if (v->is_bool()) {
    sqlite3_bind_int(s, index, v->as_bool() ? 1 : 0);
  } else if (v->is_string()) {
    sqlite3_bind_text(s, index, v->as_string().data(), static_cast<int>(v->as_string().size()),
                      SQLITE_TRANSIENT);
  } else {
    const std::string text = to_json_text(*v);
    sqlite3_bind_text(s, index, text.c_str(), -1, SQLITE_TRANSIENT);
  }
}

void bind_value(sqlite3_stmt* s, int index, const boost::json::value& v) {
  bind_value(s, index, &v);
}

void bind_value(sqlite3_stmt* s, int index, const std::string& text) {
  sqlite3_bind_text(s, index, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

void bind_value(sqlite3_stmt* s, int index, long long n) { sqlite3_bind_int64(s, index, n); }

std::string placeholders(std::size_t n) {
  std::string text;
  for (std::size_t i = 0; i < n; ++i) text += i == 0 ? "?" : ", ?";
  return text;
}

}  // namespace plab
