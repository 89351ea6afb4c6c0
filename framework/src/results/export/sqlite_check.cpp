#include "results/export/sqlite_check.hpp"

#include <map>
#include <utility>
#include <vector>

#include "error.hpp"
#include "results/export/sqlite_file.hpp"
#include "results/export/sqlite_handles.hpp"
#include "results/export/sqlite_objects.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

// A read-only statement on the database being checked: a damaged file is refused as such,
// another failure (I/O, memory) is a failed write of the export.
class SchemaReader {
 public:
  SchemaReader(sqlite3* db, const fs::path& path) : db_(db), path_(path) {}

  // Every row of `sql`, each column as text ("" for NULL).
  std::vector<std::vector<std::string>> rows(const std::string& sql) {
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) fail();
    SqliteStatement s(raw);
    std::vector<std::vector<std::string>> out;
    int rc = 0;
    while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) {
      std::vector<std::string> row;
      for (int c = 0; c < sqlite3_column_count(s.get()); ++c) {
        const auto* t = sqlite3_column_text(s.get(), c);
        row.emplace_back(t == nullptr ? "" : reinterpret_cast<const char*>(t));
      }
      out.push_back(std::move(row));
    }
    if (rc != SQLITE_DONE) fail();
    return out;
  }

  [[noreturn]] void fail() { throw_database_failure(db_, path_); }

 private:
  sqlite3* db_;
  const fs::path& path_;
};

// Column name -> declared type of each table, as PRAGMA table_info gives them.
std::map<std::string, std::map<std::string, std::string>> tables_of(SchemaReader& r) {
  std::map<std::string, std::map<std::string, std::string>> tables;
  for (const auto& t : r.rows("SELECT name FROM sqlite_master WHERE type = 'table'")) {
    auto& columns = tables[t[0]];
    std::string quoted = t[0];  // a table's name as an SQL string literal
    for (std::size_t at = 0; (at = quoted.find('\'', at)) != std::string::npos; at += 2)
      quoted.insert(at, 1, '\'');
    for (const auto& c : r.rows("SELECT name, type FROM pragma_table_info('" + quoted + "')"))
      columns[c[0]] = c[1];
  }
  return tables;
}

void check_pages(SchemaReader& r, const fs::path& path) {
  // quick_check: every page and record well formed (not the indexes' agreement: that is
  // integrity_check, which reads the whole file several times).
  const auto found = r.rows("PRAGMA quick_check(1)");
  if (found.empty() || found[0].empty() || found[0][0] != "ok") {
    // SQLite's answer may span lines ("*** in database main ***\nPage 3: ..."): plab's error
    // stays one line.
    std::string why = found.empty() || found[0].empty() ? std::string("no answer") : found[0][0];
    for (std::size_t at = 0; (at = why.find('\n', at)) != std::string::npos;)
      why.replace(at, 1, "; ");
    throw_unusable_database(path, "SQLite finds it damaged (" + why + ")");
  }
}

// `plab_schema`: plab's tables made afresh, so that this check cannot drift from what an export
// creates.
void check_tables(SchemaReader& r, const fs::path& path, sqlite3* plab_schema) {
  const auto have = tables_of(r);
  SchemaReader made(plab_schema, path);
  for (const auto& [table, columns] : tables_of(made)) {
    const auto t = have.find(table);
    if (t == have.end())
      throw_unusable_database(
          path, "it has plab's version but no table '" + table + "' (dropped by hand?)");
    for (const auto& [column, type] : columns) {
      const auto c = t->second.find(column);
      if (c == t->second.end())
        throw_unusable_database(path, "its table '" + table + "' has no column '" + column + "'");
      if (c->second != type)
        throw_unusable_database(path, "its column '" + table + "." + column + "' is of type '" +
                                          c->second + "' where plab makes it '" + type + "'");
    }
  }
}

void check_links(SchemaReader& r, const fs::path& path) {
  for (const char* table : {"plugins", "data_files", "points", "learners", "runs"}) {
    const auto orphan = r.rows(std::string("SELECT experiment_id FROM ") + table +
                               " WHERE experiment_id NOT IN (SELECT id FROM experiments) LIMIT 1");
    if (!orphan.empty())
      throw_unusable_database(path, "its table '" + std::string(table) +
                                        "' holds rows of experiment " + orphan[0][0] +
                                        ", which the table experiments does not list (a row "
                                        "deleted by hand?)");
  }
  const auto count = r.rows(
      "SELECT e.id, e.runs_added, (SELECT count(*) FROM runs r WHERE r.experiment_id = e.id) "
      "AS n FROM experiments e WHERE n != e.runs_added LIMIT 1");
  if (!count.empty())
    throw_unusable_database(path, "experiment " + count[0][0] + " says it added " + count[0][1] +
                                      " runs and the table runs holds " + count[0][2] +
                                      " of them (rows deleted or added by hand?)");
  const auto pointless = r.rows(
      "SELECT r.experiment_id, r.run, r.point FROM runs r WHERE NOT EXISTS (SELECT 1 FROM "
      "points p WHERE p.experiment_id = r.experiment_id AND p.point = r.point) LIMIT 1");
  if (!pointless.empty())
    throw_unusable_database(path, "run " + pointless[0][1] + " of experiment " + pointless[0][0] +
                                      " is of sweep point " + pointless[0][2] +
                                      ", which the table points does not list for it");
  // A run is found again by its point, learner, repeat and seed: a run whose seed no longer
  // agrees with its point's would be taken for a new one and added twice. A run outside its
  // experiment's range of canonical indexes (first_run to end_run) was added by hand. Both in
  // the one pass over `runs` this check makes anyway. (Its learner and repeat are not checked
  // against `learners` and `points.repeats`: export does not require a folder's records to
  // keep to its manifest's lists.)
  const auto astray = r.rows(
      "SELECT r.experiment_id, r.run, r.seed, p.seed, e.first_run, e.end_run FROM runs r JOIN "
      "points p ON p.experiment_id = r.experiment_id AND p.point = r.point JOIN experiments e "
      "ON e.id = r.experiment_id WHERE r.seed IS NOT p.seed OR r.run < e.first_run OR r.run >= "
      "e.end_run LIMIT 1");
  if (astray.empty()) return;
  const auto& a = astray[0];
  if (a[2] != a[3])
    throw_unusable_database(path, "run " + a[1] + " of experiment " + a[0] + ": its seed " + a[2] +
                                      " is not its sweep point's seed " + a[3] +
                                      " (edited in the database?)");
  throw_unusable_database(path, "its table 'runs' row (experiment " + a[0] + ", run " + a[1] +
                                    ") is outside its experiment's runs, from first_run " + a[4] +
                                    " up to end_run " + a[5] + " (added by hand?)");
}

}  // namespace

void check_plab_database(sqlite3* db, const fs::path& path, const std::string& runs_table) {
  SchemaReader reader(db, path);
  check_pages(reader, path);
  const SqliteDatabase plab_schema = plab_schema_database(path, runs_table);
  check_tables(reader, path, plab_schema.get());
  check_schema_objects(db, path, plab_schema.get());
  check_links(reader, path);
}

}  // namespace plab
