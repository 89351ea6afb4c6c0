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

TEST(CrossReport, TwoFoldersOfOneConfigGiveTheInFolderPairedComparison) {
  test::TempDir dir;
  const std::string config = dir.write("c.json", kConfig).string();
  const std::string both = (dir / "both").string();
  const std::string a = (dir / "a").string();
  const std::string b = (dir / "b").string();
  run({"run", config, "--out", both, "--quiet"});
  run({"run", config, "--out", a, "--quiet", "--no-report", "--set", kClassic});
  run({"run", config, "--out", b, "--quiet", "--no-report", "--set", kSlow});
  const std::string out = (dir / "cmp").string();
  const auto r = run_plab({"report", a, b, "--out", out});
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
  EXPECT_NE(into_folder.err.find("is a results folder; give the comparison a folder of its own"),
            std::string::npos)
      << into_folder.err;
  EXPECT_TRUE(in_troubleshooting("is a results folder; give the comparison a folder of its own"));
}

}  // namespace
}  // namespace plab
