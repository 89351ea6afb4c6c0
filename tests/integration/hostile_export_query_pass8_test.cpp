// plab export and plab report DB --query against a hostile user, pass eight: databases that
// are a few bytes of something else, SQLite names that are no file, options given twice or
// without their partner, folders edited after the run, and queries that write, attach, bind
// parameters or return values of the wrong kind (docs/sqlite.md, docs/reports.md). Each row has
// its exit code and a fragment of the answer; a refused export leaves its target as it was.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/answer_rows.hpp"
#include "support/classic_eta_export.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::AnswerRow;
using Args = std::vector<std::string>;

test::SharedFiles& shared() { return test::classic_eta_export(); }

// `plab export {S}/a args...` with the file t (holding `text` when it is not empty) looked at.
AnswerRow exporting(std::string name, Args args, int exit_code, std::string fragment,
                    std::string text = "") {
  args.insert(args.begin(), {"export", "{S}/a"});
  std::vector<std::pair<std::string, std::string>> files;
  if (!text.empty()) files.emplace_back("t", text);
  return {{std::move(name), std::move(files), std::move(args), exit_code, std::move(fragment), {}},
          "t",
          std::move(text)};
}

// A refused --sqlite t where t holds `text`: t stays as it was.
AnswerRow not_a_database(std::string name, std::string text) {
  const std::string size = std::to_string(text.size());
  return exporting(std::move(name), {"--sqlite", "t"}, 2,
                   "'t' is not an SQLite database plab can use: it holds " + size +
                       " bytes and does not begin with SQLite's header",
                   std::move(text));
}

const std::string kGood = R"(SELECT point, learner, "repeat", seed, mistakes FROM runs)";

// `plab report {S}/q.db --query SQL --out out`.
AnswerRow query(std::string name, std::string sql, int exit_code, std::string fragment) {
  return {{std::move(name),
           {},
           {"report", "{S}/q.db", "--query", std::move(sql), "--out", "out"},
           exit_code,
           std::move(fragment),
           {}},
          exit_code == 0 ? "out/report.md" : "",
          ""};
}

// kGood with these expressions in place of seed and mistakes, and more columns after.
std::string select(const std::string& seed, const std::string& mistakes,
                   const std::string& more = "") {
  return R"(SELECT point, learner, "repeat", )" + seed + " AS seed, " + mistakes + " AS mistakes" +
         more + " FROM runs";
}

const std::string kSeed = "expected a seed (an integer from 0, or its decimal text";
const std::string kReadOnly = "the query must only read the database (a SELECT); it asks to ";

