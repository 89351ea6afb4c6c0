// plab export and plab report DB --query against a hostile user, pass ten: outputs that reach
// into a results folder through a link, '..' or its lock file, folders given twice or copied,
// spelt with './' and '/.', databases edited by hand, reached through a link or a second name,
// and queries whose values, statements and outputs are out of the ordinary: a database that is
// one of the files the comparison writes, reached through a linked folder or '..'
// (docs/sqlite.md, docs/reports.md, docs/trust-model.md). Each row checks its exit code and
// answer, and that "victim", a file outside every folder, is as it was.
#include <gtest/gtest.h>

#include <string>
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

const Plant kNone = [](const test::TempDir&) {};

// f exported into q.db, then the SQL run on q.db by hand, then f exported into it again.
AnswerRow reexported(std::string name, const std::string& sql, int exit_code,
                     std::string fragment) {
  return planted_export(std::move(name), test::exported_then([sql](const test::TempDir& dir) {
                          test::sqlite_exec(dir / "q.db", sql);
                        }),
                        {"f", "--sqlite", "q.db"}, exit_code, std::move(fragment),
                        exit_code == 0 ? "q.db" : "victim",
                        exit_code == 0 ? "SQLite format 3" : kVictim);
}

// f's file `name` with every `from` replaced by `to`.
Plant replaced(std::string name, std::string from, std::string to) {
  return [=](const test::TempDir& dir) {
    std::string text = test::read_file(dir / "f" / name);
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
    dir.write("f/" + name, text);
  };
}

const std::string kInside = "is inside the results folder";
const std::string kGood = R"(SELECT point, learner, "repeat", seed, mistakes FROM runs)";

// kGood with `mistakes` replaced by an expression.
std::string counting(const std::string& mistakes) {
  return R"(SELECT point, learner, "repeat", seed, )" + mistakes + " AS mistakes FROM runs";
}

// victim and t.db, a copy of the shared q.db, then `plant`.
Plant with_copy(Plant plant) {
  return [plant = std::move(plant)](const test::TempDir& dir) {
    dir.write("victim", kVictim);
    fs::copy_file(test::classic_eta_export() / "q.db", dir / "t.db");
    plant(dir);
  };
}

// `plab report DB --query SQL --out OUT more...`; after 0 OUT/report.md holds "comparison".
AnswerRow asked(std::string name, Plant plant, std::string db, std::string sql, std::string out,
                Args more, int exit_code, std::string fragment) {
  Args args = {"report", std::move(db), "--query", std::move(sql), "--out", out};
  args.insert(args.end(), more.begin(), more.end());
  return {{std::move(name), {}, std::move(args), exit_code, std::move(fragment), {}},
          exit_code == 0 ? out + "/report.md" : "victim",
          exit_code == 0 ? "comparison" : kVictim,
          with_copy(std::move(plant))};
}

AnswerRow query(std::string name, std::string sql, int exit_code, std::string fragment) {
  return asked(std::move(name), kNone, "t.db", std::move(sql), "out", {}, exit_code,
               std::move(fragment));
}

// The comparison into c (made by `plant`), with --force.
AnswerRow into_c(std::string name, Plant plant, std::string db, int exit_code,
                 std::string fragment) {
  return asked(std::move(name), std::move(plant), std::move(db), kGood, "c", {"--force"}, exit_code,
               std::move(fragment));
}

Plant copy_of_t(std::string to) {
  return [to](const test::TempDir& dir) { fs::copy_file(dir / "t.db", dir / to); };
}

const std::string kWritten = "the comparison writes into --out 'c'";

