// plab report DB --query against a hostile user, as a table: every column of the comparison
// given a value of the wrong type, sign or size (REAL seeds, text counts, blobs, 2^53 + 1,
// infinity, seeds past 2^64 − 1), statements that are not one reading SELECT, parameters,
// functions SQLite leaves out, and --out where it would land in a results folder or on the
// database (docs/reports.md, "Comparing learners"; docs/sqlite.md). Each row has its exit code
// and a fragment of the answer; a refusal writes no OUT.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/export_folders.hpp"
#include "support/hostile_table.hpp"
#include "support/shared_files.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::HostileRow;

// What the rows query, each made on first use: q.db (folder a: learners classic and eta, seed
// 7) and s.db (top and next: seeds 2^64 - 1 and 2^64 - 2, one learner each).
test::SharedFiles& shared() {
  const auto run = [](std::string name, std::string seed, std::string learners) {
    return test::SharedRecipe{{}, [=](const test::TempDir& dir) {
                                test::run_tiny(dir, name, test::tiny_config(seed, learners));
                              }};
  };
  const auto db = [](std::string name, std::vector<std::string> folders) {
    return test::SharedRecipe{folders, [=](const test::TempDir& dir) {
                                std::vector<std::string> args = {"export"};
                                for (const auto& f : folders) args.push_back((dir / f).string());
                                args.insert(args.end(), {"--sqlite", (dir / name).string()});
                                const auto r = test::run_plab(args);
                                EXPECT_EQ(r.exit_code, 0) << r.err;
                              }};
  };
  static test::SharedFiles files(
      {{"a", run("a", "7", test::kClassicLearner + ", " + test::kEtaLearner)},
       {"top", run("top", "18446744073709551615", test::kClassicLearner)},
       {"next", run("next", "18446744073709551614", test::kEtaLearner)},
       {"q.db", db("q.db", {"a"})},
       {"s.db", db("s.db", {"top", "next"})}});
  return files;
}

// SELECT with these expressions as point, learner, "repeat", seed and mistakes.
std::string select(const std::string& point, const std::string& learner, const std::string& repeat,
                   const std::string& seed, const std::string& mistakes,
                   const std::string& rest = "FROM runs") {
  return "SELECT " + point + " AS point, " + learner + " AS learner, " + repeat +
         " AS \"repeat\", " + seed + " AS seed, " + mistakes + " AS mistakes " + rest;
}

std::string with_mistakes(const std::string& mistakes) {
  return select("point", "learner", "\"repeat\"", "seed", mistakes);
}

const std::string kGood = with_mistakes("mistakes");

// kGood with one more column.
std::string plus(const std::string& column) {
  return select("point", "learner", "\"repeat\"", "seed", "mistakes", ", " + column + " FROM runs");
}

// `plab report args...`.
HostileRow report(std::string name, std::vector<std::string> args, int exit_code,
                  std::string fragment) {
  args.insert(args.begin(), "report");
  return {std::move(name), {}, std::move(args), exit_code, std::move(fragment), {}};
}

// `plab report {S}/DB --query SQL --out out`.
HostileRow query(std::string name, std::string sql, int exit_code, std::string fragment,
                 std::string db = "q.db") {
  return report(std::move(name), {"{S}/" + db, "--query", std::move(sql), "--out", "out"},
                exit_code, std::move(fragment));
}

const std::string kCount = "expected a count of mistakes (an integer from 0 to 2^53) or NULL";
const std::string kSeed =
    "expected a seed (an integer from 0, or its decimal text as in points.seed, up to 2^64-1)";
const std::string kWritten = "comparison: out/report.html, out/report.md";
const std::string kReadOnly = "the query must only read the database (a SELECT)";
const std::string kColumns =
    "the query must return the columns point, learner, repeat, seed and mistakes";

