// The schema objects of a plab database (sqlite_master): before an export writes into it, every
// table, index, view and trigger must be one plab makes, declared as plab declares it. A
// trigger planted on `runs` could delete what the export adds while the export counts it as
// added; a view or index of someone else's, or an edited runs_flat, is no longer the file plab
// wrote.
#pragma once

#include <sqlite3.h>

#include <filesystem>
#include <string>

#include "results/export/sqlite_handles.hpp"

namespace plab {

// A new in-memory database holding plab's tables and indexes (results/export/sqlite_schema.hpp, and
// `runs_table`, the CREATE TABLE statement of `runs`) and nothing else: what a check compares
// with. A failure is named after `path`, the database being checked.
SqliteDatabase plab_schema_database(const std::filesystem::path& path,
                                    const std::string& runs_table);

// ResultsError (exit 2), "'DB' is not an SQLite database plab can use: <why>", when `db` holds a
// trigger, a view other than runs_flat, an index other than plab's and SQLite's own, or a table
// other than plab's (SQLite's statistics of ANALYZE aside); or when one of plab's objects is
// declared otherwise than in `plab_schema` (runs_flat: otherwise than plab makes it from what
// `db` holds), or an index plab makes is missing. Spacing aside: ALTER TABLE rewrites a
// statement with its own. A missing runs_flat is no fault: every export makes it again.
void check_schema_objects(sqlite3* db, const std::filesystem::path& path, sqlite3* plab_schema);

}  // namespace plab
