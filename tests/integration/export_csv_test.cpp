// plab export --csv and the runs_flat view through the real binary: one row per run with
// readable columns, RFC 4180 quoting, the numbers of runs.jsonl as they are, the same
// columns and values as the view, an existing CSV kept without --force, and a database of
// the previous version migrated without adding its runs again.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <boost/json.hpp>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "support/export_folders.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;
using test::run_tiny;
using test::sqlite_rows;
using test::tiny_config;

using Table = std::vector<std::vector<std::string>>;

// An RFC 4180 reader, independent of plab's writer: quoted cells, doubled quotes, CRLF.
Table read_csv(const std::string& text) {
  Table rows(1);
  std::string cell;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        cell += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        cell += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      rows.back().push_back(cell);
      cell.clear();
    } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      rows.back().push_back(cell);
      cell.clear();
      rows.emplace_back();
      ++i;
    } else {
      cell += c;
    }
  }
  rows.pop_back();  // after the last CRLF
  return rows;
}

std::size_t column(const Table& t, const std::string& name) {
  for (std::size_t i = 0; i < t[0].size(); ++i)
    if (t[0][i] == name) return i;
  ADD_FAILURE() << "no column " << name;
  return 0;
}

std::vector<std::string> lines_of(const fs::path& file) {
  std::istringstream in(read_file(file));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The text of `field` in a runs.jsonl line, as written there.
std::string field_text(const std::string& line, const std::string& field) {
  const std::string key = "\"" + field + "\":";
  const auto at = line.find(key);
  if (at == std::string::npos) return "<none>";
  std::size_t end = at + key.size();
  int depth = 0;
  for (; end < line.size(); ++end) {
    const char c = line[end];
    if (c == '[' || c == '{') ++depth;
    if (c == ']' || c == '}') {
      if (depth == 0) break;
      --depth;
    }
    if (c == ',' && depth == 0) break;
  }
  return line.substr(at + key.size(), end - at - key.size());
}

const std::string kTwoLearners = test::kClassicLearner + ", " + test::kEtaLearner;

TEST(ExportCsv, OneRowPerRunWithReadableColumnsAndTheRecordsNumbersAsTheyAre) {
  test::TempDir dir;
  std::string config = tiny_config("11", kTwoLearners);
  const std::string order = R"("order": "shuffle")";
  config.replace(config.find(order), order.size(), order + R"(, "record_weights": true)");
  config.insert(1, R"("tags": ["iris", "a,\"b\""], "note": "line one\nline two", )");
  const fs::path a = run_tiny(dir, "a", config, {"--tag", "nightly"});
  const fs::path csv = dir / "runs.csv";
  const fs::path db = dir / "runs.db";
  auto r = run_plab({"export", a.string(), "--csv", csv.string(), "--sqlite", db.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Table t = read_csv(read_file(csv));
  const std::vector<std::string> lines = lines_of(a / "runs.jsonl");
  ASSERT_EQ(t.size(), lines.size() + 1);
  // The fixed columns first, in their documented order.
  const std::vector<std::string> first = {
      "experiment_id", "experiment", "folder", "start_time", "plab_version", "tags",   "note",
      "run",           "seed",       "point",  "learner",    "plugin",       "repeat", "status"};
  ASSERT_GE(t[0].size(), first.size());
  EXPECT_EQ(std::vector<std::string>(t[0].begin(), t[0].begin() + first.size()), first);
  // `tie` is a parameter of both plugins: one column per learner; `eta` and `step` of one
  // plugin each; the swept pointer /init/scale as init.scale; the record's own fields.
  for (const char* name : {"classic.tie", "eta.tie", "eta", "step", "init.scale", "mistakes",
                           "w_norm", "w", "converged", "epochs"}) {
    EXPECT_NE(std::find(t[0].begin(), t[0].end(), name), t[0].end()) << name;
  }
  EXPECT_EQ(std::find(t[0].begin(), t[0].end(), "tie"), t[0].end());
  EXPECT_EQ(std::find(t[0].begin(), t[0].end(), "params"), t[0].end());
  for (std::size_t i = 1; i < t.size(); ++i) {
    const std::string& line = lines[i - 1];
    ASSERT_EQ(t[i].size(), t[0].size()) << i;
    EXPECT_EQ(t[i][column(t, "tags")], R"(["iris","a,\"b\"","nightly"])");
    EXPECT_EQ(t[i][column(t, "note")], "line one\nline two");
    EXPECT_EQ(t[i][column(t, "run")], std::to_string(i - 1));
    EXPECT_EQ(t[i][column(t, "seed")], "11");
    EXPECT_EQ("\"" + t[i][column(t, "learner")] + "\"", field_text(line, "learner"));
    for (const char* f : {"mistakes", "w_norm", "w", "epochs", "R", "rho", "bound", "ratio"})
      EXPECT_EQ(t[i][column(t, f)], field_text(line, f)) << f << " of run " << i - 1;
    EXPECT_EQ(t[i][column(t, "converged")], field_text(line, "converged") == "true" ? "1" : "0");
    EXPECT_EQ(
        t[i][column(t, "init.scale")],
        field_text(line, "params").find("\"/init/scale\":3") != std::string::npos ? "3" : "1");
    const bool eta = t[i][column(t, "learner")] == "eta";
    EXPECT_EQ(t[i][column(t, "eta")], eta ? "0.5" : "");
    EXPECT_EQ(t[i][column(t, "classic.tie")], eta ? "" : "mistake");
    EXPECT_EQ(t[i][column(t, "eta.tie")], eta ? "mistake" : "");
  }

  // The view: the same columns, the same values (a real read as a double, exactly as
  // strtod reads the CSV's text; SQLite's own printing of reals is not exact).
  const auto names = sqlite_rows(db, "SELECT name FROM pragma_table_info('runs_flat')");
  ASSERT_EQ(names.size(), t[0].size());
  for (std::size_t k = 0; k < names.size(); ++k) EXPECT_EQ(names[k][0], t[0][k]);
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  std::unique_ptr<sqlite3, int (*)(sqlite3*)> handle(raw, &sqlite3_close);
  sqlite3_stmt* s = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(raw, "SELECT * FROM runs_flat ORDER BY experiment_id, run", -1, &s,
                               nullptr),
            SQLITE_OK);
  std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> statement(s, &sqlite3_finalize);
  std::size_t i = 1;
  for (; sqlite3_step(s) == SQLITE_ROW; ++i) {
    ASSERT_LT(i, t.size());
    for (int k = 0; k < sqlite3_column_count(s); ++k) {
      const std::string& c = t[i][static_cast<std::size_t>(k)];
      const std::string name = names[static_cast<std::size_t>(k)][0];
      if (sqlite3_column_type(s, k) == SQLITE_FLOAT) {
        EXPECT_EQ(sqlite3_column_double(s, k), std::stod(c)) << name << " of run " << i - 1;
      } else {
        const auto* text = sqlite3_column_text(s, k);
        EXPECT_EQ(text == nullptr ? "" : std::string(reinterpret_cast<const char*>(text)), c)
            << name << " of run " << i - 1;
      }
    }
  }
  EXPECT_EQ(i, t.size());
}

