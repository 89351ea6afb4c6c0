// plab export against a hostile user, as a table: CSV targets that are the database's side
// files or lie in a results folder (through plots/, '..' or a link), targets that are no
// file on disk, databases edited by hand or made by another program, folders edited after
// they were written, shards beside their merge, and seeds at 2^63 and 2^64 − 1
// (docs/sqlite.md). Each row has its exit code and a fragment of the answer; a refused export
// leaves the database byte for byte as it was and writes no CSV, an export of 0 what the row
// checks in its output.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "support/export_folders.hpp"
#include "support/folder_edit.hpp"
#include "support/hostile_table.hpp"
#include "support/shared_files.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::HostileRow;
using test::TempDir;

// What the rows export, each made on first use: folder a (seed 7), its shards s0 and s1 and
// their merge m (the same runs), top and next (seeds 2^64 - 1 and 2^64 - 2), and db, an
// export of a.
test::SharedFiles& shared() {
  const std::string config = test::tiny_config("7", test::kClassicLearner);
  const auto run = [](std::string name, std::string config, std::vector<std::string> extra = {}) {
    return test::SharedRecipe{
        {}, [=](const TempDir& dir) { test::run_tiny(dir, name, config, extra); }};
  };
  const auto plab = [](std::vector<std::string> needs, std::vector<std::string> args) {
    return test::SharedRecipe{needs, [=](const TempDir& dir) {
                                std::vector<std::string> full;
                                for (const auto& arg : args)
                                  full.push_back(test::with_folder(arg, dir.path().string()));
                                const auto r = test::run_plab(full);
                                EXPECT_EQ(r.exit_code, 0) << r.err;
                              }};
  };
  static test::SharedFiles files(
      {{"a", run("a", config)},
       {"s0", run("s0", config, {"--shard", "0/2"})},
       {"s1", run("s1", config, {"--shard", "1/2"})},
       {"top", run("top", test::tiny_config("18446744073709551615", test::kClassicLearner))},
       {"next", run("next", test::tiny_config("18446744073709551614", test::kClassicLearner))},
       {"m", plab({"s0", "s1"}, {"merge", "{D}/m", "{D}/s0", "{D}/s1"})},
       {"db", plab({"a"}, {"export", "{D}/a", "--sqlite", "{D}/db"})}});
  return files;
}

struct ExportRow {
  HostileRow row;
  std::function<void(const TempDir&)> prepare;  // files, links and databases in the row's folder
  std::function<void(const TempDir&)> check;    // after an export of 0
};

std::ostream& operator<<(std::ostream& out, const ExportRow& row) { return out << row.row.name; }

ExportRow row(std::string name, std::vector<std::string> args, int exit_code, std::string fragment,
              std::function<void(const TempDir&)> prepare = {},
              std::function<void(const TempDir&)> check = {}) {
  args.insert(args.begin(), "export");
  return {{std::move(name), {}, std::move(args), exit_code, std::move(fragment), {}},
          std::move(prepare),
          std::move(check)};
}

// A copy of the shared export as e.db in the row's folder, then `sql` run on it.
std::function<void(const TempDir&)> edited_db(std::string sql) {
  return [sql](const TempDir& dir) {
    fs::copy_file(shared() / "db", dir / "e.db");
    if (!sql.empty()) test::sqlite_exec(dir / "e.db", sql);
  };
}

// A copy of folder a as f in the row's folder, then `edit` on it.
std::function<void(const TempDir&)> edited_folder(std::function<void(const fs::path&)> edit) {
  return [edit](const TempDir& dir) {
    fs::copy(shared() / "a", dir / "f", fs::copy_options::recursive);
    edit(dir / "f");
  };
}

// The CSV `name` has `lines` lines (a header and a row per run).
std::function<void(const TempDir&)> csv_lines(std::string name, std::size_t lines) {
  return [name, lines](const TempDir& dir) {
    EXPECT_EQ(test::lines_of(dir / name).size(), lines) << name;
  };
}