const std::vector<AnswerRow>& rows() {
  static const std::vector<AnswerRow> all = {
      // outputs inside the results folder, however named
      planted_export("csv_through_a_linked_folder", test::link("f", "l"), {"f", "--csv", "l/o.csv"},
                     2, kInside),
      planted_export("database_through_dotdot", kNone, {"f", "--sqlite", "f/../f/k.db"}, 2,
                     kInside),
      planted_export("database_at_the_lock", kNone, {"f", "--sqlite", "f/.plab.lock"}, 2, kInside),
      planted_export("csv_at_the_lock_forced", kNone, {"f", "--csv", "f/.plab.lock", "--force"}, 2,
                     kInside),
      planted_export("database_through_a_link_in_a_folder",
                     test::both(test::folder("d"), test::link("../f", "d/in")),
                     {"f", "--sqlite", "d/in/q.db"}, 2, kInside),
      // folders named twice, copied, spelt otherwise
      planted_export("one_folder_twice_to_csv", kNone, {"f", "f", "--csv", "o.csv"}, 0, "", "o.csv",
                     "planted"),
      planted_export("one_folder_twice_to_database", kNone, {"f", "f", "--sqlite", "o.db"}, 0, "",
                     "o.db", "SQLite format 3"),
      planted_export(
          "a_copy_of_the_folder",
          [](const test::TempDir& dir) {
            fs::copy(dir / "f", dir / "g", fs::copy_options::recursive);
          },
          {"f", "g", "--sqlite", "o.db"}, 0, "", "o.db", "SQLite format 3"),
      planted_export("folder_with_a_trailing_slash", kNone, {"./f/", "--csv", "o.csv"}, 0, "",
                     "o.csv", "planted"),
      planted_export("folder_ending_in_a_dot", kNone, {"f/.", "--csv", "o.csv"}, 0, "", "o.csv",
                     "planted"),
      planted_export("folders_as_an_option", kNone, {"--dirs", "f", "--csv", "o.csv"}, 0, "",
                     "o.csv", "planted"),
      planted_export("no_folder", kNone, {"--csv", "o.csv"}, 2, "needs one or more results folders",
                     "o.csv", ""),
      planted_export("a_missing_folder", kNone, {"f", "nothere", "--sqlite", "o.db"}, 2,
                     "'nothere' is not a results folder", "o.db", ""),
      planted_export("a_plain_folder", test::folder("plain"), {"f", "plain", "--csv", "o.csv"}, 2,
                     "'plain' is not a results folder", "o.csv", ""),
      // the CSV's name
      planted_export("csv_a_dash", kNone, {"f", "--csv", "-"}, 2, "'-' would be a file named '-'"),
      planted_export("csv_empty", kNone, {"f", "--csv", ""}, 2, "it is empty"),
      planted_export("csv_twice", kNone, {"f", "--csv", "o.csv", "--csv", "p.csv"}, 2,
                     "cannot be specified more than once", "o.csv", ""),
      planted_export("csv_upper_case_extension", kNone, {"f", "--csv", "o.CSV"}, 0, "", "o.CSV",
                     "planted"),
      planted_export("csv_a_link_to_the_database", test::link("o.db", "o.csv"),
                     {"f", "--sqlite", "o.db", "--csv", "o.csv", "--force"}, 2,
                     "'o.csv' is a symbolic link", "o.db", ""),
      planted_export("csv_a_link_outside_forced", test::link("victim", "o.csv"),
                     {"f", "--csv", "o.csv", "--force"}, 2, "'o.csv' is a symbolic link"),
      planted_export(
          "csv_there_without_force", [](const test::TempDir& dir) { dir.write("o.csv", "old\n"); },
          {"f", "--csv", "o.csv"}, 2, "does not replace it unless given --force", "o.csv", "old\n"),
      planted_export(
          "csv_there_forced", [](const test::TempDir& dir) { dir.write("o.csv", "old\n"); },
          {"f", "--csv", "o.csv", "--force"}, 0, "", "o.csv", "planted"),
      planted_export("csv_and_database", kNone, {"f", "--csv", "o.csv", "--sqlite", "o.db"}, 0, "",
                     "o.db", "SQLite format 3"),
      planted_export("database_through_dotdot_outside", test::folder("sub"),
                     {"f", "--sqlite", "./sub/../o.db"}, 0, "", "o.db", "SQLite format 3"),
      // the database's name and contents
      planted_export("database_a_link_to_a_database",
                     test::exported_then(test::link("q.db", "l.db")), {"f", "--sqlite", "l.db"}, 2,
                     "'l.db' is not a regular file"),
      planted_export("database_given_a_second_name",
                     test::exported_then(test::hard_link("q.db", "h.db")),
                     {"f", "--sqlite", "q.db"}, 2, "has other names (2 hard links to one file)"),
      planted_export(
          "database_of_4096_bytes",
          [](const test::TempDir& dir) { dir.write("o.db", std::string(4096, 'z')); },
          {"f", "--sqlite", "o.db"}, 2, "does not begin with SQLite's header", "o.db",
          std::string(4096, 'z')),
      planted_export(
          "database_of_a_header_only",
          [](const test::TempDir& dir) { dir.write("o.db", std::string("SQLite format 3\0", 16)); },
          {"f", "--sqlite", "o.db"}, 2, "file is not a database", "o.db",
          std::string("SQLite format 3\0", 16)),
      planted_export("folder_exported_twice", test::exported_then(kNone), {"f", "--sqlite", "q.db"},
                     0, "", "q.db", "SQLite format 3"),
      reexported("runs_table_dropped", "DROP TABLE runs", 2, "but no table 'runs'"),
      reexported("an_index_added", "CREATE INDEX ix ON runs(seed)", 2, "holds an index 'ix'"),
      reexported("application_id_zeroed", "PRAGMA application_id=0", 2,
                 "is an SQLite database that plab export did not write"),
      reexported("in_wal_mode", "PRAGMA journal_mode=WAL", 0, ""),
      // the folder edited
      planted_export("manifest_says_running",
                     replaced("manifest.json", R"("status":"completed")", R"("status":"running")"),
                     {"f", "--csv", "o.csv"}, 2, "it is running", "o.csv", ""),
      planted_export(
          "a_blank_line_after_the_records",
          [](const test::TempDir& dir) {
            dir.write("f/runs.jsonl", test::read_file(dir / "f/runs.jsonl") + "\n");
          },
          {"f", "--csv", "o.csv"}, 2, "not valid JSON", "o.csv", ""),
      planted_export(
          "chain_removed", [](const test::TempDir& dir) { fs::remove(dir / "f/runs.sha256"); },
          {"f", "--sqlite", "o.db"}, 2, "runs.sha256 verifies 0", "o.db", ""),
      // query values
      query("mistakes_two_to_the_53", counting("9007199254740992"), 0, ""),
      query("mistakes_two_to_the_53_and_one", counting("9007199254740993"), 2,
            "is the integer 9007199254740993"),
      query("mistakes_minus_zero_real", counting("-0.0"), 0, ""),
      query("mistakes_1e300", counting("1e300"), 2, "is the real number 1e+300"),
      query("mistakes_a_blob", counting("zeroblob(1)"), 2, "is a blob of 1 bytes"),
      query("mistakes_times_zero", counting("mistakes*0"), 0, ""),
      query("test_error_a_half",
            kGood.substr(0, kGood.size() - 10) + ", 0.5 AS test_error FROM runs", 0, ""),
      query("test_error_above_one",
            kGood.substr(0, kGood.size() - 10) + ", 1.5 AS test_error FROM runs", 2,
            "expected an error rate"),
      query("repeat_minus_one",
            R"(SELECT point, learner, -1 AS "repeat", seed, mistakes FROM runs)", 2,
            "column 'repeat' in row 1 is the integer -1"),
      query("seed_minus_five", R"(SELECT point, learner, "repeat", -5 AS seed, mistakes FROM runs)",
            2, "column 'seed' in row 1 is the integer -5"),
      query("learner_null", R"(SELECT point, NULL AS learner, "repeat", seed, mistakes FROM runs)",
            2, "column 'learner' in row 1 is NULL"),
      query("columns_in_another_order",
            R"(SELECT mistakes, seed, "repeat", learner, point FROM runs)", 0, ""),
      query("seeds_raised_by_one",
            R"(SELECT point, learner, "repeat", seed + 1 AS seed, mistakes FROM runs)", 0, ""),
      query("a_line_comment_after", kGood + " -- all", 0, ""),
      query("a_block_comment_before", "/* c */ " + kGood + ";", 0, ""),
      // statements that are not one read
      query("no_runs", kGood + " WHERE 0", 2, "returns no runs"),
      query("then_a_delete", kGood + "; DELETE FROM runs", 2,
            "the query must be one statement; after the first comes 'DELETE FROM runs'"),
      query("attach", "ATTACH DATABASE 'evil.db' AS e", 2, "asks to attach another database"),
      query(
          "insert_returning",
          R"(INSERT INTO runs SELECT * FROM runs RETURNING point, learner, "repeat", seed, mistakes)",
          2, "asks to write to the table 'runs'"),
      query("load_extension", "SELECT load_extension('/tmp/x')", 2, "must return the columns"),
      query("table_info", "PRAGMA table_info(runs)", 2, "asks to run PRAGMA table_info"),
      query("a_syntax_error", "SELEC point", 2, "syntax error"),
      query("empty", "", 2, "the query is empty"),
      query("one_learner_name",
            R"(SELECT point, 'L' AS learner, "repeat", seed, mistakes FROM runs)", 2, "twice"),
      // the command line
      asked("out_twice", kNone, "t.db", kGood, "out", {"--out", "o2"}, 2,
            "cannot be specified more than once"),
      asked("database_missing", kNone, "none.db", kGood, "out", {}, 2, "it is not a file"),
      asked(
          "database_a_csv", [](const test::TempDir& dir) { dir.write("d.csv", "a,y\n1,x\n"); },
          "d.csv", kGood, "out", {}, 2, "file is not a database"),
      asked("out_the_database", kNone, "t.db", kGood, "t.db", {}, 2, "cannot be a folder"),
      asked("out_inside_a_results_folder", kNone, "t.db", kGood, "{S}/a/cmp", {}, 2, kInside),
      asked("out_a_results_folder", kNone, "t.db", kGood, "{S}/a", {"--force"}, 2,
            "is the results folder"),
      asked("out_new_with_force", kNone, "t.db", kGood, "out", {"--force"}, 0, ""),
      // the database at a name the comparison writes in OUT
      into_c("database_hard_linked_as_report_html",
             test::both(test::folder("c"), test::hard_link("t.db", "c/report.html")), "t.db", 2,
             kWritten),
      into_c(
          "database_as_report_md_through_a_linked_folder",
          test::both(test::folder("c"), test::both(copy_of_t("c/report.md"), test::link("c", "l"))),
          "l/report.md", 2, kWritten),
      into_c("database_at_report_html_new_through_dotdot",
             test::both(test::folder("c/s"), copy_of_t("c/.report.html.new")),
             "c/s/../.report.html.new", 2, kWritten),
      into_c("report_md_a_link_to_the_database",
             test::both(test::folder("c"), test::link("../t.db", "c/report.md")), "t.db", 2,
             kWritten),
      into_c("database_named_in_capitals", test::both(test::folder("c"), copy_of_t("c/Report.md")),
             "c/Report.md", 0, ""),
      into_c("report_html_a_folder", test::folder("c/report.html"), "t.db", 2,
             "holds a report.html that is a folder"),
      into_c("report_md_new_a_fifo", test::both(test::folder("c"), test::fifo("c/.report.md.new")),
             "t.db", 0, ""),
      into_c("html_temporary_a_hard_link_outside",
             test::both(test::folder("c"), test::hard_link("victim", "c/.report.html.new.tmp")),
             "t.db", 0, ""),
      into_c("out_holding_a_file_of_yours",
             test::both(test::folder("c"),
                        [](const test::TempDir& dir) { dir.write("c/notes.txt", "mine\n"); }),
             "t.db", 0, ""),
  };
  return all;
}

class HostileExportQueryPass10 : public ::testing::TestWithParam<AnswerRow> {};

TEST_P(HostileExportQueryPass10, GetsAClearAnswer) {
  AnswerRow row = GetParam();
  for (auto& arg : row.row.args) arg = test::classic_eta_export().expand(arg);
  EXPECT_NO_FATAL_FAILURE(test::check_row_keeps_victim(row));
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileExportQueryPass10, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
