// What `plab export --sqlite` meets in the database, checked against the folder it exports:
// a hand edit there would otherwise make the export skip a run it should add, or add one the
// database already holds. Each check reads only the rows the export meets (an experiment of
// the same config or records, a run of the same experiment identity), never a whole table.
#pragma once

#include <sqlite3.h>

#include <filesystem>
#include <string>

#include <boost/json/object.hpp>

#include "results/export/sqlite_handles.hpp"

namespace plab {

// The identity of experiment `id` (results/export/export_source.hpp) recomputed from its
// config, plab_version, plugins and data_files rows.
std::string stored_experiment_identity(sqlite3* db, const std::filesystem::path& path, long long id,
                                       const std::string& config_text,
                                       const std::string& plab_version);

// Every experiment holding the folder's config (config_sha256) or its runs.jsonl
// (records_sha256) must have the identity_sha256 its rows give: one edited would let the
// folder's runs in a second time. Refused as an unusable database (exit 2), naming the row.
void require_identities_of_same_config(sqlite3* db, const std::filesystem::path& path,
                                       const std::string& config_sha256,
                                       const std::string& records_sha256);

// A run the export found in the database (experiment `experiment_id`, run `run`) with the
// folder's record: its columns (`seed` and kSqliteRunColumns) and its rows of run_reals must
// still say what the record says. `check` comes from prepare_met_run_check().
struct MetRunCheck {
  SqliteStatement columns;
  SqliteStatement reals;
};
MetRunCheck prepare_met_run_check(sqlite3* db, const std::filesystem::path& path);
void require_met_run_as_recorded(sqlite3* db, const std::filesystem::path& path, MetRunCheck& check,
                                 long long experiment_id, long long run, const std::string& seed,
                                 const boost::json::object& record);

}  // namespace plab
