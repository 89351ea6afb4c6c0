// Statements on a database the export holds open, each failure a WriteError naming the
// database file, for the code beside the export (migration, the runs_flat view).
#pragma once

#include <sqlite3.h>

#include <filesystem>
#include <string>

#include "results/export/sqlite_handles.hpp"

namespace plab {

[[noreturn]] void fail_sqlite(sqlite3* db, const std::filesystem::path& path);
void exec_sqlite(sqlite3* db, const std::filesystem::path& path, const std::string& sql);
SqliteStatement prepare_sqlite(sqlite3* db, const std::filesystem::path& path,
                               const std::string& sql);
// Column `column` of the current row as text ("" for NULL).
std::string column_text(sqlite3_stmt* s, int column);

}  // namespace plab
