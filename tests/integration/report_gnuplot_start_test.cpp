// Why a figure's gnuplot did not run, through the real binary: "not installed" only when no
// gnuplot is on PATH; a gnuplot that is there but cannot be started is named with the reason
// (errno), not called missing (report/gnuplot.cpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/process.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::run_plab;

// A folder whose report draws figures (the mistakes strip, the ratios).
fs::path iris_folder(const test::TempDir& dir) {
  const fs::path config = dir.write(
      "c.json", R"({"name": "g", "seed": 1, "repeats": 5, "dataset": {"kind": "csv", "path": ")" +
                    std::string(PLAB_SOURCE_DIR) +
                    R"(/data/iris.csv", "label": "species", "positive": ["setosa"]},
    "learners": [{"name": "p", "plugin": "perceptron"}], "init": {"kind": "gaussian"},
    "protocol": {"kind": "convergence", "max_epochs": 20}})");
  const auto r =
      run_plab({"run", config.string(), "--out", (dir / "o").string(), "--quiet", "--no-report"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return dir / "o";
}

TEST(ReportGnuplot, NoGnuplotOnPathIsNotInstalled) {
  test::TempDir dir;
  const fs::path folder = iris_folder(dir);
  const auto r = run_plab({"report", folder.string()}, "", {"PATH=" + (dir / "empty").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("gnuplot is not installed: no program gnuplot on PATH"), std::string::npos)
      << r.err;
  EXPECT_TRUE(test::in_troubleshooting("gnuplot is not installed: no program gnuplot on PATH"));
}

// A gnuplot on PATH that cannot be executed (no execute permission; root too needs one x bit)
// is there, so the note gives exec's reason instead of calling it missing.
TEST(ReportGnuplot, AGnuplotThatCannotStartIsNamedWithTheReason) {
  test::TempDir dir;
  const fs::path folder = iris_folder(dir);
  const fs::path bin = dir / "bin";
  fs::create_directories(bin);
  dir.write("bin/gnuplot", "#!/bin/sh\nexit 0\n");
  fs::permissions(bin / "gnuplot", fs::perms::owner_read | fs::perms::owner_write);
  const auto r = run_plab({"report", folder.string()}, "", {"PATH=" + bin.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("could not start gnuplot: Permission denied"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("not installed"), std::string::npos) << r.err;
  EXPECT_TRUE(test::in_troubleshooting("could not start gnuplot"));
}

}  // namespace
}  // namespace plab
