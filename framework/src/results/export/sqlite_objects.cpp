#include "results/export/sqlite_objects.hpp"

#include <cctype>
#include <cstring>
#include <map>
#include <utility>

#include "error.hpp"
#include "results/export/runs_flat_view.hpp"
#include "results/export/sqlite_file.hpp"
#include "results/export/sqlite_schema.hpp"
#include "results/export/sqlite_statements.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

struct SchemaObject {
  std::string table;  // the table an index or trigger belongs to
  std::string sql;    // "" for SQLite's own indexes of PRIMARY KEY and UNIQUE
};

// (type, name) -> the object, as sqlite_master lists them.
using SchemaObjects = std::map<std::pair<std::string, std::string>, SchemaObject>;

SchemaObjects objects_of(sqlite3* db, const fs::path& path) {
  SqliteStatement s =
      prepare_sqlite(db, path, "SELECT type, name, tbl_name, sql FROM sqlite_master");
  SchemaObjects objects;
  int rc = 0;
  while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) {
    objects[{column_text(s.get(), 0), column_text(s.get(), 1)}] =
        SchemaObject{column_text(s.get(), 2), column_text(s.get(), 3)};
  }
  if (rc != SQLITE_DONE) fail_sqlite(db, path);
  return objects;
}

bool punctuation(char c) { return std::strchr("(),;", c) != nullptr; }

// A statement with each run of white space outside quotes made one space, none beside
// ( ) , ; and no ';' at the end: ALTER TABLE ADD and DROP COLUMN rewrite a table's statement
// with spacing of their own, which changes nothing it declares.
std::string normalized_sql(const std::string& sql) {
  std::string out;
  bool space = false;
  for (std::size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (std::isspace(static_cast<unsigned char>(c)) != 0) {
      space = true;
      continue;
    }
    if (space && !out.empty() && !punctuation(out.back()) && !punctuation(c)) out += ' ';
    space = false;
    const char close = c == '[' ? ']' : c;
    if (c == '\'' || c == '"' || c == '`' || c == '[') {  // a quoted name or text, as it is
      const std::size_t end = sql.find(close, i + 1);
      const std::size_t stop = end == std::string::npos ? sql.size() : end + 1;
      out.append(sql, i, stop - i);
      i = stop - 1;
      continue;
    }
    out += c;
  }
  while (!out.empty() && out.back() == ';') out.pop_back();
  return out;
}

std::string described(const std::string& type, const std::string& name, const std::string& table) {
  const std::string on =
      type == "index" || type == "trigger" ? " on the table '" + table + "'" : "";
  return (type == "index" ? "an " : "a ") + type + " '" + name + "'" + on;
}

}  // namespace

SqliteDatabase plab_schema_database(const fs::path& path, const std::string& runs_table) {
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(":memory:", &raw, SQLITE_OPEN_READWRITE, nullptr);
  SqliteDatabase db(raw);
  if (rc != SQLITE_OK) throw_database_failure(db.get(), path);
  create_schema(db.get(), path);
  if (sqlite3_exec(db.get(), runs_table.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK)
    throw_database_failure(db.get(), path);
  return db;
}

void check_schema_objects(sqlite3* db, const fs::path& path, sqlite3* plab_schema) {
  const SchemaObjects plab = objects_of(plab_schema, path);
  const SchemaObjects here = objects_of(db, path);
  for (const auto& [key, object] : here) {
    const auto& [type, name] = key;
    // ANALYZE's statistics steer SQLite's plans, never what a statement reads or writes.
    if (type == "table" && (name == "sqlite_stat1" || name == "sqlite_stat4")) continue;
    if (type == "view" && name == "runs_flat") {
      if (normalized_sql(object.sql) != normalized_sql(runs_flat_view_sql(db, path)))
        throw_unusable_database(path,
                                "its view 'runs_flat' is not the one plab makes from what the "
                                "database holds (edited by hand?)");
      continue;
    }
    const auto made = plab.find(key);
    if (made == plab.end()) {
      throw_unusable_database(path, "it holds " + described(type, name, object.table) +
                                        ", which plab does not make (added by hand?)");
    }
    if (made->second.table != object.table ||
        normalized_sql(made->second.sql) != normalized_sql(object.sql))
      throw_unusable_database(path, "its " + type + " '" + name +
                                        "' is not declared as plab declares it (its CREATE "
                                        "statement edited by hand?)");
  }
  for (const auto& [key, object] : plab) {
    if (here.count(key) == 0)
      throw_unusable_database(
          path, "it lacks plab's " + key.first + " '" + key.second + "' (dropped by hand?)");
  }
}

}  // namespace plab
