#include "results/export/sqlite_statements.hpp"

#include "error.hpp"

namespace plab {

void fail_sqlite(sqlite3* db, const std::filesystem::path& path) {
  throw WriteError("writing the SQLite database '" + path.string() +
                   "' failed: " + sqlite3_errmsg(db));
}

void exec_sqlite(sqlite3* db, const std::filesystem::path& path, const std::string& sql) {
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) fail_sqlite(db, path);
}

SqliteStatement prepare_sqlite(sqlite3* db, const std::filesystem::path& path,
                               const std::string& sql) {
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) != SQLITE_OK) fail_sqlite(db, path);
  return SqliteStatement(s);
}

std::string column_text(sqlite3_stmt* s, int column) {
  const auto* text = sqlite3_column_text(s, column);
  return text == nullptr ? std::string() : std::string(reinterpret_cast<const char*>(text));
}

}  // namespace plab
