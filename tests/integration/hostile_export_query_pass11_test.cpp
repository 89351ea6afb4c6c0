// plab export and plab report DB --query against a hostile user, pass eleven: the CSV and the
// database given one name, the database's own -shm, a device, a missing folder, names in
// Unicode or starting with '-', a folder spelt three ways or reached through a link, databases
// vacuumed, with another page size or auto-vacuum, a table or trigger of the user's, a junk or
// folder journal, a log with a second name; and query columns of odd values (NULL, -0.0, text,
// subnormals, control characters, 300 characters, HTML, reals where integers go), statements
// that write, and databases that are empty, folders or beside a folder journal
// (docs/sqlite.md, docs/reports.md). Each row checks its exit code and answer, and that
// "victim", a file outside every folder, is as it was.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "support/classic_eta_export.hpp"
#include "support/planted_files.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::AnswerRow;
using test::kVictim;
using test::Plant;
using test::planted_export;
using Args = std::vector<std::string>;

const Plant kNothing = [](const test::TempDir&) {};

// f exported into q.db, then `plant`, then f exported into q.db again.
AnswerRow again(std::string name, Plant plant, int exit_code, std::string fragment) {
  return planted_export(std::move(name), test::exported_then(std::move(plant)),
                        {"f", "--sqlite", "q.db"}, exit_code, std::move(fragment),
                        exit_code == 0 ? "q.db" : "victim",
                        exit_code == 0 ? "SQLite format 3" : kVictim);
}

Plant sql(std::string statements) {
  return [statements](const test::TempDir& dir) { test::sqlite_exec(dir / "q.db", statements); };
}

Plant text_at(std::string name, std::string text) {
  return [=](const test::TempDir& dir) { dir.write(name, text); };
}

const std::string kSelect = R"(SELECT point, learner, "repeat", seed, mistakes)";
const std::string kRuns = " FROM runs";

// `plab report DB --query SQL --out out` on t.db, a copy of the shared q.db, after `plant`;
// after 0 `file` holds `holds`. OUT is `out` unless named.
AnswerRow ask(std::string name, std::string query, int exit_code, std::string fragment,
              Plant plant = kNothing, std::string db = "t.db", std::string file = "out/report.md",
              std::string holds = "comparison", std::string out = "out") {
  Args args = {"report", std::move(db), "--query", std::move(query), "--out", std::move(out)};
  Plant prepare = [plant = std::move(plant)](const test::TempDir& dir) {
    dir.write("victim", kVictim);
    fs::copy_file(test::classic_eta_export() / "q.db", dir / "t.db");
    plant(dir);
  };
  return {{std::move(name), {}, std::move(args), exit_code, std::move(fragment), {}},
          exit_code == 0 ? std::move(file) : "victim",
          exit_code == 0 ? std::move(holds) : kVictim,
          std::move(prepare)};
}

// kSelect with `extra` columns after it.
std::string with(const std::string& extra) { return kSelect + ", " + extra + kRuns; }

// The five columns with `column` given as `value`.
std::string as(const std::string& column, const std::string& value) {
  std::string columns = R"(point, learner, "repeat", seed, mistakes)";
  const std::string key = column == "repeat" ? R"("repeat")" : column;
  const auto at = columns.find(key);
  columns.replace(at, key.size(), value + " AS " + key);
  return "SELECT " + columns + kRuns;
}

const std::string kControl = "expected a learner's name without control characters";
const std::string kIndex = "expected an index (an integer from 0)";
const std::string kSeed = "expected a seed (an integer from 0";
const std::string kJournal = "not a journal SQLite wrote";

