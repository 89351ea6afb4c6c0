#include "results/export/sqlite_met_checks.hpp"

#include <cstdint>
#include <map>
#include <set>
#include <string_view>
#include <vector>

#include "results/export/export_source.hpp"
#include "results/export/sqlite_file.hpp"
#include "results/export/sqlite_run_columns.hpp"
#include "results/export/sqlite_statements.hpp"
#include "results/export/sqlite_values.hpp"
#include "results/format/exact_json.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> texts_of_experiment(sqlite3* db, const fs::path& path,
                                             const std::string& sql, long long id) {
  SqliteStatement s = prepare_sqlite(db, path, sql);
  bind_value(s.get(), 1, id);
  std::vector<std::string> texts;
  int rc = 0;
  while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) texts.push_back(column_text(s.get(), 0));
  if (rc != SQLITE_DONE) fail_sqlite(db, path);
  return texts;
}

std::string run_row(long long experiment_id, long long run) {
  return "(experiment " + std::to_string(experiment_id) + ", run " + std::to_string(run);
}

// Compares the stored run's columns with the record's values, bound as an insert binds them
// (so SQLite converts both alike): the first column that differs, "" if none.
std::string column_that_differs(sqlite3* db, const fs::path& path, sqlite3_stmt* check,
                                long long experiment_id, long long run, const std::string& seed,
                                const boost::json::object& record) {
  int i = 0;
  bind_value(check, ++i, seed);
  for (const auto& [name, type] : kSqliteRunColumns) {
    const boost::json::value* v = record.if_contains(name);
    // A REAL column turned an integer bound as such into the nearest double when the run was
    // inserted; the check must compare that double, not the exact integer (2^53 + 1 is no
    // double). The exact parser reads positive integers as unsigned.
    const bool real_column = std::string_view(type) == "REAL";
    if (real_column && v != nullptr && v->is_int64())
      sqlite3_bind_double(check, ++i, static_cast<double>(v->as_int64()));
    else if (real_column && v != nullptr && v->is_uint64() &&
             v->as_uint64() <= static_cast<std::uint64_t>(INT64_MAX))
      sqlite3_bind_double(check, ++i,
                          static_cast<double>(static_cast<std::int64_t>(v->as_uint64())));
    else
      bind_value(check, ++i, v);
  }
  bind_value(check, ++i, experiment_id);
  bind_value(check, ++i, run);
  const int rc = sqlite3_step(check);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) fail_sqlite(db, path);
  std::string differs;
  for (int c = 0; rc == SQLITE_ROW && c < sqlite3_column_count(check) && differs.empty(); ++c) {
    if (sqlite3_column_int(check, c) == 0)
      differs = c == 0 ? std::string("seed") : kSqliteRunColumns[c - 1].first;
  }
  sqlite3_reset(check);
  sqlite3_clear_bindings(check);
  return differs;
}

// The record's real-valued fields without a column of their own, as store_exact_reals keeps
// them in run_reals.
std::map<std::string, double> reals_of_record(const boost::json::object& record) {
  static const std::set<std::string, std::less<>> typed = [] {
    std::set<std::string, std::less<>> names{"experiment_id", "run", "seed", "record"};
    for (const auto& [name, type] : kSqliteRunColumns) names.emplace(name);
    return names;
  }();
  std::map<std::string, double> reals;
  for (const auto& kv : record) {
    if (kv.value().is_double() && typed.count(std::string_view(kv.key())) == 0)
      reals.emplace(std::string(kv.key()), kv.value().as_double());
  }
  return reals;
}

