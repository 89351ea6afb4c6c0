#include "results/export/sqlite_export.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include "base/file_hash.hpp"
#include "base/interrupt.hpp"
#include "error.hpp"
#include "results/export/export_source.hpp"
#include "results/export/runs_flat_view.hpp"
#include "results/export/sqlite_check.hpp"
#include "results/export/sqlite_file.hpp"
#include "results/export/sqlite_handles.hpp"
#include "results/export/sqlite_met_checks.hpp"
#include "results/export/sqlite_migration.hpp"
#include "results/export/sqlite_run_columns.hpp"
#include "results/export/sqlite_schema.hpp"
#include "results/export/sqlite_values.hpp"
#include "results/folder/enclosing_results_folder.hpp"
#include "results/folder/folder_lock.hpp"
#include "results/folder/record_digest.hpp"
#include "results/folder/results_folder.hpp"
#include "results/format/exact_json.hpp"
#include "results/format/json_text.hpp"
#include "results/format/manifest_reader.hpp"
#include "results/format/run_record.hpp"
#include "results/format/runs_reader.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

class Exporter {
 public:
  explicit Exporter(const fs::path& path) : path_(path) {
    // Not through a link either, as --csv: the file written is the one named. (Not
    // SQLITE_OPEN_NOFOLLOW: it refuses a link anywhere in the path, a linked folder too.)
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(path, ec);
    if (fs::exists(status) && !fs::is_regular_file(status)) {
      throw ResultsError("'" + path.string() + "' is not a regular file" +
                         (fs::is_symlink(status) ? " (it is a symbolic link)" : "") +
                         "; plab export writes an SQLite database into a regular file, never "
                         "through a link (give a new file name, or the file a link names)");
    }
    require_no_other_names(path);
    require_sqlite_header_if_not_empty(path);
    sqlite3* db = nullptr;
    const int rc = open_database_file(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &db);
    db_.reset(db);
    if (rc != SQLITE_OK) {
      throw WriteError("cannot open the SQLite database '" + path.string() +
                       "': " + (db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
    }
    sqlite3_busy_timeout(db_.get(), kSqliteBusyWaitMs);  // another export writing it: wait
    // One transaction for the whole export: refused, failed or interrupted, it leaves the
    // database as it was.
    if (sqlite3_exec(db_.get(), "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) fail();
    const DatabaseKind kind = database_kind(db_.get(), path);
    require_current_schema(db_.get(), path, kind, "plab export");
    if (kind == DatabaseKind::kEmpty) {
      create_schema(db_.get(), path);
      exec(sqlite_run_table_sql());
    } else {
      // A version-2 database is checked against the schema it is migrated to.
      if (kind == DatabaseKind::kPrevious) migrate_to_current_schema(db_.get(), path);
      check_plab_database(db_.get(), path, sqlite_run_table_sql());
    }
  }

  void exec(const std::string& sql) {
    if (sqlite3_exec(db_.get(), sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) fail();
  }

  SqliteStatement prepare(const std::string& sql) {
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db_.get(), sql.c_str(), -1, &s, nullptr) != SQLITE_OK) fail();
    return SqliteStatement(s);
  }

  // Runs the statement bound before, resets it for the next row.
  void step(sqlite3_stmt* s) {
    const int rc = sqlite3_step(s);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) fail();
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
  }

  long long last_id() { return sqlite3_last_insert_rowid(db_.get()); }
  sqlite3* handle() { return db_.get(); }

  [[noreturn]] void fail() { throw_database_failure(db_.get(), path_); }

 private:
  fs::path path_;
  SqliteDatabase db_;
};

const boost::json::value* member(const boost::json::object& o, const char* key) {
  return o.if_contains(key);
}

// A run's identity within its experiment, and where it already is: experiment and the
// digest of its record.
using RunKey = std::tuple<std::int64_t, std::string, std::int64_t, std::string>;
struct StoredRun {
  long long experiment_id = 0;
  long long run = 0;
  std::string record_sha256;
};
// Under one experiment identity a canonical run index is one point, learner, repeat and seed:
// a run found by its index but not by its key has had one of them edited in the database.
struct StoredRuns {
  std::map<RunKey, StoredRun> by_key;
  std::map<long long, std::pair<RunKey, StoredRun>> by_run;
  void add(const RunKey& key, const StoredRun& run) {
    by_key.emplace(key, run);
    by_run.emplace(run.run, std::make_pair(key, run));
  }
};

std::string text_sha256(const std::string& text) {
  Sha256 hash;
  hash.update(text);
  return hash.finish();
}

// The runs of every experiment of the same identity already in the database.
StoredRuns stored_runs(Exporter& db, const std::string& identity) {
  SqliteStatement s = db.prepare(
      "SELECT r.point, r.learner, r.\"repeat\", r.seed, r.record, r.experiment_id, r.run "
      "FROM runs r JOIN experiments e ON e.id = r.experiment_id WHERE e.identity_sha256 = ?");
  bind_value(s.get(), 1, identity);
  StoredRuns runs;
  const auto text = [&](int column) {
    const auto* t = sqlite3_column_text(s.get(), column);
    return std::string(t == nullptr ? "" : reinterpret_cast<const char*>(t));
  };
  int rc = 0;
  while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) {
    runs.add(RunKey{sqlite3_column_int64(s.get(), 0), text(1), sqlite3_column_int64(s.get(), 2),
                    text(3)},
             StoredRun{sqlite3_column_int64(s.get(), 5), sqlite3_column_int64(s.get(), 6),
                       text_sha256(text(4))});
  }
  if (rc != SQLITE_DONE) db.fail();
  return runs;
}

long long insert_experiment(Exporter& db, const fs::path& dir, const CheckedFolder& f) {
  const boost::json::object& m = f.manifest;
  const boost::json::object& context = m.at("context").as_object();
  const boost::json::object& shard = m.at("shard").as_object();
  SqliteStatement s = db.prepare(
      "INSERT INTO experiments (name, folder, status, plab_version, git_commit, host, "
      "start_time, end_time, config_file, config, config_sha256, records_sha256, runs_total, "
      "shard_index, shard_count, first_run, end_run, runs_added, identity_sha256, exported_at) "
      "VALUES (" +
      placeholders(20) + ")");
  std::error_code ec;
  const fs::path absolute = fs::absolute(dir, ec);
  int i = 0;
  bind_value(s.get(), ++i, m.at("name"));
  bind_value(s.get(), ++i, (ec ? dir : absolute).lexically_normal().string());
  bind_value(s.get(), ++i, m.at("status"));
  bind_value(s.get(), ++i, member(context, "plab_version"));
  bind_value(s.get(), ++i, member(context, "git_commit"));
  bind_value(s.get(), ++i, member(context, "host"));
  bind_value(s.get(), ++i, member(m, "start_time"));
  bind_value(s.get(), ++i, member(m, "end_time"));
  bind_value(s.get(), ++i, member(m, "config_file"));
  bind_value(s.get(), ++i, to_json_text(m.at("config")));
  bind_value(s.get(), ++i, f.config_sha256);
  bind_value(s.get(), ++i, f.records_sha256);
  bind_value(s.get(), ++i, m.at("runs_total"));
  bind_value(s.get(), ++i, shard.at("index"));
  bind_value(s.get(), ++i, shard.at("count"));
  bind_value(s.get(), ++i, static_cast<long long>(f.first_run));
  bind_value(s.get(), ++i, static_cast<long long>(f.end_run));
  bind_value(s.get(), ++i, 0LL);  // set once the runs are in
  bind_value(s.get(), ++i, f.identity_sha256);
  bind_value(s.get(), ++i, utc_timestamp(std::chrono::system_clock::now()));
  db.step(s.get());
  return db.last_id();
}

void insert_provenance(Exporter& db, long long id, const boost::json::object& m) {
  SqliteStatement plugin = db.prepare(
      "INSERT INTO plugins (experiment_id, name, version, sha256, file) VALUES (?, ?, ?, ?, ?)");
  for (const auto& v : m.at("plugins").as_array()) {
    const boost::json::object& p = v.as_object();
    bind_value(plugin.get(), 1, id);
    bind_value(plugin.get(), 2, member(p, "name"));
    bind_value(plugin.get(), 3, member(p, "version"));
    bind_value(plugin.get(), 4, member(p, "sha256"));
    bind_value(plugin.get(), 5, member(p, "file"));
    db.step(plugin.get());
  }
  SqliteStatement data =
      db.prepare("INSERT INTO data_files (experiment_id, path, sha256) VALUES (?, ?, ?)");
  for (const auto& v : m.at("data_files").as_array()) {
    bind_value(data.get(), 1, id);
    bind_value(data.get(), 2, member(v.as_object(), "path"));
    bind_value(data.get(), 3, member(v.as_object(), "sha256"));
    db.step(data.get());
  }
}

// The manifest's plugin entries by name (the first of a name), for each learner's plugin
// version and hash: one lookup per learner of every point, not a search of the whole list.
using PluginsByName = std::map<std::string, const boost::json::object*>;
PluginsByName plugins_by_name(const boost::json::object& m) {
  PluginsByName plugins;
  for (const auto& v : m.at("plugins").as_array()) {
    const auto* n = v.as_object().if_contains("name");
    if (n != nullptr && n->is_string())
      plugins.emplace(std::string(n->as_string()), &v.as_object());
  }
  return plugins;
}

void insert_points(Exporter& db, long long id, const CheckedFolder& f) {
  const boost::json::object& m = f.manifest;
  const auto plugins = plugins_by_name(m);
  SqliteStatement point = db.prepare(
      "INSERT INTO points (experiment_id, point, params, seed, repeats, rows, cols, task) "
      "VALUES (" +
      placeholders(8) + ")");
  SqliteStatement learner = db.prepare(
      "INSERT INTO learners (experiment_id, point, learner, plugin, plugin_version, "
      "plugin_sha256, params, weights) VALUES (" +
      placeholders(8) + ")");
  for (const auto& v : m.at("points").as_array()) {
    const boost::json::object& p = v.as_object();
    const boost::json::object* data =
        p.contains("dataset") ? &p.at("dataset").as_object() : nullptr;
    const auto index = p.at("index").to_number<std::size_t>();
    bind_value(point.get(), 1, id);
    bind_value(point.get(), 2, member(p, "index"));
    bind_value(point.get(), 3, member(p, "params"));
    bind_value(point.get(), 4, f.seed_of_point.at(index));
    bind_value(point.get(), 5, member(p, "repeats"));
    bind_value(point.get(), 6, data != nullptr ? member(*data, "rows") : nullptr);
    bind_value(point.get(), 7, data != nullptr ? member(*data, "cols") : nullptr);
    bind_value(point.get(), 8, data != nullptr ? member(*data, "task") : nullptr);
    db.step(point.get());
    for (const auto& lv : p.at("learners").as_array()) {
      const boost::json::object& l = lv.as_object();
      const auto* name = member(l, "plugin");
      const auto it = name != nullptr && name->is_string()
                          ? plugins.find(std::string(name->as_string()))
                          : plugins.end();
      const boost::json::object* plugin = it != plugins.end() ? it->second : nullptr;
      bind_value(learner.get(), 1, id);
      bind_value(learner.get(), 2, member(p, "index"));
      bind_value(learner.get(), 3, member(l, "name"));
      bind_value(learner.get(), 4, member(l, "plugin"));
      bind_value(learner.get(), 5, plugin != nullptr ? member(*plugin, "version") : nullptr);
      bind_value(learner.get(), 6, plugin != nullptr ? member(*plugin, "sha256") : nullptr);
      bind_value(learner.get(), 7, member(l, "params"));
      bind_value(learner.get(), 8, member(l, "weights"));
      db.step(learner.get());
    }
  }
}

// A folder's run whose key the database lacks must not be there under its canonical index
// (with its point, learner, repeat or seed edited): it would be added a second time.
void require_run_not_stored_otherwise(const fs::path& path, const StoredRuns& stored, long long run,
                                      const RunKey& key, const std::string& where) {
  const auto it = stored.by_run.find(run);
  if (it == stored.by_run.end()) return;
  const RunKey& have = it->second.first;
  std::string column = "seed";
  std::string has = std::get<3>(have);
  std::string wants = std::get<3>(key);
  if (std::get<0>(have) != std::get<0>(key)) {
    column = "point";
    has = std::to_string(std::get<0>(have));
    wants = std::to_string(std::get<0>(key));
  } else if (std::get<1>(have) != std::get<1>(key)) {
    column = "learner";
    has = "'" + std::get<1>(have) + "'";
    wants = "'" + std::get<1>(key) + "'";
  } else if (std::get<2>(have) != std::get<2>(key)) {
    column = "repeat";
    has = std::to_string(std::get<2>(have));
    wants = std::to_string(std::get<2>(key));
  }
  throw_unusable_database(
      path, "its table 'runs' row (experiment " + std::to_string(it->second.second.experiment_id) +
                ", run " + std::to_string(run) + ") has " + column + " " + has + " where " + where +
                ", the same run of the same experiment identity, has " + wants +
                " (edited?), so the run would be added again");
}

// Adds the folder's runs that are not in the database yet; counts the others into `out`.
// A run whose identity is there with another record is refused: the same config, plab,
// plugins and data make the same record, so one of the two folders was changed.
void insert_runs(Exporter& db, const fs::path& path, const fs::path& dir, const CheckedFolder& f,
                 StoredRuns& stored, ExportedFolder& out) {
  std::string columns = "experiment_id, run, seed";
  for (const auto& [name, type] : kSqliteRunColumns) columns += std::string(", \"") + name + "\"";
  const std::size_t n = std::size(kSqliteRunColumns) + 4;
  SqliteStatement s =
      db.prepare("INSERT INTO runs (" + columns + ", record) VALUES (" + placeholders(n) + ")");
  MetRunCheck check = prepare_met_run_check(db.handle(), path);
  const fs::path runs_file = dir / "runs.jsonl";
  // The lines as plab wrote them, read beside the checked records: `record` holds the line,
  // and the columns its numbers read exactly (Boost's parser may be a unit in the last place
  // off).
  std::ifstream lines(runs_file, std::ios::binary);
  std::string text;
  read_runs(runs_file, [&](const boost::json::object& parsed, std::size_t line) {
    stop_export_if_interrupted(path);
    const std::string where = runs_file.string() + ":" + std::to_string(line);
    const RunRecord r = read_run_record(parsed, where);
    if (!read_bounded_line(lines, text, runs_file, line))
      throw ResultsError("cannot export '" + dir.string() + "': " + where +
                         " changed while it was read");
    const boost::json::value exact = parse_json_exactly(text, where);
    if (!exact.is_object())
      throw ResultsError("cannot export '" + dir.string() + "': " + where +
                         " changed while it was read");
    const boost::json::object& record = exact.as_object();
    const std::string& seed = f.seed_of_point.at(r.point);
    const RunKey key{static_cast<std::int64_t>(r.point), r.learner,
                     static_cast<std::int64_t>(r.repeat), seed};
    const auto run = static_cast<long long>(f.first_run + line - 1);
    const auto it = stored.by_key.find(key);
    if (it == stored.by_key.end()) require_run_not_stored_otherwise(path, stored, run, key, where);
    if (it != stored.by_key.end()) {
      if (it->second.record_sha256 != text_sha256(text)) {
        throw ResultsError(
            "cannot export '" + dir.string() + "': " + runs_file.string() + ":" +
            std::to_string(line) + " (point " + std::to_string(r.point) + ", learner '" +
            r.learner + "', repeat " + std::to_string(r.repeat) + ", seed " + seed +
            ") differs from the same run of experiment " +
            std::to_string(it->second.experiment_id) + " in '" + path.string() +
            "' (same config, plab version, plugins and data); run plab verify on both folders");
      }
      require_met_run_as_recorded(db.handle(), path, check, it->second.experiment_id,
                                  it->second.run, seed, record);
      ++out.skipped;
      out.found_in.insert(it->second.experiment_id);
      return;
    }
    int i = 0;
    bind_value(s.get(), ++i, out.experiment_id);
    bind_value(s.get(), ++i, run);
    bind_value(s.get(), ++i, seed);
    for (const auto& [name, type] : kSqliteRunColumns)
      bind_value(s.get(), ++i, member(record, name));
    bind_value(s.get(), ++i, text);
    db.step(s.get());
    stored.add(key, StoredRun{out.experiment_id, run, text_sha256(text)});
    ++out.runs;
  });
}

ExportedFolder export_folder(Exporter& db, const fs::path& path, const fs::path& dir,
                             const CheckedFolder& f) {
  ExportedFolder out;
  out.dir = dir;
  require_identities_of_same_config(db.handle(), path, f.config_sha256, f.records_sha256);
  StoredRuns stored = stored_runs(db, f.identity_sha256);
  // Added, then taken back if every run was already there: the folder adds nothing.
  db.exec("SAVEPOINT folder");
  out.experiment_id = insert_experiment(db, dir, f);
  set_experiment_annotations(db.handle(), path, out.experiment_id, f.manifest);
  insert_provenance(db, out.experiment_id, f.manifest);
  insert_points(db, out.experiment_id, f);
  insert_runs(db, path, dir, f, stored, out);
  if (out.runs != 0) store_exact_reals(db.handle(), path, out.experiment_id);
  if (out.runs == 0) {
    db.exec("ROLLBACK TO folder");
    out.experiment_id = 0;
  } else {
    SqliteStatement s = db.prepare("UPDATE experiments SET runs_added = ? WHERE id = ?");
    bind_value(s.get(), 1, static_cast<long long>(out.runs));
    bind_value(s.get(), 2, out.experiment_id);
    db.step(s.get());
  }
  db.exec("RELEASE folder");
  return out;
}

}  // namespace

