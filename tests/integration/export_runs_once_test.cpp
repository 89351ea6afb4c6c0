// plab export through the real binary, on what must not go silently wrong: seeds of 2^63 and
// more stored exactly (and a comparison refusing runs of two such seeds), a run stored once
// whichever folder brings it (shards, their merged folder, the same folder again), the
// schema's version (an earlier plab's database refused with the command that rebuilds it),
// an unrelated SQLite file refused before anything is written, and Ctrl-C rolling back.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "results/folder/record_digest.hpp"
#include "support/export_folders.hpp"
#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::in_troubleshooting;
using test::read_file;
using test::run_plab;
using test::sqlite_rows;
using test::tiny_config;

// The comparison query of docs/reports.md: every run of experiments 1 and 2 with its seed.
const std::string kPairQuery =
    "SELECT r.point, r.learner, r.\"repeat\", p.seed, r.mistakes FROM runs r JOIN points p ON "
    "p.experiment_id = r.experiment_id AND p.point = r.point WHERE r.experiment_id IN (1, 2) "
    "ORDER BY r.experiment_id, r.run";

std::size_t row_count(const fs::path& db, const std::string& table) {
  return std::stoul(sqlite_rows(db, "SELECT COUNT(*) FROM " + table)[0][0]);
}

class SeedPairs : public ::testing::TestWithParam<std::pair<std::string, std::string>> {};

