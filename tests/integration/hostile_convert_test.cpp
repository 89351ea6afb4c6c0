// plab convert (and export's outputs) against a hostile user: the names IN and OUT may be ('-',
// ''), a results folder as OUT's place, and an output folder that cannot be written
// (docs/data-formats.md, docs/troubleshooting.md).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/folder_edit.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace fs = std::filesystem;
using plab::test::read_file;
using plab::test::run_plab;
using plab::test::run_process;

namespace {

bool says(const plab::test::ProcessResult& r, const std::string& text) {
  return r.err.find(text) != std::string::npos;
}

TEST(HostileConvert, DashAndEmptyNamesAreRefusedAndNoFileNamedDashAppears) {
  plab::test::TempDir dir;
  dir.write("in.csv", "a,b,y\n1,2,1\n3,4,0\n");
  const auto out = run_plab({"convert", "in.csv", "-", "--to", "svmlight"}, dir.path().string());
  EXPECT_EQ(out.exit_code, 2) << out.err;
  EXPECT_TRUE(says(out, "OUT needs the name of a file: '-' would be a file named '-'")) << out.err;
  EXPECT_TRUE(says(out, "write ./-")) << out.err;
  EXPECT_FALSE(fs::exists(dir / "-"));
  EXPECT_FALSE(fs::exists(dir / "-.labels.json"));
  // A file named '-' is not read for IN '-' (nor is standard input).
  dir.write("-", "a,b,y\n1,2,1\n3,4,0\n");
  const auto in = run_plab({"convert", "-", "x.svm", "--from", "csv"}, dir.path().string());
  EXPECT_EQ(in.exit_code, 2) << in.err;
  EXPECT_TRUE(says(in, "IN needs the name of a file: '-' would be a file named '-'")) << in.err;
  EXPECT_FALSE(fs::exists(dir / "x.svm"));
  const auto empty = run_plab({"convert", "in.csv", "", "--to", "svmlight"}, dir.path().string());
  EXPECT_EQ(empty.exit_code, 2) << empty.err;
  EXPECT_TRUE(says(empty, "OUT needs the name of a file: it is empty")) << empty.err;
  // Spelled ./-, both are files like any other.
  const auto named = run_plab({"convert", "./-", "./-.svm", "--from", "csv"}, dir.path().string());
  EXPECT_EQ(named.exit_code, 0) << named.err;
  EXPECT_EQ(read_file(dir / "-.svm"), "1 1:1 2:2\n0 1:3 2:4\n");
  for (const char* text : {"OUT needs the name of a file", "IN needs the name of a file",
                           "plab convert does not write to standard output",
                           "plab convert reads a data file, not standard input"})
    EXPECT_TRUE(plab::test::in_troubleshooting(text)) << text;
}

const std::string kConfig = R"({"name": "c", "seed": 1,
    "dataset": {"kind": "inline", "x": [[1, 2], [-1, -2], [2, 1], [-2, -1]], "y": [1, -1, 1, -1]},
    "learners": [{"name": "p", "plugin": "perceptron"}],
    "protocol": {"kind": "convergence", "max_epochs": 5}})";

const fs::path& results_folder() {
  static plab::test::TempDir dir;
  static const fs::path out = plab::test::run_into_folder(dir, kConfig);
  return out;
}