const std::vector<AnswerRow>& rows() {
  static const std::vector<AnswerRow> all = {
      // export: the outputs' names
      planted_export("csv_and_database_one_file", kNothing,
                     {"f", "--csv", "o.db", "--sqlite", "o.db"}, 2,
                     "--csv and --sqlite name the same file", "o.db", ""),
      planted_export("csv_at_the_database_shm", kNothing,
                     {"f", "--sqlite", "o.db", "--csv", "o.db-shm"}, 2,
                     "is the database's own shm file", "o.db", ""),
      planted_export("csv_a_device_forced", kNothing, {"f", "--csv", "/dev/full", "--force"}, 2,
                     "is a character device"),
      planted_export("csv_in_a_missing_folder", kNothing, {"f", "--csv", "no/o.csv"}, 4,
                     "No such file or directory"),
      planted_export("csv_a_unicode_name", kNothing, {"f", "--csv", "\u00e9 \u2713.csv"}, 0, "",
                     "\u00e9 \u2713.csv", "planted"),
      planted_export("csv_named_like_an_option", kNothing, {"f", "--csv", "-k.csv"}, 0, "",
                     "-k.csv", "planted"),
      planted_export("csv_there_with_a_second_name",
                     test::both(text_at("o.csv", "old\n"), test::hard_link("o.csv", "o.h")),
                     {"f", "--csv", "o.csv"}, 2, "does not replace it unless given --force",
                     "o.csv", "old\n"),
      planted_export("csv_through_the_folder_and_out", kNothing, {"f", "--csv", "f/../o.csv"}, 0,
                     "", "o.csv", "planted"),
      planted_export("csv_a_name_inside_spelt_with_dotdot", kNothing,
                     {"f", "--csv", "f/x.csv/..", "--force"}, 2, "is inside the results folder"),
      planted_export("database_an_empty_name", kNothing, {"f", "--sqlite", ""}, 2,
                     "it is empty (SQLite would make a temporary database"),
      // export: the folders' names
      planted_export("one_folder_three_spellings", kNothing, {"f", "f/", "./f", "--csv", "o.csv"},
                     0, "", "o.csv", "planted"),
      planted_export("a_folder_through_a_link", test::link("f", "l"), {"l", "--csv", "o.csv"}, 0,
                     "", "o.csv", "planted"),
      // export: databases changed since
      again("database_vacuumed", sql("VACUUM"), 0, ""),
      again("database_page_size_1024", sql("PRAGMA page_size=1024; VACUUM"), 0, ""),
      again("database_auto_vacuum_full", sql("PRAGMA auto_vacuum=FULL; VACUUM"), 0, ""),
      again("database_a_table_of_the_user", sql("CREATE TABLE mine(a)"), 2, "holds a table 'mine'"),
      again("database_a_trigger", sql("CREATE TRIGGER tr AFTER INSERT ON runs BEGIN SELECT 1; END"),
            2, "holds a trigger 'tr'"),
      again("a_junk_journal", text_at("q.db-journal", "junk\n"), 0, ""),
      again("journal_a_folder", test::folder("q.db-journal"), 2, kJournal),
      again("wal_a_second_name_of_the_victim", test::hard_link("victim", "q.db-wal"), 2,
            "is a file with other names (hard links), " + kJournal),
      // query: test_error
      ask("test_error_null", with("NULL AS test_error"), 0, ""),
      ask("test_error_minus_zero", with("-0.0 AS test_error"), 0, ""),
      ask("test_error_text", with("'0.5' AS test_error"), 2,
          "is text '0.5'; expected an error rate"),
      ask("test_error_one", with("1 AS test_error"), 0, ""),
      ask("test_error_subnormal", with("1e-320 AS test_error"), 0, ""),
      // query: learner names
      ask("learner_with_e_acute", as("learner", "learner||char(233)"), 0, ""),
      ask("learner_with_a_line_break", as("learner", "learner||char(10)||'x'"), 2, kControl),
      ask("learner_with_a_nul", as("learner", "learner||char(0)||'z'"), 2, kControl),
      ask("learner_empty", as("learner", "''"), 2, "is text ''; expected a learner's name"),
      ask("learner_of_300_characters", as("learner", "printf('%.300c', 'L')||learner"), 0, ""),
      ask("learner_a_script_tag", as("learner", "learner||'<script>'"), 0, "", kNothing, "t.db",
          "out/report.html", "&lt;script&gt;"),
      // query: indices, seeds, counts
      ask("point_minus_one", as("point", "-1"), 2, "is the integer -1; " + kIndex),
      ask("point_null", as("point", "NULL"), 2, "is NULL; " + kIndex),
      ask("point_a_real_zero", as("point", "point*1.0"), 2, "is the real number 0; " + kIndex),
      ask("point_text", as("point", "CAST(point AS TEXT)"), 2, "is text '0'; " + kIndex),
      ask("repeat_past_2_to_the_31", as("repeat", R"("repeat"+2147483647)"), 0, ""),
      ask("repeat_a_real", as("repeat", R"("repeat"*1.0)"), 2, "is the real number 0; " + kIndex),
      ask("seed_2_to_the_64_as_text", as("seed", "'18446744073709551616'"), 2, kSeed),
      ask("seed_a_name", as("seed", "'x'"), 2, kSeed),
      ask("mistakes_a_whole_real", as("mistakes", "2.5e0*2"), 0, ""),
      ask("mistakes_2_to_the_53_as_a_real", as("mistakes", "9007199254740992.0"), 0, ""),
      ask("mistakes_minus_one", as("mistakes", "-1"), 2, "is the integer -1; expected a count"),
      // query: statements
      ask("a_common_table_expression", "WITH r AS (SELECT * FROM runs) " + kSelect + " FROM r", 0,
          ""),
      ask("mistakes_twice", with("mistakes AS mistakes"), 2, "returns the column 'mistakes' twice"),
      ask("pragma_table_info_as_a_table", "SELECT * FROM pragma_table_info('runs')", 2,
          "it returns: cid, name, type, notnull, dflt_value, pk"),
      ask("create_temp_table", "CREATE TEMP TABLE t AS SELECT * FROM runs", 2,
          "asks to write to the table 'sqlite_temp_master'"),
      ask("vacuum_into", "VACUUM INTO 'evil.db'", 2, "asks to write to the database"),
      ask("two_semicolons", kSelect + kRuns + ";;", 0, ""),
      ask("upper_case", R"(select POINT, LEARNER, "REPEAT", SEED, MISTAKES from RUNS)", 0, ""),
      ask("more_columns", with("test_error, w_norm"), 0, ""),
      // query: the database and --out
      ask("database_an_empty_file", kSelect + kRuns, 2, "no such table: runs", text_at("z.db", ""),
          "z.db"),
      ask("database_a_folder", kSelect + kRuns, 2, "it is not a file", test::folder("d"), "d"),
      ask("out_an_existing_file", kSelect + kRuns, 2, "cannot be a folder", text_at("o", "x"),
          "t.db", "", "", "o"),
      ask("journal_a_folder_beside_it", kSelect + kRuns, 2, kJournal, test::folder("t.db-journal")),
      ask("an_empty_stale_journal", kSelect + kRuns, 0, "", text_at("t.db-journal", "")),
  };
  return all;
}

class HostileExportQueryPass11 : public ::testing::TestWithParam<AnswerRow> {};

TEST_P(HostileExportQueryPass11, GetsAClearAnswer) {
  EXPECT_NO_FATAL_FAILURE(test::check_row_keeps_victim(GetParam()));
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileExportQueryPass11, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
