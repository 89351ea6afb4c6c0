// The theory engine end to end: certified fields in records, the textbook extremes,
// and `plab verify`, through the real plab binary.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <sstream>

#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

using test::read_file;
using test::run_plab;

// The theorem's experiments, one folder per claim (experiments/README.md).
const std::string kExperiments = std::string(PLAB_SOURCE_DIR) + "/experiments/";

using test::records;

double num(const boost::json::object& r, const char* key) { return r.at(key).to_number<double>(); }

std::filesystem::path run_config(const test::TempDir& dir, const std::string& config,
                                 std::vector<std::string> extra = {}) {
  const auto out = dir / ("o-" + std::filesystem::path(config).stem().string());
  std::vector<std::string> args = {"run", kExperiments + config, "--out", out.string(), "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto r = run_plab(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return out;
}

TEST(Theory, HadamardRowsMeetTheNovikoffBoundWithEquality) {
  test::TempDir dir;
  const auto runs = records(run_config(dir, "hadamard_tight/hadamard_tight.json") / "runs.jsonl");
  ASSERT_EQ(runs.size(), 80u);
  for (const auto& r : runs) {
    EXPECT_EQ(num(r, "mistakes"), 4);
    EXPECT_NEAR(num(r, "bound"), 4.0, 1e-12);
    EXPECT_GE(num(r, "bound"), 4.0);  // a certified bound never rounds below the truth
    EXPECT_NEAR(num(r, "ratio"), 1.0, 1e-12);
    EXPECT_TRUE(r.at("bound_holds").as_bool());
    EXPECT_EQ(r.at("bound_kind"), "novikoff");
  }
}

TEST(Theory, NonZeroStartExceedsThePlainBoundAndRespectsTheInitAwareOne) {
  test::TempDir dir;
  const auto r =
      records(run_config(dir, "init_counterexample/init_counterexample.json") / "runs.jsonl").at(0);
  EXPECT_EQ(num(r, "mistakes"), 11);
  EXPECT_NEAR(num(r, "plain_bound"), 1.0, 1e-12);
  EXPECT_FALSE(r.at("plain_bound_holds").as_bool());
  EXPECT_EQ(r.at("bound_kind"), "novikoff_init");
  EXPECT_NEAR(num(r, "bound"), 21.0, 1e-9);  // k₊ with a = 10, c = −10, R = ρ = 1
  EXPECT_NEAR(num(r, "bound_clean"), 21.0, 1e-9);
  EXPECT_TRUE(r.at("bound_holds").as_bool());
}

TEST(Theory, PlainSumBatchCounterexampleAndTheBoundsThatDoHold) {
  test::TempDir dir;
  const auto runs =
      records(run_config(dir, "batch_forms/batch_counterexample.json") / "runs.jsonl");
  ASSERT_EQ(runs.size(), 2u);
  const auto& sum = runs[0];
  const double plain = num(sum, "R") * num(sum, "R") / (num(sum, "rho") * num(sum, "rho"));
  EXPECT_NEAR(plain, 10.0, 1e-9);
  EXPECT_EQ(num(sum, "updates"), 20);  // T = n > (R/ρ)²
  EXPECT_GT(num(sum, "updates"), plain);
  EXPECT_EQ(sum.at("bound_on"), "mistakes");
  EXPECT_NEAR(num(sum, "bound"), 200.0, 1e-9);  // n (R/ρ)²
  EXPECT_TRUE(sum.at("bound_holds").as_bool());
  const auto& averaged = runs[1];
  EXPECT_EQ(averaged.at("bound_on"), "updates");
  EXPECT_LE(num(averaged, "updates"), plain);
  EXPECT_TRUE(averaged.at("bound_holds").as_bool());
}

TEST(Theory, NotSeparableDataHasNullMarginAndBoundAndALeastSquaresGap) {
  test::TempDir dir;
  const auto out = run_config(dir, "not_separable/not_separable.json", {"--set", "/repeats=1"});
  const auto runs = records(out / "runs.jsonl");
  for (const auto& r : runs) {
    EXPECT_FALSE(r.at("separable").as_bool());
    EXPECT_TRUE(r.at("rho").is_null());
    EXPECT_TRUE(r.at("bound").is_null());
    EXPECT_FALSE(r.at("bound_applies").as_bool());
  }
  EXPECT_LT(num(runs[1], "ls_gap"), 1e-8);  // batch gradient descent reaches ŵ
  EXPECT_LT(num(runs[1], "ls_distance"), 1e-4);
  EXPECT_TRUE(runs[0].at("ls_gap").is_null());  // the perceptron has none
  const auto manifest = boost::json::parse(read_file(out / "manifest.json")).as_object();
  const auto& theory = manifest.at("points").as_array()[0].as_object().at("theory").as_object();
  EXPECT_FALSE(theory.at("separable").as_bool());
  EXPECT_NE(std::string(theory.at("reason").as_string()).find("not linearly separable"),
            std::string::npos);
  EXPECT_TRUE(theory.contains("non_separability_certificate"));
  EXPECT_NEAR(theory.at("least_squares").as_object().at("loss").to_number<double>(), 10.8055, 1e-4);
}

TEST(Theory, ManifestRecordsTheOracleResultAndBracket) {
  test::TempDir dir;
  const auto out =
      run_config(dir, "random_start_counterexample/random_starts.json", {"--set", "/repeats=1"});
  const auto manifest = boost::json::parse(read_file(out / "manifest.json")).as_object();
  const auto& t = manifest.at("points").as_array()[0].as_object().at("theory").as_object();
  EXPECT_EQ(t.at("oracle"), "svm");
  EXPECT_TRUE(t.at("separable").as_bool());
  const double rho = t.at("rho").to_number<double>();
  const double upper = t.at("rho_upper").to_number<double>();
  EXPECT_LE(rho, upper);
  EXPECT_LT((upper - rho) / upper, 1e-6);
  EXPECT_NEAR(t.at("gamma").to_number<double>() / t.at("w_ref_norm").to_number<double>(), rho,
              1e-12);
  EXPECT_EQ(t.at("methods").as_array().size(), 3u);
}

TEST(Theory, RandomStartsBreakThePlainBoundButNeverTheInitAwareOne) {
  test::TempDir dir;
  const auto out =
      run_config(dir, "random_start_counterexample/random_starts.json", {"--set", "/repeats=50"});
  int plain_failures = 0;
  for (const auto& r : records(out / "runs.jsonl")) {
    EXPECT_TRUE(r.at("bound_holds").as_bool());
    if (!r.at("plain_bound_holds").as_bool()) ++plain_failures;
  }
  EXPECT_GT(plain_failures, 0);
}

TEST(Theory, MarginSweepReportsTheFittedSlopeWithItsInterval) {
  test::TempDir dir;
  const auto out = run_config(dir, "margin_sweep/margin_sweep.json", {"--set", "/repeats=10"});
  const auto summary = boost::json::parse(read_file(out / "summary.json")).as_object();
  const auto& fits = summary.at("slope_fits").as_array();
  ASSERT_EQ(fits.size(), 1u);
  const auto& fit = fits[0].as_object();
  const double slope = fit.at("slope").to_number<double>();
  const auto& ci = fit.at("slope_ci95").as_array();
  EXPECT_LT(ci[0].to_number<double>(), slope);
  EXPECT_GT(ci[1].to_number<double>(), slope);
  EXPECT_GT(slope, 0.2);                        // mistakes grow as the margin shrinks...
  EXPECT_LE(slope, 1.05);                       // ...but no faster than the worst case (R/ρ)²
  EXPECT_EQ(fit.at("rho").as_string(), "max");  // against the certified ρ*, not the teacher's
}

// The teacher's margin only bounds ρ* from below: a fit against it says so (the
// margin sweep's slope was 0.516 against the teacher's margin, 0.610 against ρ*).
TEST(Theory, ASlopeFitAgainstTheTeachersMarginSaysItIsALowerBound) {
  test::TempDir dir;
  const auto out = run_config(dir, "margin_sweep/margin_sweep.json",
                              {"--set", "/repeats=5", "--set", "/theory/margin=\"teacher\""});
  const auto summary = boost::json::parse(read_file(out / "summary.json")).as_object();
  const auto& fit = summary.at("slope_fits").as_array().at(0).as_object();
  EXPECT_EQ(fit.at("rho").as_string(), "lower bound");
  EXPECT_NE(read_file(out / "report.md").find("a certified lower bound on the best margin"),
            std::string::npos);
}

TEST(Theory, SyntheticDataIsTheSameForTheSameSeed) {
  test::TempDir dir;
  std::vector<std::string> runs;
  for (const char* seed : {"5", "5", "6"}) {
    const auto out = dir / ("s" + std::to_string(runs.size()));
    const auto r =
        run_plab({"run", kExperiments + "orders/orders.json", "--set", std::string("/seed=") + seed,
                  "--set", "/repeats=3", "--out", out.string(), "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    runs.push_back(read_file(out / "runs.jsonl"));
  }
  EXPECT_EQ(runs[0], runs[1]);
  EXPECT_NE(runs[0], runs[2]);
}

// Each experiment's run, `plab verify` and stated expectations: experiments_test.cpp.

TEST(Verify, ExitsOneNamingARecordThatExceedsItsBound) {
  test::TempDir dir;
  const auto out = run_config(dir, "hadamard_tight/hadamard_tight.json");
  // Write a violating record by hand: repeat 7 of point 2 now claims 5 mistakes (> 4).
  std::string text = read_file(out / "runs.jsonl");
  std::istringstream in(text);
  std::string line;
  std::string edited;
  while (std::getline(in, line)) {
    auto r = boost::json::parse(line).as_object();
    if (r.at("point").to_number<int>() == 2 && r.at("repeat").to_number<int>() == 7)
      r["mistakes"] = 5;
    edited += boost::json::serialize(r) + "\n";
  }
  std::ofstream(out / "runs.jsonl", std::ios::trunc) << edited;
  const auto v = run_plab({"verify", out.string()});
  EXPECT_EQ(v.exit_code, 1) << v.out;
  EXPECT_NE(v.out.find("point 2, learner classic, repeat 7"), std::string::npos) << v.out;
}

TEST(Verify, RefusesAFolderThatIsNotAResultsFolder) {
  test::TempDir dir;
  const auto v = run_plab({"verify", dir.path().string()});
  EXPECT_EQ(v.exit_code, 2);
  EXPECT_NE(v.err.find("not a results folder"), std::string::npos) << v.err;
}

}  // namespace
}  // namespace plab
