// The hinge bound past separability in what `plab run` prints and writes beside the records
// (docs/results.md): the summary table, summary.json, summary.csv and report.md gain the
// hinge columns only when some run carries a nonsep_bound, so separable data reads as before.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <string>

#include "support/process.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_plab;

const std::string kExperiment =
    std::string(PLAB_SOURCE_DIR) + "/experiments/hinge_bound/versicolor_virginica.json";

struct HingeRun {
  const test::TempDir& dir;
  const test::ProcessResult& result;
};

// versicolor_virginica.json, 3 repeats, its sweep cut to 1 and 100 epochs.
HingeRun hinge_run() {
  static const test::TempDir dir;
  static const test::ProcessResult result =
      run_plab({"run", kExperiment, "--out", (dir / "o").string(), "--set", "/repeats=3", "--set",
                R"(/sweep={"/protocol/max_epochs": [1, 100]})"});
  return {dir, result};
}

TEST(SummaryHinge, PrintedTableShowsTheHingeColumns) {
  const HingeRun r = hinge_run();
  ASSERT_EQ(r.result.exit_code, 0) << r.result.out << r.result.err;
  for (const char* header :
       {"hinge applies", "hinge max ratio", "hinge median ratio", "hinge violations"}) {
    EXPECT_NE(r.result.out.find(header), std::string::npos) << header << "\n" << r.result.out;
  }
}

TEST(SummaryHinge, SummaryJsonCountsEveryCoveredRunAndItsRatios) {
  const HingeRun r = hinge_run();
  ASSERT_EQ(r.result.exit_code, 0) << r.result.err;
  const auto summary = boost::json::parse(read_file(r.dir / "o" / "summary.json")).as_object();
  const auto& groups = summary.at("groups").as_array();
  ASSERT_EQ(groups.size(), 10U);  // 2 points × 5 learners
  for (const auto& value : groups) {
    const auto& g = value.as_object();
    EXPECT_EQ(g.at("bound_applies").to_number<int>(), 0);  // no Novikoff bound here
    EXPECT_EQ(g.at("hinge_bound_applies").to_number<int>(), 3) << g;
    EXPECT_EQ(g.at("hinge_violations").to_number<int>(), 0);
    EXPECT_EQ(g.at("hinge_bound_kind"), "hinge_sequence");
    const double max = g.at("hinge_ratio_max").to_number<double>();
    const double median = g.at("hinge_ratio_median").to_number<double>();
    EXPECT_GT(median, 0.0);
    EXPECT_LE(median, max);
    EXPECT_LE(max, 1.0);
  }
}

TEST(SummaryHinge, SummaryCsvAndReportCarryTheHingeBound) {
  const HingeRun r = hinge_run();
  ASSERT_EQ(r.result.exit_code, 0) << r.result.err;
  const std::string csv = read_file(r.dir / "o" / "summary.csv");
  EXPECT_NE(csv.substr(0, csv.find('\n')).find(",hinge_bound_kind,hinge_bound_applies,"),
            std::string::npos)
      << csv;
  const std::string md = read_file(r.dir / "o" / "report.md");
  EXPECT_NE(md.find("The hinge bound past separability"), std::string::npos);
  EXPECT_NE(md.find("The hinge bound past separability held: 30 of 30 runs"), std::string::npos)
      << md;
}

TEST(SummaryHinge, SeparableDataGetsNoHingeColumns) {
  test::TempDir dir;
  const fs::path config =
      dir.write("c.json", R"({"name": "sep", "seed": 1, "repeats": 2,
    "dataset": {"kind": "csv", "path": ")" +
                              std::string(PLAB_SOURCE_DIR) +
                              R"(/data/iris.csv", "label": "species", "positive": ["setosa"]},
    "learners": [{"name": "p", "plugin": "perceptron"}], "init": {"kind": "zero"},
    "protocol": {"kind": "convergence", "max_epochs": 50}})");
  const auto run = run_plab({"run", config.string(), "--out", (dir / "o").string()});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out.find("hinge"), std::string::npos) << run.out;
  EXPECT_EQ(read_file(dir / "o" / "summary.csv").find("hinge"), std::string::npos);
  EXPECT_EQ(read_file(dir / "o" / "summary.json").find("hinge"), std::string::npos);
  EXPECT_EQ(read_file(dir / "o" / "report.md").find("The hinge bound past separability"),
            std::string::npos);
}

}  // namespace
}  // namespace plab
