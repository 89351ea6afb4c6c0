#include "results/export/sqlite_query.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <tuple>

#include "base/number_text.hpp"
#include "error.hpp"
#include "results/export/sqlite_file.hpp"
#include "results/export/sqlite_handles.hpp"
#include "results/export/sqlite_query_statement.hpp"
#include "results/export/sqlite_schema.hpp"

namespace plab {

namespace {

const char* const kNeeded[] = {"point", "learner", "repeat", "seed", "mistakes"};

// Counts are compared as doubles: past 2^53 a double no longer holds every integer, and no
// run makes that many mistakes.
constexpr double kLargestCount = 9007199254740992.0;  // 2^53

// One value of the query's result, named in messages by its column and row (from 1).
class Cell {
 public:
  Cell(sqlite3_stmt* s, int column, const char* name, std::size_t row)
      : s_(s), column_(column), name_(name), row_(row), type_(sqlite3_column_type(s, column)) {}

  bool null() const { return type_ == SQLITE_NULL; }

  [[noreturn]] void wrong(const std::string& expected) const {
    throw UsageError("the query's column '" + std::string(name_) + "' in row " +
                     std::to_string(row_) + " is " + found() + "; expected " + expected);
  }

  std::int64_t index() const {
    if (type_ != SQLITE_INTEGER || sqlite3_column_int64(s_, column_) < 0)
      wrong("an index (an integer from 0)");
    return sqlite3_column_int64(s_, column_);
  }

  std::string text() const {
    if (type_ != SQLITE_TEXT) wrong("text (a learner's name)");
    // Every byte, a NUL among them: cut at a NUL, two names could become one. A line break
    // or another control character would break the report's text: refused.
    const auto* t = reinterpret_cast<const char*>(sqlite3_column_text(s_, column_));
    std::string name(t, static_cast<std::size_t>(sqlite3_column_bytes(s_, column_)));
    if (name.empty()) wrong("a learner's name (it names a column of the report)");
    // Only spaces would name the report's column with nothing anyone can read, as '' would.
    if (name.find_first_not_of(' ') == std::string::npos)
      wrong("a learner's name, not only spaces (it names a column of the report)");
    for (const char c : name) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
        wrong("a learner's name without control characters (a line break, tab or NUL)");
    }
    return name;
  }

  // A seed: a non-negative integer, or the decimal text plab export stores (exact up to
  // 2^64-1; a REAL has lost the seed's last digits).
  std::uint64_t seed() const {
    const char* expected =
        "a seed (an integer from 0, or its decimal text as in points.seed, up to 2^64-1)";
    if (type_ == SQLITE_INTEGER) {
      if (sqlite3_column_int64(s_, column_) < 0) wrong(expected);
      return static_cast<std::uint64_t>(sqlite3_column_int64(s_, column_));
    }
    if (type_ != SQLITE_TEXT) wrong(expected);
    const std::string t = reinterpret_cast<const char*>(sqlite3_column_text(s_, column_));
    const bool digits = !t.empty() && t.size() <= 20 &&
                        t.find_first_not_of("0123456789") == std::string::npos &&
                        (t.size() == 1 || t[0] != '0');
    if (!digits || (t.size() == 20 && t > "18446744073709551615")) wrong(expected);
    return std::stoull(t);
  }

  // A number in [low, high], or NULL (a failed run); `whole`: an integral value.
  std::optional<double> number(double low, double high, bool whole,
                               const std::string& expected) const {
    if (null()) return std::nullopt;
    if (type_ != SQLITE_INTEGER && type_ != SQLITE_FLOAT) wrong(expected);
    const double v = sqlite3_column_double(s_, column_);
    if (type_ == SQLITE_INTEGER) {
      const std::int64_t i = sqlite3_column_int64(s_, column_);
      // Compared as integers: 2^53 + 1 is 2^53 as a double.
      if (static_cast<double>(i) < low || i > static_cast<std::int64_t>(high)) wrong(expected);
      return static_cast<double>(i);
    }
    if (!std::isfinite(v) || v < low || v > high || (whole && v != std::floor(v))) wrong(expected);
    return v;
  }

 private:
  std::string found() const {
    switch (type_) {
      case SQLITE_NULL:
        return "NULL";
      case SQLITE_INTEGER:
        return "the integer " + std::to_string(sqlite3_column_int64(s_, column_));
      case SQLITE_FLOAT:
        return "the real number " + number_text(sqlite3_column_double(s_, column_));
      case SQLITE_TEXT: {
        const auto* raw = reinterpret_cast<const char*>(sqlite3_column_text(s_, column_));
        const std::string whole(raw, static_cast<std::size_t>(sqlite3_column_bytes(s_, column_)));
        std::string t;  // control characters as \xHH, so that the message stays one line
        for (const char c : whole.substr(0, 40)) {
          const auto byte = static_cast<unsigned char>(c);
          if (byte >= 0x20 && byte != 0x7f) {
            t += c;
          } else {
            t += "\\x" + std::string(1, "0123456789abcdef"[byte >> 4]) +
                 "0123456789abcdef"[byte & 0xf];
          }
        }
        return "text '" + t + (whole.size() > 40 ? "...'" : "'");
      }
      default:
        return "a blob of " + std::to_string(sqlite3_column_bytes(s_, column_)) + " bytes";
    }
  }

