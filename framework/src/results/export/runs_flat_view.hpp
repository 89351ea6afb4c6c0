// The `runs_flat` view of the SQLite export: one row per run with the columns of
// results/export/flat_columns.hpp, the same as `plab export --csv` writes. Its columns depend on
// what the database holds (the learners' parameters, the swept values, the record fields), so every
// export replaces it, inside its transaction.
#pragma once

#include <sqlite3.h>

#include <filesystem>
#include <string>

#include <boost/json/object.hpp>

namespace plab {

// The folder's tags (JSON text of the array) and note on its experiments row `id`.
void set_experiment_annotations(sqlite3* db, const std::filesystem::path& path, long long id,
                                const boost::json::object& manifest);

// Every real-valued record field of experiment `id` that has no column of its own in `runs`
// (`loss`, `bound_clean`, …) into run_reals, read exactly from the record: SQLite's own
// reading of a JSON number (json_extract) may be a unit in the last place off.
void store_exact_reals(sqlite3* db, const std::filesystem::path& path, long long id);

// The CREATE VIEW statement of runs_flat for what the database holds now (as SQLite keeps it
// in sqlite_master), so that a check can tell plab's view from an edited one.
std::string runs_flat_view_sql(sqlite3* db, const std::filesystem::path& path);

// Drops runs_flat and makes it again from what the database holds. A record field, learner
// parameter or swept pointer that an SQLite JSON path cannot name (one with '"') is a
// ResultsError (exit 2) naming it.
void create_runs_flat_view(sqlite3* db, const std::filesystem::path& path);

}  // namespace plab
