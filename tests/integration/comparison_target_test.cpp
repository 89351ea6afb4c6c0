// Where `plab report A B --out OUT` and `plab report DB --query SQL --out OUT` write, through
// the real binary: OUT that cannot be a folder, OUT inside a results folder, a report already
// in OUT (replaced only with --force), a folder compared with itself, and two shards of one
// experiment are each refused with exit 2 and a sentence naming why; nothing is written.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/export_folders.hpp"
#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::in_troubleshooting;
using test::read_file;
using test::run_plab;
using test::tiny_config;

const std::string kQuery =
    "SELECT r.point, r.learner, r.\"repeat\", p.seed, r.mistakes FROM runs r JOIN points p ON "
    "p.experiment_id = r.experiment_id AND p.point = r.point ORDER BY r.run";

struct Folders {
  fs::path a, b, db;
};

Folders folders(const test::TempDir& dir) {
  Folders f;
  f.a = run_tiny(dir, "a", tiny_config("21", test::kClassicLearner));
  f.b = run_tiny(dir, "b", tiny_config("21", test::kEtaLearner));
  f.db = dir / "runs.db";
  const auto r = run_plab({"export", f.a.string(), f.b.string(), "--sqlite", f.db.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return f;
}

// Both comparisons into `out`: the same answer from each.
void expect_both_refuse(const Folders& f, const std::string& out, const std::string& fragment,
                        const std::vector<std::string>& extra = {}) {
  std::vector<std::vector<std::string>> commands = {
      {"report", f.a.string(), f.b.string(), "--out", out},
      {"report", f.db.string(), "--query", kQuery, "--out", out}};
  for (auto& args : commands) {
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = run_plab(args);
    EXPECT_EQ(r.exit_code, 2) << args[1] << " --out " << out << "\n" << r.err;
    EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  }
  EXPECT_TRUE(in_troubleshooting(fragment)) << fragment;
}

TEST(ComparisonTarget, AnOutThatCannotBeAFolderIsRefused) {
  test::TempDir dir;
  const Folders f = folders(dir);
  const auto file = dir.write("notes.txt", "mine\n");
  expect_both_refuse(f, "/dev/null", "cannot be a folder: '/dev/null' is a device");
  expect_both_refuse(f, file.string(), "is a file; name a folder for the comparison");
  expect_both_refuse(f, (file / "sub" / "deeper").string(),
                     "is a file; name a folder for the comparison");
  expect_both_refuse(f, f.db.string(), "is a file; name a folder for the comparison");
  EXPECT_EQ(read_file(file), "mine\n");
}

TEST(ComparisonTarget, AnOutInsideAResultsFolderIsRefused) {
  test::TempDir dir;
  const Folders f = folders(dir);
  expect_both_refuse(f, (f.a / "sub").string(), "is inside the results folder");
  expect_both_refuse(f, (f.b / "x" / "y").string(), "is inside the results folder");
  expect_both_refuse(f, f.a.string(), "is the results folder");
  fs::create_directory_symlink(f.a, dir / "link");
  expect_both_refuse(f, (dir / "link" / "sub").string(), "is inside the results folder");
  EXPECT_FALSE(fs::exists(f.a / "sub"));
  EXPECT_FALSE(fs::exists(f.b / "x"));
}

// The database a query reads is never replaced by the report made from it: not at report.md or
// report.html with --force, not at the comparison's temporary names without it, not through a
// hard link.
TEST(ComparisonTarget, ADatabaseAtAFileTheComparisonWritesIsRefused) {
  test::TempDir dir;
  const Folders f = folders(dir);
  const fs::path out = dir / "cmp";
  fs::create_directory(out);
  const std::string database = read_file(f.db);
  const std::string fragment = "the comparison writes into --out";
  for (const char* name : {"report.md", "report.html", ".report.md.new", ".report.html.new"}) {
    for (const bool hard_link : {false, true}) {
      const fs::path at = out / name;
      fs::path given = at;
      if (hard_link) {
        fs::create_hard_link(f.db, at);
        given = f.db;
      } else {
        fs::copy_file(f.db, at);
      }
      const auto r =
          run_plab({"report", given.string(), "--query", kQuery, "--out", out.string(), "--force"});
      EXPECT_EQ(r.exit_code, 2) << name << " hard link " << hard_link << "\n" << r.err;
      EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
      EXPECT_EQ(read_file(at), database) << name;
      fs::remove(at);
    }
  }
  EXPECT_TRUE(in_troubleshooting(fragment));
  // The database beside the comparison under a name of its own stays readable, a name that only
  // begins as the comparison's do among them.
  for (const char* name : {"runs.db", "report.md.bak", "report.mdx"}) {
    fs::copy_file(f.db, out / name);
    const auto r = run_plab(
        {"report", (out / name).string(), "--query", kQuery, "--out", out.string(), "--force"});
    EXPECT_EQ(r.exit_code, 0) << name << "\n" << r.err;
    EXPECT_EQ(read_file(out / name), database) << name;
  }
}

// An empty folder of the user's at a temporary name of the comparison: named (exit 2) and left
// where it is, never removed as a temporary file of plab's would be.
TEST(ComparisonTarget, AFolderAtATemporaryNameIsNamedAndKept) {
  test::TempDir dir;
  const Folders f = folders(dir);
  const fs::path out = dir / "cmp";
  fs::create_directories(out / ".report.html.new");
  expect_both_refuse(f, out.string(), "is a folder; plab writes a file there");
  EXPECT_TRUE(fs::is_directory(out / ".report.html.new"));
  EXPECT_FALSE(fs::exists(out / "report.md"));
}

TEST(ComparisonTarget, AReportAlreadyInOutIsReplacedOnlyWithForce) {
  test::TempDir dir;
  const Folders f = folders(dir);
  const fs::path out = dir / "cmp";
  fs::create_directory(out);
  std::ofstream(out / "report.md") << "my own notes\n";
  expect_both_refuse(f, out.string(), "already holds a report.md");
  EXPECT_EQ(read_file(out / "report.md"), "my own notes\n");
  auto r = run_plab({"report", f.a.string(), f.b.string(), "--out", out.string(), "--force"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(read_file(out / "report.md").find("Paired comparisons"), std::string::npos);
  r = run_plab({"report", f.db.string(), "--query", kQuery, "--out", out.string(), "--force"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // A report.html alone counts too; --force is for --out only.
  const fs::path html = dir / "html";
  fs::create_directory(html);
  std::ofstream(html / "report.html") << "<p>mine</p>\n";
  expect_both_refuse(f, html.string(), "already holds a report.html");
  r = run_plab({"report", f.a.string(), "--force"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("--force is for --out"), std::string::npos) << r.err;
  EXPECT_TRUE(in_troubleshooting("--force is for --out"));
  // plab report DIR rewrites its own report, as documented.
  r = run_plab({"report", f.a.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = run_plab({"report", f.a.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST(ComparisonTarget, AFolderComparedWithItselfIsRefused) {
  test::TempDir dir;
  const Folders f = folders(dir);
  fs::create_directory_symlink(f.b, dir / "b-link");
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {f.a.string(), f.a.string()},
      {f.a.string(), (f.a / ".").string()},
      {f.b.string(), (dir / "b-link").string()},
      {(dir / "b-link").string() + "/", (f.b / ".." / "b").string()}};
  for (const auto& [x, y] : pairs) {
    const auto r = run_plab({"report", x, y, "--out", (dir / "self").string()});
    EXPECT_EQ(r.exit_code, 2) << x << " " << y << "\n" << r.err;
    EXPECT_NE(r.err.find("are the same folder"), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(dir / "self"));
  EXPECT_TRUE(in_troubleshooting("are the same folder"));
}

TEST(ComparisonTarget, TwoShardsOfOneExperimentAreNotReportedAsMatching) {
  test::TempDir dir;
  const std::string config = tiny_config("31", test::kClassicLearner + ", " + test::kEtaLearner);
  for (const std::string shards : {"2", "3"}) {
    const fs::path s0 = run_tiny(dir, "s0-" + shards, config, {"--shard", "0/" + shards});
    const fs::path s1 = run_tiny(dir, "s1-" + shards, config, {"--shard", "1/" + shards});
    const auto r = run_plab({"report", s0.string(), s1.string(), "--out", (dir / "c").string()});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("' is shard 0 of " + shards), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("not a whole experiment"), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(dir / "c"));
  EXPECT_TRUE(in_troubleshooting("not a whole experiment"));
}

}  // namespace
}  // namespace plab
