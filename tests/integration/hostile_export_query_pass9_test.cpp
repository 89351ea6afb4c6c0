// plab export and plab report DB --query against a hostile user, pass nine: SQLite's side files
// (DB-journal, DB-wal, DB-shm) planted as FIFOs, links, hard links, folders and sockets beside a
// database or a new one, databases reached through links, edited by hand or given two names, and
// queries whose values are text, out of range or spelt otherwise (docs/sqlite.md,
// docs/reports.md). Each row checks its exit code and answer, and that "victim", a file outside
// every folder, and the database as exported are as they were after a refusal.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/classic_eta_export.hpp"
#include "support/export_folders.hpp"
#include "support/planted_files.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::AnswerRow;
using test::kVictim;
using test::Plant;
using Args = std::vector<std::string>;

// victim beside the row's folder, t.db a copy of the shared q.db (unless `fresh`), then `plant`.
Plant with_database(Plant plant, bool fresh = false) {
  return [=](const test::TempDir& dir) {
    dir.write("victim", kVictim);
    if (!fresh) fs::copy_file(test::classic_eta_export() / "q.db", dir / "t.db");
    plant(dir);
  };
}

const Plant kNothing = [](const test::TempDir&) {};

// `plab export {S}/a args...` after `plant`; `file` looked at as in answer_rows.hpp.
AnswerRow exporting(std::string name, Plant plant, Args args, int exit_code, std::string fragment,
                    std::string file = "victim", std::string holds = kVictim) {
  args.insert(args.begin(), {"export", "{S}/a"});
  return {{std::move(name), {}, std::move(args), exit_code, std::move(fragment), {}},
          std::move(file),
          std::move(holds),
          with_database(std::move(plant))};
}

// The same into a new database t.db: after a refusal it is not there.
AnswerRow exporting_anew(std::string name, Plant plant, int exit_code, std::string fragment) {
  return {{std::move(name),
           {},
           {"export", "{S}/a", "--sqlite", "t.db"},
           exit_code,
           std::move(fragment),
           {}},
          "t.db",
          exit_code == 0 ? "SQLite format 3" : "",
          with_database(std::move(plant), true)};
}

const std::string kGood = R"(SELECT point, learner, "repeat", seed, mistakes FROM runs)";

// `plab report t.db --query SQL --out out` on the copy of q.db after `plant`.
AnswerRow querying(std::string name, Plant plant, std::string sql, int exit_code,
                   std::string fragment) {
  return {{std::move(name),
           {},
           {"report", "t.db", "--query", std::move(sql), "--out", "out"},
           exit_code,
           std::move(fragment),
           {}},
          exit_code == 0 ? "out/report.md" : "victim",
          exit_code == 0 ? "comparison" : kVictim,
          with_database(std::move(plant))};
}

AnswerRow query(std::string name, std::string sql, int exit_code, std::string fragment) {
  return querying(std::move(name), kNothing, std::move(sql), exit_code, std::move(fragment));
}

// kGood with these expressions in place of seed and mistakes.
std::string select(const std::string& seed, const std::string& mistakes) {
  return R"(SELECT point, learner, "repeat", )" + seed + " AS seed, " + mistakes +
         " AS mistakes FROM runs";
}

Plant edited(std::string sql) {
  return [=](const test::TempDir& dir) { test::sqlite_exec(dir / "t.db", sql); };
}

const Args kIntoT = {"--sqlite", "t.db"};
const std::string kBeside = "beside the SQLite database 't.db' is a";
const std::string kUnusable = "'t.db' is not an SQLite database plab can use: ";
const std::string kSeed = "expected a seed (an integer from 0, or its decimal text";
const std::string kReadOnly = "the query must only read the database (a SELECT); it asks to ";

