// The progress lines of a run in a log (stderr not a terminal) on a sweep whose points
// differ tenfold in cost (1,000 and 10,000 rows): each line carries an ETA, and the last
// one 0:00. How close the ETA comes to the true time left is tested without a clock in
// tests/unit/remaining_time_test.cpp (recorded costs of the same two points), so that a
// loaded machine cannot make this test flake.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <string>

#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::run_plab;

TEST(ProgressEta, ALogGetsAnEtaOnEveryProgressLineOfASweepOfUnequalPoints) {
  test::TempDir dir;
  const fs::path config = dir.write("tenfold.json", R"({"name": "tenfold", "seed": 3,
  "repeats": 10,
  "dataset": {"kind": "synthetic", "generator": "separable", "rows": 1000, "dim": 5,
              "margin": 0.1, "radius": 3},
  "learners": [{"name": "p", "plugin": "perceptron"}], "theory": {"margin": "none"},
  "init": {"kind": "gaussian", "scale": 1},
  "protocol": {"kind": "convergence", "max_epochs": 20, "order": "shuffle"},
  "sweep": {"/dataset/rows": [1000, 10000]}})");
  const auto r = run_plab(
      {"run", config.string(), "--out", (dir / "out").string(), "--no-report", "--threads", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::regex line(
      R"(plab: progress: (\d+)/20 runs +\d+\.\d% +\d+\.\d runs/s +elapsed \d+:\d\d +ETA (\d+:\d\d|--:--))");
  std::istringstream err(r.err);
  std::size_t lines = 0;
  std::string last;
  for (std::string text; std::getline(err, text);) {
    if (text.rfind("plab: progress: ", 0) != 0) continue;
    std::smatch m;
    EXPECT_TRUE(std::regex_match(text, m, line)) << text;
    ++lines;
    last = text;
  }
  EXPECT_GE(lines, 1U) << r.err;
  EXPECT_NE(last.find("20/20 runs"), std::string::npos) << last;
  EXPECT_EQ(last.substr(last.size() - 8), "ETA 0:00") << last;
}

}  // namespace
}  // namespace plab
