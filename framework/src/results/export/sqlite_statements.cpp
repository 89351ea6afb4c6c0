#include "results/export/sqlite_statements.hpp"

#include "error.hpp"
#include "results/export/sqlite_file.hpp"

namespace plab {

// The cause in words (a file size limit, a full disk), as the export's own statements say it.
void fail_sqlite(sqlite3* db, const std::filesystem::path& path) {
  throw WriteError("writing the SQLite database '" + path.string() +
                   "' failed: " + write_failure_reason(db, path));
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
