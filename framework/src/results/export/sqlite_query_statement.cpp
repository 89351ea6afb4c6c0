#include "results/export/sqlite_query_statement.hpp"

#include <cctype>
#include <cstring>

#include "base/interrupt.hpp"
#include "error.hpp"
#include "results/export/sqlite_file.hpp"

namespace plab {

namespace fs = std::filesystem;

namespace {

// The first thing the authorizer refused, in words ("" while nothing was).
struct Refused {
  std::string what;
};

std::string refused_action(int action, const char* a) {
  const std::string name = a != nullptr ? a : "";
  switch (action) {
    case SQLITE_INSERT:
    case SQLITE_UPDATE:
    case SQLITE_DELETE:
      return "write to the table '" + name + "'";
    case SQLITE_ATTACH:
      return "attach another database ('" + name + "')";
    case SQLITE_DETACH:
      return "detach a database";
    case SQLITE_PRAGMA:
      return "run PRAGMA " + name;
    case SQLITE_TRANSACTION:
    case SQLITE_SAVEPOINT:
      return "begin or end a transaction";
    default:
      return "do more than read (it would change the database's tables, views, indexes or "
             "triggers; SQLite action " +
             std::to_string(action) + ")";
  }
}

bool only_reads(int action) {
  return action == SQLITE_SELECT || action == SQLITE_READ || action == SQLITE_FUNCTION ||
         action == SQLITE_RECURSIVE;
}

// SQLite asks to update sqlite_master's columns when it sets up a table-valued PRAGMA function
// (pragma_table_info('runs')), which only reads: let through here, as a real write is refused
// after the prepare by sqlite3_stmt_readonly (and SQLite never writes sqlite_master unless
// PRAGMA writable_schema, refused, allows it).
bool sets_up_pragma_function(int action, const char* table) {
  return action == SQLITE_UPDATE && table != nullptr && std::strcmp(table, "sqlite_master") == 0;
}

// While the query is prepared: it may read tables and call functions, nothing else.
int authorize(void* user, int action, const char* a, const char* /*b*/, const char* /*db*/,
              const char* /*trigger*/) {
  if (only_reads(action) || sets_up_pragma_function(action, a)) return SQLITE_OK;
  auto* refused = static_cast<Refused*>(user);
  if (refused->what.empty()) refused->what = refused_action(action, a);
  return SQLITE_DENY;
}

// While it runs: a table-valued PRAGMA function runs its PRAGMA then (only PRAGMAs without
// side effects have one), and SQLite prepares the query again if the schema changed.
int authorize_running(void* /*unused*/, int action, const char* a, const char* /*b*/,
                      const char* /*db*/, const char* /*trigger*/) {
  return only_reads(action) || sets_up_pragma_function(action, a) || action == SQLITE_PRAGMA
             ? SQLITE_OK
             : SQLITE_DENY;
}

int stop_when_interrupted(void* /*unused*/) { return interrupt_requested() ? 1 : 0; }

[[noreturn]] void refuse_writing(const std::string& what) {
  throw UsageError("the query must only read the database (a SELECT); it asks to " + what);
}

std::string shortened(std::string text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())) != 0)
    text.erase(0, 1);
  return text.size() > 40 ? text.substr(0, 40) + "..." : text;
}

// A parameter is refused, named as written: SQLite counts up to the highest number (`?5`
// alone counts 5) and names only the numbered and named ones (`?5`, `:low`), not a bare `?`.
[[noreturn]] void refuse_parameters(sqlite3_stmt* statement, int count) {
  std::string first;
  int named = 0;
  for (int i = 1; i <= count; ++i) {
    const char* name = sqlite3_bind_parameter_name(statement, i);
    if (name == nullptr) continue;
    if (named++ == 0) first = name;
  }
  if (first.empty()) first = "?";
  const std::string numbered =
      count > 1 ? " (SQLite numbers the query's parameters up to " + std::to_string(count) + ")"
                : "";
  throw UsageError("the query has " +
                   (count == 1 || named == 1
                        ? "a parameter, '" + first + "'" + numbered
                        : "parameters" + numbered + ", the first '" + first + "'") +
                   ", which plab report does not fill (SQLite would read it as NULL): write its "
                   "value into the query");
}

}  // namespace

SqliteStatement prepare_reading_query(sqlite3* db, const std::string& sql, const fs::path& path) {
  // Sorting and temporary tables in memory, so that the heap limit bounds them too (on disk
  // they could fill it).
  sqlite3_exec(db, "PRAGMA temp_store = MEMORY", nullptr, nullptr, nullptr);
  sqlite3_hard_heap_limit64(kQueryHeapBytes);
  sqlite3_progress_handler(db, 1000, stop_when_interrupted, nullptr);
  Refused refused;
  sqlite3_set_authorizer(db, authorize, &refused);
  sqlite3_stmt* raw = nullptr;
  const char* tail = nullptr;
  const int rc = sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &raw, &tail);
  SqliteStatement statement(raw);
  if (rc != SQLITE_OK) {
    if (!refused.what.empty()) refuse_writing(refused.what);
    throw UsageError("the query does not run on '" + path.string() + "': " + sqlite3_errmsg(db));
  }
  if (statement == nullptr)
    throw UsageError("the query is empty (nothing but spaces or comments); give one SELECT");
  // What follows the statement must be nothing, spaces or comments: a second statement would
  // be silently left unrun.
  const char* const end = sql.c_str() + sql.size();
  for (const char* rest = tail; rest != nullptr && rest < end;) {
    sqlite3_stmt* next = nullptr;
    const char* after = nullptr;
    const int next_rc = sqlite3_prepare_v2(db, rest, static_cast<int>(end - rest), &next, &after);
    const SqliteStatement second(next);
    if (next_rc != SQLITE_OK || second != nullptr)
      throw UsageError("the query must be one statement; after the first comes '" +
                       shortened(std::string(rest, end)) + "'");
    if (after == rest) break;  // nothing more SQLite would read
    rest = after;
  }
  if (sqlite3_stmt_readonly(statement.get()) == 0) refuse_writing("write to the database");
  // `refused` ends here: the authorizer of the running query records nothing.
  sqlite3_set_authorizer(db, authorize_running, nullptr);
  if (const int n = sqlite3_bind_parameter_count(statement.get()); n > 0)
    refuse_parameters(statement.get(), n);
  return statement;
}

void throw_query_failure(sqlite3* db, const fs::path& path) {
  const int code = sqlite3_errcode(db) & 0xff;
  if (code == SQLITE_INTERRUPT)
    throw_if_interrupted("running the query on '" + path.string() + "'", "nothing was written");
  if (code == SQLITE_NOMEM || sqlite3_extended_errcode(db) == SQLITE_IOERR_NOMEM)
    throw_query_out_of_memory(path);
  if (code == SQLITE_BUSY || code == SQLITE_LOCKED) throw_database_held(db, path);
  throw UsageError("the query does not run on '" + path.string() + "': " + sqlite3_errmsg(db));
}

void throw_query_out_of_memory(const fs::path& path) {
  throw WriteError("out of memory while running the query on '" + path.string() +
                   "' (SQLite may take " + std::to_string(kQueryHeapBytes >> 20) +
                   " MiB for it); nothing was written: narrow the query (fewer experiments, "
                   "sweep points or repeats), or free memory");
}

}  // namespace plab