TEST(ExportCsv, AnExistingFileIsKeptWithoutForceAndARunMetAgainIsOneRow) {
  test::TempDir dir;
  const fs::path a = run_tiny(dir, "a", tiny_config("12", test::kClassicLearner));
  const fs::path csv = dir.write("runs.csv", "mine\n");
  auto r = run_plab({"export", a.string(), "--csv", csv.string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("exists; plab export does not replace it unless given --force"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(read_file(csv), "mine\n");
  EXPECT_TRUE(
      test::in_troubleshooting("exists; plab export does not replace it unless given --force"));
  // The same folder twice: its runs once.
  r = run_plab({"export", a.string(), a.string(), "--csv", csv.string(), "--force"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_csv(read_file(csv)).size(), lines_of(a / "runs.jsonl").size() + 1);
  EXPECT_NE(r.out.find("6 runs met again"), std::string::npos) << r.out;
  // Neither output: a usage error.
  r = run_plab({"export", a.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("needs --sqlite DB, --csv FILE or both"), std::string::npos) << r.err;
  EXPECT_TRUE(test::in_troubleshooting("needs --sqlite DB, --csv FILE or both"));
}

TEST(ExportCsv, ADatabaseOfThePreviousVersionIsMigratedWithoutAddingItsRunsAgain) {
  test::TempDir dir;
  std::string config = tiny_config("13", test::kClassicLearner);
  config.insert(1, R"("tags": ["first"], )");
  const fs::path a = run_tiny(dir, "a", config);
  const fs::path db = dir / "runs.db";
  ASSERT_EQ(run_plab({"export", a.string(), "--sqlite", db.string()}).exit_code, 0);
  // Back to version 2: no tags or note, no view, and the identity as version 2 computed it
  // (with the config's tags).
  test::sqlite_exec(
      db,
      "DROP VIEW runs_flat; DROP TABLE run_reals; ALTER TABLE experiments DROP COLUMN tags; "
      "ALTER TABLE experiments DROP COLUMN note; "
      "UPDATE experiments SET identity_sha256 = 'with tags'; "
      "PRAGMA user_version = 2;");
  // The same runs with another tag: the same experiment, nothing added.
  config.replace(config.find("first"), 5, "again");
  const fs::path b = run_tiny(dir, "b", config);
  const auto r = run_plab({"export", b.string(), "--sqlite", db.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("not added again"), std::string::npos) << r.out;
  EXPECT_EQ(sqlite_rows(db, "PRAGMA user_version")[0][0], "3");
  EXPECT_EQ(sqlite_rows(db, "SELECT COUNT(*), COUNT(tags) FROM runs_flat")[0],
            (std::vector<std::string>{"6", "0"}));
}

}  // namespace
}  // namespace plab
