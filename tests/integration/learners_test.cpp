// The learner family end to end: textbook examples against golden trajectories, every
// shipped config, orders, and the engine's refusals, through the real plab binary.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <sstream>

#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

using test::read_file;
using test::run_plab;

const std::string kSource = PLAB_SOURCE_DIR;
const std::string kIris = kSource + "/data/iris.csv";

using test::records;

std::vector<double> numbers(const boost::json::value& v) {
  std::vector<double> out;
  for (const auto& x : v.as_array()) out.push_back(x.to_number<double>());
  return out;
}

class TextbookExample : public testing::TestWithParam<const char*> {};

TEST_P(TextbookExample, ReproducesTheGoldenTrajectoryWeightForWeight) {
  test::TempDir dir;
  const std::string name = GetParam();
  const auto r = run_plab({"run", kSource + "/experiments/textbook_traces/" + name + ".json",
                           "--out", (dir / "o").string(), "--threads", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(dir / "o" / "trajectory.jsonl"),
            read_file(kSource + "/tests/integration/golden/" + name + ".trajectory.jsonl"));
  for (const auto& rec : records(dir / "o" / "runs.jsonl"))
    EXPECT_EQ(rec.at("status"), "converged");
}

INSTANTIATE_TEST_SUITE_P(Configs, TextbookExample,
                         testing::Values("worked_example", "and_function", "no_bias_given_init",
                                         "batch_form"));

TEST(Learners, WorkedExampleRecordCarriesTheFinalWeightsAndCounts) {
  test::TempDir dir;
  ASSERT_EQ(run_plab({"run", kSource + "/experiments/textbook_traces/worked_example.json", "--out",
                      (dir / "o").string()})
                .exit_code,
            0);
  const auto rec = records(dir / "o" / "runs.jsonl").at(0);
  EXPECT_EQ(numbers(rec.at("w")), (std::vector<double>{-2, 2, 2}));
  EXPECT_EQ(rec.at("mistakes").to_number<int>(), 3);
  EXPECT_EQ(rec.at("epochs").to_number<int>(), 3);
  EXPECT_EQ(rec.at("train_error").to_number<double>(), 0.0);
}

TEST(Learners, BatchFormCountsMisclassifiedSamplesAndBatchUpdates) {
  test::TempDir dir;
  ASSERT_EQ(run_plab({"run", kSource + "/experiments/textbook_traces/batch_form.json", "--out",
                      (dir / "o").string()})
                .exit_code,
            0);
  const auto runs = records(dir / "o" / "runs.jsonl");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].at("mistakes").to_number<int>(), 5);  // 4 in epoch 1, 1 in epoch 2
  EXPECT_EQ(runs[0].at("updates").to_number<int>(), 2);
  EXPECT_EQ(numbers(runs[1].at("w")), (std::vector<double>{-1, 0.75, 0.75}));
}

TEST(Learners, PluginsListsAllEight) {
  const auto r = run_plab({"plugins"});
  ASSERT_EQ(r.exit_code, 0);
  for (const char* name :
       {"perceptron", "eta_perceptron", "batch_perceptron", "multiclass_perceptron",
        "linear_unit_sgd", "pocket_perceptron", "averaged_perceptron", "margin_perceptron"}) {
    EXPECT_NE(r.out.find(std::string(name) + " "), std::string::npos) << name;
  }
}