const std::vector<AnswerRow>& rows() {
  static const std::vector<AnswerRow> all = {
      // a side file of a database plab wrote, for export
      exporting("journal_fifo", test::fifo("t.db-journal"), kIntoT, 2,
                "'t.db-journal' " + kBeside + " FIFO"),
      exporting("journal_link_outside", test::link("victim", "t.db-journal"), kIntoT, 2,
                "'t.db-journal' " + kBeside + " symbolic link"),
      exporting("journal_hard_link_outside", test::hard_link("victim", "t.db-journal"), kIntoT, 2,
                "'t.db-journal' " + kBeside + " file with other names"),
      exporting("journal_folder", test::folder("t.db-journal"), kIntoT, 2,
                "'t.db-journal' " + kBeside + " folder"),
      exporting("journal_socket", test::socket_at("t.db-journal"), kIntoT, 2,
                "'t.db-journal' " + kBeside + " device or socket"),
      exporting("journal_dangling_link", test::link("nothing", "t.db-journal"), kIntoT, 2,
                "'t.db-journal' " + kBeside + " symbolic link", "nothing", ""),
      exporting("wal_fifo", test::fifo("t.db-wal"), kIntoT, 2, "'t.db-wal' " + kBeside + " FIFO"),
      exporting("wal_link_outside", test::link("victim", "t.db-wal"), kIntoT, 2,
                "'t.db-wal' " + kBeside + " symbolic link"),
      exporting("wal_hard_link_outside", test::hard_link("victim", "t.db-wal"), kIntoT, 2,
                "'t.db-wal' " + kBeside + " file with other names"),
      exporting("wal_socket", test::socket_at("t.db-wal"), kIntoT, 2,
                "'t.db-wal' " + kBeside + " device or socket"),
      exporting("shm_fifo", test::fifo("t.db-shm"), kIntoT, 2, "'t.db-shm' " + kBeside + " FIFO"),
      exporting("shm_link_to_dev_zero", test::link("/dev/zero", "t.db-shm"), kIntoT, 2,
                "'t.db-shm' " + kBeside + " symbolic link"),
      exporting("shm_hard_link_outside", test::hard_link("victim", "t.db-shm"), kIntoT, 2,
                "'t.db-shm' " + kBeside + " file with other names"),
      exporting("shm_folder", test::folder("t.db-shm"), kIntoT, 2,
                "'t.db-shm' " + kBeside + " folder"),
      exporting(
          "journal_empty", [](const test::TempDir& dir) { dir.write("t.db-journal", ""); }, kIntoT,
          0, "", "t.db", "SQLite format 3"),
      exporting(
          "journal_of_text",
          [](const test::TempDir& dir) { dir.write("t.db-journal", std::string(3000, 'x')); },
          kIntoT, 0, "", "t.db", "SQLite format 3"),
      exporting(
          "wal_empty", [](const test::TempDir& dir) { dir.write("t.db-wal", ""); }, kIntoT, 0, "",
          "t.db", "SQLite format 3"),
      // beside a new database
      exporting_anew("new_database_journal_fifo", test::fifo("t.db-journal"), 2,
                     "'t.db-journal' " + kBeside + " FIFO"),
      exporting_anew("new_database_wal_link_outside", test::link("victim", "t.db-wal"), 2,
                     "'t.db-wal' " + kBeside + " symbolic link"),
      exporting_anew("new_database_shm_socket", test::socket_at("t.db-shm"), 2,
                     "'t.db-shm' " + kBeside + " device or socket"),
      exporting_anew("new_database_journal_hard_link", test::hard_link("victim", "t.db-journal"), 2,
                     "'t.db-journal' " + kBeside + " file with other names"),
      exporting_anew(
          "an_empty_file_as_new_database", [](const test::TempDir& dir) { dir.write("t.db", ""); },
          0, ""),
      // the database's own name
      exporting("database_link_outside", test::link("victim", "l.db"), {"--sqlite", "l.db"}, 2,
                "'l.db' is not a regular file (it is a symbolic link)"),
      exporting("database_hard_link", test::hard_link("t.db", "h.db"), {"--sqlite", "h.db"}, 2,
                "'h.db' has other names (2 hard links to one file)"),
      exporting("database_new_through_a_linked_folder",
                test::both(test::folder("real"), test::link("real", "l")), {"--sqlite", "l/n.db"},
                0, "", "real/n.db", "SQLite format 3"),
      exporting("database_a_dangling_link", test::link("nothing.db", "l.db"), {"--sqlite", "l.db"},
                2, "'l.db' is not a regular file (it is a symbolic link)", "nothing.db", ""),
      exporting("database_a_fifo", test::fifo("p.db"), {"--sqlite", "p.db"}, 2,
                "'p.db' is not a regular file"),
      exporting("database_a_folder", test::folder("d.db"), {"--sqlite", "d.db"}, 2,
                "'d.db' is not a regular file"),
      exporting("csv_and_database_one_file_through_a_link", test::link(".", "here"),
                {"--sqlite", "t.db", "--csv", "here/t.db", "--force"}, 2,
                "--csv and --sqlite name the same file 'here/t.db'"),
      exporting("csv_at_the_journal_name", kNothing, {"--sqlite", "n.db", "--csv", "n.db-journal"},
                2, "--csv 'n.db-journal' is the database's own journal file", "n.db", ""),
      exporting("csv_a_hard_link_of_a_database", test::hard_link("t.db", "t.csv"),
                {"--sqlite", "t.db", "--csv", "t.csv", "--force"}, 2,
                "--csv 't.csv' is an SQLite database, which plab export never replaces"),
      exporting("csv_over_a_hard_link_outside", test::hard_link("victim", "o.csv"),
                {"--csv", "o.csv", "--force"}, 0, ""),
      exporting("csv_a_fifo", test::fifo("o.csv"), {"--csv", "o.csv", "--force"}, 2,
                "output 'o.csv' is a FIFO (named pipe)"),
      // databases edited by hand
      exporting("database_with_a_view", edited("CREATE VIEW v AS SELECT 1"), kIntoT, 2,
                kUnusable + "it holds a view 'v'"),
      exporting("database_with_a_column_added", edited("ALTER TABLE runs ADD COLUMN extra INTEGER"),
                kIntoT, 2, kUnusable + "its table 'runs' is not declared as plab declares it"),
      exporting("database_with_a_trigger",
                edited("CREATE TRIGGER z AFTER INSERT ON runs BEGIN DELETE FROM runs; END"), kIntoT,
                2, kUnusable + "it holds a trigger 'z'"),
      exporting("database_with_seeds_raised", edited("UPDATE points SET seed = seed + 1"), kIntoT,
                2, "is not its sweep point's seed"),
      exporting("database_with_an_identity_edited",
                edited("UPDATE experiments SET identity_sha256 = '00'"), kIntoT, 2,
                "has an identity_sha256 that is not the one"),
      exporting("database_analyzed", edited("ANALYZE"), kIntoT, 0, "", "t.db", "SQLite format 3"),
      // side files for the query
      querying("query_journal_fifo", test::fifo("t.db-journal"), kGood, 2,
               "'t.db-journal' " + kBeside + " FIFO"),
      querying("query_journal_link_outside", test::link("victim", "t.db-journal"), kGood, 2,
               "'t.db-journal' " + kBeside + " symbolic link"),
      querying("query_journal_folder", test::folder("t.db-journal"), kGood, 2,
               "'t.db-journal' " + kBeside + " folder"),
      querying("query_wal_hard_link_outside", test::hard_link("victim", "t.db-wal"), kGood, 2,
               "'t.db-wal' " + kBeside + " file with other names"),
      querying("query_shm_socket", test::socket_at("t.db-shm"), kGood, 2,
               "'t.db-shm' " + kBeside + " device or socket"),
      querying(
          "query_journal_empty", [](const test::TempDir& dir) { dir.write("t.db-journal", ""); },
          kGood, 0, "comparison"),
      // query values
      query("upper_case_columns", R"(SELECT POINT, LEARNER, "REPEAT", SEED, MISTAKES FROM runs)", 0,
            "comparison"),
      query("a_trailing_semicolon_and_block_comment", kGood + "; /* all */", 0, "comparison"),
      query("two_trailing_semicolons", kGood + ";;", 0, "comparison"),
      query("seed_two_to_the_64_minus_one_as_text", select("'18446744073709551615'", "mistakes"), 0,
            "comparison"),
      query("seed_two_to_the_64_as_text", select("'18446744073709551616'", "mistakes"), 2,
            "is text '18446744073709551616'; " + kSeed),
      query("seed_minus_one_as_text", select("'-1'", "mistakes"), 2, "is text '-1'; " + kSeed),
      query("mistakes_and_a_half", select("seed", "mistakes + 0.5"), 2,
            "expected a count of mistakes"),
      query("mistakes_a_whole_real", select("seed", "CAST(mistakes AS REAL)"), 0, "comparison"),
      query("mistakes_as_text", select("seed", "'5'"), 2,
            "the query's column 'mistakes' in row 1 is text '5'"),
      query("point_minus_one", R"(SELECT -1 AS point, learner, "repeat", seed, mistakes FROM runs)",
            2, "the query's column 'point' in row 1 is the integer -1"),
      query("learner_with_a_line_break",
            R"(SELECT point, char(10) || learner AS learner, "repeat", seed, mistakes FROM runs)",
            2, "without control characters"),
      query("learner_names_of_markup",
            R"(SELECT point, '<b>' || learner AS learner, "repeat", seed, mistakes FROM runs)", 0,
            "comparison"),
      query("every_mistakes_null", select("seed", "NULL"), 0, "comparison"),
      query("every_run_twice", kGood + " UNION ALL " + kGood, 2, "twice"),
      query("one_learner", kGood + " WHERE learner = 'classic'", 2, "of one learner only"),
      query("explain", "EXPLAIN " + kGood, 2, "the query must return the columns point, learner"),
      query("create_temp_table", "CREATE TEMP TABLE z(x)", 2, kReadOnly),
      query("vacuum", "VACUUM", 2, kReadOnly),
  };
  return all;
}

