// The SDK without a cliff, through the real binary: the minimal learner of
// docs/writing-a-plugin.md (tests/plugins/fixtures/normalised_step.cpp, a step that depends
// on x) runs with every order and both dot products; a params check that throws is a
// plugin fault naming the plugin, not an internal error.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"
#include "support/troubleshooting.hpp"

namespace plab {
namespace {

using test::run_plab;

const char* const kOrders[] = {"cyclic", "shuffle", "random_mistake", "worst_mistake"};

std::string config(const std::string& dataset, const std::string& order) {
  return R"({"name": "sdk", "seed": 3, "repeats": 3, "dataset": )" + dataset + R"(,
    "learners": [{"name": "sequential", "plugin": "normalised_step"},
                 {"name": "blocked", "plugin": "normalised_step", "params": {"dot": "blocked"}}],
    "init": {"kind": "zero"},
    "protocol": {"kind": "convergence", "max_epochs": 1000, "order": ")" +
         order + R"("}})";
}

std::vector<boost::json::object> run(const std::string& dataset, const std::string& order) {
  test::TempDir dir;
  dir.write("c.json", config(dataset, order));
  const auto r = run_plab(
      {"run", "c.json", "--out", "out", "--no-report", "--plugin-dir", PLAB_TEST_PLUGIN_DIR},
      dir.path().string());
  EXPECT_EQ(r.exit_code, 0) << order << ": " << r.err;
  return test::records(dir / "out" / "runs.jsonl");
}

// One point x̃ = [1,3,4] (y = +1) scores 0 from zero: a mistake in every order, and the
// one normalised step gives w = x̃/|x̃|, of norm 1, which classifies it. The classic step
// would give |w| = |x̃| = √26: only a step that read x gives norm 1.
TEST(SdkLearner, StepThatReadsXRunsWithEveryOrderAndBothDots) {
  for (const char* order : kOrders) {
    const auto runs = run(R"({"kind": "inline", "x": [[3, 4]], "y": [1]})", order);
    ASSERT_EQ(runs.size(), 6u) << order;
    for (const auto& record : runs) {
      const std::string what = std::string(order) + " " + record.at("learner").as_string().c_str();
      EXPECT_EQ(record.at("status").as_string(), "converged") << what;
      EXPECT_EQ(record.at("mistakes").to_number<double>(), 1.0) << what;
      EXPECT_NEAR(record.at("w_norm").to_number<double>(), 1.0, 1e-15) << what;
      EXPECT_NEAR(record.at("R").to_number<double>(), std::sqrt(26.0), 1e-12) << what;
    }
  }
}

// Six separable points: every order and both dots converge to a separator.
TEST(SdkLearner, MinimalLearnerSeparatesWithEveryOrderAndBothDots) {
  for (const char* order : kOrders) {
    const auto runs = run(R"({"kind": "inline", "x": [[1, 1], [1, 2], [0, 0], [-1, 0], [2, 3],
                              [-1, -1]], "y": [1, 1, -1, -1, 1, -1]})",
                          order);
    ASSERT_EQ(runs.size(), 6u) << order;
    for (const auto& record : runs) {
      const std::string what = std::string(order) + " " + record.at("learner").as_string().c_str();
      EXPECT_EQ(record.at("status").as_string(), "converged") << what;
      EXPECT_EQ(record.at("train_error").to_number<double>(), 0.0) << what;
      EXPECT_GT(record.at("mistakes").to_number<double>(), 0.0) << what;
    }
  }
}

// The minimal learner is under 20 lines of code (comments and
// blank lines aside), and docs/writing-a-plugin.md shows it in full, as it is built.
TEST(SdkLearner, MinimalLearnerIsUnderTwentyLinesAndShownInFullInTheGuide) {
  const std::string source = test::read_file(std::filesystem::path(PLAB_SOURCE_DIR) / "tests" /
                                             "plugins" / "fixtures" / "normalised_step.cpp");
  std::istringstream lines(source);
  int code = 0;
  for (std::string line; std::getline(lines, line);) {
    const auto first = line.find_first_not_of(' ');
    if (first != std::string::npos && line.compare(first, 2, "//") != 0) ++code;
  }
  EXPECT_LT(code, 20);
  const std::string guide =
      test::read_file(std::filesystem::path(PLAB_SOURCE_DIR) / "docs" / "writing-a-plugin.md");
  EXPECT_NE(guide.find(source), std::string::npos)
      << "docs/writing-a-plugin.md does not show tests/plugins/fixtures/normalised_step.cpp";
}

TEST(SdkLearner, ParamsCheckThatThrowsIsAPluginFaultNamingThePlugin) {
  test::TempDir dir;
  dir.write("c.json", config(R"({"kind": "inline", "x": [[3, 4]], "y": [1]})", "cyclic"));
  const auto r =
      run_plab({"run", "c.json", "--out", "out", "--no-report", "--set",
                "/learners/0/plugin=throwing_check", "--plugin-dir", PLAB_TEST_PLUGIN_DIR},
               dir.path().string());
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("plugin 'throwing_check'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("its params check threw"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("fixture check fails on purpose"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  EXPECT_NE(test::troubleshooting_section().find("its params check threw"), std::string::npos);
}

}  // namespace
}  // namespace plab