std::function<void(const TempDir&)> db_answers(std::string sql, std::string expected) {
  return [sql, expected](const TempDir& dir) {
    std::string got;
    for (const auto& r : test::sqlite_rows(dir / "e.db", sql))
      for (const auto& cell : r) got += cell + "|";
    EXPECT_EQ(got, expected) << sql;
  };
}

const std::string kUnusable = "'e.db' is not an SQLite database plab can use: ";
const std::string kInside = "is inside the results folder";
const std::string kNotAFolder = "is not a results folder: it needs manifest.json and runs.jsonl";

const std::vector<ExportRow>& rows() {
  static const std::vector<ExportRow> all = {
      row("csv_the_databases_shm", {"{S}/a", "--sqlite", "e.db", "--csv", "e.db-shm"}, 2,
          "--csv 'e.db-shm' is the database's own shm file"),
      row("csv_the_databases_wal", {"{S}/a", "--sqlite", "e.db", "--csv", "e.db-wal"}, 2,
          "--csv 'e.db-wal' is the database's own wal file"),
      row("csv_the_databases_journal_by_another_path",
          {"{S}/a", "--sqlite", "e.db", "--csv", "./sub/../e.db-journal"}, 2,
          "is the database's own journal file",
          [](const TempDir& d) { fs::create_directory(d / "sub"); }),
      row("csv_journal_name_in_another_case",
          {"{S}/a", "--sqlite", "e.db", "--csv", "E.DB-journal"}, 0, "into E.DB-journal", {},
          csv_lines("E.DB-journal", 7)),
      row("csv_named_like_a_shm_without_sqlite", {"{S}/a", "--csv", "x.db-shm"}, 0, "", {},
          csv_lines("x.db-shm", 7)),
      row("csv_in_a_new_plots_file", {"{S}/a", "--csv", "{S}/a/plots/new.csv"}, 2, kInside),
      row("csv_through_dot_dot", {"{S}/a", "--csv", "{S}/a/plots/../../a/x.csv"}, 2, kInside),
      row("csv_through_a_link_to_the_folder", {"{S}/a", "--csv", "link/y.csv"}, 2, kInside,
          [](const TempDir& d) { fs::create_directory_symlink(shared() / "a", d / "link"); }),
      row("csv_of_one_folder_twice", {"{S}/a", "{S}/a", "--csv", "t.csv"}, 0, "", {},
          csv_lines("t.csv", 7)),
      row("csv_of_shards_and_merge", {"{S}/s0", "{S}/m", "{S}/s1", "--csv", "t.csv"}, 0, "", {},
          csv_lines("t.csv", 7)),
      row("db_of_a_folder_and_a_link_to_it", {"{S}/a", "link", "--sqlite", "e.db"}, 0,
          "exported 1 of 2 folders into e.db: 6 runs added, 6 already there",
          [](const TempDir& d) { fs::create_directory_symlink(shared() / "a", d / "link"); }),
      row("db_of_merge_then_shard", {"{S}/m", "{S}/s0", "--sqlite", "e.db"}, 0,
          "exported 1 of 2 folders into e.db: 6 runs added, 3 already there", {},
          db_answers("SELECT count(*), count(DISTINCT run) FROM runs", "6|6|")),
      row("db_of_seeds_two_to_the_64_apart_by_one", {"{S}/top", "{S}/next", "--sqlite", "e.db"}, 0,
          "12 runs added", {},
          db_answers("SELECT seed, typeof(seed) FROM points WHERE point = 0 ORDER BY experiment_id",
                     "18446744073709551615|text|18446744073709551614|text|")),
      row("csv_of_seeds_two_to_the_64_apart_by_one", {"{S}/top", "{S}/next", "--csv", "t.csv"}, 0,
          "", {},
          [](const TempDir& d) {
            const std::string text = test::read_file(d / "t.csv");
            EXPECT_NE(text.find(",18446744073709551615,"), std::string::npos) << text;
            EXPECT_NE(text.find(",18446744073709551614,"), std::string::npos) << text;
          }),
      row("no_folder", {"--sqlite", "e.db"}, 2, "plab export needs one or more results folders"),
      row("no_target", {"{S}/a"}, 2, "plab export needs --sqlite DB, --csv FILE or both"),
      row("sqlite_twice", {"{S}/a", "--sqlite", "e.db", "--sqlite", "f.db"}, 2,
          "option '--sqlite' cannot be specified more than once"),
      row("force_twice", {"{S}/a", "--csv", "t.csv", "--force", "--force"}, 2,
          "option '--force' cannot be specified more than once"),
      row("force_with_sqlite_alone", {"{S}/a", "--force", "--sqlite", "e.db"}, 2,
          "--force is for --csv"),
      row("sqlite_a_file_uri", {"{S}/a", "--sqlite", "file:e.db"}, 2, "is an SQLite URI"),
      row("sqlite_dev_stdout", {"{S}/a", "--sqlite", "/dev/stdout"}, 2,
          "'/dev/stdout' is not a regular file (it is a symbolic link)"),
      row("csv_dev_stdout", {"{S}/a", "--csv", "/dev/stdout"}, 2,
          "output '/dev/stdout' is a symbolic link"),
      row("csv_dash", {"{S}/a", "--csv", "-"}, 2, "--csv needs the name of a file: '-'"),
      row("csv_and_sqlite_one_file", {"{S}/a", "--csv", "e.db", "--sqlite", "e.db"}, 2,
          "--csv and --sqlite name the same file 'e.db'"),
      row("a_data_file_as_folder", {"d.csv", "--csv", "t.csv"}, 2, "'d.csv' " + kNotAFolder,
          [](const TempDir& d) { d.write("d.csv", "a,y\n1,2\n"); }),
      row("an_empty_folder", {"empty", "--csv", "t.csv"}, 2, "'empty' " + kNotAFolder,
          [](const TempDir& d) { fs::create_directory(d / "empty"); }),
      row("db_mistakes_edited", {"{S}/a", "--sqlite", "e.db"}, 2,
          kUnusable + "run 0 of experiment 1 has a column 'mistakes' that differs from its record",
          edited_db("UPDATE runs SET mistakes = mistakes + 1 WHERE run = 0")),
      row("db_with_a_view", {"{S}/s0", "--sqlite", "e.db"}, 2, kUnusable + "it holds a view 'v'",
          edited_db("CREATE VIEW v AS SELECT * FROM runs")),
      row("db_with_a_trigger", {"{S}/s0", "--sqlite", "e.db"}, 2,
          kUnusable + "it holds a trigger 't' on the table 'runs'",
          edited_db("CREATE TRIGGER t AFTER INSERT ON runs BEGIN DELETE FROM runs; END")),
      row("db_index_dropped", {"{S}/s0", "--sqlite", "e.db"}, 2,
          kUnusable + "it lacks plab's index 'experiments_by_identity'",
          edited_db("DROP INDEX experiments_by_identity")),
      row("db_of_a_newer_plab", {"{S}/s0", "--sqlite", "e.db"}, 2,
          "was written by a newer plab (schema version 99", edited_db("PRAGMA user_version = 99")),
      row("db_a_column_added", {"{S}/s0", "--sqlite", "e.db"}, 2,
          kUnusable + "its table 'runs' is not declared as plab declares it",
          edited_db("ALTER TABLE runs ADD COLUMN mine TEXT")),
      row("db_a_run_deleted", {"{S}/s0", "--sqlite", "e.db"}, 2,
          kUnusable + "experiment 1 says it added 6 runs and the table runs holds 5 of them",
          edited_db("DELETE FROM runs WHERE run = 5")),
      row("db_of_another_program", {"{S}/a", "--sqlite", "e.db"}, 2,
          "its application id is 12345, not plab's 1886151010",
          [](const TempDir& d) {
            test::sqlite_exec(d / "e.db", "PRAGMA application_id = 12345; CREATE TABLE runs(x)");
          }),
      row("db_a_text_file", {"{S}/a", "--sqlite", "e.db"}, 2,
          kUnusable + "it holds 40 bytes and does not begin with SQLite's header",
          [](const TempDir& d) { d.write("e.db", "my notes about the runs, not a database\n"); }),
      row("db_switched_to_wal_by_hand", {"{S}/top", "--sqlite", "e.db"}, 0, "6 runs added",
          edited_db("PRAGMA journal_mode = WAL"),
          [](const TempDir& d) {
            EXPECT_FALSE(fs::exists(d / "e.db-wal"));
            EXPECT_FALSE(fs::exists(d / "e.db-shm"));
          }),
      row("db_an_empty_file", {"{S}/a", "--sqlite", "e.db"}, 0, "6 runs added",
          [](const TempDir& d) { d.write("e.db", ""); }),
      row("folder_a_broken_line_appended", {"f", "--csv", "t.csv"}, 2,
          "f/runs.jsonl:7: not valid JSON", edited_folder([](const fs::path& f) {
            std::ofstream(f / "runs.jsonl", std::ios::app) << "{\"broken\":\n";
          })),
      row("folder_a_record_deleted", {"f", "--sqlite", "e.db"}, 2,
          "this record is not the one plab wrote", edited_folder([](const fs::path& f) {
            auto lines = test::lines_of(f / "runs.jsonl");
            lines.erase(lines.begin() + 2);
            test::write_lines(f / "runs.jsonl", lines);
          })),
      row("folder_said_to_be_running", {"f", "--csv", "t.csv"}, 2,
          "cannot export 'f': it is running; finish it first with: plab run --resume f",
          edited_folder([](const fs::path& f) {
            std::string text = test::read_file(f / "manifest.json");
            const std::string done = "\"status\":\"completed\"";
            text.replace(text.find(done), done.size(), "\"status\":\"running\"");
            std::ofstream(f / "manifest.json", std::ios::trunc) << text;
          })),
      row("folder_without_runs_sha256", {"f", "--csv", "t.csv"}, 2,
          "its 6 records are not all the ones plab wrote",
          edited_folder([](const fs::path& f) { fs::remove(f / "runs.sha256"); })),
      row("folder_runs_a_folder", {"f", "--csv", "t.csv"}, 2,
          "'f/runs.jsonl' is not a regular file", edited_folder([](const fs::path& f) {
            fs::remove(f / "runs.jsonl");
            fs::create_directory(f / "runs.jsonl");
          })),
      row("folder_runs_a_fifo", {"f", "--csv", "t.csv"}, 2, "'f/runs.jsonl' is not a regular file",
          edited_folder([](const fs::path& f) {
            fs::remove(f / "runs.jsonl");
            ASSERT_EQ(mkfifo((f / "runs.jsonl").c_str(), 0600), 0);
          })),
      row("folder_runs_a_link_to_its_file", {"f", "--csv", "t.csv"}, 2,
          "'f/runs.jsonl' is not a regular file (it is a symbolic link)",
          edited_folder([](const fs::path& f) {
            fs::rename(f / "runs.jsonl", f / "r.j");
            fs::create_symlink("r.j", f / "runs.jsonl");
          })),
  };
  return all;
}

