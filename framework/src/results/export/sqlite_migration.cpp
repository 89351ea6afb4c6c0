#include "results/export/sqlite_migration.hpp"

#include <string>
#include <utility>
#include <vector>

#include "results/export/runs_flat_view.hpp"
#include "results/export/sqlite_met_checks.hpp"
#include "results/export/sqlite_schema.hpp"
#include "results/export/sqlite_statements.hpp"
#include "results/export/sqlite_values.hpp"

namespace plab {

void migrate_to_current_schema(sqlite3* db, const std::filesystem::path& path) {
  exec_sqlite(db, path,
              "ALTER TABLE experiments ADD COLUMN tags TEXT; "
              "ALTER TABLE experiments ADD COLUMN note TEXT; "
              "CREATE TABLE run_reals (experiment_id INTEGER NOT NULL REFERENCES experiments(id), "
              "run INTEGER NOT NULL, field TEXT NOT NULL, value REAL NOT NULL, "
              "PRIMARY KEY (experiment_id, run, field));");
  std::vector<std::pair<long long, std::string>> identities;
  {
    SqliteStatement s =
        prepare_sqlite(db, path, "SELECT id, config, plab_version FROM experiments ORDER BY id");
    int rc = 0;
    while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) {
      const long long id = sqlite3_column_int64(s.get(), 0);
      identities.emplace_back(id, stored_experiment_identity(db, path, id, column_text(s.get(), 1),
                                                             column_text(s.get(), 2)));
    }
    if (rc != SQLITE_DONE) fail_sqlite(db, path);
  }
  SqliteStatement update =
      prepare_sqlite(db, path, "UPDATE experiments SET identity_sha256 = ? WHERE id = ?");
  for (const auto& [id, identity] : identities) {
    bind_value(update.get(), 1, identity);
    bind_value(update.get(), 2, id);
    if (sqlite3_step(update.get()) != SQLITE_DONE) fail_sqlite(db, path);
    sqlite3_reset(update.get());
  }
  for (const auto& [id, identity] : identities) store_exact_reals(db, path, id);
  exec_sqlite(db, path, "PRAGMA user_version = " + std::to_string(kSqliteSchemaVersion));
}

}  // namespace plab
