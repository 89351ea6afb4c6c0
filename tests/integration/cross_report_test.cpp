// plab report A B --out OUT through the real binary: the paired comparison across two
// folders of one config, each run with one of its two learners, equals the comparison in
// the folder that ran both; folders whose runs do not match are refused.
#include <gtest/gtest.h>

#include <algorithm>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

using test::in_troubleshooting;
using test::read_file;
using test::run_plab;
using Args = std::vector<std::string>;

const std::string kIris = std::string(PLAB_SOURCE_DIR) + "/data/iris.csv";

// Two learners on Iris from Gaussian starts, shuffled, 2 sweep points × 8 repeats: the
// repeats differ, so a wrong pairing changes the numbers.
const std::string kConfig = R"({"name": "cross", "seed": 7, "repeats": 8,
  "dataset": {"kind": "csv", "path": ")" +
                            kIris +
                            R"(", "label": "species", "positive": ["setosa"]},
  "learners": [{"name": "classic", "plugin": "eta_perceptron", "params": {"eta": 1}},
               {"name": "slow", "plugin": "eta_perceptron", "params": {"eta": 0.05}}],
  "init": {"kind": "gaussian", "scale": 5},
  "protocol": {"kind": "convergence", "max_epochs": 200, "order": "shuffle"},
  "sweep": {"/init/scale": [1, 5]}})";

const std::string kClassic =
    R"(/learners=[{"name": "classic", "plugin": "eta_perceptron", "params": {"eta": 1}}])";
const std::string kSlow =
    R"(/learners=[{"name": "slow", "plugin": "eta_perceptron", "params": {"eta": 0.05}}])";

// The report's "Paired comparisons of learners" section: its table and sentences.
std::string comparison_section(const std::string& md) {
  const std::size_t start = md.find("## Paired comparisons of learners");
  if (start == std::string::npos) return "";
  // It ends where the next heading or the folded provenance begins.
  const std::size_t end = std::min(md.find("\n#", start + 1), md.find("\n<details", start));
  std::string section =
      md.substr(start, end == std::string::npos ? std::string::npos : end - start);
  while (!section.empty() && section.back() == '\n') section.pop_back();
  return section;
}

void run(const Args& args) {
  const auto r = run_plab(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
}

// The config with both learners (in "both", with its report), and once with each (in "a"
// and "b").
struct Folders {
  std::string both, a, b;
};
Folders run_config_three_ways(const test::TempDir& dir) {
  const std::string config = dir.write("c.json", kConfig).string();
  Folders f{(dir / "both").string(), (dir / "a").string(), (dir / "b").string()};
  run({"run", config, "--out", f.both, "--quiet"});
  run({"run", config, "--out", f.a, "--quiet", "--no-report", "--set", kClassic});
  run({"run", config, "--out", f.b, "--quiet", "--no-report", "--set", kSlow});
  return f;
}

TEST(CrossReport, TwoFoldersOfOneConfigGiveTheInFolderPairedComparison) {
  test::TempDir dir;
  const Folders f = run_config_three_ways(dir);
  const auto r = run_plab({"report", f.a, f.b, "--out", (dir / "cmp").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string in_folder = comparison_section(read_file(dir / "both" / "report.md"));
  const std::string across = comparison_section(read_file(dir / "cmp" / "report.md"));
  ASSERT_NE(in_folder.find("| 1 | classic | slow | mistakes | 8 |"), std::string::npos)
      << in_folder;
  EXPECT_EQ(across, in_folder);
  EXPECT_TRUE(std::filesystem::exists(dir / "cmp" / "report.html"));
  // The folders themselves are left as they were: no report written into either.
  EXPECT_FALSE(std::filesystem::exists(dir / "a" / "report.md"));
}

// The same two folders exported into SQLite: a query selecting their runs gives the same
// comparison again; a query without the columns a comparison needs is refused.
TEST(CrossReport, AQueryOnAnExportGivesTheInFolderPairedComparison) {
  test::TempDir dir;
  const Folders f = run_config_three_ways(dir);
  const std::string db = (dir / "runs.db").string();
  run({"export", f.a, f.b, "--sqlite", db});
  const std::string query =
      R"(SELECT r.point, r.learner, r."repeat", p.seed, r.mistakes FROM runs r )"
      R"(JOIN points p ON p.experiment_id = r.experiment_id AND p.point = r.point )"
      R"(ORDER BY r.experiment_id, r.run)";
  const auto r = run_plab({"report", db, "--query", query, "--out", (dir / "q").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(comparison_section(read_file(dir / "q" / "report.md")),
            comparison_section(read_file(dir / "both" / "report.md")));

  const auto bad = run_plab({"report", db, "--query", "SELECT point, learner FROM runs", "--out",
                             (dir / "bad").string()});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("the query must return the columns point, learner, repeat, seed and "
                         "mistakes"),
            std::string::npos)
      << bad.err;
  EXPECT_TRUE(in_troubleshooting(
      "the query must return the columns point, learner, repeat, seed and mistakes"));
  // Both folders twice: every (point, learner, repeat) twice, which cannot be paired.
  run({"export", f.both, "--sqlite", db});
  const auto twice = run_plab({"report", db, "--query", query, "--out", (dir / "t").string()});
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.err.find("twice (runs of two experiments under one learner name?)"),
            std::string::npos)
      << twice.err;
  EXPECT_TRUE(in_troubleshooting("twice (runs of two experiments under one learner name?)"));
  EXPECT_FALSE(std::filesystem::exists(dir / "t"));
}

TEST(CrossReport, FoldersWhoseRunsDoNotMatchAreRefused) {
  test::TempDir dir;
  const std::string config = dir.write("c.json", kConfig).string();
  const std::string a = (dir / "a").string();
  const std::string b = (dir / "b").string();
  run({"run", config, "--out", a, "--quiet", "--no-report", "--set", kClassic});
  run({"run", config, "--out", b, "--quiet", "--no-report", "--set", kSlow, "--set", "/seed=8"});
  const auto r = run_plab({"report", a, b, "--out", (dir / "cmp").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("do not hold matching runs: sweep point 0 has seed 7 in the first and 8 "
                       "in the second"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(in_troubleshooting("do not hold matching runs"));
  EXPECT_FALSE(std::filesystem::exists(dir / "cmp"));

  const auto no_out = run_plab({"report", a, a});
  EXPECT_EQ(no_out.exit_code, 2);
  EXPECT_NE(no_out.err.find("needs --out OUT for the comparison"), std::string::npos) << no_out.err;
  EXPECT_TRUE(in_troubleshooting("needs --out OUT for the comparison"));

  const auto into_folder = run_plab({"report", a, a, "--out", b});
  EXPECT_EQ(into_folder.exit_code, 2);
  EXPECT_NE(into_folder.err.find("is the results folder"), std::string::npos) << into_folder.err;
  EXPECT_TRUE(in_troubleshooting("is the results folder"));
}

}  // namespace
}  // namespace plab