class HostileExportTargets : public ::testing::TestWithParam<ExportRow> {};

TEST_P(HostileExportTargets, GetsAClearAnswer) {
  ExportRow r = GetParam();
  for (auto& arg : r.row.args) arg = shared().expand(arg);
  const TempDir dir;
  if (r.prepare) r.prepare(dir);
  const bool had_db = fs::exists(dir / "e.db");
  const std::string before = had_db ? test::read_file(dir / "e.db") : "";
  test::run_hostile_row(r.row, dir);
  if (r.row.exit_code == 0) {
    if (r.check) r.check(dir);
  } else {
    EXPECT_FALSE(fs::exists(dir / "t.csv"));
    if (had_db) {
      EXPECT_EQ(test::read_file(dir / "e.db"), before) << "the database was changed";
    } else {
      EXPECT_FALSE(fs::exists(dir / "e.db"));
    }
  }
  // Nothing was written into the folder exported.
  if (GetParam().row.args.at(1) == "{S}/a") {
    for (const char* planted : {"plots/new.csv", "x.csv", "y.csv"})
      EXPECT_FALSE(fs::exists(shared() / "a" / planted)) << planted;
  }
}

INSTANTIATE_TEST_SUITE_P(Inputs, HostileExportTargets, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.row.name; });

}  // namespace
}  // namespace plab
