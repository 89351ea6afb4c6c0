// plab export and plab report --query where the environment, not the input, gets in the way,
// through the real binary: a file size limit, another process holding the database, a signal
// during a query that never ends, memory running out during a query; and the output of a
// query report: a comparison that cannot be written leaves nothing half-written, a learner
// name with `|` or `\` keeps report.md's table whole, and a comparison without pairs prints no
// statistics.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <chrono>
#include <csignal>
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

// A query that never ends and never returns a row: only a signal stops it.
const std::string kEndlessSilentQuery =
    "WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x+1 FROM c) SELECT x AS point, 'a' AS "
    "learner, 0 AS \"repeat\", '1' AS seed, 1 AS mistakes FROM c WHERE x < 0";

// Folders a (classic) and b (eta) of one config and their database.
class ExportEnvironment : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new test::TempDir();
    test::run_tiny(*dir_, "a", test::tiny_config("21", test::kClassicLearner, 3));
    test::run_tiny(*dir_, "b", test::tiny_config("21", test::kEtaLearner, 3));
    test::run_tiny(*dir_, "c", test::tiny_config("22", test::kEtaLearner, 3));
    const auto r = run_plab({"export", (*dir_ / "a").string(), (*dir_ / "b").string(), "--sqlite",
                             (*dir_ / "runs.db").string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  static std::string at(const std::string& name) { return (*dir_ / name).string(); }
  static test::TempDir* dir_;
};

test::TempDir* ExportEnvironment::dir_ = nullptr;

TEST_F(ExportEnvironment, AFileSizeLimitIsNamedAndLeavesTheDatabaseAsItWas) {
  // A new database: not left behind.
  auto r = test::run_plab_with_file_size_limit(
      {"export", at("a"), at("b"), at("c"), "--sqlite", at("fsize-new.db")}, 20000);
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_NE(r.err.find("the file size limit (ulimit -f) was reached"), std::string::npos) << r.err;
  EXPECT_TRUE(test::in_troubleshooting("the file size limit (ulimit -f) was reached"));
  EXPECT_FALSE(fs::exists(at("fsize-new.db")));
  // An existing database, grown past the limit by the export: unchanged.
  fs::copy_file(at("runs.db"), at("fsize-old.db"));
  const std::string before = read_file(at("fsize-old.db"));
  r = test::run_plab_with_file_size_limit({"export", at("c"), "--sqlite", at("fsize-old.db")},
                                          before.size() + 100);
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_NE(r.err.find("is as it was before"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(at("fsize-old.db")), before);
}

// A database already larger than the limit: the first statement to write past it fails (the
// runs_flat view, the schema), and its failure names the limit as well.
TEST_F(ExportEnvironment, AFileSizeLimitBelowAnExistingDatabaseIsNamed) {
  fs::copy_file(at("runs.db"), at("fsize-small.db"));
  const std::string before = read_file(at("fsize-small.db"));
  const auto r = test::run_plab_with_file_size_limit(
      {"export", at("c"), "--sqlite", at("fsize-small.db")}, before.size() / 2);
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_NE(r.err.find("the file size limit (ulimit -f) was reached"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(at("fsize-small.db")), before);
}

TEST_F(ExportEnvironment, ADatabaseHeldByAnotherProcessIsNamedAfterTheWait) {
  fs::copy_file(at("runs.db"), at("held.db"));
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(at("held.db").c_str(), &raw), SQLITE_OK);
  std::unique_ptr<sqlite3, int (*)(sqlite3*)> holder(raw, &sqlite3_close);
  ASSERT_EQ(sqlite3_exec(raw, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr), SQLITE_OK);
  const auto r = run_plab({"export", at("c"), "--sqlite", at("held.db")});
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_NE(r.err.find("another process holds the database (plab waited 10 s"), std::string::npos)
      << r.err;
  EXPECT_TRUE(test::in_troubleshooting("another process holds the database"));
  sqlite3_exec(raw, "ROLLBACK", nullptr, nullptr, nullptr);
}

TEST_F(ExportEnvironment, ASignalStopsAQueryThatNeverEnds) {
  for (const int signal : {SIGINT, SIGTERM}) {
    const auto start = std::chrono::steady_clock::now();
    // Half a second in: plab has long installed its handlers and is inside the query.
    const auto r = test::run_plab_and_signal_when(
        {"report", at("runs.db"), "--query", kEndlessSilentQuery, "--out",
         at("signalled-" + std::to_string(signal))},
        signal,
        [&] { return std::chrono::steady_clock::now() - start > std::chrono::milliseconds(500); });
    EXPECT_EQ(r.exit_code, 130) << r.err;
    EXPECT_NE(r.err.find("interrupted by signal " + std::to_string(signal)), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("while running the query on"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(at("signalled-" + std::to_string(signal))));
  }
  EXPECT_TRUE(test::in_troubleshooting("while running the query on"));
}

TEST_F(ExportEnvironment, AFailedComparisonLeavesNoHalfWrittenReport) {
  // report.md fits under the limit, report.html does not.
  auto r = test::run_plab_with_file_size_limit(
      {"report", at("a"), at("b"), "--out", at("cut-report")}, 3000);
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_FALSE(fs::exists(at("cut-report"))) << "a folder this call made is removed";
  r = run_plab({"report", at("a"), at("b"), "--out", at("cut-report")});
  EXPECT_EQ(r.exit_code, 0) << "the retry needs no --force\n" << r.err;
  // Replacing a report with --force: the old pair stays when the new one cannot be written.
  const std::string md = read_file(at("cut-report/report.md"));
  const std::string html = read_file(at("cut-report/report.html"));
  const std::string query =
      "SELECT r.point, r.learner, r.\"repeat\", p.seed, r.mistakes FROM runs r JOIN points p ON "
      "p.experiment_id = r.experiment_id AND p.point = r.point";
  r = test::run_plab_with_file_size_limit(
      {"report", at("runs.db"), "--query", query, "--out", at("cut-report"), "--force"}, 1500);
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_EQ(read_file(at("cut-report/report.md")), md);
  EXPECT_EQ(read_file(at("cut-report/report.html")), html);
  for (const auto& entry : fs::directory_iterator(at("cut-report")))
    EXPECT_TRUE(entry.path().filename() == "report.md" || entry.path().filename() == "report.html")
        << entry.path();
}

TEST_F(ExportEnvironment, ALearnerNameWithABarOrABackslashKeepsTheTableWhole) {
  const std::string query =
      "SELECT r.point, '|' || r.learner || '\\' AS learner, r.\"repeat\", p.seed, r.mistakes "
      "FROM runs r JOIN points p ON p.experiment_id = r.experiment_id AND p.point = r.point";
  const auto r = run_plab({"report", at("runs.db"), "--query", query, "--out", at("odd-names")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string md = read_file(at("odd-names/report.md"));
  // `|` and `\` escaped: each row of the comparison table keeps its nine cells.
  std::istringstream lines(md);
  std::size_t rows = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.find("| \\|eta\\\\ |") == std::string::npos) continue;
    ++rows;
    std::size_t bars = 0;
    for (std::size_t k = 0; k < line.size(); ++k)
      bars += line[k] == '|' && (k == 0 || line[k - 1] != '\\') ? 1 : 0;
    EXPECT_EQ(bars, 10U) << line;
  }
  EXPECT_EQ(rows, 2U) << md;  // one per sweep point
}

TEST_F(ExportEnvironment, AComparisonWithoutPairsPrintsNoStatistics) {
  // Every mistake NULL (as for failed runs): no repeat pairs, so no test was run.
  const std::string query =
      "SELECT r.point, r.learner, r.\"repeat\", p.seed, NULL AS mistakes FROM runs r JOIN points "
      "p ON p.experiment_id = r.experiment_id AND p.point = r.point";
  const auto r = run_plab({"report", at("runs.db"), "--query", query, "--out", at("no-pairs")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string md = read_file(at("no-pairs/report.md"));
  EXPECT_NE(md.find("| mistakes | 0 | none (no pairs) | - | - | - |"), std::string::npos) << md;
  EXPECT_NE(md.find("has mistakes for both"), std::string::npos) << md;
  EXPECT_EQ(md.find("[0, 0]"), std::string::npos) << md;
  EXPECT_EQ(md.find("| 1 | 1 |"), std::string::npos) << md;
}

// ---- memory limits (RLIMIT_AS: MemoryLimit.*, left out of the sanitizer presets) ---------

TEST(MemoryLimit, AQueryThatRunsOutOfMemoryIsExit4) {
  ASSERT_FALSE(test::under_sanitizer())
      << "RLIMIT_AS cannot be used under a sanitizer: the asan preset's filter leaves "
         "MemoryLimit.* out; run them in the default preset";
  test::TempDir d;
  test::run_tiny(d, "a", test::tiny_config("21", test::kClassicLearner, 3));
  ASSERT_EQ(
      run_plab({"export", (d / "a").string(), "--sqlite", (d / "runs.db").string()}).exit_code, 0);
  const std::string endless =
      "WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x+1 FROM c) SELECT x AS point, 'a' || "
      "x AS learner, 0 AS \"repeat\", '1' AS seed, 1 AS mistakes FROM c";
  // SQLite sorting rows that never end (in memory), and plab holding the rows it reads.
  for (const std::string& sql : {endless + " ORDER BY -x", endless}) {
    const auto r = test::run_plab_with_limits(
        {"report", (d / "runs.db").string(), "--query", sql, "--out", (d / "o").string()},
        {0, 150ull << 20});
    EXPECT_EQ(r.exit_code, 4) << sql << "\n" << r.err;
    EXPECT_NE(r.err.find("out of memory while running the query on"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(d / "o"));
  }
  EXPECT_TRUE(test::in_troubleshooting("out of memory while running the query on"));
}

}  // namespace
}  // namespace plab
