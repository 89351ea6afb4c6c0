#include "results/export/runs_flat_view.hpp"

#include <set>
#include <sstream>
#include <string>

#include "error.hpp"
#include "results/export/flat_columns.hpp"
#include "results/export/sqlite_statements.hpp"
#include "results/export/sqlite_values.hpp"
#include "results/format/exact_json.hpp"
#include "results/format/json_text.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

std::string quoted_identifier(const std::string& name) {
  std::string out = "\"";
  for (const char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// `$."key"` as an SQL string literal. SQLite's JSON paths have no escape for '"'.
std::string json_path(const std::string& key, const char* what, const fs::path& path) {
  if (key.find('"') != std::string::npos) {
    throw ResultsError("cannot make the runs_flat view of '" + path.string() + "': the " + what +
                       " '" + key + "' has a '\"', which an SQLite JSON path cannot name");
  }
  std::string literal = "'$.\"";
  for (const char c : key) literal += c == '\'' ? std::string("''") : std::string(1, c);
  return literal + "\"'";
}

std::string string_literal(const std::string& text) {
  std::string literal = "'";
  for (const char c : text) literal += c == '\'' ? std::string("''") : std::string(1, c);
  return literal + "'";
}

// What the database holds: the inputs of the column names.
FlatInputs flat_inputs_of(sqlite3* db, const fs::path& path) {
  FlatInputs inputs;
  const auto rows = [&](const std::string& sql, const auto& visit) {
    SqliteStatement s = prepare_sqlite(db, path, sql);
    int rc = 0;
    while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) visit(s.get());
    if (rc != SQLITE_DONE) fail_sqlite(db, path);
  };
  rows(
      "SELECT DISTINCT l.learner, COALESCE(l.plugin, ''), j.key FROM learners l, "
      "json_each(l.params) j WHERE json_valid(l.params) AND json_type(l.params) = 'object'",
      [&](sqlite3_stmt* s) {
        inputs.learner_params.insert(
            LearnerParam{column_text(s, 0), column_text(s, 1), column_text(s, 2)});
      });
  rows(
      "SELECT DISTINCT j.key FROM points p, json_each(p.params) j "
      "WHERE json_valid(p.params) AND json_type(p.params) = 'object'",
      [&](sqlite3_stmt* s) { inputs.sweep_pointers.insert(column_text(s, 0)); });
  // The records' field lists, each once, in the order first stored.
  rows(
      "SELECT fields FROM (SELECT (SELECT group_concat(key, char(10)) FROM json_each(r.record)) "
      "AS fields, r.rowid AS id FROM runs r) GROUP BY fields ORDER BY MIN(id)",
      [&](sqlite3_stmt* s) {
        std::istringstream fields(column_text(s, 0));
        for (std::string field; std::getline(fields, field);) inputs.add_record_field(field);
      });
  return inputs;
}

std::set<std::string> run_table_columns(sqlite3* db, const fs::path& path) {
  std::set<std::string> columns;
  SqliteStatement s = prepare_sqlite(db, path, "SELECT name FROM pragma_table_info('runs')");
  while (sqlite3_step(s.get()) == SQLITE_ROW) columns.insert(column_text(s.get(), 0));
  return columns;
}

std::string column_expression(const FlatColumn& c, const std::set<std::string>& typed,
                              const fs::path& path) {
  switch (c.source) {
    case FlatSource::kExperiment:
      return c.key == "experiment_id" ? "e.id"
             : c.key == "experiment"  ? "e.name"
                                      : "e." + quoted_identifier(c.key);
    case FlatSource::kRunId:
      return "r." + quoted_identifier(c.key);
    case FlatSource::kLearnerParam: {
      std::string value =
          "json_extract(l.params, " + json_path(c.key, "learner parameter", path) + ")";
      if (c.learner.empty()) return value;
      return "CASE WHEN r.learner = " + string_literal(c.learner) + " THEN " + value + " END";
    }
    case FlatSource::kSweep:
      return "json_extract(p.params, " + json_path(c.key, "swept pointer", path) + ")";
    case FlatSource::kRecord:
      // A real read exactly: from its typed column, or from run_reals (store_exact_reals);
      // json_extract for the rest, which it reads exactly (integers, text, arrays as JSON).
      if (typed.count(c.key) != 0) return "r." + quoted_identifier(c.key);
      return "COALESCE((SELECT x.value FROM run_reals x WHERE x.experiment_id = r.experiment_id"
             " AND x.run = r.run AND x.field = " +
             string_literal(c.key) + "), json_extract(r.record, " +
             json_path(c.key, "record field", path) + "))";
  }
  return "NULL";
}

}  // namespace

