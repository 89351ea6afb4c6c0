#include "results/export/sqlite_schema.hpp"

#include <set>
#include <string>
#include <vector>

#include "error.hpp"
#include "results/export/sqlite_file.hpp"
#include "results/export/sqlite_handles.hpp"
#include "results/export/sqlite_statements.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

// Seeds are the decimal text of the 64-bit unsigned seed (TEXT affinity keeps them so): an
// INTEGER column would turn 2^63 and more into REAL and merge seeds a unit apart.
const char* const kSchema = R"(
CREATE TABLE experiments (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, folder TEXT NOT NULL, status TEXT NOT NULL,
  plab_version TEXT, git_commit TEXT, host TEXT, start_time TEXT, end_time TEXT,
  config_file TEXT, config TEXT NOT NULL, config_sha256 TEXT NOT NULL,
  records_sha256 TEXT NOT NULL, runs_total INTEGER NOT NULL, shard_index INTEGER NOT NULL,
  shard_count INTEGER NOT NULL, first_run INTEGER NOT NULL, end_run INTEGER NOT NULL,
  runs_added INTEGER NOT NULL, identity_sha256 TEXT NOT NULL, exported_at TEXT NOT NULL,
  tags TEXT, note TEXT);
CREATE INDEX experiments_by_identity ON experiments (identity_sha256);
CREATE TABLE plugins (
  experiment_id INTEGER NOT NULL REFERENCES experiments(id), name TEXT NOT NULL,
  version TEXT, sha256 TEXT, file TEXT);
CREATE TABLE data_files (
  experiment_id INTEGER NOT NULL REFERENCES experiments(id), path TEXT NOT NULL,
  sha256 TEXT NOT NULL);
CREATE TABLE points (
  experiment_id INTEGER NOT NULL REFERENCES experiments(id), point INTEGER NOT NULL,
  params TEXT, seed TEXT, repeats INTEGER, rows INTEGER, cols INTEGER, task TEXT,
  PRIMARY KEY (experiment_id, point));
CREATE TABLE learners (
  experiment_id INTEGER NOT NULL REFERENCES experiments(id), point INTEGER NOT NULL,
  learner TEXT NOT NULL, plugin TEXT, plugin_version TEXT, plugin_sha256 TEXT, params TEXT,
  weights INTEGER, PRIMARY KEY (experiment_id, point, learner));
CREATE TABLE run_reals (
  experiment_id INTEGER NOT NULL REFERENCES experiments(id), run INTEGER NOT NULL,
  field TEXT NOT NULL, value REAL NOT NULL, PRIMARY KEY (experiment_id, run, field));
)";

// The database's first read failed: another process holds it (past the busy wait), or the
// file is no database plab can use.
[[noreturn]] void throw_unreadable(sqlite3* db, const fs::path& path) {
  const int code = sqlite3_errcode(db) & 0xff;
  if (code == SQLITE_BUSY || code == SQLITE_LOCKED) throw_database_held(db, path);
  throw ResultsError("'" + path.string() + "' is not an SQLite database plab can use: " +
                     sqlite3_errmsg(db) + " (give a new file name, or one plab export wrote)");
}

int pragma_int(sqlite3* db, const char* pragma, const fs::path& path) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, pragma, -1, &raw, nullptr) != SQLITE_OK) throw_unreadable(db, path);
  SqliteStatement s(raw);
  const int rc = sqlite3_step(s.get());
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) throw_unreadable(db, path);
  return rc == SQLITE_ROW ? sqlite3_column_int(s.get(), 0) : 0;
}

std::set<std::string> table_names(sqlite3* db, const fs::path& path) {
  sqlite3_stmt* raw = nullptr;
  const char* sql = "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')";
  std::set<std::string> names;
  int rc = sqlite3_prepare_v2(db, sql, -1, &raw, nullptr);
  SqliteStatement s(raw);
  while (rc == SQLITE_OK && (rc = sqlite3_step(s.get())) == SQLITE_ROW) {
    names.emplace(reinterpret_cast<const char*>(sqlite3_column_text(s.get(), 0)));
    rc = SQLITE_OK;
  }
  if (rc != SQLITE_DONE) throw_unreadable(db, path);
  return names;
}

// `text` as one word of a POSIX shell.
std::string shell_word(const std::string& text) {
  const bool plain = !text.empty() && text.find_first_not_of(
                                          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                          "0123456789_-./=:+,@%") == std::string::npos;
  if (plain) return text;
  std::string word = "'";
  for (const char c : text) word += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return word + "'";
}