std::vector<ExportedFolder> export_to_sqlite(const fs::path& path,
                                             const std::vector<fs::path>& dirs) {
  if (dirs.empty()) throw UsageError("plab export needs at least one results folder");
  require_database_file_name(path, "--sqlite");
  // Inside a results folder the database could be written into one of the folder's own
  // files: its .plab.lock, emptied by the next plab run of the folder, would lose the runs.
  require_outside_results_folders("--sqlite", path);
  // Every folder is read and checked first: a refused one leaves the database as it was.
  std::vector<FolderLock> locks;
  std::vector<CheckedFolder> folders;
  for (const fs::path& dir : dirs) {
    locks.push_back(FolderLock::shared_if_present(dir));
    folders.push_back(read_checked_folder(dir, path));
  }
  std::error_code ec;
  const bool existed = fs::exists(fs::symlink_status(path, ec));
  std::vector<ExportedFolder> exported;
  try {
    Exporter db(path);  // rolls the transaction back when closed before COMMIT
    for (std::size_t k = 0; k < dirs.size(); ++k) {
      stop_export_if_interrupted(path);
      exported.push_back(export_folder(db, path, dirs[k], folders[k]));
    }
    create_runs_flat_view(db.handle(), path);
    stop_export_if_interrupted(path);
    db.exec("COMMIT");
  } catch (...) {
    if (!existed) {  // a file this export created holds nothing: not left behind
      fs::remove(path, ec);
      fs::remove(path.string() + "-journal", ec);
    } else if (fs::exists(path.string() + "-journal", ec)) {
      // After a failed write (a file size limit, a full disk) SQLite leaves the rollback to
      // the next connection: one that reads the database now restores it and removes the
      // journal, so the file is as it was before, as the error says.
      sqlite3* again = nullptr;
      if (open_database_file(path, SQLITE_OPEN_READWRITE, &again) == SQLITE_OK)
        sqlite3_exec(again, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr);
      sqlite3_close(again);
    }
    throw;
  }
  return exported;
}

}  // namespace plab
