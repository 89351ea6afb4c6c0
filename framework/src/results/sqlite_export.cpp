#include "results/sqlite_export.hpp"

#include <sqlite3.h>

#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>

#include <boost/json/serialize.hpp>

#include "base/file_hash.hpp"
#include "error.hpp"
#include "results/folder_lock.hpp"
#include "results/manifest_reader.hpp"
#include "results/record_digest.hpp"
#include "results/results_folder.hpp"
#include "results/run_record.hpp"
#include "results/runs_reader.hpp"
#include "results/sqlite_handles.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

// The run record's fields that get a column of their own (the whole record is in `record`).
constexpr std::pair<const char*, const char*> kRunColumns[] = {
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

const char* const kSchema = R"(
CREATE TABLE IF NOT EXISTS experiments (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, folder TEXT NOT NULL, status TEXT NOT NULL,
  plab_version TEXT, git_commit TEXT, host TEXT, start_time TEXT, end_time TEXT,
  config_file TEXT, config TEXT NOT NULL, config_sha256 TEXT NOT NULL,
  records_sha256 TEXT NOT NULL, runs_total INTEGER NOT NULL, shard_index INTEGER NOT NULL,
  shard_count INTEGER NOT NULL, first_run INTEGER NOT NULL, end_run INTEGER NOT NULL,
  exported_at TEXT NOT NULL,
  UNIQUE (config_sha256, records_sha256, first_run, end_run));
CREATE TABLE IF NOT EXISTS plugins (
  experiment_id INTEGER NOT NULL REFERENCES experiments(id), name TEXT NOT NULL,
  version TEXT, sha256 TEXT, file TEXT);
CREATE TABLE IF NOT EXISTS data_files (
  experiment_id INTEGER NOT NULL REFERENCES experiments(id), path TEXT NOT NULL,
  sha256 TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS points (
  experiment_id INTEGER NOT NULL REFERENCES experiments(id), point INTEGER NOT NULL,
  params TEXT, seed INTEGER, repeats INTEGER, rows INTEGER, cols INTEGER, task TEXT,
  PRIMARY KEY (experiment_id, point));
CREATE TABLE IF NOT EXISTS learners (
  experiment_id INTEGER NOT NULL REFERENCES experiments(id), point INTEGER NOT NULL,
  learner TEXT NOT NULL, plugin TEXT, plugin_version TEXT, plugin_sha256 TEXT, params TEXT,
  weights INTEGER, PRIMARY KEY (experiment_id, point, learner));
)";

using Database = SqliteDatabase;
using Statement = SqliteStatement;

class Exporter {
 public:
  explicit Exporter(const fs::path& path) : path_(path) {
    sqlite3* db = nullptr;
    const int rc =
        sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    db_.reset(db);
    if (rc != SQLITE_OK) {
      throw WriteError("cannot open the SQLite database '" + path.string() +
                       "': " + (db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
    }
    sqlite3_busy_timeout(db_.get(), 10000);  // another export writing it: wait, then fail
    if (sqlite3_exec(db_.get(), kSchema, nullptr, nullptr, nullptr) != SQLITE_OK ||
        sqlite3_exec(db_.get(), run_table().c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
      throw ResultsError(
          "'" + path.string() +
          "' is not an SQLite database plab can export into: " + sqlite3_errmsg(db_.get()) +
          " (give a new file name, or one an earlier plab export wrote)");
    }
  }

  void exec(const std::string& sql) {
    if (sqlite3_exec(db_.get(), sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) fail();
  }

  Statement prepare(const std::string& sql) {
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db_.get(), sql.c_str(), -1, &s, nullptr) != SQLITE_OK) fail();
    return Statement(s);
  }

  // Binds every value in order, runs the statement, resets it for the next row.
  void step(sqlite3_stmt* s) {
    const int rc = sqlite3_step(s);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) fail();
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
  }

  long long last_id() { return sqlite3_last_insert_rowid(db_.get()); }
  sqlite3* handle() { return db_.get(); }

  [[noreturn]] void fail() {
    throw WriteError("writing the SQLite database '" + path_.string() +
                     "' failed: " + sqlite3_errmsg(db_.get()));
  }

  static std::string run_table() {
    std::string sql =
        "CREATE TABLE IF NOT EXISTS runs (experiment_id INTEGER NOT NULL REFERENCES "
        "experiments(id), run INTEGER NOT NULL";
    for (const auto& [name, type] : kRunColumns) sql += std::string(", \"") + name + "\" " + type;
    return sql + ", record TEXT NOT NULL, PRIMARY KEY (experiment_id, run));";
  }

 private:
  fs::path path_;
  Database db_;
};

// (Not `bind`: with a std::string argument, ADL would find std::bind.)
// A JSON value with its own type: integers, reals, text, booleans as 0/1, null; objects and
// arrays as JSON text; an integer past SQLite's 64-bit range as text.
void bind_value(sqlite3_stmt* s, int index, const boost::json::value* v) {
  if (v == nullptr || v->is_null()) {
    sqlite3_bind_null(s, index);
  } else if (v->is_int64()) {
    sqlite3_bind_int64(s, index, v->as_int64());
  } else if (v->is_uint64()) {
    const std::uint64_t u = v->as_uint64();
    if (u <= static_cast<std::uint64_t>(std::numeric_limits<sqlite3_int64>::max())) {
      sqlite3_bind_int64(s, index, static_cast<sqlite3_int64>(u));
    } else {
      const std::string text = std::to_string(u);
      sqlite3_bind_text(s, index, text.c_str(), -1, SQLITE_TRANSIENT);
    }
  } else if (v->is_double()) {
    sqlite3_bind_double(s, index, v->as_double());
  } else if (v->is_bool()) {
    sqlite3_bind_int(s, index, v->as_bool() ? 1 : 0);
  } else if (v->is_string()) {
    sqlite3_bind_text(s, index, v->as_string().data(), static_cast<int>(v->as_string().size()),
                      SQLITE_TRANSIENT);
  } else {
    const std::string text = boost::json::serialize(*v);
    sqlite3_bind_text(s, index, text.c_str(), -1, SQLITE_TRANSIENT);
  }
}

void bind_value(sqlite3_stmt* s, int index, const boost::json::value& v) {
  bind_value(s, index, &v);
}
void bind_value(sqlite3_stmt* s, int index, const std::string& text) {
  sqlite3_bind_text(s, index, text.c_str(), -1, SQLITE_TRANSIENT);
}
void bind_value(sqlite3_stmt* s, int index, long long n) { sqlite3_bind_int64(s, index, n); }

std::string placeholders(std::size_t n) {
  std::string text;
  for (std::size_t i = 0; i < n; ++i) text += i == 0 ? "?" : ", ?";
  return text;
}

const boost::json::value* member(const boost::json::object& o, const char* key) {
  return o.if_contains(key);
}

// A folder read and checked before anything of it is written.
struct CheckedFolder {
  boost::json::object manifest;
  std::size_t records = 0;
  std::size_t first_run = 0;
  std::size_t end_run = 0;
  std::string config_sha256;
  std::string records_sha256;
};

CheckedFolder read_checked_folder(const fs::path& dir) {
  CheckedFolder f;
  f.manifest = read_manifest(dir);
  const RecordFields m = manifest_fields(dir, f.manifest);
  const std::string status = m.string("status");
  if (status != "completed") {
    throw ResultsError("cannot export '" + dir.string() + "': it is " + status +
                       "; finish it first with: plab run --resume " + dir.string());
  }
  const RecordFields shard = m.object("shard");
  f.first_run = shard.count("first_run");
  f.end_run = shard.count("end_run");
  const fs::path runs_file = dir / "runs.jsonl";
  // Checked here, read again when written: memory does not grow with the folder.
  const RunsFileInfo info =
      read_runs(runs_file, [&](const boost::json::object& record, std::size_t line) {
        read_run_record(record, runs_file.string() + ":" + std::to_string(line));
      });
  f.records = info.records;
  const ChainCheck chain = check_digest_chain(dir, f.records);
  if (!chain.present || chain.verified != f.records || info.torn_tail ||
      f.records != f.end_run - f.first_run) {
    throw ResultsError("cannot export '" + dir.string() + "': its " + std::to_string(f.records) +
                       " records are not all the ones plab wrote (runs.sha256 verifies " +
                       std::to_string(chain.verified) + "; the manifest says " +
                       std::to_string(f.end_run - f.first_run) + "); run plab verify " +
                       dir.string());
  }
  Sha256 config_hash;
  config_hash.update(boost::json::serialize(m.any("config")));
  f.config_sha256 = config_hash.finish();
  f.records_sha256 = sha256_file(runs_file);
  return f;
}

long long existing_experiment(Exporter& db, const CheckedFolder& f) {
  Statement s = db.prepare(
      "SELECT id FROM experiments WHERE config_sha256 = ? AND records_sha256 = ? AND "
      "first_run = ? AND end_run = ?");
  bind_value(s.get(), 1, f.config_sha256);
  bind_value(s.get(), 2, f.records_sha256);
  bind_value(s.get(), 3, static_cast<long long>(f.first_run));
  bind_value(s.get(), 4, static_cast<long long>(f.end_run));
  const int rc = sqlite3_step(s.get());
  if (rc == SQLITE_ROW) return sqlite3_column_int64(s.get(), 0);
  if (rc != SQLITE_DONE) db.fail();
  return 0;
}

long long insert_experiment(Exporter& db, const fs::path& dir, const CheckedFolder& f) {
  const boost::json::object& m = f.manifest;
  const boost::json::object& context = m.at("context").as_object();
  const boost::json::object& shard = m.at("shard").as_object();
  Statement s = db.prepare(
      "INSERT INTO experiments (name, folder, status, plab_version, git_commit, host, "
      "start_time, end_time, config_file, config, config_sha256, records_sha256, runs_total, "
      "shard_index, shard_count, first_run, end_run, exported_at) VALUES (" +
      placeholders(18) + ")");
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
  bind_value(s.get(), ++i, boost::json::serialize(m.at("config")));
  bind_value(s.get(), ++i, f.config_sha256);
  bind_value(s.get(), ++i, f.records_sha256);
  bind_value(s.get(), ++i, m.at("runs_total"));
  bind_value(s.get(), ++i, shard.at("index"));
  bind_value(s.get(), ++i, shard.at("count"));
  bind_value(s.get(), ++i, static_cast<long long>(f.first_run));
  bind_value(s.get(), ++i, static_cast<long long>(f.end_run));
  bind_value(s.get(), ++i, utc_timestamp(std::chrono::system_clock::now()));
  db.step(s.get());
  return db.last_id();
}

void insert_provenance(Exporter& db, long long id, const boost::json::object& m) {
  Statement plugin = db.prepare(
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
  Statement data =
      db.prepare("INSERT INTO data_files (experiment_id, path, sha256) VALUES (?, ?, ?)");
  for (const auto& v : m.at("data_files").as_array()) {
    bind_value(data.get(), 1, id);
    bind_value(data.get(), 2, member(v.as_object(), "path"));
    bind_value(data.get(), 3, member(v.as_object(), "sha256"));
    db.step(data.get());
  }
}

// The plugin entry of the manifest named `name` (for a learner's plugin version and hash).
const boost::json::object* plugin_named(const boost::json::object& m,
                                        const boost::json::value* name) {
  if (name == nullptr) return nullptr;
  for (const auto& v : m.at("plugins").as_array()) {
    const auto* n = v.as_object().if_contains("name");
    if (n != nullptr && *n == *name) return &v.as_object();
  }
  return nullptr;
}

void insert_points(Exporter& db, long long id, const boost::json::object& m) {
  Statement point = db.prepare(
      "INSERT INTO points (experiment_id, point, params, seed, repeats, rows, cols, task) "
      "VALUES (" +
      placeholders(8) + ")");
  Statement learner = db.prepare(
      "INSERT INTO learners (experiment_id, point, learner, plugin, plugin_version, "
      "plugin_sha256, params, weights) VALUES (" +
      placeholders(8) + ")");
  for (const auto& v : m.at("points").as_array()) {
    const boost::json::object& p = v.as_object();
    const boost::json::object* data =
        p.contains("dataset") ? &p.at("dataset").as_object() : nullptr;
    bind_value(point.get(), 1, id);
    bind_value(point.get(), 2, member(p, "index"));
    bind_value(point.get(), 3, member(p, "params"));
    bind_value(point.get(), 4, member(p, "seed"));
    bind_value(point.get(), 5, member(p, "repeats"));
    bind_value(point.get(), 6, data != nullptr ? member(*data, "rows") : nullptr);
    bind_value(point.get(), 7, data != nullptr ? member(*data, "cols") : nullptr);
    bind_value(point.get(), 8, data != nullptr ? member(*data, "task") : nullptr);
    db.step(point.get());
    for (const auto& lv : p.at("learners").as_array()) {
      const boost::json::object& l = lv.as_object();
      const boost::json::object* plugin = plugin_named(m, member(l, "plugin"));
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

void insert_runs(Exporter& db, long long id, const fs::path& dir, const CheckedFolder& f) {
  std::string columns = "experiment_id, run";
  for (const auto& [name, type] : kRunColumns) columns += std::string(", \"") + name + "\"";
  const std::size_t n = std::size(kRunColumns) + 3;
  Statement s =
      db.prepare("INSERT INTO runs (" + columns + ", record) VALUES (" + placeholders(n) + ")");
  read_runs(dir / "runs.jsonl", [&](const boost::json::object& record, std::size_t line) {
    int i = 0;
    bind_value(s.get(), ++i, id);
    bind_value(s.get(), ++i, static_cast<long long>(f.first_run + line - 1));
    for (const auto& [name, type] : kRunColumns) bind_value(s.get(), ++i, member(record, name));
    bind_value(s.get(), ++i, boost::json::serialize(record));
    db.step(s.get());
  });
}

}  // namespace

std::vector<ExportedFolder> export_to_sqlite(const fs::path& path,
                                             const std::vector<fs::path>& dirs) {
  if (dirs.empty()) throw UsageError("plab export needs at least one results folder");
  // Every folder is read and checked first: a refused one leaves the database as it was.
  std::vector<FolderLock> locks;
  std::vector<CheckedFolder> folders;
  for (const fs::path& dir : dirs) {
    locks.push_back(FolderLock::shared_if_present(dir));
    folders.push_back(read_checked_folder(dir));
  }
  Exporter db(path);
  std::vector<ExportedFolder> exported;
  for (std::size_t k = 0; k < dirs.size(); ++k) {
    const CheckedFolder& f = folders[k];
    ExportedFolder out{dirs[k], f.records, 0, false};
    db.exec("BEGIN IMMEDIATE");
    out.experiment_id = existing_experiment(db, f);
    out.already_present = out.experiment_id != 0;
    if (!out.already_present) {
      out.experiment_id = insert_experiment(db, dirs[k], f);
      insert_provenance(db, out.experiment_id, f.manifest);
      insert_points(db, out.experiment_id, f.manifest);
      insert_runs(db, out.experiment_id, dirs[k], f);
    }
    db.exec("COMMIT");
    exported.push_back(out);
  }
  return exported;
}

}  // namespace plab