TEST_P(SeedPairs, AreStoredExactlyAndNeverPairedWithEachOther) {
  const auto& [seed_a, seed_b] = GetParam();
  test::TempDir dir;
  const fs::path a = run_tiny(dir, "a", tiny_config(seed_a, test::kClassicLearner));
  const fs::path b = run_tiny(dir, "b", tiny_config(seed_b, test::kEtaLearner));
  const fs::path same = run_tiny(dir, "same", tiny_config(seed_a, test::kEtaLearner));
  const fs::path db = dir / "runs.db";
  auto r = run_plab({"export", a.string(), b.string(), same.string(), "--sqlite", db.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Seeds are text of the exact decimal, in points and in runs.
  EXPECT_EQ(sqlite_rows(db,
                        "SELECT DISTINCT seed, typeof(seed) FROM points ORDER BY "
                        "experiment_id"),
            (std::vector<std::vector<std::string>>{{seed_a, "text"}, {seed_b, "text"}}));
  EXPECT_EQ(sqlite_rows(db, "SELECT COUNT(*) FROM runs WHERE seed = '" + seed_b + "'")[0][0], "6");
  EXPECT_EQ(sqlite_rows(db,
                        "SELECT COUNT(*) FROM points a JOIN points b ON a.seed = b.seed "
                        "WHERE a.experiment_id = 1 AND b.experiment_id = 2")[0][0],
            "0");
  EXPECT_EQ(sqlite_rows(db, "PRAGMA user_version")[0][0], "3");

  r = run_plab({"report", db.string(), "--query", kPairQuery, "--out", (dir / "ab").string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("with seeds " + seed_a + " and " + seed_b), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("a paired comparison needs the same seed"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir / "ab"));

  // Experiments 1 and 3 share the seed: they pair.
  std::string query = kPairQuery;
  query.replace(query.find("(1, 2)"), 6, "(1, 3)");
  r = run_plab({"report", db.string(), "--query", query, "--out", (dir / "a-same").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(read_file(dir / "a-same" / "report.md").find("eta"), std::string::npos);

  // A seed that went through a double is refused, not compared.
  query = kPairQuery;
  query.replace(query.find("p.seed"), 6, "CAST(p.seed AS REAL) AS seed");
  r = run_plab({"report", db.string(), "--query", query, "--out", (dir / "real").string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("the query's column 'seed' in row 1 is the real number"), std::string::npos)
      << r.err;
  EXPECT_TRUE(in_troubleshooting("the query's column"));
}

INSTANTIATE_TEST_SUITE_P(Export, SeedPairs,
                         ::testing::Values(std::pair{"18446744073709551615",
                                                     "18446744073709551614"},
                                           std::pair{"9223372036854775808", "9223372036854775809"},
                                           std::pair{"18446744073709551557", "7"}));

// 2 points × 3 repeats × 2 learners = 12 runs, in two shards of 6 and their merge.
struct Sharded {
  fs::path s0, s1, merged, whole;
};

Sharded sharded(const test::TempDir& dir) {
  const std::string config = tiny_config("11", test::kClassicLearner + ", " + test::kEtaLearner);
  Sharded f;
  f.s0 = run_tiny(dir, "s0", config, {"--shard", "0/2"});
  f.s1 = run_tiny(dir, "s1", config, {"--shard", "1/2"});
  f.merged = dir / "merged";
  const auto r = run_plab({"merge", f.merged.string(), f.s0.string(), f.s1.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  f.whole = run_tiny(dir, "whole", config);  // the same runs, unsharded
  return f;
}

TEST(Export, ShardsTheirMergeAndARerunAddEachRunOnce) {
  test::TempDir dir;
  const Sharded f = sharded(dir);
  const fs::path db = dir / "all.db";
  // The glob of a sharded run: shards and merged folder in one export.
  auto r = run_plab({"export", f.s0.string(), f.s1.string(), f.merged.string(), f.whole.string(),
                     "--sqlite", db.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(row_count(db, "runs"), 12u);
  EXPECT_EQ(row_count(db, "experiments"), 2u) << "the merged folder and the rerun add nothing";
  EXPECT_NE(r.out.find("all 12 runs already in"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("12 runs added, 24 already there"), std::string::npos) << r.out;
  // Each stored run is a record of the merged folder, once.
  const auto records = sqlite_rows(db, "SELECT record FROM runs ORDER BY run");
  std::string joined;
  for (const auto& row : records) joined += row[0] + "\n";
  EXPECT_EQ(joined, read_file(f.merged / "runs.jsonl"));

  // Across exports, in another order: the merged folder first, then a shard.
  const fs::path db2 = dir / "two.db";
  ASSERT_EQ(run_plab({"export", f.s1.string(), "--sqlite", db2.string()}).exit_code, 0);
  r = run_plab({"export", f.merged.string(), "--sqlite", db2.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("6 runs added as experiment 2; 6 runs already in (experiment 1) skipped"),
            std::string::npos)
      << r.out;
  r = run_plab({"export", f.s0.string(), f.merged.string(), "--sqlite", db2.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("all 6 runs already in"), std::string::npos) << r.out;
  EXPECT_EQ(row_count(db2, "runs"), 12u);
  EXPECT_EQ(sqlite_rows(db2, "SELECT COUNT(DISTINCT run) FROM runs")[0][0], "12");

  // Another config (one learner's eta changed) is another experiment: its runs are added.
  const fs::path other = run_tiny(
      dir, "other",
      tiny_config("11", test::kClassicLearner + R"(, {"name": "eta", "plugin": "eta_perceptron",
                  "params": {"eta": 0.25}})"));
  r = run_plab({"export", other.string(), "--sqlite", db2.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(row_count(db2, "runs"), 24u);
}

TEST(Export, ARunWhoseRecordDiffersFromItsStoredTwinIsRefused) {
  test::TempDir dir;
  const Sharded f = sharded(dir);
  const fs::path db = dir / "runs.db";
  ASSERT_EQ(run_plab({"export", f.merged.string(), "--sqlite", db.string()}).exit_code, 0);
  // The stored record changed behind plab's back: the shard's run no longer matches it.
  test::sqlite_exec(db,
                    "UPDATE runs SET record = replace(record, '\"mistakes\":', "
                    "'\"mistakes\": ') WHERE run = 7");
  const auto before = read_file(db);
  const auto r = run_plab({"export", f.s1.string(), "--sqlite", db.string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("differs from the same run of experiment 1"), std::string::npos) << r.err;
  EXPECT_TRUE(in_troubleshooting("differs from the same run of experiment"));
  EXPECT_EQ(read_file(db), before);
}

TEST(Export, AnEarlierPlabsDatabaseIsRefusedWithTheCommandThatRebuildsIt) {
  test::TempDir dir;
  const fs::path a = run_tiny(dir, "a", tiny_config("5", test::kClassicLearner));
  // The layout of the first export (no version, no application id), seeds as INTEGER.
  const fs::path old = dir / "old.db";
  test::sqlite_exec(old,
                    "CREATE TABLE experiments (id INTEGER PRIMARY KEY, name TEXT, folder TEXT);"
                    "CREATE TABLE plugins (experiment_id INTEGER, name TEXT);"
                    "CREATE TABLE data_files (experiment_id INTEGER, path TEXT);"
                    "CREATE TABLE points (experiment_id INTEGER, point INTEGER, seed INTEGER);"
                    "CREATE TABLE learners (experiment_id INTEGER, learner TEXT);"
                    "CREATE TABLE runs (experiment_id INTEGER, run INTEGER, record TEXT);"
                    "INSERT INTO experiments VALUES (1, 'tiny', '" +
                        a.string() + "'), (2, 'x', '/data/results/with space');");
  const std::string before = read_file(old);
  auto r = run_plab({"export", a.string(), "--sqlite", old.string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("was written by an earlier plab export"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("rebuild it from its folders: plab export " + a.string() +
                       " '/data/results/with space' --sqlite " + old.string() + ".new"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(in_troubleshooting("was written by an earlier plab export"));
  EXPECT_EQ(read_file(old), before);
  r = run_plab({"report", old.string(), "--query", kPairQuery, "--out", (dir / "q").string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("plab report --query: '" + old.string() + "' was written by an earlier"),
            std::string::npos)
      << r.err;

  // The rebuild command, run as printed, makes a database this plab uses.
  r = run_plab({"export", a.string(), "--sqlite", old.string() + ".new"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST(Export, AnUnrelatedSqliteFileIsRefusedBeforeAnythingIsWritten) {
  test::TempDir dir;
  const fs::path a = run_tiny(dir, "a", tiny_config("5", test::kClassicLearner));
  for (const std::string& tables :
       {std::string("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT);"
                    "INSERT INTO notes VALUES (1, 'keep me');"),
        std::string("CREATE TABLE runs (x);"), std::string("PRAGMA user_version = 7;")}) {
    const fs::path db = dir / "mine.db";
    fs::remove(db);
    test::sqlite_exec(db, tables);
    const std::string before = read_file(db);
    const auto r = run_plab({"export", a.string(), "--sqlite", db.string()});
    EXPECT_EQ(r.exit_code, 2) << tables << r.err;
    EXPECT_NE(r.err.find("is an SQLite database that plab export did not write"), std::string::npos)
        << r.err;
    EXPECT_EQ(read_file(db), before) << tables;
    EXPECT_FALSE(fs::exists(db.string() + "-journal"));
  }
  EXPECT_TRUE(in_troubleshooting("is an SQLite database that plab export did not write"));
}

TEST(Export, CtrlCRollsTheWholeExportBack) {
  test::TempDir dir;
  // Many folders of 800 runs each (another seed each, so every run is new): the export
  // spends most of its time writing them.
  const fs::path a = run_tiny(dir, "a", tiny_config("3", test::kClassicLearner));
  std::vector<fs::path> folders;
  for (int k = 0; k < 40; ++k) {
    folders.push_back(run_tiny(dir, "c" + std::to_string(k),
                               tiny_config(std::to_string(100 + k), test::kClassicLearner, 400)));
  }
  const fs::path db = dir / "runs.db";
  ASSERT_EQ(run_plab({"export", a.string(), "--sqlite", db.string()}).exit_code, 0);
  const std::string before = read_file(db);
  std::vector<std::string> args = {"export"};
  for (const fs::path& f : folders) args.push_back(f.string());
  args.insert(args.end(), {"--sqlite", db.string()});
  int interrupted = 0;
  for (const int delay_ms : {60, 150, 300, 600}) {
    const auto r = test::run_process_and_signal(PLAB_BINARY, args, SIGINT, delay_ms);
    if (r.exit_code == 0) break;  // finished before the signal: nothing to roll back
    EXPECT_EQ(r.exit_code, 130) << r.err;
    if (r.err.empty()) {
      // The signal came before plab had installed its handler (a slow start, as under the
      // sanitizers on a busy machine): the default action ended it before it opened the
      // database, so there is nothing to roll back and nothing to say.
      EXPECT_EQ(read_file(db), before) << "after " << delay_ms << " ms";
      continue;
    }
    EXPECT_NE(r.err.find("is as it was before"), std::string::npos) << r.err;
    EXPECT_EQ(read_file(db), before) << "after " << delay_ms << " ms";
    EXPECT_FALSE(fs::exists(db.string() + "-journal"));
    ++interrupted;
  }
  EXPECT_GT(interrupted, 0) << "no signal arrived during the export";
  EXPECT_TRUE(in_troubleshooting("during plab export"));
}

// A record may hold an integer where a real column stands (a hand-made folder, chained again):
// the column keeps the nearest double, and exporting the folder again must find the run as it
// is, not call the column edited (2^53 + 1 and larger are no doubles).
TEST(ExportRunsOnce, IntegersBeyondDoublesInRealColumnsAreFoundAgain) {
  test::TempDir dir;
  const fs::path a = run_tiny(dir, "a", tiny_config("7", test::kClassicLearner));
  test::edit_record(a, test::any_record, [](boost::json::object& r) {
    r["w0_norm"] = std::uint64_t{186666666666666607};
    r["w_norm"] = std::int64_t{9007199254740993};
  });
  write_digest_chain(a);
  const fs::path db = dir / "runs.db";
  const auto first = run_plab({"export", a.string(), "--sqlite", db.string()});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(sqlite_rows(db,
                        "SELECT typeof(w0_norm), w0_norm = 186666666666666607.0, typeof(w_norm) "
                        "FROM runs WHERE run = 0")[0],
            (std::vector<std::string>{"real", "1", "real"}));
  const std::size_t runs = row_count(db, "runs");
  const auto again = run_plab({"export", a.string(), "--sqlite", db.string()});
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.err.find("differs from its record"), std::string::npos) << again.err;
  EXPECT_EQ(row_count(db, "runs"), runs);
}

}  // namespace
}  // namespace plab