const std::vector<HostileRow>& rows() {
  static const std::vector<HostileRow> all = {
      query("plain", kGood, 0, kWritten),
      query("upper_case_column_names",
            "SELECT point AS POINT, learner AS LEARNER, \"repeat\" AS REPEAT, seed AS SEED, "
            "mistakes AS MISTAKES FROM runs",
            0, kWritten),
      query("mistakes_a_whole_real", with_mistakes("CAST(mistakes AS REAL)"), 0, kWritten),
      query("mistakes_two_to_the_53_as_real", with_mistakes("9007199254740992.0"), 0, kWritten),
      query("mistakes_half", with_mistakes("mistakes + 0.5"), 2,
            "the query's column 'mistakes' in row 1 is the real number "),
      query("mistakes_two_to_the_53_plus_one", with_mistakes("9007199254740993"), 2,
            "is the integer 9007199254740993; " + kCount),
      query("mistakes_minus_one", with_mistakes("-1"), 2, "is the integer -1; " + kCount),
      query("mistakes_infinite", with_mistakes("1e400"), 2, "is the real number inf; " + kCount),
      query("mistakes_text", with_mistakes("CAST(mistakes AS TEXT)"), 2,
            "the query's column 'mistakes' in row 1 is text '"),
      query("mistakes_all_null", with_mistakes("NULL"), 0, kWritten),
      query("seed_real", select("point", "learner", "\"repeat\"", "CAST(seed AS REAL)", "mistakes"),
            2, "the query's column 'seed' in row 1 is the real number 7; " + kSeed),
      query("seed_two_to_the_64",
            select("point", "learner", "\"repeat\"", "'18446744073709551616'", "mistakes"), 2,
            "is text '18446744073709551616'; " + kSeed),
      query("seed_leading_zeros", select("point", "learner", "\"repeat\"", "'007'", "mistakes"), 2,
            "is text '007'; " + kSeed),
      query("seed_cast_to_integer",
            select("point", "learner", "\"repeat\"", "CAST(seed AS INTEGER)", "mistakes"), 0,
            kWritten),
      query("seeds_of_one_point_differ",
            select("point", "learner", "\"repeat\"",
                   "CASE WHEN learner = 'classic' THEN seed ELSE '8' END", "mistakes"),
            2, "with seeds 7 and 8; a paired comparison needs the same seed"),
      query("seeds_two_to_the_64_apart_by_one", kGood, 2,
            "seeds 18446744073709551615 and 18446744073709551614", "s.db"),
      query("seed_unquoted_past_two_to_the_63", kGood + " WHERE seed = 18446744073709551615", 2,
            "the query returns no runs", "s.db"),
      query("learner_empty", select("point", "''", "\"repeat\"", "seed", "mistakes"), 2,
            "the query's column 'learner' in row 1 is text ''"),
      query("learner_a_blob", select("point", "X'00'", "\"repeat\"", "seed", "mistakes"), 2,
            "is a blob of 1 bytes; expected text (a learner's name)"),
      query("learner_an_integer",
            select("point", "learner || \"repeat\" % 2", "\"repeat\"", "seed", "mistakes"), 2,
            "the query's column 'learner' in row 1 is the integer "),
      query("learner_utf8", select("point", "learner || '日本'", "\"repeat\"", "seed", "mistakes"),
            0, kWritten),
      query("point_minus_one", select("-1", "learner", "\"repeat\"", "seed", "mistakes"), 2,
            "the query's column 'point' in row 1 is the integer -1; expected an index"),
      query("point_a_real", select("1.0", "learner", "\"repeat\"", "seed", "mistakes"), 2,
            "the query's column 'point' in row 1 is the real number 1"),
      query("point_two_to_the_63_minus_one",
            select("9223372036854775807", "learner", "\"repeat\"", "seed", "mistakes",
                   "FROM runs WHERE point = 0"),
            0, kWritten),
      query("repeat_as_text",
            select("point", "learner", "CAST(\"repeat\" AS TEXT)", "seed", "mistakes"), 2,
            "the query's column 'repeat' in row 1 is text '0'"),
      query("test_error_above_one", plus("1.5 AS test_error"), 2,
            "the query's column 'test_error' in row 1 is the real number 1.5"),
      query("test_error_text", plus("'0.5' AS test_error"), 2,
            "the query's column 'test_error' in row 1 is text '0.5'"),
      query("test_error_null", plus("NULL AS test_error"), 0, kWritten),
      query("one_learner_only", kGood + " WHERE learner = 'classic'", 2,
            "the query returns the runs of one learner only ('classic')"),
      query("a_learner_without_pairs",
            kGood + " WHERE learner = 'classic' UNION ALL " +
                select("point", "'other'", "\"repeat\"", "seed", "NULL",
                       "FROM runs WHERE learner = 'classic'"),
            0, kWritten),
      query("union_all_twice", kGood + " UNION ALL " + kGood, 2,
            "twice (runs of two experiments under one learner name?)"),
      query("no_rows", kGood + " WHERE 0", 2, "the query returns no runs"),
      query("a_column_missing", "SELECT point, learner, \"repeat\", seed FROM runs", 2,
            kColumns + " (test_error optional); it returns: point, learner, repeat, seed"),
      query("mistakes_twice", plus("mistakes"), 2, "the query returns the column 'mistakes' twice"),
      query("trailing_semicolon", kGood + " ;  ", 0, kWritten),
      query("comments_around", "-- which runs\n" + kGood + " /* all */", 0, kWritten),
      query("limit_minus_one", kGood + " LIMIT -1 OFFSET 0", 0, kWritten),
      query("double_quoted_string_literal",
            kGood + " WHERE learner = \"classic\" OR learner = 'eta'", 0, kWritten),
      query("json_each_on_record",
            select("point", "learner", "\"repeat\"", "seed", "mistakes",
                   "FROM runs WHERE (SELECT count(*) FROM json_each(record)) > 0"),
            0, kWritten),
      query("from_runs_flat",
            select("point", "learner", "\"repeat\"", "seed", "mistakes", "FROM runs_flat"), 0,
            kWritten),
      query("second_statement", kGood + "; SELECT 1", 2,
            "the query must be one statement; after the first comes 'SELECT 1'"),
      query("numbered_parameter", kGood + " WHERE learner = ?1", 2,
            "the query has a parameter, '?1', which plab report does not fill"),
      query("at_parameter", kGood + " WHERE learner = @l", 2, "the query has a parameter, '@l'"),
      query("dollar_parameter", kGood + " WHERE learner = $l", 2,
            "the query has a parameter, '$l'"),
      query("vacuum", "VACUUM", 2, kReadOnly + "; it asks to write to the database"),
      query("detach", "DETACH main", 2, kReadOnly + "; it asks to detach a database"),
      query("create_temp_table", "CREATE TEMP TABLE t AS SELECT 1", 2, kReadOnly),
      query("explain", "EXPLAIN " + kGood, 2, kColumns),
      query("load_extension", plus("load_extension('/nonexistent') AS z"), 2, "not authorized"),
      query("writefile_is_not_there",
            select("point", "learner", "\"repeat\"", "seed", "mistakes",
                   "FROM runs WHERE writefile('pwn', 'x')"),
            2, "no such function: writefile"),
      query("pragma_function_wrong_columns", "SELECT * FROM pragma_table_info('runs')", 2,
            kColumns + " (test_error optional); it returns: cid, name"),
      query("empty", "", 2, "the query is empty (nothing but spaces or comments)"),
      query("only_a_semicolon", "   ;  ", 2, "the query is empty"),
      report("no_out", {"{S}/q.db", "--query", kGood}, 2,
             "plab report DB --query SQL needs one database and --out OUT for the comparison"),
      report("out_empty", {"{S}/q.db", "--query", kGood, "--out", ""}, 2,
             "--out '' names no folder"),
      report("out_the_database", {"{S}/q.db", "--query", kGood, "--out", "{S}/q.db"}, 2,
             "is a file; name a folder for the comparison"),
      report("out_a_results_folder", {"{S}/q.db", "--query", kGood, "--out", "{S}/a"}, 2,
             "give the comparison a folder of its own, outside results folders"),
      report("out_inside_a_results_folder", {"{S}/q.db", "--query", kGood, "--out", "{S}/a/cmp"}, 2,
             "is inside the results folder"),
      report("database_missing", {"nope.db", "--query", kGood, "--out", "out"}, 2,
             "cannot query 'nope.db': it is not a file"),
      report("database_a_folder", {"{S}/a", "--query", kGood, "--out", "out"}, 2,
             "it is not a file"),
      report("database_a_csv", {"{S}/a/runs.sha256", "--query", kGood, "--out", "out"}, 2,
             "is not an SQLite database plab can use: file is not a database"),
  };
  return all;
}

class HostileQueryValues : public ::testing::TestWithParam<HostileRow> {};

TEST_P(HostileQueryValues, GetsAClearAnswer) {
  HostileRow row = GetParam();
  for (auto& arg : row.args) arg = shared().expand(arg);
  const test::TempDir dir;
  test::run_hostile_row(row, dir);
  if (row.exit_code == 0) {
    EXPECT_TRUE(fs::exists(dir / "out" / "report.md"));
  }
  if (GetParam().args.back() == "{S}/a/cmp") {
    EXPECT_FALSE(fs::exists(shared() / "a" / "cmp"));
  }
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileQueryValues, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace plab