void require_reals_of_record(sqlite3* db, const fs::path& path, sqlite3_stmt* check,
                             long long experiment_id, long long run,
                             const boost::json::object& record) {
  std::map<std::string, double> expected = reals_of_record(record);
  bind_value(check, 1, experiment_id);
  bind_value(check, 2, run);
  std::string why;
  int rc = 0;
  while (why.empty() && (rc = sqlite3_step(check)) == SQLITE_ROW) {
    const std::string field = column_text(check, 0);
    const auto it = expected.find(field);
    const std::string row = run_row(experiment_id, run) + ", field '" + field + "')";
    if (it == expected.end())
      why = "its table 'run_reals' holds the row " + row +
            ", a real its run's record does not have (added by hand?)";
    else if (sqlite3_column_type(check, 1) != SQLITE_FLOAT ||
             sqlite3_column_double(check, 1) != it->second)
      why = "its table 'run_reals' row " + row +
            " has a value that differs from its run's record (edited?)";
    else
      expected.erase(it);
  }
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) fail_sqlite(db, path);
  sqlite3_reset(check);
  sqlite3_clear_bindings(check);
  if (why.empty() && !expected.empty())
    why = "its table 'run_reals' has no row " + run_row(experiment_id, run) + ", field '" +
          expected.begin()->first + "') for a real of its run's record (deleted by hand?)";
  if (!why.empty()) throw_unusable_database(path, why);
}

}  // namespace

std::string stored_experiment_identity(sqlite3* db, const fs::path& path, long long id,
                                       const std::string& config_text,
                                       const std::string& plab_version) {
  const boost::json::value config =
      parse_json_exactly(config_text, "'" + path.string() + "', experiment " + std::to_string(id));
  return experiment_identity_sha256(
      config, plab_version,
      texts_of_experiment(db, path,
                          "SELECT name || ' ' || sha256 FROM plugins WHERE experiment_id = ?", id),
      texts_of_experiment(db, path, "SELECT sha256 FROM data_files WHERE experiment_id = ?", id));
}

void require_identities_of_same_config(sqlite3* db, const fs::path& path,
                                       const std::string& config_sha256,
                                       const std::string& records_sha256) {
  SqliteStatement s =
      prepare_sqlite(db, path,
                     "SELECT id, config, plab_version, identity_sha256 FROM experiments "
                     "WHERE config_sha256 = ? OR records_sha256 = ?");
  bind_value(s.get(), 1, config_sha256);
  bind_value(s.get(), 2, records_sha256);
  int rc = 0;
  while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) {
    const long long id = sqlite3_column_int64(s.get(), 0);
    if (stored_experiment_identity(db, path, id, column_text(s.get(), 1),
                                   column_text(s.get(), 2)) != column_text(s.get(), 3))
      throw_unusable_database(
          path, "its table 'experiments' row " + std::to_string(id) +
                    " has an identity_sha256 that is not the one its config, plab_version, "
                    "plugins and data_files give (edited?), so its runs would be added again");
  }
  if (rc != SQLITE_DONE) fail_sqlite(db, path);
}

MetRunCheck prepare_met_run_check(sqlite3* db, const fs::path& path) {
  std::string sql = "SELECT seed IS ?";
  for (const auto& [name, type] : kSqliteRunColumns) sql += std::string(", \"") + name + "\" IS ?";
  return MetRunCheck{
      prepare_sqlite(db, path, sql + " FROM runs WHERE experiment_id = ? AND run = ?"),
      prepare_sqlite(db, path,
                     "SELECT field, value FROM run_reals WHERE experiment_id = ? AND run = ?")};
}

// Someone may have edited a column or a real and not `record`: queries and runs_flat read them.
void require_met_run_as_recorded(sqlite3* db, const fs::path& path, MetRunCheck& check,
                                 long long experiment_id, long long run, const std::string& seed,
                                 const boost::json::object& record) {
  const std::string differs =
      column_that_differs(db, path, check.columns.get(), experiment_id, run, seed, record);
  if (!differs.empty())
    throw_unusable_database(path, "run " + std::to_string(run) + " of experiment " +
                                      std::to_string(experiment_id) + " has a column '" + differs +
                                      "' that differs from its record (edited?)");
  require_reals_of_record(db, path, check.reals.get(), experiment_id, run, record);
}

}  // namespace plab