// The folders an earlier export recorded, in the order they were added.
std::vector<std::string> exported_folders(sqlite3* db) {
  std::vector<std::string> folders;
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT DISTINCT folder FROM experiments ORDER BY id", -1, &raw,
                         nullptr) != SQLITE_OK) {
    return folders;
  }
  SqliteStatement s(raw);
  while (sqlite3_step(s.get()) == SQLITE_ROW) {
    const auto* text = sqlite3_column_text(s.get(), 0);
    if (text != nullptr) folders.emplace_back(reinterpret_cast<const char*>(text));
  }
  return folders;
}

}  // namespace

DatabaseKind database_kind(sqlite3* db, const fs::path& path) {
  const int application_id = pragma_int(db, "PRAGMA application_id", path);
  const int version = pragma_int(db, "PRAGMA user_version", path);
  const std::set<std::string> tables = table_names(db, path);
  if (application_id == kSqliteApplicationId) {
    if (version == kSqliteSchemaVersion) return DatabaseKind::kCurrent;
    if (version == kSqliteMigratableVersion) return DatabaseKind::kPrevious;
    // The application id came with version 2: any other lower version is not an earlier plab's.
    return version > kSqliteSchemaVersion ? DatabaseKind::kNewer : DatabaseKind::kUnknown;
  }
  if (application_id == 0 && tables.empty() && version == 0) return DatabaseKind::kEmpty;
  const bool earlier = application_id == 0 && version == 0 &&
                       tables == std::set<std::string>{"experiments", "plugins",  "data_files",
                                                       "points",      "learners", "runs"};
  return earlier ? DatabaseKind::kEarlier : DatabaseKind::kOther;
}

void create_schema(sqlite3* db, const fs::path& path) {
  std::string sql = kSchema;
  sql += "PRAGMA application_id = " + std::to_string(kSqliteApplicationId) + ";\n";
  sql += "PRAGMA user_version = " + std::to_string(kSqliteSchemaVersion) + ";\n";
  exec_sqlite(db, path, sql);
}

void require_current_schema(sqlite3* db, const fs::path& path, DatabaseKind kind,
                            const std::string& what) {
  const std::string db_name = "'" + path.string() + "'";
  switch (kind) {
    case DatabaseKind::kEmpty:
    case DatabaseKind::kCurrent:
    case DatabaseKind::kPrevious:
      return;
    case DatabaseKind::kEarlier: {
      // Its seeds of 2^63 and more were stored as REAL and cannot be recovered from it: the
      // folders still hold them exactly.
      std::string command = "plab export";
      for (const std::string& folder : exported_folders(db)) command += " " + shell_word(folder);
      const fs::path fresh = path.string() + ".new";
      command += " --sqlite " + shell_word(fresh.string());
      throw ResultsError(
          what + ": " + db_name + " was written by an earlier plab export " + "(schema version " +
          std::to_string(pragma_int(db, "PRAGMA user_version", path)) +
          ", before seeds were stored exactly; this plab writes version " +
          std::to_string(kSqliteSchemaVersion) + "); rebuild it from its folders: " + command);
    }
    case DatabaseKind::kNewer:
      throw ResultsError(what + ": " + db_name + " was written by a newer plab (schema version " +
                         std::to_string(pragma_int(db, "PRAGMA user_version", path)) +
                         "; this plab reads version " + std::to_string(kSqliteSchemaVersion) +
                         "); use that plab, or export into a new file");
    case DatabaseKind::kUnknown:
      throw ResultsError(what + ": " + db_name + " has plab's application id but schema version " +
                         std::to_string(pragma_int(db, "PRAGMA user_version", path)) +
                         ", which no plab writes (this plab writes version " +
                         std::to_string(kSqliteSchemaVersion) +
                         "; edited by hand?); nothing was written to it; give a new file name, "
                         "or one plab export wrote");
    case DatabaseKind::kOther: {
      // The true reason: an application id of another program, a version without plab's id,
      // or tables of another layout.
      const int application_id = pragma_int(db, "PRAGMA application_id", path);
      const int version = pragma_int(db, "PRAGMA user_version", path);
      std::string why = "its tables are not plab's";
      if (application_id != 0) {
        why = "its application id is " + std::to_string(application_id) + ", not plab's " +
              std::to_string(kSqliteApplicationId) + " ('plab' in ASCII)";
      } else if (table_names(db, path).empty()) {
        why = "it has no tables, and the schema version " + std::to_string(version) +
              " without plab's application id";
      }
      throw ResultsError(what + ": " + db_name + " is an SQLite database that plab export " +
                         "did not write (" + why + "); nothing was written to it; give a new " +
                         "file name, or one plab export wrote");
    }
  }
}

}  // namespace plab