const std::vector<AnswerRow>& rows() {
  static const std::vector<AnswerRow> all = {
      not_a_database("two_bytes", "ab"),
      not_a_database("sqlite_header_without_its_nul", "SQLite format 3"),
      not_a_database("fifteen_nul_bytes", std::string(15, '\0')),
      not_a_database("seven_bytes_sqlite_and_nul", std::string("SQLite\0", 7)),
      not_a_database("spaces_and_a_newline", "        \n"),
      not_a_database("four_kib_of_nul_bytes", std::string(4096, '\0')),
      exporting("csv_to_a_dash", {"--csv", "-"}, 2,
                "--csv needs the name of a file: '-' would be a file named '-'"),
      exporting("sqlite_in_memory", {"--sqlite", ":memory:"}, 2,
                "':memory:' is SQLite's in-memory database, gone when plab ends"),
      exporting("sqlite_dev_null", {"--sqlite", "/dev/null"}, 2,
                "'/dev/null' is not a regular file"),
      exporting("sqlite_twice", {"--sqlite", "t", "--sqlite", "u"}, 2,
                "option '--sqlite' cannot be specified more than once"),
      exporting("csv_twice", {"--csv", "t", "--csv", "u"}, 2,
                "option '--csv' cannot be specified more than once"),
      exporting("csv_and_sqlite_one_file", {"--csv", "t", "--sqlite", "t"}, 2,
                "--csv and --sqlite name the same file 't'"),
      exporting("force_without_csv", {"--sqlite", "t", "--force"}, 2,
                "--force is for --csv (it lets the export replace the CSV file)"),
      exporting("csv_over_a_file_without_force", {"--csv", "t"}, 2,
                "output file 't' exists; plab export does not replace it unless given --force",
                "keep\n"),
      exporting("neither_sqlite_nor_csv", {}, 2,
                "plab export needs --sqlite DB, --csv FILE or both"),
      exporting("unknown_option", {"--bogus", "--sqlite", "t"}, 2, "unrecognised option '--bogus'"),
      exporting("a_folder_that_is_not_there", {"nope", "--sqlite", "t"}, 2,
                "'nope' is not a results folder"),
      exporting("csv_into_a_missing_folder", {"--csv", "no/such/t.csv"}, 4,
                "output file 'no/such/t.csv' cannot be written"),
      exporting("sqlite_inside_the_folder_reserve", {"--sqlite", "{S}/a/.plab.reserve"}, 2,
                "is inside the results folder"),
      exporting("sqlite_under_a_missing_subfolder_of_it", {"--sqlite", "{S}/a/x/y/t.db"}, 2,
                "where it could replace the folder's own files"),
      query("delete", "DELETE FROM runs", 2, kReadOnly + "write to the table 'runs'"),
      query("pragma_journal_mode", "PRAGMA journal_mode=WAL", 2,
            kReadOnly + "run PRAGMA journal_mode"),
      query("attach", "ATTACH 'other.db' AS o", 2, kReadOnly + "attach another database"),
      query("colon_parameter", kGood + " WHERE learner = :l", 2,
            "the query has a parameter, ':l', which plab report does not fill"),
      query("question_mark_parameter", kGood + " WHERE learner = ?", 2,
            "the query has a parameter, '?', which plab report does not fill"),
      query("wrapped_in_with", "WITH t AS (" + kGood + ") SELECT * FROM t", 0, "comparison"),
      query("an_extra_column", select("seed", "mistakes", ", 0.5 AS extra"), 0, "comparison"),
      query("test_error_negative_zero", select("seed", "mistakes", ", -0.0 AS test_error"), 0,
            "comparison"),
      query("seed_minus_one", select("-1", "mistakes"), 2,
            "the query's column 'seed' in row 1 is the integer -1; " + kSeed),
      query("seed_seven_and_a_half", select("seed + 0.5", "mistakes"), 2,
            "the query's column 'seed' in row 1 is the real number 7.5; " + kSeed),
      query("seed_a_word", select("'abc'", "mistakes"), 2,
            "the query's column 'seed' in row 1 is text 'abc'; " + kSeed),
      query("seed_as_decimal_text", select("CAST(seed AS TEXT)", "mistakes"), 0, "comparison"),
      query("where_a_nul_blob_is_false", kGood + " WHERE X'00'", 2, "the query returns no runs"),
      query("a_table_that_is_not_there",
            R"(SELECT point, learner, "repeat", seed, mistakes FROM nosuch)", 2,
            "the query does not run on"),
      query("misspelt_select", "SELEC 1", 2, "near \"SELEC\": syntax error"),
      query("spaces_only", "   ", 2, "the query is empty (nothing but spaces or comments)"),
      query("trailing_line_comment", kGood + " -- all", 0, "comparison"),
      query("two_selects", kGood + "; " + kGood, 2, "the query must be one statement"),
      {{"query_twice",
        {},
        {"report", "{S}/q.db", "--query", kGood, "--query", kGood, "--out", "out"},
        2,
        "option '--query' cannot be specified more than once",
        {}},
       "",
       ""},
      {{"query_with_two_inputs",
        {},
        {"report", "{S}/q.db", "{S}/a", "--query", kGood, "--out", "out"},
        2,
        "plab report DB --query SQL needs one database and --out OUT for the comparison",
        {}},
       "",
       ""},
  };
  return all;
}

class HostileExportQueryPass8 : public ::testing::TestWithParam<AnswerRow> {};

TEST_P(HostileExportQueryPass8, GetsAClearAnswer) {
  AnswerRow row = GetParam();
  for (auto& arg : row.row.args) arg = shared().expand(arg);
  const test::TempDir dir;
  test::check_answer_row(row, dir);
  for (const char* name : {".plab.reserve", "x"})
    EXPECT_FALSE(fs::exists(shared() / "a" / name)) << name << " was made in the folder";
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileExportQueryPass8, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
