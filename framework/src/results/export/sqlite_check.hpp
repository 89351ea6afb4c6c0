// Checks, before plab export writes into a database of plab's current version, that the
// database is whole and consistent, so that an export never adds to (and skips runs because
// of) a damaged or hand-edited database: SQLite's own page check, every table and column
// plab made still there with its type, no schema object plab does not make
// (results/export/sqlite_objects.hpp), and rows that still belong together (no runs, points,
// learners, plugins or data files of an experiment that is gone; each experiment's runs as
// many as it says it added; each run's sweep point listed).
#pragma once

#include <sqlite3.h>

#include <filesystem>
#include <string>

namespace plab {

// ResultsError (exit 2), "'DB' is not an SQLite database plab can use: <why>", on the first
// thing found wrong; WriteError (exit 4) when the database cannot be read. `runs_table` is the
// CREATE TABLE statement of `runs` (the other tables are results/export/sqlite_schema.hpp's).
void check_plab_database(sqlite3* db, const std::filesystem::path& path,
                         const std::string& runs_table);

}  // namespace plab