  sqlite3_stmt* s_;
  int column_;
  const char* name_;
  std::size_t row_;
  int type_;
};

}  // namespace

std::vector<QueriedRun> query_runs(const std::filesystem::path& db_path, const std::string& sql) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(db_path, ec))
    throw UsageError("cannot query '" + db_path.string() +
                     "': it is not a file (give the SQLite file plab export wrote)");
  // Destroyed after `db` below is closed: a query leaves the folder as it found it.
  const WalFilesLeftAsFound wal_files(db_path);
  sqlite3* raw = nullptr;
  const int rc = open_database_file(db_path, SQLITE_OPEN_READONLY, &raw);
  SqliteDatabase db(raw);
  if (rc != SQLITE_OK)
    throw UsageError("cannot open the SQLite database '" + db_path.string() + "' to query it: " +
                     (raw != nullptr ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)));
  // Another process holding the database (an export writing it, an open transaction) is
  // waited for as the export waits, then named as such.
  sqlite3_busy_timeout(db.get(), kSqliteBusyWaitMs);
  const DatabaseKind kind = database_kind(db.get(), db_path);
  if (kind == DatabaseKind::kEarlier || kind == DatabaseKind::kNewer ||
      kind == DatabaseKind::kUnknown)
    require_current_schema(db.get(), db_path, kind, "plab report --query");
  SqliteStatement s = prepare_reading_query(db.get(), sql, db_path);
  std::map<std::string, int> columns;
  std::string returned;
  for (int c = 0; c < sqlite3_column_count(s.get()); ++c) {
    const std::string returned_name = sqlite3_column_name(s.get(), c);
    // SQL names are case-insensitive (in ASCII, as SQLite compares them): POINT is point.
    std::string name = returned_name;
    for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    const bool used = name == "test_error" ||
                      std::find(std::begin(kNeeded), std::end(kNeeded), name) != std::end(kNeeded);
    if (!columns.emplace(name, c).second && used)
      throw UsageError("the query returns the column '" + name +
                       "' twice (names differing in case are one name in SQL); name each of point, "
                       "learner, repeat, seed, mistakes and "
                       "test_error once");
    returned += (returned.empty() ? "" : ", ") + returned_name;
  }
  for (const char* name : kNeeded) {
    if (columns.count(name) == 0)
      throw UsageError(
          "the query must return the columns point, learner, repeat, seed and mistakes "
          "(test_error optional); it returns: " +
          returned);
  }
  const auto cell = [&](const char* name, std::size_t row) {
    return Cell(s.get(), columns.at(name), name, row);
  };
  const std::string count = "a count of mistakes (an integer from 0 to 2^53) or NULL";
  const std::string fraction = "an error rate (a number from 0 to 1) or NULL";
  std::vector<QueriedRun> runs;
  std::set<std::tuple<std::int64_t, std::string, std::int64_t>> seen;
  int step = 0;
  while ((step = sqlite3_step(s.get())) == SQLITE_ROW) {
    const std::size_t row = runs.size() + 1;
    if (row > kMaxQueriedRuns)
      throw UsageError("the query returns more than " + std::to_string(kMaxQueriedRuns) +
                       " runs, the most plab report --query compares; select fewer "
                       "experiments, sweep points or repeats");
    QueriedRun r;
    r.point = cell("point", row).index();
    r.learner = cell("learner", row).text();
    r.repeat = cell("repeat", row).index();
    r.seed = cell("seed", row).seed();
    r.mistakes = cell("mistakes", row).number(0, kLargestCount, true, count);
    if (columns.count("test_error") != 0)
      r.test_error = cell("test_error", row).number(0, 1, false, fraction);
    if (!seen.insert({r.point, r.learner, r.repeat}).second) {
      throw UsageError("the query returns point " + std::to_string(r.point) + ", learner '" +
                       r.learner + "', repeat " + std::to_string(r.repeat) +
                       " twice (runs of two experiments under one learner name?); select one "
                       "experiment per learner, or rename a learner in the query");
    }
    runs.push_back(std::move(r));
  }
  if (step != SQLITE_DONE) throw_query_failure(db.get(), db_path);
  return runs;
}

}  // namespace plab
