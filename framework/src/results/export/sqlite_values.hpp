// Binding JSON values and plain values to SQLite statements, each with its own type, for the
// export (results/export/sqlite_export.cpp).
#pragma once

#include <sqlite3.h>

#include <cstddef>
#include <string>

#include <boost/json/value.hpp>

namespace plab {

// (Not `bind`: with a std::string argument, ADL would find std::bind.)
// A JSON value with its own type: integers, reals, text, booleans as 0/1, null; objects and
// arrays as JSON text; an integer past SQLite's 64-bit range as text.
void bind_value(sqlite3_stmt* s, int index, const boost::json::value* v);
void bind_value(sqlite3_stmt* s, int index, const boost::json::value& v);
void bind_value(sqlite3_stmt* s, int index, const std::string& text);
void bind_value(sqlite3_stmt* s, int index, long long n);

// "?, ?, …" with n placeholders.
std::string placeholders(std::size_t n);

}  // namespace plab