void set_experiment_annotations(sqlite3* db, const fs::path& path, long long id,
                                const boost::json::object& manifest) {
  SqliteStatement s =
      prepare_sqlite(db, path, "UPDATE experiments SET tags = ?, note = ? WHERE id = ?");
  const boost::json::value* tags = manifest.if_contains("tags");
  bind_value(s.get(), 1,
             to_json_text(tags != nullptr ? *tags : boost::json::value(boost::json::array{})));
  bind_value(s.get(), 2, manifest.if_contains("note"));
  bind_value(s.get(), 3, id);
  if (sqlite3_step(s.get()) != SQLITE_DONE) fail_sqlite(db, path);
}

void store_exact_reals(sqlite3* db, const fs::path& path, long long id) {
  const std::set<std::string> typed = run_table_columns(db, path);
  SqliteStatement runs =
      prepare_sqlite(db, path, "SELECT run, record FROM runs WHERE experiment_id = ?");
  bind_value(runs.get(), 1, id);
  SqliteStatement insert = prepare_sqlite(
      db, path, "INSERT INTO run_reals (experiment_id, run, field, value) VALUES (?, ?, ?, ?)");
  int rc = 0;
  while ((rc = sqlite3_step(runs.get())) == SQLITE_ROW) {
    const long long run = sqlite3_column_int64(runs.get(), 0);
    const boost::json::value record = parse_json_exactly(
        column_text(runs.get(), 1), "'" + path.string() + "', experiment " + std::to_string(id) +
                                        ", run " + std::to_string(run));
    if (!record.is_object()) continue;
    for (const auto& kv : record.as_object()) {
      if (!kv.value().is_double() || typed.count(std::string(kv.key())) != 0) continue;
      bind_value(insert.get(), 1, id);
      bind_value(insert.get(), 2, run);
      bind_value(insert.get(), 3, std::string(kv.key()));
      sqlite3_bind_double(insert.get(), 4, kv.value().as_double());
      if (sqlite3_step(insert.get()) != SQLITE_DONE) fail_sqlite(db, path);
      sqlite3_reset(insert.get());
      sqlite3_clear_bindings(insert.get());
    }
  }
  if (rc != SQLITE_DONE) fail_sqlite(db, path);
}

std::string runs_flat_view_sql(sqlite3* db, const fs::path& path) {
  const std::set<std::string> typed = run_table_columns(db, path);
  std::string sql = "CREATE VIEW runs_flat AS SELECT ";
  bool first = true;
  for (const FlatColumn& c : flat_columns(flat_inputs_of(db, path))) {
    sql += (first ? "" : ", ") + column_expression(c, typed, path) + " AS " +
           quoted_identifier(c.name);
    first = false;
  }
  sql +=
      " FROM runs r JOIN experiments e ON e.id = r.experiment_id"
      " LEFT JOIN points p ON p.experiment_id = r.experiment_id AND p.point = r.point"
      " LEFT JOIN learners l ON l.experiment_id = r.experiment_id AND l.point = r.point"
      " AND l.learner = r.learner";
  return sql;
}

void create_runs_flat_view(sqlite3* db, const fs::path& path) {
  exec_sqlite(db, path, "DROP VIEW IF EXISTS runs_flat; " + runs_flat_view_sql(db, path) + ";");
}

}  // namespace plab