TEST(HostileConvert, NoOutputLandsInsideAResultsFolderEvenWithForce) {
  plab::test::TempDir dir;
  const fs::path folder = plab::test::copy_to_tamper(results_folder(), dir);
  const std::string runs = read_file(folder / "runs.jsonl");
  const fs::path in = dir.write("in.csv", "a,b,y\n1,2,1\n3,4,0\n");
  fs::create_directory(folder / "plots");
  fs::create_directory_symlink(folder, dir / "link");
  for (const fs::path& out :
       {folder / "runs.jsonl", folder / "plots" / "x.svm", dir / "link" / "runs.jsonl"}) {
    const auto r = run_plab({"convert", in.string(), out.string(), "--to", "svmlight", "--force"});
    EXPECT_EQ(r.exit_code, 2) << out << r.err;
    EXPECT_TRUE(says(r, "is inside the results folder '" + fs::canonical(folder).string() + "'"))
        << r.err;
    EXPECT_TRUE(says(r, "give a file outside results folders")) << r.err;
  }
  EXPECT_EQ(read_file(folder / "runs.jsonl"), runs);
  EXPECT_FALSE(fs::exists(folder / "plots" / "x.svm"));
  // export --csv refuses any results folder too, not only the one it exports.
  const auto e = run_plab(
      {"export", results_folder().string(), "--csv", (folder / "runs.jsonl").string(), "--force"});
  EXPECT_EQ(e.exit_code, 2) << e.err;
  EXPECT_TRUE(says(e, "is inside the results folder")) << e.err;
  EXPECT_EQ(read_file(folder / "runs.jsonl"), runs);
  EXPECT_TRUE(plab::test::in_troubleshooting("give a file outside results folders"));
  // Beside the folder, not in it, is fine.
  EXPECT_EQ(run_plab({"convert", in.string(), (dir / "x.svm").string()}).exit_code, 0);
}

// Runs plab so that a folder's permissions hold for it: root (the tests' usual user) writes in
// any folder, unless it lacks the capabilities that override permissions, which setpriv drops
// (plab keeps root's uid, so it still reaches every file the tests made).
plab::test::ProcessResult run_plab_bound_by_permissions(const std::vector<std::string>& args) {
  if (::geteuid() != 0) return run_plab(args);
  const std::string caps = "-dac_override,-dac_read_search,-fowner";
  std::vector<std::string> all = {"--inh-caps=" + caps, "--bounding-set=" + caps, PLAB_BINARY};
  all.insert(all.end(), args.begin(), args.end());
  return run_process("/usr/bin/setpriv", all);
}

TEST(HostileConvert, AFolderThatCannotBeWrittenIsNamedNotTheFileInIt) {
  plab::test::TempDir dir;
  const fs::path config = dir.write("c.json", kConfig);
  for (const char* seed : {"1", "2"}) {
    const auto r = run_plab({"run", config.string(), "--set", std::string("/seed=") + seed, "--out",
                             (dir / seed).string(), "--no-report", "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const fs::path in = dir.write("in.csv", "a,b,y\n1,2,1\n3,4,0\n");
  const fs::path ro = dir / "ro";
  fs::create_directory(ro);
  // A database export made, writable while its folder is not: SQLite cannot make the journal
  // it needs beside it to add the second folder.
  ASSERT_EQ(
      run_plab({"export", (dir / "1").string(), "--sqlite", (ro / "e.db").string()}).exit_code, 0);
  const std::string before = read_file(ro / "e.db");
  fs::permissions(ro, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                          fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
  const auto e = run_plab_bound_by_permissions(
      {"export", (dir / "2").string(), "--sqlite", (ro / "e.db").string()});
  const auto c = run_plab_bound_by_permissions({"convert", in.string(), (ro / "x.svm").string()});
  fs::permissions(ro, fs::perms::all);
  EXPECT_EQ(e.exit_code, 4) << e.err;
  EXPECT_TRUE(
      says(e, "its folder '" + ro.string() +
                  "' cannot be written: SQLite needs to make a journal beside the database"))
      << e.err;
  EXPECT_FALSE(says(e, "read-only or immutable")) << e.err;
  EXPECT_EQ(read_file(ro / "e.db"), before);
  EXPECT_EQ(c.exit_code, 4) << c.err;
  EXPECT_TRUE(says(c, "its folder '" + ro.string() + "' cannot be written")) << c.err;
  EXPECT_FALSE(fs::exists(ro / "x.svm"));
  for (const char* text :
       {"SQLite needs to make a journal beside the database",
        "the output is written to a temporary file there and renamed into place"})
    EXPECT_TRUE(plab::test::in_troubleshooting(text)) << text;
}

}  // namespace
