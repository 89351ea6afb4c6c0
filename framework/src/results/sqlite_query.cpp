#include "results/sqlite_query.hpp"

#include <sqlite3.h>

#include <map>
#include <memory>
#include <set>
#include <tuple>

#include "error.hpp"
#include "results/sqlite_handles.hpp"

namespace plab {

namespace {

const char* const kNeeded[] = {"point", "learner", "repeat", "seed", "mistakes"};

std::optional<double> real_or_null(sqlite3_stmt* s, int column) {
  if (column < 0 || sqlite3_column_type(s, column) == SQLITE_NULL) return std::nullopt;
  return sqlite3_column_double(s, column);
}

}  // namespace

std::vector<QueriedRun> query_runs(const std::filesystem::path& db_path, const std::string& sql) {
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(db_path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  SqliteDatabase db(raw);
  if (rc != SQLITE_OK)
    throw UsageError("cannot open the SQLite database '" + db_path.string() + "' to query it: " +
                     (raw != nullptr ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)));
  sqlite3_stmt* raw_statement = nullptr;
  if (sqlite3_prepare_v2(db.get(), sql.c_str(), -1, &raw_statement, nullptr) != SQLITE_OK ||
      raw_statement == nullptr) {
    throw UsageError("the query does not run on '" + db_path.string() +
                     "': " + sqlite3_errmsg(db.get()));
  }
  SqliteStatement s(raw_statement);
  if (!sqlite3_stmt_readonly(s.get()))
    throw UsageError("the query must only read the database (a SELECT)");
  std::map<std::string, int> columns;
  std::string returned;
  for (int c = 0; c < sqlite3_column_count(s.get()); ++c) {
    const std::string name = sqlite3_column_name(s.get(), c);
    columns.emplace(name, c);
    returned += (returned.empty() ? "" : ", ") + name;
  }
  for (const char* name : kNeeded) {
    if (columns.count(name) == 0)
      throw UsageError(
          "the query must return the columns point, learner, repeat, seed and mistakes "
          "(test_error optional); it returns: " +
          returned);
  }
  const auto column = [&](const char* name) {
    const auto it = columns.find(name);
    return it == columns.end() ? -1 : it->second;
  };
  std::vector<QueriedRun> runs;
  std::set<std::tuple<std::int64_t, std::string, std::int64_t>> seen;
  int step = 0;
  while ((step = sqlite3_step(s.get())) == SQLITE_ROW) {
    QueriedRun r;
    r.point = sqlite3_column_int64(s.get(), column("point"));
    const auto* learner = sqlite3_column_text(s.get(), column("learner"));
    r.learner = learner == nullptr ? "" : reinterpret_cast<const char*>(learner);
    r.repeat = sqlite3_column_int64(s.get(), column("repeat"));
    r.seed = sqlite3_column_int64(s.get(), column("seed"));
    r.mistakes = real_or_null(s.get(), column("mistakes"));
    r.test_error = real_or_null(s.get(), column("test_error"));
    if (!seen.insert({r.point, r.learner, r.repeat}).second) {
      throw UsageError("the query returns point " + std::to_string(r.point) + ", learner '" +
                       r.learner + "', repeat " + std::to_string(r.repeat) +
                       " twice (runs of two experiments under one learner name?); select one "
                       "experiment per learner, or rename a learner in the query");
    }
    runs.push_back(std::move(r));
  }
  if (step != SQLITE_DONE)
    throw UsageError("the query does not run on '" + db_path.string() +
                     "': " + sqlite3_errmsg(db.get()));
  return runs;
}

}  // namespace plab
