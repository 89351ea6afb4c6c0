// The layout of the database `plab export --sqlite` writes (docs/sqlite.md) and its version,
// so that an export never writes into, and a query never trusts, a database of another
// layout: an earlier plab's (its seeds were not exact) or an unrelated SQLite file.
#pragma once

#include <sqlite3.h>

#include <filesystem>
#include <string>

namespace plab {

// PRAGMA user_version of a database this plab writes. Version 1 (user_version 0, no
// application id) stored seeds of 2^63 and more as REAL, which merged neighbouring seeds.
// Version 2 had no experiments.tags and .note and no runs_flat view; an export migrates it
// (results/export/sqlite_migration.hpp).
inline constexpr int kSqliteSchemaVersion = 3;
inline constexpr int kSqliteMigratableVersion = 2;
// PRAGMA application_id: "plab" in ASCII, so `file` and plab tell the database apart.
inline constexpr int kSqliteApplicationId = 0x706c6162;

enum class DatabaseKind {
  kEmpty,     // no tables (a new file): the schema is created
  kCurrent,   // this plab's schema
  kPrevious,  // version 2: read as it is, migrated by an export
  kEarlier,   // an earlier plab export's tables, without the current version
  kNewer,     // plab's application id with a later version
  kUnknown,   // plab's application id with a version no plab writes
  kOther,     // tables that are not plab's
};

// What the database holds. ResultsError (exit 2) when the file is not an SQLite database.
DatabaseKind database_kind(sqlite3* db, const std::filesystem::path& path);

// Creates the tables and sets the version; inside the caller's transaction.
void create_schema(sqlite3* db, const std::filesystem::path& path);

// Throws ResultsError (exit 2) unless the database is empty or of the current version:
// an earlier version with the exact command that rebuilds it from the folders it lists, a
// newer or an unrelated one with what to do instead. `what` names the command refused.
void require_current_schema(sqlite3* db, const std::filesystem::path& path, DatabaseKind kind,
                            const std::string& what);

}  // namespace plab
