#pragma once

// The `runs` table of the SQLite export: the record fields that get a column, and the
// statement that creates the table. The export creates, fills and checks the table from it.

#include <string>
#include <utility>

namespace plab {

// The run record's fields that get a column of their own (the whole record is in `record`),
// and the point's seed after `repeat`, as exact decimal text.
inline constexpr std::pair<const char*, const char*> kSqliteRunColumns[] = {
    {"point", "INTEGER"},
    {"learner", "TEXT"},
    {"plugin", "TEXT"},
    {"repeat", "INTEGER"},
    {"params", "TEXT"},
    {"status", "TEXT"},
    {"converged", "INTEGER"},
    {"epochs", "INTEGER"},
    {"steps", "INTEGER"},
    {"mistakes", "INTEGER"},
    {"updates", "INTEGER"},
    {"train_error", "REAL"},
    {"test_error", "REAL"},
    {"w_norm", "REAL"},
    {"w0_norm", "REAL"},
    {"R", "REAL"},
    {"separable", "INTEGER"},
    {"gamma", "REAL"},
    {"w_ref_norm", "REAL"},
    {"rho", "REAL"},
    {"rho_upper", "REAL"},
    {"bound", "REAL"},
    {"bound_kind", "TEXT"},
    {"bound_on", "TEXT"},
    {"bound_applies", "INTEGER"},
    {"ratio", "REAL"},
    {"bound_holds", "INTEGER"},
    {"plain_bound", "REAL"},
    {"plain_bound_holds", "INTEGER"},
    {"error", "TEXT"},
};

inline std::string sqlite_run_table_sql() {
  std::string sql =
      "CREATE TABLE runs (experiment_id INTEGER NOT NULL REFERENCES experiments(id), run "
      "INTEGER NOT NULL, seed TEXT NOT NULL";
  for (const auto& [name, type] : kSqliteRunColumns)
    sql += std::string(", \"") + name + "\" " + type;
  return sql + ", record TEXT NOT NULL, PRIMARY KEY (experiment_id, run));";
}

}  // namespace plab