TEST(Learners, DescribeStatesTheMulticlassTieConvention) {
  const auto r = run_plab({"describe", "multiclass_perceptron"});
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("\"strict\" (default"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 R^2 / gamma^2"), std::string::npos) << r.out;
}

// Every shipped config stays runnable (repeats cut to keep the suite quick).
class ShippedConfig : public testing::TestWithParam<const char*> {};

TEST_P(ShippedConfig, RunsToCompletion) {
  test::TempDir dir;
  const auto r = run_plab({"run", kSource + "/" + GetParam(), "--set", "/repeats=2", "--out",
                           (dir / "o").string(), "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto manifest = boost::json::parse(read_file(dir / "o" / "manifest.json")).as_object();
  EXPECT_EQ(manifest.at("status"), "completed");
}

INSTANTIATE_TEST_SUITE_P(
    Configs, ShippedConfig,
    testing::Values("configs/quickstart.json", "configs/eta_perceptron_iris.json",
                    "configs/batch_perceptron_iris.json", "configs/multiclass_iris.json",
                    "configs/multiclass_digits.json",
                    "configs/linear_unit_versicolor_virginica.json",
                    "experiments/novikoff_on_real_data/orders_iris.json",
                    "experiments/pocket_vs_averaged/compare_pocket_averaged.json"));

TEST(Learners, MulticlassReachesZeroErrorsOnDigitsTrainingSet) {
  test::TempDir dir;
  const auto r = run_plab({"run", kSource + "/configs/multiclass_digits.json", "--set",
                           "/repeats=1", "--out", (dir / "o").string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rec = records(dir / "o" / "runs.jsonl").at(0);
  EXPECT_EQ(rec.at("status"), "converged");
  EXPECT_EQ(rec.at("train_error").to_number<double>(), 0.0);
  EXPECT_EQ(numbers(rec.at("epoch_mistakes")).back(), 0.0);
}

TEST(Learners, LinearUnitReportsLossAndDivergesCleanlyWithTooLargeEta) {
  test::TempDir dir;
  const auto r = run_plab({"run", kSource + "/configs/linear_unit_versicolor_virginica.json",
                           "--set", "/repeats=1", "--set", "/learners/2/params/eta=5", "--out",
                           (dir / "o").string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto runs = records(dir / "o" / "runs.jsonl");
  ASSERT_EQ(runs.size(), 4u);
  EXPECT_TRUE(runs[0].at("loss").is_null());  // the perceptron has no loss
  EXPECT_EQ(runs[1].at("status"), "converged");
  EXPECT_NEAR(runs[1].at("loss").to_number<double>(), 10.8055, 1e-4);
  EXPECT_EQ(runs[2].at("status"), "diverged");
  EXPECT_TRUE(runs[2].at("w_norm").is_null());
  EXPECT_TRUE(runs[2].at("loss").is_null());
  EXPECT_NE(std::string(runs[2].at("error").as_string()).find("non-finite"), std::string::npos);
  EXPECT_EQ(runs[0].at("status"), "not_converged");  // not separable
}

TEST(Learners, MistakeDrivenOrdersAreReproducibleFromTheSeed) {
  test::TempDir dir;
  std::vector<std::string> runs;
  for (const char* seed : {"8", "8", "9"}) {
    const auto out = dir / ("o" + std::to_string(runs.size()));
    const auto r = run_plab({"run", kSource + "/experiments/novikoff_on_real_data/orders_iris.json",
                             "--set", std::string("/seed=") + seed, "--set", "/repeats=20", "--out",
                             out.string(), "--threads", runs.empty() ? "1" : "2", "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    runs.push_back(read_file(out / "runs.jsonl"));
  }
  EXPECT_EQ(runs[0], runs[1]);
  EXPECT_NE(runs[0], runs[2]);
  // Worst-mistake from zero is deterministic: every repeat equal, whatever the seed.
  const auto recs = records(dir / "o2" / "runs.jsonl");
  for (const auto& rec : recs) {
    if (rec.at("point").to_number<int>() != 3) continue;
    EXPECT_EQ(rec.at("mistakes"), recs.back().at("mistakes"));
    EXPECT_FALSE(rec.at("steps").is_null());
  }
}

TEST(Learners, BinaryLearnerOnMulticlassDataIsRefusedWithTheFix) {
  test::TempDir dir;
  const auto config = dir.write("c.json", R"({"name": "m", "dataset": {"kind": "csv", "path": ")" +
                                              kIris + R"(", "label": "species"},
      "learners": [{"plugin": "perceptron"}]})");
  const auto r = run_plab({"run", config.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("binary tasks only"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("/dataset/positive"), std::string::npos) << r.err;
}

TEST(Learners, BatchLearnerSaysAnOrderDoesNotApply) {
  test::TempDir dir;
  const auto r =
      run_plab({"run", kSource + "/configs/batch_perceptron_iris.json", "--set",
                "/protocol/order=shuffle", "--set", "/repeats=1", "--out", (dir / "o").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("batch learner"), std::string::npos) << r.err;
}

TEST(Learners, GivenInitOfTheWrongLengthIsRefused) {
  test::TempDir dir;
  const auto r = run_plab({"run", kSource + "/experiments/textbook_traces/no_bias_given_init.json",
                           "--set", "/init/w=[1,2,3]", "--out", (dir / "o").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/init/w"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("has 3 values"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("2 weights"), std::string::npos) << r.err;
}

TEST(Learners, MistakeDrivenOrderOnABatchLearnerIsRefused) {
  test::TempDir dir;
  const auto r = run_plab({"run", kSource + "/configs/linear_unit_versicolor_virginica.json",
                           "--set", "/protocol/order=worst_mistake"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("linear_unit_sgd"), std::string::npos) << r.err;
}

TEST(Learners, PocketAndAveragedAreComparedOnTestErrorInTheReport) {
  test::TempDir dir;
  const auto r =
      run_plab({"run", kSource + "/experiments/pocket_vs_averaged/compare_pocket_averaged.json",
                "--out", (dir / "o").string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string md = read_file(dir / "o" / "report.md");
  EXPECT_NE(md.find("| 0 | perceptron | pocket | test error | 40 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| 0 | perceptron | averaged | test error | 40 |"), std::string::npos) << md;
  for (const auto& rec : records(dir / "o" / "runs.jsonl")) {
    EXPECT_FALSE(rec.at("test_error").is_null());
    if (rec.at("learner") != "perceptron") {
      EXPECT_TRUE(rec.contains("perceptron_train_error"));  // the last weights, beside the pocket
    }
  }
}

TEST(Learners, MarginPerceptronRecordsItsOwnBound) {
  test::TempDir dir;
  const auto r =
      run_plab({"run", kSource + "/configs/quickstart.json", "--set", "/repeats=3", "--set",
                "/learners/0={\"plugin\": \"margin_perceptron\", \"params\": {\"tau\": 2}}",
                "--out", (dir / "o").string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const auto& rec : records(dir / "o" / "runs.jsonl")) {
    EXPECT_TRUE(rec.at("bound_kind") == "margin_perceptron" ||
                rec.at("bound_kind") == "margin_perceptron_init");
    EXPECT_TRUE(rec.at("bound_holds").as_bool());
    EXPECT_EQ(rec.at("status"), "converged");
  }
}

}  // namespace
}  // namespace plab
