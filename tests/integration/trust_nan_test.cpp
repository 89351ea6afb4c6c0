// A dot product that overflows to NaN is a mistake, never a correct prediction (comparisons
// with NaN are false, so `y s <= 0` once let such scores pass as correct): through the real
// binary, no learner may end "converged" with weights that misclassify the training data.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <cmath>
#include <fstream>

#include "support/process.hpp"
#include "support/records.hpp"
#include "support/temp_dir.hpp"

namespace plab {
namespace {

namespace fs = std::filesystem;
using test::run_plab;

const char* const kLearners[] = {"perceptron",           "averaged_perceptron", "margin_perceptron",
                                 "eta_perceptron",       "batch_perceptron",    "pocket_perceptron",
                                 "multiclass_perceptron"};

// Runs one learner on `data` and returns its runs.jsonl record and the last recorded weights.
struct Outcome {
  int exit_code;
  boost::json::object run;
  boost::json::array w;
};
Outcome run_one(const fs::path& dir, const std::string& plugin, const std::string& dataset,
                const std::string& params) {
  const fs::path out = dir / plugin;
  std::ofstream(out.string() + ".json")
      << R"({"name": "nan", "seed": 1, "dataset": )" << dataset
      << R"(, "learners": [{"name": "e", "plugin": ")" << plugin << R"(", "params": )" << params
      << R"(}], "protocol": {"kind": "trajectory", "max_epochs": 100, "order": "cyclic",
             "record_weights": true}})";
  const auto r =
      run_plab({"run", out.string() + ".json", "--out", out.string(), "--no-report", "--quiet"});
  Outcome o{r.exit_code, test::records(out / "runs.jsonl").at(0), {}};
  const auto steps = test::records(out / "trajectory.jsonl");
  if (!steps.empty()) o.w = steps.back().at("w").as_array();
  return o;
}

// Exact sign of w · (1, 1e200, ±1e200) for the two-row data below, from the weights' values
// (w0 + w1 1e200 ± w2 1e200 has the sign of w1 ± w2 unless both vanish).
bool classifies_big_data(const boost::json::array& w) {
  if (w.size() != 3) return false;  // multiclass: checked by its own error count below
  const double w0 = w[0].to_number<double>(), w1 = w[1].to_number<double>(),
               w2 = w[2].to_number<double>();
  const auto sign = [&](double s2) { return (w1 + s2 * w2) != 0 ? w1 + s2 * w2 : w0; };
  return sign(1.0) > 0 && sign(-1.0) < 0;
}

TEST(TrustNan, OverflowingScoresOnHugeFeaturesAreNeverCountedCorrect) {
  test::TempDir dir;
  const fs::path data = dir.write("big.csv", "x1,x2,y\n1e200,1e200,a\n1e200,-1e200,b\n");
  const std::string dataset =
      R"({"kind": "csv", "path": ")" + data.string() + R"(", "label": "y", "positive": ["a"]})";
  for (const char* plugin : kLearners) {
    const auto o = run_one(dir.path(), plugin, dataset, "{}");
    const std::string status(o.run.at("status").as_string());
    // Before the fix every learner stopped after one update at w = (1, 1e200, 1e200), which
    // scores the negative row inf - inf = NaN, i.e. +1 on the true value: "converged", error 0.
    if (status == "converged" && std::string(plugin) != "multiclass_perceptron") {
      EXPECT_TRUE(classifies_big_data(o.w))
          << plugin << " converged on weights " << boost::json::serialize(o.w)
          << " that misclassify the data";
    }
    EXPECT_GE(o.run.at("mistakes").to_number<double>(), 2.0)
        << plugin << ": the NaN score of the second row was not counted as a mistake";
  }
}

TEST(TrustNan, AStepSizeThatOverflowsLaterFailsTheRunNamingIt) {
  test::TempDir dir;
  const std::string dataset = R"({"kind": "csv", "path": ")" + std::string(PLAB_SOURCE_DIR) +
                              R"(/data/iris.csv", "label": "species", "positive": ["setosa"]})";
  for (const char* plugin : {"eta_perceptron", "margin_perceptron", "batch_perceptron"}) {
    const auto o = run_one(dir.path(), plugin, dataset, R"({"eta": 2.2e307})");
    EXPECT_NE(o.exit_code, 0) << plugin;
    EXPECT_NE(std::string(o.run.at("status").as_string()), "converged") << plugin;
    ASSERT_TRUE(o.run.at("error").is_string()) << plugin;
    const std::string error(o.run.at("error").as_string());
    EXPECT_NE(error.find("overflow"), std::string::npos) << plugin << ": " << error;
    EXPECT_NE(error.find("eta"), std::string::npos) << plugin << ": " << error;
  }
}

}  // namespace
}  // namespace plab
