#pragma once

#include <sqlite3.h>

#include <memory>

namespace plab {

// Owning handles for SQLite's C objects, so every early return closes what was opened.
struct CloseDatabase {
  void operator()(sqlite3* db) const { sqlite3_close(db); }
};
struct FinalizeStatement {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using SqliteDatabase = std::unique_ptr<sqlite3, CloseDatabase>;
using SqliteStatement = std::unique_ptr<sqlite3_stmt, FinalizeStatement>;

}  // namespace plab