class HostileExportQueryPass9 : public ::testing::TestWithParam<AnswerRow> {};

TEST_P(HostileExportQueryPass9, GetsAClearAnswer) {
  AnswerRow row = GetParam();
  for (auto& arg : row.row.args) arg = test::classic_eta_export().expand(arg);
  EXPECT_NO_FATAL_FAILURE(test::check_row_keeps_victim(row));
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileExportQueryPass9, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

// A read-only query of a database in WAL mode leaves its folder as it found it: SQLite's read-only
// connection makes DB-wal and DB-shm and cannot remove them; plab has them removed, and the
// database's bytes are as they were.
TEST(QueryOfAWalDatabase, LeavesNoSideFilesBehind) {
  const test::TempDir dir;
  const fs::path db = dir / "t.db";
  fs::copy_file(test::classic_eta_export() / "q.db", db);
  test::sqlite_exec(db, "PRAGMA journal_mode=WAL");
  ASSERT_FALSE(fs::exists(dir / "t.db-wal"));
  const std::string before = test::read_file(db);
  const auto r =
      test::run_plab({"report", db.string(), "--query", kGood, "--out", (dir / "out").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(dir / "t.db-wal"));
  EXPECT_FALSE(fs::exists(dir / "t.db-shm"));
  EXPECT_EQ(test::read_file(db), before);
}

}  // namespace
}  // namespace plab
